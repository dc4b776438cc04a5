// One database interface over two engines. Queries are built with Kysely (typed, per dialect),
// compiled once into a `Template` with named parameters, and executed as prepared statements:
// SQLite statements cached by SQL text, PostgreSQL named statements per connection. Nothing is
// built or prepared per request once a template is warm.
//
// Everything that differs between the engines sits behind the SqlDialect of dialect.ts, one
// implementation per engine (sqlite/, postgres/); code above this layer never asks which engine
// it runs on.

import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { SqlDialect } from './dialect.ts';
import type { Database } from './schema.ts';
import { readSetting } from '../../config.ts';
import { ChangeLog, type Reach, type WrittenWorkspace } from './change-log.ts';
import type { WriteWatch } from './write-watch.ts';

export type Engine = 'sqlite' | 'postgres';
export type Builder = Kysely<Database>;
export type Row = Record<string, unknown>;
export type Args = Record<string, unknown>;
/** A column of a select list without its table's alias (`'i.id'` is `'id'`): for picking a table's row type. */
export type Unqualified<S extends string> = S extends `${string}.${infer C}` ? C : S;

const PARAM = Symbol('param');
interface ParamMarker {
  [PARAM]: string;
}

/**
 * A placeholder for a value supplied when the template runs. Typed as the column's type so
 * Kysely's checks still apply; at compile time it is a marker object Kysely passes through.
 */
export function param<T = string>(name: string): T {
  return { [PARAM]: name } as unknown as T;
}

/** The row a template reads: `RowOf<ReturnType<typeof pageTemplate>>` names it where it is used. */
export type RowOf<T> = T extends Template<infer R> ? R : never;

/** Never set: the key of a template's row type, which exists for the type checker only. */
declare const ROW: unique symbol;

/**
 * A compiled statement and where each of its positional parameters comes from. `R` is the row
 * it reads, taken from the Kysely query it was compiled from (`Db.template`), so `all` and
 * `first` return the schema's types with no cast at the call site (test/typed-reads.test.ts
 * keeps it so). A template reading `R` may be used where a narrower row is wanted, never the
 * other way round.
 */
export interface Template<R = Row> {
  readonly [ROW]?: R;
  sql: string;
  slots: Array<{ name: string } | { value: unknown }>;
  /**
   * Planned for its values on every run rather than prepared once (PostgreSQL; SQLite prepares
   * either way). For statements binding a list of ids whose length varies by thousands: a
   * generic plan tests `= any($n)` by walking the list for every row (48 ms against 0.8 ms
   * for 3,000 ids at benchmark scale), a plan made for the values hashes it.
   */
  planEachRun?: boolean;
}

/** How a template runs, fixed when it is first compiled. */
export interface TemplateOptions {
  planEachRun?: boolean;
}

export function compileTemplate<R>(query: Compilable<R> | CompiledQuery<R>): Template<R> {
  const compiled = 'compile' in query ? query.compile() : query;
  return {
    sql: compiled.sql,
    slots: compiled.parameters.map((p) =>
      p !== null && typeof p === 'object' && PARAM in (p as object) ? { name: (p as ParamMarker)[PARAM] } : { value: p },
    ),
  };
}

/** The positional values of a template run with `args`, as the engine's driver binds them. */
export function bind(dialect: SqlDialect, t: Template<unknown>, args: Args | undefined): unknown[] {
  const out = new Array(t.slots.length);
  for (let i = 0; i < t.slots.length; i++) {
    const slot = t.slots[i]!;
    if ('name' in slot) {
      if (!args || !(slot.name in args)) throw new Error(`missing query parameter ${slot.name}`);
      out[i] = dialect.bindValue(args[slot.name]);
    } else {
      out[i] = dialect.bindValue(slot.value);
    }
  }
  return out;
}

/** Runs statements; the same interface inside and outside a transaction. */
export interface Executor {
  readonly dialect: SqlDialect;
  /** The rows of `t`, typed as the query it was compiled from reads them. */
  all<R>(t: Template<R>, args?: Args): Promise<R[]>;
  first<R>(t: Template<R>, args?: Args): Promise<R | undefined>;
  /** Returns the number of rows changed. */
  run(t: Template<unknown>, args?: Args): Promise<number>;
  /** Runs a query built on the spot (ingest batches with a varying number of rows). */
  execute<R>(query: Compilable<R> | CompiledQuery<R>): Promise<{ rows: R[]; changes: number }>;
  /** Runs raw SQL with no parameters (DDL). */
  exec(sql: string): Promise<void>;
}

/** Connection use at this instant, and the writer lock's waits so far (SQLite), for metrics. */
export interface PoolStats {
  /** Connections the process may hold. */
  max: number;
  /** Connections open. */
  open: number;
  /** Open connections doing nothing. */
  idle: number;
  /** Callers waiting for a connection (PostgreSQL) or for the write lock (SQLite). */
  waiting: number;
  /** SQLite: times the write lock was taken, and the seconds callers spent waiting for it, since start. */
  writeLock?: { acquired: number; waitSeconds: number };
}

