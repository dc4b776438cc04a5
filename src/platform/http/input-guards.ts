// Checks every route's input gets, whatever the route: no NUL character in a path or query
// parameter (PostgreSQL text cannot hold U+0000, so a query carrying one would fail inside the
// driver; it is refused on both engines alike), and no infinite number in the query (the schema
// validator turns "1e309" into Infinity and lets it through `maximum`), and no query parameter the
// operation does not take (a misspelt filter would otherwise answer everything).

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';
import { rawQueryNames } from './query-names.ts';
import { routeOf } from './route-of.ts';

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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks its query parameters itself (lists: each list a route answers takes its own). */
    checksOwnQuery?: boolean;
  }
}

/** The query parameters a route's schema declares (null: not checked here). */
function declaredQuery(request: FastifyRequest): Set<string> | null {
  if (routeOf(request).config?.checksOwnQuery) return null;
  const schema = routeOf(request).schema as { hide?: boolean; querystring?: { properties?: Record<string, unknown> } } | undefined;
  if (!schema || schema.hide) return null;
  return new Set(Object.keys(schema.querystring?.properties ?? {}));
}

const declaredCache = new WeakMap<object, Set<string> | null>();

function refuseUnknown(request: FastifyRequest): void {
  if (!request.url.includes('?')) return;
  const key = routeOf(request).config as object;
  let declared = declaredCache.get(key);
  if (declared === undefined) declaredCache.set(key, (declared = declaredQuery(request)));
  if (declared === null) return;
  // From the raw query string: the parsed query may lack `__proto__` and the like.
  const names = rawQueryNames(request);
  const unknown = names.find((n) => !declared.has(n));
  if (unknown === undefined) return;
  const takes = [...declared];
  throw badRequest(
    `${unknown.slice(0, 64)}: unknown query parameter; this operation takes ${takes.length ? takes.slice(0, 40).join(', ') + (takes.length > 40 ? ', …' : '') : 'none'}`,
  );
}

/**
 * Query strings that passed every check here, per route: what the checks find depends on the
 * route and the URL alone, so a query string seen to pass (a client asking the same URL again,
 * as dashboards do) is not taken apart again. Bounded; forgotten in bulk when full.
 */
const passed = new WeakMap<object, Set<string>>();
const PASSED_PER_ROUTE = 1000;

function queryOf(request: FastifyRequest): string {
  const url = request.url;
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

function passedBefore(request: FastifyRequest, query: string): boolean {
  return passed.get(routeOf(request).config as object)?.has(query) === true;
}

/** NUL reaches a parameter only percent-encoded (or sent raw, which inject allows): not in most URLs. */
function mayHoldNul(url: string): boolean {
  return url.includes('%00') || url.includes('\0');
}

/** Registered after authentication: an unauthenticated caller learns nothing about its parameters. */
export function registerInputGuards(app: FastifyInstance): void {
  // Callback-style hooks throughout the per-request path: Fastify runs them without a promise each.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      if (mayHoldNul(request.url)) {
        refuseNul('path', request.params);
        refuseNul('query', request.query);
      }
      const query = queryOf(request);
      if (query && !passedBefore(request, query)) refuseUnknown(request);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
  // After validation, which is where query strings become numbers.
  app.addHook('preHandler', (request, _reply, done) => {
    const query = queryOf(request);
    if (!query || passedBefore(request, query)) return done();
    try {
      refuseInfinite(request.query);
    } catch (err) {
      return done(err as Error);
    }
    const route = routeOf(request).config as object;
    let set = passed.get(route);
    if (!set) passed.set(route, (set = new Set()));
    if (set.size >= PASSED_PER_ROUTE) set.clear();
    set.add(query);
    done();
  });
}
