// The main thread's side of the import's parse worker (parse-worker.ts): starts it, takes the
// batches it posts, rebuilds their interactions from columns (interaction-columns.ts). On SQLite the
// writes run synchronously on the main thread, so parsing on this thread takes turns with them;
// in the worker it runs beside them on the other core. Started before the database is opened and
// migrated (the CLI does), the worker has the first batch parsed by the time the writer wants it.
// Deliberately light to load (no record schemas): the CLI imports it first thing.

import { Worker } from 'node:worker_threads';
import type { LineError, Lined } from './batch-context.ts';
import { fromColumns, type InteractionColumns } from './interaction-columns.ts';
import type { ParsedBatch } from './parsed-batches.ts';
import type { IngestRecord, RecordType } from './records.ts';

/** What the parse worker is given (workerData). */
export interface ParseWorkerData {
  /** The file to read; null reads standard input (piped to the worker's by the main thread). */
  path: string | null;
  batchSize: number;
  maxLineBytes: number;
  storePrompts: boolean;
  /** Batches the worker may have parsed and not yet seen taken. */
  ahead: number;
}

/** A message of the parse worker. */
export type ParseWorkerMessage =
  | {
      kind: 'batch';
      lines: number;
      errors: LineError[];
      types: Array<[RecordType | 'invalid', number]>;
      /** Interactions in columns; every other record as it is (structured clone: they are few). */
      interactions: InteractionColumns | null;
      others: Lined<IngestRecord>[];
    }
  | { kind: 'done' }
  | { kind: 'failed'; message: string; code?: string };

/** Two batches ahead keep the worker busy while one is written, and bound what waits in memory. */
const AHEAD = 2;

/**
 * The worker's young generation, MiB. With V8's default the import of 300,000 interactions peaked
 * at ~1,000 MB resident against ~700 MB parsing on the main thread; bounded to 32 MiB, ~815 MB, at
 * the same speed (8 MiB: ~860 MB).
 */
const WORKER_YOUNG_MB = 32;

export interface ParseWorkerOptions {
  batchSize: number;
  maxLineBytes: number;
  /** When false, prompts and responses are not handed over (the writer drops them: docs/INGEST.md). */
  storePrompts: boolean;
}

/** A file (`-`: standard input) being read and parsed in a worker thread, batch by batch. */
export class ParseWorker {
  private readonly worker: Worker;
  private readonly queue: ParseWorkerMessage[] = [];
  private wake: (() => void) | null = null;
  private crashed: { error: unknown } | null = null;
  private stopped = false;

  constructor(path: string, opts: ParseWorkerOptions) {
    const data: ParseWorkerData = { path: path === '-' ? null : path, ...opts, ahead: AHEAD };
    // Standard input is read here and piped to the worker's (a stream with backpressure): reading
    // file descriptor 0 in the worker fails with EAGAIN when it is a non-blocking pipe.
    this.worker = new Worker(new URL('./parse-worker-start.ts', import.meta.url), {
      workerData: data,
      stdin: path === '-',
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
    });
    if (path === '-') process.stdin.pipe(this.worker.stdin!);
    this.worker.on('message', (m: ParseWorkerMessage) => {
      this.queue.push(m);
      this.notify();
    });
    this.worker.on('error', (error) => {
      this.crashed = { error };
      this.notify();
    });
    this.worker.on('exit', (code) => {
      this.crashed ??= { error: new Error(`the import's parse worker stopped (exit code ${code})`) };
      this.notify();
    });
  }

  private notify(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  private async next(): Promise<ParseWorkerMessage> {
    while (this.queue.length === 0) {
      if (this.crashed) throw this.crashed.error;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    return this.queue.shift()!;
  }

  /**
   * The batches in order. A read error (no such file) comes out with its `code`, as it would on
   * this thread. The worker is stopped when the batches end, fail, or are no longer taken.
   */
  async *batches(): AsyncGenerator<ParsedBatch> {
    try {
      for (;;) {
        const m = await this.next();
        if (m.kind === 'done') return;
        if (m.kind === 'failed') throw Object.assign(new Error(m.message), m.code ? { code: m.code } : {});
        this.worker.postMessage('more');
        const records = m.interactions ? [...m.others, ...fromColumns(m.interactions)] : m.others;
        yield { records, errors: m.errors, lines: m.lines, types: new Map(m.types) };
      }
    } finally {
      await this.stop();
    }
  }

  /** Stops the worker (idempotent): after the import, or when it fails before taking every batch. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}
