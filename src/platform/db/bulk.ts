// Set-at-a-time SQL for ingest: multi-row inserts, and sets of keys passed as one JSON parameter
// (json_each on SQLite, jsonb_array_elements on PostgreSQL) so a batch touches thousands of keys
// in a handful of statements rather than one round trip each.

import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { Db, Engine, Executor } from './database.ts';
import { param } from './database.ts';
import { noteRowsWritten } from './statistics.ts';

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

/**
 * `(c1, c2, …) in (<rows of the JSON array bound at p>)`. Written as a row-value IN so both
 * engines probe the table's index once per key; a join or EXISTS against the JSON rows makes
 * SQLite scan the whole workspace for every key.
 */
export function inKeys(engine: Engine, columns: string[], p: unknown, types?: SetColumnType[]): RawBuilder<boolean> {
  const t = types ?? columns.map(() => 'text' as const);
  const cols = t.map((type, i) => {
    if (engine === 'sqlite') return `json_extract(value, '$[${i}]')`;
    const cast = type === 'text' ? '' : type === 'bigint' ? '::bigint' : '::double precision';
    return `(value->>${i})${cast}`;
  }).join(', ');
  const left = columns.length === 1 ? columns[0]! : `(${columns.join(', ')})`;
  return engine === 'sqlite'
    ? sql<boolean>`${sql.raw(left)} in (select ${sql.raw(cols)} from json_each(${p}))`
    : sql<boolean>`${sql.raw(left)} in (select ${sql.raw(cols)} from jsonb_array_elements(${p}::jsonb))`;
}

/**
 * Sets columns of many rows, each to its own values: one prepared UPDATE per row on SQLite
 * (in-process, microseconds each), one UPDATE … FROM the JSON rows on PostgreSQL (one round trip).
 * `rows` are arrays: key values first, then the new values of `set`.
 */
export async function updateRows(
  db: Db, tx: Executor, table: string, scope: { tenant: string; workspace: string },
  keys: string[], set: Array<{ column: string; type: SetColumnType | 'jsonb' }>, rows: unknown[][],
): Promise<void> {
  if (rows.length === 0) return;
  if (tx.engine === 'sqlite') {
    const t = db.template(`update-rows:${table}:${keys.join(',')}:${set.map((s) => s.column).join(',')}`, (b) => sql`update ${sql.table(table)}
      set ${sql.join(set.map((s, i) => sql`${sql.ref(s.column)} = ${param(`v${i}`)}`))}
      where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')}
        and ${sql.join(keys.map((k, i) => sql`${sql.ref(k)} = ${param(`k${i}`)}`), sql` and `)}`.compile(b));
    for (const r of rows) {
      const args: Record<string, unknown> = { tenant: scope.tenant, workspace: scope.workspace };
      keys.forEach((_, i) => { args[`k${i}`] = r[i]; });
      set.forEach((_, i) => { args[`v${i}`] = r[keys.length + i]; });
      await tx.run(t, args);
    }
    return;
  }
  const types: SetColumnType[] = [...keys.map(() => 'text' as const), ...set.map((s) => (s.type === 'jsonb' ? 'text' : s.type))];
  const t = db.template(`update-rows:${table}:${keys.join(',')}:${set.map((s) => s.column).join(',')}`, (b, engine) => sql`update ${sql.table(table)}
    set ${sql.join(set.map((s, i) => sql`${sql.ref(s.column)} = s.${sql.raw(`c${keys.length + i}`)}${sql.raw(s.type === 'jsonb' ? '::jsonb' : '')}`))}
    from ${jsonRows(engine, param('rows'), types)} s
    where ${sql.table(table)}.tenant_id = ${param('tenant')} and ${sql.table(table)}.workspace_id = ${param('workspace')}
      and ${sql.join(keys.map((k, i) => sql`${sql.table(table)}.${sql.ref(k)} = s.${sql.raw(`c${i}`)}`), sql` and `)}`.compile(b));
  for (const part of chunks(rows)) await tx.run(t, { tenant: scope.tenant, workspace: scope.workspace, rows: JSON.stringify(part) });
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
  await noteRowsWritten(tx, table, changed);
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
