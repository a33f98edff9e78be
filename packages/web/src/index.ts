// @formrequest/web: renderForm() and the <form-request> element, as a library. Importing this entry
// defines nothing: `import '@formrequest/web/element'` (or the bundle, formrequest.js) defines the
// element, and a bundler keeps only what you import from here.
export type { FormField, FormSchema, Locale } from '@formrequest/schema/core';
export {
  defineFormRequest,
  type FormRequestAttributes,
  type FormRequestCancelDetail,
  type FormRequestElement,
  type FormRequestEventMap,
  type FormRequestSubmitDetail,
} from './element.js';
export { renderForm } from './form.js';
export type { FormController, RenderOptions, SubmitContext } from './types.js';
