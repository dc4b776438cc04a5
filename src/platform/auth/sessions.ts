// Console sessions: a browser signed in through the OpenID Connect provider holds a random
// session id in an http-only, SameSite=Lax cookie (Secure when the service is reached over https);
// the database keeps only its SHA-256, with the tenant, the user, the scopes and workspaces of
// the user's roles, and a CSRF token the console must echo in `X-CSRF-Token` on every request
// that changes something (a cookie is sent by the browser on its own; a header is not: another
// site cannot make the browser send it). A session ends at its absolute expiry, after the idle
// timeout without a request, or at sign-out.

import { randomBytes } from 'node:crypto';
import type { Db, Executor } from '../db/database.ts';
import { param, readJson } from '../db/database.ts';
import { hashToken, type Scope } from './tokens.ts';

export const SESSION_COOKIE = 'aispm_session';
export const LOGIN_COOKIE = 'aispm_login';
export const CSRF_HEADER = 'x-csrf-token';

export interface ConsoleSession {
  idHash: string;
  tenantId: string;
  userId: string;
  csrf: string;
  scopes: Scope[];
  workspaces: string[];
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

export const randomId = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** The cookies of a request, by name (first wins, as browsers send the most specific first). */
export function readCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (!name || out.has(name)) continue;
    let value = part.slice(i + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out.set(name, decodeURIComponent(value));
    } catch {
      // A malformed value is no session.
    }
  }
  return out;
}

/** A Set-Cookie value; `maxAgeSeconds` 0 deletes it. Values here are base64url: nothing to escape. */
export function cookie(name: string, value: string, opts: { secure: boolean; path: string; maxAgeSeconds: number }): string {
  return [
    `${name}=${value}`,
    `Path=${opts.path}`,
    `Max-Age=${opts.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');
}

export async function createSession(
  db: Db,
  ex: Executor,
  input: { tenantId: string; userId: string; scopes: Scope[]; workspaces: string[]; now: number; maxMs: number },
): Promise<{ id: string; csrf: string; expiresAt: number }> {
  const id = randomId();
  const csrf = randomId();
  const expiresAt = input.now + input.maxMs;
  const t = db.template('sessions.insert', (b) =>
    b.insertInto('console_sessions').values({
      id_hash: param('hash'),
      tenant_id: param('tenant'),
      user_id: param('user'),
      csrf: param('csrf'),
      scopes: param('scopes'),
      workspaces: param('workspaces'),
      created_at: param<number>('now'),
      last_seen_at: param<number>('now'),
      expires_at: param<number>('expires'),
    }),
  );
  await ex.run(t, {
    hash: hashToken(id),
    tenant: input.tenantId,
    user: input.userId,
    csrf,
    scopes: JSON.stringify(input.scopes),
    workspaces: JSON.stringify(input.workspaces),
    now: input.now,
    expires: expiresAt,
  });
  return { id, csrf, expiresAt };
}

export async function findSession(db: Db, id: string): Promise<ConsoleSession | undefined> {
  const t = db.template('sessions.get', (b) =>
    b
      .selectFrom('console_sessions')
      .select(['id_hash', 'tenant_id', 'user_id', 'csrf', 'scopes', 'workspaces', 'created_at', 'last_seen_at', 'expires_at'])
      .where('id_hash', '=', param('hash')),
  );
  const r = await db.first(t, { hash: hashToken(id) });
  if (!r) return undefined;
  return {
    idHash: String(r.id_hash),
    tenantId: String(r.tenant_id),
    userId: String(r.user_id),
    csrf: String(r.csrf),
    scopes: readJson<Scope[]>(r.scopes),
    workspaces: readJson<string[]>(r.workspaces),
    createdAt: Number(r.created_at),
    lastSeenAt: Number(r.last_seen_at),
    expiresAt: Number(r.expires_at),
  };
}

/** Notes a request of the session (for the idle timeout); the condition keeps it to one write a minute. */
export async function touchSession(db: Db, idHash: string, now: number, everyMs: number): Promise<void> {
  const t = db.template('sessions.touch', (b) =>
    b
      .updateTable('console_sessions')
      .set({ last_seen_at: param<number>('now') })
      .where('id_hash', '=', param('hash'))
      .where('last_seen_at', '<=', param<number>('before')),
  );
  await db.runUncounted(t, { hash: idHash, now, before: now - everyMs });
}

export async function endSession(db: Db, ex: Executor, idHash: string): Promise<boolean> {
  const t = db.template('sessions.delete', (b) => b.deleteFrom('console_sessions').where('id_hash', '=', param('hash')));
  return (await ex.run(t, { hash: idHash })) > 0;
}

/** Deletes sessions past their absolute expiry (every tenant). */
export async function purgeSessions(db: Db, now: number): Promise<number> {
  const t = db.template('sessions.purge', (b) => b.deleteFrom('console_sessions').where('expires_at', '<=', param<number>('now')));
  return db.runUncounted(t, { now });
}
