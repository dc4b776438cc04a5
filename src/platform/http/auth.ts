// Authentication and access on every route. Each route declares in its config the scope it needs
// (`read`, `ingest`, `storage`) or `public`; registering a route without one fails at start, so a
// route can never be added unprotected by omission. Verified tokens are cached for a short bound
// (AISPM_AUTH_CACHE_MS): a revocation takes effect within it, and a request costs one SHA-256 and a
// map lookup once its token is warm. `any` admits every valid key of the path's tenant, whatever its
// scopes (making a key no wider than one's own, listing one's own keys). A key's `last_used_at` is
// written at most once a minute per key per process, after the request is admitted and without
// holding it up (LAST_USED_EVERY_MS below).
//
// A request without an Authorization header may carry a console session cookie instead
// (src/platform/auth/sessions.ts): the session becomes a principal with its roles' scopes and
// workspaces, so every route checks it as it checks a key. A session's request that changes
// something must echo the session's CSRF token in X-CSRF-Token; one aimed at another tenant, or
// without the right CSRF token, is refused and recorded in the audit trail.

import { ReadSummary } from '../audit/reads.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { type ApiKey, ALL_WORKSPACES, checkTokenFormat, findKeyByHash, hashToken, type Scope, touchKey } from '../auth/tokens.ts';
import { type ApiError, forbidden, unauthorized } from '../errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { type ConsoleSession, CSRF_HEADER, endSession, findSession, readCookies, SESSION_COOKIE, touchSession } from '../auth/sessions.ts';
import { timingSafeEqual } from 'node:crypto';
import { routeOf } from './route-of.ts';

export type RouteAccess = Scope | 'any' | 'public';

export interface Principal {
  key: ApiKey;
  allWorkspaces: boolean;
  workspaces: ReadonlySet<string>;
  /** Set when the request came with a console session cookie rather than a key. */
  session?: ConsoleSession;
}

/** A session's principal: a key-shaped record whose id is the user's, so `created_by` and the audit trail name the user. */
export function sessionPrincipal(s: ConsoleSession): Principal {
  return {
    key: {
      id: s.userId,
      tenantId: s.tenantId,
      userId: s.userId,
      name: 'console session',
      workspaces: s.workspaces,
      scopes: s.scopes,
      hint: '',
      createdAt: s.createdAt,
      // The session's own expiry is checked here; keys it makes may outlive it like any user's.
      expiresAt: null,
      revokedAt: null,
      createdBy: null,
      lastUsedAt: null,
    },
    allWorkspaces: s.workspaces.includes(ALL_WORKSPACES),
    workspaces: new Set(s.workspaces),
    session: s,
  };
}

/** Methods that change nothing, so need no CSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How often a session's last request is written at most (the idle timeout is checked to within it). */
export const SESSION_TOUCH_EVERY_MS = 60_000;

/** The console session of a request's cookie, when it is still valid; ended sessions are deleted. */
export async function liveSession(db: Db, cookieHeader: string | undefined, now: number, idleMs: number): Promise<ConsoleSession | string> {
  const id = readCookies(cookieHeader).get(SESSION_COOKIE);
  if (!id) return 'missing Authorization header; send "Authorization: Bearer <token>" or sign in to the console';
  const s = await findSession(db, id);
  if (!s) return 'the console session has ended; sign in again';
  if (s.expiresAt <= now || now - s.lastSeenAt > idleMs) {
    await endSession(db, db, s.idHash);
    return 'the console session has expired; sign in again';
  }
  return s;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a caller needs to use the route. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

export function canReadWorkspace(p: Principal, workspace: string): boolean {
  return p.allWorkspaces || p.workspaces.has(workspace);
}

/** The principal of an authenticated route (the hook guarantees it is set). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route reached without authentication');
  return request.principal;
}

interface CacheEntry {
  principal: Principal | null;
  at: number;
}

export class TokenCache {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly db: Db;
  private readonly ttlMs: number;
  constructor(db: Db, ttlMs: number) {
    this.db = db;
    this.ttlMs = ttlMs;
  }

  /** The cached answer while it is fresh; undefined when the database must be asked. */
  peek(hash: string, now: number): Principal | null | undefined {
    const hit = this.entries.get(hash);
    return hit && now - hit.at < this.ttlMs ? hit.principal : undefined;
  }

  async lookup(hash: string, now: number): Promise<Principal | null> {
    const hit = this.peek(hash, now);
    if (hit !== undefined) return hit;
    const key = await findKeyByHash(this.db, hash);
    const principal = key
      ? {
          key,
          allWorkspaces: key.workspaces.includes(ALL_WORKSPACES),
          workspaces: new Set(key.workspaces),
        }
      : null;
    // Bounded: unknown tokens sent in a flood must not grow memory without limit.
    if (this.entries.size >= 10_000) this.entries.clear();
    this.entries.set(hash, { principal, at: now });
    return principal;
  }

  clear(): void {
    this.entries.clear();
  }
}

