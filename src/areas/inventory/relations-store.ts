// The reads of stored relations other areas need (issue 34): inventory owns `relations`, so the
// walks of posture and controls and the MCP scanner's import ask here instead of selecting it.
// Each read follows relations from given objects, along (`out`) or against (`in`) their direction,
// over the index of that end (the primary key, or relations_reverse); compiled once per direction.
// A leaf module like entities-store.ts.

import { sql } from 'kysely';
import { objectKey, splitKey } from '../../ingest/batch-context.ts';
import { chunks } from '../../platform/db/bulk.ts';
import { param } from '../../platform/db/database.ts';
import type { InventoryAt } from './entities-store.ts';

/** The end a walk starts from, and the end it reaches. */
function ends(direction: 'out' | 'in'): ['from' | 'to', 'from' | 'to'] {
  return direction === 'out' ? ['from', 'to'] : ['to', 'from'];
}

/** The keys (`objectKey`) of the neighbours of `keys` over any relation, one per relation met (repeats kept). */
export async function neighbourKeys(at: InventoryAt, keys: string[], direction: 'out' | 'in'): Promise<string[]> {
  const [near, far] = ends(direction);
  const t = at.db.template(`inventory.neighbours:${near}`, (b, d) =>
    sql<{ k: string; i: string }>`
      select ${sql.ref(`${far}_kind`)} as k, ${sql.ref(`${far}_id`)} as i from relations
      where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')}
        and ${d.inKeys([`${near}_kind`, `${near}_id`], param('keys'))}`.compile(b),
  );
  const out: string[] = [];
  for (const part of chunks(keys)) {
    const rows = await at.tx.all(t, {
      tenant: at.tenant,
      workspace: at.workspace,
      keys: JSON.stringify(part.map(splitKey)),
    });
    for (const r of rows) out.push(objectKey(r.k, r.i));
  }
  return out;
}

/** The ids of the neighbours of `keys` of one kind over one relation. */
export async function neighbourIds(
  at: InventoryAt,
  keys: string[],
  relation: string,
  direction: 'out' | 'in',
  kind: string,
): Promise<string[]> {
  const [near, far] = ends(direction);
  const t = at.db.template(`inventory.neighbour-ids:${near}`, (b, d) =>
    sql<{ i: string }>`
    select ${sql.ref(`${far}_id`)} as i from relations
    where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')}
      and ${d.inKeys([`${near}_kind`, `${near}_id`], param('keys'))}
      and relation = ${param('relation')} and ${sql.ref(`${far}_kind`)} = ${param('kind')}`.compile(b),
  );
  const out: string[] = [];
  for (const part of chunks(keys)) {
    const rows = await at.tx.all(t, {
      tenant: at.tenant,
      workspace: at.workspace,
      relation,
      kind,
      keys: JSON.stringify(part.map(splitKey)),
    });
    for (const r of rows) out.push(r.i);
  }
  return out;
}

/** One relation followed from an object: the object (`k`, `i`), the neighbour (`nk`, `ni`) and when the relation was first seen (`fs`). */
export interface Step {
  k: string;
  i: string;
  nk: string;
  ni: string;
  fs: number;
}

/** The relations of one name from `keys` (one chunk of at most `chunks`' size), each with both its ends. */
export function stepsOver(at: InventoryAt, keys: string[], relation: string, direction: 'out' | 'in'): Promise<Step[]> {
  const [near, far] = ends(direction);
  const t = at.db.template(`inventory.steps:${direction}`, (b, d) =>
    sql<Step>`
        select ${sql.ref(`${near}_kind`)} as k, ${sql.ref(`${near}_id`)} as i, ${sql.ref(`${far}_kind`)} as nk, ${sql.ref(`${far}_id`)} as ni,
          first_seen as fs
        from relations where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')} and relation = ${param('relation')}
          and ${d.inKeys([`${near}_kind`, `${near}_id`], param('keys'))}`.compile(b),
  );
  return at.tx.all(t, { tenant: at.tenant, workspace: at.workspace, relation, keys: JSON.stringify(keys.map(splitKey)) });
}

/** The neighbours of objects of `fromKind` over one relation to `toKind` that are stored, with their names: from-id, neighbour id and name. */
export async function namedNeighbours(
  at: InventoryAt,
  fromKind: string,
  fromIds: string[],
  relation: string,
  toKind: string,
): Promise<Array<{ from: string; id: string; name: string }>> {
  const t = at.db.template('inventory.named-neighbours', (b, d) =>
    b
      .selectFrom('relations as r')
      .innerJoin('entities as e', (j) =>
        j
          .onRef('e.tenant_id', '=', 'r.tenant_id')
          .onRef('e.workspace_id', '=', 'r.workspace_id')
          .onRef('e.kind', '=', 'r.to_kind')
          .onRef('e.id', '=', 'r.to_id'),
      )
      .select(['r.from_id as from', 'e.id as id', 'e.name as name'])
      .where('r.tenant_id', '=', param('tenant'))
      .where('r.workspace_id', '=', param('workspace'))
      .where('r.from_kind', '=', param('fromKind'))
      .where('r.relation', '=', param('relation'))
      .where('r.to_kind', '=', param('toKind'))
      .where(d.inList('r.from_id', param('ids'))),
  );
  const out: Array<{ from: string; id: string; name: string }> = [];
  for (const part of chunks(fromIds))
    out.push(
      ...(await at.tx.all(t, {
        tenant: at.tenant,
        workspace: at.workspace,
        fromKind,
        relation,
        toKind,
        ids: part,
      })),
    );
  return out;
}

