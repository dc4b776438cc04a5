// Applying entity and relation records, and keeping the inventory's derived columns current:
// per-kind entity counts and per-entity neighbour counts for the catalogue's count columns.

import { sql } from 'kysely';
import { kindByName } from '../../catalog/kinds.ts';
import { param } from '../../platform/db/database.ts';
import type { EntityRecord, RelationRecord } from '../../ingest/records.ts';
import { type BatchContext, type Lined, objectKey, splitKey } from '../../ingest/batch-context.ts';
import { recordWriter } from '../../ingest/batch.ts';
import { bulkInsert, chunks, json, updateRows } from '../../platform/db/bulk.ts';
import { aliasDeclared, mergeSources, readExisting, refuseOverCap, sameFacts, withSources } from './sources.ts';

export async function applyEntities(ctx: BatchContext, records: Lined<EntityRecord>[]): Promise<void> {
  if (records.length === 0) return;
  const { tx, tenant, workspace, db } = ctx;
  // The last record of a key wins; repeated upserts widen first_seen/last_seen like the database does.
  const upserts = new Map<string, EntityRecord>();
  const deletes = new Map<string, EntityRecord>();
  for (const { record: r } of records) {
    const key = objectKey(r.kind, r.id);
    if (r.op === 'delete') {
      ctx.touchedForIssues.add(key);
      ctx.touchedKinds.add(r.kind);
      ctx.touchedForEdges.add(key);
      upserts.delete(key);
      deletes.set(key, r);
      continue;
    }
    deletes.delete(key);
    const prev = upserts.get(key);
    upserts.set(
      key,
      prev
        ? {
            ...r,
            firstSeen: Math.min(prev.firstSeen, r.firstSeen),
            lastSeen: Math.max(prev.lastSeen, r.lastSeen),
            attributes: withSources(r, prev),
          }
        : r,
    );
  }

  if (deletes.size) {
    const keys = [...deletes.keys()].map(splitKey);
    for (const part of chunks(keys)) {
      // Neighbours of a deleted object lose a relation, so their counts change too.
      const neighbours = db.template('ingest.entity-delete-neighbours', (b, d) =>
        sql<{ k: string; i: string }>`
        select r.to_kind as k, r.to_id as i from relations r where r.tenant_id = ${param('tenant')} and r.workspace_id = ${param('workspace')}
          and ${d.inKeys(['r.from_kind', 'r.from_id'], param('keys'))}
        union all
        select r.from_kind, r.from_id from relations r where r.tenant_id = ${param('tenant')} and r.workspace_id = ${param('workspace')}
          and ${d.inKeys(['r.to_kind', 'r.to_id'], param('keys'))}`.compile(b),
      );
      const args = { tenant, workspace, keys: JSON.stringify(part) };
      for (const n of await tx.all(neighbours, args)) ctx.touchedForEdges.add(objectKey(n.k, n.i));
      for (const side of ['from', 'to'] as const) {
        const del = db.template(`ingest.entity-delete-${side}`, (b, d) =>
          b
            .deleteFrom('relations')
            .where('tenant_id', '=', param('tenant'))
            .where('workspace_id', '=', param('workspace'))
            .where(d.inKeys([`${side}_kind`, `${side}_id`], param('keys'))),
        );
        await tx.run(del, args);
      }
      const delEntities = db.template('ingest.entity-delete', (b, d) =>
        b
          .deleteFrom('entities')
          .where('tenant_id', '=', param('tenant'))
          .where('workspace_id', '=', param('workspace'))
          .where(d.inKeys(['kind', 'id'], param('keys'))),
      );
      await tx.run(delEntities, args);
    }
  }

  // Who reported an object accumulates in its `sources`; telemetry adds to a declared object
  // without overwriting what was declared, and creates objects only up to the workspace's cap.
  if (upserts.size) {
    const existing = await readExisting(ctx, [...upserts.keys()]);
    await aliasDeclared(ctx, upserts, existing);
    await refuseOverCap(ctx, upserts, existing);
    for (const [key, r] of upserts) {
      const have = existing.get(key);
      const merged = mergeSources(r, have);
      upserts.set(key, merged);
      // An object seen again as it was (only its times move: telemetry's steady state) changes no
      // count, edge or verdict: only its stored row is rendered again.
      if (!have) ctx.touchedKinds.add(r.kind);
      if (!have || !sameFacts(have, merged)) ctx.touchedForEdges.add(key);
      // A new object's issue counts and score are computed (findings may have named it first); an
      // upsert leaves a stored object's as they are (findings and posture touch those they change),
      // so only its row is rendered again. Telemetry re-sends every object of every export.
      if (!have) ctx.touchedForIssues.add(key);
      else ctx.touchedRows.add(key);
    }
  }
  if (upserts.size && (await ctx.wants('object.discovered'))) await noteDiscovered(ctx, upserts);
  const e = tx.dialect;
  await bulkInsert(
    tx,
    'entities',
    [
      'tenant_id',
      'workspace_id',
      'kind',
      'id',
      'name',
      'name_lower',
      'attributes',
      'first_seen',
      'last_seen',
      'critical_issues',
      'high_issues',
      'total_issues',
      'edge_counts',
      'updated_at',
    ],
    [...upserts.values()].map((r) => [
      tenant,
      workspace,
      r.kind,
      r.id,
      r.name,
      r.name.toLowerCase(),
      json(r.attributes),
      r.firstSeen,
      r.lastSeen,
      0,
      0,
      0,
      '{}',
      ctx.now,
    ]),
    {
      keys: ['tenant_id', 'workspace_id', 'kind', 'id'],
      update: {
        name: 'excluded.name',
        name_lower: 'excluded.name_lower',
        attributes: 'excluded.attributes',
        first_seen: e.least('entities.first_seen', 'excluded.first_seen'),
        last_seen: e.greatest('entities.last_seen', 'excluded.last_seen'),
        updated_at: 'excluded.updated_at',
      },
    },
  );
}

