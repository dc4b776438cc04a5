// The error contract: every non-2xx answer is `{"code": <status>, "message": "…"}` with that
// status, whatever raised it (our code, Fastify, a content parser, the database). A 5xx hides its
// cause from the client and logs it with the request id.

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { ApiError } from '../errors.ts';
import { type SchemaError, validationMessage } from './validation-message.ts';

/** Errors that mean the database cannot be reached or is shutting down: 503, and retry later. */
export function isUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  if (!e) return false;
  const code = String(e.code ?? '');
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'SQLITE_BUSY', 'SQLITE_LOCKED'].includes(code)) return true;
  // PostgreSQL SQLSTATE classes 08 (connection) and 57P (operator intervention: shutdown).
  if (/^08/.test(code) || /^57P0/.test(code) || code === '53300') return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|database system is (starting up|shutting down)|Query read timeout/i.test(
    e.message ?? '',
  );
}

export function errorBody(status: number, message: string): { code: number; message: string } {
  return { code: status, message };
}

function send(reply: FastifyReply, status: number, message: string, extra: Record<string, unknown> = {}) {
  if (reply.sent) return;
  // A CSV request that fails still gets its error as JSON; and the body is serialised as is, not
  // through the route's response schema, so an error can never fail serialisation into a 500.
  reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ ...extra, code: status, message });
}

const statusMessages: Record<number, string> = {
  413: 'request body is too large',
  415: 'unsupported media type',
};

/** What an error answers with: its status, its message and (an ApiError's) extra members. */
export interface ErrorAnswer {
  status: number;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * The answer to an error, whatever raised it: sets the headers it carries and logs a 5xx with its
 * cause. Routes whose errors have another shape (OTLP protobuf: a google.rpc.Status) write this.
 */
export function errorAnswer(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply): ErrorAnswer {
  if (error instanceof ApiError) {
    for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
    if (error.status >= 500) request.log.error({ err: error }, 'request failed');
    return { status: error.status, message: error.message, details: error.details };
  }
  const fe = error as FastifyError;
  if (fe.validation) {
    // In the service's own words (validation-message.ts), not the validator's.
    let message = fe.message;
    try {
      message = validationMessage(request, fe.validationContext ?? 'request', fe.validation as SchemaError[]);
    } catch {
      // Ajv's own words then: a 400 that reads less well beats a 500.
    }
    return { status: 400, message };
  }
  if (isUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    reply.header('retry-after', '5');
    return { status: 503, message: 'the database is unavailable; retry later' };
  }
  const status = typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
  if (status === 500) {
    request.log.error({ err: error }, 'internal error');
    return { status: 500, message: `internal error (request id ${request.id})` };
  }
  // Fastify's own 4xx (bad JSON, body too large, media type, …): keep its message, which names
  // the problem and carries no internals.
  let message = fe.message || statusMessages[status] || 'bad request';
  if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    // Name what the operation does take: its documented media types, else JSON (every other body).
    const takes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes ?? ['application/json'];
    message = `unsupported media type: ${String(request.headers['content-type'] ?? 'none').slice(0, 64)}; this operation takes ${takes.join(' or ')}`;
  }
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = 'request body is too large';
  if (status === 429 && fe.message) message = fe.message;
  return { status, message };
}

/** The error contract's answer: `{code, message}` (and an ApiError's extra members) with the status. */
export function sendError(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  const a = errorAnswer(error, request, reply);
  return send(reply, a.status, a.message, a.details);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}
