// How the CLI prints answers: tables that fit the terminal, CSV (the same bytes the service's
// `Accept: text/csv` gives), or JSON lines. Pages are printed as they arrive, so `--all` over a
// large list streams instead of piling up.

import { csvLine } from '../platform/csv.ts';
import { zip } from '../client/index.ts';

export type Format = 'table' | 'json' | 'csv';
export const formats: readonly Format[] = ['table', 'json', 'csv'];

/** A page of rows with their column names, whatever shape the answer had. */
export interface Table {
  header: string[];
  rows: unknown[][];
}

/**
 * The rows of an answer: a tabular result as it is, or the first member that is an array of
 * objects (a page of issue details) with one column per key.
 */
export function tableOf(page: object): Table {
  const p = page as Record<string, unknown>;
  if (Array.isArray(p.header) && Array.isArray(p.rows)) return { header: p.header as string[], rows: p.rows as unknown[][] };
  for (const value of Object.values(p)) {
    if (Array.isArray(value) && (value.length === 0 || isPlainObject(value[0]))) return tableOfObjects(value as Record<string, unknown>[]);
  }
  return { header: [], rows: [] };
}

export function tableOfObjects(items: Record<string, unknown>[]): Table {
  const header: string[] = [];
  for (const item of items) for (const k of Object.keys(item)) if (!header.includes(k)) header.push(k);
  return { header, rows: items.map((item) => header.map((h) => item[h])) };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** "1 row", "3 rows". */
export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** A value as one line of a table cell. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) return v.join(',');
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.replace(/\s*[\r\n]+\s*/g, ' ');
}

const MAX_COLUMN = 40;
const MIN_CLIPPED = 8;
const GAP = 2;

const naturalWidth = (header: string[], sample: string[][], i: number) =>
  Math.min(MAX_COLUMN, Math.max(header[i]!.length, ...sample.map((r) => r[i]!.length)));

/**
 * The columns a table shows when the caller named none, and their widths: the columns in `keep`
 * (the sort column: a table sorted by a column it hides reads as unsorted) and then the others
 * from the left at their natural width (up to 40), the last one clipped to the room left; the
 * rest are dropped (the caller names them). Narrowing every column instead would keep them all and
 * leave none readable.
 */
export function fitColumns(header: string[], sample: string[][], width: number, keep: readonly number[] = []): Array<[number, number]> {
  const chosen = new Map<number, number>();
  let used = 0;
  const take = (i: number, w: number) => {
    used += w + (chosen.size ? GAP : 0);
    chosen.set(i, w);
  };
  for (const i of keep) take(i, naturalWidth(header, sample, i));
  for (let i = 0; i < header.length; i++) {
    if (chosen.has(i)) continue;
    const natural = naturalWidth(header, sample, i);
    const room = width - used - (chosen.size ? GAP : 0);
    if (natural <= room) take(i, natural);
    else {
      if (room >= Math.min(natural, MIN_CLIPPED) || chosen.size === 0) take(i, Math.max(1, room));
      break;
    }
  }
  return [...chosen.entries()].sort((x, y) => x[0] - y[0]);
}

/**
 * Widths for columns the caller named: every one is shown, whatever the width. The widest are
 * narrowed first (their cells truncated with …) until the line fits, none below 6 characters; a
 * terminal too narrow even for that gets lines longer than itself rather than a column less.
 */
export function shareWidth(header: string[], sample: string[][], width: number): number[] {
  const widths = header.map((_, i) => naturalWidth(header, sample, i));
  const floor = 6;
  let total = widths.reduce((a, w) => a + w, 0) + GAP * Math.max(0, widths.length - 1);
  while (total > width) {
    let widest = 0;
    for (let i = 1; i < widths.length; i++) if (widths[i]! > widths[widest]!) widest = i;
    if (widths[widest]! <= floor) break;
    widths[widest]!--;
    total--;
  }
  return widths;
}

function clip(s: string, width: number): string {
  return s.length <= width ? s.padEnd(width) : s.slice(0, Math.max(0, width - 1)) + '…';
}

export interface PrinterOptions {
  format: Format;
  /** Only these columns, in this order. */
  columns?: string[];
  /** Terminal width for tables. */
  width: number;
  /** Columns a table keeps when it drops others to fit (the sort columns); names absent from the answer are ignored. */
  keep?: readonly string[];
  write: (text: string) => void;
  /** Where notes go (hidden columns); never mixed into the data. */
  note: (text: string) => void;
}

/** Prints the pages of one listing, the header once. */
export class Printer {
  private readonly o: PrinterOptions;
  private picked: number[] | undefined;
  private header: string[] | undefined;
  /** Which columns a table shows (index into the header) and how wide. */
  private shown: Array<[number, number]> | undefined;
  private csvHeader = false;
  rowsPrinted = 0;
  constructor(options: PrinterOptions) {
    this.o = options;
  }

