// @formrequest/react: <FormRequest> (the web renderer in a React tree, React 18 and 19) and what a chat
// UI needs to show request_form calls from its messages. The AI SDK tool definition is `./ai`.
export type { FormController, FormField, FormSchema, Locale, SubmitContext } from '@formrequest/web';
export { FormRequest, type FormRequestProps } from './form-request.js';
export type { FormRequestToolInput, FormRequestToolOutput } from './output.js';
export {
  type FoundFormRequest,
  findFormRequest,
  formOfResult,
  isToolAnswer,
  REQUEST_FORM_NAMES,
} from './tool-part.js';
export {
  type FormRequestToolOptions,
  type FormRequestToolView,
  useFormRequestTool,
} from './use-form-request-tool.js';
