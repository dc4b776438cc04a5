// One declaration per list (ListSpec): its columns, the SQL behind each sortable or filterable
// column, its tie-breakers, default order and page size, its filters, the rows it reads and how a
// row is answered. The query parameters, the OpenAPI description of them, the cursor
// fingerprint, the statement cache key, CSV and the handler all come from it (list-route.ts), so
// no list can forget a filter in its fingerprint or its statement key.

import type { SelectQueryBuilder } from 'kysely';
import type { TSchema } from 'typebox';
import type { ColumnDef } from '../../catalog/types.ts';
import type { Args, Builder, Db } from '../db/database.ts';
import type { SqlDialect } from '../db/dialect.ts';
import type { SortTerm } from '../db/paging/keyset.ts';
import type { WorkspaceScope } from '../db/workspace-scope.ts';
import type { Reach } from '../db/change-log.ts';
import type { Filter, FilterDecl } from './filters.ts';

/**
 * Where a request lists from: the bound values of the path (tenant, workspace, parent object) or
 * of the token's workspaces, a key naming what shapes the SQL (the token scope's shape), and what
 * identifies it in a cursor.
 */
export interface ListScope {
  args: Args;
  /** Part of the statement cache key: everything in it that changes the SQL text, never a value. */
  key: string;
  /** Part of the cursor fingerprint: every value that picks the rows. */
  fingerprint: readonly unknown[];
  /** The token's workspaces, for lists across them. */
  token?: WorkspaceScope;
}

/**
 * What a result computed for a scope may be shared under: the values its statements bind and the
 * shape of their SQL, not the fingerprint, which a caller may leave empty (paths read lists
 * without cursors) and which must never let one workspace's answer reach another.
 */
export function scopeIdentity(scope: ListScope): readonly unknown[] {
  return [scope.key, scope.args];
}

/**
 * The data a scope's statements read (what a commit must reach to change a result computed for it):
 * the workspace its arguments bind, else its tenant, else everything.
 */
export function reachOfScope(scope: ListScope): Reach | undefined {
  const { args } = scope;
  const tenant = Object.hasOwn(args, 'tenant') ? args.tenant : undefined;
  if (typeof tenant !== 'string') return undefined;
  // A token's lists bind its workspaces under other names: they read across the tenant.
  const workspace = !scope.token && Object.hasOwn(args, 'workspace') ? args.workspace : undefined;
  return typeof workspace === 'string' ? { tenant, workspace } : { tenant };
}

/**
 * A row of a list answered as a tabular result: an array aligned to the header, or the JSON text
 * of one (stored rows, sent as they are).
 */
export type TabularRow = string | unknown[];

/**
 * What a list declares apart from its rows: all that the query parameters, filters, sort terms,
 * cursor fingerprint and statement keys are built from. The machinery that never reads a row
 * takes this, so it takes every list whatever its rows.
 */
export interface ListDecl {
  /** Names the list in cursor fingerprints and statement cache keys. */
  readonly name: string;
  /** The answer's columns, in header order (from the catalogue). */
  readonly columns: readonly ColumnDef[];
  /** The header when it is not the columns' names (a leading `workspace_id`). */
  readonly header?: readonly string[];
  /**
   * SQL expression of each column the list can sort or filter by, for an engine: every column it
   * answers but free-form objects (a list of text as its JSON array), so each can be filtered.
   */
  columnSql(d: SqlDialect): Readonly<Record<string, string>>;
  /** Other names `sort` accepts for a column (`time` for `start_time`). */
  readonly sortAliases?: Readonly<Record<string, string>>;
  /** The names `sort` is documented and refused with, when not the sortable columns'. */
  readonly sortNames?: readonly string[];
  /** Expressions that make the order unique, after the sort terms. */
  readonly tie: readonly string[];
  readonly defaultSort: readonly SortTerm[];
  readonly filters: readonly FilterDecl[];
  readonly pageSize: number;
  /** A first page that holds every row reports its total itself (one object's neighbours). */
  readonly totalFromFirstPage?: boolean;
  /** The SQL of a sort term when it is not the column's own (an index only another expression walks). */
  sortSql?(column: string, filters: readonly Filter[], d: SqlDialect): string | undefined;
  /** The total when it can be had cheaper than counting (a maintained counter); undefined counts. */
  total?(db: Db, scope: ListScope, filters: readonly Filter[]): Promise<number | undefined>;
  /** The query parameters in the order the OpenAPI document lists them, with the list's own schemas where they differ. */
  readonly query?: QueryLayout;
  /**
   * Filters on related rows, named by a pattern rather than one by one (the inventory's
   * `<edge>.<filter>`: `models.provider=openai`): the declaration of a parameter the list's own
   * filters do not name, or undefined when the pattern does not take it either (a 400 says why).
   */
  related?: {
    /** How the pattern reads, for the 400 that lists what the list takes. */
    readonly pattern: string;
    filter(param: string, d: SqlDialect): FilterDecl | undefined;
  };
}

