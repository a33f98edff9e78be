export {
  DEFAULT_PROGRESS_INTERVAL_MS,
  ELICITATION_POLICIES,
  type ElicitationPolicy,
  loadServerConfig,
  parseServerConfig,
  type SearchEndpoint,
  type ServerConfig,
} from '@formrequest/internal/config';
export { type ClientSurfaces, clientSurfaces } from './client-capabilities.js';
export { answerShapeText, requestFormToolDescription } from './description.js';
export {
  type ElicitationForm,
  elicitationContent,
  formFromElicitation,
  type PropertyKind,
} from './elicitation-form.js';
export { type ElicitationMapping, type ElicitationSchema, toElicitation } from './elicitation-schema.js';
export { FORM_META_KEY, ISSUED_AT_META_KEY, PARTS_META_KEY } from './form-meta.js';
export { DEFAULT_MAX_FILE_BYTES } from './form-page-routes.js';
export { type FormPageHost, fixedPageHost, loopbackPageHost } from './form-page-server.js';
export {
  DEFAULT_HTTP_PORT,
  DEFAULT_MAX_BODY_BYTES,
  type HttpServerOptions,
  MCP_PATH,
  parsePageOrigin,
  type RunningHttpServer,
  startHttpServer,
} from './http.js';
export {
  DEFAULT_FORM_TTL_MS,
  DEFAULT_MAX_FORM_BYTES,
  DEFAULT_MAX_TOTAL_BYTES,
  MemoryPendingForms,
  type MemoryPendingFormsOptions,
} from './memory-pending-forms.js';
export { QUESTION_OUTPUT_JSON_SCHEMA, REQUEST_FORM_OUTPUT_JSON_SCHEMA } from './output-schemas.js';
export {
  type FormOutcome,
  type NewPendingForm,
  type NewStoredFile,
  type PendingForm,
  type PendingForms,
  type StoredFile,
  UploadRefused,
} from './pending-forms.js';
export {
  answersFromValues,
  questionAnswerProblems,
  questionAnswerText,
  questionsToForm,
} from './question-form.js';
export { QUESTION_TOOL } from './question-tool.js';
export { REQUEST_FORM_TOOL, requestFormInputJsonSchema } from './request-form-tool.js';
export { decideRoute, type Route, type RouteInput, type RouteReason, type Surface } from './routing.js';
export { createFormRuntime, type FormRuntime, type FormRuntimeOptions } from './runtime.js';
export { createFormServer } from './server.js';
export { type ServeStdioOptions, type StdioHandle, serveStdio } from './stdio.js';
export { SERVER_NAME, SERVER_VERSION } from './version.js';
