// Everything that differs between SQLite and PostgreSQL, behind one interface (as Kysely's
// DialectAdapter is): SQL expressions with engine-specific spelling, statements whose best shape
// differs, locks, planner statistics, partitions and DDL. One implementation per engine,
// sqlite/dialect.ts and postgres/dialect.ts; nothing outside src/platform/db asks which engine
// runs. To see how a statement differs between the engines, read the two implementations of the
// method that builds it.

import type { RawBuilder, SelectQueryBuilder } from 'kysely';
import type { ValueType } from '../../catalog/types.ts';
import type { Builder, Db, Engine, Executor } from './database.ts';
import type { Database } from './schema.ts';

/** The SQL type of a value read from a JSON parameter (jsonRows, inKeys). */
export type SetColumnType = 'text' | 'bigint' | 'float';

/** One UTC calendar month of time, in epoch milliseconds. */
export interface MonthRange {
  /** 'YYYY_MM' */
  suffix: string;
  from: number;
  to: number;
}

/** Tables partitioned by month of a time column (PostgreSQL's llm_interactions). */
export interface MonthlyPartitions {
  /** Partitions of `table` that exist, with the month each covers. */
  list(tx: Executor, table: string): Promise<Array<{ name: string; month: MonthRange }>>;
  /** Creates the partitions the given times fall in that are missing. */
  ensure(tx: Executor, table: string, times: Iterable<number>): Promise<void>;
  /** Counts rows written per partition for planner statistics (see statistics). */
  noteWritten(tx: Executor, table: string, times: Iterable<number>): Promise<void>;
  /** Locks a partition against every other use until the transaction ends (before counting, then dropping it). */
  lock(tx: Executor, name: string): Promise<void>;
  drop(tx: Executor, name: string): Promise<void>;
}

/** What an insert does when a row's unique key is taken. */
export interface Conflict {
  /** The unique key the insert may collide on. */
  keys: string[];
  /** Column -> SQL expression for the update (`excluded.x`, `greatest(t.x, excluded.x)`, …);
   *  empty for DO NOTHING. */
  update: Record<string, string>;
}

/** Per-group counts of the rows a delete removed. */
export type DeletedGroups<K extends string> = Array<Record<K, string> & { n: number }>;

export interface SqlDialect {
  readonly name: Engine;
  /** Query builder that compiles for this engine (it never connects). */
  readonly builder: Builder;
  /** A value as the engine's driver binds it (booleans, lists). */
  bindValue(v: unknown): unknown;
  /** The n-th (1-based) positional placeholder of raw SQL. */
  placeholder(n: number): string;

  // ---- expressions ----------------------------------------------------------------------------
  /** `ref IN list` for a list bound as one parameter. */
  inList(ref: string, list: unknown): RawBuilder<boolean>;
  /** Whether the text of `expr` contains `needle` (case-sensitive; lower both sides for ilike). */
  contains(expr: string, needle: unknown): RawBuilder<boolean>;
  /** An attribute of a JSON column as a comparable, never-null SQL value of `type`. */
  jsonValue(column: string, key: string, type: ValueType): string;
  /** An attribute of a JSON column as JSON (a list stays a list), null when absent. */
  jsonMember(column: string, key: string): string;
  /** Whether the JSON array `arrayExpr` (a JSON column, or jsonMember) holds the text `value`; false for no array. */
  jsonArrayHas(arrayExpr: string, value: unknown): RawBuilder<boolean>;
  /** Whether an element of the JSON array `arrayExpr` contains the lower-case `needle`, in any case. */
  jsonArrayAnyContains(arrayExpr: string, needle: unknown): RawBuilder<boolean>;
  /** The elements of a JSON array column as a table `alias(value)` to join. */
  jsonArrayElements(expr: string, alias: string): RawBuilder<unknown>;
  /** A JSON column's value as the exact text stored (PostgreSQL's json keeps it as sent). */
  jsonText(column: string): RawBuilder<string>;
  /** A derived table `(c0, c1, …)` read from a JSON array of arrays bound at `p`. */
  jsonRows(p: unknown, types: SetColumnType[]): RawBuilder<unknown>;
  /** `(c1, c2, …) in (<rows of the JSON array bound at p>)`, probing the table's index once per key. */
  inKeys(columns: string[], p: unknown, types?: SetColumnType[]): RawBuilder<boolean>;
  /** Rows of `table` (aliased `i`) in one workspace whose `column` is in the text list bound at `ids`. */
  rowsByKeys<T extends keyof Database, C extends keyof Database[T] & string>(
    table: T,
    columns: readonly C[],
    column: keyof Database[T] & string,
  ): RawBuilder<Pick<Database[T], C>>;
  /** `expr` differs from `value`, a null `expr` included (`is distinct from`). */
  distinctFrom(expr: string, value: unknown): RawBuilder<boolean>;
  /** An attribute of a JSON column as a typed SQL value (a number, 0/1 for a boolean, text), null when absent. */
  jsonScalar(column: string, key: string, type: ValueType): string;
  least(a: string, b: string): string;
  greatest(a: string, b: string): string;
  /** A text value as the text of a JSON string (`"a\\"b"`), the way JSON.stringify writes it. */
  jsonQuote(expr: string): string;
  /** An attribute of a JSON column as its JSON text (`"x"`, `12`, `null`), SQL null when absent. */
  jsonAtText(column: string, key: string): string;
  /** Aggregate text: the group's row count, a colon, then `expr` of its rows joined by commas in `orderBy` order (`k0 desc, k1 desc`). */
  countThenJoined(expr: string, orderBy: string): string;

