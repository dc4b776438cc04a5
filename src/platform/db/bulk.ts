// Set-at-a-time SQL for writers: multi-row inserts, many rows updated at once, and sets of keys
// passed as one JSON parameter (the dialect's jsonRows / inKeys) so a batch touches thousands of
// keys in a handful of statements rather than one round trip each.

import type { Db, Executor } from './database.ts';
import type { Conflict, SetColumnType } from './dialect.ts';

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

export type { Conflict };

/**
 * Inserts rows (arrays aligned to `columns`) in as few statements as the engine allows (multi-row
 * VALUES on SQLite; arrays unnested on PostgreSQL, see the dialects' insertRows).
 */
export async function bulkInsert(tx: Executor, table: string, columns: string[], rows: unknown[][], conflict?: Conflict): Promise<number> {
  if (rows.length === 0) return 0;
  const changed = await tx.dialect.insertRows(tx, table, columns, rows, conflict);
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
