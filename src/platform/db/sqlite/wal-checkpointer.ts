// The WAL checkpoints of one SQLite file, run by a worker thread beside the event loop
// (checkpoint-thread.js), and the bound that keeps the WAL from growing without end.
//
// SQLite starts its WAL again from the beginning only when a write transaction begins after a
// checkpoint copied every frame of it into the database file. Its automatic checkpoint runs inside
// COMMIT on the writer's own thread, so that is always so at the next write. Ours runs beside the
// writer: under continuous ingest the writer begins its next transaction while the thread is still
// copying the last one, and the WAL is never restarted. It grew to the size of everything written
// (416 MB for 400 MB written in 100 transactions), and a load of ten million interactions failed
// with SQLITE_FULL ("database or disk is full") seven minutes in, with 77 GB of disk free. So once
// the WAL's file is larger than the bound, the next write first waits (the event loop free) for a
// checkpoint begun after the last commit to end; with the whole WAL copied, that write restarts it,
// and its commit cuts the file back to half the bound (journal_size_limit, set by database.ts). The
// file's size is read at each write (one stat): the thread's reports come a few commits late.

import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** What the thread reports after a checkpoint: `pragma wal_checkpoint`'s frames, or nothing if it failed. */
type Report = { log: number; checkpointed: number } | null;

/** Attempts at a complete checkpoint before a write goes on regardless (a long read can hold frames back). */
const ATTEMPTS = 3;

export class WalCheckpointer {
  private readonly path: string;
  private readonly walFile: string;
  private readonly boundBytes: number;
  private worker?: Worker;
  private running = false;
  private again = false;
  /** Commits seen, the count when the running checkpoint began, and when the last ended one began. */
  private commits = 0;
  private runningFrom = 0;
  private endedFrom = -1;
  private closed = false;
  /** Frames in the WAL, and of them copied into the database file, at the end of the last checkpoint. */
  private walFrames = 0;
  private copied = 0;
  private idle: (() => void)[] = [];

  /** `boundBytes`: the size of the WAL's file past which a write waits for a checkpoint. */
  constructor(path: string, boundBytes: number) {
    this.path = path;
    this.walFile = `${path}-wal`;
    this.boundBytes = boundBytes;
  }

  /** After a commit: a checkpoint runs, or runs again when the one running ends. */
  committed(): void {
    this.commits++;
    if (this.closed) return;
    if (this.running) this.again = true;
    else this.start();
  }

  /**
   * Before a write transaction, under the write lock (so no commit comes meanwhile): when the WAL
   * is past the bound, waits until a checkpoint begun after the last commit has copied all of it.
   */
  async beforeWrite(): Promise<void> {
    if (this.closed || (statSync(this.walFile, { throwIfNoEntry: false })?.size ?? 0) <= this.boundBytes) return;
    await this.ended();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      // Every frame copied by a checkpoint begun after the last commit: the write about to begin
      // restarts the WAL. Otherwise (it began before, or a reader held frames back) one more.
      if (this.closed || (this.endedFrom === this.commits && this.copied >= this.walFrames)) return;
      this.start();
      await this.ended();
      if (!this.worker) return;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.worker?.terminate();
  }

  /** Resolves when no checkpoint is running and none is asked for. */
  private ended(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private start(): void {
    if (!this.worker) {
      const worker = new Worker(new URL('./checkpoint-thread.js', import.meta.url), { workerData: { path: this.path } });
      // Idle between checkpoints, it keeps no process alive; a failed one is made again at the next commit.
      worker.unref();
      worker.on('message', (report: Report) => this.report(report));
      const lost = () => {
        if (this.worker !== worker) return;
        this.worker = undefined;
        this.finish();
      };
      worker.on('error', lost);
      worker.on('exit', lost);
      this.worker = worker;
    }
    this.running = true;
    this.runningFrom = this.commits;
    this.worker.postMessage(null);
  }

  private report(report: Report): void {
    if (report) {
      this.walFrames = report.log;
      this.copied = report.checkpointed;
      this.endedFrom = this.runningFrom;
    }
    if (this.again && !this.closed) {
      this.again = false;
      this.start();
      return;
    }
    this.finish();
  }

  private finish(): void {
    this.running = false;
    this.again = false;
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }
}
