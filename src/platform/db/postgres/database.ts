// PostgreSQL through a pg pool: named prepared statements per connection, a change feed over
// LISTEN/NOTIFY so replicas know when their cached answers went stale.

import { createHash, randomBytes } from 'node:crypto';
import type { CompiledQuery, Compilable } from 'kysely';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Args, BaseDb, bind, type Executor, type PoolStats, type Template, timed } from '../database.ts';
import type { WrittenWorkspace } from '../change-log.ts';
import { WriteWatch } from '../write-watch.ts';
import { type KnowsColumnTypes, postgresDialect } from './dialect.ts';
import { type PgQueryable, ReadPipes } from './read-pipes.ts';

// bigint (int8) and numeric come back as strings by default; every such value here is a count,
// a sum or an epoch-millisecond time, all well inside a double's exact range.
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return (pg.types.getTypeParser as (o: number, f?: string) => unknown)(oid, format);
  },
};

const statementNames = new WeakMap<Template<unknown>, string>();
/**
 * The prepared statement's name: a hash of its text, computed once per template (a SHA-1 of every
 * statement on every run was 3 % of a PostgreSQL model detail's CPU). Kept with the template, so it
 * goes when the template does; templates planned per run have none.
 */
function statementName(t: Template<unknown>): string | undefined {
  if (t.planEachRun) return undefined;
  let name = statementNames.get(t);
  if (name === undefined) {
    name = 'q' + createHash('sha1').update(t.sql).digest('hex').slice(0, 20);
    statementNames.set(t, name);
  }
  return name;
}

/** Column name -> SQL type, per table, as the database's catalogue says (the unnest inserts cast to them). */
type ColumnTypeCache = Map<string, Promise<ReadonlyMap<string, string>>>;

/** DDL that may change a column's type or drop a table; creating a partition cannot. */
const changesColumns = (sql: string) => /\b(alter|drop)\s+table\b/i.test(sql) || /\bcreate\s+table\b(?![^;]*\bpartition\s+of\b)/i.test(sql);

class PgConn implements Executor, KnowsColumnTypes {
  readonly dialect = postgresDialect;
  private readonly client: PgQueryable;
  private readonly types: ColumnTypeCache;
  /** Set on the connection of a transaction that named its workspace. */
  private readonly watch: WriteWatch | undefined;
  readonly copyRows?: (table: string, columns: string[], texts: Iterable<string>) => Promise<number>;
  /** `copier`: the transaction's own client, which COPY streams through (the pool's clients vary per statement). */
  constructor(client: PgQueryable, types: ColumnTypeCache, watch?: WriteWatch, copier?: pg.PoolClient) {
    this.client = client;
    this.types = types;
    this.watch = watch;
    if (copier) this.copyRows = (table, columns, texts) => this.copy(copier, table, columns, texts);
  }

  private async copy(client: pg.PoolClient, table: string, columns: string[], texts: Iterable<string>): Promise<number> {
    const text = `copy ${table} (${columns.join(', ')}) from stdin`;
    const stream = client.query(copyFrom(text));
    await timed(text, () => pipeline(Readable.from(texts), stream));
    const n = stream.rowCount ?? 0;
    if (this.watch && n > 0) this.watch.saw(text);
    return n;
  }

  /**
   * Read from the catalogue once per table and database; forgotten on DDL that could change them
   * (exec below: migrations, retention's partition drops), so a migration's new type is seen.
   */
  columnTypes(table: string): Promise<ReadonlyMap<string, string>> {
    let t = this.types.get(table);
    if (!t) {
      t = this.client
        .query({
          text: `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
            where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped`,
          values: [table],
        })
        .then((res) => new Map(res.rows.map((r: { name: string; type: string }) => [r.name, r.type])));
      // A failed read is not kept.
      t.catch(() => this.types.delete(table));
      this.types.set(table, t);
    }
    return t;
  }

