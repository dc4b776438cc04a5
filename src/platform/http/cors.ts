// Cross-origin requests from browsers: off unless AISPM_CORS_ORIGINS names the origins allowed
// (or `*`). Kept to a hook of our own rather than a plugin route so that it answers preflights
// for every path without adding an unauthenticated OPTIONS route, and so that its headers are on
// every answer to an allowed origin, errors included (it runs before authentication).

import type { FastifyInstance } from 'fastify';

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, DELETE';
const ALLOWED_HEADERS = 'authorization, accept, content-type, content-encoding, if-match, if-none-match, x-request-id';
const EXPOSED_HEADERS = 'etag, retry-after, www-authenticate, x-request-id, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset';

/** Must be called before the authentication hook is added, so it runs first. */
export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const any = origins.includes('*');
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    // The answer depends on the Origin header: caches must key on it.
    reply.header('vary', 'Origin');
    if (!any && !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', any ? '*' : origin);
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    // A preflight is answered here, before authentication: browsers send it without credentials.
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}
