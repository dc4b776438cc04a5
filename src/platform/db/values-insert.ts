// Multi-row `insert … values (…), (…) [on conflict …]` with positional parameters: SQLite's way of
// writing many rows (in-process, binding is cheap), built once per shape and kept.

import { CompiledQuery } from 'kysely';
import type { Executor } from './database.ts';
import type { Conflict, SqlDialect } from './dialect.ts';

const insertSql = new Map<string, string>();

/** The `on conflict …` clause of an insert ('' without a conflict). */
export function conflictClause(conflict?: Conflict): string {
  if (!conflict) return '';
  const sets = Object.entries(conflict.update);
  return (
    ` on conflict (${conflict.keys.join(', ')}) ` +
    (sets.length ? `do update set ${sets.map(([c, e]) => `${c} = ${e}`).join(', ')}` : 'do nothing')
  );
}

function buildInsert(dialect: SqlDialect, table: string, columns: string[], rows: number, conflict?: Conflict): string {
  const key = `${dialect.name}|${table}|${columns.join(',')}|${rows}|${conflict ? conflict.keys.join(',') + '|' + JSON.stringify(conflict.update) : ''}`;
  let text = insertSql.get(key);
  if (text) return text;
  let n = 0;
  const tuple = () => '(' + columns.map(() => dialect.placeholder(++n)).join(', ') + ')';
  const values: string[] = [];
  for (let i = 0; i < rows; i++) values.push(tuple());
  text = `insert into ${table} (${columns.join(', ')}) values ${values.join(', ')}${conflictClause(conflict)}`;
  insertSql.set(key, text);
  return text;
}

/** Bound parameters per statement stay well under both engines' limits (32,766 and 65,535). */
const MAX_PARAMS = 30_000;

/** Inserts rows in multi-row VALUES statements of up to 1,000 rows; returns the rows changed. */
export async function insertValues(
  tx: Executor,
  table: string,
  columns: string[],
  rows: unknown[][],
  conflict?: Conflict,
): Promise<number> {
  const per = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMS / columns.length)));
  let changed = 0;
  for (let start = 0; start < rows.length; start += per) {
    const end = Math.min(rows.length, start + per);
    const text = buildInsert(tx.dialect, table, columns, end - start, conflict);
    // Filled by index into an array of its final length: no regrowing 23,000 values a statement.
    const width = columns.length;
    const params: unknown[] = new Array((end - start) * width);
    let k = 0;
    for (let r = start; r < end; r++) {
      const row = rows[r]!;
      for (let c = 0; c < width; c++) params[k++] = row[c];
    }
    changed += (await tx.execute(CompiledQuery.raw(text, params))).changes;
  }
  return changed;
}
