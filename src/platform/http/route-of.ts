// The matched route's options, read once per request. Fastify's `request.routeOptions` is a getter
// that builds a new object on every read, and the hooks every request passes through (access,
// input guards, workspace guard, response cache, metrics, the request log line) read it about ten
// times between them: the first read is kept on the request.

import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    routeOnce?: FastifyRequest['routeOptions'];
  }
}

export function routeOf(request: FastifyRequest): FastifyRequest['routeOptions'] {
  if (request.routeOnce === undefined) request.routeOnce = request.routeOptions;
  return request.routeOnce;
}

/** Every request gets the slot at creation, so setting it does not change the object's shape. */
export function registerRouteOf(app: FastifyInstance): void {
  app.decorateRequest('routeOnce', undefined);
}
