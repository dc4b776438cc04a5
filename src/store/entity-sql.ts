// SQL expressions for entity columns, shared by the list queries and the indexes created at
// migrate: an expression index is only used when the query repeats its text exactly, so both
// come from here.

import { kinds } from '../catalog/kinds.ts';
import type { ColumnDef, ValueType } from '../catalog/types.ts';
import type { Engine } from './db.ts';

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

/** Columns that need an expression index of their own (the plain columns have theirs in 001). */
function indexedExpressions(): Map<string, ColumnDef> {
  const out = new Map<string, ColumnDef>();
  for (const kind of kinds) {
    for (const column of kind.columns) {
      if (!column.sortable || 'field' in column.from) continue;
      const key = 'attribute' in column.from ? `attr_${column.from.attribute}_${column.type}` : `count_${column.from.edgeCount}`;
      out.set(key.replace(/[^a-zA-Z0-9_]/g, '_'), column);
    }
  }
  return out;
}

/** `create index if not exists` for every sortable attribute or count column of the catalogue. */
export function catalogueIndexes(engine: Engine): string[] {
  const out: string[] = [];
  for (const [key, column] of indexedExpressions()) {
    const expr = sortExpression(engine, column);
    out.push(`create index if not exists entities_${key} on entities (tenant_id, workspace_id, kind, (${expr}), id)`);
  }
  return out;
}
