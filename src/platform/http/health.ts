// Liveness and readiness, for load balancers and orchestrators: no token needed, nothing revealed.

import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { ApiError } from '../errors.ts';

export function registerHealth(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { access: 'public' }, schema: { hide: true } }, async () => {
    try {
      await ctx.db.ping();
    } catch {
      throw new ApiError(503, 'the database is not reachable', { headers: { 'retry-after': '5' } });
    }
    return { status: 'ready' };
  });
}
