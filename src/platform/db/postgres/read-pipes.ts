// Reads outside transactions sent down a few pipelined connections (pg's pipeline mode) instead of
// one pooled connection each: the statements of all the requests that arrive in one turn of the
// event loop leave in one write, and the backend answers them one after the other without going
// back to sleep between two. A model detail executes in 0.05 ms on the server but cost ~0.5 ms a
// request through the pool: each statement was its own write, its own wake-up of a backend and
// its own read, among 20 backends, the service and the clients on 2 cores (issue 23).
//
// A pipelined connection answers in order, so a slow statement holds those sent behind it. Two
// rules keep fast reads from waiting on slow ones. A statement whose text took longer than
// HEAVY_MS on the server in each of its first RUNS_TO_LEARN runs (the time from the answer before
// it on its pipe, or from its sending, to its answer; the least of them, since a busy machine only
// adds to a run's time) takes a pooled connection, where slow ones run side by side. A run's time
// as seen here includes this process's own delay in reading the answer: under fifty connections
// the model detail statement, 0.05 ms on the server, was judged heavy (3.0 and 6.6 ms, the least
// of its first three runs, in both of two runs of the benchmark's case). Runs still in flight
// brought it back there; with none in flight it would have stayed on the pool for good. So every
// PROBE_EVERY-th run of a statement judged heavy goes down a pipe again, and one run there under
// HEAVY_MS brings it back.
// Any other read goes to the pipe with the fewest statements in flight whose oldest has not run
// longer than SLOW_MS; when none qualifies it takes a pooled connection too. Each statement has its
// own Sync, so one that fails fails alone. A pipe whose connection breaks fails what it had in
// flight (as a pooled connection's query would) and the next read opens a new one.

import pg from 'pg';

/** How long a pipe's oldest statement may have run before reads stop queueing behind it. */
const SLOW_MS = 5;
/** Statements in flight per pipe at most. */
const MAX_IN_FLIGHT = 64;
/** A statement text whose runs all took longer than this on the server goes to the pool. */
const HEAVY_MS = 2;
/** Runs of a statement text on the pipes before it is judged. */
const RUNS_TO_LEARN = 3;
/** One run in this many of a statement judged heavy goes down a pipe, to judge it again. */
const PROBE_EVERY = 32;
/** Statement texts whose time is kept; the set is cleared past it (texts built on the fly). */
const MAX_TEXTS = 10_000;

/** What runs a statement: the pool, a client, or these pipes. */
export interface PgQueryable {
  query(config: { text: string; values: unknown[]; name?: string }): Promise<pg.QueryResult>;
}

interface Pipe {
  client: pg.Client;
  /** Start times of the statements in flight, oldest first (they are answered in this order). */
  started: number[];
  /** When the pipe's last answer arrived: the server began the next statement then, at the earliest. */
  lastAnswer: number;
  /** Connected and not lost since: until then reads take pooled connections. */
  ready: boolean;
}

export class ReadPipes implements PgQueryable {
  private readonly pipes: Array<Pipe | undefined>;
  private readonly options: pg.ClientConfig;
  private readonly fallback: PgQueryable;
  /** Per statement text: its quickest run on the server (ms), how many runs were timed, and its runs while judged heavy. */
  private readonly runs = new Map<string, { leastMs: number; count: number; pooled: number }>();
  private closed = false;

  constructor(size: number, options: pg.ClientConfig, fallback: PgQueryable) {
    this.pipes = Array.from({ length: size }, () => undefined);
    this.options = options;
    this.fallback = fallback;
  }

  query(config: { text: string; values: unknown[]; name?: string }): Promise<pg.QueryResult> {
    // Looked up once: the answer's timing below updates the same entry.
    let known = this.runs.get(config.text);
    if (!known) {
      if (this.runs.size >= MAX_TEXTS) this.runs.clear();
      known = { leastMs: Number.POSITIVE_INFINITY, count: 0, pooled: 0 };
      this.runs.set(config.text, known);
    }
    const heavy = known.count >= RUNS_TO_LEARN && known.leastMs > HEAVY_MS;
    const probe = heavy && ++known.pooled % PROBE_EVERY === 0;
    const pipe = heavy && !probe ? undefined : this.pick();
    if (!pipe) return this.fallback.query(config);
    const sent = performance.now();
    pipe.started.push(sent);
    // Held until the loop's check phase: every statement sent in this turn leaves in one write.
    const stream = (
      pipe.client as unknown as { connection: { stream: NodeJS.WritableStream & { cork(): void; uncork(): void; writableCorked: number } } }
    ).connection.stream;
    if (stream.writableCorked === 0) {
      stream.cork();
      setImmediate(() => stream.uncork());
    }
    const done = () => {
      const now = performance.now();
      pipe.started.shift();
      const took = now - Math.max(sent, pipe.lastAnswer);
      pipe.lastAnswer = now;
      known.count++;
      known.leastMs = Math.min(known.leastMs, took);
    };
    const result = pipe.client.query(config);
    result.then(done, done);
    return result;
  }

  /** The connected pipe with the fewest statements in flight that is not behind a slow one, opening pipes as needed. */
  private pick(): Pipe | undefined {
    if (this.closed) return undefined;
    const now = performance.now();
    let best: Pipe | undefined;
    for (let i = 0; i < this.pipes.length; i++) {
      const pipe = this.pipes[i] ?? this.openPipe(i);
      if (!pipe.ready || pipe.started.length >= MAX_IN_FLIGHT) continue;
      if (pipe.started.length > 0 && now - pipe.started[0]! > SLOW_MS) continue;
      if (!best || pipe.started.length < best.started.length) best = pipe;
      if (best.started.length === 0) break;
    }
    return best;
  }

  private openPipe(i: number): Pipe {
    const client = new pg.Client({ ...this.options, pipeline: true } as pg.ClientConfig);
    const pipe: Pipe = { client, started: [], lastAnswer: 0, ready: false };
    const down = () => {
      pipe.ready = false;
      if (this.pipes[i] === pipe) this.pipes[i] = undefined;
      client.end().catch(() => {});
    };
    // A lost connection must not crash the process: its statements in flight fail with the error.
    client.on('error', down);
    client.on('end', down);
    // Reads go to it once it is connected: one that waited in its queue for a connection that does
    // not come (a server behind a partition) would wait out the query timeout, where the pool's
    // connection timeout answers sooner.
    client.connect().then(() => {
      pipe.ready = this.pipes[i] === pipe;
    }, down);
    this.pipes[i] = pipe;
    return pipe;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.pipes.map((p) => p?.client.end().catch(() => {})));
  }
}
