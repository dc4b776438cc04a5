// SQLite in WAL mode with two connections: requests read on one while a write transaction,
// which may span awaits (streamed ingest), holds the other. Readers never see uncommitted rows.
// node:sqlite by default, better-sqlite3 when AISPM_SQLITE_DRIVER=better.

import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { CompiledQuery, Compilable } from 'kysely';
import { type Args, BaseDb, bind, type Executor, type PoolStats, type Row, type Template, timed } from '../database.ts';
import type { WrittenWorkspace } from '../change-log.ts';
import { WriteWatch } from '../write-watch.ts';
import { breathe } from '../turns.ts';
import { sqliteDialect } from './dialect.ts';
import { WalCheckpointer } from './wal-checkpointer.ts';
import { readSetting } from '../../../config.ts';

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
  return {
    exec: (q) => {
      raw.exec(q);
    },
    prepare: (q) => raw.prepare<unknown[], Row>(q),
    close: () => raw.close(),
  };
}

/**
 * A function making one row object from node:sqlite's array of a row's values: an object literal
 * with the statement's column names, so every row of a statement shares one hidden class (a plain
 * object, where node:sqlite's have a null prototype; nothing here asks a row for inherited keys).
 * The names are SQLite's column names of our own statements, quoted as JSON.
 */
function rowMaker(names: string[]): (values: unknown[]) => Row {
  return new Function('v', `return {${names.map((n, i) => `${JSON.stringify(n)}: v[${i}]`).join(', ')}};`) as (values: unknown[]) => Row;
}

/**
 * node:sqlite, its rows read as arrays and made into objects here. The objects node:sqlite makes
 * itself are dictionary-mode objects (null prototype, a hash table per row) and part of each one
 * is promoted to V8's old space at once: reading 1,000 relations 3,000 times grew the old space by
 * about 120 bytes a row, garbage kept until the next major collection (most of the resident memory
 * the service gained over the benchmark's 4-hop paths case), where arrays made into objects here
 * promoted nothing and read the rows in 0.49 instead of 0.67–0.83 ms (docs/OPERATIONS.md).
 */
function openNodeSqlite(path: string): RawSqlite {
  const raw = new DatabaseSync(path, { timeout: 5000 });
  return {
    exec: (q) => raw.exec(q),
    prepare: (q) => {
      const st = raw.prepare(q);
      const names = st.columns().map((c) => c.name);
      const reader = names.length > 0;
      if (!reader) {
        // The statement's own methods, bound: a wrapper taking `...p` and spreading it again copied
        // every parameter list twice (a bulk insert binds 23,000 values a statement).
        return {
          reader,
          all: st.all.bind(st) as Statement['all'],
          get: st.get.bind(st) as Statement['get'],
          run: st.run.bind(st) as Statement['run'],
        };
      }
      st.setReturnArrays(true);
      const make = rowMaker(names);
      return {
        reader,
        all: (...p) => {
          // Each array replaced by its object in place: no second array of rows.
          const rows = st.all(...(p as SQLInputValue[])) as unknown[];
          for (let i = 0; i < rows.length; i++) rows[i] = make(rows[i] as unknown[]);
          return rows as Row[];
        },
        get: (...p) => {
          const values = st.get(...(p as SQLInputValue[])) as unknown[] | undefined;
          return values === undefined ? undefined : make(values);
        },
        run: st.run.bind(st) as Statement['run'],
      };
    },
    close: () => raw.close(),
  };
}

// SQLite's statements run on this thread: a long series of them (a batch of 16,000 objects and the
// steps after it) would hold the event loop for seconds, and `/healthz` with it. Before a statement
// the event loop gets a turn when its slice is spent (../turns.ts). Safe inside a transaction: the
// writer connection is held under the write lock, and readers use their own.

/** One SQLite connection with its statement cache. */
class SqliteConn implements Executor {
  readonly dialect = sqliteDialect;
  private readonly statements = new Map<string, Statement>();
  readonly raw: RawSqlite;
  /** Set while a transaction that named its workspace holds this (writer) connection. */
  watch: WriteWatch | undefined;

  /** Shows the watch a statement that changed rows (or returned any: a write's RETURNING); passes its result on. */
  private saw<T>(sql: string, result: T): T {
    if (this.watch && (Array.isArray(result) ? result.length > 0 : result !== undefined && result !== 0)) this.watch.saw(sql);
    return result;
  }
  constructor(raw: RawSqlite) {
    this.raw = raw;
  }