export interface Db extends Executor {
  readonly builder: Builder;
  /**
   * A template compiled once per key and reused: `key` must name everything that changes the
   * SQL text (sort column, direction, which filters are present), never parameter values.
   */
  template<R>(
    key: string,
    build: (b: Builder, dialect: SqlDialect) => Compilable<R> | CompiledQuery<R>,
    options?: TemplateOptions,
  ): Template<R>;
  /**
   * Runs one statement that changes no answer a cache keeps (when a key was last used): it does
   * not move dataVersion(), so bookkeeping on every key's first request of a minute does not drop
   * every cached answer of the process and of the other replicas.
   */
  runUncounted(t: Template<unknown>, args?: Args): Promise<number>;
  /**
   * Runs `fn` in one write transaction; writes from other callers wait for it. `writes` names the
   * one workspace it writes (ingest): its commit then leaves kept answers of other workspaces and
   * tenants current, unless it wrote a table outside that workspace's (write-watch.ts). Without it
   * the commit reaches everything.
   */
  transaction<T>(fn: (tx: Executor) => Promise<T>, writes?: WrittenWorkspace): Promise<T>;
  /** Cheap round trip proving the database answers. */
  ping(): Promise<void>;
  /**
   * A number that moves whenever data may have changed: this process's writes, other processes'
   * commits (SQLite: `pragma data_version`), other replicas' (PostgreSQL: LISTEN/NOTIFY). A cached
   * answer taken at an older version is stale. null while changes cannot be tracked (the
   * PostgreSQL listener is down): cache nothing then.
   */
  dataVersion(): number | null;
  /**
   * Whether nothing an answer read at `version` (a dataVersion()) could depend on has changed since:
   * `reach` is one workspace of a tenant, a tenant's workspaces, or (undefined) everything.
   */
  unchangedSince(version: number, reach: Reach | undefined): boolean;
  poolStats(): PoolStats;
  /** The engine's own consistency check of the data files ('ok' when sound); used by the crash scripts. */
  integrityCheck(): Promise<string>;
  close(): Promise<void>;
}

// AISPM_SQL_PROFILE=1: time spent per statement, printed to stderr when the process exits. For
// finding where ingest or a request spends its time; off (and free) otherwise.
const profile = readSetting('sqlProfile') ? new Map<string, { n: number; ms: number; max: number }>() : null;
if (profile) {
  process.on('exit', () => {
    const rows = [...profile].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
    // The longest single run too: one statement holds the event loop for that long (SQLite).
    for (const [q, { n, ms, max }] of rows)
      process.stderr.write(`${ms.toFixed(0).padStart(8)} ms ${String(n).padStart(8)}x  longest ${max.toFixed(0).padStart(5)} ms  ${q}\n`);
  });
}

/** Runs a statement, timing it under AISPM_SQL_PROFILE. */
export function timed<T>(sqlText: string, fn: () => T): T {
  if (!profile) return fn();
  const t = performance.now();
  const done = () => {
    const key = sqlText.replace(/\s+/g, ' ').slice(0, 140);
    const e = profile.get(key) ?? { n: 0, ms: 0, max: 0 };
    const ms = performance.now() - t;
    e.n++;
    e.ms += ms;
    e.max = Math.max(e.max, ms);
    profile.set(key, e);
  };
  const out = fn();
  if (out instanceof Promise) return out.finally(done) as T;
  done();
  return out;
}

/** What both engines' databases share: the template cache and the change counter. */
export abstract class BaseDb implements Db {
  abstract readonly dialect: SqlDialect;
  /** What changed, and when: every write this process makes and, per engine, writes made elsewhere. */
  private readonly changes = new ChangeLog();
  /** Moves on every change. */
  protected get version(): number {
    return this.changes.epoch;
  }
  /** Counts a change to one workspace (`written`, when the watch saw no write outside it) or to everything. */
  protected changed(written?: WrittenWorkspace, watch?: WriteWatch): void {
    this.changes.mark(watch?.outside ? undefined : written);
  }
  abstract dataVersion(): number | null;
  unchangedSince(version: number, reach: Reach | undefined): boolean {
    return this.changes.unchangedSince(version, reach);
  }
  private readonly templates = new Map<string, Template<unknown>>();
  get builder(): Builder {
    return this.dialect.builder;
  }

  template<R>(
    key: string,
    build: (b: Builder, dialect: SqlDialect) => Compilable<R> | CompiledQuery<R>,
    options?: TemplateOptions,
  ): Template<R> {
    // A key names one statement, so the template cached under it reads the rows `build` describes.
    let t = this.templates.get(key) as Template<R> | undefined;
    if (!t) {
      t = compileTemplate(build(this.dialect.builder, this.dialect));
      if (options?.planEachRun) t.planEachRun = true;
      this.templates.set(key, t);
    }
    return t;
  }

  abstract all<R>(t: Template<R>, args?: Args): Promise<R[]>;
  abstract first<R>(t: Template<R>, args?: Args): Promise<R | undefined>;
  abstract run(t: Template<unknown>, args?: Args): Promise<number>;
  abstract runUncounted(t: Template<unknown>, args?: Args): Promise<number>;
  abstract execute<R>(query: Compilable<R> | CompiledQuery<R>): Promise<{ rows: R[]; changes: number }>;
  abstract exec(sql: string): Promise<void>;
  abstract transaction<T>(fn: (tx: Executor) => Promise<T>, writes?: WrittenWorkspace): Promise<T>;
  abstract ping(): Promise<void>;
  abstract poolStats(): PoolStats;
  abstract integrityCheck(): Promise<string>;
  abstract close(): Promise<void>;
}

/** JSON columns come back parsed from pg (jsonb) and as text from SQLite. */
export function readJson<T = unknown>(v: unknown): T {
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}
