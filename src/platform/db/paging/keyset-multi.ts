// Keyset paging over several ordering terms: `sort=severity:desc,open_instances:desc` followed by
// a tie-breaker that may itself take several columns (an instance id is unique only within its
// workspace, so lists across workspaces break ties on id and workspace). Same guarantees as
// `keyset.ts`: a page continues strictly after the previous page's last key, never OFFSET.
//
// When every term runs in one direction the condition is a row-value comparison
// `(a, b, id) < (…)`, which both engines answer with an index range; mixed directions expand to
// `a < x or (a = x and (b > y or …))`.

import { sql, type SelectQueryBuilder } from 'kysely';
import type { Args, Builder, Db } from '../database.ts';
import type { SqlDialect } from '../dialect.ts';
import { param } from '../database.ts';
import { badRequest } from '../../errors.ts';
import type { SortKey } from './cursor.ts';
import { limitBucket, type SortDir } from './keyset.ts';

export interface OrderTerm {
  /** SQL expression, never null (coalesce nullable columns). */
  expr: string;
  dir: SortDir;
}

/** A sort the client asked for: a column name of the answer and a direction. */
export interface SortTerm {
  column: string;
  dir: SortDir;
}

/** The sort terms as SQL (`sortSql` maps column names), then the tie-breakers not already among them, in the last term's direction. */
export function orderTerms(sort: SortTerm[], sortSql: Record<string, string>, tie: string[]): OrderTerm[] {
  const terms = sort.map((s) => ({ expr: sortSql[s.column]!, dir: s.dir }));
  const dir = terms.at(-1)?.dir ?? 'asc';
  for (const expr of tie) if (!terms.some((t) => t.expr === expr)) terms.push({ expr, dir });
  return terms;
}

export interface MultiKeysetSpec {
  /** Template cache key naming everything that shapes `base` (filters present, grouping). */
  key: string;
  base: (b: Builder, d: SqlDialect) => SelectQueryBuilder<any, any, any>;
  /** The sort terms, then the tie-breakers: together unique among the rows. */
  order: OrderTerm[];
}

export interface MultiKeysetPage<R> {
  rows: R[];
  /** The last row's key values when more rows follow, else null. */
  next: unknown[] | null;
}

function afterCondition(order: OrderTerm[]) {
  const value = (i: number) => param(`after_${i}`);
  const op = (dir: SortDir) => sql.raw(dir === 'desc' ? '<' : '>');
  if (order.every((t) => t.dir === order[0]!.dir)) {
    const left = sql.join(order.map((t) => sql.raw(t.expr)));
    const right = sql.join(order.map((_, i) => value(i)));
    return sql<boolean>`(${left}) ${op(order[0]!.dir)} (${right})`;
  }
  // a op x or (a = x and (b op y or (b = y and …)))
  let cond = sql<boolean>`${sql.raw(order.at(-1)!.expr)} ${op(order.at(-1)!.dir)} ${value(order.length - 1)}`;
  for (let i = order.length - 2; i >= 0; i--) {
    const t = order[i]!;
    cond = sql<boolean>`(${sql.raw(t.expr)} ${op(t.dir)} ${value(i)} or (${sql.raw(t.expr)} = ${value(i)} and ${cond}))`;
  }
  return cond;
}

export async function multiKeysetPage<R extends Record<string, unknown>>(
  db: Db, spec: MultiKeysetSpec, args: Args, after: unknown[] | null, limit: number,
): Promise<MultiKeysetPage<R>> {
  const shape = spec.order.map((t) => `${t.expr} ${t.dir}`).join(',');
  const fetch = limitBucket(limit + 1);
  const t = db.template(`${spec.key}|${shape}|${after ? 'after' : 'first'}|${fetch}`, (b, d) => {
    let q = spec.base(b, d).select(spec.order.map((o, i) => sql.raw(o.expr).as(`k${i}`)));
    if (after) q = q.where(afterCondition(spec.order));
    for (const o of spec.order) q = q.orderBy(sql.raw(o.expr), o.dir);
    return q.limit(sql.lit(fetch));
  });
  const keyArgs: Args = {};
  if (after) after.forEach((v, i) => { keyArgs[`after_${i}`] = v; });
  const rows = await db.all<R>(t, { ...args, ...keyArgs });
  if (rows.length <= limit) return { rows, next: null };
  rows.length = limit;
  const last = rows[limit - 1]!;
  return { rows, next: spec.order.map((_, i) => last[`k${i}`]) };
}

/** The key values of a page's last row as the cursor's sort key (cursors carry a pair). */
export function keyOf(values: unknown[] | null): SortKey | null {
  return values ? [values, values.length] : null;
}

/** The key values a cursor carries, checked against the number of ordering terms. */
export function valuesOf(key: SortKey | null, terms: number): unknown[] | null {
  if (!key) return null;
  const [values, n] = key;
  if (!Array.isArray(values) || n !== terms || values.length !== terms) {
    throw badRequest('cursor belongs to another query (different path, filters or sort)');
  }
  return values;
}
