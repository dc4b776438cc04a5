// Reading the inventory graph: entity lists, one entity, and relation edges, all shaped by the
// catalogue. Each query is a keyset page over an index chosen by the sort column.

import { sql } from 'kysely';
import type { ColumnDef, EdgeDef, KindDef } from '../../catalog/types.ts';
import { kindByName, relationByName } from '../../catalog/kinds.ts';
import { keysetPage, type KeysetPage, type SortDir } from '../../platform/db/paging/keyset.ts';
import type { SortKey } from '../../platform/db/paging/cursor.ts';
import { rfc3339 } from '../../platform/values.ts';
import type { Builder, Db } from '../../platform/db/database.ts';
import type { SqlDialect } from '../../platform/db/dialect.ts';
import { param, readJson } from '../../platform/db/database.ts';
import { sortExpression } from './entity-sql.ts';

export interface EntityRow extends Record<string, unknown> {
  id: string;
  name: string;
  attributes: unknown;
  first_seen: number;
  last_seen: number;
  critical_issues: number;
  high_issues: number;
  total_issues: number;
  edge_counts: unknown;
}

const entityColumns = [
  'id', 'name', 'attributes', 'first_seen', 'last_seen', 'critical_issues', 'high_issues', 'total_issues', 'edge_counts',
] as const;

/** Turns a stored entity into the row its kind's header describes. */
export function entityFormatter(kind: KindDef): (row: EntityRow) => unknown[] {
  const getters = kind.columns.map((c): ((row: EntityRow, attrs: Record<string, unknown>, counts: Record<string, number>) => unknown) => {
    const from = c.from;
    if ('field' in from) {
      const f = from.field;
      return c.type === 'time' ? (row) => rfc3339(row[f] as number) : (row) => row[f];
    }
    if ('attribute' in from) {
      const a = from.attribute;
      return (_row, attrs) => attrs[a] ?? null;
    }
    const e = from.edgeCount;
    return (_row, _attrs, counts) => counts[e] ?? 0;
  });
  return (row) => {
    const attrs = readJson<Record<string, unknown>>(row.attributes) ?? {};
    const counts = readJson<Record<string, number>>(row.edge_counts) ?? {};
    return getters.map((g) => g(row, attrs, counts));
  };
}

export interface PageRequest {
  tenant: string;
  workspace: string;
  sort: ColumnDef;
  dir: SortDir;
  /** Lower-cased substring the name must contain. */
  needle?: string;
  after: SortKey | null;
  limit: number;
}

function nameFilter(d: SqlDialect, table = '') {
  return d.contains(`${table}name_lower`, param('needle'));
}

/** A listed entity: its id and its stored row (see entity-rows.ts). */
export interface StoredRow extends Record<string, unknown> {
  id: string;
  kind: string;
  row_json: string | null;
}

export async function listEntities(db: Db, kind: KindDef, req: PageRequest): Promise<KeysetPage<StoredRow>> {
  const filtered = req.needle !== undefined;
  return keysetPage<StoredRow>(db, {
    // The kind is a literal: the partial index of an attribute or count column names it.
    key: `inventory.list:${kind.name}:${filtered}`,
    base: (b: Builder, d) => {
      let q = b.selectFrom('entities').select(['id', 'kind', 'row_json'])
        .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace'))
        .where('kind', '=', sql.lit(kind.name));
      if (filtered) q = q.where(nameFilter(d));
      return q;
    },
    sort: sortExpression(db.dialect, req.sort),
    tie: 'id',
    dir: req.dir,
  }, { tenant: req.tenant, workspace: req.workspace, needle: req.needle }, req.after, req.limit);
}

export async function countEntities(db: Db, kind: KindDef, tenant: string, workspace: string, needle?: string): Promise<number> {
  if (needle === undefined) {
    // Kept current at ingest, so an unfiltered total is one primary-key lookup.
    const t = db.template('inventory.count', (b) => b.selectFrom('kind_counts').select('count')
      .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where('kind', '=', param('kind')));
    const row = await db.first<{ count: number }>(t, { tenant, workspace, kind: kind.name });
    return Number(row?.count ?? 0);
  }
  const t = db.template('inventory.count-filtered', (b, d) => b.selectFrom('entities').select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace'))
    .where('kind', '=', param('kind')).where(nameFilter(d)));
  const row = await db.first<{ count: number }>(t, { tenant, workspace, kind: kind.name, needle });
  return Number(row?.count ?? 0);
}

