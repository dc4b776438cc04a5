// Paths through the inventory graph: from every object of one kind (narrowed by filters) to every
// object of another it reaches within a number of hops, the shortest path of each pair, optionally
// through given kinds in order, following each relation the way it is stored (`out`) or both ways
// (`any`).
//
// A breadth-first walk from all the start objects at once, level by level: each level's frontier
// (over every start) has its neighbours read in one statement per few thousand objects, through the
// relations' primary key (stored direction) or their reverse index, and each start advances on
// them. A state is (object, how many `via` kinds the path has passed so far), so the walk finds the
// shortest path that passes them in order. States that cannot end a path in the hops left (by the
// catalogue's relation pairs) are not walked. The work is bounded: more start objects, visited states
// or pairs than the limits below is a 400 saying which bound to tighten, never a timeout.

import type { KindDef } from '../../catalog/types.ts';
import { kindByName, kinds, relations } from '../../catalog/kinds.ts';
import { chunks } from '../../platform/db/bulk.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Filter } from '../../platform/lists/filters.ts';
import { filtersOf, type ListRows, readRows } from '../../platform/lists/list-page.ts';
import { entityList } from '../inventory/lists.ts';
import { namesByIds } from '../inventory/entities-store.ts';
import { relationsAt } from '../inventory/relations-store.ts';

/** The bounds of one path query (docs/GRAPH.md); starts and visits are settings (AISPM_PATH_MAX_*). */
export const PATH_LIMITS = {
  /** (from, to) pairs answered. */
  pairs: 100_000,
  maxHops: 6,
};

export interface PathBounds {
  /** Start objects: more is a 400 asking for `from.` filters. */
  starts: number;
  /** (start, object, via stage) states the walk may visit over all starts. */
  visits: number;
}

export type Direction = 'out' | 'any';

export interface PathQuery {
  tenant: string;
  workspace: string;
  from: KindDef;
  to: KindDef;
  via: KindDef[];
  maxHops: number;
  direction: Direction;
  fromFilters: Filter[];
  toFilters: Filter[];
  bounds: PathBounds;
}

export interface PathNode {
  kind: string;
  id: string;
  name: string | null;
}

export interface PathRow {
  from_id: string;
  from_name: string | null;
  to_id: string;
  to_name: string | null;
  hops: number;
  path: PathNode[];
  relations: string[];
}

/** The names a kind goes by in `from`, `to` and `via`: its name, its URL prefix, and its plural as edges name it. */
const kindNames = new Map<string, KindDef>();
for (const k of kinds) {
  const dashed = k.name.replaceAll('_', '-');
  for (const n of [k.name, k.prefix, `${dashed}s`, `${k.name}s`, dashed]) if (n) kindNames.set(n, k);
}
kindNames.set('garak-info', kindByName.get('garak_info')!);

export function kindOf(param: string, name: string): KindDef {
  const k = kindNames.get(name);
  if (!k) {
    const known = kinds.map((x) => x.prefix ?? `${x.name.replaceAll('_', '-')}s`).join(', ');
    throw badRequest(`${param}: unknown kind "${name.slice(0, 64)}"; kinds are ${known} (or their singular names: agent, secret, …)`);
  }
  return k;
}

/** Names numbered in the order first met: `names[number(n)] === n`. */
class Numbered {
  readonly names: string[] = [];
  private readonly numbers = new Map<string, number>();
  number(name: string): number {
    let n = this.numbers.get(name);
    if (n === undefined) {
      n = this.names.length;
      this.names.push(name);
      this.numbers.set(name, n);
    }
    return n;
  }
  /** The name's number if it was met, else undefined. */
  find(name: string): number | undefined {
    return this.numbers.get(name);
  }
}

/**
 * The objects the walk has met, each a small integer (its kind and id kept once), and the
 * relations' names the same way: states, steps and paths are integers, never a string per state.
 */
class Objects {
  private readonly kinds = new Numbered();
  private readonly relations = new Numbered();
  readonly kindNames = this.kinds.names;
  readonly relationNames = this.relations.names;
  /** Per kind number, its ids' object numbers. */
  private readonly byKind: Array<Map<string, number>> = [];
  readonly kindOf: number[] = [];
  readonly idOf: string[] = [];

