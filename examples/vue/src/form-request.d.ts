// <form-request> in Vue templates, typed (Volar / vue-tsc read GlobalComponents): `schema` is bound as a
// DOM property (`:schema.prop`, an object, not an attribute), the events are CustomEvents with the
// renderer's details.
import type {
  FormRequestAttributes,
  FormRequestCancelDetail,
  FormRequestSubmitDetail,
  FormSchema,
} from '@formrequest/web';
import type { DefineComponent } from 'vue';

declare module 'vue' {
  interface GlobalComponents {
    'form-request': DefineComponent<
      Pick<FormRequestAttributes, 'locale' | 'theme' | 'nonce' | 'draft-key'> & {
        schema?: FormSchema;
        onFormrequestSubmit?: (event: CustomEvent<FormRequestSubmitDetail>) => void;
        onFormrequestCancel?: (event: CustomEvent<FormRequestCancelDetail>) => void;
      }
    >;
  }
}
