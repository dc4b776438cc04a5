// The reads of stored objects other areas need (issue 34): inventory owns `entities` and
// `kind_counts`, so the writers of findings, advisories, posture, probes, runtime and the
// dashboard ask here instead of selecting the tables. Each read is named by what its callers need
// and compiled once per shape (db.template); the statements are those the callers ran before.
// A leaf module: it imports only the platform and ingest's keys, so any area may call it.

import { type SelectQueryBuilder, sql } from 'kysely';
import { splitKey } from '../../ingest/batch-context.ts';
import { chunks } from '../../platform/db/bulk.ts';
import type { Builder, Db, Executor } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { scopeArgs, scopeShape, whereScope, type WorkspaceScope } from '../../platform/db/workspace-scope.ts';

/** Where objects are read: a batch's transaction, or the database itself, in one workspace. */
export interface InventoryAt {
  db: Db;
  tx: Executor;
  tenant: string;
  workspace: string;
}

/** A stored object as other areas read it; `attributes` as the engine returns it (JSON text on SQLite, parsed on PostgreSQL). */
export interface StoredObject {
  kind: string;
  id: string;
  name: string;
  attributes: unknown;
  first_seen: number;
}

/** The columns naming an object in another table's row (or the object itself, in an update of it), as SQL text. */
export interface ObjectRef {
  tenant: string;
  workspace: string;
  kind: string;
  id: string;
}

/** SQL text joining the objects the inventory holds (as `e`) to a row naming one by `o`: the rows of objects not held drop out. */
export function heldObjectJoin(o: ObjectRef): string {
  return `join entities e on e.tenant_id = ${o.tenant} and e.workspace_id = ${o.workspace} and e.kind = ${o.kind} and e.id = ${o.id}`;
}

/** The number of objects of each kind in one workspace (`$tenant`, `$workspace`), as a statement to run. */
export function kindCountsOfWorkspace(b: Builder) {
  return b
    .selectFrom('kind_counts')
    .select(['kind', 'count'])
    .where('tenant_id', '=', param('tenant'))
    .where('workspace_id', '=', param('workspace'));
}