  kind(name: string): number {
    const k = this.kinds.number(name);
    if (k === this.byKind.length) this.byKind.push(new Map());
    return k;
  }

  object(kind: string, id: string): number {
    const k = this.kind(kind);
    const ids = this.byKind[k]!;
    let n = ids.get(id);
    if (n === undefined) {
      n = this.idOf.length;
      this.kindOf.push(k);
      this.idOf.push(id);
      ids.set(id, n);
    }
    return n;
  }

  /** An object already met, or -1. */
  find(kind: string, id: string): number {
    const k = this.kinds.find(kind);
    return k === undefined ? -1 : (this.byKind[k]!.get(id) ?? -1);
  }

  relation(name: string): number {
    return this.relations.number(name);
  }
}

/**
 * Neighbours of objects, read a level at a time and kept for the rest of the walk: per object, a
 * flat list of (neighbour, relation) numbers, in the order the statements answer them (stored
 * direction first, then the reverse), which decides which of several shortest paths a pair shows.
 */
class Adjacency {
  private readonly steps: Array<number[] | undefined> = [];
  private readonly db: Db;
  private readonly q: PathQuery;
  private readonly objects: Objects;
  constructor(db: Db, q: PathQuery, objects: Objects) {
    this.db = db;
    this.q = q;
    this.objects = objects;
  }

  /** [neighbour, relation, neighbour, relation, …] of a loaded object. */
  get(node: number): number[] {
    return this.steps[node] ?? [];
  }

  async load(nodes: Iterable<number>): Promise<void> {
    const missing: number[] = [];
    for (const n of nodes) {
      if (this.steps[n] !== undefined) continue;
      this.steps[n] = [];
      missing.push(n);
    }
    const o = this.objects;
    const sides: Array<'out' | 'in'> = this.q.direction === 'any' ? ['out', 'in'] : ['out'];
    for (const side of sides) {
      const at = { db: this.db, tx: this.db, tenant: this.q.tenant, workspace: this.q.workspace };
      for (const part of chunks(missing, 2000)) {
        const rows = await relationsAt(
          at,
          part.map((n) => [o.kindNames[o.kindOf[n]!]!, o.idOf[n]!]),
          side,
        );
        for (const r of rows) this.steps[o.find(r.nk, r.ni)]!.push(o.object(r.fk, r.fi), o.relation(r.relation));
      }
    }
  }
}

/** The ids of `kind` in the workspace that pass `filters`, by reading the kind's list (so the same filters as everywhere). */
async function idsPassing(
  db: Db,
  q: PathQuery,
  kind: KindDef,
  filters: Filter[],
  among: string[] | null,
  limit: number,
  bound: string,
): Promise<Set<string>> {
  const spec = entityList(kind);
  const scope = { args: { tenant: q.tenant, workspace: q.workspace }, key: '', fingerprint: [q.tenant, q.workspace] };
  const out = new Set<string>();
  const groups = among === null ? [null] : chunks(among, 100);
  const idIn = filtersOf(spec, db.dialect).find((f) => f.param === 'id__in')!;
  for (const ids of groups) {
    const extra: Filter[] = ids === null ? [] : [{ decl: idIn, type: 'string', value: ids }];
    let after: unknown[] | null = null;
    do {
      const page: ListRows<string> = await readRows(db, spec, scope, {
        filters: [...filters, ...extra],
        sort: [{ column: 'id', dir: 'asc' }],
        after,
        limit: 5000,
      });
      for (const row of page.rows) out.add(JSON.parse(row)[0] as string);
      if (out.size > limit) throw badRequest(bound);
      after = page.next;
    } while (after);
  }
  return out;
}

/**
 * For each (kind, via stage) state, the fewest relations to the target kind with every `via` kind
 * passed, over the relation pairs the catalogue allows (ingest refuses any other): a state that
 * cannot end a path within the hops left is not walked. It prunes the dead ends (a model's garak
 * results, an agent's guardrails) without changing any answer, since every state on a path found
 * within `max_hops` is within reach of its end.
 */
