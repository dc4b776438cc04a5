// Which objects a batch can have changed a control's answer on: the objects to re-read it for.
// A list control's row depends on its object's stored row and, through each related filter
// (`models.provider`), on the neighbours over that filter's relation; a paths control's answer on
// a start object depends on the objects and relations within `max_hops` of it. Every object whose
// row, relations or findings changed is in the batch's touched sets (a relation written or deleted
// touches both its ends), so walking back from the touched objects — over the related filters'
// relations, or over up to `max_hops` relations for a path — gives every object whose answer can
// differ. The answer on any other object is what it was, so its finding is left as it is. This is
// posture's walk (src/areas/posture/affected.ts) applied to the control's query.

import { objectKey, splitKey } from '../../ingest/batch-context.ts';
import { chunks } from '../../platform/db/bulk.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import { sql } from 'kysely';
import type { ReadQuery } from './query.ts';

/**
 * Above this many candidates the control is read whole: one full read then costs less than
 * binding the ids, and the walk itself stops growing.
 */
export const MAX_CANDIDATES = 20_000;

export interface Scope {
  db: Db;
  tx: Executor;
  tenant: string;
  workspace: string;
}

/** Neighbours of `keys` over any relation, followed against (`in`) or along (`out`) its direction, or both. */
async function neighbours(s: Scope, keys: string[], way: 'in' | 'out' | 'any'): Promise<string[]> {
  const out: string[] = [];
  const ends: Array<['from' | 'to', 'to' | 'from']> = [];
  if (way !== 'in') ends.push(['from', 'to']);
  if (way !== 'out') ends.push(['to', 'from']);
  for (const [near, far] of ends) {
    const t = s.db.template(`controls.neighbours:${near}`, (b, d) =>
      sql<{ k: string; i: string }>`
      select ${sql.ref(`${far}_kind`)} as k, ${sql.ref(`${far}_id`)} as i from relations
      where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')}
        and ${d.inKeys([`${near}_kind`, `${near}_id`], param('keys'))}`.compile(b),
    );
    for (const part of chunks(keys)) {
      const rows = await s.tx.all<{ k: string; i: string }>(t, {
        tenant: s.tenant,
        workspace: s.workspace,
        keys: JSON.stringify(part.map(splitKey)),
      });
      for (const r of rows) out.push(objectKey(r.k, r.i));
    }
  }
  return out;
}

/** Neighbours of `keys` over one relation, against (`in`) or along (`out`) it, of one kind. */
async function overRelation(s: Scope, keys: string[], relation: string, way: 'in' | 'out', kind: string): Promise<string[]> {
  const [near, far] = way === 'out' ? (['from', 'to'] as const) : (['to', 'from'] as const);
  const t = s.db.template(`controls.over:${near}`, (b, d) =>
    sql<{ i: string }>`
    select ${sql.ref(`${far}_id`)} as i from relations
    where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')}
      and ${d.inKeys([`${near}_kind`, `${near}_id`], param('keys'))}
      and relation = ${param('relation')} and ${sql.ref(`${far}_kind`)} = ${param('kind')}`.compile(b),
  );
  const out: string[] = [];
  for (const part of chunks(keys)) {
    const rows = await s.tx.all<{ i: string }>(t, {
      tenant: s.tenant,
      workspace: s.workspace,
      relation,
      kind,
      keys: JSON.stringify(part.map(splitKey)),
    });
    for (const r of rows) out.push(objectKey(kind, r.i));
  }
  return out;
}

/**
 * The objects of the query's kind whose answer may differ after the objects `changed` (grouped
 * by kind) changed, or 'all' when there are too many to be worth naming.
 */
export async function candidates(s: Scope, q: ReadQuery, changed: Map<string, string[]>): Promise<Set<string> | 'all'> {
  const kind = q.object.name;
  const out = new Set(changed.get(kind) ?? []);
  if (q.kind === 'list') {
    for (const f of q.filters) {
      const edge = f.decl.related;
      if (!edge) continue;
      // From the changed neighbours of the filter's kind back over its relation to this kind.
      const from = changed.get(edge.target) ?? [];
      if (from.length === 0) continue;
      for (const k of await overRelation(s, from, edge.relation, edge.direction === 'out' ? 'in' : 'out', kind)) out.add(k);
      if (out.size > MAX_CANDIDATES) return 'all';
    }
    return out;
  }
  // A path follows relations along their direction (`out`) or either way (`any`): walk back
  // against it from every changed object, at most `max_hops` relations, through objects of any
  // kind (a path's intermediate objects are not restricted to its `via` kinds).
  const way = q.paths.direction === 'out' ? 'in' : 'any';
  const seen = new Set<string>();
  let frontier: string[] = [];
  for (const keys of changed.values()) {
    for (const k of keys) {
      if (seen.has(k)) continue;
      seen.add(k);
      frontier.push(k);
    }
  }
  for (let hop = 0; hop < q.paths.maxHops && frontier.length; hop++) {
    const next: string[] = [];
    for (const k of await neighbours(s, frontier, way)) {
      if (seen.has(k)) continue;
      seen.add(k);
      next.push(k);
      if (splitKey(k)[0] === kind) out.add(k);
    }
    if (seen.size > MAX_CANDIDATES * 5 || out.size > MAX_CANDIDATES) return 'all';
    frontier = next;
  }
  return out;
}
