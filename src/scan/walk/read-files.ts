// Reading the listed files of a scan and running the secret detectors on them, on this thread and
// on a worker thread at once for a large tree: the walk is system calls and byte scanning, which
// one thread does at a core's speed, and a machine's second core (ripgrep uses every one) would
// otherwise sit idle. Files go in chunks to whichever side is free; the code analysers, which
// hold one scan's state, are given the texts they want on this thread as chunks come back (in any
// order, which their interface allows).

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TextTest } from '../analyzer.ts';
import { frameworksTextTest } from '../code/prefilter.ts';
import type { SecretFact, Skip } from '../facts.ts';
import type { SecretDetector } from '../secrets/detect.ts';
import { type ListedFile, readListed, type WalkLimits } from './walker.ts';

export interface ChunkResult {
  files: number;
  bytes: number;
  skips: Skip[];
  secrets: SecretFact[];
  /** [path, text] of the files the code analysers want. */
  texts: [string, string][];
  /** [path, absolute path] of the files the code analysers want whose text failed their test (analyzer.ts, `textTest`). */
  unread: [string, string][];
}

/** What the code analysers want of a file: nothing, its text, or its text when it passes a test (else its path). */
export type Want = false | 'text' | TextTest;

const textTests = new Map<TextTest, (path: string, text: string) => boolean>([['frameworks', frameworksTextTest]]);

const CHUNK = 256;
/** Below this many files a worker's start costs more than it saves. */
const PARALLEL_FROM = 2000;

export async function readChunk(
  chunk: ListedFile[],
  want: Want[],
  limits: WalkLimits,
  buffer: Buffer,
  detector: SecretDetector,
): Promise<ChunkResult> {
  const out: ChunkResult = { files: 0, bytes: 0, skips: [], secrets: [], texts: [], unread: [] };
  for (let i = 0; i < chunk.length; i++) {
    const file = chunk[i]!;
    const read = readListed(file, limits, buffer);
    if ('reason' in read) {
      out.skips.push(read);
      continue;
    }
    out.files++;
    out.bytes += read.bytes.length;
    const found = await detector.detect({ path: file.rel, bytes: read.bytes, binary: read.binary });
    if (found.length) out.secrets.push(...found);
    const wanted = want[i];
    if (!wanted || read.binary) continue;
    const text = read.bytes.toString('utf8');
    const test = wanted === 'text' ? undefined : textTests.get(wanted);
    if (!test || test(file.rel, text)) out.texts.push([file.rel, text]);
    else out.unread.push([file.rel, file.abs]);
  }
  return out;
}

/** A reading worker: started once per `aispm scan`, given chunks, answering their results. */
export class ReadWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, (r: ChunkResult | undefined) => void>();
  private failed: Error | undefined;
  private next = 0;
  constructor(limits: WalkLimits, key: Buffer) {
    // No inherited flags: a process started with `--input-type` or `--eval` would pass them on and
    // the worker would refuse to start.
    this.worker = new Worker(new URL('./read-worker.ts', import.meta.url), {
      workerData: { limits, key: key.toString('hex') },
      execArgv: [],
    });
    this.worker.on('message', (m: { id: number; result: ChunkResult }) => {
      this.pending.get(m.id)?.(m.result);
      this.pending.delete(m.id);
    });
    this.worker.on('error', (err: unknown) => {
      this.failed = err instanceof Error ? err : new Error(String(err));
      for (const settle of this.pending.values()) settle(undefined);
      this.pending.clear();
    });
  }
  /** The chunk's result, or undefined when the worker failed (the caller reads the chunk itself). */
  run(chunk: ListedFile[], want: Want[]): Promise<ChunkResult | undefined> {
    if (this.failed) return Promise.resolve(undefined);
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, chunk, want });
    });
  }
  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

export interface ReadOptions {
  limits: WalkLimits;
  detector: SecretDetector;
  wants: (path: string) => Want;
  /** A worker to share the reading with (a large tree on a machine of several cores), or undefined. */
  worker: () => ReadWorker | undefined;
  onChunk: (result: ChunkResult) => Promise<void>;
}

export function shouldParallelise(files: number): boolean {
  return files >= PARALLEL_FROM && availableParallelism() > 1;
}

/** Reads every listed file, sharing the chunks with the worker when there is one. */
export async function readAll(files: ListedFile[], options: ReadOptions): Promise<void> {
  const chunks: ListedFile[][] = [];
  for (let i = 0; i < files.length; i += CHUNK) chunks.push(files.slice(i, i + CHUNK));
  const wants = chunks.map((c) => c.map((f) => options.wants(f.rel)));
  const todo = chunks.map((_, i) => i).reverse();
  const worker = shouldParallelise(files.length) ? options.worker() : undefined;
  const buffer = Buffer.allocUnsafe(options.limits.maxFileBytes + 1);
  const here = async () => {
    for (let i = todo.pop(); i !== undefined; i = todo.pop()) {
      await options.onChunk(await readChunk(chunks[i]!, wants[i]!, options.limits, buffer, options.detector));
      // Let the worker's answers in: they arrive as events, which a loop of resolved promises starves.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  const there = async () => {
    if (!worker) return;
    for (let i = todo.pop(); i !== undefined; i = todo.pop()) {
      const result = await worker.run(chunks[i]!, wants[i]!);
      // A worker that failed (it could not start, or died) gives its chunk back to this thread.
      if (!result) {
        todo.push(i);
        return;
      }
      await options.onChunk(result);
    }
  };
  await Promise.all([here(), there()]);
  // What the worker gave back after this thread had finished.
  await here();
}
