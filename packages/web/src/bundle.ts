// The entry of dist/formrequest.js, the one-file browser module: the library, and <form-request>
// defined on import (as @formrequest/web/element does; written here because an entry point is the one
// module a bundler never drops). Its types (dist/bundle.d.ts) are the `./formrequest.js` entry's.
import { defineFormRequest } from './element.js';

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

if (typeof customElements !== 'undefined') defineFormRequest();
