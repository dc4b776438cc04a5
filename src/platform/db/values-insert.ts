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

/**
 * How long one statement should run. On SQLite a statement runs on the event loop's thread: 1,000
 * rows into issue_instances (wide rows, several indexes) took 60-390 ms each in a 100,000-component
 * BOM, and `/healthz` waited that long.
 */
const STATEMENT_MS = 20;
/** Rows per statement, per table and width, learnt from how long the last statement took. */
const learnt = new Map<string, number>();

/**
 * Inserts rows in multi-row VALUES statements of up to 1,000 rows; returns the rows changed. A
 * statement that runs past STATEMENT_MS halves the rows of the next ones (down to 1/16 of the most,
 * so a table has at most five statement shapes besides the remainders); a quick one doubles them back.
 */
export async function insertValues(
  tx: Executor,
  table: string,
  columns: string[],
  rows: unknown[][],
  conflict?: Conflict,
): Promise<number> {
  const most = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMS / columns.length)));
  const least = Math.max(1, Math.floor(most / 16));
  const shape = `${table}|${columns.length}`;
  let changed = 0;
  for (let start = 0; start < rows.length; ) {
    const per = learnt.get(shape) ?? most;
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
    const t = performance.now();
    changed += (await tx.execute(CompiledQuery.raw(text, params))).changes;
    const ms = performance.now() - t;
    // Only SQLite's statements hold the event loop (PostgreSQL's run in its server: fewer round
    // trips are better there), and only full statements teach: a remainder says little.
    if (tx.dialect.name === 'sqlite' && end - start === per) {
      if (ms > STATEMENT_MS && per > least) learnt.set(shape, Math.max(least, Math.floor(per / 2)));
      else if (ms < STATEMENT_MS / 4 && per < most) learnt.set(shape, Math.min(most, per * 2));
    }
    start = end;
  }
  return changed;
}