function bearer(header: string | undefined): string {
  if (!header) throw unauthorized('missing Authorization header; send "Authorization: Bearer <token>"');
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!m) throw unauthorized('Authorization header must be "Bearer <token>"');
  return m[1]!;
}

/** How often a key's `last_used_at` is written at most: a busy key costs one UPDATE a minute, not one per request. */
export const LAST_USED_EVERY_MS = 60_000;

/**
 * Writes `last_used_at` of keys in use, off the request's path: at most once per LAST_USED_EVERY_MS
 * per key in this process (the UPDATE's own condition holds it to that across processes too).
 * Failures are logged, never answered; the app waits for writes in flight when it closes.
 */
class LastUsed {
  private readonly written = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly db: Db;
  private readonly onError: (err: unknown) => void;
  constructor(db: Db, onError: (err: unknown) => void) {
    this.db = db;
    this.onError = onError;
  }

  note(key: ApiKey, now: number): void {
    const last = this.written.get(key.id) ?? key.lastUsedAt ?? -Infinity;
    if (now - last < LAST_USED_EVERY_MS) return;
    // Bounded like the token cache: forgetting a key costs one more UPDATE, which its condition may skip.
    if (this.written.size >= 10_000) this.written.clear();
    this.written.set(key.id, now);
    const p = touchKey(this.db, key.id, now, LAST_USED_EVERY_MS).catch(this.onError);
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  async settle(): Promise<void> {
    await Promise.all(this.inFlight);
  }
}

export function registerAuth(app: FastifyInstance, db: Db, ttlMs: number, sessionIdleMs = 1_800_000): TokenCache {
  const cache = new TokenCache(db, ttlMs);
  const lastUsed = new LastUsed(db, (err) => app.log.warn({ err }, 'could not note when a key was last used'));
  app.addHook('onClose', () => lastUsed.settle());
  const reads = new ReadSummary(db, (err) => app.log.warn({ err }, 'could not add the summary of reads'));
  app.addHook('onClose', () => reads.close());
  /** A read of an admitted principal counts toward its hour's summary (the route's pattern, never its URL). */
  const countRead = (request: FastifyRequest, principal: Principal, now: number) => {
    if (request.method === 'GET' || request.method === 'HEAD')
      reads.note(principal.key.tenantId, principal.key.id, routeOf(request).url ?? '', now);
  };
  app.decorateRequest('principal', undefined);

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!access) throw new Error(`route ${route.method} ${route.url} declares no access (config.access)`);
  });

  /** Whether the principal (null: no such token) may use the route; throws the 401 or 403 if not. */
  function admit(request: FastifyRequest, access: Scope | 'any', principal: Principal | null, now: number): void {
    if (!principal) throw unauthorized('unknown token');
    if (principal.key.revokedAt !== null && principal.key.revokedAt <= now) throw unauthorized('token was revoked');
    if (principal.key.expiresAt !== null && principal.key.expiresAt <= now) throw unauthorized('token has expired');
    if (access !== 'any' && !principal.key.scopes.includes(access))
      throw forbidden(`token lacks the "${access}" scope this operation needs`);
    const tenant = pathParam(request, 'tenant_id');
    const workspace = pathParam(request, 'workspace_id');
    if (tenant !== undefined && tenant !== principal.key.tenantId) {
      throw forbidden('token has no access to this tenant');
    }
    if (workspace !== undefined && !canReadWorkspace(principal, workspace)) {
      throw forbidden('token has no access to this workspace');
    }
    request.principal = principal;
    lastUsed.note(principal.key, now);
    countRead(request, principal, now);
  }

  /** Writes a refused session request's audit row (in the session's own tenant), then throws. */
  async function refuseSession(request: FastifyRequest, s: ConsoleSession, err: ApiError, target: string): Promise<never> {
    const agent = request.headers['user-agent'];
    await db.transaction((tx) =>
      recordAudit(
        db,
        tx,
        { actor: s.userId, address: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null },
        {
          tenant: s.tenantId,
          action: 'session.refused',
          target,
          outcome: 'refused',
          reason: err.message,
          detail: { method: request.method },
        },
        Date.now(),
      ),
    );
    throw err;
  }

  async function admitSession(request: FastifyRequest, access: Scope | 'any'): Promise<void> {
    const now = Date.now();
    const s = await liveSession(db, request.headers.cookie, now, sessionIdleMs);
    if (typeof s === 'string') throw unauthorized(s);
    const tenant = pathParam(request, 'tenant_id');
    if (tenant !== undefined && tenant !== s.tenantId)
      await refuseSession(request, s, forbidden('this console session has no access to this tenant'), `tenants/${tenant.slice(0, 128)}`);
    if (!SAFE_METHODS.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      const ok = typeof sent === 'string' && sent.length === s.csrf.length && timingSafeEqual(Buffer.from(sent), Buffer.from(s.csrf));
      if (!ok)
        await refuseSession(
          request,
          s,
          forbidden(
            'missing or wrong X-CSRF-Token header: a console session must send its CSRF token (GET /api/v1/auth/session) on every change',
          ),
          request.url.split('?')[0]!.slice(0, 256),
        );
    }
    const principal = sessionPrincipal(s);
    if (access !== 'any' && !principal.key.scopes.includes(access))
      throw forbidden(`the roles of this session lack the "${access}" scope this operation needs`);
    const workspace = pathParam(request, 'workspace_id');
    if (workspace !== undefined && !canReadWorkspace(principal, workspace))
      throw forbidden('this console session has no access to this workspace');
    request.principal = principal;
    countRead(request, principal, now);
    if (now - s.lastSeenAt >= SESSION_TOUCH_EVERY_MS)
      touchSession(db, s.idHash, now, SESSION_TOUCH_EVERY_MS).catch((err: unknown) =>
        app.log.warn({ err }, 'could not note a session in use'),
      );
  }

  // Callback style, and synchronous while the token is in the cache (almost every request): no
  // promise per request. Only a token not seen within the cache bound waits for the database.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = routeOf(request).config?.access;
    // Unknown routes have no access; they fall through to the 404 handler.
    if (!access || access === 'public') return done();
    if (request.headers.authorization === undefined && request.headers.cookie?.includes(SESSION_COOKIE)) {
      admitSession(request, access).then(
        () => done(),
        (err: Error) => done(err),
      );
      return;
    }
    let hash: string;
    try {
      const token = bearer(request.headers.authorization);
      hash = hashToken(token);
      const now = Date.now();
      const cached = cache.peek(hash, now);
      // A token whose hash is a known key's is that key's token, well formed: its shape and
      // checksum are checked only for tokens not known (the answers for a bad one are unchanged).
      if (cached) {
        admit(request, access, cached, now);
        return done();
      }
      const format = checkTokenFormat(token);
      if (format === 'malformed') throw unauthorized('malformed token: expected aispm_ followed by 38 letters and digits');
      if (format === 'checksum') throw unauthorized('token checksum does not match: the token was mistyped or truncated');
      if (cached === null) {
        admit(request, access, cached, now);
        return done();
      }
    } catch (err) {
      return done(err as Error);
    }
    cache.lookup(hash, Date.now()).then(
      (principal) => {
        try {
          admit(request, access, principal, Date.now());
        } catch (err) {
          return done(err as Error);
        }
        done();
      },
      (err: Error) => done(err),
    );
  });
  return cache;
}

/** A path parameter of whichever route matched (every route's path is checked here, typed or not). */
export function pathParam(request: FastifyRequest, name: string): string | undefined {
  const params: unknown = request.params;
  if (typeof params !== 'object' || params === null || !(name in params)) return undefined;
  const value: unknown = (params as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}