function hopsToTarget(q: PathQuery): (kind: string, stage: number) => number {
  const via = q.via.map((k) => k.name);
  const next = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    const set = next.get(a) ?? new Set<string>();
    set.add(b);
    next.set(a, set);
  };
  for (const r of relations) {
    for (const [from, to] of r.pairs) {
      link(from, to);
      if (q.direction === 'any') link(to, from);
    }
  }
  const state = (kind: string, stage: number) => `${kind}\u0001${stage}`;
  // Backwards from the goal over the reversed transitions of the walk.
  const back = new Map<string, string[]>();
  for (const [from, tos] of next) {
    for (let stage = 0; stage <= via.length; stage++) {
      for (const to of tos) {
        const atStage = stage < via.length && to === via[stage] ? stage + 1 : stage;
        const key = state(to, atStage);
        const list = back.get(key) ?? [];
        list.push(state(from, stage));
        back.set(key, list);
      }
    }
  }
  const distance = new Map<string, number>([[state(q.to.name, via.length), 0]]);
  let frontier = [state(q.to.name, via.length)];
  for (let d = 1; frontier.length; d++) {
    const out: string[] = [];
    for (const s of frontier) {
      for (const p of back.get(s) ?? []) {
        if (distance.has(p)) continue;
        distance.set(p, d);
        out.push(p);
      }
    }
    frontier = out;
  }
  return (kind, stage) => distance.get(state(kind, stage)) ?? Number.POSITIVE_INFINITY;
}

