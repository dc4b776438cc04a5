// Lines read, parsed and checked, cut into the batches that batches mode (`aispm import`, the demo)
// commits one by one. Two producers give the same batches: parseBatches here, on the calling thread
// (any stream), and the import's parse worker (parse-worker.ts, started by worker-batches.ts),
// which runs this same function in a worker thread.

import type { LineError, Lined } from './batch-context.ts';
import type { RawLine } from './ndjson.ts';
import { claimedType, parseLine } from './parse-line.ts';
import { RecordError, type IngestRecord, type RecordType } from './records.ts';

export type TypeCounts = Map<RecordType | 'invalid', number>;

export interface ParsedBatch {
  /** The good lines' records; a batch with a bad line is skipped whole, and its records may be left out. */
  records: Lined<IngestRecord>[];
  /** The bad lines, with their line numbers. */
  errors: LineError[];
  /** Lines of the batch (blank lines not counted). */
  lines: number;
  /** Lines by the record type they are or claim to be (`invalid` when none), for metrics. */
  types: TypeCounts;
}

function count(types: TypeCounts, type: RecordType | 'invalid'): void {
  types.set(type, (types.get(type) ?? 0) + 1);
}

/** Batches of `batchSize` lines parsed on this thread, the next one while the caller writes the last. */
export async function* parseBatches(lines: AsyncIterable<RawLine[]>, batchSize: number, clock: () => number): AsyncGenerator<ParsedBatch> {
  let batch: ParsedBatch = { records: [], errors: [], lines: 0, types: new Map() };
  for await (const group of lines) {
    const now = clock();
    for (const l of group) {
      batch.lines++;
      try {
        const record = parseLine(l, now);
        count(batch.types, record.type);
        batch.records.push({ line: l.line, record });
      } catch (err) {
        if (!(err instanceof RecordError)) throw err;
        count(batch.types, claimedType(l.text));
        batch.errors.push({ line: l.line, message: err.message });
      }
      if (batch.lines >= batchSize) {
        yield batch;
        batch = { records: [], errors: [], lines: 0, types: new Map() };
      }
    }
  }
  if (batch.lines) yield batch;
}
