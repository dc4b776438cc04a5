// The worker loop of the job table: every process that serves runs one (the server starts it and
// stops it on shutdown). It polls for due jobs of the kinds it has handlers for, claims up to its
// concurrency under a lease, renews the lease while a handler runs, and settles the job by the
// handler's outcome: completed (with the handler's writes in the same transaction), due again
// after an exponential backoff, or failed for good once its attempts are spent. Jobs whose worker
// died (crash, kill -9) are taken up again when their lease lapses. At shutdown running handlers
// are aborted and their jobs handed back, due at once, so a restart carries on with them.
//
// Exactly one worker runs a job at a time, across processes and replicas: claiming is one
// transaction that locks the rows it takes (PostgreSQL `for update skip locked`; SQLite has one
// writer), and settling names the lease owner, so a worker that lost its lease cannot settle.

import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db, Executor } from '../db/database.ts';
import {
  anyWork,
  claimJobs,
  type Completion,
  completeJob,
  failAttempt,
  type Job,
  LeaseLost,
  recoverLapsed,
  releaseJob,
  renewLease,
} from './store.ts';

export interface JobContext<P = unknown> {
  readonly job: Job<P>;
  /** Aborted when the job must stop: the process is shutting down, or the lease was lost. */
  readonly signal: AbortSignal;
  /** Records how far the job got (saved with each lease renewal and when the attempt ends). */
  progress(value: unknown): void;
}

export interface JobHandler<P = any> {
  /**
   * Runs one attempt. Throwing fails the attempt (retried with backoff while attempts remain;
   * PermanentJobError fails the job at once). A returned function runs in the transaction that
   * marks the job completed, so its writes commit exactly once, with the completion.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler with nothing to commit is a plain `async run() {…}`.
  run(ctx: JobContext<P>): Promise<void | Completion>;
  /** Runs in the transaction that marks the job failed for good. */
  failed?(tx: Executor, job: Job<P>, error: string): Promise<void>;
}

/** An error no retry can cure (the job's input is gone or invalid): the job fails at once. */
export class PermanentJobError extends Error {}

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunnerOptions {
  /** Jobs this process runs at once (0: it runs none). */
  concurrency: number;
  /** How often an idle runner looks for due jobs. */
  pollMs: number;
  /** How long a claim holds without renewal; renewed every third of it. A crashed worker's jobs are taken up after it lapses. */
  leaseMs: number;
  /** The delay before the first retry; each further retry waits twice as long, up to `retryMaxMs`, with jitter. */
  retryBaseMs: number;
  retryMaxMs: number;
  now?: () => number;
  log?: JobLog;
}

interface Active {
  job: Job;
  controller: AbortController;
  done: Promise<void>;
}

const silent: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