/** Every (from, to) pair the query asks for with its shortest path, unsorted. */
export async function findPaths(db: Db, q: PathQuery): Promise<PathRow[]> {
  const startIds = await idsPassing(
    db,
    q,
    q.from,
    q.fromFilters,
    null,
    q.bounds.starts,
    `from: more than ${q.bounds.starts} ${q.from.label}s to start from; narrow them with from.<column> filters (e.g. from.name__ilk)`,
  );
  const o = new Objects();
  const starts = [...startIds].map((id) => o.object(q.from.name, id));
  const adjacency = new Adjacency(db, q, o);
  const stages = q.via.length + 1;
  const last = q.via.length;
  const viaKinds = q.via.map((k) => o.kind(k.name));
  const toKind = o.kind(q.to.name);
  // Hops to the target by (kind number, stage), filled as kinds are met.
  const hopsTo = hopsToTarget(q);
  const reachOf: number[] = [];
  const reach = (kind: number, stage: number): number => {
    const at = kind * stages + stage;
    let r = reachOf[at];
    if (r === undefined) {
      r = hopsTo(o.kindNames[kind]!, stage);
      reachOf[at] = r;
    }
    return r;
  };
  // A state is object × stages + stage. What the walk reached, over all starts: entry e is a state
  // reached from entry prev[e] (-1 at a start) over relation rel[e]; per start, the entry of each
  // state it reached first.
  const stateOf: number[] = [];
  const prev: number[] = [];
  const rel: number[] = [];
  const enter = (state: number, from: number, relation: number): number => {
    stateOf.push(state);
    prev.push(from);
    rel.push(relation);
    return stateOf.length - 1;
  };
  const seen: Array<Map<number, number>> = starts.map(() => new Map());
  let frontiers: number[][] = starts.map((node, i) => {
    const e = enter(node * stages, -1, -1);
    seen[i]!.set(node * stages, e);
    return [e];
  });
  let visits = starts.length;
  // Per start (in the order a first target was found), the entries of its targets in walk order.
  const targets = new Map<number, number[]>();
  for (let hop = 1; hop <= q.maxHops; hop++) {
    const nodes = new Set<number>();
    for (const f of frontiers) for (const e of f) nodes.add(Math.floor(stateOf[e]! / stages));
    if (nodes.size === 0) break;
    await adjacency.load(nodes);
    const next: number[][] = starts.map(() => []);
    for (let i = 0; i < starts.length; i++) {
      const reached = seen[i]!;
      for (const e of frontiers[i]!) {
        const state = stateOf[e]!;
        const stage = state % stages;
        const steps = adjacency.get((state - stage) / stages);
        for (let s = 0; s < steps.length; s += 2) {
          const node = steps[s]!;
          const kind = o.kindOf[node]!;
          const atStage = stage < last && kind === viaKinds[stage] ? stage + 1 : stage;
          const to = node * stages + atStage;
          if (reached.has(to) || reach(kind, atStage) > q.maxHops - hop) continue;
          const entry = enter(to, e, steps[s + 1]!);
          reached.set(to, entry);
          next[i]!.push(entry);
          if (++visits > q.bounds.visits) {
            throw badRequest(
              `the walk would visit more than ${q.bounds.visits} objects: narrow from with from.<column> filters, lower max_hops (${q.maxHops}), or add via`,
            );
          }
          if (kind === toKind && atStage === last && node !== starts[i]) {
            const list = targets.get(i);
            if (list) list.push(entry);
            else targets.set(i, [entry]);
          }
        }
      }
    }
    frontiers = next;
  }

  // Targets that pass the `to` filters (asked of the kind's list, a hundred ids at a time).
  const nodeOf = (e: number) => Math.floor(stateOf[e]! / stages);
  const reachedIds = new Set<string>();
  for (const list of targets.values()) for (const e of list) reachedIds.add(o.idOf[nodeOf(e)]!);
  const passing = q.toFilters.length
    ? await idsPassing(db, q, q.to, q.toFilters, [...reachedIds], Number.POSITIVE_INFINITY, '')
    : reachedIds;

  // Each pair's path, as object numbers from start to end, and its relations.
  const found: Array<{ nodes: number[]; relations: number[] }> = [];
  for (const list of targets.values()) {
    const done = new Set<number>();
    for (const end of list) {
      const node = nodeOf(end);
      if (done.has(node) || !passing.has(o.idOf[node]!)) continue;
      done.add(node);
      const nodes: number[] = [];
      const relations: number[] = [];
      for (let at = end; at !== -1; at = prev[at]!) {
        nodes.push(nodeOf(at));
        if (rel[at] !== -1) relations.push(rel[at]!);
      }
      found.push({ nodes: nodes.reverse(), relations: relations.reverse() });
      if (found.length > PATH_LIMITS.pairs) {
        throw badRequest(
          `more than ${PATH_LIMITS.pairs} pairs: narrow from or to with from.<column> / to.<column> filters, or lower max_hops`,
        );
      }
    }
  }
  const names = await namesOf(
    db,
    q,
    o,
    found.flatMap((f) => f.nodes),
  );
  return found.map(({ nodes, relations }) => {
    const path = nodes.map((n) => ({ kind: o.kindNames[o.kindOf[n]!]!, id: o.idOf[n]!, name: names[n] ?? null }));
    const first = path[0]!;
    const end = path.at(-1)!;
    return {
      from_id: first.id,
      from_name: first.name,
      to_id: end.id,
      to_name: end.name,
      hops: relations.length,
      path,
      relations: relations.map((r) => o.relationNames[r]!),
    };
  });
}

/**
 * The names of the objects on the paths (by object number), a kind at a time (`kind = ? and id in
 * (…)`): with both the kind and the id as a row value, SQLite may read the kind's whole name index
 * instead of probing the primary key.
 */
async function namesOf(db: Db, q: PathQuery, o: Objects, nodes: number[]): Promise<Array<string | undefined>> {
  const out: Array<string | undefined> = [];
  const at = { db, tx: db, tenant: q.tenant, workspace: q.workspace };
  const byKind = new Map<number, string[]>();
  for (const node of new Set(nodes)) {
    const kind = o.kindOf[node]!;
    const ids = byKind.get(kind);
    if (ids) ids.push(o.idOf[node]!);
    else byKind.set(kind, [o.idOf[node]!]);
  }
  for (const [k, ids] of byKind) {
    const kind = o.kindNames[k]!;
    for (const part of chunks(ids, 2000)) {
      const rows = await namesByIds(at, kind, part);
      for (const r of rows) out[o.find(kind, r.id)] = r.name;
    }
  }
  return out;
}
