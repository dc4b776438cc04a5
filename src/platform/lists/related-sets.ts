// Filters on related rows (`models.provider=anthropic` on agents) resolved once: the ids of the
// rows they keep, read by one statement and kept while the data is unchanged, then bound into the
// page and the count as a list of ids.
//
// Why: as a subquery the filter was evaluated by the page and again by the count of every request,
// each walking every matching neighbour and its relations (at benchmark scale the Anthropic
// models' 27,000 relations: 15 ms twice per request). Requests that differ in their other filters,
// sort or cursor share the set: one walk per data version, and the page then stops after its
// rows and the count probes the ids.
//
// Kept per database, keyed by the list, the scope's values and the filter's value, while no commit
// reached the data they were read from (../db/kept-while-current.ts: the response cache's rule, so a
// commit into another workspace leaves them). Bounded: at most
// MAX_SETS sets and MAX_HELD ids in all (the oldest go first), none over MAX_IDS ids (a larger set
// is read again by each request). Requests that need a set being read wait for that read rather than
// start their own: after a commit, fifty callers asking for the same provider ran fifty walks.

import type { Args, Db } from '../db/database.ts';
import { comparisonOf, type Filter, filterArgs } from './filters.ts';
import { KeptWhileCurrent } from '../db/kept-while-current.ts';
import { type ListScope, type ListDecl, reachOfScope, scopeIdentity } from './list-spec.ts';

const MAX_SETS = 256;
const MAX_IDS = 200_000;
const MAX_HELD = 1_000_000;

interface Kept {
  /** Settles once the statement has read them: callers arriving meanwhile wait for the same read. */
  ids: Promise<readonly string[]>;
  /** Their number once read. */
  size: number;
}

/** The sets kept, and how many ids they hold in all. */
interface Sets {
  byKey: KeptWhileCurrent<Kept>;
  held: number;
}

const kept = new WeakMap<Db, Sets>();

function setsOf(db: Db): Sets {
  let sets = kept.get(db);
  if (!sets) {
    const made: Sets = { byKey: new KeptWhileCurrent<Kept>(db, (set) => (made.held -= set.size)), held: 0 };
    kept.set(db, (sets = made));
  }
  return sets;
}

/** Reads the ids a `matching` filter keeps, for a scope. */
async function readIds(
  db: Db,
  spec: ListDecl,
  scope: ListScope,
  filter: Filter,
  columns: Readonly<Record<string, string>>,
): Promise<string[]> {
  const matching = filter.decl.matching!;
  const t = db.template(`related.${spec.name}:${scope.key}:${filter.decl.param}:${filter.decl.op}:${filter.type}`, (b, d) =>
    matching.select(comparisonOf(d, filter, columns)).compile(b),
  );
  const args: Args = { ...scope.args, ...filterArgs([{ ...filter, ids: undefined }]) };
  const rows = await db.all(t, args);
  return rows.map((r) => r.id);
}

/** The filters with every `matching` one resolved to the ids it keeps. */
export async function resolveRelated(
  db: Db,
  spec: ListDecl,
  scope: ListScope,
  filters: readonly Filter[],
  columns: Readonly<Record<string, string>>,
): Promise<Filter[]> {
  if (!filters.some((f) => f.decl.matching)) return filters as Filter[];
  const version = db.dataVersion();
  const out: Filter[] = [];
  for (const f of filters) {
    // Already ids (a control's candidate rows): bound as they are.
    if (!f.decl.matching || f.ids) {
      out.push(f);
      continue;
    }
    if (version === null) {
      out.push({ ...f, ids: await readIds(db, spec, scope, f, columns) });
      continue;
    }
    const sets = setsOf(db);
    const key = JSON.stringify([spec.name, scopeIdentity(scope), f.decl.param, f.value]);
    let hit = sets.byKey.get(key, version);
    if (!hit) {
      sets.byKey.trim(() => sets.byKey.size >= MAX_SETS);
      const set: Kept = { ids: readIds(db, spec, scope, f, columns), size: 0 };
      sets.byKey.set(key, version, reachOfScope(scope), set);
      // A failed read or an oversized set is not kept (each request then reads its own); the
      // oldest sets go while the ids held pass the bound. (A set that went meanwhile, a change
      // having reached it, counts nothing.)
      set.ids.then(
        (ids) => {
          if (sets.byKey.get(key, version) !== set) return;
          if (ids.length > MAX_IDS) return sets.byKey.delete(key, set);
          set.size = ids.length;
          sets.held += ids.length;
          sets.byKey.trim(() => sets.held > MAX_HELD, set);
        },
        () => sets.byKey.delete(key, set),
      );
      hit = set;
    }
    out.push({ ...f, ids: await hit.ids });
  }
  return out;
}
