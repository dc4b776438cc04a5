// What a scan reported, kept in its scan record (`attributes.reported`) so that the next scan of
// the same asset can retire what it no longer finds: the entities by kind and id, and the
// relations between them as pairs of indexes into that list. Ids are hashes, so the manifest
// names no path, no value and no secret.
//
// Retiring goes through the ingest API like everything else, in the same batch as the new scan:
// an entity of the previous scan that this one does not report is deleted (its relations go with
// it), a relation between two entities that both remain is deleted, and the previous scan's open
// findings that this one does not raise again are sent as resolved. A batch is atomic, so a failed
// delivery leaves the previous state whole.

import type { NdjsonRecord } from './build.ts';

export interface Manifest {
  v: 1;
  /** `kind/id` of every entity, the asset included. */
  e: string[];
  /** [from index, relation, to index]. */
  r: [number, string, number][];
}

interface RelationRecord {
  from_kind: string;
  from_id: string;
  relation: string;
  to_kind: string;
  to_id: string;
}

export function manifestOf(entities: { kind: string; id: string }[], relations: RelationRecord[]): Manifest {
  const e = [...new Set(entities.map((x) => `${x.kind}/${x.id}`))].sort();
  const index = new Map(e.map((k, i) => [k, i]));
  const r: [number, string, number][] = [];
  for (const x of relations) {
    const from = index.get(`${x.from_kind}/${x.from_id}`);
    const to = index.get(`${x.to_kind}/${x.to_id}`);
    if (from !== undefined && to !== undefined) r.push([from, x.relation, to]);
  }
  return { v: 1, e, r };
}

/** A manifest read back from a scan's attributes, or undefined when it is not one. */
export function readManifest(value: unknown): Manifest | undefined {
  const m = value as Partial<Manifest> | null;
  if (m?.v !== 1 || !Array.isArray(m.e) || !Array.isArray(m.r)) return undefined;
  if (!m.e.every((x) => typeof x === 'string' && x.indexOf('/') > 0)) return undefined;
  const ok = (i: unknown) => Number.isInteger(i) && (i as number) >= 0 && (i as number) < m.e!.length;
  if (!m.r.every((x) => Array.isArray(x) && x.length === 3 && ok(x[0]) && typeof x[1] === 'string' && ok(x[2]))) return undefined;
  return m as Manifest;
}

const split = (key: string) => {
  const i = key.indexOf('/');
  return { kind: key.slice(0, i), id: key.slice(i + 1) };
};

/** Delete records for what `prev` reported and `next` does not. */
export function retired(prev: Manifest, next: Manifest): NdjsonRecord[] {
  const keep = new Set(next.e);
  const gone = prev.e.filter((k) => !keep.has(k));
  const out: NdjsonRecord[] = gone.map((k) => ({ type: 'entity', op: 'delete', ...split(k) }));
  const nextRelations = new Set(next.r.map(([f, rel, t]) => `${next.e[f]} ${rel} ${next.e[t]}`));
  for (const [f, rel, t] of prev.r) {
    const from = prev.e[f]!;
    const to = prev.e[t]!;
    // A deleted entity takes its relations with it.
    if (!keep.has(from) || !keep.has(to) || nextRelations.has(`${from} ${rel} ${to}`)) continue;
    const a = split(from);
    const b = split(to);
    out.push({ type: 'relation', op: 'delete', from_kind: a.kind, from_id: a.id, relation: rel, to_kind: b.kind, to_id: b.id });
  }
  return out;
}
