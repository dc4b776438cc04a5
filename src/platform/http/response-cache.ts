// Answers of read routes kept in memory while the data behind them is unchanged. A route opts in
// with `config.cache`; the key is what the answer depends on (the URL, and for some routes the
// caller), and every entry records the database's data version when it was read and the data it
// reads (its reach: the workspace in its path, or the caller's tenant): a write by this process, a
// commit by another process (SQLite) or by another replica (PostgreSQL, LISTEN/NOTIFY) that could
// have reached that data makes it stale, and it is never served again. A commit that names the
// one workspace it wrote (ingest) leaves the answers of other workspaces and tenants current
// (../db/change-log.ts). Authentication and access checks run
// before the cache is consulted, on every request. Bounded in bytes (AISPM_RESPONSE_CACHE_MB,
// 0 turns it off); least recently used entries go first. Answers say `X-Cache: hit` or `miss`; a
// request with `Cache-Control: no-cache` is always read from the database.
//
// A request that misses while the same answer is being read for the same data version waits for
// that read and answers with it (`X-Cache: hit`), rather than reading it again: right after a
// commit every cached answer is stale at once, and concurrent callers of a popular URL would each
// run its statements (fifty callers, fifty counts of the same rows).
//
// An answer is kept from the second time its key is read, not the first (a doorkeeper of keys seen
// once, as in TinyLFU): traffic over ever-different ids (twenty thousand model details, one in a
// hundred asked again before the next commit) filled the cache with answers nobody asked for again,
// each promoted to V8's old space, evicting the answers that are asked again.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { outsideWorkspaces, type Reach } from '../db/change-log.ts';
import { KeptWhileCurrent } from '../db/kept-while-current.ts';
import { wantsCsv } from './tabular.ts';
import { principalOf } from './auth.ts';
import { routeOf } from './route-of.ts';

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
    cacheReach?: Reach;
    /** Set on the request reading an answer others may be waiting for: hands it (or nothing) over. */
    cacheSettle?: (entry: CachedAnswer | undefined) => void;
  }
}

interface Entry {
  version: number;
  /** The data it was read from. */
  reach: Reach | undefined;
  /**
   * The answer's bytes as sent. A Buffer, not the string: it lies outside V8's heap, so kept answers
   * are neither copied by the collector nor grow the old space by half again at each major
   * collection (on SQLite the heap held ~1.5x what was live, BENCHMARKS.md), it is counted at its
   * real size, and a hit is written without encoding it again.
   */
  body: Buffer;
  type: string;
  etag: string | undefined;
  bytes: number;
}

/** An answer as stored and as handed to the requests waiting for it. */
type CachedAnswer = Omit<Entry, 'bytes'>;

/** Keys seen before, as 32-bit hashes (a collision only admits an answer early); forgotten in bulk when full. */
class Doorkeeper {
  private readonly seen = new Set<number>();
  private readonly max: number;
  constructor(max: number) {
    this.max = max;
  }
  /** Whether the key was seen before (it stays so: an answer dropped by a commit is kept again at once); remembers it otherwise. */
  admit(key: string): boolean {
    const h = hashOf(key);
    if (this.seen.has(h)) return true;
    if (this.seen.size >= this.max) this.seen.clear();
    this.seen.add(h);
    return false;
  }
}

