// Set-at-a-time SQL for writers: multi-row inserts, many rows updated at once, and sets of keys
// passed as one JSON parameter (the dialect's jsonRows / inKeys) so a batch touches thousands of
// keys in a handful of statements rather than one round trip each.

import { CompiledQuery } from 'kysely';
import type { Db, Executor } from './database.ts';
import type { SetColumnType, SqlDialect } from './dialect.ts';

export type { SetColumnType };

/**
 * Sets columns of many rows of one workspace, each to its own values (one prepared UPDATE per row
 * on SQLite, in-process; one UPDATE … FROM the JSON rows on PostgreSQL, one round trip).
 * `rows` are arrays: key values first, then the new values of `set`.
 */
export function updateRows(
  db: Db,
  tx: Executor,
  table: string,
  scope: { tenant: string; workspace: string },
  keys: string[],
  set: Array<{ column: string; type: SetColumnType | 'jsonb' }>,
  rows: unknown[][],
): Promise<void> {
  return tx.dialect.updateRows(db, tx, table, scope, keys, set, rows);
}

export interface Conflict {
  /** The unique key the insert may collide on. */
  keys: string[];
  /** Column -> SQL expression for the update (`excluded.x`, `greatest(t.x, excluded.x)`, …);
   *  empty for DO NOTHING. */
  update: Record<string, string>;
}

const insertSql = new Map<string, string>();

function buildInsert(dialect: SqlDialect, table: string, columns: string[], rows: number, conflict?: Conflict): string {
  const key = `${dialect.name}|${table}|${columns.join(',')}|${rows}|${conflict ? conflict.keys.join(',') + '|' + JSON.stringify(conflict.update) : ''}`;
  let text = insertSql.get(key);
  if (text) return text;
  let n = 0;
  const tuple = () => '(' + columns.map(() => dialect.placeholder(++n)).join(', ') + ')';
  const values: string[] = [];
  for (let i = 0; i < rows; i++) values.push(tuple());
  text = `insert into ${table} (${columns.join(', ')}) values ${values.join(', ')}`;
  if (conflict) {
    const sets = Object.entries(conflict.update);
    text +=
      ` on conflict (${conflict.keys.join(', ')}) ` +
      (sets.length ? `do update set ${sets.map(([c, e]) => `${c} = ${e}`).join(', ')}` : 'do nothing');
  }
  insertSql.set(key, text);
  return text;
}

/** Bound parameters per statement stay well under both engines' limits (32,766 and 65,535). */
const MAX_PARAMS = 30_000;

/** Inserts rows (arrays aligned to `columns`) in as few statements as the parameter limit allows. */
export async function bulkInsert(tx: Executor, table: string, columns: string[], rows: unknown[][], conflict?: Conflict): Promise<number> {
  if (rows.length === 0) return 0;
  const per = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMS / columns.length)));
  let changed = 0;
  for (let start = 0; start < rows.length; start += per) {
    const chunk = rows.slice(start, start + per);
    const text = buildInsert(tx.dialect, table, columns, chunk.length, conflict);
    const params: unknown[] = [];
    for (const r of chunk) for (const v of r) params.push(v);
    changed += (await tx.execute(CompiledQuery.raw(text, params))).changes;
  }
  await tx.dialect.noteRowsWritten(tx, table, changed);
  return changed;
}

/** Splits a list into chunks so a JSON parameter stays a reasonable size. */
export function chunks<T>(items: T[], size = 5000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The JSON text of a value for a json/jsonb column (both engines take text). */
export function json(v: unknown): string {
  return JSON.stringify(v ?? null);
}
