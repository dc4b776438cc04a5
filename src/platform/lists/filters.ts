// List filters: query parameters that keep the rows whose column compares to a value, in the lookup
// style clients of this API already use (`name__ilk`). Every column a list answers, that it has SQL
// for, takes the operators its type allows:
//
//   col=v  equals             col__ne=v  differs             col__in=a,b  one of
//   col__ilk=text  contains, any case (text; for lists of text: one element does)
//   col__gt / __gte / __lt / __lte   greater / at least / less / at most (numbers and RFC 3339 times)
//
// Lists of text (`strings` columns: capabilities, categories, …) take col=v (has the element),
// col__ne (has not), col__in (has one of), col__only=a,b (has one of them and nothing else:
// `sources__only=runtime` is an object seen at runtime alone, where `sources=runtime` also keeps
// a declared object that was seen at runtime too) and col__ilk. Free-form objects take none. A list may also
// declare filters of its own under other names (`agent_id`, `start_time`, `sensorType`, `status`),
// which win over a generated one of the same name.
//
// This module reads the filters from a request, typed by the column (a value that does not parse
// is a 400 naming the parameter and the type), and turns them into SQL with bound values. To add an
// operator, or a filter to every list, this is the file to edit.

import { sql, type RawBuilder } from 'kysely';
import Type, { type TSchema } from 'typebox';
import type { ColumnDef, ValueType } from '../../catalog/types.ts';
import type { Args } from '../db/database.ts';
import { param } from '../db/database.ts';
import type { SqlDialect } from '../db/dialect.ts';
import { badRequest } from '../errors.ts';
import { NameQuery } from '../http/schemas.ts';
import { parseTime } from '../values.ts';

export type FilterOp = 'eq' | 'ne' | 'in' | 'only' | 'ilk' | 'gt' | 'gte' | 'lt' | 'lte';

export interface FilterDecl {
  /** The query parameter (`provider`, `critical_issues__gt`, `name__ilk`, `agent_id`). */
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
  /** The column's type, when it is not the list's column of that name (filters of a list's own). */
  type?: ValueType;
  /** Stored as the value times this (money in micro-dollars): a number compared is scaled and rounded. */
  scale?: number;
  /**
   * Where the condition applies when not to the row itself: a filter on related rows
   * (`models.provider`) compares a neighbour's column (`sql`) and keeps the rows this wraps it for.
   */
  within?: (condition: RawBuilder<boolean>) => RawBuilder<boolean>;
  /**
   * With `within`: the same rows as a set to compute once, a statement selecting the ids of the rows
   * the filter keeps (column `id`) from the condition on the related rows, and the list's column
   * those ids are (related-sets.ts resolves it once per data version and binds the ids).
   */
  matching?: { column: string; select: (condition: RawBuilder<boolean>) => RawBuilder<{ id: string }> };
  /**
   * With `within`: the relation it follows, from the list's kind (`out` when that kind is the
   * relation's `from` end) to `target`. The controls walk it back from changed neighbours to the
   * rows whose answer may have changed (src/areas/controls/candidates.ts).
   */
  related?: { target: string; relation: string; direction: 'out' | 'in' };
}

/** `name__ilk` on a column whose text is not lower-cased in storage (`expr` is its SQL). */
export function ilkOn(column: string, expr: string): FilterDecl {
  return { param: 'name__ilk', column, op: 'ilk', sql: `lower(${expr})`, schema: NameQuery.name__ilk };
}

/** A filter a request applies: its declaration and the value, typed by the column. */
export interface Filter {
  decl: FilterDecl;
  /** The column's type (how the value was read and how SQL compares it). */
  type: ValueType;
  value: unknown;
  /** A `matching` filter resolved: the ids of the rows it keeps (related-sets.ts). */
  ids?: readonly string[];
}

const MAX_IN = 100;

/** The operators each type of column takes. */
const operators: Record<ValueType, FilterOp[]> = {
  string: ['eq', 'ne', 'in', 'ilk'],
  integer: ['eq', 'ne', 'in', 'gt', 'gte', 'lt', 'lte'],
  number: ['eq', 'ne', 'in', 'gt', 'gte', 'lt', 'lte'],
  time: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'],
  boolean: ['eq', 'ne'],
  strings: ['eq', 'ne', 'in', 'only', 'ilk'],
  object: [],
};

