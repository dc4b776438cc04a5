// Client storage in SQL: one entry by primary key, conditional writes, and the keys of a
// namespace. Every write is one statement, or (creating an entry that counts against the per-user
// cap) one short transaction, so that concurrent PUTs and DELETEs on the same keys end in a state
// some serial order of them would give:
//
// - "last write wins" is an UPDATE, then (if there was nothing to update) INSERT … ON CONFLICT DO
//   UPDATE, which is atomic on both engines even when another request creates the entry between;
// - If-Match is `UPDATE/DELETE … WHERE version IN (…)`: on PostgreSQL a concurrent writer's row
//   lock makes the statement re-check the version after that writer commits, so exactly one of
//   two racing writers holding the same ETag succeeds;
// - If-None-Match: * is INSERT … ON CONFLICT DO NOTHING.
// On SQLite every write already runs on the one writer connection, behind the write lock.
// Each write runs in a transaction of its own with what the caller writes alongside it (the
// audit trail's row), so neither is kept without the other.
//
// `version` is a random 31-bit tag replaced on every write rather than a counter: the service
// knows the new ETag without reading the row back, and an entry deleted and created again does
// not start over at a version a client may still hold from its previous life.

import { randomInt } from 'node:crypto';
import { perUserScopeNames, type StorageScopeName } from '../../catalog/storage-scopes.ts';
import type { Selectable } from 'kysely';
import type { Builder, Db, Executor } from '../../platform/db/database.ts';
import type { ClientStorageTable } from '../../platform/db/tables/delivery.ts';
import { param } from '../../platform/db/database.ts';
import type { ColumnDef } from '../../catalog/types.ts';
import { defineList } from '../../platform/lists/list-spec.ts';
import { rfc3339 } from '../../platform/values.ts';
import { etagOf } from '../../platform/http/preconditions.ts';

/** Everything that identifies an entry; '' for the parts its scope does not have. */
export interface EntryKey {
  tenant: string;
  scope: StorageScopeName;
  workspace: string;
  user: string;
  client: string;
  namespace: string;
  key: string;
}

export type NamespaceKey = Omit<EntryKey, 'key'>;

/** An entry as read: the value's compact JSON text, exactly as written (jsonText), and its times and version. */
export type StoredEntry = Pick<Selectable<ClientStorageTable>, 'created_at' | 'updated_at' | 'version'> & { value: string };

/** What a PUT requires of the current entry. */
export type WriteCondition =
  | { kind: 'none' }
  /** If-Match: the entry exists and its version is one of these (`any`: If-Match: *). */
  | { kind: 'match'; versions: number[] | 'any' }
  /** If-None-Match: *: the entry does not exist. */
  | { kind: 'absent' };

export type PutOutcome =
  | { status: 'written'; version: number }
  | { status: 'precondition_failed' }
  /** Creating it would take the user over the entry cap. */
  | { status: 'full' };

export type DeleteOutcome = 'deleted' | 'absent' | 'precondition_failed';

const MAX_VERSION = 2 ** 31;

export function newVersion(): number {
  return randomInt(1, MAX_VERSION);
}

function wherePrefix<Q extends { where: (...args: any[]) => Q }>(q: Q): Q {
  return q
    .where('tenant_id', '=', param('tenant'))
    .where('scope', '=', param('scope'))
    .where('workspace_id', '=', param('workspace'))
    .where('user_id', '=', param('user'))
    .where('client_id', '=', param('client'))
    .where('namespace', '=', param('namespace'));
}

function whereKey<Q extends { where: (...args: any[]) => Q }>(q: Q): Q {
  return wherePrefix(q).where('key', '=', param('key'));
}

function keyArgs(k: EntryKey) {
  return { tenant: k.tenant, scope: k.scope, workspace: k.workspace, user: k.user, client: k.client, namespace: k.namespace, key: k.key };
}

