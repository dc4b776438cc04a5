// PostgreSQL's side of every engine difference (the interface is ../dialect.ts).

import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type SelectQueryBuilder,
  sql,
} from 'kysely';
import type { ValueType } from '../../../catalog/types.ts';
import type { Builder, Db, Executor } from '../database.ts';
import { param } from '../database.ts';
import type { Database } from '../schema.ts';
import type { DeletedGroups, SetColumnType, SqlDialect } from '../dialect.ts';
import { conflictClause, insertValues } from '../values-insert.ts';
import { copyable, copyText } from './copy-text.ts';
import { columnLiteral } from './array-literal.ts';
import { monthlyPartitions } from './partitions.ts';
import { noteRowsWritten } from './statistics.ts';

const builder: Builder = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

function quoteLiteral(key: string): string {
  return `'${key.replaceAll("'", "''")}'`;
}

/** An index name from its parts, with anything but letters, digits and _ made _. */
const indexName = (...parts: string[]) => parts.join('_').replace(/[^a-zA-Z0-9_]/g, '_');

const cast = (t: SetColumnType) => (t === 'text' ? '' : t === 'bigint' ? '::bigint' : '::double precision');
const jsonColumns = (types: SetColumnType[]) => types.map((t, i) => `(value->>${i})${cast(t)}`);

/** A connection that can say the SQL type of each column of a table (PgConn, database.ts). */
export interface KnowsColumnTypes {
  columnTypes(table: string): Promise<ReadonlyMap<string, string>>;
  /**
   * Streams rows in COPY's text format into `table` (a transaction's connection only: undefined
   * elsewhere); the rows copied.
   */
  copyRows?(table: string, columns: string[], texts: Iterable<string>): Promise<number>;
}

/** Rows per unnest statement: ten thousand rows of a few dozen columns is a few MB of array text. */
const UNNEST_ROWS = 10_000;

/**
 * Fewest rows a plain insert sends by COPY: below it a statement's fixed cost (COPY is never a
 * prepared statement, and takes two round trips) outweighs what it saves per row.
 */
const COPY_MIN_ROWS = 1_000;
/** Rows per piece of COPY text: the next piece is built while the server reads the one before. */
const COPY_CHUNK_ROWS = 5_000;

/**
 * The rows' COPY text in pieces, each built when the stream asks for it (while the server reads
 * the one before), or null when a row is not `width` wide or holds a value of a kind the text format here does not spell (checked
 * before anything is sent, so the caller can still insert them the other way).
 */
function copyChunks(rows: readonly (readonly unknown[])[], width: number): Iterable<string> | null {
  if (!rows.every((r) => copyable(r, width))) return null;
  return (function* () {
    for (let start = 0; start < rows.length; start += COPY_CHUNK_ROWS)
      yield copyText(rows, start, Math.min(rows.length, start + COPY_CHUNK_ROWS));
  })();
}

const WORKSPACE_LOCK = 7_311_338;
const MIGRATION_LOCK = 7_311_337;

