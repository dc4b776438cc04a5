// One database interface over two engines. Queries are built with Kysely (typed, per dialect),
// compiled once into a `Template` with named parameters, and executed as prepared statements:
// better-sqlite3 statements cached by SQL text, PostgreSQL named statements per connection.
// Nothing is built or prepared per request once a template is warm.

import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import pg from 'pg';
import {
  DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql, type CompiledQuery, type Compilable,
  type RawBuilder,
} from 'kysely';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';
export type Builder = Kysely<Database>;
export type Row = Record<string, unknown>;
export type Args = Record<string, unknown>;

const PARAM = Symbol('param');
interface ParamMarker { [PARAM]: string }

/**
 * A placeholder for a value supplied when the template runs. Typed as the column's type so
 * Kysely's checks still apply; at compile time it is a marker object Kysely passes through.
 */
export function param<T = string>(name: string): T {
  return { [PARAM]: name } as unknown as T;
}

/** A compiled statement and where each of its positional parameters comes from. */
export interface Template {
  sql: string;
  slots: Array<{ name: string } | { value: unknown }>;
}

function compileTemplate(query: Compilable | CompiledQuery): Template {
  const compiled = 'compile' in query ? query.compile() : query;
  return {
    sql: compiled.sql,
    slots: compiled.parameters.map((p) =>
      p !== null && typeof p === 'object' && PARAM in (p as object)
        ? { name: (p as ParamMarker)[PARAM] }
        : { value: p }),
  };
}

