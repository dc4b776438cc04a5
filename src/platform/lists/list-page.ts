// Reading one page of a list and its total, from its declaration and a parsed request: the
// filters and the scope shape the statement (its cache key names them), the sort terms and
// tie-breakers order it, and the cursor's key values continue it.

import type { Builder, Db } from '../db/database.ts';
import type { SqlDialect } from '../db/dialect.ts';
import { keysetPage, orderTerms, type OrderTerm, type SortTerm } from '../db/paging/keyset.ts';
import { columnFilters, type Filter, type FilterDecl, filterArgs, filterCondition, filterShape } from './filters.ts';
import type { ListDecl, ListScope, ListSpec, TabularRow } from './list-spec.ts';
import { sharedTotal } from './list-totals.ts';
import { resolveRelated } from './related-sets.ts';

/** A request to a list, parsed: what it filters, how it sorts, where it continues, how many rows. */
export interface ListRequest {
  filters: Filter[];
  sort: SortTerm[];
  after: unknown[] | null;
  limit: number;
}

/** A page of a list whose `render` answers `Out`s: rows of a tabular result unless it says otherwise. */
export interface ListPage<Out = TabularRow> {
  /** Rows as arrays aligned to the header, or JSON texts of such arrays (or as the list renders them). */
  rows: Out[];
  /** The last row's key values when more rows follow. */
  next: unknown[] | null;
  total: number;
}

const columnSqlCache = new WeakMap<ListDecl, Map<string, Readonly<Record<string, string>>>>();

/** The list's column SQL for an engine, built once. */
export function columnSqlOf(spec: ListDecl, d: SqlDialect): Readonly<Record<string, string>> {
  let byEngine = columnSqlCache.get(spec);
  if (!byEngine) columnSqlCache.set(spec, (byEngine = new Map()));
  let out = byEngine.get(d.name);
  if (!out) byEngine.set(d.name, (out = spec.columnSql(d)));
  return out;
}

const filterCache = new WeakMap<ListDecl, FilterDecl[]>();

/**
 * Every filter a list takes: its own (`spec.filters`), then the lookup-style filters of every
 * column it has SQL for (filters.ts), except where one of its own has the same name.
 */
export function filtersOf(spec: ListDecl, d: SqlDialect): FilterDecl[] {
  let out = filterCache.get(spec);
  if (!out) {
    const own = new Set(spec.filters.map((f) => f.param));
    const generated = columnFilters(spec.columns, new Set(Object.keys(columnSqlOf(spec, d)))).filter((f) => !own.has(f.param));
    out = [...spec.filters, ...generated];
    filterCache.set(spec, out);
  }
  return out;
}

/** The ORDER BY of a request: its sort terms as SQL, then the list's tie-breakers. */
export function orderOf(spec: ListDecl, d: SqlDialect, sort: readonly SortTerm[], filters: readonly Filter[]): OrderTerm[] {
  const columns = columnSqlOf(spec, d);
  const exprs: Record<string, string> = {};
  for (const t of sort) exprs[t.column] = spec.sortSql?.(t.column, filters, d) ?? columns[t.column]!;
  return orderTerms(sort, exprs, spec.tie);
}

/** The statement cache key of a list's base for a scope and a set of filters (never their values). */
function baseKey(spec: ListDecl, scope: ListScope, filters: readonly Filter[]): string {
  return `list.${spec.name}:${scope.key}:${filterShape(filters)}`;
}

function filtered<R extends object>(spec: ListSpec<R, unknown>, scope: ListScope, filters: readonly Filter[]) {
  return (b: Builder, d: SqlDialect) => {
    let q = spec.base(b, d, scope);
    const columns = columnSqlOf(spec, d);
    for (const f of filters) q = q.where(filterCondition(d, f, columns));
    return q;
  };
}

/** A filter resolved to a list of ids is in the statement (its plan depends on the list's length). */
const bindsIds = (filters: readonly Filter[]) => filters.some((f) => f.ids !== undefined);

/** count(*) over the list's rows in scope, filtered. */
async function countRows<R extends object>(
  db: Db,
  spec: ListSpec<R, unknown>,
  scope: ListScope,
  filters: readonly Filter[],
): Promise<number> {
  const base = filtered(spec, scope, filters);
  const t = db.template(
    `${baseKey(spec, scope, filters)}|count`,
    (b, d) =>
      base(b, d)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('count')),
    { planEachRun: bindsIds(filters) },
  );
  return Number((await db.first(t, { ...scope.args, ...filterArgs(filters) }))?.count ?? 0);
}

/**
 * The total of a list: kept by ingest where the list says so, else counted (once per data version
 * for the same filters, whatever the sort or page: list-totals.ts).
 */
export async function listTotal<R extends object>(
  db: Db,
  spec: ListSpec<R, unknown>,
  scope: ListScope,
  filters: readonly Filter[],
): Promise<number> {
  return (await spec.total?.(db, scope, filters)) ?? sharedTotal(db, spec, scope, filters, () => countRows(db, spec, scope, filters));
}

/** A request with its related filters resolved, and its page's statement under way. */
async function startPage<R extends object>(db: Db, spec: ListSpec<R, unknown>, scope: ListScope, request: ListRequest) {
  // Filters on related rows become the ids they keep, shared by the page and the count (related-sets.ts).
  const req = { ...request, filters: await resolveRelated(db, spec, scope, request.filters, columnSqlOf(spec, db.dialect)) };
  const order = orderOf(spec, db.dialect, req.sort, req.filters);
  const args = { ...scope.args, ...filterArgs(req.filters) };
  const page = keysetPage(
    db,
    {
      key: baseKey(spec, scope, req.filters),
      base: filtered(spec, scope, req.filters),
      order,
      planEachRun: bindsIds(req.filters),
    },
    args,
    req.after,
    req.limit,
    spec.totalFromFirstPage,
  );
  return { req, page };
}

export async function readPage<R extends object, Out>(
  db: Db,
  spec: ListSpec<R, Out>,
  scope: ListScope,
  request: ListRequest,
): Promise<ListPage<Out>> {
  const { req, page: pagePromise } = await startPage(db, spec, scope, request);
  // The total is counted alongside (both settle before either error is thrown), unless the first page may tell it.
  const [page, counted] = await Promise.all([pagePromise, spec.totalFromFirstPage ? undefined : listTotal(db, spec, scope, req.filters)]);
  const total = page.total ?? counted ?? (await listTotal(db, spec, scope, req.filters));
  return { rows: await spec.render(db, scope, page.rows), next: page.next, total };
}

/** A page without its total (readRows). */
export type ListRows<Out = TabularRow> = Omit<ListPage<Out>, 'total'>;

/**
 * One page without the list's total, for callers that walk a list for its rows (a view's export,
 * the objects a path starts or ends at): the count would be read and thrown away on every page.
 */
export async function readRows<R extends object, Out>(
  db: Db,
  spec: ListSpec<R, Out>,
  scope: ListScope,
  request: ListRequest,
): Promise<ListRows<Out>> {
  const page = await (await startPage(db, spec, scope, request)).page;
  return { rows: await spec.render(db, scope, page.rows), next: page.next };
}
