// One NDJSON line to one checked record: the same on the main thread (HTTP ingest, the demo) and in
// the import's parse worker (parse-worker.ts), so both paths accept and refuse exactly the same lines.

import { MAX_JSON_DEPTH, nestedDeeperThan } from '../platform/json-depth.ts';
import type { RawLine } from './ndjson.ts';
import { parseRecord, RecordError, recordTypes, type IngestRecord, type RecordType } from './records.ts';

/** The line's record, or a RecordError saying why it is refused (a line too long to take included). */
export function parseLine(line: RawLine, now: number): IngestRecord {
  if (line.error) throw new RecordError(line.error);
  const text = line.text!;
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

/** The record type a bad line claims, when it names one (metrics count it there), else `invalid`. */
export function claimedType(text: string | undefined): RecordType | 'invalid' {
  try {
    const claimed = (JSON.parse(text ?? '') as { type?: unknown } | null)?.type;
    if (recordTypes.includes(claimed as RecordType)) return claimed as RecordType;
  } catch {
    /* not JSON: invalid */
  }
  return 'invalid';
}