export const postgresDialect: SqlDialect = {
  name: 'postgres',
  builder,
  bigint: 'bigint',
  partitions: monthlyPartitions,

  /** Booleans as 0/1 (the columns are integers, as on SQLite), lists as arrays. */
  bindValue(v) {
    if (v === undefined) return null;
    if (typeof v === 'boolean') return v ? 1 : 0;
    return v;
  },
  placeholder: (n) => `$${n}`,

  inList: (ref, list) => sql<boolean>`${sql.ref(ref)} = any(${list})`,
  contains: (expr, needle) => sql<boolean>`strpos(${sql.raw(expr)}, ${needle}) > 0`,
  jsonValue(column: string, key: string, type: ValueType) {
    const text = `(${column}->>${quoteLiteral(key)})`;
    switch (type) {
      case 'integer':
        return `coalesce(${text}::bigint, 0)`;
      case 'number':
        return `coalesce(${text}::double precision, 0)`;
      case 'boolean':
        return `coalesce(${text}::boolean::int, 0)`;
      default:
        return `coalesce(${text}, '')`;
    }
  },
  jsonMember: (column, key) => `(${column}->${quoteLiteral(key)})`,
  jsonArrayHas: (arrayExpr, value) => sql<boolean>`coalesce(jsonb_exists(${sql.raw(arrayExpr)}, ${value}), false)`,
  jsonArrayAnyContains: (arrayExpr, needle) => sql<boolean>`exists (select 1 from jsonb_array_elements_text(
    case jsonb_typeof(${sql.raw(arrayExpr)}) when 'array' then ${sql.raw(arrayExpr)} else '[]'::jsonb end) as e(value)
    where strpos(lower(e.value), ${needle}) > 0)`,
  jsonArrayElements: (expr, alias) => sql`jsonb_array_elements_text(${sql.raw(expr)}) as ${sql.raw(alias)}(value)`,
  jsonText: (column) => sql<string>`${sql.ref(column)}::text`,
  jsonRows: (p, types) =>
    sql`(select ${sql.raw(
      jsonColumns(types)
        .map((c, i) => `${c} as c${i}`)
        .join(', '),
    )} from jsonb_array_elements(${p}::jsonb))`,
  inKeys(columns, p, types) {
    const cols = jsonColumns(types ?? columns.map(() => 'text' as const)).join(', ');
    const left = columns.length === 1 ? columns[0]! : `(${columns.join(', ')})`;
    return sql<boolean>`${sql.raw(left)} in (select ${sql.raw(cols)} from jsonb_array_elements(${p}::jsonb))`;
  },
  // A join from unnest() probes each partition's index once per key.
  rowsByKeys: <T extends keyof Database, C extends keyof Database[T] & string>(table: T, columns: readonly C[], column: string) => sql<
    Pick<Database[T], C>
  >`select ${sql.join(columns.map((c) => sql.ref(`i.${c}`)))} from unnest(${param('ids')}::text[]) as k(value)
    join ${sql.table(table)} i on i.tenant_id = ${param('tenant')} and i.workspace_id = ${param('workspace')} and ${sql.ref(`i.${column}`)} = k.value`,
  distinctFrom: (expr, value) => sql<boolean>`${sql.raw(expr)} is distinct from ${value}`,
  jsonScalar(column: string, key: string, type: ValueType) {
    const text = `(${column}->>${quoteLiteral(key)})`;
    switch (type) {
      case 'integer':
        return `(${text})::bigint`;
      case 'number':
        return `(${text})::double precision`;
      case 'boolean':
        return `(${text})::boolean::int`;
      default:
        return text;
    }
  },
  least: (a, b) => `least(${a}, ${b})`,
  greatest: (a, b) => `greatest(${a}, ${b})`,
  jsonQuote: (expr) => `to_json(${expr}::text)::text`,
  jsonAtText: (column, key) => `(${column}->${quoteLiteral(key)})::text`,
  countThenJoined: (expr, orderBy) => `count(*) || ':' || coalesce(string_agg(${expr}, ',' order by ${orderBy}), '')`,

  /**
   * One `insert … select * from unnest($1::type[], $2::type[], …)` per 10,000 rows: one array
   * parameter per column, whatever the row count, instead of a parameter per value (VALUES of up
   * to 1,000 rows, 23,000 parameters for interactions). The server's time for the rows measured
   * about the same; what goes is the driver's work per parameter and nine statements in ten, and
   * the import of 100,000 interactions took 15–25% less time (BENCHMARKS.md).
   */
  async insertRows(tx, table, columns, rows, conflict) {
    const conn = 'columnTypes' in tx ? (tx as Executor & KnowsColumnTypes) : undefined;
    const types = conn ? await conn.columnTypes(table) : undefined;
    if (!types || columns.some((c) => !types.has(c))) return insertValues(tx, table, columns, rows, conflict);
    // Plain inserts of many rows (no conflict clause: the writer knows they are new, and a row that
    // is not fails the statement and its transaction, as the insert would) go by COPY.
    if (!conflict && conn?.copyRows && rows.length >= COPY_MIN_ROWS) {
      const texts = copyChunks(rows, columns.length);
      if (texts) return conn.copyRows(table, columns, texts);
    }
    const arrays = columns.map((c, i) => `$${i + 1}::${types.get(c)}[]`).join(', ');
    const text = `insert into ${table} (${columns.join(', ')}) select * from unnest(${arrays})${conflictClause(conflict)}`;
    // The next chunk's array text is built while PostgreSQL inserts the one before it.
    const chunk = (start: number): unknown[] => {
      const end = Math.min(rows.length, start + UNNEST_ROWS);
      return columns.map(
        (_, c) => columnLiteral(rows, start, end, c) ?? rows.slice(start, end).map((r) => postgresDialect.bindValue(r[c])),
      );
    };
    let changed = 0;
    let params = chunk(0);
    for (let start = 0; start < rows.length; start += UNNEST_ROWS) {
      const running = tx.execute(CompiledQuery.raw(text, params));
      // Settled before anything else can fail: a failed statement is never an unhandled rejection.
      running.catch(() => {});
      if (start + UNNEST_ROWS < rows.length) params = chunk(start + UNNEST_ROWS);
      changed += (await running).changes;
    }
    return changed;
  },

  /** One UPDATE … FROM the JSON rows: one round trip for the whole set, writing the rows that change. */
  async updateRows(db: Db, tx: Executor, table, scope, keys, set, rows) {
    if (rows.length === 0) return;
    const types: SetColumnType[] = [...keys.map(() => 'text' as const), ...set.map((s) => (s.type === 'jsonb' ? 'text' : s.type))];
    const newValue = (s: { type: SetColumnType | 'jsonb' }, i: number) =>
      sql.raw(`s.c${keys.length + i}${s.type === 'jsonb' ? '::jsonb' : ''}`);
    // Rows whose values are already those sent are left alone: on PostgreSQL an update that writes
    // anyway costs a new row version and an entry in every index that covers it.
    const t = db.template(`update-rows:${table}:${keys.join(',')}:${set.map((s) => s.column).join(',')}`, (b, d) =>
      sql`update ${sql.table(table)}
      set ${sql.join(set.map((s, i) => sql`${sql.ref(s.column)} = ${newValue(s, i)}`))}
      from ${d.jsonRows(param('rows'), types)} s
      where ${sql.table(table)}.tenant_id = ${param('tenant')} and ${sql.table(table)}.workspace_id = ${param('workspace')}
        and ${sql.join(
          keys.map((k, i) => sql`${sql.table(table)}.${sql.ref(k)} = s.${sql.raw(`c${i}`)}`),
          sql` and `,
        )}
        and (${sql.join(
          set.map((s, i) => sql`${sql.table(table)}.${sql.ref(s.column)} is distinct from ${newValue(s, i)}`),
          sql` or `,
        )})`.compile(b),
    );
    for (let i = 0; i < rows.length; i += 5000) {
      await tx.run(t, { tenant: scope.tenant, workspace: scope.workspace, rows: JSON.stringify(rows.slice(i, i + 5000)) });
    }
  },

  /** Counted from the rows actually deleted, in the same statement. */
  async deleteCounting<K extends string>(tx: Executor, table: string, where: string, params: unknown[], groupBy: K[]) {
    const cols = groupBy.join(', ');
    // SQL written out with the caller's numbered parameters: the row is declared, as sql<T> declares it.
    const counting: CompiledQuery<DeletedGroups<K>[number]> = CompiledQuery.raw(
      `with gone as (delete from ${table} where ${where} returning ${cols}) select ${cols}, count(*) as n from gone group by ${cols}`,
      params,
    );
    return (await tx.execute(counting)).rows;
  },

  async lockWorkspace(tx, tenant, workspace) {
    await tx.execute(
      CompiledQuery.raw(`select pg_advisory_xact_lock(${WORKSPACE_LOCK}, hashtext($1))`, [JSON.stringify([tenant, workspace])]),
    );
    // Ingest statements take key lists whose size and selectivity vary from batch to batch. After
    // five runs PostgreSQL may switch a prepared statement to a generic plan that filters a whole
    // workspace instead of probing an index per key (seen loading scans: 23 s a batch); planning
    // each statement for its actual values costs far less than that. Reads keep generic plans.
    await tx.exec('set local plan_cache_mode = force_custom_plan');
  },
  async lockKey(tx, key) {
    await tx.execute(CompiledQuery.raw('select pg_advisory_xact_lock(hashtextextended($1, 0)) as locked', [key]));
  },
  // Each claimer locks the due rows it selects and passes over those another transaction holds, so
  // replicas claiming at once take different jobs and never wait for each other.
  claimable: <Q extends SelectQueryBuilder<any, any, any>>(q: Q) => q.forUpdate().skipLocked() as Q,
  async lockMigrations(tx) {
    await tx.exec(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
  },
  noteRowsWritten,
  async analyze(tx, tables) {
    await tx.exec(`analyze ${tables.join(', ')}`);
  },

  // Partial indexes, one kind each (`where kind = '<kind>'`), so rewriting an agent row does not
  // write the index entries of every other kind's columns (PostgreSQL updates every index of a row
  // whose indexed values change). List queries name the kind as a literal so the planner uses them.
  kindSortIndex: (table, kind, column, expression) =>
    `create index if not exists ${indexName(`${table}_k`, kind, column)} on ${table} (tenant_id, workspace_id, (${expression}), id) where kind = ${quoteLiteral(kind)}`,
  // PostgreSQL keeps no statistics of a partial index's expression for the planner to use, so
  // without these it guessed 0.5 % of a kind for any value: 269 of the 49,920 chat models at
  // benchmark scale, and sorted all of them through the filter's index (48 ms) instead of walking
  // the sort's index until the page was full (0.3 ms). The kind beside the expression gives the
  // value's share within its kind (a most-common-values list over the pair).
  kindStatistics: (table, kind, column, expression) =>
    `create statistics if not exists ${indexName(`${table}_s`, kind, column)} (mcv) on kind, (${expression}) from ${table}`,
};
