// The writes of the columns other areas compute on stored objects (issue 34): the issue counts the
// findings keep, the risk reach and score. Inventory owns `entities`, so the statements naming it
// are here; what a column is set to comes from its computing area, which writes its subqueries
// over its own tables against the columns of the object being updated (`UpdatedObject`). The
// statements are those the callers ran before, text for text.
// A leaf module: it imports only the platform and ingest's keys, so any area may call it.

import { type RawBuilder, sql } from 'kysely';
import { objectKey, splitKey } from '../../ingest/batch-context.ts';
import { chunks, updateRows } from '../../platform/db/bulk.ts';
import { param } from '../../platform/db/database.ts';
import type { InventoryAt, ObjectRef } from './entities-store.ts';

/** The columns of the object an update sets, as a correlated subquery names them. */
export type UpdatedObject = ObjectRef;

const updated: UpdatedObject = {
  tenant: 'entities.tenant_id',
  workspace: 'entities.workspace_id',
  kind: 'entities.kind',
  id: 'entities.id',
};

/**
 * Sets columns of the objects of these keys (`objectKey`) in one statement per chunk. `set` gives
 * the assignments after `set`, with their leading space, over the object's columns; `key` names
 * the statement (db.template).
 */
export async function updateObjects(
  at: InventoryAt,
  key: string,
  set: (object: UpdatedObject) => RawBuilder<unknown>,
  keys: string[],
): Promise<void> {
  const { db, tx, tenant, workspace } = at;
  const t = db.template(key, (b, d) =>
    sql`update entities set${set(updated)}
      where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')}
        and ${d.inKeys(['kind', 'id'], param('keys'))}`.compile(b),
  );
  for (const part of chunks(keys)) await tx.run(t, { tenant, workspace, keys: JSON.stringify(part.map(splitKey)) });
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