/** FNV-1a over the key's UTF-16 code units. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class ResponseCache {
  /**
   * Kept while no change reached their data (../db/kept-while-current.ts). A newer data version
   * lets go at once of the entries a change since reached, rather than keeping them (up to the
   * byte bound) until the LRU order reaches them: under a commit a second, stale answers filled the
   * cache to its bound and were most of the heap a major collection kept (BENCHMARKS.md).
   */
  private readonly entries: KeptWhileCurrent<Entry>;
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly doorkeeper = new Doorkeeper(100_000);
  private readonly db: Pick<Db, 'unchangedSince'>;
  constructor(maxBytes: number, db: Pick<Db, 'unchangedSince'>) {
    this.maxBytes = maxBytes;
    this.db = db;
    this.entries = new KeptWhileCurrent<Entry>(db, (e) => (this.bytes -= e.bytes));
  }

  /** Whether an answer just read should be kept: its key was read before (or is kept already). */
  admits(key: string): boolean {
    return this.entries.has(key) || this.doorkeeper.admit(key);
  }

  get(key: string, version: number): Entry | undefined {
    return this.entries.get(key, version);
  }

  set(key: string, entry: CachedAnswer): void {
    this.entries.see(entry.version);
    // Read before a change that reached its data: it could never be served.
    if (!this.db.unchangedSince(entry.version, entry.reach)) return;
    const bytes = entry.body.length + key.length * 2 + 200;
    if (bytes > this.maxBytes / 8) return;
    // Replacing an entry lets go of the old one's bytes (the callback above).
    this.entries.set(key, entry.version, entry.reach, { ...entry, bytes });
    this.bytes += bytes;
    this.entries.trim(() => this.bytes > this.maxBytes);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The data an answer reads: the workspace (or tenant) its path names for `path` answers, the
 * caller's tenant for a token's workspaces, no workspace's tables for a user's storage,
 * everything when its path names no tenant.
 */
function reachOf(request: FastifyRequest, variant: CacheVariant): Reach | undefined {
  // Client storage: its table holds no workspace's rows.
  if (variant === 'user') return outsideWorkspaces;
  if (variant !== 'path') return { tenant: principalOf(request).key.tenantId };
  const params = request.params as Readonly<Record<string, unknown>> | undefined;
  const tenant = params && Object.hasOwn(params, 'tenant_id') ? params.tenant_id : undefined;
  if (typeof tenant !== 'string') return undefined;
  const workspace = Object.hasOwn(params!, 'workspace_id') ? params!.workspace_id : undefined;
  return typeof workspace === 'string' ? { tenant, workspace } : { tenant };
}

function keyOf(request: FastifyRequest, variant: CacheVariant, now: number): string {
  if (variant === 'path') return request.url;
  const p = principalOf(request);
  if (variant === 'user') return `${p.key.tenantId}\u0000${p.key.userId}\u0000${request.url}`;
  const workspaces = p.allWorkspaces ? '*' : [...p.workspaces].sort().join(',');
  return `${p.key.tenantId}\u0000${workspaces}\u0000${new Date(now).toISOString().slice(0, 7)}\u0000${request.url}`;
}

/**
 * The lookup (hits before validation, misses after it; both after authentication) and the store (an onSend hook,
 * registered after the one that computes ETags so the entry carries its ETag).
 */
export function registerResponseCache(app: FastifyInstance, db: Db, maxBytes: number, now: () => number): ResponseCache | undefined {
  if (maxBytes <= 0) return undefined;
  const cache = new ResponseCache(maxBytes, db);
  // Answers being read now, by key: their data version and what they will settle to.
  const reading = new Map<string, { version: number; answer: Promise<CachedAnswer | undefined> }>();
  // On PostgreSQL this opens the change listener now, so the cache is live from the first requests.
  db.dataVersion();

  /** Answers from a cached (or just read) answer: a 304 when the client holds its ETag. */
  function answer(request: FastifyRequest, reply: FastifyReply, hit: CachedAnswer): void {
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
  }

  /** The request's key and version, when its route caches GET answers and the version is known. */
  function probe(request: FastifyRequest): { key: string; version: number; variant: CacheVariant } | undefined {
    const variant = routeOf(request).config?.cache;
    if (!variant || request.method !== 'GET' || wantsCsv(request.headers.accept)) return undefined;
    const version = db.dataVersion();
    if (version === null) return undefined;
    return { key: keyOf(request, variant, now()), version, variant };
  }
  const noCache = (request: FastifyRequest) => /(^|,)\s*no-cache\s*(,|$)/i.test(request.headers['cache-control'] ?? '');

  // Hits are answered before schema validation (and the preHandler guards after it): a kept answer
  // was a 200 to the same URL, validated then, under the same key (the same tenant and workspaces
  // for the principal variants) and data version, so validating the URL again can only pass.
  // Authentication, the rate limit and the input guards' onRequest checks have run by now.
  app.addHook('preValidation', (request, reply, done) => {
    const p = probe(request);
    if (!p) return done();
    // `Cache-Control: no-cache` from the client: answer from the database (and keep that answer).
    const hit = noCache(request) ? undefined : cache.get(p.key, p.version);
    if (hit) return answer(request, reply, hit);
    done();
  });

  // A miss, after validation: a request that fails it answers as before, without `x-cache`.
  // Callback style: a request waiting for another's answer does not call done (the handler does not run).
  app.addHook('preHandler', (request, reply, done) => {
    const p = probe(request);
    if (!p) return done();
    const { key, version } = p;
    // What it reads: needed from here on only (a hit carries its entry's).
    const reach = reachOf(request, p.variant);
    const fresh = noCache(request);
    // Kept meanwhile (another request's read settled since this one was looked up).
    const hit = fresh ? undefined : cache.get(key, version);
    if (hit) return answer(request, reply, hit);
    const pending = fresh ? undefined : reading.get(key);
    // A read begun before a change that reached its data is not this request's answer.
    if (pending && db.unchangedSince(pending.version, reach)) {
      // Its answer, or (an error, a non-200, a dropped request) this request reads its own.
      pending.answer.then((got) => {
        if (got) return answer(request, reply, got);
        miss(request, reply, key, version, reach, false);
        done();
      });
      return;
    }
    miss(request, reply, key, version, reach, true);
    done();
  });

  /** The request reads the answer itself (and, as `leads`, for those that arrive meanwhile). */
  function miss(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    version: number,
    reach: Reach | undefined,
    leads: boolean,
  ): void {
    request.cacheKey = key;
    request.cacheVersion = version;
    request.cacheReach = reach;
    reply.header('x-cache', 'miss');
    if (!leads) return;
    let settle!: (entry: CachedAnswer | undefined) => void;
    const entry = { version, answer: new Promise<CachedAnswer | undefined>((resolve) => (settle = resolve)) };
    reading.set(key, entry);
    request.cacheSettle = (got) => {
      request.cacheSettle = undefined;
      if (reading.get(key) === entry) reading.delete(key);
      settle(got);
    };
  }

  // Whatever happened to the request (an error, the client gone), those waiting are let go.
  app.addHook('onResponse', (request, _reply, done) => {
    request.cacheSettle?.(undefined);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    request.cacheSettle?.(undefined);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.cacheKey === undefined || reply.statusCode !== 200 || typeof payload !== 'string') {
      request.cacheSettle?.(undefined);
      return done(null, payload);
    }
    const etag = reply.getHeader('etag');
    // Encoded once, here: the same bytes are sent now and kept.
    const body = Buffer.from(payload);
    const entry: CachedAnswer = {
      version: request.cacheVersion!,
      reach: request.cacheReach,
      body,
      type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      etag: typeof etag === 'string' ? etag : undefined,
    };
    if (cache.admits(request.cacheKey)) cache.set(request.cacheKey, entry);
    request.cacheSettle?.(entry);
    done(null, body);
  });
  return cache;
}
