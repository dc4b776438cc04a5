// Reading the inventory graph: one entity, the row its kind's header describes, and stored rows
// as JSON texts. The lists and edges are declared in lists.ts.

import type { KindDef } from '../../catalog/types.ts';
import { kindByName } from '../../catalog/kinds.ts';
import { rfc3339 } from '../../platform/values.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { EntitiesTable } from '../../platform/db/tables/inventory.ts';
import { param, readJson } from '../../platform/db/database.ts';

/** An entity as `entityColumns` reads it; list rows carry more columns (row[field] of a kind's column). */
export type EntityRow = Pick<Selectable<EntitiesTable>, (typeof entityColumns)[number]> & Record<string, unknown>;

/** The stored columns an entity row is rendered from (entityFormatter). */
export const entityColumns = [
  'id',
  'name',
  'attributes',
  'first_seen',
  'last_seen',
  'critical_issues',
  'high_issues',
  'total_issues',
  'risk_score',
  'edge_counts',
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

/** A listed entity: its id and its stored row (see entity-rows.ts). */
export type StoredRow = Pick<Selectable<EntitiesTable>, 'id' | 'kind' | 'row_json'> & Record<string, unknown>;

export async function getEntity(
  db: Db,
  kind: KindDef,
  tenant: string,
  workspace: string,
  id: string,
): Promise<(EntityRow & { row_json: string | null }) | undefined> {
  const t = db.template('inventory.get', (b) =>
    b
      .selectFrom('entities')
      .select([...entityColumns, 'row_json'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('kind', '=', param('kind'))
      .where('id', '=', param('id')),
  );
  return db.first(t, { tenant, workspace, kind: kind.name, id });
}

/** Entities kept per kind by ingest, so an unfiltered total is one primary-key lookup. */
export async function kindCount(db: Db, tenant: string, workspace: string, kind: string): Promise<number> {
  const t = db.template('inventory.count', (b) =>
    b
      .selectFrom('kind_counts')
      .select('count')
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('kind', '=', param('kind')),
  );
  return Number((await db.first(t, { tenant, workspace, kind }))?.count ?? 0);
}

/**
 * The stored rows as JSON text. A row not rendered yet (written by an older version while this
 * one was starting) is rendered on the spot from the entity.
 */
export async function rowsJson(db: Db, tenant: string, workspace: string, rows: StoredRow[]): Promise<string[]> {
  const out: string[] = [];
  for (const r of rows) {
    if (r.row_json !== null) {
      out.push(r.row_json);
      continue;
    }
    const kind = kindByName.get(r.kind)!;
    const full = await getEntity(db, kind, tenant, workspace, r.id);
    out.push(full ? JSON.stringify(entityFormatter(kind)(full)) : '[]');
  }
  return out;
}