  private prepare(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.raw.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  allSync<R>(t: Template<R>, args?: Args): R[] {
    const s = this.prepare(t.sql);
    const params = bind(sqliteDialect, t, args);
    return timed(t.sql, () => {
      if (s.reader) return this.saw(t.sql, s.all(...params) as R[]);
      this.saw(t.sql, Number(s.run(...params).changes));
      return [];
    });
  }

  async all<R>(t: Template<R>, args?: Args): Promise<R[]> {
    await breathe();
    return this.allSync(t, args);
  }

  async first<R>(t: Template<R>, args?: Args): Promise<R | undefined> {
    await breathe();
    const s = this.prepare(t.sql);
    const params = bind(sqliteDialect, t, args);
    return timed(t.sql, () => this.saw(t.sql, s.get(...params) as R | undefined));
  }

  async run(t: Template<unknown>, args?: Args): Promise<number> {
    await breathe();
    const s = this.prepare(t.sql);
    const params = bind(sqliteDialect, t, args);
    return timed(t.sql, () => this.saw(t.sql, Number(s.run(...params).changes)));
  }

  async execute<R>(query: Compilable<R> | CompiledQuery<R>): Promise<{ rows: R[]; changes: number }> {
    await breathe();
    const compiled = 'compile' in query ? query.compile() : query;
    const s = this.prepare(compiled.sql);
    const params = compiled.parameters.map((p) => sqliteDialect.bindValue(p));
    if (s.reader) return { rows: timed(compiled.sql, () => this.saw(compiled.sql, s.all(...params) as R[])), changes: 0 };
    return { rows: [], changes: timed(compiled.sql, () => this.saw(compiled.sql, Number(s.run(...params).changes))) };
  }

  async exec(sql: string): Promise<void> {
    await breathe();
    this.watch?.saw(sql);
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
    const next = new Promise<void>((r) => {
      release = () => {
        this.held = false;
        r();
      };
    });
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
 * The write lock of each database file open in this process. Two handles on one file (replicas in a
 * test, a second pool) take turns here: since a transaction gives the event loop a turn between
 * statements (breathe), the other handle's BEGIN IMMEDIATE would otherwise wait for SQLite's busy
 * timeout on this very thread, holding the event loop and the first handle's commit with it.
 */
const writeLocks = new Map<string, Mutex>();

/**
 * The size the WAL's file may reach before a write waits for the checkpoint thread to copy all of
 * it (wal-checkpointer.ts); a write that restarts the WAL cuts the file back to half of it.
 */
const WAL_BOUND_BYTES = 64 * 1024 * 1024;

/**
 * SQLite in WAL mode with two connections: requests read on one while a write transaction,
 * which may span awaits (streamed ingest), holds the other. Readers never see uncommitted rows.
 */
export class SqliteDb extends BaseDb {
  readonly dialect = sqliteDialect;
  private readonly reader: SqliteConn;
  private readonly writer: SqliteConn;
  private readonly writeLock: Mutex;
  readonly path: string;

  /** `writerCacheMb`: the writing connection's page cache (AISPM_SQLITE_WRITER_CACHE_MB unless given). */
  constructor(path: string, writerCacheMb = readSetting('sqliteWriterCacheMb')) {
    super();
    this.path = path;
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const file = path === ':memory:' ? undefined : resolve(path);
    this.writeLock = (file && writeLocks.get(file)) || new Mutex();
    if (file) writeLocks.set(file, this.writeLock);
    // Memory: the writer keeps a 64 MiB page cache and a 256 MiB map (bulk ingest updates several
    // large index b-trees); the reader 16 MiB and a 64 MiB map. With 64 MiB + 256 MiB map on the reader
    // the service held 376 MB resident after the benchmark's read cases (target 300 MB); reads
    // touch few pages per answer, so the smaller bounds cost little (BENCHMARKS.md).
    const open = (role: 'reader' | 'writer') => {
      // node:sqlite by default: measured 2-3x faster than better-sqlite3 13 on our joins (see
      // BENCHMARKS.md); AISPM_SQLITE_DRIVER=better selects better-sqlite3 for comparison.
      const raw = readSetting('sqliteDriver') === 'better' ? openBetterSqlite(path) : openNodeSqlite(path);
      // 16 KiB pages (only takes effect when the file is created): fewer, shallower b-tree pages
      // for rows and keys of this size; bulk imports measured 1.7x faster than with 4 KiB.
      raw.exec(
        `pragma page_size = 16384; pragma journal_mode = WAL; pragma synchronous = NORMAL; pragma temp_store = MEMORY; pragma cache_size = ${role === 'writer' ? -1024 * writerCacheMb : -16384}; pragma analysis_limit = 1000; pragma mmap_size = ${(role === 'writer' ? 256 : 64) * 1024 * 1024}`,
      );
      // The WAL is checkpointed beside the event loop (wal-checkpointer.ts), not inside COMMIT; when
      // a write restarts it, its file is cut back to half the bound.
      if (path !== ':memory:') raw.exec(`pragma wal_autocheckpoint = 0; pragma journal_size_limit = ${WAL_BOUND_BYTES / 2}`);
      return raw;
    };
    this.writer = new SqliteConn(open('writer'));
    this.reader = path === ':memory:' ? this.writer : new SqliteConn(open('reader'));
    if (path !== ':memory:') this.checkpoints = new WalCheckpointer(path, WAL_BOUND_BYTES);
  }

  private readonly checkpoints?: WalCheckpointer;

  /** After a write: the checkpoint thread copies the WAL into the database file, one run at a time. */
  private committed(written?: WrittenWorkspace, watch?: WriteWatch): void {
    this.changed(written, watch);
    this.checkpoints?.committed();
  }

  all<R>(t: Template<R>, args?: Args) {
    return this.reader.all(t, args);
  }
  first<R>(t: Template<R>, args?: Args) {
    return this.reader.first(t, args);
  }
  /** Single statements outside a transaction still go through the write lock. */
  async run(t: Template<unknown>, args?: Args) {
    const release = await this.writeLock.lock();
    try {
      await this.checkpoints?.beforeWrite();
      return await this.writer.run(t, args);
    } finally {
      this.committed();
      release();
    }
  }
  /** Under the write lock like run(), but not counted: the version is read on the writer, which never sees its own commits as changes. */
  async runUncounted(t: Template<unknown>, args?: Args) {
    const release = await this.writeLock.lock();
    try {
      return await this.writer.run(t, args);
    } finally {
      release();
    }
  }
  async execute<R>(query: Compilable<R> | CompiledQuery<R>) {
    const compiled = 'compile' in query ? query.compile() : query;
    if (/^\s*select\b/i.test(compiled.sql)) return this.reader.execute(compiled);
    const release = await this.writeLock.lock();
    try {
      await this.checkpoints?.beforeWrite();
      return await this.writer.execute(compiled);
    } finally {
      this.committed();
      release();
    }
  }
  async exec(sql: string) {
    const release = await this.writeLock.lock();
    try {
      await this.checkpoints?.beforeWrite();
      await this.writer.exec(sql);
    } finally {
      this.committed();
      release();
    }
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
    setImmediate(() => {
      this.versionAskedThisTurn = false;
    }).unref();
    // Asked on the writer: it sees commits by every other connection (other processes, other
    // handles on the file), and none of its own, which changed() counts, or leaves uncounted (runUncounted).
    this.dataVersionStatement ??= this.writer.raw.prepare('pragma data_version');
    const v = this.dataVersionStatement.get()?.data_version;
    if (v !== this.lastDataVersion) {
      this.lastDataVersion = v;
      this.changed();
    }
    return this.version;
  }

  async transaction<T>(fn: (tx: Executor) => Promise<T>, writes?: WrittenWorkspace): Promise<T> {
    const release = await this.writeLock.lock();
    const watch = writes ? new WriteWatch() : undefined;
    this.writer.watch = watch;
    try {
      await this.checkpoints?.beforeWrite();
      this.writer.raw.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(this.writer);
        timed('COMMIT', () => this.writer.raw.exec('COMMIT'));
        return result;
      } catch (err) {
        try {
          this.writer.raw.exec('ROLLBACK');
        } catch {
          /* SQLite already rolled back (a failed COMMIT) */
        }
        throw err;
      }
    } finally {
      this.writer.watch = undefined;
      this.committed(writes, watch);
      release();
    }
  }

  async ping() {
    this.reader.raw.prepare('select 1').get();
  }

  poolStats(): PoolStats {
    const open = this.reader === this.writer ? 1 : 2;
    const lock = this.writeLock;
    return {
      max: open,
      open,
      idle: open - (lock.held ? 1 : 0),
      waiting: lock.waiting,
      writeLock: { acquired: lock.acquired, waitSeconds: lock.waitMs / 1000 },
    };
  }

  /** SQLite's own check of the file; used by the crash-recovery scripts. */
  async integrityCheck(): Promise<string> {
    return this.reader.raw
      .prepare('pragma integrity_check')
      .all()
      .map((r) => Object.values(r)[0])
      .join('\n');
  }

  async close() {
    await this.checkpoints?.close();
    if (this.reader !== this.writer) this.reader.raw.close();
    this.writer.raw.close();
  }
}
