// Errors the HTTP layer turns into JSON responses: `{error, code, ...details}` with a 4xx status.
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 422 | 429 | 503,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toJSON(): Record<string, unknown> {
    return { error: this.message, code: this.code, ...this.details };
  }
}