const words: Record<FilterOp, string> = {
  eq: 'equals',
  ne: 'differs from',
  in: 'is one of (comma-separated)',
  only: 'has only elements among (comma-separated)',
  ilk: 'contains, in any case,',
  gt: 'is greater than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
};

function valueSchema(column: ColumnDef, op: FilterOp): TSchema {
  const what =
    op === 'only'
      ? `Only rows whose ${column.name} has one of these (comma-separated) and nothing else.`
      : `Only rows whose ${column.name} ${column.type === 'strings' && op !== 'ilk' ? (op === 'ne' ? 'lacks' : op === 'in' ? 'has one of (comma-separated)' : 'has') : words[op]} this.`;
  if (op === 'in' || op === 'only' || op === 'ilk' || column.type === 'string' || column.type === 'strings')
    return Type.String({ maxLength: 1024, description: what });
  if (column.type === 'boolean') return Type.Boolean({ description: what });
  if (column.type === 'integer') return Type.Integer({ description: what });
  if (column.type === 'number') return Type.Number({ description: what });
  return Type.String({ maxLength: 64, description: `${what} (RFC 3339 with a zone)` });
}

/** The filters of every column with SQL behind it, in the lookup style. */
export function columnFilters(columns: readonly ColumnDef[], withSql: ReadonlySet<string>): FilterDecl[] {
  const out: FilterDecl[] = [];
  for (const column of columns) {
    if (!withSql.has(column.name)) continue;
    for (const op of operators[column.type]) {
      out.push({
        param: op === 'eq' ? column.name : `${column.name}__${op}`,
        column: column.name,
        op,
        schema: valueSchema(column, op),
        ...(column.scale ? { scale: column.scale } : {}),
      });
    }
  }
  return out;
}

function scalar(decl: FilterDecl, type: ValueType, raw: string): unknown {
  switch (type) {
    case 'time': {
      const ms = parseTime(raw);
      if (ms === null) throw badRequest(`${decl.param}: expected an RFC 3339 time with a zone, such as 2026-01-31T09:00:00Z`);
      return ms;
    }
    case 'integer':
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n) || (type === 'integer' && !Number.isInteger(n))) {
        throw badRequest(`${decl.param}: expected ${type === 'integer' ? 'an integer' : 'a number'}, not "${raw.slice(0, 64)}"`);
      }
      // Beyond this a number is not exact, and no stored count comes near it.
      if (type === 'integer' && !Number.isSafeInteger(n)) {
        throw badRequest(`${decl.param}: expected an integer between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`);
      }
      return decl.scale ? Math.round(n * decl.scale) : n;
    }
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw badRequest(`${decl.param}: expected true or false, not "${raw.slice(0, 64)}"`);
      return raw === 'true' ? 1 : 0;
    default:
      return raw;
  }
}

function typedValue(decl: FilterDecl, type: ValueType, raw: unknown): unknown {
  const text = typeof raw === 'boolean' || typeof raw === 'number' ? String(raw) : String(raw);
  if (decl.op === 'ilk') return text.toLowerCase();
  if (decl.op === 'in' || decl.op === 'only') {
    const parts = text
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (parts.length === 0) throw badRequest(`${decl.param}: expected one value or more, comma-separated`);
    if (parts.length > MAX_IN) throw badRequest(`${decl.param}: at most ${MAX_IN} values`);
    return parts.map((p) => scalar(decl, type === 'strings' ? 'string' : type, p));
  }
  return scalar(decl, type === 'strings' ? 'string' : type, text);
}

/** The filters of `decls` that `query` applies, in declaration order. An empty text applies none. */
export function readFilters(decls: readonly FilterDecl[], columns: readonly ColumnDef[], query: Record<string, unknown>): Filter[] {
  const out: Filter[] = [];
  for (const decl of decls) {
    const raw = (Object.hasOwn(query, decl.param) ? query[decl.param] : undefined) ?? decl.default;
    if (raw === undefined || raw === '' || (decl.none !== undefined && raw === decl.none)) continue;
    const type = decl.type ?? columns.find((c) => c.name === decl.column)?.type ?? 'string';
    out.push({ decl, type, value: typedValue(decl, type, raw) });
  }
  checkWindows(out);
  return out;
}

