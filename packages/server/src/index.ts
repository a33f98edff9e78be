export {
  ELICITATION_POLICIES,
  type ElicitationPolicy,
  loadServerConfig,
  parseServerConfig,
  type SearchEndpoint,
  type ServerConfig,
} from './config.js';
export {
  answerShapeText,
  EXAMPLE_FORM,
  endpointsTableMarkdown,
  GUIDELINES,
  requestFormToolDescription,
} from './description.js';
export { type ElicitationMapping, type ElicitationSchema, toElicitation } from './elicitation-schema.js';
export { FORM_META_KEY } from './form-meta.js';
export {
  DEFAULT_HTTP_PORT,
  DEFAULT_MAX_BODY_BYTES,
  type HttpServerOptions,
  MCP_PATH,
  type RunningHttpServer,
  startHttpServer,
} from './http.js';
export { QUESTION_OUTPUT_JSON_SCHEMA, REQUEST_FORM_OUTPUT_JSON_SCHEMA } from './output-schemas.js';
export { answersFromValues, questionAnswerText, questionsToForm } from './question-form.js';
export { QUESTION_TOOL } from './question-tool.js';
export { REQUEST_FORM_TOOL, requestFormInputJsonSchema } from './request-form-tool.js';
export { createFormServer } from './server.js';
export { type ServeStdioOptions, serveStdio } from './stdio.js';
export { SERVER_NAME, SERVER_VERSION } from './version.js';
