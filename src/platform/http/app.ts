// The Fastify application: error contract, request ids and response headers, authentication,
// OpenAPI generation, conditional GET; the areas' routes are given (src/compose.ts wires them).

import { hash } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import swagger from '@fastify/swagger';
import FindMyWay from 'find-my-way';
import { corsOriginList, type Config } from '../../config.ts';
import { Cursors } from '../db/paging/cursor.ts';
import type { Db } from '../db/database.ts';
import { registerAuth } from './auth.ts';
import { lazySerializerBuilder, lazyValidatorBuilder } from './lazy-compilers.ts';
import { registerResponseCache } from './response-cache.ts';
import type { AppContext } from './context.ts';
import { registerCors } from './cors.ts';
import { registerUnreadBodyClose } from './unread-body.ts';
import { registerErrorHandling } from './errors.ts';
import { ApiError } from '../errors.ts';
import { type IngestCountsSource, type OtlpCountsSource, registerMetrics } from './metrics.ts';
import { clientErrorHandler, registerDrain, registerRateLimit, serverLimits } from './limits.ts';
import { registerInputGuards } from './input-guards.ts';
import { registerWorkspaceGuard, type WorkspaceLookups } from './workspace-guard.ts';
import { recordRoutes } from './route-table.ts';
import { registerHealth } from './health.ts';
import { registerOpenApi } from './openapi-route.ts';
import { registerReference } from './reference-page.ts';
import { registerTokenInfo } from './token-info.ts';
import { sharedSchemas } from './schemas.ts';
import { registerRouteOf, routeOf } from './route-of.ts';
import { readServiceSetting } from '../db/service-settings.ts';
import { lazyRequestLoggers } from './request-logger.ts';
import { newRequestId } from './request-id.ts';

export interface AppOptions {
  db: Db;
  config: Config;
  /** A pino logger, or false for none (tests). */
  logger?: FastifyBaseLogger | false;
  now?: () => number;
  /** Registers the areas' routes (src/compose.ts). */
  routes: (app: FastifyInstance, ctx: AppContext) => void;
  /** Where /metrics hears of ingested records. */
  ingestCounts?: IngestCountsSource;
  /** Where /metrics hears what each OTLP export brought. */
  otlpCounts?: OtlpCountsSource;
  /** The OpenAPI document's tags: one per area, in the order the document lists them. */
  tags?: Array<{ name: string; description: string }>;
  /** Which workspaces hold data: reads naming another answer 404. */
  workspaces?: WorkspaceLookups;
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

async function cursorSecret(db: Db, config: Config): Promise<string> {
  if (config.cursorSecret) return config.cursorSecret;
  const secret = await readServiceSetting(db, db, 'cursor_secret');
  if (secret === undefined) throw new Error('the database has no cursor secret: run `aispm migrate` first');
  return secret;
}

/** Every response: its request id, no caching of tenant data by intermediaries, no sniffing. */
function standardHeaders(reply: FastifyReply, requestId: string): void {
  reply.header('x-request-id', requestId);
  reply.header('cache-control', 'no-store');
  reply.header('x-content-type-options', 'nosniff');
}

export async function createApp(options: AppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { db, config } = options;
  const app = Fastify({
    loggerInstance: options.logger || undefined,
    logger: options.logger ? undefined : false,
    // One line per request comes from our onResponse hook instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : newRequestId();
    },
    routerOptions: { maxParamLength: 16_384, ignoreTrailingSlash: true },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    // Requests arriving during shutdown get a 503 with the error contract (registerDrain) instead.
    return503OnClosing: false,
    // Timeouts and the header size limit (src/platform/http/limits.ts); parser errors keep the error contract.
    ...serverLimits(config),
    clientErrorHandler,
    schemaController: {
      compilersFactory: { buildValidator: lazyValidatorBuilder() as never, buildSerializer: lazySerializerBuilder() as never },
    },
    // Errors the router raises before any route runs (a percent-encoding that is not UTF-8, an
    // over-long path segment) skip the error handler: give them the {code, message} body too.
    frameworkErrors: (error, request, reply) => {
      const [status, message] =
        error.code === 'FST_ERR_BAD_URL'
          ? [400, 'the URL path is not valid: a percent-encoded sequence is malformed or not UTF-8']
          : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? [414, 'a path segment is longer than 16384 characters']
            : [500, 'internal error'];
      // These answers skip the onSend hooks: they get the headers every response carries here.
      standardHeaders(reply as unknown as FastifyReply, request.id);
      (reply as unknown as FastifyReply).code(status).type('application/json; charset=utf-8').send({ code: status, message });
    },
  }) as unknown as FastifyInstance;