/** One primary-key lookup; the value comes back as text on both engines (no parse). */
export async function getEntry(db: Db, k: EntryKey): Promise<StoredEntry | undefined> {
  const t = db.template('storage.get', (b, d) =>
    whereKey(b.selectFrom('client_storage').select([d.jsonText('value').as('value'), 'created_at', 'updated_at', 'version'])),
  );
  return db.first(t, keyArgs(k));
}

function updateTemplate(db: Db, versions: 'any' | 'list') {
  return db.template(`storage.update:${versions}`, (b: Builder, d) => {
    let q = whereKey(
      b.updateTable('client_storage').set({
        value: param('value'),
        updated_at: param<number>('now'),
        version: param<number>('version'),
      }),
    );
    if (versions === 'list') q = q.where(d.inList('version', param('versions')));
    return q;
  });
}

function insertTemplate(db: Db, onConflict: 'update' | 'nothing') {
  return db.template(`storage.insert:${onConflict}`, (b: Builder) => {
    const q = b.insertInto('client_storage').values({
      tenant_id: param('tenant'),
      scope: param('scope'),
      workspace_id: param('workspace'),
      user_id: param('user'),
      client_id: param('client'),
      namespace: param('namespace'),
      key: param('key'),
      value: param('value'),
      created_at: param<number>('now'),
      updated_at: param<number>('now'),
      version: param<number>('version'),
    });
    const pk = ['tenant_id', 'scope', 'workspace_id', 'user_id', 'client_id', 'namespace', 'key'] as const;
    return onConflict === 'nothing'
      ? q.onConflict((oc) => oc.columns(pk).doNothing())
      : // created_at is left as it is: only the value, the update time and the version move.
        q.onConflict((oc) =>
          oc.columns(pk).doUpdateSet((eb) => ({
            value: eb.ref('excluded.value'),
            updated_at: eb.ref('excluded.updated_at'),
            version: eb.ref('excluded.version'),
          })),
        );
  });
}

/** Entries of one user in one tenant, over the per-user scopes (an index range per scope). */
function countUserEntries(db: Db, tx: Executor, tenant: string, user: string): Promise<{ count: number } | undefined> {
  const t = db.template('storage.count-user', (b, d) =>
    b
      .selectFrom('client_storage')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('tenant_id', '=', param('tenant'))
      .where(d.inList('scope', param('scopes')))
      .where('workspace_id', '=', '')
      .where('user_id', '=', param('user')),
  );
  return tx.first(t, { tenant, user, scopes: perUserScopeNames });
}

/**
 * Creates the entry under the per-user cap. Creates of one user are serialised (an advisory
 * lock on PostgreSQL, the write lock on SQLite) so that racing creates cannot both pass the count.
 */
async function createCapped(
  db: Db,
  tx: Executor,
  k: EntryKey,
  args: Record<string, unknown>,
  onConflict: 'update' | 'nothing',
  cap: number,
): Promise<PutOutcome> {
  await tx.dialect.lockKey(tx, JSON.stringify(['client_storage', k.tenant, k.user]));
  // The entry may exist by now (created by a request that overtook this one): then this is an
  // update or a failed If-None-Match, and the cap does not apply.
  if (
    await tx.first(
      db.template('storage.exists', (b) => whereKey(b.selectFrom('client_storage').select('version'))),
      keyArgs(k),
    )
  ) {
    if (onConflict === 'nothing') return { status: 'precondition_failed' };
    await tx.run(updateTemplate(db, 'any'), args);
    return { status: 'written', version: args.version as number };
  }
  const row = await countUserEntries(db, tx, k.tenant, k.user);
  if (Number(row?.count ?? 0) >= cap) return { status: 'full' };
  // Creates of this user are serialised, so the entry is still absent; the check stays anyway.
  const changed = await tx.run(insertTemplate(db, onConflict), args);
  return changed ? { status: 'written', version: args.version as number } : { status: 'precondition_failed' };
}

export interface PutOptions {
  /** Compact JSON text of the value. */
  value: string;
  now: number;
  condition: WriteCondition;
  /** Entry cap for per-user scopes; 0 for none. */
  cap: number;
}

