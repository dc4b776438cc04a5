// Spans into checked ingest records: discovery (discovery.ts), then each record checked as the
// pipeline would (parseRecord), a bad one dropped with its span rather than sinking the export.
// Pure CPU work on values, so it runs in the body worker (src/ingest/body-thread.ts) for HTTP
// exports and on the calling thread for the demo.

import type { Lined } from '../../../ingest/batch-context.ts';
import { type IngestRecord, parseRecord, RecordError } from '../../../ingest/records.ts';
import { type Discovery, discover, type PendingSpan } from './discover.ts';
import type { Span } from '../otlp/traces.ts';

/** What an export's spans became: the discovery without its raw records, and the records that passed. */
export interface CheckedSpans {
  /** Spans in the export. */
  received: number;
  found: Omit<Discovery, 'records'>;
  /** Records that passed the checks, numbered as lines. */
  good: Lined<IngestRecord>[];
  /** Why spans or records were dropped, in words. */
  problems: string[];
  /** Interactions dropped by the checks (their spans count as rejected). */
  rejectedInteractions: number;
}

/** The trace ids of an export, once each (to load the spans kept waiting for them). */
export function traceIds(spans: Span[]): string[] {
  const ids = new Set<string>();
  for (const s of spans) if (s.traceId) ids.add(s.traceId);
  return [...ids];
}

export function checkedSpans(spans: Span[], waiting: PendingSpan[], now: number): CheckedSpans {
  const { records, ...found } = discover(spans, waiting, now);
  // Handed on as checked: the pipeline writes them without serialising to NDJSON and parsing again
  // (discovery builds plain JSON values, so the text would read back the same).
  const good: Lined<IngestRecord>[] = [];
  const problems = found.rejected.map((r) => `span ${r.spanId}: ${r.message}`);
  let rejectedInteractions = 0;
  for (const r of records) {
    try {
      good.push({ line: good.length + 1, record: parseRecord(r, now) });
    } catch (err) {
      if (!(err instanceof RecordError)) throw err;
      const attrs = r.attributes as { span_id?: string } | undefined;
      if (r.type === 'interaction') rejectedInteractions++;
      problems.push(
        `${attrs?.span_id ? `span ${attrs.span_id}` : `${r.type} ${String(r.id ?? r.from_id ?? '?').slice(0, 64)}`}: ${err.message}`,
      );
    }
  }
  return { received: spans.length, found, good, problems, rejectedInteractions };
}
