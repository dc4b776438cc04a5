// Answers of read routes kept in memory while the data behind them is unchanged. A route opts in
// with `config.cache`; the key is what the answer depends on (the URL, and for some routes the
// caller), and every entry records the database's data version when it was read: a write by this
// process, a commit by another process (SQLite) or by another replica (PostgreSQL, LISTEN/NOTIFY)
// moves the version, and older entries are never served. Authentication and access checks run
// before the cache is consulted, on every request. Bounded in bytes (AISPM_RESPONSE_CACHE_MB,
// 0 turns it off); least recently used entries go first. Answers say `X-Cache: hit` or `miss`; a
// request with `Cache-Control: no-cache` is always read from the database.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { wantsCsv } from './tabular.ts';
import { principalOf } from './auth.ts';

/**
 * What a cached answer depends on besides its URL: nothing (`path`: the tenant and workspace are
 * in it), the caller's user (`user`: client storage), or the caller's tenant and workspaces and
 * the current month (`principal`: token-scoped views such as the histogram).
 */
export type CacheVariant = 'path' | 'user' | 'principal';

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CacheVariant;
  }
  interface FastifyRequest {
    cacheKey?: string;
    cacheVersion?: number;
  }
}

interface Entry {
  version: number;
  body: string;
  type: string;
  etag: string | undefined;
  bytes: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxBytes: number;
  /**
   * The newest data version seen. Versions only grow, so an entry of an older one can never be
   * served again: they all go as soon as a newer version is seen, rather than staying (up to the
   * byte bound) until the LRU order reaches them. Under a commit a second, stale answers filled
   * the cache to its bound and were most of the heap a major collection kept (BENCHMARKS.md).
   */
  private newest = -1;
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  private see(version: number): void {
    if (version <= this.newest) return;
    this.newest = version;
    this.entries.clear();
    this.bytes = 0;
  }

  get(key: string, version: number): Entry | undefined {
    this.see(version);
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.version !== version) {
      this.drop(key, e);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  set(key: string, entry: Omit<Entry, 'bytes'>): void {
    this.see(entry.version);
    // Read before a commit that has been seen since: it could never be served.
    if (entry.version < this.newest) return;
    const bytes = entry.body.length * 2 + key.length * 2 + 200;
    if (bytes > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { ...entry, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(k, e);
    }
  }

  private drop(key: string, e: Entry): void {
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }

  get size(): number {
    return this.entries.size;
  }
}

function keyOf(request: FastifyRequest, variant: CacheVariant, now: number): string {
  if (variant === 'path') return request.url;
  const p = principalOf(request);
  if (variant === 'user') return `${p.key.tenantId}\u0000${p.key.userId}\u0000${request.url}`;
  const workspaces = p.allWorkspaces ? '*' : [...p.workspaces].sort().join(',');
  return `${p.key.tenantId}\u0000${workspaces}\u0000${new Date(now).toISOString().slice(0, 7)}\u0000${request.url}`;
}

/**
 * The lookup (a preHandler: after authentication and validation) and the store (an onSend hook,
 * registered after the one that computes ETags so the entry carries its ETag).
 */
export function registerResponseCache(app: FastifyInstance, db: Db, maxBytes: number, now: () => number): ResponseCache | undefined {
  if (maxBytes <= 0) return undefined;
  const cache = new ResponseCache(maxBytes);
  // On PostgreSQL this opens the change listener now, so the cache is live from the first requests.
  db.dataVersion();

  // Callback style: a hit answers without calling done (the handler does not run); a miss goes on.
  app.addHook('preHandler', (request, reply, done) => {
    const variant = request.routeOptions.config?.cache;
    if (!variant || request.method !== 'GET' || wantsCsv(request.headers.accept)) return done();
    const version = db.dataVersion();
    if (version === null) return done();
    const key = keyOf(request, variant, now());
    // `Cache-Control: no-cache` from the client: answer from the database (and keep that answer).
    const fresh = /(^|,)\s*no-cache\s*(,|$)/i.test(request.headers['cache-control'] ?? '');
    const hit = fresh ? undefined : cache.get(key, version);
    if (!hit) {
      request.cacheKey = key;
      request.cacheVersion = version;
      reply.header('x-cache', 'miss');
      return done();
    }
    reply.header('x-cache', 'hit');
    if (hit.etag) {
      reply.header('etag', hit.etag);
      const match = request.headers['if-none-match'];
      if (match?.split(',').some((m) => m.trim() === hit.etag || m.trim() === '*')) {
        reply.code(304).send();
        return;
      }
    }
    reply.code(200).type(hit.type).send(hit.body);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.cacheKey === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    const etag = reply.getHeader('etag');
    cache.set(request.cacheKey, {
      version: request.cacheVersion!,
      body: payload,
      type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      etag: typeof etag === 'string' ? etag : undefined,
    });
    done(null, payload);
  });
  return cache;
}
