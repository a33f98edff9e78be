// Compile-time check of src/form-request.d.ts (run by `npm run typecheck` here and by the repository's
// scripts/test/examples-types.test.ts): <form-request>'s props and events as Vue templates see them.
import type { GlobalComponents } from 'vue';

type Props = InstanceType<GlobalComponents['form-request']>['$props'];

export const typed: Props = {
  schema: { title: 'T', fields: [{ name: 'a', type: 'text', label: 'A' }] },
  locale: 'en',
  'draft-key': 'conv-1',
  onFormrequestSubmit: (event) => console.log(event.detail.values, event.detail.message),
  onFormrequestCancel: (event) => console.log(event.detail.message),
};
// @ts-expect-error: locale is 'ja' or 'en'
export const wrongLocale: Props = { locale: 'fr' };
export const wrongType: Props = {
  // @ts-expect-error: 'colour' is not one of the 18 field types
  schema: { title: 'T', fields: [{ name: 'a', type: 'colour', label: 'A' }] },
};
