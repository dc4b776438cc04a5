// SQL expressions for entity columns, shared by the list queries and the indexes created at
// migrate: an expression index is only used when the query repeats its text exactly, so both
// come from here.

import { routedKinds } from '../../catalog/kinds.ts';
import type { ColumnDef, ValueType } from '../../catalog/types.ts';
import type { Engine } from '../../platform/db/database.ts';

function quoteJsonKey(key: string): string {
  return `'$."${key.replaceAll('"', '""').replaceAll("'", "''")}"'`;
}

function quoteLiteral(key: string): string {
  return `'${key.replaceAll("'", "''")}'`;
}

function jsonValue(engine: Engine, column: string, key: string, type: ValueType): string {
  if (engine === 'sqlite') {
    // json_extract yields SQL text, integer or real; JSON booleans come back as 0/1.
    const fallback = type === 'string' || type === 'time' ? "''" : '0';
    return `coalesce(json_extract(${column}, ${quoteJsonKey(key)}), ${fallback})`;
  }
  const text = `(${column}->>${quoteLiteral(key)})`;
  switch (type) {
    case 'integer': return `coalesce(${text}::bigint, 0)`;
    case 'number': return `coalesce(${text}::double precision, 0)`;
    case 'boolean': return `coalesce(${text}::boolean::int, 0)`;
    default: return `coalesce(${text}, '')`;
  }
}

/**
 * The SQL expression a column sorts by (and is compared with in keyset conditions). `table` is
 * the alias to qualify columns with in joins; lists use none, so the text matches the index.
 */
export function sortExpression(engine: Engine, column: ColumnDef, table = ''): string {
  const q = table ? `${table}.` : '';
  const from = column.from;
  if ('field' in from) return q + from.field;
  if ('attribute' in from) return jsonValue(engine, q + 'attributes', from.attribute, column.type);
  return jsonValue(engine, q + 'edge_counts', from.edgeCount, 'integer');
}

/**
 * `create index if not exists` for every sortable attribute or count column of the listed kinds
 * (leaf kinds are only reached over edges, which sort their few neighbours in memory).
 *
 * PostgreSQL: partial indexes, one kind each (`where kind = '<kind>'`), so rewriting an agent row
 * does not write the index entries of every other kind's columns (PostgreSQL updates every index
 * of a row whose indexed values change). List queries name the kind as a literal so the planner
 * uses them. SQLite: the kind is the index's third column instead. SQLite only rewrites the
 * indexes whose columns change, so partial indexes would save it nothing, and they cost a lot:
 * matching a query's `kind = ?` against partial-index predicates makes SQLite re-prepare the
 * statement every time `kind` is bound (measured: 20 µs instead of 3 µs per primary-key lookup).
 */
export function catalogueIndexes(engine: Engine): string[] {
  const out: string[] = [];
  for (const kind of routedKinds) {
    for (const column of kind.columns) {
      if (!column.sortable || 'field' in column.from) continue;
      const expr = sortExpression(engine, column);
      const name = `entities_${engine === 'sqlite' ? 'kx' : 'k'}_${kind.name}_${column.name}`.replace(/[^a-zA-Z0-9_]/g, '_');
      out.push(engine === 'sqlite'
        ? `create index if not exists ${name} on entities (tenant_id, workspace_id, kind, (${expr}), id)`
        : `create index if not exists ${name} on entities (tenant_id, workspace_id, (${expr}), id) where kind = '${kind.name}'`);
    }
  }
  return out;
}