/** Written in the transaction of a write that took place (the audit row). */
export type Alongside = (tx: Executor) => Promise<void>;

export async function putEntry(db: Db, k: EntryKey, opts: PutOptions, alongside?: Alongside): Promise<PutOutcome> {
  return db.transaction(async (tx) => {
    const outcome = await put(db, tx, k, opts);
    if (outcome.status === 'written') await alongside?.(tx);
    return outcome;
  });
}

async function put(db: Db, tx: Executor, k: EntryKey, opts: PutOptions): Promise<PutOutcome> {
  const version = newVersion();
  const args = { ...keyArgs(k), value: opts.value, now: opts.now, version };
  const capped = opts.cap > 0 && perUserScopeNames.includes(k.scope);
  const { condition } = opts;

  if (condition.kind === 'match') {
    const list = condition.versions !== 'any';
    const changed = await tx.run(updateTemplate(db, list ? 'list' : 'any'), list ? { ...args, versions: condition.versions } : args);
    return changed ? { status: 'written', version } : { status: 'precondition_failed' };
  }

  if (condition.kind === 'absent') {
    if (capped) return createCapped(db, tx, k, args, 'nothing', opts.cap);
    const changed = await tx.run(insertTemplate(db, 'nothing'), args);
    return changed ? { status: 'written', version } : { status: 'precondition_failed' };
  }

  // Last write wins. Most writes replace an existing entry: one UPDATE.
  if (await tx.run(updateTemplate(db, 'any'), args)) return { status: 'written', version };
  if (capped) return createCapped(db, tx, k, args, 'update', opts.cap);
  await tx.run(insertTemplate(db, 'update'), args);
  return { status: 'written', version };
}

/** `versions`: delete only if the entry's version is one of these (If-Match); undefined: unconditionally. */
export async function deleteEntry(db: Db, k: EntryKey, versions?: number[] | 'any', alongside?: Alongside): Promise<DeleteOutcome> {
  const list = Array.isArray(versions);
  const t = db.template(`storage.delete:${list}`, (b, d) => {
    const q = whereKey(b.deleteFrom('client_storage'));
    return list ? q.where(d.inList('version', param('versions'))) : q;
  });
  return db.transaction(async (tx) => {
    const changed = await tx.run(t, list ? { ...keyArgs(k), versions } : keyArgs(k));
    if (changed) {
      await alongside?.(tx);
      return 'deleted';
    }
    return versions === undefined ? 'absent' : 'precondition_failed';
  });
}

export type KeyRow = Pick<Selectable<ClientStorageTable>, 'key' | 'created_at' | 'updated_at' | 'version'>;

const keyColumns: ColumnDef[] = [
  { name: 'key', type: 'string', description: 'The key.', sortable: true, from: { field: 'key' } },
  { name: 'created_at', type: 'time', description: 'When the entry was created.', sortable: false, from: { field: 'created_at' } },
  { name: 'updated_at', type: 'time', description: 'When the entry was last written.', sortable: false, from: { field: 'updated_at' } },
  { name: 'etag', type: 'string', description: "The entry's ETag, for If-Match.", sortable: false, from: { field: 'version' } },
];

/**
 * The keys of one namespace in byte order of the key (the primary key's order). Scope: the
 * namespace (tenant, scope, workspace, user, client, namespace).
 */
export const namespaceKeys = defineList({
  name: 'storage.keys',
  columns: keyColumns,
  columnSql: () => ({ key: 'key', created_at: 'created_at', updated_at: 'updated_at' }),
  tie: [],
  defaultSort: [{ column: 'key', dir: 'asc' }],
  filters: [],
  pageSize: 100,
  base: (b) => wherePrefix(b.selectFrom('client_storage').select(['key', 'created_at', 'updated_at', 'version'])),
  render: (_db, _scope, rows) => rows.map((r) => [r.key, rfc3339(r.created_at), rfc3339(r.updated_at), etagOf(r.version)]),
  query: { order: ['paging'] },
});
