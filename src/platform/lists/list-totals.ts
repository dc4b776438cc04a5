// Totals of filtered lists, counted once per data version and shared by every page of the same
// question: the same list, scope and filter values, whatever the sort, the cursor or the page size.
//
// Why: a filtered list has no maintained total, so each page counted its rows again. Paging
// through the 49,920 chat models of the benchmark counted all of them on each of 500 pages (25 ms
// a count on PostgreSQL), and four sorts of one filter counted four times. The total does not
// depend on the order or the position, only on the rows the filters keep and the data.
//
// Kept per database and dropped when the data version moves (the response cache's rule: a commit
// here, another process's, another replica's), so a total is never older than the page beside it.
// The version is read before counting: a commit during the count leaves an entry that the next
// request, seeing the new version, does not use. Requests asking while it is being counted wait for
// that count (after a commit, concurrent callers would otherwise each count the same rows).
// Bounded: the least recently used go first; a failed count is not kept.

import type { Db } from '../db/database.ts';
import type { Filter } from './filters.ts';
import { type ListScope, type ListDecl, scopeIdentity } from './list-spec.ts';

const MAX_TOTALS = 4096;

/** The totals counted at one data version (those of an older one are dropped at once). */
interface Totals {
  version: number;
  /** Each settles when counted: requests arriving meanwhile wait for the same count. */
  byKey: Map<string, Promise<number>>;
}

const kept = new WeakMap<Db, Totals>();

/** What a total depends on: the list, the scope, each filter and its value (a resolved related filter by its value, not its ids). */
function keyOf(spec: ListDecl, scope: ListScope, filters: readonly Filter[]): string {
  return JSON.stringify([spec.name, scopeIdentity(scope), filters.map((f) => [f.decl.param, f.decl.op, f.value])]);
}

/** The list's total from `count` at this data version, counted at most once per version and question. */
export async function sharedTotal(
  db: Db,
  spec: ListDecl,
  scope: ListScope,
  filters: readonly Filter[],
  count: () => Promise<number>,
): Promise<number> {
  const version = db.dataVersion();
  if (version === null) return count();
  let totals = kept.get(db);
  if (!totals || totals.version !== version) kept.set(db, (totals = { version, byKey: new Map() }));
  const map = totals.byKey;
  const key = keyOf(spec, scope, filters);
  const hit = map.get(key);
  if (hit) {
    // Most recently used last.
    map.delete(key);
    map.set(key, hit);
    return hit;
  }
  if (map.size >= MAX_TOTALS) map.delete(map.keys().next().value!);
  const total = count();
  map.set(key, total);
  total.catch(() => map.get(key) === total && map.delete(key));
  return total;
}
