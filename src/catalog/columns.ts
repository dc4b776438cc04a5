// How a plain column is declared: answered as the row's field of the same name, or of the stored
// field `storedAs` names. Every list that
// is not an inventory kind (row sets, webhooks, views, keys, users, compliance, paths) makes its
// columns with this one function, so what a column is stays one declaration.

import type { ColumnDef, ValueType } from './types.ts';

/** A column answered as the row's field `name`; `sortable` only where an index or the list's own order backs it. */
export function column(name: string, type: ValueType, description: string, sortable = false): ColumnDef {
  return { name, type, description, sortable, from: { field: name } };
}

/** Column `c` read from the stored field `field` (e.g. an instance's `object_type` from `object_kind`). */
export function storedAs(field: string, c: ColumnDef): ColumnDef {
  return { ...c, from: { field } };
}