  private async q(sql: string, values: unknown[], name: string | undefined) {
    const res = await timed(sql, () => this.client.query(name ? { name, text: sql, values } : { text: sql, values }));
    // A statement that changed or returned no rows wrote nothing the watch need see.
    if (this.watch && (res.rowCount ?? 0) > 0) this.watch.saw(sql);
    return res;
  }
  async all<R>(t: Template<R>, args?: Args): Promise<R[]> {
    return (await this.q(t.sql, bind(postgresDialect, t, args), statementName(t))).rows as R[];
  }
  async first<R>(t: Template<R>, args?: Args): Promise<R | undefined> {
    return (await this.all(t, args))[0];
  }
  async run(t: Template<unknown>, args?: Args): Promise<number> {
    return (await this.q(t.sql, bind(postgresDialect, t, args), statementName(t))).rowCount ?? 0;
  }
  async execute<R>(query: Compilable<R> | CompiledQuery<R>) {
    const compiled = 'compile' in query ? query.compile() : query;
    // Built on the spot with a varying shape: not worth a named statement per shape.
    const res = await this.q(
      compiled.sql,
      compiled.parameters.map((p) => postgresDialect.bindValue(p)),
      undefined,
    );
    return { rows: res.rows as R[], changes: res.rowCount ?? 0 };
  }
  async exec(sql: string) {
    this.watch?.saw(sql);
    if (changesColumns(sql)) this.types.clear();
    try {
      await this.client.query({ text: sql, values: [] });
    } finally {
      if (changesColumns(sql)) this.types.clear();
    }
  }
}

/** Channel every write notifies, so replicas can tell their cached answers went stale. */
const CHANGES_CHANNEL = 'aispm_changes';

/**
 * What a commit's notification says: which database handle sent it (its own are counted when they
 * commit) and the one workspace it reached, as JSON `[origin, tenant, workspace]`; empty, or
 * anything else (an older replica's ''), reaches everything.
 */
function changeNote(origin: string, written: WrittenWorkspace | undefined): string {
  return written ? JSON.stringify([origin, written.tenant, written.workspace]) : JSON.stringify([origin]);
}

/** The origin and reach of a notification's payload; a payload of another shape reaches everything. */
function readChangeNote(payload: string | undefined): { origin?: string; written?: WrittenWorkspace } {
  try {
    const v: unknown = JSON.parse(payload ?? '');
    if (!Array.isArray(v) || typeof v[0] !== 'string') return {};
    if (v.length === 3 && typeof v[1] === 'string' && typeof v[2] === 'string')
      return { origin: v[0], written: { tenant: v[1], workspace: v[2] } };
    return { origin: v[0] };
  } catch {
    return {};
  }
}

export class PostgresDb extends BaseDb {
  readonly dialect = postgresDialect;
  readonly pool: pg.Pool;
  private readonly conn: PgConn;
  /** Reads outside transactions: over the pipelined connections when there are any (read-pipes.ts). */
  private readonly reads: PgConn;
  private readonly pipes?: ReadPipes;
  private readonly url: string;
  private readonly columnTypes: ColumnTypeCache = new Map();
  /** Names this handle in its notifications (replicas, and other handles of this process, are others). */
  private readonly origin = `${process.pid}-${randomBytes(6).toString('hex')}`;

