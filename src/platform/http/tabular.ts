// The tabular result every list, edge and detail answers, and its CSV form.

import { Readable } from 'node:stream';
import { csvLine } from '../csv.ts';

export interface Tabular {
  header: string[];
  rows: unknown[][];
  /** Opaque; empty on the last page. */
  cursor: string;
  total: number;
  /** 1 when total is exact. */
  total_sampling: number;
}

export function tabular(header: string[], rows: unknown[][], cursor: string, total: number): Tabular {
  return { header, rows, cursor, total, total_sampling: 1 };
}

/** An integer as Fastify's serializer writes one (fast-json-stringify's asInteger): a number cut to its integer part. */
function integerText(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const cut = Math.trunc(Number(n));
  if (Number.isNaN(cut)) throw new Error(`The value "${String(n)}" cannot be converted to an integer.`);
  return String(cut);
}

/** The JSON text of a tabular result from its header and rows written already: the TabularResult schema's members, in its order. */
function tabularObject(headerJson: string, rowsJson: string, cursor: string, total: number, sampling: number, extra: string): string {
  return `{"header":${headerJson},"rows":${rowsJson},"cursor":${JSON.stringify(cursor)},"total":${integerText(total)},"total_sampling":${JSON.stringify(sampling)}${extra}}`;
}

/**
 * A tabular result as JSON text, from rows that are already JSON texts (stored entity rows):
 * nothing is parsed or serialised per value. `extra` appends members (`,"agents":{…}`).
 */
export function tabularJson(headerJson: string, rows: readonly string[], cursor: string, total: number, extra = ''): string {
  return tabularObject(headerJson, `[${rows.join(',')}]`, cursor, total, 1, extra);
}

/**
 * A tabular result as JSON text: the bytes Fastify's serializer writes from the TabularResult
 * schema (its members in that order, no others), with the rows written by one JSON.stringify. The
 * serializer writes each value of a row (`unknown`) by a call of its own into a string built by
 * concatenation: a page of 10,000 sessions took 18 ms there, and the ETag's hash flattened the
 * string it built again (14 ms); all of it garbage the young generation promotes (docs/OPERATIONS.md).
 */
export function tabularText(t: Tabular): string {
  return tabularObject(JSON.stringify(t.header), JSON.stringify(t.rows), t.cursor, t.total, Number(t.total_sampling), '');
}

/** RFC 4180 CSV, header first, produced row by row. */
export function csvStream(header: readonly string[], rows: readonly unknown[][]): Readable {
  return Readable.from(
    (function* () {
      yield csvLine(header);
      for (const row of rows) yield csvLine(row);
    })(),
    { objectMode: false },
  );
}

/** Whether the client asked for CSV rather than JSON. */
export function wantsCsv(accept: string | undefined): boolean {
  return !!accept && /\btext\/csv\b/i.test(accept) && !/\bapplication\/json\b/i.test(accept.split(',')[0] ?? '');
}
