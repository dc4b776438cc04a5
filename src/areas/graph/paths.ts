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
import { param } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Filter } from '../../platform/lists/filters.ts';
import { filtersOf, readPage } from '../../platform/lists/list-page.ts';
import { entityList } from '../inventory/lists.ts';

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

const key = (kind: string, id: string) => `${kind}\u0000${id}`;
const split = (k: string): [string, string] => {
  const i = k.indexOf('\u0000');
  return [k.slice(0, i), k.slice(i + 1)];
};

interface Step {
  to: string;
  relation: string;
}

/** Neighbours of objects, read a level at a time and kept for the rest of the walk. */
class Adjacency {
  private readonly known = new Map<string, Step[]>();
  private readonly db: Db;
  private readonly q: PathQuery;
  constructor(db: Db, q: PathQuery) {
    this.db = db;
    this.q = q;
  }

  get(node: string): Step[] {
    return this.known.get(node) ?? [];
  }

  async load(nodes: Iterable<string>): Promise<void> {
    const missing = [...new Set(nodes)].filter((n) => !this.known.has(n));
    for (const n of missing) this.known.set(n, []);
    const sides: Array<'out' | 'in'> = this.q.direction === 'any' ? ['out', 'in'] : ['out'];
    for (const side of sides) {
      const [near, far] = side === 'out' ? (['from', 'to'] as const) : (['to', 'from'] as const);
      const t = this.db.template(`graph.neighbours:${side}`, (b, d) =>
        b
          .selectFrom('relations')
          .select([`${near}_kind as nk`, `${near}_id as ni`, 'relation', `${far}_kind as fk`, `${far}_id as fi`])
          .where('tenant_id', '=', param('tenant'))
          .where('workspace_id', '=', param('workspace'))
          .where(d.inKeys([`${near}_kind`, `${near}_id`], param('keys'))),
      );
      for (const part of chunks(missing, 2000)) {
        const rows = await this.db.all<{ nk: string; ni: string; relation: string; fk: string; fi: string }>(t, {
          tenant: this.q.tenant,
          workspace: this.q.workspace,
          keys: JSON.stringify(part.map(split)),
        });
        for (const r of rows) this.known.get(key(r.nk, r.ni))!.push({ to: key(r.fk, r.fi), relation: r.relation });
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
  const scope = { args: { tenant: q.tenant, workspace: q.workspace }, key: '', fingerprint: [] };
  const out = new Set<string>();
  const groups = among === null ? [null] : chunks(among, 100);
  const idIn = filtersOf(spec, db.dialect).find((f) => f.param === 'id__in')!;
  for (const ids of groups) {
    const extra: Filter[] = ids === null ? [] : [{ decl: idIn, type: 'string', value: ids }];
    let after: unknown[] | null = null;
    do {
      const page = await readPage(db, spec, scope, {
        filters: [...filters, ...extra],
        sort: [{ column: 'id', dir: 'asc' }],
        after,
        limit: 5000,
      });
      for (const row of page.rows) out.add(JSON.parse(row as string)[0] as string);
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
  const starts = [
    ...(await idsPassing(
      db,
      q,
      q.from,
      q.fromFilters,
      null,
      q.bounds.starts,
      `from: more than ${q.bounds.starts} ${q.from.label}s to start from; narrow them with from.<column> filters (e.g. from.name__ilk)`,
    )),
  ].map((id) => key(q.from.name, id));
  const adjacency = new Adjacency(db, q);
  const via = q.via.map((k) => k.name);
  const reach = hopsToTarget(q);
  // Per start: the state it reached first, with the state it came from and the relation taken.
  type Reached = Map<string, { prev: string | null; relation: string | null }>;
  const seen: Reached[] = starts.map(() => new Map());
  let frontiers: string[][] = starts.map((s, i) => {
    const state = `${s}\u0001${0}`;
    seen[i]!.set(state, { prev: null, relation: null });
    return [state];
  });
  let visits = starts.length;
  const targets = new Map<number, string[]>();
  for (let hop = 1; hop <= q.maxHops; hop++) {
    const nodes = new Set<string>();
    for (const f of frontiers) for (const state of f) nodes.add(state.slice(0, state.lastIndexOf('\u0001')));
    if (nodes.size === 0) break;
    await adjacency.load(nodes);
    const next: string[][] = starts.map(() => []);
    for (let i = 0; i < starts.length; i++) {
      const reached = seen[i]!;
      for (const state of frontiers[i]!) {
        const cut = state.lastIndexOf('\u0001');
        const node = state.slice(0, cut);
        const stage = Number(state.slice(cut + 1));
        for (const step of adjacency.get(node)) {
          const kind = step.to.slice(0, step.to.indexOf('\u0000'));
          const atStage = stage < via.length && kind === via[stage] ? stage + 1 : stage;
          const to = `${step.to}\u0001${atStage}`;
          if (reached.has(to) || reach(kind, atStage) > q.maxHops - hop) continue;
          reached.set(to, { prev: state, relation: step.relation });
          next[i]!.push(to);
          if (++visits > q.bounds.visits) {
            throw badRequest(
              `the walk would visit more than ${q.bounds.visits} objects: narrow from with from.<column> filters, lower max_hops (${q.maxHops}), or add via`,
            );
          }
          if (kind === q.to.name && atStage === via.length && step.to !== starts[i]) {
            const list = targets.get(i) ?? [];
            list.push(to);
            targets.set(i, list);
          }
        }
      }
    }
    frontiers = next;
  }

  // Targets that pass the `to` filters (asked of the kind's list, a hundred ids at a time).
  const reachedIds = new Set<string>();
  for (const list of targets.values()) for (const state of list) reachedIds.add(split(state.slice(0, state.lastIndexOf('\u0001')))[1]);
  const passing = q.toFilters.length
    ? await idsPassing(db, q, q.to, q.toFilters, [...reachedIds], Number.POSITIVE_INFINITY, '')
    : reachedIds;

  const rows: Array<{ start: number; states: string[]; relations: string[] }> = [];
  for (const [i, list] of targets) {
    const done = new Set<string>();
    for (const state of list) {
      const node = state.slice(0, state.lastIndexOf('\u0001'));
      if (done.has(node) || !passing.has(split(node)[1])) continue;
      done.add(node);
      const states: string[] = [];
      const relations: string[] = [];
      for (let at: string | null = state; at !== null; ) {
        const r: { prev: string | null; relation: string | null } = seen[i]!.get(at)!;
        states.unshift(at);
        if (r.relation !== null) relations.unshift(r.relation);
        at = r.prev;
      }
      rows.push({ start: i, states, relations });
      if (rows.length > PATH_LIMITS.pairs) {
        throw badRequest(
          `more than ${PATH_LIMITS.pairs} pairs: narrow from or to with from.<column> / to.<column> filters, or lower max_hops`,
        );
      }
    }
  }
  const names = await namesOf(
    db,
    q,
    rows.flatMap((r) => r.states.map((s) => s.slice(0, s.lastIndexOf('\u0001')))),
  );
  return rows.map(({ states, relations }) => {
    const path = states.map((s) => {
      const [kind, id] = split(s.slice(0, s.lastIndexOf('\u0001')));
      return { kind, id, name: names.get(key(kind, id)) ?? null };
    });
    const first = path[0]!;
    const last = path.at(-1)!;
    return { from_id: first.id, from_name: first.name, to_id: last.id, to_name: last.name, hops: relations.length, path, relations };
  });
}

/**
 * The names of the objects on the paths, a kind at a time (`kind = ? and id in (…)`): with both
 * the kind and the id as a row value, SQLite may read the kind's whole name index instead of
 * probing the primary key.
 */
async function namesOf(db: Db, q: PathQuery, nodes: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const t = db.template('graph.names', (b, d) =>
    b
      .selectFrom('entities')
      .select(['id', 'name'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('kind', '=', param('kind'))
      .where(d.inKeys(['id'], param('ids'))),
  );
  const byKind = new Map<string, string[]>();
  for (const node of new Set(nodes)) {
    const [kind, id] = split(node);
    const ids = byKind.get(kind) ?? [];
    ids.push(id);
    byKind.set(kind, ids);
  }
  for (const [kind, ids] of byKind) {
    for (const part of chunks(ids, 2000)) {
      const ids = JSON.stringify(part.map((id) => [id]));
      const rows = await db.all<{ id: string; name: string }>(t, { tenant: q.tenant, workspace: q.workspace, kind, ids });
      for (const r of rows) out.set(key(kind, r.id), r.name);
    }
  }
  return out;
}
