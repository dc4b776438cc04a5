// The OpenAPI 3.0.3 document generated from the route schemas, served as JSON.

import type { FastifyInstance } from 'fastify';

export function registerOpenApi(app: FastifyInstance): void {
  let document: string | undefined;
  app.get('/api/v1/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(document);
  });
}
