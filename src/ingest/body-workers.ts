// The main thread's side of the body workers (body-thread.ts): worker threads that read request
// bodies (CycloneDX BOMs, SARIF logs, OTLP exports) so that no body, however large or hostile, holds the event
// loop; `/healthz` and every other request keep being answered meanwhile.
//
// A request leases one worker for all its jobs (an OTLP export is decoded, then discovered once
// the spans waiting for its traces are loaded). Its CPU time is counted from the lease on: past the
// budget the worker is terminated and the request answered 413 naming the bound. At most
// `maxWorkers` run at once (others wait their turn, which costs no budget); a few stay started
// between requests with their schemas compiled. Closing (shutdown) terminates every worker, so a
// request being read cannot hold SIGTERM past its timer.

import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { Lined } from './batch-context.ts';
import type { PendingSpan } from '../areas/telemetry/discovery/discover.ts';
import type { IngestRecord } from './records.ts';
import type { SarifContext } from './sarif.ts';
import type { McpScanFormat } from './mcp-scanners.ts';
import type { ProbeTool } from './probes.ts';

/** A job of the body worker. */
export type BodyJob =
  | { kind: 'cyclonedx'; body: Uint8Array; now: number }
  | { kind: 'sarif'; body: Uint8Array; context: SarifContext }
  | { kind: 'mcp-scan'; format: McpScanFormat; body: Uint8Array; now: number }
  | { kind: 'probes'; tool: ProbeTool; body: Uint8Array; now: number }
  | { kind: 'otlp-decode'; body: Uint8Array; protobuf: boolean }
  | { kind: 'otlp-discover'; waiting: PendingSpan[]; now: number }
  // The main thread took the last chunk and had an event-loop turn since: the next may come.
  | { kind: 'more' };

/** A message of the body worker: records of the job under way, or its end. */
export type BodyReply =
  | { kind: 'chunk'; records: Lined<IngestRecord>[] }
  | { kind: 'done'; result: unknown }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string };

/** The body is malformed: the message says how (a 400). */
export class BodyRefused extends Error {}
/** Reading the body took more CPU time than the budget (a 413). */
export class BudgetSpent extends Error {}
/** The workers were closed (shutdown) while the body was being read (a 503). */
export class BodyWorkersClosed extends Error {}

export interface BodyWorkersOptions {
  /** CPU time one request may spend in its worker, ms. */
  cpuBudgetMs: number;
  /** Workers running at once. */
  maxWorkers: number;
  /** The setting that sets the budget, named in the 413. */
  budgetSetting: string;
}

/** How often a running job's CPU time is read. */
const CHECK_EVERY_MS = 25;
/** Workers kept started between requests (each holds its compiled schemas). */
const KEEP_IDLE = 2;

export class BodyWorkers {
  private readonly idle: Worker[] = [];
  private readonly leased = new Set<BodyLease>();
  private readonly waiting: Array<{ resolve: () => void; reject: (err: Error) => void }> = [];
  private running = 0;
  private closed = false;

  readonly options: BodyWorkersOptions;
  constructor(options: BodyWorkersOptions) {
    this.options = options;
  }

  /** A worker for one request, once one is free; release it (`BodyLease.release`) when done. */
  async lease(): Promise<BodyLease> {
    if (this.closed) throw new BodyWorkersClosed('the service is shutting down');
    if (this.running >= this.options.maxWorkers) await new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.running++;
    const worker = this.idle.pop() ?? new Worker(new URL('./body-thread-start.ts', import.meta.url));
    worker.removeAllListeners();
    worker.ref();
    const lease = new BodyLease(worker, this.options, (w) => this.ended(lease, w));
    this.leased.add(lease);
    await lease.start();
    return lease;
  }

  private ended(lease: BodyLease, reusable: Worker | null): void {
    this.leased.delete(lease);
    this.running--;
    if (reusable && !this.closed && this.idle.length < KEEP_IDLE) {
      // An idle worker does not keep the process alive; one that dies idle is forgotten.
      reusable.unref();
      reusable.on('error', () => {});
      reusable.once('exit', () => {
        const i = this.idle.indexOf(reusable);
        if (i >= 0) this.idle.splice(i, 1);
      });
      this.idle.push(reusable);
    } else if (reusable) void reusable.terminate();
    this.waiting.shift()?.resolve();
  }