/** The objects of these keys (`objectKey`) that are stored, in no order. */
export async function objectsByKeys(at: InventoryAt, keys: string[]): Promise<StoredObject[]> {
  const { db, tx, tenant, workspace } = at;
  const t = db.template('inventory.objects-by-key', (b, d) =>
    b
      .selectFrom('entities')
      .select(['kind', 'id', 'name', 'attributes', 'first_seen'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inKeys(['kind', 'id'], param('keys'))),
  );
  const out: StoredObject[] = [];
  for (const part of chunks(keys)) out.push(...(await tx.all(t, { tenant, workspace, keys: JSON.stringify(part.map(splitKey)) })));
  return out;
}

/** Every object of a kind in the workspace. */
export function objectsOfKind(at: InventoryAt, kind: string): Promise<Omit<StoredObject, 'kind'>[]> {
  const t = at.db.template('inventory.objects-of-kind', (b) =>
    b
      .selectFrom('entities')
      .select(['id', 'name', 'attributes', 'first_seen'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('kind', '=', param('kind')),
  );
  return at.tx.all(t, { tenant: at.tenant, workspace: at.workspace, kind });
}

/** The objects of these kinds whose attributes hold any of `members` (the member names are fixed by the caller's code). */
export function objectsHolding(at: InventoryAt, kinds: string[], members: readonly string[]): Promise<Omit<StoredObject, 'first_seen'>[]> {
  const t = at.db.template(`inventory.objects-holding:${members.join(',')}`, (b, d) =>
    sql<Omit<StoredObject, 'first_seen'>>`select kind, id, name, attributes from entities
      where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')} and ${d.inList('kind', param('kinds'))}
        and (${sql.join(
          members.map((m) => sql`${sql.raw(d.jsonMember('attributes', m))} is not null`),
          sql` or `,
        )})`.compile(b),
  );
  return at.tx.all(t, { tenant: at.tenant, workspace: at.workspace, kinds });
}

/** The objects of a kind with one of these names, exactly as written. */
export async function objectsNamed(at: InventoryAt, kind: string, names: string[]): Promise<Omit<StoredObject, 'kind' | 'first_seen'>[]> {
  const t = at.db.template('inventory.objects-named', (b, d) =>
    b
      .selectFrom('entities')
      .select(['id', 'name', 'attributes'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('kind', '=', param('kind'))
      .where(d.inList('name', param('names'))),
  );
  const out: Omit<StoredObject, 'kind' | 'first_seen'>[] = [];
  for (const part of chunks(names)) out.push(...(await at.tx.all(t, { tenant: at.tenant, workspace: at.workspace, kind, names: part })));
  return out;
}

/** The objects of a kind whose name is `name` in any case, by id (over the `name_lower` index). */
export function objectsNamedAnyCase(at: InventoryAt, kind: string, name: string): Promise<Array<{ id: string; attributes: unknown }>> {
  const t = at.db.template('inventory.objects-named-any-case', (b) =>
    sql<{
      id: string;
      attributes: unknown;
    }>`select id, attributes from entities where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')}
      and kind = ${param('kind')} and name_lower = ${param('name')} order by id`.compile(b),
  );
  return at.tx.all(t, { tenant: at.tenant, workspace: at.workspace, kind, name: name.toLowerCase() });
}

/** The objects of a kind whose string attribute `member` (fixed by the caller's code) is `value`. */
export function objectsWithAttribute(
  at: InventoryAt,
  kind: string,
  member: string,
  value: string,
): Promise<Omit<StoredObject, 'kind' | 'first_seen'>[]> {
  const t = at.db.template(`inventory.objects-with-attribute:${member}`, (b, d) =>
    sql<
      Omit<StoredObject, 'kind' | 'first_seen'>
    >`select id, name, attributes from entities where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')}
      and kind = ${param('kind')} and ${sql.raw(d.jsonValue('attributes', member, 'string'))} = ${param('value')}`.compile(b),
  );
  return at.tx.all(t, { tenant: at.tenant, workspace: at.workspace, kind, value });
}

/** The objects of a kind whose id or name is one of `values`, by id: each value to the id it names (an id before a name). */
export async function idsByIdOrName(at: InventoryAt, kind: string, values: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (values.length === 0) return out;
  const t = at.db.template('inventory.ids-by-id-or-name', (b, d) =>
    b
      .selectFrom('entities')
      .select(['id', 'name'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('kind', '=', param('kind'))
      .where((eb) => eb.or([d.inList('id', param('values')), d.inList('name', param('values'))]))
      .orderBy('id'),
  );
  for (const part of chunks(values)) {
    const rows = await at.tx.all(t, { tenant: at.tenant, workspace: at.workspace, kind, values: part });
    for (const r of rows) if (!out.has(r.name)) out.set(r.name, r.id);
    for (const r of rows) if (part.includes(r.id)) out.set(r.id, r.id);
  }
  return out;
}

/** The inventory name of an object, or null when the inventory does not hold it. */
export async function objectName(db: Db, tenant: string, workspace: string, kind: string, id: string): Promise<string | null> {
  const t = db.template('inventory.object-name', (b) =>
    b
      .selectFrom('entities')
      .select('name')
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('kind', '=', param('kind'))
      .where('id', '=', param('id')),
  );
  return (await db.first(t, { tenant, workspace, kind, id }))?.name ?? null;
}

/** True when the database holds no object at all (a fresh install). */
export async function holdsNoObject(db: Db): Promise<boolean> {
  const t = db.template('inventory.any-object', (b) =>
    b.selectFrom('entities').select('id').where('tenant_id', '!=', param('none')).limit(1),
  );
  return (await db.first(t, { none: '' })) === undefined;
}

/** True when a workspace of the scope holds an object of this kind and id. */
export async function objectHeld(db: Db, scope: WorkspaceScope, kind: string, id: string): Promise<boolean> {
  const shape = scopeShape(scope);
  // From the workspaces holding the kind (kind_counts), one probe of the primary key each.
  const t = db.template(`inventory.object-held:${shape}`, (b, d) =>
    whereScope(
      b
        .selectFrom('kind_counts as k')
        .crossJoin('entities as e')
        .select('e.id')
        .where('k.tenant_id', '=', param('tenant'))
        .where('k.kind', '=', param('kind'))
        .whereRef('e.tenant_id', '=', 'k.tenant_id')
        .whereRef('e.workspace_id', '=', 'k.workspace_id')
        .whereRef('e.kind', '=', 'k.kind')
        .where('e.id', '=', param('id')),
      d,
      shape,
      'k.workspace_id',
    ).limit(1),
  );
  return (await db.first(t, { ...scopeArgs(scope), kind, id })) !== undefined;
}

/** The number of objects of each kind over the workspaces of the scope (kinds without objects are absent). */
export async function objectsPerKind(db: Db, scope: WorkspaceScope): Promise<Map<string, number>> {
  const shape = scopeShape(scope);
  const t = db.template(`inventory.objects-per-kind:${shape}`, (b, d) =>
    whereScope(
      b
        .selectFrom('kind_counts')
        .select(['kind', sql<number>`sum(count)`.as('n')])
        .where('tenant_id', '=', param('tenant')),
      d,
      shape,
      'workspace_id',
    ).groupBy('kind'),
  );
  return new Map((await db.all(t, scopeArgs(scope))).map((r) => [r.kind, Number(r.n)]));
}

/**
 * The SQL of the number of objects (of one kind, or of all) in the workspace of the row `w`
 * (`w.tenant_id`, `w.workspace_id`): a scalar subquery over kind_counts for a list's columns.
 * `kind` is a catalogue kind, fixed by the caller's code, never a request's value.
 */
export function objectCountSql(kind: string | null): string {
  return `coalesce((select ${kind ? 'k.count' : 'sum(k.count)'} from kind_counts k where k.tenant_id = w.tenant_id and k.workspace_id = w.workspace_id${kind ? ` and k.kind = '${kind}'` : ''}), 0)`;
}

export interface ObjectAtRisk {
  workspace_id: string;
  id: string;
  name: string;
  critical_issues: number;
  high_issues: number;
  total_issues: number;
  risk_score: number;
}

/** The objects of a kind at risk (a score above 0), highest risk score first, then most critical issues, then high, then any. */
export async function objectsAtRisk(db: Db, scope: WorkspaceScope, kind: string, limit: number): Promise<ObjectAtRisk[]> {
  const shape = scopeShape(scope);
  const t = db.template(`inventory.at-risk:${shape}:${limit}`, (b, d) =>
    whereScope(
      b
        .selectFrom('entities')
        .select(['workspace_id', 'id', 'name', 'critical_issues', 'high_issues', 'total_issues', 'risk_score'])
        .where('tenant_id', '=', param('tenant'))
        .where('kind', '=', param('kind'))
        .where('risk_score', '>', 0),
      d,
      shape,
      'workspace_id',
    )
      .orderBy('risk_score', 'desc')
      .orderBy('critical_issues', 'desc')
      .orderBy('high_issues', 'desc')
      .orderBy('total_issues', 'desc')
      .orderBy('workspace_id')
      .orderBy('id')
      .limit(sql.lit(limit)),
  );
  return db.all(t, { ...scopeArgs(scope), kind });
}

/** How a row names its object: its table's alias, the column of the object's kind (or the kind itself) and of its id. */
export interface ObjectColumns {
  alias: string;
  kind: { column: string } | { is: string };
  id: string;
}

/**
 * Joins each row of `q` to its object as `e` (left: null when the inventory does not hold it) on
 * the row's tenant, workspace, kind and id, and selects the object's `name`. For list pages that
 * show an object's name beside rows of another area: the join is the statement they ran before,
 * and `e.name` stays there for their sorts and filters.
 */
export function withObjectName<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  row: ObjectColumns,
): SelectQueryBuilder<DB, TB, O & { name: string | null }> {
  const a = row.alias;
  const kind = row.kind;
  // The caller's tables are not known here: the join is typed against the schema alone.
  const joined = (q as unknown as SelectQueryBuilder<Database, 'entities', object>).leftJoin('entities as e', (j) => {
    const scoped = j.onRef('e.tenant_id', '=', `${a}.tenant_id` as never).onRef('e.workspace_id', '=', `${a}.workspace_id` as never);
    const kinded = 'is' in kind ? scoped.on('e.kind', '=', kind.is) : scoped.onRef('e.kind', '=', `${a}.${kind.column}` as never);
    return kinded.onRef('e.id', '=', `${a}.${row.id}` as never);
  });
  return joined.select('e.name') as unknown as SelectQueryBuilder<DB, TB, O & { name: string | null }>;
}

/** An object as an export reads it, a page at a time. */
export interface ExportedObject {
  id: string;
  name: string;
  attributes: unknown;
  first_seen: number;
  last_seen: number;
}

/** The objects of one kind after id `after` (none: ''), at most `limit`, in id order (the primary key's). */
export function objectPage(at: InventoryAt, kind: string, after: string, limit: number): Promise<ExportedObject[]> {
  const t = at.db.template('inventory.object-page', (b) =>
    b
      .selectFrom('entities')
      .select(['id', 'name', 'attributes', 'first_seen', 'last_seen'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('kind', '=', param('kind'))
      .where('id', '>', param('after'))
      .orderBy('id')
      .limit(param<number>('limit')),
  );
  return at.tx.all(t, { tenant: at.tenant, workspace: at.workspace, kind, after, limit });
}

/** The stored attributes of the objects of one kind with these ids (one chunk, as a page holds). */
export function attributesOf(at: InventoryAt, kind: string, ids: string[]): Promise<Array<{ id: string; attributes: unknown }>> {
  const t = at.db.template('inventory.attributes-of', (b, d) =>
    b
      .selectFrom('entities')
      .select(['id', 'attributes'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('kind', '=', param('kind'))
      .where(d.inList('id', param('ids'))),
  );
  return at.tx.all(t, { tenant: at.tenant, workspace: at.workspace, kind, ids });
}

/**
 * The names of the objects of one kind with these ids (one chunk), as `kind = ? and id in (…)`:
 * with both the kind and the id as a row value, SQLite may read the kind's whole name index
 * instead of probing the primary key.
 */
export function namesByIds(at: InventoryAt, kind: string, ids: string[]): Promise<Array<{ id: string; name: string }>> {
  const t = at.db.template('inventory.names-of', (b, d) =>
    b
      .selectFrom('entities')
      .select(['id', 'name'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('kind', '=', param('kind'))
      .where(d.inKeys(['id'], param('ids'))),
  );
  return at.tx.all(t, { tenant: at.tenant, workspace: at.workspace, kind, ids: JSON.stringify(ids.map((id) => [id])) });
}