  constructor(url: string, poolSize: number, queryTimeoutMs: number, readPipes = 0) {
    super();
    this.url = url;
    // What every connection of this process is opened with: the pool's and the read pipes'.
    const connection: pg.ClientConfig = {
      connectionString: url,
      types: pgTypes,
      connectionTimeoutMillis: 5000,
      // A server that stops answering without closing the connection (a network partition) would
      // otherwise hold every request on it forever; the failed client is dropped from the pool.
      ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs } : {}),
      keepAlive: true,
    };
    this.pool = new pg.Pool({ ...connection, max: poolSize, idleTimeoutMillis: 30000 });
    // An idle client that loses its server (restart, failover) must not crash the process;
    // the pool drops it and the next query gets a fresh connection.
    this.pool.on('error', () => {});
    // Nor may a client in use: the pool listens for errors only on idle clients, and a connection
    // reset during a transaction (or a second error after the first) would be an unhandled 'error'
    // event. The query in flight still fails with it, and the client is released as broken.
    this.pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    this.conn = new PgConn(this.pool, this.columnTypes);
    if (readPipes > 0) this.pipes = new ReadPipes(readPipes, { ...connection, application_name: 'aispm-read-pipe' }, this.pool);
    this.reads = this.pipes ? new PgConn(this.pipes, this.columnTypes) : this.conn;
  }

  /**
   * Statements binding a related filter's ids (planned per run) take a pooled connection: they run
   * for milliseconds to tens of them, and two sent down one pipe would run one after the other
   * where the pool runs them side by side. The pipes learn the other slow ones (read-pipes.ts).
   */
  private readerOf(t: Template<unknown>): PgConn {
    return t.planEachRun ? this.conn : this.reads;
  }
  all<R>(t: Template<R>, args?: Args) {
    return this.readerOf(t).all(t, args);
  }
  first<R>(t: Template<R>, args?: Args) {
    return this.readerOf(t).first(t, args);
  }
  async run(t: Template<unknown>, args?: Args) {
    try {
      return await this.conn.run(t, args);
    } finally {
      await this.wrote();
    }
  }
  async execute<R>(query: Compilable<R> | CompiledQuery<R>) {
    const compiled = 'compile' in query ? query.compile() : query;
    if (/^\s*select\b/i.test(compiled.sql)) return this.conn.execute(compiled);
    try {
      return await this.conn.execute(compiled);
    } finally {
      await this.wrote();
    }
  }
  /** Neither counted here nor announced to the other replicas. */
  runUncounted(t: Template<unknown>, args?: Args) {
    return this.conn.run(t, args);
  }
  async exec(sql: string) {
    try {
      await this.conn.exec(sql);
    } finally {
      await this.wrote();
    }
  }

  /** A write outside a transaction: note it here and tell the other replicas. */
  private async wrote(): Promise<void> {
    this.changed();
    await this.pool
      .query({ text: `select pg_notify('${CHANGES_CHANNEL}', $1)`, values: [changeNote(this.origin, undefined)] })
      .catch(() => {});
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
    client.on('notification', (n) => {
      const { origin, written } = readChangeNote(n.payload);
      // This process counted its own commit when it made it.
      if (origin !== this.origin) this.changed(written);
    });
    client
      .connect()
      .then(() => client.query(`listen ${CHANGES_CHANNEL}`))
      .then(() => {
        this.changed();
        this.listening = true;
      }, down);
  }

  /** Null until the listener is up, and whenever it is down: changes elsewhere could be missed. */
  dataVersion(): number | null {
    if (!this.listening) {
      this.listen();
      return null;
    }
    return this.version;
  }

  async transaction<T>(fn: (tx: Executor) => Promise<T>, writes?: WrittenWorkspace): Promise<T> {
    const client = await this.pool.connect();
    const watch = writes ? new WriteWatch() : undefined;
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
        const result = await fn(new PgConn(client, this.columnTypes, watch, client));
        // Delivered to the listeners when (and only if) the transaction commits.
        await client.query({
          text: `select pg_notify('${CHANGES_CHANNEL}', $1)`,
          values: [changeNote(this.origin, watch?.outside ? undefined : writes)],
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw err;
      }
    } finally {
      this.changed(writes, watch);
      client.release(broken);
    }
  }

  /** Readiness answers within two seconds, whatever the query timeout. */
  async ping() {
    await this.pool.query({ text: 'select 1', query_timeout: 2000 } as pg.QueryConfig);
  }
  poolStats(): PoolStats {
    const { totalCount, idleCount, waitingCount } = this.pool;
    return { max: this.pool.options.max ?? 10, open: totalCount, idle: idleCount, waiting: waitingCount };
  }
  /** Crash recovery is the server's own: there is no file of ours to check. */
  async integrityCheck(): Promise<string> {
    return "ok (PostgreSQL: crash recovery is the server's)";
  }
  async close() {
    this.closed = true;
    await this.listener?.end().catch(() => {});
    await this.pipes?.close();
    await this.pool.end();
  }
}