/** Query builders that only compile (they never connect), one per dialect. */
const builders: Record<Engine, Builder> = {
  sqlite: new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

/** Runs statements; the same interface inside and outside a transaction. */
export interface Executor {
  readonly engine: Engine;
  all<R = Row>(t: Template, args?: Args): Promise<R[]>;
  first<R = Row>(t: Template, args?: Args): Promise<R | undefined>;
  /** Returns the number of rows changed. */
  run(t: Template, args?: Args): Promise<number>;
  /** Runs a query built on the spot (ingest batches with a varying number of rows). */
  execute<R = Row>(query: Compilable | CompiledQuery): Promise<{ rows: R[]; changes: number }>;
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
  template(key: string, build: (b: Builder, engine: Engine) => Compilable | CompiledQuery): Template;
  /** Runs `fn` in one write transaction; writes from other callers wait for it. */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  /** Cheap round trip proving the database answers. */
  ping(): Promise<void>;
  /**
   * A number that moves whenever data may have changed: this process's writes, other processes'
   * commits (SQLite: `pragma data_version`), other replicas' (PostgreSQL: LISTEN/NOTIFY). A cached
   * answer taken at an older version is stale. null while changes cannot be tracked (the
   * PostgreSQL listener is down): cache nothing then.
   */
  dataVersion(): number | null;
  poolStats(): PoolStats;
  close(): Promise<void>;
}

// AISPM_SQL_PROFILE=1: time spent per statement, printed to stderr when the process exits. For
// finding where ingest or a request spends its time; off (and free) otherwise.
const profile = process.env.AISPM_SQL_PROFILE === '1' ? new Map<string, { n: number; ms: number }>() : null;
if (profile) {
  process.on('exit', () => {
    const rows = [...profile].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
    for (const [q, { n, ms }] of rows) process.stderr.write(`${ms.toFixed(0).padStart(8)} ms ${String(n).padStart(8)}x  ${q}\n`);
  });
}
function timed<T>(sqlText: string, fn: () => T): T {
  if (!profile) return fn();
  const t = performance.now();
  const done = () => {
    const key = sqlText.replace(/\s+/g, ' ').slice(0, 140);
    const e = profile.get(key) ?? { n: 0, ms: 0 };
    e.n++;
    e.ms += performance.now() - t;
    profile.set(key, e);
  };
  const out = fn();
  if (out instanceof Promise) return out.finally(done) as T;
  done();
  return out;
}

/** Values as the drivers take them: booleans as 0/1, lists as JSON (SQLite) or arrays (pg). */
function bindValue(engine: Engine, v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (Array.isArray(v)) return engine === 'sqlite' ? JSON.stringify(v) : v;
  return v;
}

function bind(engine: Engine, t: Template, args: Args | undefined): unknown[] {
  const out = new Array(t.slots.length);
  for (let i = 0; i < t.slots.length; i++) {
    const slot = t.slots[i]!;
    if ('name' in slot) {
      if (!args || !(slot.name in args)) throw new Error(`missing query parameter ${slot.name}`);
      out[i] = bindValue(engine, args[slot.name]);
    } else {
      out[i] = bindValue(engine, slot.value);
    }
  }
  return out;
}

abstract class BaseDb implements Db {
  abstract readonly engine: Engine;
  /** Moves on every write this process makes (and, per engine, on writes made elsewhere). */
  protected version = 0;
  protected changed(): void { this.version++; }
  abstract dataVersion(): number | null;
  private readonly templates = new Map<string, Template>();
  get builder(): Builder { return builders[this.engine]; }

  template(key: string, build: (b: Builder, engine: Engine) => Compilable | CompiledQuery): Template {
    let t = this.templates.get(key);
    if (!t) {
      t = compileTemplate(build(this.builder, this.engine));
      this.templates.set(key, t);
    }
    return t;
  }

  abstract all<R = Row>(t: Template, args?: Args): Promise<R[]>;
  abstract first<R = Row>(t: Template, args?: Args): Promise<R | undefined>;
  abstract run(t: Template, args?: Args): Promise<number>;
  abstract execute<R = Row>(query: Compilable | CompiledQuery): Promise<{ rows: R[]; changes: number }>;
  abstract exec(sql: string): Promise<void>;
  abstract transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  abstract ping(): Promise<void>;
  abstract poolStats(): PoolStats;
  abstract close(): Promise<void>;
}

// ---- SQLite ------------------------------------------------------------------------------------

/** What this module needs of a SQLite driver: better-sqlite3 has it as is; node:sqlite is adapted. */
interface Statement {
  readonly reader: boolean;
  all(...params: unknown[]): Row[];
  get(...params: unknown[]): Row | undefined;
  run(...params: unknown[]): { changes: number | bigint };
}
interface RawSqlite {
  exec(sql: string): void;
  prepare(sql: string): Statement;
  close(): void;
}

function openBetterSqlite(path: string): RawSqlite {
  const raw = new BetterSqlite3(path, { timeout: 5000 });
  return { exec: (q) => { raw.exec(q); }, prepare: (q) => raw.prepare<unknown[], Row>(q), close: () => raw.close() };
}

function openNodeSqlite(path: string): RawSqlite {
  const raw = new DatabaseSync(path, { timeout: 5000 });
  return {
    exec: (q) => raw.exec(q),
    prepare: (q) => {
      const st = raw.prepare(q);
      const reader = st.columns().length > 0;
      return {
        reader,
        all: (...p) => st.all(...(p as SQLInputValue[])) as Row[],
        get: (...p) => st.get(...(p as SQLInputValue[])) as Row | undefined,
        run: (...p) => st.run(...(p as SQLInputValue[])),
      };
    },
    close: () => raw.close(),
  };
}

/** One SQLite connection with its statement cache. */
class SqliteConn implements Executor {
  readonly engine = 'sqlite' as const;
  private readonly statements = new Map<string, Statement>();
  readonly raw: RawSqlite;
  constructor(raw: RawSqlite) { this.raw = raw; }

  private prepare(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.raw.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  allSync<R>(t: Template, args?: Args): R[] {
    const s = this.prepare(t.sql);
    const params = bind('sqlite', t, args);
    return timed(t.sql, () => (s.reader ? s.all(...params) : (s.run(...params), [])) as R[]);
  }

  async all<R = Row>(t: Template, args?: Args): Promise<R[]> {
    return this.allSync<R>(t, args);
  }

  async first<R = Row>(t: Template, args?: Args): Promise<R | undefined> {
    const s = this.prepare(t.sql);
    const params = bind('sqlite', t, args);
    return timed(t.sql, () => s.get(...params) as R | undefined);
  }

  async run(t: Template, args?: Args): Promise<number> {
    const s = this.prepare(t.sql);
    const params = bind('sqlite', t, args);
    return timed(t.sql, () => Number(s.run(...params).changes));
  }

  async execute<R = Row>(query: Compilable | CompiledQuery): Promise<{ rows: R[]; changes: number }> {
    const compiled = 'compile' in query ? query.compile() : query;
    const s = this.prepare(compiled.sql);
    const params = compiled.parameters.map((p) => bindValue('sqlite', p));
    if (s.reader) return { rows: timed(compiled.sql, () => s.all(...params) as R[]), changes: 0 };
    return { rows: [], changes: timed(compiled.sql, () => Number(s.run(...params).changes)) };
  }

  async exec(sql: string): Promise<void> {
    timed(sql, () => this.raw.exec(sql));
  }
}

/**
 * Serialises async sections: the writer connection is held by one transaction at a time. Counts
 * its waiters and the time they wait, so metrics can show writes queueing.
 */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  held = false;
  waiting = 0;
  acquired = 0;
  waitMs = 0;
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => { release = () => { this.held = false; r(); }; });
    const asked = performance.now();
    this.waiting++;
    const ready = this.tail.then(() => {
      this.waiting--;
      this.acquired++;
      this.waitMs += performance.now() - asked;
      this.held = true;
      return release;
    });
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

/**
 * SQLite in WAL mode with two connections: requests read on one while a write transaction,
 * which may span awaits (streamed ingest), holds the other. Readers never see uncommitted rows.
 */
class SqliteDb extends BaseDb {
  readonly engine = 'sqlite' as const;
  private readonly reader: SqliteConn;
  private readonly writer: SqliteConn;
  private readonly writeLock = new Mutex();
  readonly path: string;

  constructor(path: string) {
    super();
    this.path = path;
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    // Memory: the writer keeps a 64 MiB page cache and a 256 MiB map (bulk ingest updates several
    // large index b-trees); the reader 16 MiB and a 64 MiB map. With 64 MiB + 256 MiB map on the reader
    // the service held 376 MB resident after the benchmark's read cases (target 300 MB); reads
    // touch few pages per answer, so the smaller bounds cost little (BENCHMARKS.md).
    const open = (role: 'reader' | 'writer') => {
      // node:sqlite by default: measured 2-3x faster than better-sqlite3 13 on our joins (see
      // BENCHMARKS.md); AISPM_SQLITE_DRIVER=better selects better-sqlite3 for comparison.
      const raw = process.env.AISPM_SQLITE_DRIVER === 'better' ? openBetterSqlite(path) : openNodeSqlite(path);
      // 16 KiB pages (only takes effect when the file is created): fewer, shallower b-tree pages
      // for rows and keys of this size; bulk imports measured 1.7x faster than with 4 KiB.
      raw.exec(`pragma page_size = 16384; pragma journal_mode = WAL; pragma synchronous = NORMAL; pragma temp_store = MEMORY; pragma cache_size = ${role === 'writer' ? -65536 : -16384}; pragma mmap_size = ${(role === 'writer' ? 256 : 64) * 1024 * 1024}`);
      return raw;
    };
    this.writer = new SqliteConn(open('writer'));
    this.reader = path === ':memory:' ? this.writer : new SqliteConn(open('reader'));
  }

  all<R = Row>(t: Template, args?: Args) { return this.reader.all<R>(t, args); }
  first<R = Row>(t: Template, args?: Args) { return this.reader.first<R>(t, args); }
  /** Single statements outside a transaction still go through the write lock. */
  async run(t: Template, args?: Args) {
    const release = await this.writeLock.lock();
    try { return await this.writer.run(t, args); } finally { this.changed(); release(); }
  }
  async execute<R = Row>(query: Compilable | CompiledQuery) {
    const compiled = 'compile' in query ? query.compile() : query;
    if (/^\s*select\b/i.test(compiled.sql)) return this.reader.execute<R>(compiled);
    const release = await this.writeLock.lock();
    try { return await this.writer.execute<R>(compiled); } finally { this.changed(); release(); }
  }
  async exec(sql: string) {
    const release = await this.writeLock.lock();
    try { await this.writer.exec(sql); } finally { this.changed(); release(); }
  }

  private dataVersionStatement?: Statement;
  private lastDataVersion: unknown;
  private versionAskedThisTurn = false;
  /** SQLite tells a connection when any other connection (or process) committed since it last asked. */
  dataVersion(): number {
    // Asked once per event-loop turn: requests that arrive together share one answer (the pragma
    // was about 4% of a cached request's CPU when asked for each). A commit by this process moves
    // the version at once (changed()); one by another process is seen from the next turn.
    if (this.versionAskedThisTurn) return this.version;
    this.versionAskedThisTurn = true;
    setImmediate(() => { this.versionAskedThisTurn = false; }).unref();
    this.dataVersionStatement ??= this.reader.raw.prepare('pragma data_version');
    const v = this.dataVersionStatement.get()?.data_version;
    if (v !== this.lastDataVersion) {
      this.lastDataVersion = v;
      this.changed();
    }
    return this.version;
  }

  async transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const release = await this.writeLock.lock();
    try {
      this.writer.raw.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(this.writer);
        timed('COMMIT', () => this.writer.raw.exec('COMMIT'));
        return result;
      } catch (err) {
        try { this.writer.raw.exec('ROLLBACK'); } catch { /* SQLite already rolled back (a failed COMMIT) */ }
        throw err;
      }
    } finally {
      this.changed();
      release();
    }
  }

  async ping() { this.reader.raw.prepare('select 1').get(); }

  poolStats(): PoolStats {
    const open = this.reader === this.writer ? 1 : 2;
    const lock = this.writeLock;
    return {
      max: open, open, idle: open - (lock.held ? 1 : 0), waiting: lock.waiting,
      writeLock: { acquired: lock.acquired, waitSeconds: lock.waitMs / 1000 },
    };
  }

  /** SQLite's own check of the file; used by the crash-recovery scripts. */
  integrityCheck(): string {
    return this.reader.raw.prepare('pragma integrity_check').all().map((r) => Object.values(r)[0]).join('\n');
  }

  async close() {
    if (this.reader !== this.writer) this.reader.raw.close();
    this.writer.raw.close();
  }
}

