import { objectKey } from '../../ingest/batch-context.ts';
import { chunks } from '../../platform/db/bulk.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import { readJson } from '../../platform/db/database.ts';
import { objectsByKeys, objectsOfKind } from '../inventory/entities-store.ts';
import { stepsOver } from '../inventory/relations-store.ts';

export interface GraphNode {
  kind: string;
  id: string;
  name: string;
  attributes: Record<string, unknown>;
  /** When the sensors first saw it (ms): what dates the start of a condition it takes part in. */
  firstSeen: number;
}

/** A hop over one stored relation, to neighbours of the given kinds. */
export interface Step {
  relation: string;
  direction: 'out' | 'in';
  kinds: string[];
}

export interface Scope {
  db: Db;
  tx: Executor;
  tenant: string;
  workspace: string;
  /** The evaluation's clock and quiet period (rules on how long ago something was seen). */
  now?: number;
  quietDays?: number;
}

/** A stored relation, as a witness names it. */
export interface RelationRef {
  from_kind: string;
  from_id: string;
  relation: string;
  to_kind: string;
  to_id: string;
}

const relationKey = (r: RelationRef) => `${r.from_kind}\u0000${r.from_id}\u0000${r.relation}\u0000${r.to_kind}\u0000${r.to_id}`;

const stepId = (s: Step) => `${s.relation}\u0000${s.direction}\u0000${[...s.kinds].sort().join(',')}`;

export class GraphReader {
  readonly scope: Scope;
  /** `kind\0id` -> the object, or null when the workspace holds no such entity. */
  private readonly nodes = new Map<string, GraphNode | null>();
  /** step -> object -> neighbour keys, sorted. */
  private readonly links = new Map<string, Map<string, string[]>>();
  /** Kinds read whole, with their keys. */
  private readonly kinds = new Map<string, string[]>();
  /** A followed relation (relationKey) -> when it was first seen. */
  private readonly relationTimes = new Map<string, number>();

  constructor(scope: Scope) {
    this.scope = scope;
  }

  node(key: string): GraphNode | null {
    return this.nodes.get(key) ?? null;
  }

  /** When a relation followed was first seen (ms); 0 when it was not read. */
  relationSeen(r: RelationRef): number {
    return this.relationTimes.get(relationKey(r)) ?? 0;
  }

  /** Neighbours over a step already followed from this object. */
  neighbours(step: Step, key: string): string[] {
    return this.links.get(stepId(step))?.get(key) ?? [];
  }

  /** Loads the objects not read yet. */
  async loadNodes(keys: Iterable<string>): Promise<void> {
    const missing = [...keys].filter((k) => !this.nodes.has(k));
    if (missing.length === 0) return;
    for (const k of missing) this.nodes.set(k, null);
    for (const r of await objectsByKeys(this.scope, missing))
      this.nodes.set(objectKey(r.kind, r.id), {
        kind: r.kind,
        id: r.id,
        name: r.name,
        attributes: readJson(r.attributes) ?? {},
        firstSeen: Number(r.first_seen),
      });
  }

  /** Every object of a kind in the workspace, loaded; returns their keys. */
  async loadKind(kind: string): Promise<string[]> {
    const done = this.kinds.get(kind);
    if (done) return done;
    const keys: string[] = [];
    for (const r of await objectsOfKind(this.scope, kind)) {
      const key = objectKey(kind, r.id);
      keys.push(key);
      this.nodes.set(key, { kind, id: r.id, name: r.name, attributes: readJson(r.attributes) ?? {}, firstSeen: Number(r.first_seen) });
    }
    this.kinds.set(kind, keys);
    return keys;
  }

  /**
   * Follows a step from every object in `keys` (reading only those not followed yet) and returns
   * the neighbours reached from all of them.
   */
  async follow(step: Step, keys: Iterable<string>): Promise<Set<string>> {
    const id = stepId(step);
    let known = this.links.get(id);
    if (!known) this.links.set(id, (known = new Map()));
    const all = [...keys];
    const missing = all.filter((k) => !known.has(k));
    if (missing.length) {
      const kinds = new Set(step.kinds);
      for (const part of chunks(missing)) {
        for (const k of part) known.set(k, []);
        const rows = await stepsOver(this.scope, part, step.relation, step.direction);
        for (const r of rows) {
          if (!kinds.has(r.nk)) continue;
          known.get(objectKey(r.k, r.i))!.push(objectKey(r.nk, r.ni));
          const [from_kind, from_id, to_kind, to_id] = step.direction === 'out' ? [r.k, r.i, r.nk, r.ni] : [r.nk, r.ni, r.k, r.i];
          this.relationTimes.set(relationKey({ from_kind, from_id, relation: step.relation, to_kind, to_id }), Number(r.fs));
        }
        for (const k of part) known.get(k)!.sort();
      }
    }
    const out = new Set<string>();
    for (const k of all) for (const n of known.get(k)!) out.add(n);
    return out;
  }
}
