// `import '@formrequest/web/element'`: defines <form-request> in a browser (nothing in Node).
import { defineFormRequest } from './element.js';

export type {
  FormRequestCancelDetail,
  FormRequestElement,
  FormRequestEventMap,
  FormRequestSubmitDetail,
} from './element.js';

if (typeof customElements !== 'undefined') defineFormRequest();