  /** Terminates every worker; requests being read fail with BodyWorkersClosed. */
  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.reject(new BodyWorkersClosed('the service is shutting down'));
    const stopping = [...this.idle.splice(0).map((w) => w.terminate()), ...[...this.leased].map((l) => l.abort())];
    await Promise.all(stopping);
  }
}

/** One request's use of a worker: its jobs run one after another, under one CPU budget. */
export class BodyLease {
  private base: NodeJS.CpuUsage | undefined;
  private current: {
    resolve: (result: unknown) => void;
    reject: (err: Error) => void;
    onChunk?: (records: Lined<IngestRecord>[]) => void;
  } | null = null;
  private timer: NodeJS.Timeout | undefined;
  private done = false;

  private readonly worker: Worker;
  private readonly options: BodyWorkersOptions;
  private readonly onEnd: (reusable: Worker | null) => void;

  constructor(worker: Worker, options: BodyWorkersOptions, onEnd: (reusable: Worker | null) => void) {
    this.worker = worker;
    this.options = options;
    this.onEnd = onEnd;
    worker.on('message', (m: BodyReply) => {
      const job = this.current;
      if (!job) return;
      if (m.kind === 'chunk') {
        job.onChunk?.(m.records);
        // One chunk at a time: sent back to back, the 70 chunks of 140,000 spans were read (copied
        // out of their messages) in one go, and the event loop waited over a second.
        setImmediate(() => {
          if (this.current === job) this.worker.postMessage({ kind: 'more' } satisfies BodyJob);
        });
        return;
      }
      this.settle();
      if (m.kind === 'done') job.resolve(m.result);
      else if (m.kind === 'refused') job.reject(new BodyRefused(m.message));
      else job.reject(new Error(`the body worker failed: ${m.message}`));
    });
    worker.on('error', (err: unknown) => this.fail(err instanceof Error ? err : new Error(String(err)), false));
    worker.on('exit', (code) => this.fail(new Error(`the body worker stopped (exit code ${code})`), false));
  }

  /** Counts CPU time from here: what the worker spent for earlier requests is not this one's. */
  async start(): Promise<void> {
    // A worker just made is not running yet: its CPU time can be read once it is online.
    this.base = await this.worker.cpuUsage().catch(async () => {
      await once(this.worker, 'online');
      return this.worker.cpuUsage();
    });
  }

  /** Runs a job; `onChunk` takes the records it sends before its result. */
  run<T>(job: BodyJob, transfer: ArrayBuffer[] = [], onChunk?: (records: Lined<IngestRecord>[]) => void): Promise<T> {
    if (this.done) return Promise.reject(new BodyWorkersClosed('the service is shutting down'));
    return new Promise<T>((resolve, reject) => {
      this.current = { resolve: resolve as (r: unknown) => void, reject: reject as (err: Error) => void, onChunk };
      this.timer = setInterval(() => void this.check(), CHECK_EVERY_MS);
      this.worker.postMessage(job, transfer);
    });
  }

  private async check(): Promise<void> {
    if (!this.current || this.done) return;
    const used = await this.worker.cpuUsage(this.base).catch(() => undefined);
    if (!used || !this.current) return;
    const ms = (used.user + used.system) / 1000;
    if (ms > this.options.cpuBudgetMs)
      this.fail(
        new BudgetSpent(
          `reading the body took more than its CPU budget of ${this.options.cpuBudgetMs} ms (${this.options.budgetSetting}); send less in one request`,
        ),
        true,
      );
  }

  private settle(): void {
    clearInterval(this.timer);
    this.current = null;
  }

  /** Ends the job under way with `err`; the worker is terminated and never reused. */
  private fail(err: Error, terminate: boolean): void {
    const job = this.current;
    this.settle();
    if (!this.done) {
      this.done = true;
      this.worker.removeAllListeners('exit');
      if (terminate) void this.worker.terminate();
      this.onEnd(null);
    }
    job?.reject(err);
  }

  /** Shutdown: the job under way fails and the worker is terminated. */
  async abort(): Promise<void> {
    this.fail(new BodyWorkersClosed('the service is shutting down'), false);
    await this.worker.terminate();
  }

  /** Done with the worker: back to the pool (unless it was terminated). */
  release(): void {
    if (this.done) return;
    this.done = true;
    this.settle();
    this.worker.removeAllListeners();
    this.onEnd(this.worker);
  }
}
