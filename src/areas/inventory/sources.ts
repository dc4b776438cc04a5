// Who reported an object, kept in its `sources` attribute (a column of every inventory list):
// `runtime` for telemetry (OTLP), the `source` an ingest record names (a scan's sensor), or
// `ingest`. An object keeps every source that ever reported it, so "seen at runtime and declared
// by a scan" and "seen only at runtime" (shadow AI, docs/POSTURE.md) can be told apart.
//
// Telemetry adds to what a declared object says and never overwrites it: a runtime record's
// attributes fill in keys the object does not have (or refresh them when runtime is its only
// source), keeps the object's name, and widens `response_models`. It also creates objects only up
// to the workspace's cap (BatchOptions.runtimeObjectCap); past it, the objects are refused and
// counted (`objects.refused`), and their relations are not written.

import { canonicalJson } from '../../platform/values.ts';
import { addCounts, totalOf } from '../telemetry/counters.ts';
import { type BatchContext, objectKey, splitKey } from '../../ingest/batch-context.ts';
import { type EntityRecord, RUNTIME_SOURCE } from '../../ingest/records.ts';
import { chunks } from '../../platform/db/bulk.ts';
import { param, readJson } from '../../platform/db/database.ts';

export interface Existing {
  name: string;
  attributes: Record<string, unknown>;
}

