// List filters: query parameters that keep the rows whose column compares to a value. A list
// declares its filters (ListSpec.filters); this module reads them from a request, typed by the
// column, and turns them into SQL conditions with bound parameters. To add a filter to every
// list, this is the file to edit.

import { sql, type RawBuilder } from 'kysely';
import type { TSchema } from 'typebox';
import { NameQuery } from '../http/schemas.ts';
import type { ColumnDef } from '../../catalog/types.ts';
import type { Args } from '../db/database.ts';
import { param } from '../db/database.ts';
import type { SqlDialect } from '../db/dialect.ts';
import { badRequest } from '../errors.ts';
import { parseTime } from '../values.ts';

/**
 * How a filter compares: `eq` equal; `ilk` the text contains the value, any case; `gte` / `lte`
 * at or after / at or before (numbers and times).
 */
export type FilterOp = 'eq' | 'ilk' | 'gte' | 'lte';

export interface FilterDecl {
  /** The query parameter (`name__ilk`, `agent_id`, `start_time`). */
  param: string;
  /** The column of the list it compares. */
  column: string;
  op: FilterOp;
  /** The parameter's schema (type, limits and description in the OpenAPI document). */
  schema: TSchema;
  /**
   * SQL of what is compared, when not the column's own expression: `name__ilk` reads the stored
   * lower-cased name. For `ilk` the expression must then be lower-case already.
   */
  sql?: string;
  /** A value meaning "no filter" (instances' `status=all`). */
  none?: unknown;
  /** The value applied when the parameter is absent (instance details show open ones unless asked). */
  default?: unknown;
}

/** `name__ilk` on a column whose text is not lower-cased in storage (`expr` is its SQL). */
export function ilkOn(column: string, expr: string): FilterDecl {
  return { param: 'name__ilk', column, op: 'ilk', sql: `lower(${expr})`, schema: NameQuery.name__ilk };
}

/** A filter a request applies: its declaration and the value, typed by the column. */
export interface Filter {
  decl: FilterDecl;
  value: unknown;
}

function typedValue(decl: FilterDecl, column: ColumnDef | undefined, raw: unknown): unknown {
  if (decl.op === 'ilk') return String(raw).toLowerCase();
  if (column?.type === 'time') {
    const ms = parseTime(String(raw));
    if (ms === null) throw badRequest(`${decl.param}: expected an RFC 3339 time with a zone, such as 2026-01-31T09:00:00Z`);
    return ms;
  }
  return raw;
}

/** The filters of `decls` that `query` applies, in declaration order. An empty text applies none. */
export function readFilters(decls: readonly FilterDecl[], columns: readonly ColumnDef[], query: Record<string, unknown>): Filter[] {
  const out: Filter[] = [];
  for (const decl of decls) {
    const raw = query[decl.param] ?? decl.default;
    if (raw === undefined || raw === '' || (decl.none !== undefined && raw === decl.none)) continue;
    out.push({
      decl,
      value: typedValue(
        decl,
        columns.find((c) => c.name === decl.column),
        raw,
      ),
    });
  }
  checkWindows(out);
  return out;
}

/** A lower and an upper bound on one column must not cross. */
function checkWindows(filters: Filter[]): void {
  for (const low of filters) {
    if (low.decl.op !== 'gte') continue;
    const high = filters.find((f) => f.decl.op === 'lte' && f.decl.column === low.decl.column);
    if (high && (low.value as number) > (high.value as number)) throw badRequest(`${low.decl.param}: later than ${high.decl.param}`);
  }
}

/** The filters present, for statement cache keys: which parameters, never their values. */
export function filterShape(filters: readonly Filter[]): string {
  return filters.map((f) => f.decl.param).join(',');
}

/** The filters with their values, for cursor fingerprints. */
export function filterSignature(filters: readonly Filter[]): unknown[] {
  return filters.map((f) => [f.decl.param, f.value]);
}

const argName = (decl: FilterDecl) => `f_${decl.param}`;

/** The bound values of the filters, by parameter name. */
export function filterArgs(filters: readonly Filter[]): Args {
  const out: Args = {};
  for (const f of filters) out[argName(f.decl)] = f.value;
  return out;
}

/** The SQL condition of one filter, over the column expressions of the list. */
export function filterCondition(d: SqlDialect, filter: Filter, columnSql: Readonly<Record<string, string>>): RawBuilder<boolean> {
  const { decl } = filter;
  const expr = decl.sql ?? columnSql[decl.column];
  if (expr === undefined) throw new Error(`filter ${decl.param}: the list has no SQL for column ${decl.column}`);
  const value = param(argName(decl));
  switch (decl.op) {
    case 'eq':
      return sql<boolean>`${sql.raw(expr)} = ${value}`;
    case 'ilk':
      return d.contains(decl.sql ? expr : `lower(${expr})`, value);
    case 'gte':
      return sql<boolean>`${sql.raw(expr)} >= ${value}`;
    case 'lte':
      return sql<boolean>`${sql.raw(expr)} <= ${value}`;
  }
}
