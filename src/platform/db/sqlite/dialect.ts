// SQLite's side of every engine difference (the interface is ../dialect.ts).

import { rowsWrittenTracker } from '../statistics.ts';
import { CompiledQuery, DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import type { ValueType } from '../../../catalog/types.ts';
import type { Builder, Db, Executor } from '../database.ts';
import { param } from '../database.ts';
import type { Database } from '../schema.ts';
import type { DeletedGroups, SetColumnType, SqlDialect } from '../dialect.ts';
import { insertValues } from '../values-insert.ts';

function quoteJsonKey(key: string): string {
  return `'$."${key.replaceAll('"', '""').replaceAll("'", "''")}"'`;
}

const builder: Builder = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

/** An index name from its parts, with anything but letters, digits and _ made _. */
const indexName = (...parts: string[]) => parts.join('_').replace(/[^a-zA-Z0-9_]/g, '_');

const jsonColumns = (types: SetColumnType[]) => types.map((_, i) => `json_extract(value, '$[${i}]')`);

export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  builder,
  bigint: 'integer',
  partitions: null,

  /** Booleans as 0/1, lists as JSON text (read back with json_each). */
  bindValue(v) {
    if (v === undefined) return null;
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (Array.isArray(v)) return JSON.stringify(v);
    return v;
  },
  placeholder: () => '?',

  inList: (ref, list) => sql<boolean>`${sql.ref(ref)} in (select value from json_each(${list}))`,
  contains: (expr, needle) => sql<boolean>`instr(${sql.raw(expr)}, ${needle}) > 0`,
  // json_extract yields SQL text, integer or real; JSON booleans come back as 0/1.
  jsonValue(column: string, key: string, type: ValueType) {
    const fallback = type === 'string' || type === 'time' ? "''" : '0';
    return `coalesce(json_extract(${column}, ${quoteJsonKey(key)}), ${fallback})`;
  },
  jsonMember: (column, key) => `json_extract(${column}, ${quoteJsonKey(key)})`,
  jsonArrayHas: (arrayExpr, value) => sql<boolean>`exists (select 1 from json_each(${sql.raw(arrayExpr)}) where value = ${value})`,
  jsonArrayAnyContains: (arrayExpr, needle) =>
    sql<boolean>`exists (select 1 from json_each(${sql.raw(arrayExpr)}) where instr(lower(value), ${needle}) > 0)`,
  jsonArrayElements: (expr, alias) => sql`json_each(${sql.raw(expr)}) ${sql.raw(alias)}`,
  jsonText: (column) => sql<string>`${sql.ref(column)}`,
  jsonRows: (p, types) =>
    sql`(select ${sql.raw(
      jsonColumns(types)
        .map((c, i) => `${c} as c${i}`)
        .join(', '),
    )} from json_each(${p}))`,
  // A row-value IN rather than a join: a join or EXISTS against the JSON rows makes SQLite scan the
  // whole workspace for every key.
  inKeys(columns, p, types) {
    const cols = jsonColumns(types ?? columns.map(() => 'text' as const)).join(', ');
    const left = columns.length === 1 ? columns[0]! : `(${columns.join(', ')})`;
    return sql<boolean>`${sql.raw(left)} in (select ${sql.raw(cols)} from json_each(${p}))`;
  },
  // `in (select value from json_each(…))`: a join could put the table in the outer loop.
  rowsByKeys: <T extends keyof Database, C extends keyof Database[T] & string>(table: T, columns: readonly C[], column: string) => sql<
    Pick<Database[T], C>
  >`select ${sql.join(columns.map((c) => sql.ref(`i.${c}`)))} from ${sql.table(table)} i
    where i.tenant_id = ${param('tenant')} and i.workspace_id = ${param('workspace')}
      and ${sql.ref(`i.${column}`)} in (select value from json_each(${param('ids')}))`,
  distinctFrom: (expr, value) => sql<boolean>`${sql.raw(expr)} is not ${value}`,
  // json_extract yields SQL integer, real or text; JSON booleans as 0/1; null when absent.
  jsonScalar: (column, key) => `json_extract(${column}, ${quoteJsonKey(key)})`,
  least: (a, b) => `min(${a}, ${b})`,
  greatest: (a, b) => `max(${a}, ${b})`,
  jsonQuote: (expr) => `json_quote(${expr})`,
  // `->` answers JSON text (a string keeps its quotes); null when the key is absent.
  jsonAtText: (column, key) => `(${column} -> ${quoteJsonKey(key)})`,
  countThenJoined: (expr, orderBy) => `count(*) || ':' || coalesce(group_concat(${expr}, ',' order by ${orderBy}), '')`,

  /** Multi-row VALUES statements: binding is in-process and cheap. */
  insertRows: insertValues,

  /**
   * One prepared UPDATE per row: in-process, microseconds each. A row already holding the values
   * is left alone: SQLite rewrites the entries of every index on a column it sets, changed or not.
   */
  async updateRows(db: Db, tx: Executor, table, scope, keys, set, rows) {
    if (rows.length === 0) return;
    const t = db.template(`update-rows:${table}:${keys.join(',')}:${set.map((s) => s.column).join(',')}`, (b) =>
      sql`update ${sql.table(table)}
      set ${sql.join(set.map((s, i) => sql`${sql.ref(s.column)} = ${param(`v${i}`)}`))}
      where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')}
        and ${sql.join(
          keys.map((k, i) => sql`${sql.ref(k)} = ${param(`k${i}`)}`),
          sql` and `,
        )}
        and (${sql.join(
          set.map((s, i) => sql`${sql.ref(s.column)} is not ${param(`v${i}`)}`),
          sql` or `,
        )})`.compile(b),
    );
    for (const r of rows) {
      const args: Record<string, unknown> = { tenant: scope.tenant, workspace: scope.workspace };
      keys.forEach((_, i) => {
        args[`k${i}`] = r[i];
      });
      set.forEach((_, i) => {
        args[`v${i}`] = r[keys.length + i];
      });
      await tx.run(t, args);
    }
  },

  /** One writer: counting then deleting inside the transaction sees the same rows. */
  async deleteCounting<K extends string>(tx: Executor, table: string, where: string, params: unknown[], groupBy: K[]) {
    const cols = groupBy.join(', ');
    // SQL written out with the caller's parameters: the row is declared, as sql<T> declares it.
    const counting: CompiledQuery<DeletedGroups<K>[number]> = CompiledQuery.raw(
      `select ${cols}, count(*) as n from ${table} where ${where} group by ${cols}`,
      params,
    );
    const counted = await tx.execute(counting);
    await tx.execute(CompiledQuery.raw(`delete from ${table} where ${where}`, params));
    return counted.rows;
  },

  // One writer connection: transactions are serial already.
  lockWorkspace: async () => {},
  lockKey: async () => {},
  lockMigrations: async () => {},
  // Claims run in write transactions, and SQLite has one writer (BEGIN IMMEDIATE, across processes
  // too): no other claimer can read the rows between this one's select and its update.
  claimable: (q) => q,
  // Statistics as on PostgreSQL (statistics.ts), sampled (`analysis_limit`, set when the writer opens).
  noteRowsWritten: rowsWrittenTracker(),
  async analyze(tx, tables) {
    for (const t of tables) await tx.exec(`analyze ${t}`);
  },

  // The kind is the index's third column, not a partial-index predicate: SQLite only rewrites the
  // indexes whose columns change, so partial indexes would save it nothing, and they cost a lot:
  // matching a query's `kind = ?` against partial-index predicates makes SQLite re-prepare the
  // statement every time `kind` is bound (measured: 20 µs instead of 3 µs per primary-key lookup).
  // (Named entities_kx_*: the partial indexes they replaced were entities_k_*.)
  kindSortIndex: (table, kind, column, expression) =>
    `create index if not exists ${indexName(`${table}_kx`, kind, column)} on ${table} (tenant_id, workspace_id, kind, (${expression}), id)`,
  // ANALYZE samples each index, expression indexes included (sqlite_stat1).
  kindStatistics: () => null,
};
