// SQL expressions for entity columns, shared by the list queries and the indexes created at
// migrate: an expression index is only used when the query repeats its text exactly, so both
// come from here.

import { routedKinds } from '../../catalog/kinds.ts';
import type { ColumnDef } from '../../catalog/types.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { SqlDialect } from '../../platform/db/dialect.ts';

/**
 * The SQL expression a column sorts by (and is compared with in keyset conditions). `table` is
 * the alias to qualify columns with in joins; lists use none, so the text matches the index.
 */
export function sortExpression(d: SqlDialect, column: ColumnDef, table = ''): string {
  const q = table ? `${table}.` : '';
  const from = column.from;
  if ('field' in from) return q + from.field;
  if ('attribute' in from) return d.jsonValue(q + 'attributes', from.attribute, column.type);
  return d.jsonValue(q + 'edge_counts', from.edgeCount, 'integer');
}

/**
 * The SQL a filter compares for a column: the stored field; for a text attribute its sort
 * expression (a missing one reads as '', which no filter value equals, and the expression index of
 * a sortable one answers the filter); for a number or a boolean attribute its typed value, null when
 * missing, so a missing value matches no comparison; for a list of text the JSON array itself; null
 * for a free-form object, which is not filtered.
 */
export function filterExpression(d: SqlDialect, column: ColumnDef, table = ''): string | null {
  if (column.type === 'object') return null;
  const from = column.from;
  const attributes = `${table ? `${table}.` : ''}attributes`;
  if ('attribute' in from) {
    if (column.type === 'strings') return d.jsonMember(attributes, from.attribute);
    if (column.type === 'integer' || column.type === 'number' || column.type === 'boolean')
      return d.jsonScalar(attributes, from.attribute, column.type);
  }
  return sortExpression(d, column, table);
}

/**
 * `create index if not exists` for every sortable attribute or count column of the listed kinds
 * (leaf kinds are only reached over edges, which sort their few neighbours in memory), and the
 * planner statistics of each where the engine needs them; how each engine indexes one kind's
 * column is the dialect's kindSortIndex, its statistics kindStatistics.
 */
export function catalogueIndexes(d: SqlDialect): string[] {
  const out: string[] = [];
  for (const kind of routedKinds) {
    for (const column of kind.columns) {
      if (!column.sortable || 'field' in column.from) continue;
      const expression = sortExpression(d, column);
      out.push(d.kindSortIndex('entities', kind.name, column.name, expression));
      const statistics = d.kindStatistics('entities', kind.name, column.name, expression);
      if (statistics) out.push(statistics);
    }
  }
  return out;
}

/** After migrations: the indexes the catalogue's sortable columns need. */
export async function syncCatalogueIndexes(_db: Db, tx: Executor): Promise<void> {
  for (const ddl of catalogueIndexes(tx.dialect)) await tx.exec(ddl);
}