/** A window's start must not be after its end (`start_time` / `end_time`, and bounds on one column). */
function checkWindows(filters: Filter[]): void {
  const start = filters.find((f) => f.decl.param === 'start_time');
  const end = filters.find((f) => f.decl.param === 'end_time');
  if (start && end && (start.value as number) > (end.value as number)) throw badRequest('start_time: later than end_time');
  for (const low of filters) {
    if (low.decl.op !== 'gte' && low.decl.op !== 'gt') continue;
    const high = filters.find((f) => (f.decl.op === 'lte' || f.decl.op === 'lt') && f.decl.column === low.decl.column);
    if (high && (low.value as number) > (high.value as number)) throw badRequest(`${low.decl.param}: greater than ${high.decl.param}`);
  }
}

/** The filters present, for statement cache keys: which parameters (and how many values), never the values. */
export function filterShape(filters: readonly Filter[]): string {
  return filters
    .map((f) => (f.ids ? `${f.decl.param}#ids` : Array.isArray(f.value) ? `${f.decl.param}#${f.value.length}` : f.decl.param))
    .join(',');
}

/** The filters with their values, for cursor fingerprints. */
export function filterSignature(filters: readonly Filter[]): unknown[] {
  return filters.map((f) => [f.decl.param, f.value]);
}

const argName = (decl: FilterDecl, i?: number) => `f_${decl.param}${i === undefined ? '' : `_${i}`}`;

/** The bound values of the filters, by parameter name. */
export function filterArgs(filters: readonly Filter[]): Args {
  const out: Args = {};
  for (const f of filters) {
    if (f.ids) out[argName(f.decl)] = f.ids;
    else if (f.decl.op === 'in' || f.decl.op === 'only')
      (f.value as unknown[]).forEach((v, i) => {
        out[argName(f.decl, i)] = v;
      });
    else out[argName(f.decl)] = f.value;
  }
  return out;
}

const comparison: Partial<Record<FilterOp, string>> = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** The SQL condition of one filter, over the column expressions of the list. */
export function filterCondition(d: SqlDialect, filter: Filter, columnSql: Readonly<Record<string, string>>): RawBuilder<boolean> {
  if (filter.ids) return d.inList(filter.decl.matching!.column, param(argName(filter.decl)));
  const condition = comparisonOf(d, filter, columnSql);
  return filter.decl.within ? filter.decl.within(condition) : condition;
}

/** The comparison a filter makes on its column (for a filter on related rows: on the related row's). */
export function comparisonOf(d: SqlDialect, filter: Filter, columnSql: Readonly<Record<string, string>>): RawBuilder<boolean> {
  const { decl } = filter;
  const expr = decl.sql ?? columnSql[decl.column];
  if (expr === undefined) throw new Error(`filter ${decl.param}: the list has no SQL for column ${decl.column}`);
  const value = param(argName(decl));
  const values = () => (filter.value as unknown[]).map((_, i) => param(argName(decl, i)));
  if (filter.type === 'strings') {
    // `expr` is the JSON array itself.
    switch (decl.op) {
      case 'eq':
        return d.jsonArrayHas(expr, value);
      case 'ne':
        return sql<boolean>`not ${d.jsonArrayHas(expr, value)}`;
      case 'in':
        return sql<boolean>`(${sql.join(
          values().map((v) => d.jsonArrayHas(expr, v)),
          sql` or `,
        )})`;
      case 'only':
        // One of the values is there, and no element is another.
        return sql<boolean>`((${sql.join(
          values().map((v) => d.jsonArrayHas(expr, v)),
          sql` or `,
        )}) and not exists (select 1 from ${d.jsonArrayElements(expr, 'only_e')} where only_e.value not in (${sql.join(values())})))`;
      default:
        return d.jsonArrayAnyContains(expr, value);
    }
  }
  if (decl.op === 'ilk') return d.contains(decl.sql ? expr : `lower(${expr})`, value);
  // An integer compares as the engine's widest integer: a value beyond a 32-bit column's range
  // (PostgreSQL integer) then matches nothing or everything instead of failing the statement.
  const wide = (v: unknown) => (filter.type === 'integer' ? sql`cast(${v} as ${sql.raw(d.bigint)})` : v);
  if (decl.op === 'in') return sql<boolean>`${sql.raw(expr)} in (${sql.join(values().map(wide))})`;
  // A row with no value differs from every value.
  if (decl.op === 'ne') return d.distinctFrom(expr, wide(value));
  return sql<boolean>`${sql.raw(expr)} ${sql.raw(comparison[decl.op]!)} ${wide(value)}`;
}
