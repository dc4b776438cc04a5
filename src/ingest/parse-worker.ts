// The import's parse worker (a worker thread; worker-batches.ts starts it): reads the file, cuts it
// into lines and batches, parses and checks every line exactly as the main thread would
// (parse-line.ts), and posts each batch, its interactions in columns (interaction-columns.ts). It
// stays at most `ahead` batches in front of the batch being written.

import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { Lined } from './batch-context.ts';
import { toColumns, transferables } from './interaction-columns.ts';
import { ndjsonLines } from './ndjson.ts';
import { parseBatches } from './parsed-batches.ts';
import type { InteractionRecord, IngestRecord } from './records.ts';
import type { ParseWorkerData, ParseWorkerMessage } from './worker-batches.ts';

const data = workerData as ParseWorkerData;
const port = parentPort!;

let credit = data.ahead;
let waiting: (() => void) | null = null;
port.on('message', () => {
  credit++;
  const w = waiting;
  waiting = null;
  w?.();
});

function post(m: ParseWorkerMessage, transfer: ArrayBuffer[] = []): void {
  port.postMessage(m, transfer);
}

async function run(): Promise<void> {
  const source = data.path === null ? process.stdin : createReadStream(data.path, { highWaterMark: 1 << 20 });
  for await (const batch of parseBatches(ndjsonLines(source, data.maxLineBytes), data.batchSize, Date.now)) {
    while (credit === 0) await new Promise<void>((resolve) => (waiting = resolve));
    credit--;
    // A batch with a bad line is skipped whole: only its errors and counts matter.
    const interactions: Lined<InteractionRecord>[] = [];
    const others: Lined<IngestRecord>[] = [];
    if (batch.errors.length === 0) {
      for (const r of batch.records) {
        if (r.record.type === 'interaction') interactions.push(r as Lined<InteractionRecord>);
        else others.push(r);
      }
    }
    const columns = interactions.length ? toColumns(interactions, data.storePrompts) : null;
    post(
      { kind: 'batch', lines: batch.lines, errors: batch.errors, types: [...batch.types], interactions: columns, others },
      columns ? transferables(columns) : [],
    );
  }
  post({ kind: 'done' });
}

run().catch((err: NodeJS.ErrnoException) => {
  post({ kind: 'failed', message: err.message, ...(typeof err.code === 'string' ? { code: err.code } : {}) });
});
