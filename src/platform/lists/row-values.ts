// A stored row answered as a list row: each column's value read by the column's declared type, so
// a list whose columns are stored fields (sessions, interactions, …) needs no row builder of its
// own, and a column added to its row set is answered without touching the reader. The codec of
// each type: times stored as epoch milliseconds go out as RFC 3339; integers and numbers as
// numbers whatever the driver returned (PostgreSQL's bigint arrives as text), money from the
// stored micro-dollars by the column's `scale`; JSON lists and objects parsed (SQLite keeps JSON
// as text). A null integer is 0 (the schema says integer, never null); other nulls stay null.

import type { ColumnDef } from '../../catalog/types.ts';
import { readJson } from '../db/database.ts';
import { rfc3339 } from '../values.ts';

/** One stored value of column `c` as the wire carries it. */
export function columnValue(c: ColumnDef, v: unknown): unknown {
  switch (c.type) {
    case 'time':
      return v === null || v === undefined ? null : rfc3339(Number(v));
    case 'integer':
      return Number(v ?? 0);
    case 'number':
      if (v === null || v === undefined) return null;
      return c.scale ? Number(v) / c.scale : Number(v);
    case 'boolean':
      return v === true || Number(v) === 1;
    case 'strings':
      return readJson<string[] | null>(v) ?? [];
    case 'object':
      return readJson<unknown>(v) ?? null;
    default:
      return v ?? null;
  }
}

/** The stored column each column is read from (`from.field`); a column of another source has none here. */
export function storedFields(columns: readonly ColumnDef[]): string[] {
  return columns.map((c) => {
    if (!('field' in c.from)) throw new Error(`column ${c.name} is not a stored field`);
    return c.from.field;
  });
}

/** A renderer of rows read with `storedFields(columns)`, in the columns' order. */
export function rowValues(columns: readonly ColumnDef[]): (r: Readonly<Record<string, unknown>>) => unknown[] {
  const fields = storedFields(columns);
  return (r) => columns.map((c, i) => columnValue(c, r[fields[i]!]));
}
