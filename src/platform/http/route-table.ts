// The server's route table as it is built: every route and method with its declared access and
// schema. The isolation matrix and the hostile-input tests enumerate it, so a route added later is
// covered by them without anyone listing it.

import type { FastifyInstance, FastifySchema } from 'fastify';
import type { RouteAccess } from './auth.ts';

export interface RouteEntry {
  method: string;
  /** Fastify's pattern, e.g. `/api/v1/aispm-models/tenants/:tenant_id/workspaces/:workspace_id/:id`. */
  url: string;
  /** Undefined only if a route slipped past the auth hook's check; the tests fail on it. */
  access: RouteAccess | undefined;
  schema: FastifySchema | undefined;
}

/** Records each route as it is added (HEAD routes Fastify derives from GET ones included). */
export function recordRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({
        method: String(method),
        url: route.url,
        access: (route.config as { access?: RouteAccess } | undefined)?.access,
        schema: route.schema,
      });
    }
  });
  return routes;
}