  private pick(header: string[]): number[] {
    if (!this.o.columns) return header.map((_, i) => i);
    return this.o.columns.map((c) => {
      const i = header.indexOf(c);
      if (i < 0) throw new Error(`--columns: no column "${c}"; columns are ${header.join(', ')}`);
      return i;
    });
  }

  page(table: Table): void {
    if (!this.picked) {
      this.picked = this.pick(table.header);
      this.header = this.picked.map((i) => table.header[i]!);
    }
    const header = this.header!;
    const rows = table.rows.map((r) => this.picked!.map((i) => r[i]));
    if (this.o.format === 'csv') {
      if (!this.csvHeader) this.o.write(csvLine(header));
      this.csvHeader = true;
      for (const r of rows) this.o.write(csvLine(r));
    } else if (this.o.format === 'json') {
      for (const r of rows) this.o.write(JSON.stringify(zip(header, r)) + '\n');
    } else {
      // Nothing to align yet: an empty answer reads "0 rows" (finish), not a bare header.
      if (rows.length === 0 && !this.shown) return;
      const cells = rows.map((r) => r.map(cellText));
      if (!this.shown) {
        // The first page sets the columns and widths; later pages keep them so columns stay aligned.
        if (this.o.columns) {
          this.shown = shareWidth(header, cells, this.o.width).map((w, i) => [i, w]);
        } else {
          const keep = (this.o.keep ?? []).map((c) => header.indexOf(c)).filter((i) => i >= 0);
          this.shown = fitColumns(header, cells, this.o.width, [...new Set(keep)]);
          const dropped = header.filter((_, i) => !this.shown!.some(([j]) => j === i));
          if (dropped.length) {
            this.o.note(
              `${count(dropped.length, 'more column')} ${dropped.length === 1 ? 'does' : 'do'} not fit (${dropped.join(', ')}): use --columns, or --format csv|json\n`,
            );
          }
        }
        this.o.write(this.line(header) + '\n');
      }
      for (const r of cells) this.o.write(this.line(r) + '\n');
    }
    this.rowsPrinted += rows.length;
  }

  private line(cells: string[]): string {
    return this.shown!.map(([i, w]) => clip(cells[i]!, w))
      .join(' '.repeat(GAP))
      .trimEnd();
  }

  /** A listing with no row says so in a table, and still prints its header as CSV (a reader of the file expects one). */
  finish(header: string[]): void {
    if (this.rowsPrinted > 0 || this.shown) return;
    if (this.o.format === 'csv' && !this.csvHeader) this.page({ header, rows: [] });
    else if (this.o.format === 'table') this.o.write('0 rows\n');
  }
}

/** One object (a detail, an issue, a stored entry) as `name  value` lines, sections below it. */
export function printObject(body: Record<string, unknown>, o: Omit<PrinterOptions, 'format' | 'columns'>): void {
  const fields: Array<[string, unknown]> = [];
  const sections: Array<[string, Table, number | undefined]> = [];
  const isTabular = Array.isArray(body.header) && Array.isArray(body.rows);
  if (isTabular) {
    const [row] = body.rows as unknown[][];
    if (row) for (const [i, h] of (body.header as string[]).entries()) fields.push([h, row[i]]);
  }
  for (const [name, value] of Object.entries(body)) {
    if (isTabular && ['header', 'rows', 'cursor', 'total', 'total_sampling'].includes(name)) continue;
    if (isPlainObject(value) && ((Array.isArray(value.header) && Array.isArray(value.rows)) || Array.isArray(value.items))) {
      const items = value.items as Record<string, unknown>[] | undefined;
      sections.push([name, items ? tableOfObjects(items.map(flatten)) : tableOf(value), value.total as number | undefined]);
    } else if (Array.isArray(value) && value.every(isPlainObject)) {
      sections.push([name, tableOfObjects(value.map(flatten)), value.length]);
    } else if (isPlainObject(value)) {
      for (const [k, v] of Object.entries(flatten(value))) fields.push([`${name}.${k}`, v]);
    } else {
      fields.push([name, value]);
    }
  }
  const keyWidth = Math.min(32, Math.max(0, ...fields.map(([k]) => k.length)));
  for (const [k, v] of fields)
    o.write(`${clip(k, keyWidth)}  ${clip(cellText(v), Math.max(8, o.width - keyWidth - GAP))}`.trimEnd() + '\n');
  for (const [name, table, total] of sections) {
    o.write(`\n${name}${total !== undefined ? ` (${total})` : ''}\n`);
    if (table.rows.length) new Printer({ ...o, format: 'table' }).page(table);
  }
}

/** Nested objects as dotted keys one level deep (codeLocation.path), arrays kept whole. */
function flatten(item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) {
    if (isPlainObject(v)) for (const [k2, v2] of Object.entries(v)) out[`${k}.${k2}`] = v2;
    else out[k] = v;
  }
  return out;
}
