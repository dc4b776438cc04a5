// A stored row answered as a list row: each column's value read by the column's declared type, so
// a list whose columns are stored fields (sessions, interactions, issues, instances, scans, rules,
// …) needs no row builder of its own, and a column added to its row set is answered without
// touching the reader. The codec of each type: times stored as epoch milliseconds go out as RFC
// 3339; integers and numbers as numbers whatever the driver returned (PostgreSQL's bigint arrives
// as text), money from the stored micro-dollars by the column's `scale`; booleans from 0/1 (SQLite,
// and integers computed in SQL) or a PostgreSQL boolean; JSON lists and objects parsed (SQLite
// keeps JSON as text). A null integer is 0 (the schema says integer, never null); other nulls stay
// null.

import { type AliasedRawBuilder, sql } from 'kysely';
import type { ColumnDef } from '../../catalog/types.ts';
import { readJson } from '../db/database.ts';
import { rfc3339 } from '../values.ts';

type Decode = (v: unknown) => unknown;

/** The decoder of column `c`'s stored values, chosen once per column rather than once per value. */
function decoder(c: ColumnDef): Decode {
  switch (c.type) {
    case 'time':
      return (v) => (v === null || v === undefined ? null : rfc3339(Number(v)));
    case 'integer':
      return (v) => Number(v ?? 0);
    case 'number': {
      const scale = c.scale;
      return scale
        ? (v) => (v === null || v === undefined ? null : Number(v) / scale)
        : (v) => (v === null || v === undefined ? null : Number(v));
    }
    case 'boolean':
      return (v) => v === true || Number(v) === 1;
    case 'strings':
      return (v) => readJson<string[] | null>(v) ?? [];
    case 'object':
      return (v) => readJson<unknown>(v) ?? null;
    default:
      return (v) => v ?? null;
  }
}

/** The stored column each column is read from (`from.field`); a column of another source has none here. */
export function storedFields(columns: readonly ColumnDef[]): string[] {
  return columns.map((c) => {
    if (!('field' in c.from)) throw new Error(`column ${c.name} is not a stored field`);
    return c.from.field;
  });
}

/**
 * The select list of `columns` read through the table aliased `alias`: each stored field as
 * `alias.field`, except a field the query computes, given in `computed` as SQL (e.g. a scan's
 * `is_current`), selected under the field's name, so the row renderer reads every column alike.
 */
export function selectList(
  columns: readonly ColumnDef[],
  alias: string,
  computed: Readonly<Record<string, string>> = {},
): Array<string | AliasedRawBuilder<unknown, string>> {
  return storedFields(columns).map((f) => (f in computed ? sql.raw(computed[f]!).as(f) : `${alias}.${f}`));
}

/** A renderer of rows read with `storedFields(columns)`, in the columns' order. */
export function rowValues(columns: readonly ColumnDef[]): (r: Readonly<Record<string, unknown>>) => unknown[] {
  const fields = storedFields(columns);
  const decoders = columns.map(decoder);
  const n = columns.length;
  return (r) => {
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) out[i] = decoders[i]!(r[fields[i]!]);
    return out;
  };
}

/** A renderer of rows read with `storedFields(columns)` as objects keyed by the column names, in the columns' order. */
export function rowObject(columns: readonly ColumnDef[]): (r: Readonly<Record<string, unknown>>) => Record<string, unknown> {
  const names = columns.map((c) => c.name);
  const values = rowValues(columns);
  return (r) => {
    const row = values(r);
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) out[names[i]!] = row[i];
    return out;
  };
}
