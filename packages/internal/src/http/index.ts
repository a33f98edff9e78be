// @formrequest/internal/http: what every HTTP surface of formrequest (the host, the MCP server and its
// form page) shares: the access middleware (Host, Origin, page token, --auth), body limits and the
// JSON reader, the error every route throws, and the one module that makes a Node server for an app.
export {
  Access,
  type AccessOptions,
  type AccessRules,
  AUTH_COOKIE,
  type AuthMode,
  isLoopbackHost,
  isWildcardAddress,
  parseAuth,
  parseOrigins,
  TOKEN_HEADER,
} from './access.js';
export { bodyLimit, isJsonType, readBytes, readJson, type TooLarge } from './body.js';
export { HttpError } from './http-error.js';
export { browsableHost, type Listening, type ListenOptions, listen } from './listen.js';
export { allowedMethods, allowHeader } from './methods.js';
