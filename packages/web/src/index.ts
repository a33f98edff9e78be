// @formrequest/web: renderForm() and the <form-request> custom element (defined on import in a browser).
import { defineFormRequest } from './element.js';

export { defineFormRequest } from './element.js';
export { renderForm } from './form.js';
export type { FormController, RenderOptions } from './types.js';

if (typeof customElements !== 'undefined') defineFormRequest();