// ---- PostgreSQL --------------------------------------------------------------------------------

// bigint (int8) and numeric come back as strings by default; every such value here is a count,
// a sum or an epoch-millisecond time, all well inside a double's exact range.
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return (pg.types.getTypeParser as (o: number, f?: string) => unknown)(oid, format);
  },
};

function statementName(sql: string): string {
  return 'q' + createHash('sha1').update(sql).digest('hex').slice(0, 20);
}

interface PgQueryable {
  query(config: { text: string; values: unknown[]; name?: string }): Promise<pg.QueryResult>;
}

class PgConn implements Executor {
  readonly engine = 'postgres' as const;
  private readonly client: PgQueryable;
  constructor(client: PgQueryable) { this.client = client; }

  private async q(sql: string, values: unknown[], prepared: boolean) {
    return timed(sql, () => this.client.query(prepared ? { name: statementName(sql), text: sql, values } : { text: sql, values }));
  }
  async all<R = Row>(t: Template, args?: Args): Promise<R[]> {
    return (await this.q(t.sql, bind('postgres', t, args), true)).rows as R[];
  }
  async first<R = Row>(t: Template, args?: Args): Promise<R | undefined> {
    return (await this.all<R>(t, args))[0];
  }
  async run(t: Template, args?: Args): Promise<number> {
    return (await this.q(t.sql, bind('postgres', t, args), true)).rowCount ?? 0;
  }
  async execute<R = Row>(query: Compilable | CompiledQuery) {
    const compiled = 'compile' in query ? query.compile() : query;
    // Built on the spot with a varying shape: not worth a named statement per shape.
    const res = await this.q(compiled.sql, compiled.parameters.map((p) => bindValue('postgres', p)), false);
    return { rows: res.rows as R[], changes: res.rowCount ?? 0 };
  }
  async exec(sql: string) {
    await this.client.query({ text: sql, values: [] });
  }
}