/**
 * A list: its declaration, the statement its rows come from, and how a page of them is answered.
 * `R` is the row `base` selects (the schema's types, through Kysely), so `render` reads only what
 * the statement reads; `Out` is what a page answers (`TabularRow`s, or objects for a list answered
 * otherwise than as a tabular result, like the views').
 */
export interface ListSpec<R extends object, Out = TabularRow> extends ListDecl {
  /** The rows in scope, before filters: FROM, joins and the scope's WHERE, selecting what `render` reads. */
  base(b: Builder, d: SqlDialect, scope: ListScope): SelectQueryBuilder<any, any, R>;
  /**
   * The page's rows as the header describes them: arrays, or JSON texts of arrays (stored rows);
   * a list answered otherwise than as a tabular result may keep them as read. A property, not a
   * method, so its parameter is checked contravariantly: a render reading a field the base does
   * not select does not compile.
   */
  readonly render: (db: Db, scope: ListScope, rows: R[]) => Promise<Out[]> | Out[];
}

/**
 * A list of any rows, for collections of lists (a view's entities, a route's alternatives) and the
 * functions that take one from them. A list is invariant in its row (`base` yields it, `render`
 * takes it), so no row type but `any` is common to all lists; each one was checked against its
 * own row where `defineList` declared it, and the machinery only ever hands `render` the rows of
 * the same list's `base`.
 */
export type AnyListSpec<Out = TabularRow> = ListSpec<any, Out>;

/** A group of the list's query parameters, in the document's order. */
export type QueryGroup = 'paging' | 'sort' | 'filters' | { extra: Record<string, TSchema> };

export interface QueryLayout {
  order: readonly QueryGroup[];
  /** Schemas of paging parameters (the sessions list names its page size `pageSize` first). */
  paging?: Record<string, TSchema>;
  /** Schemas of `sort` and `sort_dir`, when the list documents them its own way. */
  sort?: Record<string, TSchema>;
}

/**
 * Declares a list; the identity function, for type inference: the row from what `base` selects
 * (declare `base` before `render`, so the row is known when `render` is read), the answer from
 * what `render` returns.
 */
export function defineList<R extends object, Out>(spec: ListSpec<R, Out>): ListSpec<R, Out> {
  return spec;
}

/**
 * Column SQL for rows read from one table (alias `prefix`, e.g. `i.`): each column but free-form
 * objects as its stored field (its name, or what `storedAs` declares), or as `overrides` say (an
 * expression, another table's column).
 */
export function fieldSql(
  columns: readonly ColumnDef[],
  prefix: string,
  overrides: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of columns) {
    if (c.name in overrides) out[c.name] = overrides[c.name]!;
    else if (c.type !== 'object') out[c.name] = `${prefix}${'field' in c.from ? c.from.field : c.name}`;
  }
  return out;
}

/** The columns, sortable only where the list has SQL to sort them by. */
export function sortableBy(columns: readonly ColumnDef[], sortSql: Readonly<Record<string, string>>): ColumnDef[] {
  return columns.map((c) => ({ ...c, sortable: c.name in sortSql }));
}