/** The objects of `upserts` the workspace does not hold yet, announced as discovered (webhooks). */
async function noteDiscovered(ctx: BatchContext, upserts: Map<string, EntityRecord>): Promise<void> {
  const { tx, tenant, workspace, db } = ctx;
  const known = new Set<string>();
  for (const part of chunks([...upserts.keys()].map(splitKey))) {
    const t = db.template('ingest.entities-known', (b, d) =>
      b
        .selectFrom('entities')
        .select(['kind', 'id'])
        .where('tenant_id', '=', param('tenant'))
        .where('workspace_id', '=', param('workspace'))
        .where(d.inKeys(['kind', 'id'], param('keys'))),
    );
    for (const r of await tx.all(t, { tenant, workspace, keys: JSON.stringify(part) })) known.add(objectKey(r.kind, r.id));
  }
  for (const [key, r] of upserts) {
    if (known.has(key)) continue;
    ctx.changes.push({ type: 'object.discovered', kind: r.kind, id: r.id, name: r.name, firstSeen: r.firstSeen, lastSeen: r.lastSeen });
  }
}

export async function applyRelations(ctx: BatchContext, records: Lined<RelationRecord>[]): Promise<void> {
  if (records.length === 0) return;
  const { tx, tenant, workspace, db } = ctx;
  const upserts = new Map<string, RelationRecord>();
  const deletes = new Map<string, RelationRecord>();
  for (const { record: given } of records) {
    // An end the telemetry cap kept from being created takes no relation; an end taken for a declared object is that object.
    if (ctx.refused.has(objectKey(given.fromKind, given.fromId)) || ctx.refused.has(objectKey(given.toKind, given.toId))) continue;
    const r = {
      ...given,
      fromId: ctx.aliases.get(objectKey(given.fromKind, given.fromId)) ?? given.fromId,
      toId: ctx.aliases.get(objectKey(given.toKind, given.toId)) ?? given.toId,
    };
    if (r.fromKind === r.toKind && r.fromId === r.toId) continue;
    const key = [r.fromKind, r.fromId, r.relation, r.toKind, r.toId].join('\u0000');
    if (r.op === 'delete') {
      ctx.touchedForEdges.add(objectKey(r.fromKind, r.fromId));
      ctx.touchedForEdges.add(objectKey(r.toKind, r.toId));
      upserts.delete(key);
      deletes.set(key, r);
    } else {
      deletes.delete(key);
      const prev = upserts.get(key);
      upserts.set(key, prev ? widen(prev, r) : r);
    }
  }
  for (const part of chunks([...deletes.values()])) {
    const del = db.template('ingest.relation-delete', (b, d) =>
      b
        .deleteFrom('relations')
        .where('tenant_id', '=', param('tenant'))
        .where('workspace_id', '=', param('workspace'))
        .where(d.inKeys(['from_kind', 'from_id', 'relation', 'to_kind', 'to_id'], param('keys'))),
    );
    await tx.run(del, { tenant, workspace, keys: JSON.stringify(part.map((r) => [r.fromKind, r.fromId, r.relation, r.toKind, r.toId])) });
  }
  const { sources, stored } = await relationSources(ctx, [...upserts.values()]);
  // A relation seen again changes no neighbour count or verdict.
  for (const [key, r] of upserts) {
    if (stored.has(key)) continue;
    ctx.touchedForEdges.add(objectKey(r.fromKind, r.fromId));
    ctx.touchedForEdges.add(objectKey(r.toKind, r.toId));
  }
  const e = tx.dialect;
  await bulkInsert(
    tx,
    'relations',
    [
      'tenant_id',
      'workspace_id',
      'from_kind',
      'from_id',
      'relation',
      'to_kind',
      'to_id',
      'first_seen',
      'last_seen',
      'sources',
      'updated_at',
    ],
    [...upserts.entries()].map(([key, r]) => [
      tenant,
      workspace,
      r.fromKind,
      r.fromId,
      r.relation,
      r.toKind,
      r.toId,
      // Without a first_seen of its own, when the service first stores it (a condition it completes began then).
      r.firstSeen ?? ctx.now,
      r.lastSeen,
      json(sources.get(key)),
      ctx.now,
    ]),
    {
      keys: ['tenant_id', 'workspace_id', 'from_kind', 'from_id', 'relation', 'to_kind', 'to_id'],
      update: {
        first_seen: `coalesce(${e.least('relations.first_seen', 'excluded.first_seen')}, relations.first_seen, excluded.first_seen)`,
        last_seen: `coalesce(${e.greatest('relations.last_seen', 'excluded.last_seen')}, relations.last_seen, excluded.last_seen)`,
        sources: 'excluded.sources',
      },
    },
  );
}