/**
 * Every relation of one name to objects of one kind in the workspace, with the stored attributes
 * of the object it reaches: from-kind, from-id, the object's id and attributes. The relation and
 * kind are fixed by the caller's code and written into the statement, as they were where it ran.
 */
export function reachedWithAttributes(
  at: InventoryAt,
  relation: string,
  toKind: string,
): Promise<Array<{ from_kind: string; from_id: string; id: string; attributes: unknown }>> {
  const t = at.db.template(`inventory.reached-with-attributes:${relation}:${toKind}`, (b) =>
    sql<{
      from_kind: string;
      from_id: string;
      id: string;
      attributes: unknown;
    }>`select r.from_kind, r.from_id, e.id, e.attributes from relations r
      join entities e on e.tenant_id = r.tenant_id and e.workspace_id = r.workspace_id and e.kind = ${sql.lit(toKind)} and e.id = r.to_id
      where r.tenant_id = ${param('tenant')} and r.workspace_id = ${param('workspace')}
        and r.to_kind = ${sql.lit(toKind)} and r.relation = ${sql.lit(relation)}`.compile(b),
  );
  return at.tx.all(t, { tenant: at.tenant, workspace: at.workspace });
}

/** The relations out of these objects of one kind (one page of them), by from-id, relation, to-kind and to-id. */
export function relationsOutOf(
  at: InventoryAt,
  kind: string,
  ids: string[],
): Promise<Array<{ from_id: string; relation: string; to_kind: string; to_id: string }>> {
  const t = at.db.template('inventory.relations-out-of', (b, d) =>
    b
      .selectFrom('relations')
      .select(['from_id', 'relation', 'to_kind', 'to_id'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('from_kind', '=', param('kind'))
      .where(d.inList('from_id', param('ids')))
      .orderBy('from_id')
      .orderBy('relation')
      .orderBy('to_kind')
      .orderBy('to_id'),
  );
  return at.tx.all(t, { tenant: at.tenant, workspace: at.workspace, kind, ids });
}

/** A relation by its primary key. */
export interface RelationKey {
  from_kind: string;
  from_id: string;
  relation: string;
  to_kind: string;
  to_id: string;
}

/** Every relation of the workspace after `after` (none: all empty), at most `limit`, in primary key order (so grouped by the object it starts from). */
export function relationPage(at: InventoryAt, after: RelationKey, limit: number): Promise<RelationKey[]> {
  const t = at.db.template('inventory.relation-page', (b) =>
    b
      .selectFrom('relations')
      .select(['from_kind', 'from_id', 'relation', 'to_kind', 'to_id'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(
        sql<boolean>`(from_kind, from_id, relation, to_kind, to_id) > (${param('k')}, ${param('i')}, ${param('r')}, ${param('tk')}, ${param('ti')})`,
      )
      .orderBy('from_kind')
      .orderBy('from_id')
      .orderBy('relation')
      .orderBy('to_kind')
      .orderBy('to_id')
      .limit(param<number>('limit')),
  );
  return at.tx.all(t, {
    tenant: at.tenant,
    workspace: at.workspace,
    k: after.from_kind,
    i: after.from_id,
    r: after.relation,
    tk: after.to_kind,
    ti: after.to_id,
    limit,
  });
}

/**
 * Every relation at these objects (`[kind, id]` pairs, one chunk) on one side: `out` from them,
 * `in` to them; each with the object (`nk`, `ni`), the relation and the object at its other end
 * (`fk`, `fi`). The graph's path search loads its steps with it.
 */
export function relationsAt(
  at: InventoryAt,
  objects: Array<[string, string]>,
  side: 'out' | 'in',
): Promise<Array<{ nk: string; ni: string; relation: string; fk: string; fi: string }>> {
  const [near, far] = ends(side);
  const t = at.db.template(`inventory.relations-at:${side}`, (b, d) =>
    b
      .selectFrom('relations')
      .select([`${near}_kind as nk`, `${near}_id as ni`, 'relation', `${far}_kind as fk`, `${far}_id as fi`])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inKeys([`${near}_kind`, `${near}_id`], param('keys'))),
  );
  return at.tx.all(t, { tenant: at.tenant, workspace: at.workspace, keys: JSON.stringify(objects) });
}
