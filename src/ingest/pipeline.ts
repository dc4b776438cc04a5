// The one code path every NDJSON source goes through (HTTP ingest, `aispm import`, OTLP, demo):
// lines are parsed and checked as they stream in, then applied in batches.
//
//   request mode: the whole input is one batch in one transaction, written only when every line
//                 is good (HTTP ingest: the client sees all or nothing);
//   batches mode: every `batchSize` lines form a batch that commits on its own; a batch with a
//                 bad line is skipped whole and reported (`aispm import` of large files).

import { MAX_JSON_DEPTH, nestedDeeperThan } from '../query/json-depth.ts';
import type { Db } from '../store/db.ts';
import { applyBatch, BatchRejected } from './batch.ts';
import type { LineError, Lined } from './batch-context.ts';
import { ndjsonLines } from './ndjson.ts';
import { parseRecord, RecordError, type IngestRecord } from './records.ts';

export interface IngestOptions {
  tenant: string;
  workspace: string;
  storePrompts: boolean;
  batchSize: number;
  mode: 'request' | 'batches';
  maxLineBytes?: number;
  /** How many line errors are listed in the summary (all are counted). */
  maxListedErrors?: number;
  onBatch?: (summary: IngestSummary) => void;
  now?: () => number;
}

export interface IngestSummary {
  accepted: number;
  rejected: number;
  errors: LineError[];
  /** Lines read, blank ones excluded. */
  lines: number;
}

const DEFAULT_MAX_LINE = 4 * 1024 * 1024;

function parseLine(text: string, now: number): IngestRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new RecordError(`not valid JSON: ${(err as Error).message.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  // Only a line with that many brackets can nest that deep: most lines skip the walk.
  if (text.length > 2 * MAX_JSON_DEPTH && nestedDeeperThan(value, MAX_JSON_DEPTH)) {
    throw new RecordError(`record is nested more than ${MAX_JSON_DEPTH} levels deep`);
  }
  return parseRecord(value, now);
}

export async function ingest(db: Db, source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, opts: IngestOptions): Promise<IngestSummary> {
  const summary: IngestSummary = { accepted: 0, rejected: 0, errors: [], lines: 0 };
  const maxListed = opts.maxListedErrors ?? 100;
  const clock = opts.now ?? Date.now;
  const note = (errors: LineError[]) => {
    for (const e of errors) if (summary.errors.length < maxListed) summary.errors.push(e);
  };
  const batchOptions = { storePrompts: opts.storePrompts };
  const lines = ndjsonLines(source, opts.maxLineBytes ?? DEFAULT_MAX_LINE);

  if (opts.mode === 'request') {
    let failed = 0;
    try {
      await db.transaction(async (tx) => {
        let pending: Lined<IngestRecord>[] = [];
        const flush = async () => {
          if (failed === 0 && pending.length) {
            try {
              await applyBatch(db, tx, opts.tenant, opts.workspace, pending, batchOptions, clock());
            } catch (err) {
              if (!(err instanceof BatchRejected)) throw err;
              failed += err.errors.length;
              note(err.errors);
            }
          }
          pending = [];
        };
        for await (const group of lines) {
          const now = clock();
          for (const l of group) {
            summary.lines++;
            try {
              if (l.error) throw new RecordError(l.error);
              const record = parseLine(l.text!, now);
              if (failed === 0) pending.push({ line: l.line, record });
            } catch (err) {
              if (!(err instanceof RecordError)) throw err;
              failed++;
              note([{ line: l.line, message: err.message }]);
            }
          }
          if (pending.length >= opts.batchSize) await flush();
        }
        await flush();
        // Roll back everything written so far: the request is all or nothing.
        if (failed) throw new BatchRejected(summary.errors);
      });
      summary.accepted = summary.lines;
    } catch (err) {
      if (!(err instanceof BatchRejected)) throw err;
      summary.rejected = summary.lines;
    }
    return summary;
  }

  let batch: Lined<IngestRecord>[] = [];
  let batchErrors: LineError[] = [];
  let batchLines = 0;
  const flush = async () => {
    if (batchLines === 0) return;
    if (batchErrors.length === 0) {
      try {
        await db.transaction((tx) => applyBatch(db, tx, opts.tenant, opts.workspace, batch, batchOptions, clock()));
        summary.accepted += batchLines;
      } catch (err) {
        if (!(err instanceof BatchRejected)) throw err;
        summary.rejected += batchLines;
        note(err.errors);
      }
    } else {
      summary.rejected += batchLines;
      note(batchErrors);
    }
    batch = [];
    batchErrors = [];
    batchLines = 0;
    opts.onBatch?.(summary);
  };
  for await (const group of lines) {
    const now = clock();
    for (const l of group) {
      summary.lines++;
      batchLines++;
      try {
        if (l.error) throw new RecordError(l.error);
        batch.push({ line: l.line, record: parseLine(l.text!, now) });
      } catch (err) {
        if (!(err instanceof RecordError)) throw err;
        batchErrors.push({ line: l.line, message: err.message });
      }
      if (batchLines >= opts.batchSize) await flush();
    }
  }
  await flush();
  return summary;
}
