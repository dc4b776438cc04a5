// The error every layer raises for a request it cannot answer: an HTTP status and a message that
// names what was wrong. The HTTP layer (http/errors.ts) turns it into the `{code, message}` body;
// it lives here so the database layer's cursors and pagers can raise it without knowing HTTP.

export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Extra members of the error body beyond code and message (e.g. ingest line errors). */
  readonly details: Record<string, unknown>;
  constructor(status: number, message: string, options: { headers?: Record<string, string>; details?: Record<string, unknown> } = {}) {
    super(message);
    this.status = status;
    this.headers = options.headers ?? {};
    this.details = options.details ?? {};
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (message: string) => new ApiError(404, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const unauthorized = (message: string) => new ApiError(401, message, { headers: { 'www-authenticate': 'Bearer realm="aispm"' } });
