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

/**
 * A tabular result as JSON text, from rows that are already JSON texts (stored entity rows):
 * nothing is parsed or serialised per value. `extra` appends members (`,"agents":{…}`).
 */
export function tabularJson(headerJson: string, rows: readonly string[], cursor: string, total: number, extra = ''): string {
  return `{"header":${headerJson},"rows":[${rows.join(',')}],"cursor":${JSON.stringify(cursor)},"total":${total},"total_sampling":1${extra}}`;
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
