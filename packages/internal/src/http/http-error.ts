// Errors the HTTP layer turns into JSON responses: `{error, code, ...details}` with a 4xx or 5xx status
// (each app's error handler may word them in its own shape: the MCP endpoint as JSON-RPC errors).
export class HttpError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 405 | 408 | 409 | 413 | 415 | 422 | 429 | 500 | 503;
  readonly code: string;
  readonly details: Record<string, unknown>;
  constructor(
    status: 400 | 401 | 403 | 404 | 405 | 408 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    code: string,
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }

  toJSON(): Record<string, unknown> {
    return { error: this.message, code: this.code, ...this.details };
  }
}