/** The stored name and attributes of the objects of `keys` the workspace holds. */
export async function readExisting(ctx: BatchContext, keys: string[]): Promise<Map<string, Existing>> {
  const { tx, tenant, workspace, db } = ctx;
  const out = new Map<string, Existing>();
  const t = db.template('ingest.entities-existing', (b, d) =>
    b
      .selectFrom('entities')
      .select(['kind', 'id', 'name', 'attributes'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inKeys(['kind', 'id'], param('keys'))),
  );
  for (const part of chunks(keys.map(splitKey))) {
    const rows = await tx.all(t, {
      tenant,
      workspace,
      keys: JSON.stringify(part),
    });
    for (const r of rows)
      out.set(objectKey(r.kind, r.id), { name: r.name, attributes: (readJson(r.attributes) as Record<string, unknown>) ?? {} });
  }
  return out;
}

/** Whether the record says what the stored object says, apart from its times (and `runtime_last_seen`). */
export function sameFacts(have: Existing, r: EntityRecord): boolean {
  const strip = (a: Record<string, unknown>) => {
    const { runtime_last_seen: _, ...rest } = a;
    return canonicalJson(rest);
  };
  return have.name === r.name && strip(have.attributes) === strip(r.attributes);
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const union = (...lists: string[][]) => [...new Set(lists.flat())].sort();

/** The attributes of `r` with the sources of an earlier record of the same object in the batch (that record's other attributes give way). */
export function withSources(r: EntityRecord, earlier: EntityRecord): Record<string, unknown> {
  const sources = union(list(earlier.attributes.sources), [earlier.source], list(r.attributes.sources));
  return { ...r.attributes, sources };
}

/** The record as it is written: its sources joined with the stored ones, telemetry merged into declared facts. */
export function mergeSources(r: EntityRecord, have: Existing | undefined): EntityRecord {
  const stored = have?.attributes ?? {};
  const sources = union(list(stored.sources), list(r.attributes.sources), [r.source]);
  if (r.source !== RUNTIME_SOURCE) {
    // A declaration replaces the attributes, keeping what only telemetry knows.
    const kept: Record<string, unknown> = {};
    for (const k of ['runtime_last_seen', 'response_models']) if (stored[k] !== undefined) kept[k] = stored[k];
    return { ...r, attributes: { ...kept, ...r.attributes, sources } };
  }
  const runtimeOnly = list(stored.sources).every((s) => s === RUNTIME_SOURCE);
  const attributes = runtimeOnly ? { ...stored, ...r.attributes } : { ...r.attributes, ...stored };
  attributes.sources = sources;
  const models = union(list(stored.response_models), list(r.attributes.response_models));
  if (models.length) attributes.response_models = models;
  else delete attributes.response_models;
  const last = typeof stored.runtime_last_seen === 'string' ? Date.parse(stored.runtime_last_seen) : Number.NaN;
  attributes.runtime_last_seen = new Date(Number.isFinite(last) ? Math.max(last, r.lastSeen) : r.lastSeen).toISOString();
  return { ...r, name: have?.name ?? r.name, attributes };
}

/** Kinds whose runtime objects are matched to a declared object of the same name. */
const MATCHED_BY_NAME = new Set(['agent', 'model', 'tool', 'mcp_server', 'guardrail']);

/**
 * Telemetry names objects by what it sees (`openai/gpt-4o`, a tool's name, `host:port`), a scan by
 * its own ids: a runtime object new to the workspace whose name is that of a declared object of the
 * same kind (for models, of the same provider when both say) is that object. Its record is merged
 * into the declared one and the alias noted (ctx.aliases) for the relations and interactions of the
 * batch. Several declared objects of that name: the smallest id.
 */
export async function aliasDeclared(ctx: BatchContext, upserts: Map<string, EntityRecord>, existing: Map<string, Existing>): Promise<void> {
  const fresh = [...upserts].filter(([key, r]) => r.source === RUNTIME_SOURCE && !existing.has(key) && MATCHED_BY_NAME.has(r.kind));
  if (fresh.length === 0) return;
  const { tx, tenant, workspace, db } = ctx;
  const t = db.template('ingest.entities-by-name', (b, d) =>
    b
      .selectFrom('entities')
      .select(['kind', 'id', 'name', 'attributes'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inKeys(['kind', 'name'], param('keys')))
      .orderBy('id'),
  );
  const byName = new Map<string, Array<{ id: string; name: string; attributes: Record<string, unknown> }>>();
  for (const part of chunks(fresh.map(([, r]) => [r.kind, r.name]))) {
    const rows = await tx.all(t, {
      tenant,
      workspace,
      keys: JSON.stringify(part),
    });
    for (const r of rows) {
      const attributes = (readJson(r.attributes) as Record<string, unknown>) ?? {};
      // Only a declared object takes telemetry in: runtime objects keep their own ids.
      if (list(attributes.sources).every((s) => s === RUNTIME_SOURCE) && list(attributes.sources).length) continue;
      const key = objectKey(r.kind, r.name);
      byName.set(key, [...(byName.get(key) ?? []), { id: r.id, name: r.name, attributes }]);
    }
  }
  for (const [key, r] of fresh) {
    const provider = r.attributes.provider;
    const target = (byName.get(objectKey(r.kind, r.name)) ?? []).find(
      (c) => r.kind !== 'model' || !provider || !c.attributes.provider || c.attributes.provider === provider,
    );
    if (!target || target.id === r.id) continue;
    const to = objectKey(r.kind, target.id);
    upserts.delete(key);
    ctx.aliases.set(key, target.id);
    const prev = upserts.get(to);
    const moved = { ...r, id: target.id };
    upserts.set(
      to,
      prev ? { ...moved, firstSeen: Math.min(prev.firstSeen, r.firstSeen), lastSeen: Math.max(prev.lastSeen, r.lastSeen) } : moved,
    );
    existing.set(to, { name: target.name, attributes: target.attributes });
    ctx.touchedForIssues.add(to);
  }
}

/**
 * Removes from `upserts` the runtime objects that are new to the workspace beyond its cap, noting
 * them in ctx.refused; counts those created and refused.
 */
export async function refuseOverCap(ctx: BatchContext, upserts: Map<string, EntityRecord>, existing: Map<string, Existing>): Promise<void> {
  const fresh = [...upserts].filter(([key, r]) => r.source === RUNTIME_SOURCE && !existing.has(key)).map(([key]) => key);
  if (fresh.length === 0) return;
  const cap = ctx.options.runtimeObjectCap;
  let room = fresh.length;
  if (cap !== undefined) {
    const created = await totalOf(ctx.db, ctx.tx, ctx.tenant, ctx.workspace, 'objects.created');
    room = Math.max(0, Math.min(fresh.length, cap - created));
  }
  const refused = fresh.slice(room);
  for (const key of refused) {
    upserts.delete(key);
    ctx.refused.add(key);
  }
  const counts = new Map([
    ['objects.created', room],
    ['objects.refused', refused.length],
  ]);
  await addCounts(ctx.tx, ctx.tenant, ctx.workspace, ctx.now, counts);
}
