// The columns other areas compute on stored objects (issue 34): the issue counts the findings keep,
// the risk reach and score. Inventory owns `entities`, so the statements naming it are here and in
// entity-rows.ts; what a column is set to comes from its computing area, which writes its
// subqueries over its own tables against the columns of the object (`UpdatedObject`).
// A leaf module: it imports only the platform and ingest's keys, so any area may call it.

import { objectKey, splitKey } from '../../ingest/batch-context.ts';
import { chunks, updateRows } from '../../platform/db/bulk.ts';
import { param } from '../../platform/db/database.ts';
import type { InventoryAt, ObjectRef } from './entities-store.ts';

/** The columns of the object being finished, as a correlated subquery names them; `column` qualifies one of its own. */
export interface UpdatedObject extends ObjectRef {
  column(name: string): string;
}

/**
 * A stored column of the objects that another area computes over its own tables (the findings'
 * issue counts, the risk score). It is computed in the statement that reads a touched object's row
 * to render it (entity-rows.ts), so the object is written once, with its new values and its new
 * row together: on PostgreSQL each write of a row is a new row version with an entry in each of
 * the ~20 indexes covering it.
 */
export interface ComputedColumn {
  column: string;
  /** Its value as SQL over the object (an integer). */
  value: (object: UpdatedObject) => string;
  /** The kinds it is computed for; other kinds keep their stored value. All kinds when absent. */
  kinds?: readonly string[];
}

/** The SQL of the computed columns' new values over the entities aliased `alias`, as `new_<column>`. */
export function computedColumnsSql(computed: readonly ComputedColumn[], alias: string): string {
  const object: UpdatedObject = {
    tenant: `${alias}.tenant_id`,
    workspace: `${alias}.workspace_id`,
    kind: `${alias}.kind`,
    id: `${alias}.id`,
    column: (name) => `${alias}.${name}`,
  };
  return computed
    .map((c) => {
      const value = `cast(${c.value(object)} as integer)`;
      const kinds = c.kinds?.map((k) => `'${k}'`).join(', ');
      return `${kinds ? `case when ${alias}.kind in (${kinds}) then ${value} else ${alias}.${c.column} end` : value} as new_${c.column}`;
    })
    .join(', ');
}

/** The stored risk reach of these objects (`objectKey` → reach); objects not stored are absent. */
export async function storedReach(at: InventoryAt, keys: string[]): Promise<Map<string, number>> {
  const { db, tx, tenant, workspace } = at;
  const t = db.template('risk.stored-reach', (b, d) =>
    b
      .selectFrom('entities')
      .select(['kind', 'id', 'risk_reach'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inKeys(['kind', 'id'], param('keys'))),
  );
  const out = new Map<string, number>();
  for (const part of chunks(keys)) {
    const rows = await tx.all(t, {
      tenant,
      workspace,
      keys: JSON.stringify(part.map(splitKey)),
    });
    for (const r of rows) out.set(objectKey(r.kind, r.id), Number(r.risk_reach));
  }
  return out;
}

/** Stores the risk reach of objects: `[kind, id, reach]` rows. */
export function storeReach(at: InventoryAt, rows: unknown[][]): Promise<void> {
  return updateRows(at.db, at.tx, 'entities', at, ['kind', 'id'], [{ column: 'risk_reach', type: 'bigint' }], rows);
}
