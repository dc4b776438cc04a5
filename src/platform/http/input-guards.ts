// Checks every route's input gets, whatever the route: no NUL character in a path or query
// parameter (PostgreSQL text cannot hold U+0000, so a query carrying one would fail inside the
// driver; it is refused on both engines alike), and no infinite number in the query (the schema
// validator turns "1e309" into Infinity and lets it through `maximum`).

import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

function refuseNul(where: 'path' | 'query', values: unknown): void {
  if (!values || typeof values !== 'object') return;
  for (const [name, value] of Object.entries(values)) {
    const list = Array.isArray(value) ? value : [value];
    for (const v of list) {
      if (typeof v === 'string' && v.includes('\0')) {
        throw badRequest(
          `${where === 'path' ? '' : 'query parameter '}${name.replace(/\0/g, '%00').slice(0, 64)} must not contain the NUL character (%00)`,
        );
      }
    }
    if (where === 'query' && name.includes('\0')) throw badRequest('a query parameter name contains the NUL character (%00)');
  }
}

function refuseInfinite(query: unknown): void {
  if (!query || typeof query !== 'object') return;
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === 'number' && !Number.isFinite(v)) throw badRequest(`${name.slice(0, 64)} must be a finite number`);
    }
  }
}

/** Registered after authentication: an unauthenticated caller learns nothing about its parameters. */
export function registerInputGuards(app: FastifyInstance): void {
  // Callback-style hooks throughout the per-request path: Fastify runs them without a promise each.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      refuseNul('path', request.params);
      refuseNul('query', request.query);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
  // After validation, which is where query strings become numbers.
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      refuseInfinite(request.query);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}
