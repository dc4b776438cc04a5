// The objects and relations an export makes, each once: seen again, its times widen and its lists
// join. Written out last as entity and relation records.

import { iso } from './values.ts';

interface Found {
  kind: string;
  id: string;
  name: string;
  first: number;
  last: number;
  attributes: Record<string, unknown>;
}

export class Graph {
  readonly objects = new Map<string, Found>();
  readonly relations = new Map<string, { from: [string, string]; relation: string; to: [string, string]; first: number; last: number }>();

  object(kind: string, id: string, name: string, first: number, last: number, attributes: Record<string, unknown>): string {
    const key = `${kind}\u0000${id}`;
    const have = this.objects.get(key);
    if (!have) {
      const clean: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(attributes)) if (v !== undefined) clean[k] = v;
      this.objects.set(key, { kind, id, name, first, last, attributes: clean });
      return id;
    }
    // Seen again (most spans of an export name an object seen before): times widen, lists join.
    have.first = Math.min(have.first, first);
    have.last = Math.max(have.last, last);
    for (const [k, v] of Object.entries(attributes)) {
      if (v === undefined) continue;
      const before = have.attributes[k];
      if (Array.isArray(v) && Array.isArray(before)) {
        // The same one-item list again joins to itself: the usual case (sources, a response model).
        if (v.length === 1 && before.length === 1 && v[0] === before[0]) continue;
        have.attributes[k] = [...new Set([...(before as unknown[]), ...v])].sort();
      } else have.attributes[k] = v;
    }
    return id;
  }

  relate(fromKind: string, fromId: string, relation: string, toKind: string, toId: string, first: number, last: number): void {
    if (fromKind === toKind && fromId === toId) return;
    const key = [fromKind, fromId, relation, toKind, toId].join('\u0000');
    const have = this.relations.get(key);
    if (!have) this.relations.set(key, { from: [fromKind, fromId], relation, to: [toKind, toId], first, last });
    else {
      have.first = Math.min(have.first, first);
      have.last = Math.max(have.last, last);
    }
  }

  /** Entity records, then relation records (NDJSON v1), appended to `out`. */
  writeRecords(out: Array<Record<string, unknown>>): void {
    for (const o of this.objects.values()) {
      out.push({
        type: 'entity',
        kind: o.kind,
        id: o.id,
        name: o.name,
        source: 'runtime',
        first_seen: iso(o.first),
        last_seen: iso(o.last),
        attributes: o.attributes,
      });
    }
    for (const r of this.relations.values()) {
      out.push({
        type: 'relation',
        from_kind: r.from[0],
        from_id: r.from[1],
        relation: r.relation,
        to_kind: r.to[0],
        to_id: r.to[1],
        source: 'runtime',
        first_seen: iso(r.first),
        last_seen: iso(r.last),
      });
    }
  }
}
