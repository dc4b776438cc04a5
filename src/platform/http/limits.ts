// Limits that protect the service from its clients: how long a request and a connection may take,
// how large headers may be, and how many requests one token may make per window. Body sizes are
// set where each body is read (Fastify's bodyLimit for JSON, the ingest stream's byte counter,
// client storage's own limit); docs/SECURITY.md lists them all with their defaults.

import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import { ApiError } from '../errors.ts';
import { nodeHttp } from './node-http.ts';
import { newRequestId } from './request-id.ts';

/**
 * Options for Fastify's HTTP server. Node checks its header and request deadlines on a timer
 * (every 30 s by default); the timer runs often enough here that a deadline holds within a
 * quarter of itself.
 */
export function serverLimits(config: Config) {
  const shortest = Math.min(config.headersTimeoutMs, config.requestTimeoutMs);
  return {
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: {
      maxHeaderSize: config.maxHeaderBytes,
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(shortest / 4))),
    },
  };
}

/** What Node's parser reports before any route runs, as the status and message clients get. */
function clientErrorStatus(err: NodeJS.ErrnoException): [number, string] {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'the request was not received in time'];
  if (err.code === 'HPE_HEADER_OVERFLOW') return [431, 'request headers are larger than the limit'];
  if (err.code === 'HPE_URI_TOO_LONG') return [414, 'the request URL is too long'];
  return [400, 'the request is not valid HTTP'];
}

/**
 * Errors Node's HTTP parser raises (headers too large, a request that did not arrive in time,
 * malformed HTTP) are answered on the raw socket, outside Fastify; they still get the
 * {code, message} body and the headers every response carries.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection, or one whose response has already started: nothing can be written.
  const started = (socket as unknown as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable || started) {
    socket.destroy();
    return;
  }
  const [status, message] = clientErrorStatus(err);
  const id = newRequestId();
  this.log.info({ reqId: id, status, code: err.code }, 'client error');
  const body = JSON.stringify({ code: status, message });
  socket.end(
    [
      `HTTP/1.1 ${status} ${nodeHttp.STATUS_CODES[status]}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'cache-control: no-store',
      'x-content-type-options: nosniff',
      `x-request-id: ${id}`,
      'connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

/**
 * While the service shuts down, requests that still arrive (on keep-alive connections, or pipelined
 * behind one in flight) are answered 503 with the error contract and `Connection: close`, before any
 * work, so a load balancer retries them elsewhere. (Fastify's own answer to these has another shape;
 * it is turned off with `return503OnClosing: false`.) Registered before authentication.
 */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    if (draining)
      return done(
        new ApiError(503, 'the service is shutting down; retry the request', { headers: { 'retry-after': '1', connection: 'close' } }),
      );
    done();
  });
}

function windowWords(ms: number): string {
  if (ms % 3_600_000 === 0) return ms === 3_600_000 ? 'hour' : `${ms / 3_600_000} hours`;
  if (ms % 60_000 === 0) return ms === 60_000 ? 'minute' : `${ms / 60_000} minutes`;
  if (ms % 1000 === 0) return ms === 1000 ? 'second' : `${ms / 1000} seconds`;
  return `${ms} ms`;
}

/**
 * A rate limit per token: AISPM_RATE_LIMIT_MAX requests per AISPM_RATE_LIMIT_WINDOW_MS, counted
 * in memory, or in Redis when AISPM_REDIS_URL is set so that replicas share the counters. It runs
 * after authentication (route-level hooks follow the app's), so the key is the token's id, never
 * its secret, and public routes (health, the API document) are not limited. Must be registered
 * before the routes: it attaches itself to each route as the route is added.
 *
 * When Redis cannot be reached, requests are let through (and logged) rather than refused: the
 * limit protects the service, an outage of the limiter should not become an outage of the API.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  if (config.rateLimitMax <= 0) return;
  let redis: Redis | undefined;
  if (config.redisUrl) {
    // Loaded only when configured: ioredis is about 30 ms of every start (BENCHMARKS.md, start to /readyz).
    const { Redis } = await import('ioredis');
    redis = new Redis(config.redisUrl, {
      // Commands fail at once while disconnected (and the request goes through) instead of queueing.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      lazyConnect: true,
      retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
    });
    let lastLog = 0;
    redis.on('error', (err: Error) => {
      // At most one line per 10 s while Redis is away; the URL (which may hold a password) is never logged.
      if (Date.now() - lastLog > 10_000) {
        lastLog = Date.now();
        app.log.warn({ err: { message: err.message } }, 'rate-limit Redis unavailable; requests are not limited meanwhile');
      }
    });
    await redis.connect().catch(() => {
      /* logged by the error listener; retried in the background */
    });
    const r = redis;
    app.addHook('onClose', async () => {
      r.disconnect();
    });
  }
  const window = windowWords(config.rateLimitWindowMs);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: config.rateLimitWindowMs,
    hook: 'onRequest',
    // The key is asked for before the allow list: public routes get an empty one, never counted.
    keyGenerator: (request: FastifyRequest) => request.principal?.key.id ?? '',
    allowList: (request: FastifyRequest) => request.principal === undefined,
    ...(redis ? { redis, nameSpace: 'aispm:ratelimit:' } : { cache: 10_000 }),
    skipOnError: true,
    // X-RateLimit-* go with the 429 (and Retry-After) only. On every answer they would cost about 4 µs
    // a request (measured in-process on the ~60 µs client-storage GET: 6%), more than the counting itself
    // (0–3 µs); see docs/SECURITY.md.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiError(
        429,
        `rate limit exceeded: this token may make ${context.max} requests per ${window}; retry in ${seconds} second${seconds === 1 ? '' : 's'}`,
      );
    },
  });
}
