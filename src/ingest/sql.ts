// Set-at-a-time SQL for ingest: multi-row inserts, and sets of keys passed as one JSON parameter
// (json_each on SQLite, jsonb_array_elements on PostgreSQL) so a batch touches thousands of keys
// in a handful of statements rather than one round trip each.

import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { Engine, Executor } from '../store/db.ts';

export type SetColumnType = 'text' | 'bigint' | 'float';

/**
 * A derived table `(c0, c1, …)` read from a JSON array of arrays bound at `p`.
 * `types` gives each position's SQL type.
 */
export function jsonRows(engine: Engine, p: unknown, types: SetColumnType[]): RawBuilder<unknown> {
  const cols = types.map((t, i) => {
    if (engine === 'sqlite') return `json_extract(value, '$[${i}]') as c${i}`;
    const cast = t === 'text' ? '' : t === 'bigint' ? '::bigint' : '::double precision';
    return `(value->>${i})${cast} as c${i}`;
  }).join(', ');
  return engine === 'sqlite'
    ? sql`(select ${sql.raw(cols)} from json_each(${p}))`
    : sql`(select ${sql.raw(cols)} from jsonb_array_elements(${p}::jsonb))`;
}

export interface Conflict {
  /** The unique key the insert may collide on. */
  keys: string[];
  /** Column -> SQL expression for the update (`excluded.x`, `greatest(t.x, excluded.x)`, …);
   *  empty for DO NOTHING. */
  update: Record<string, string>;
}

const insertSql = new Map<string, string>();

function buildInsert(engine: Engine, table: string, columns: string[], rows: number, conflict?: Conflict): string {
  const key = `${engine}|${table}|${columns.join(',')}|${rows}|${conflict ? conflict.keys.join(',') + '|' + JSON.stringify(conflict.update) : ''}`;
  let text = insertSql.get(key);
  if (text) return text;
  let n = 0;
  const tuple = () => '(' + columns.map(() => (engine === 'sqlite' ? '?' : `$${++n}`)).join(', ') + ')';
  const values: string[] = [];
  for (let i = 0; i < rows; i++) values.push(tuple());
  text = `insert into ${table} (${columns.join(', ')}) values ${values.join(', ')}`;
  if (conflict) {
    const sets = Object.entries(conflict.update);
    text += ` on conflict (${conflict.keys.join(', ')}) ` +
      (sets.length ? `do update set ${sets.map(([c, e]) => `${c} = ${e}`).join(', ')}` : 'do nothing');
  }
  insertSql.set(key, text);
  return text;
}

/** Bound parameters per statement stay well under both engines' limits (32,766 and 65,535). */
const MAX_PARAMS = 30_000;

/** Inserts rows (arrays aligned to `columns`) in as few statements as the parameter limit allows. */
export async function bulkInsert(
  tx: Executor, table: string, columns: string[], rows: unknown[][], conflict?: Conflict,
): Promise<number> {
  if (rows.length === 0) return 0;
  const per = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMS / columns.length)));
  let changed = 0;
  for (let start = 0; start < rows.length; start += per) {
    const chunk = rows.slice(start, start + per);
    const text = buildInsert(tx.engine, table, columns, chunk.length, conflict);
    const params: unknown[] = [];
    for (const r of chunk) for (const v of r) params.push(v);
    changed += (await tx.execute(CompiledQuery.raw(text, params))).changes;
  }
  return changed;
}

/** `least`/`greatest` are spelled min/max as scalar functions in SQLite. */
export function least(engine: Engine, a: string, b: string): string {
  return engine === 'sqlite' ? `min(${a}, ${b})` : `least(${a}, ${b})`;
}
export function greatest(engine: Engine, a: string, b: string): string {
  return engine === 'sqlite' ? `max(${a}, ${b})` : `greatest(${a}, ${b})`;
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
