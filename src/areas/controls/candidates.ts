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
import type { Db, Executor } from '../../platform/db/database.ts';
import { neighbourIds, neighbourKeys } from '../inventory/relations-store.ts';
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
  if (way !== 'in') out.push(...(await neighbourKeys(s, keys, 'out')));
  if (way !== 'out') out.push(...(await neighbourKeys(s, keys, 'in')));
  return out;
}

/** Neighbours of `keys` over one relation, against (`in`) or along (`out`) it, of one kind. */
async function overRelation(s: Scope, keys: string[], relation: string, way: 'in' | 'out', kind: string): Promise<string[]> {
  return (await neighbourIds(s, keys, relation, way, kind)).map((id) => objectKey(kind, id));
}

/** One walk back from the changed objects, by hops: `levels[h]` holds the objects first met at hop h. */
interface Walk {
  levels: string[][];
  seen: Set<string>;
  /** Set once the walk met too many objects to name: every control walking it is read whole. */
  over: boolean;
}

/**
 * The walks of one evaluation round, shared by its controls: fifty controls over the same
 * relations walk them once (the walk depends on the changed objects and the way only).
 */
export class Walks {
  private readonly s: Scope;
  private readonly changed: Map<string, string[]>;
  private readonly paths = new Map<string, Walk>();
  private readonly related = new Map<string, string[]>();
  constructor(s: Scope, changed: Map<string, string[]>) {
    this.s = s;
    this.changed = changed;
  }

  /** The objects of `kind` over `relation` from the changed objects of `target`. */
  async overRelation(target: string, relation: string, way: 'in' | 'out', kind: string): Promise<string[]> {
    const key = JSON.stringify([target, relation, way, kind]);
    let got = this.related.get(key);
    if (!got) {
      const from = this.changed.get(target) ?? [];
      got = from.length ? await overRelation(this.s, from, relation, way, kind) : [];
      this.related.set(key, got);
    }
    return got;
  }

  /** The walk of `way` taken to at least `hops` hops. */
  async walk(way: 'in' | 'any', hops: number): Promise<Walk> {
    let w = this.paths.get(way);
    if (!w) {
      const first: string[] = [];
      const seen = new Set<string>();
      for (const keys of this.changed.values()) {
        for (const k of keys) {
          if (seen.has(k)) continue;
          seen.add(k);
          first.push(k);
        }
      }
      this.paths.set(way, (w = { levels: [first], seen, over: false }));
    }
    while (!w.over && w.levels.length <= hops && w.levels.at(-1)!.length) {
      const next: string[] = [];
      for (const k of await neighbours(this.s, w.levels.at(-1)!, way)) {
        if (w.seen.has(k)) continue;
        w.seen.add(k);
        next.push(k);
      }
      w.levels.push(next);
      if (w.seen.size > MAX_CANDIDATES * 5) w.over = true;
    }
    return w;
  }
}

/**
 * The objects of the query's kind whose answer may differ after the changed objects of `walks`
 * changed, or 'all' when there are too many to be worth naming.
 */
export async function candidates(walks: Walks, q: ReadQuery, changed: Map<string, string[]>): Promise<Set<string> | 'all'> {
  const kind = q.object.name;
  const out = new Set(changed.get(kind) ?? []);
  if (q.kind === 'list') {
    for (const f of q.filters) {
      const edge = f.decl.related;
      if (!edge) continue;
      // From the changed neighbours of the filter's kind back over its relation to this kind.
      for (const k of await walks.overRelation(edge.target, edge.relation, edge.direction === 'out' ? 'in' : 'out', kind)) out.add(k);
      if (out.size > MAX_CANDIDATES) return 'all';
    }
    return out;
  }
  // A path follows relations along their direction (`out`) or either way (`any`): walk back
  // against it from every changed object, at most `max_hops` relations, through objects of any
  // kind (a path's intermediate objects are not restricted to its `via` kinds).
  const w = await walks.walk(q.paths.direction === 'out' ? 'in' : 'any', q.paths.maxHops);
  if (w.over) return 'all';
  for (let hop = 1; hop <= q.paths.maxHops && hop < w.levels.length; hop++) {
    for (const k of w.levels[hop]!) if (splitKey(k)[0] === kind) out.add(k);
  }
  return out.size > MAX_CANDIDATES ? 'all' : out;
}