  // ---- statements -----------------------------------------------------------------------------
  /**
   * Inserts many rows (arrays aligned to `columns`, values as bindValue takes them) in as few
   * statements as suit the engine; returns the rows inserted or updated. A conflict key must not
   * repeat within `rows`.
   */
  insertRows(tx: Executor, table: string, columns: string[], rows: unknown[][], conflict?: Conflict): Promise<number>;
  /**
   * Sets columns of many rows of one workspace, each to its own values. `rows` are arrays: key
   * values first, then the new values of `set`.
   */
  updateRows(
    db: Db,
    tx: Executor,
    table: string,
    scope: { tenant: string; workspace: string },
    keys: string[],
    set: Array<{ column: string; type: SetColumnType | 'jsonb' }>,
    rows: unknown[][],
  ): Promise<void>;
  /**
   * Deletes the rows of `table` matching `where` (raw SQL over the given parameters) and counts
   * them per `groupBy` columns, exactly: no row written between counting and deleting escapes.
   */
  deleteCounting<K extends string>(tx: Executor, table: string, where: string, params: unknown[], groupBy: K[]): Promise<DeletedGroups<K>>;

  // ---- engine behaviour -----------------------------------------------------------------------
  /** Serialises write transactions into one workspace until the transaction ends. */
  lockWorkspace(tx: Executor, tenant: string, workspace: string): Promise<void>;
  /** Serialises transactions that name the same key until the transaction ends. */
  lockKey(tx: Executor, key: string): Promise<void>;
  /**
   * Rows a claiming transaction selects, locked against every other claimer and skipping the rows
   * another one holds (job queues: each due job goes to exactly one worker).
   */
  claimable<Q extends SelectQueryBuilder<any, any, any>>(q: Q): Q;
  /** Serialises migrations of one database (replicas starting together). */
  lockMigrations(tx: Executor): Promise<void>;
  /** Counts rows written into a table and refreshes its planner statistics as it grows. */
  noteRowsWritten(tx: Executor, table: string, rows: number): Promise<void>;
  /** Refreshes the planner statistics of tables this transaction filled. */
  analyze(tx: Executor, tables: string[]): Promise<void>;
  /** Monthly partitions, where the engine has them (null: one table). */
  readonly partitions: MonthlyPartitions | null;

  // ---- DDL ------------------------------------------------------------------------------------
  // The objects' table is the inventory's (src/platform/db/table-owners.ts): it names it, the
  // dialect only spells the DDL, so the platform names no area's table.
  /** The index behind a sortable attribute or count column of one kind of the objects of `table` (`create index if not exists`). */
  kindSortIndex(table: string, kind: string, column: string, expression: string): string;
  /**
   * Planner statistics of that column within its kind (`create statistics if not exists`), or null
   * where the engine's planner reads them from the index itself.
   */
  kindStatistics(table: string, kind: string, column: string, expression: string): string | null;
  /** Column type of epoch milliseconds. */
  readonly bigint: string;
}