  registerErrorHandling(app);
  registerRouteOf(app);
  const routes = recordRoutes(app);
  // Before authentication, so that preflights are answered and errors carry the CORS headers.
  registerCors(app, corsOriginList(config));
  registerDrain(app);
  const tokens = registerAuth(app, db, config.authCacheMs, config.sessionIdleSeconds * 1000);
  registerInputGuards(app);
  if (options.workspaces) registerWorkspaceGuard(app, options.workspaces);
  const ctx: AppContext = {
    db,
    config,
    tokens,
    cursors: new Cursors(await cursorSecret(db, config)),
    now: options.now ?? Date.now,
    routes,
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    standardHeaders(reply, request.id);
    // A route that versions its resource (client storage) sets its own ETag: leave it alone.
    if (
      request.method === 'GET' &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      payload.length > 0 &&
      !reply.hasHeader('etag')
    ) {
      const etag = `W/"${hash('sha1', payload, 'base64url')}"`;
      reply.header('etag', etag);
      const match = request.headers['if-none-match'];
      if (match?.split(',').some((m) => m.trim() === etag || m.trim() === '*')) {
        reply.code(304);
        return done(null, '');
      }
    }
    done(null, payload);
  });
  registerUnreadBodyClose(app);
  // After the ETag hook, so cached answers keep their ETag.
  registerResponseCache(app, db, config.responseCacheMb * 1024 * 1024, ctx.now);
  registerMetrics(app, ctx, options.ingestCounts, options.otlpCounts);
  // From the root logger with the request id as a field: the bytes the request's child logger
  // would write, without making that child (request-logger.ts).
  const log = app.log;
  // request.log made only when something logs through it.
  if (options.logger) lazyRequestLoggers(log);
  app.addHook('onResponse', (request, reply, done) => {
    log.info(
      {
        reqId: request.id,
        method: request.method,
        route: routeOf(request).url ?? null,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });

  // A path that exists under another method answers 405 with Allow, not 404.
  const methods = FindMyWay();
  app.addHook('onRoute', (route) => {
    for (const m of [route.method].flat()) if (m !== 'HEAD') methods.on(m as 'GET', route.url, () => {});
  });
  app.setNotFoundHandler((request) => {
    const path = request.url.split('?')[0]!;
    // Looked up as the app's router reads the path (a trailing slash ignored), and a match counts
    // only with every path parameter present: this router alone would take `…/workspaces/` for
    // `…/workspaces/:workspace_id` with an empty id, and answer a missing segment with a 405
    // "method GET is not allowed here; allowed: GET" instead of a 404.
    const routed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const matches = (m: string) => {
      const found = methods.find(m as 'GET', routed);
      return !!found && Object.values(found.params).every((v) => v !== undefined && v !== '');
    };
    const allowed = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].filter(matches);
    // The method asked among those allowed would contradict itself: then nothing here answers it.
    if (allowed.length && !allowed.includes(request.method))
      throw new ApiError(405, `method ${request.method} is not allowed here; allowed: ${allowed.join(', ')}`, {
        headers: { allow: allowed.join(', ') },
      });
    throw new ApiError(404, `no route for ${request.method} ${path.slice(0, 200)}`);
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'aispm-query',
        version: '1.0.0',
        description:
          "What the security platform knows about an organisation's AI estate: the inventory graph, findings and " +
          'rules, LLM interactions and sessions, and per-user client storage. Every operation needs ' +
          '`Authorization: Bearer <token>`; every error is `{"code", "message"}`.',
        license: { name: 'Proprietary', url: 'https://example.invalid/license' },
      },
      servers: [{ url: '/', description: 'This service' }],
      components: {
        securitySchemes: {
          ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The word Bearer, a space, then the API token.' },
        },
      },
      security: [{ ApiKeyAuth: [] }],
      tags: options.tags ?? [],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String((json as { $id?: string }).$id ?? `def-${i}`) },
  });
  for (const s of sharedSchemas) app.addSchema(s);
  // Before the routes: the rate limit attaches itself to each route as it is added.
  await registerRateLimit(app, config);

  registerHealth(app, ctx);
  registerOpenApi(app);
  registerReference(app);
  registerTokenInfo(app);
  options.routes(app, ctx);
  await app.ready();
  return { app, ctx };
}
