// API keys. A token is `aispm_` + 32 random base62 characters + a 6-character CRC32 checksum of
// them, so secret scanners can recognise a leaked one and a mistyped one is refused before any
// database lookup. Only the SHA-256 of a token is stored; the token is shown once, at creation.

import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Selectable } from 'kysely';
import type { Builder, Db, Executor } from '../db/database.ts';
import type { ApiKeysTable } from '../db/tables/access.ts';
import { param, readJson } from '../db/database.ts';

export const TOKEN_PREFIX = 'aispm_';
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * What a token may do: `read` every GET of its tenant, `ingest` records, write client `storage`,
 * scrape `metrics` (GET /metrics: the whole process's figures, no tenant data; a scraper needs
 * nothing else, and a reader of one tenant should not see the others' traffic), manage the
 * `webhooks` subscriptions of its workspaces (their secrets sign what the service sends out, so
 * reading the estate does not grant it), change the workspace's own `controls` (rules that raise findings),
 * `admin`: manage every key of the tenant and read its audit trail (without it a key sees and revokes
 * only the keys it made itself).
 */
export type Scope = 'read' | 'ingest' | 'storage' | 'metrics' | 'webhooks' | 'views' | 'controls' | 'admin';
export const scopes: Scope[] = ['read', 'ingest', 'storage', 'metrics', 'webhooks', 'views', 'controls', 'admin'];
export const ALL_WORKSPACES = '*';

export interface ApiKey {
  id: string;
  tenantId: string;
  userId: string;
  name: string;
  /** Workspace ids, or ['*'] for all workspaces of the tenant. */
  workspaces: string[];
  scopes: Scope[];
  hint: string;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
  /** The key that made this one over HTTP; null when the CLI made it. */
  createdBy: string | null;
  lastUsedAt: number | null;
}

function base62(n: number, width: number): string {
  let out = '';
  for (let i = 0; i < width; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

function checksum(body: string): string {
  return base62(crc32(body), CHECKSUM_LENGTH);
}

function randomBody(): string {
  let out = '';
  for (let i = 0; i < BODY_LENGTH; i++) out += ALPHABET[randomInt(62)];
  return out;
}

export function hashToken(token: string): string {
  // One-shot hash: about half the cost of createHash().update().digest() on a token (0.9 vs 1.8 µs).
  return hash('sha256', token, 'hex');
}

const TOKEN_SHAPE = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`);

/** Checks a token's shape and checksum without touching the database. */
export function checkTokenFormat(token: string): 'ok' | 'malformed' | 'checksum' {
  if (!TOKEN_SHAPE.test(token)) return 'malformed';
  const body = token.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + BODY_LENGTH);
  const sum = token.slice(TOKEN_PREFIX.length + BODY_LENGTH);
  const expected = checksum(body);
  return timingSafeEqual(Buffer.from(sum), Buffer.from(expected)) ? 'ok' : 'checksum';
}

export function newTokenString(): string {
  const body = randomBody();
  return TOKEN_PREFIX + body + checksum(body);
}

/** A key as `columns` reads it: everything but the secret's hash. */
type KeyRow = Pick<Selectable<ApiKeysTable>, (typeof columns)[number]>;

function fromRow(r: KeyRow): ApiKey {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    userId: r.user_id,
    name: r.name,
    workspaces: readJson<string[]>(r.workspaces),
    scopes: readJson<Scope[]>(r.scopes),
    hint: r.hint,
    createdAt: Number(r.created_at),
    expiresAt: r.expires_at === null ? null : Number(r.expires_at),
    revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
    createdBy: r.created_by,
    lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
  };
}

const columns = [
  'id',
  'tenant_id',
  'user_id',
  'name',
  'workspaces',
  'scopes',
  'hint',
  'created_at',
  'expires_at',
  'revoked_at',
  'created_by',
  'last_used_at',
] as const;

export interface CreateTokenInput {
  tenantId: string;
  userId: string;
  workspaces: string[];
  scopes: Scope[];
  name?: string;
  expiresInMs?: number | null;
  now?: number;
  /** The key making this one (over HTTP); absent from the CLI. */
  createdBy?: string;
}

/** Creates a key; `ex` is the transaction it is written in (with its audit row), the database by default. */
export async function createToken(db: Db, input: CreateTokenInput, ex: Executor = db): Promise<{ token: string; key: ApiKey }> {
  const token = newTokenString();
  const now = input.now ?? Date.now();
  const key: ApiKey = {
    id: 'key_' + randomBytes(8).toString('hex'),
    tenantId: input.tenantId,
    userId: input.userId,
    name: input.name ?? '',
    workspaces: input.workspaces,
    scopes: [...new Set(input.scopes)],
    hint: `${token.slice(0, TOKEN_PREFIX.length + 4)}…${token.slice(-4)}`,
    createdAt: now,
    expiresAt: input.expiresInMs ? now + input.expiresInMs : null,
    revokedAt: null,
    createdBy: input.createdBy ?? null,
    lastUsedAt: null,
  };
  const insert = db.template('tokens.insert', (b) =>
    b.insertInto('api_keys').values({
      id: param('id'),
      tenant_id: param('tenant'),
      user_id: param('user'),
      name: param('name'),
      workspaces: param('workspaces'),
      scopes: param('scopes'),
      secret_hash: param('hash'),
      hint: param('hint'),
      created_at: param<number>('created'),
      expires_at: param<number | null>('expires'),
      revoked_at: null,
      created_by: param<string | null>('createdBy'),
    }),
  );
  await ex.run(insert, {
    id: key.id,
    tenant: key.tenantId,
    user: key.userId,
    name: key.name,
    workspaces: JSON.stringify(key.workspaces),
    scopes: JSON.stringify(key.scopes),
    hash: hashToken(token),
    hint: key.hint,
    created: key.createdAt,
    expires: key.expiresAt,
    createdBy: key.createdBy,
  });
  return { token, key };
}

export async function findKeyByHash(db: Db, hash: string): Promise<ApiKey | undefined> {
  const t = db.template('tokens.by-hash', (b) => b.selectFrom('api_keys').select(columns).where('secret_hash', '=', param('hash')));
  const row = await db.first(t, { hash });
  return row ? fromRow(row) : undefined;
}

export async function listKeys(db: Db, tenantId?: string): Promise<ApiKey[]> {
  const t =
    tenantId === undefined
      ? db.template('tokens.list', (b) => b.selectFrom('api_keys').select(columns).orderBy('created_at').orderBy('id'))
      : db.template('tokens.list-tenant', (b) =>
          b.selectFrom('api_keys').select(columns).where('tenant_id', '=', param('tenant')).orderBy('created_at').orderBy('id'),
        );
  return (await db.all(t, { tenant: tenantId })).map(fromRow);
}

/** One key of a tenant, revoked or not. */
export async function getKey(db: Db, ex: Executor, tenantId: string, id: string): Promise<ApiKey | undefined> {
  const t = db.template('tokens.get', (b) =>
    b.selectFrom('api_keys').select(columns).where('tenant_id', '=', param('tenant')).where('id', '=', param('id')),
  );
  const row = await ex.first(t, { tenant: tenantId, id });
  return row ? fromRow(row) : undefined;
}

/**
 * Notes that a key was used. The condition keeps it to one changed row a minute per key even when
 * several processes note the same key; callers also skip it within the minute (auth.ts).
 */
export async function touchKey(db: Db, id: string, now: number, everyMs: number): Promise<void> {
  const t = db.template('tokens.touch', (b) =>
    b
      .updateTable('api_keys')
      .set({ last_used_at: param<number>('now') })
      .where('id', '=', param('id'))
      .where((w) => w.or([w('last_used_at', 'is', null), w('last_used_at', '<=', param<number>('before'))])),
  );
  // Uncounted: a key's last use is in no cached answer (the key list is not cached).
  await db.runUncounted(t, { id, now, before: now - everyMs });
}

/** Marks a key revoked; returns false when there is no such key or it was already revoked. */
export async function revokeKey(db: Db, id: string, now = Date.now(), ex: Executor = db): Promise<boolean> {
  const t = db.template('tokens.revoke', (b) =>
    b
      .updateTable('api_keys')
      .set({ revoked_at: param<number>('now') })
      .where('id', '=', param('id'))
      .where('revoked_at', 'is', null),
  );
  return (await ex.run(t, { id, now })) > 0;
}

/** Parses `90d`, `12h`, `30m`, `3600s` into milliseconds. */
export function parseDuration(text: string): number {
  const m = /^(\d+)\s*([smhdw])$/.exec(text.trim());
  if (!m) throw new Error(`expected a duration like 90d, 12h or 30m, got "${text}"`);
  const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[m[2] as 's'];
  return Number(m[1]) * unit;
}

/**
 * The base of the list of a tenant's keys (alias `k`): these columns of every key of the tenant,
 * or of the keys one key made (`creator`). Never the hash. The identity area declares the list.
 */
export function keysListed(b: Builder, columns: readonly string[], own: boolean) {
  const q = b
    .selectFrom('api_keys as k')
    .select(columns.map((c) => `k.${c}` as `k.${keyof ApiKeysTable}`))
    .where('k.tenant_id', '=', param('tenant'));
  return own ? q.where('k.created_by', '=', param('creator')) : q;
}