function widen(a: RelationRecord, b: RelationRecord): RelationRecord {
  const min = (x: number | null, y: number | null) => (x === null ? y : y === null ? x : Math.min(x, y));
  const max = (x: number | null, y: number | null) => (x === null ? y : y === null ? x : Math.max(x, y));
  return { ...b, firstSeen: min(a.firstSeen, b.firstSeen), lastSeen: max(a.lastSeen, b.lastSeen), source: b.source };
}

/** The sources each relation will hold: those stored, and the record's own. */
async function relationSources(
  ctx: BatchContext,
  records: RelationRecord[],
): Promise<{ sources: Map<string, string[]>; stored: Map<string, unknown> }> {
  const { tx, tenant, workspace, db } = ctx;
  const keyOf = (r: { from_kind: string; from_id: string; relation: string; to_kind: string; to_id: string }) =>
    [r.from_kind, r.from_id, r.relation, r.to_kind, r.to_id].join('\u0000');
  const stored = new Map<string, unknown>();
  const t = db.template('ingest.relation-sources', (b, d) =>
    b
      .selectFrom('relations')
      .select(['from_kind', 'from_id', 'relation', 'to_kind', 'to_id', 'sources'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inKeys(['from_kind', 'from_id', 'relation', 'to_kind', 'to_id'], param('keys'))),
  );
  for (const part of chunks(records)) {
    const keys = JSON.stringify(part.map((r) => [r.fromKind, r.fromId, r.relation, r.toKind, r.toId]));
    for (const row of await tx.all(t, { tenant, workspace, keys })) stored.set(keyOf(row), row.sources);
  }
  const out = new Map<string, string[]>();
  for (const r of records) {
    const key = [r.fromKind, r.fromId, r.relation, r.toKind, r.toId].join('\u0000');
    const raw = stored.get(key);
    const have = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    out.set(key, [...new Set([...(Array.isArray(have) ? (have as string[]) : []), r.source])].sort());
  }
  return { sources: out, stored };
}

/** Recounts entities per touched kind. */
export async function refreshKindCounts(ctx: BatchContext): Promise<void> {
  const { tx, tenant, workspace, db } = ctx;
  for (const kind of ctx.touchedKinds) {
    const t = db.template('ingest.kind-count', (b) =>
      sql`insert into kind_counts (tenant_id, workspace_id, kind, count)
      select ${param('tenant')}, ${param('workspace')}, ${param('kind')}, count(*) from entities
      where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')} and kind = ${param('kind')}
      on conflict (tenant_id, workspace_id, kind) do update set count = excluded.count`.compile(b),
    );
    await tx.run(t, { tenant, workspace, kind });
  }
}

/** Recomputes the neighbour-count columns of every touched entity from its relations. */
export async function refreshEdgeCounts(ctx: BatchContext): Promise<void> {
  const { tx, tenant, workspace, db } = ctx;
  const keys = [...ctx.touchedForEdges].map(splitKey).filter(([k]) => kindByName.get(k)?.columns.some((c) => 'edgeCount' in c.from));
  for (const part of chunks(keys)) {
    const countsQuery = db.template('ingest.edge-counts', (b, d) =>
      sql<{ k: string; i: string; dir: string; relation: string; other: string; n: number }>`
      select r.from_kind as k, r.from_id as i, 'out' as dir, r.relation as relation, r.to_kind as other, count(*) as n
        from relations r where r.tenant_id = ${param('tenant')} and r.workspace_id = ${param('workspace')}
          and ${d.inKeys(['r.from_kind', 'r.from_id'], param('keys'))}
        group by r.from_kind, r.from_id, r.relation, r.to_kind
      union all
      select r.to_kind, r.to_id, 'in', r.relation, r.from_kind, count(*)
        from relations r where r.tenant_id = ${param('tenant')} and r.workspace_id = ${param('workspace')}
          and ${d.inKeys(['r.to_kind', 'r.to_id'], param('keys'))}
        group by r.to_kind, r.to_id, r.relation, r.from_kind`.compile(b),
    );
    const rows = await tx.all(countsQuery, {
      tenant,
      workspace,
      keys: JSON.stringify(part),
    });
    const found = new Map<string, number>();
    for (const r of rows) found.set([r.k, r.i, r.dir, r.relation, r.other].join('\u0000'), Number(r.n));
    const updates = part.map(([k, i]) => {
      const kind = kindByName.get(k)!;
      const counts: Record<string, number> = {};
      for (const c of kind.columns) {
        if (!('edgeCount' in c.from)) continue;
        const edge = kind.edges.find((x) => x.name === (c.from as { edgeCount: string }).edgeCount)!;
        const via = edge.via as { relation: string; direction: 'out' | 'in' };
        counts[edge.name] = found.get([k, i, via.direction, via.relation, edge.target].join('\u0000')) ?? 0;
      }
      return [k, i, JSON.stringify(counts)];
    });
    await updateRows(db, tx, 'entities', { tenant, workspace }, ['kind', 'id'], [{ column: 'edge_counts', type: 'jsonb' }], updates);
  }
}

export const entityWriter = recordWriter('entity', applyEntities);
export const relationWriter = recordWriter('relation', applyRelations);