/** Channel every write notifies, so replicas can tell their cached answers went stale. */
const CHANGES_CHANNEL = 'aispm_changes';

class PostgresDb extends BaseDb {
  readonly engine = 'postgres' as const;
  readonly pool: pg.Pool;
  private readonly conn: PgConn;
  private readonly url: string;

  constructor(url: string, poolSize: number, queryTimeoutMs: number) {
    super();
    this.url = url;
    this.pool = new pg.Pool({
      connectionString: url, max: poolSize, types: pgTypes,
      connectionTimeoutMillis: 5000, idleTimeoutMillis: 30000,
      // A server that stops answering without closing the connection (a network partition) would
      // otherwise hold every request on it forever; the failed client is dropped from the pool.
      ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs } : {}),
      keepAlive: true,
    });
    // An idle client that loses its server (restart, failover) must not crash the process;
    // the pool drops it and the next query gets a fresh connection.
    this.pool.on('error', () => {});
    // Nor may a client in use: the pool listens for errors only on idle clients, and a connection
    // reset during a transaction (or a second error after the first) would be an unhandled 'error'
    // event. The query in flight still fails with it, and the client is released as broken.
    this.pool.on('connect', (client) => { client.on('error', () => {}); });
    this.conn = new PgConn(this.pool);
  }

  all<R = Row>(t: Template, args?: Args) { return this.conn.all<R>(t, args); }
  first<R = Row>(t: Template, args?: Args) { return this.conn.first<R>(t, args); }
  async run(t: Template, args?: Args) {
    try { return await this.conn.run(t, args); } finally { await this.wrote(); }
  }
  async execute<R = Row>(query: Compilable | CompiledQuery) {
    const compiled = 'compile' in query ? query.compile() : query;
    if (/^\s*select\b/i.test(compiled.sql)) return this.conn.execute<R>(compiled);
    try { return await this.conn.execute<R>(compiled); } finally { await this.wrote(); }
  }
  async exec(sql: string) {
    try { await this.conn.exec(sql); } finally { await this.wrote(); }
  }

  /** A write outside a transaction: note it here and tell the other replicas. */
  private async wrote(): Promise<void> {
    this.changed();
    await this.pool.query(`select pg_notify('${CHANGES_CHANNEL}', '')`).catch(() => {});
  }

  // ---- change feed: LISTEN on a connection of its own, opened on first use -----------------
  private listener?: pg.Client;
  private listening = false;
  private closed = false;

  private listen(): void {
    if (this.listener || this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    this.listener = client;
    const down = () => {
      if (this.listener !== client) return;
      this.listening = false;
      this.listener = undefined;
      this.changed();
      client.end().catch(() => {});
      if (!this.closed) setTimeout(() => this.listen(), 1000).unref();
    };
    client.on('error', down);
    client.on('end', down);
    client.on('notification', () => this.changed());
    client.connect()
      .then(() => client.query(`listen ${CHANGES_CHANNEL}`))
      .then(() => { this.changed(); this.listening = true; }, down);
  }

  /** Null until the listener is up, and whenever it is down: changes elsewhere could be missed. */
  dataVersion(): number | null {
    if (!this.listening) {
      this.listen();
      return null;
    }
    return this.version;
  }

  async transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      try {
        await client.query('BEGIN');
      } catch (err) {
        // A BEGIN that failed (timed out, connection lost) may leave the connection waiting for its
        // answer: it goes, rather than back to the pool where every later query would queue behind it.
        broken = true;
        throw err;
      }
      try {
        const result = await fn(new PgConn(client));
        // Delivered to the listeners when (and only if) the transaction commits.
        await client.query(`select pg_notify('${CHANGES_CHANNEL}', '')`);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => { broken = true; });
        throw err;
      }
    } finally {
      this.changed();
      client.release(broken);
    }
  }

  /** Readiness answers within two seconds, whatever the query timeout. */
  async ping() { await this.pool.query({ text: 'select 1', query_timeout: 2000 } as pg.QueryConfig); }
  poolStats(): PoolStats {
    const { totalCount, idleCount, waitingCount } = this.pool;
    return { max: this.pool.options.max ?? 10, open: totalCount, idle: idleCount, waiting: waitingCount };
  }
  async close() {
    this.closed = true;
    await this.listener?.end().catch(() => {});
    await this.pool.end();
  }
}

export function openDb(url: string, options: { pgPool?: number; pgQueryTimeoutMs?: number } = {}): Db {
  if (url.startsWith('sqlite:')) return new SqliteDb(url.slice('sqlite:'.length));
  return new PostgresDb(url, options.pgPool ?? 10, options.pgQueryTimeoutMs ?? 0);
}

export function isSqlite(db: Db): db is Db & { integrityCheck(): string } {
  return db.engine === 'sqlite';
}

/** JSON columns come back parsed from pg (jsonb) and as text from SQLite. */
export function readJson<T = unknown>(v: unknown): T {
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

/** `ref IN list` for a list bound as one parameter (json_each on SQLite, ANY on PostgreSQL). */
export function inList(engine: Engine, ref: string, list: unknown): RawBuilder<boolean> {
  return engine === 'sqlite'
    ? sql<boolean>`${sql.ref(ref)} in (select value from json_each(${list}))`
    : sql<boolean>`${sql.ref(ref)} = any(${list})`;
}