/** The delay before retry number `attempt` (1-based): base · 2^(attempt-1), capped, between half and all of it. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const full = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}

export class JobRunner {
  /** Names this process's leases: host, process, and a random part per runner. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly db: Db;
  private readonly o: Required<RunnerOptions>;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly active = new Map<string, Active>();
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopping = false;
  private ticking = false;
  private again = false;

  constructor(db: Db, options: RunnerOptions) {
    this.db = db;
    this.o = { ...options, now: options.now ?? Date.now, log: options.log ?? silent };
  }

  /** Names the handler of a kind of job (before start). */
  handle<P>(kind: string, handler: JobHandler<P>): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} has a handler already`);
    this.handlers.set(kind, handler as JobHandler);
  }

  get kinds(): string[] {
    return [...this.handlers.keys()];
  }

  /** Jobs running in this process now. */
  get running(): number {
    return this.active.size;
  }

  start(): void {
    if (this.started || this.o.concurrency <= 0 || this.handlers.size === 0) return;
    this.started = true;
    this.schedule(0);
  }

  /** Looks for due jobs now rather than at the next poll (call after enqueueing, once committed). */
  wake(): void {
    if (!this.started || this.stopping) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /**
   * Stops polling, aborts the running handlers and hands their jobs back (due at once), waiting
   * at most `graceMs` for handlers that do not heed the abort; their leases lapse instead.
   */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearTimeout(this.timer);
    for (const a of this.active.values()) a.controller.abort(new Error('shutting down'));
    const all = Promise.allSettled([...this.active.values()].map((a) => a.done));
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((r) => (timeout = setTimeout(r, graceMs)))]);
    clearTimeout(timeout);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopping) return;
    this.ticking = true;
    let full = false;
    try {
      const now = this.o.now();
      const kinds = this.kinds;
      if (await anyWork(this.db, kinds, now)) {
        const lapsed = await recoverLapsed(
          this.db,
          kinds,
          now,
          (tx, job, error) => this.handlers.get(job.kind)?.failed?.(tx, job, error) ?? Promise.resolve(),
        );
        for (const l of lapsed) {
          this.o.log.warn({ job: l.job.id, kind: l.job.kind, attempts: l.job.attempts, failed: l.failed }, 'job lease lapsed');
        }
        const free = this.o.concurrency - this.active.size;
        if (free > 0 && !this.stopping) {
          const claimed = await claimJobs(this.db, { owner: this.owner, kinds, now: this.o.now(), leaseMs: this.o.leaseMs, limit: free });
          for (const job of claimed) this.run(job);
          full = claimed.length === free;
        }
      }
    } catch (err) {
      this.o.log.error({ err }, 'job poll failed');
    } finally {
      this.ticking = false;
      if (!this.stopping) {
        // More may be due when every free slot was filled; a slot that frees wakes the loop too.
        const soon = this.again && this.active.size < this.o.concurrency;
        this.again = false;
        this.schedule(soon || (full && this.active.size < this.o.concurrency) ? 0 : this.o.pollMs);
      }
    }
  }

  private run(job: Job): void {
    const handler = this.handlers.get(job.kind)!;
    const controller = new AbortController();
    let progress: unknown = job.progress;
    let lost = false;
    const renew = setInterval(
      () => {
        const now = this.o.now();
        renewLease(this.db, job, this.owner, now + this.o.leaseMs, progress, now).then(
          (held) => {
            if (!held && !controller.signal.aborted) {
              lost = true;
              controller.abort(new LeaseLost(job));
            }
          },
          (err: unknown) => this.o.log.warn({ err, job: job.id }, 'job lease renewal failed'),
        );
      },
      Math.max(50, Math.floor(this.o.leaseMs / 3)),
    );
    renew.unref();
    const settle = async () => {
      const ctx: JobContext = { job, signal: controller.signal, progress: (v) => (progress = v) };
      let outcome: { ok: true; effects: Completion | undefined } | { ok: false; error: unknown };
      try {
        outcome = { ok: true, effects: (await handler.run(ctx)) || undefined };
      } catch (error) {
        outcome = { ok: false, error };
      }
      clearInterval(renew);
      const now = this.o.now();
      if (lost) {
        this.o.log.warn({ job: job.id, kind: job.kind }, 'job lease lost; another worker has the job');
        return;
      }
      if (controller.signal.aborted && this.stopping) {
        await releaseJob(this.db, job, this.owner, now);
        this.o.log.info({ job: job.id, kind: job.kind }, 'job handed back at shutdown');
        return;
      }
      if (outcome.ok) {
        await completeJob(this.db, job, this.owner, now, progress, outcome.effects);
        this.o.log.info({ job: job.id, kind: job.kind, attempts: job.attempts, ms: now - (job.startedAt ?? now) }, 'job completed');
        return;
      }
      const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      const final = outcome.error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const retryAt = final ? null : now + backoffMs(job.attempts, this.o.retryBaseMs, this.o.retryMaxMs);
      await failAttempt(this.db, job, this.owner, now, message, retryAt, progress, handler.failed);
      this.o.log.warn(
        { job: job.id, kind: job.kind, attempts: job.attempts, error: message, retryAt: retryAt && new Date(retryAt).toISOString() },
        final ? 'job failed' : 'job attempt failed; retrying later',
      );
    };
    const done = settle()
      .catch((err: unknown) => {
        // Settling itself failed (the database went away, or the lease was lost meanwhile): the
        // lease lapses and the job is taken up again.
        this.o.log.error({ err, job: job.id, kind: job.kind }, 'job could not be settled');
      })
      .finally(() => {
        clearInterval(renew);
        this.active.delete(`${job.tenant}\u0000${job.id}`);
        this.wake();
      });
    this.active.set(`${job.tenant}\u0000${job.id}`, { job, controller, done });
  }
}
