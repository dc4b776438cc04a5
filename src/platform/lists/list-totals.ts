// Totals of filtered lists, counted once per data version and shared by every page of the same
// question: the same list, scope and filter values, whatever the sort, the cursor or the page size.
//
// Why: a filtered list has no maintained total, so each page counted its rows again. Paging
// through the 49,920 chat models of the benchmark counted all of them on each of 500 pages (25 ms
// a count on PostgreSQL), and four sorts of one filter counted four times. The total does not
// depend on the order or the position, only on the rows the filters keep and the data.
//
// Kept per database while no commit reached the data they counted (../db/kept-while-current.ts: the
// response cache's rule, so a commit into another workspace leaves them), and so never older than
// the page beside them. The version is read before counting: a commit during the count leaves an
// entry that the next request, seeing that commit, does not use. Requests asking while it is being
// counted wait for that count (after a commit, concurrent callers would otherwise each count the
// same rows). Bounded: the least recently used go first; a failed count is not kept.

import type { Db } from '../db/database.ts';
import type { Filter } from './filters.ts';
import { KeptWhileCurrent } from '../db/kept-while-current.ts';
import { type ListScope, type ListDecl, reachOfScope, scopeIdentity } from './list-spec.ts';

const MAX_TOTALS = 4096;

/** Each settles when counted: requests arriving meanwhile wait for the same count. */
const kept = new WeakMap<Db, KeptWhileCurrent<Promise<number>>>();

/** What a total depends on: the list, the scope, each filter and its value (a resolved related filter by its value, not its ids). */
function keyOf(spec: ListDecl, scope: ListScope, filters: readonly Filter[]): string {
  return JSON.stringify([spec.name, scopeIdentity(scope), filters.map((f) => [f.decl.param, f.decl.op, f.value])]);
}

/** The list's total from `count`, counted at most once per question while no commit reaches its data. */
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
  if (!totals) kept.set(db, (totals = new KeptWhileCurrent(db)));
  const key = keyOf(spec, scope, filters);
  const hit = totals.get(key, version);
  if (hit) return hit;
  totals.trim(() => totals.size >= MAX_TOTALS);
  const total = count();
  totals.set(key, version, reachOfScope(scope), total);
  total.catch(() => totals.delete(key, total));
  return total;
}