export async function getEntity(db: Db, kind: KindDef, tenant: string, workspace: string, id: string): Promise<(EntityRow & { row_json: string | null }) | undefined> {
  const t = db.template('inventory.get', (b) => b.selectFrom('entities').select([...entityColumns, 'row_json'])
    .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace'))
    .where('kind', '=', param('kind')).where('id', '=', param('id')));
  return db.first<EntityRow & { row_json: string | null }>(t, { tenant, workspace, kind: kind.name, id });
}

export function relationOf(edge: EdgeDef): { relation: string; direction: 'out' | 'in' } {
  if (!('relation' in edge.via)) throw new Error(`edge ${edge.name} is not a relation edge`);
  return edge.via;
}

/** The join from `relations` to the neighbour entities of one object over one relation edge. */
function edgeBase(b: Builder, d: SqlDialect, direction: 'out' | 'in', filtered: boolean) {
  const [near, far] = direction === 'out' ? ['from', 'to'] as const : ['to', 'from'] as const;
  // CROSS JOIN fixes the order on SQLite: relations (a few rows for this object) drive, entities
  // are probed by primary key. As an inner join SQLite may walk entities in ORDER BY order and
  // probe relations for each, which reads the whole kind to return a handful of rows.
  let q = b.selectFrom('relations as r')
    .crossJoin('entities as e')
    .whereRef('e.tenant_id', '=', 'r.tenant_id').whereRef('e.workspace_id', '=', 'r.workspace_id')
    .whereRef('e.kind', '=', `r.${far}_kind`).whereRef('e.id', '=', `r.${far}_id`)
    .where('r.tenant_id', '=', param('tenant')).where('r.workspace_id', '=', param('workspace'))
    .where(`r.${near}_kind`, '=', param('kind')).where(`r.${near}_id`, '=', param('id'))
    .where('r.relation', '=', param('relation')).where(`r.${far}_kind`, '=', param('target'));
  if (filtered) q = q.where(nameFilter(d, 'e.'));
  return q;
}

function edgeArgs(kind: KindDef, edge: EdgeDef, tenant: string, workspace: string, id: string, needle?: string) {
  return { tenant, workspace, kind: kind.name, id, relation: relationOf(edge).relation, target: edge.target, needle };
}

/** A page of neighbours; on a first page the same statement counts them all (`total`). */
export async function listRelationEdge(
  db: Db, kind: KindDef, edge: EdgeDef, id: string, req: PageRequest,
): Promise<KeysetPage<StoredRow>> {
  const { direction } = relationOf(edge);
  const filtered = req.needle !== undefined;
  return keysetPage<StoredRow>(db, {
    key: `inventory.edge:${direction}:${filtered}`,
    base: (b, d) => edgeBase(b, d, direction, filtered).select(['e.id', 'e.kind', 'e.row_json']),
    sort: sortExpression(db.dialect, req.sort, 'e'),
    tie: 'e.id',
    dir: req.dir,
  }, edgeArgs(kind, edge, req.tenant, req.workspace, id, req.needle), req.after, req.limit, true);
}

/**
 * The stored rows as JSON text. A row not rendered yet (written by an older version while this
 * one was starting) is rendered on the spot from the entity.
 */
export async function rowsJson(db: Db, tenant: string, workspace: string, rows: StoredRow[]): Promise<string[]> {
  const out: string[] = [];
  for (const r of rows) {
    if (r.row_json !== null) { out.push(r.row_json); continue; }
    const kind = kindByName.get(r.kind)!;
    const full = await getEntity(db, kind, tenant, workspace, r.id);
    out.push(full ? JSON.stringify(entityFormatter(kind)(full)) : '[]');
  }
  return out;
}

export async function countRelationEdge(
  db: Db, kind: KindDef, edge: EdgeDef, tenant: string, workspace: string, id: string, needle?: string,
): Promise<number> {
  const { direction } = relationOf(edge);
  const filtered = needle !== undefined;
  const t = db.template(`inventory.edge-count:${direction}:${filtered}`, (b, d) =>
    edgeBase(b, d, direction, filtered).select((eb) => eb.fn.countAll<number>().as('count')));
  const row = await db.first<{ count: number }>(t, edgeArgs(kind, edge, tenant, workspace, id, needle));
  return Number(row?.count ?? 0);
}

/** The target kind of a relation edge (leaf kinds included). */
export function targetKind(edge: EdgeDef): KindDef {
  const k = kindByName.get(edge.target);
  if (!k) throw new Error(`edge ${edge.name} targets ${edge.target}, which is not a kind`);
  return k;
}

export function isRelationEdge(edge: EdgeDef): boolean {
  return 'relation' in edge.via && relationByName.has(edge.via.relation);
}
