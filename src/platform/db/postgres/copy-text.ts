// Rows in COPY's text format (one line per row, values separated by tabs, `\N` for null), for the
// bulk inserts of insertRows (dialect.ts). COPY is PostgreSQL's own bulk load: against the unnest
// insert it skips the planner and the executor's per-row projection, and the import of 300,000
// interactions spent half its time in that one statement (BENCHMARKS.md, issue 39).

/** The characters COPY's text format reads as escapes or separators. */
const special = /[\\\t\n\r]/;
const escapes = new Map([
  ['\\', '\\\\'],
  ['\t', '\\t'],
  ['\n', '\\n'],
  ['\r', '\\r'],
]);
const escaped = (s: string) => (special.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => escapes.get(c)!) : s);

/** Whether the row has `width` values and copyText spells each (the values bindValue gives: null, text, numbers, booleans). */
export function copyable(row: readonly unknown[], width: number): boolean {
  if (row.length !== width) return false;
  for (const v of row) {
    const t = typeof v;
    if (!(v === null || t === 'undefined' || t === 'string' || t === 'number' || t === 'bigint' || t === 'boolean')) return false;
  }
  return true;
}

/** The text of rows [start, end), each a row copyable() accepted. */
export function copyText(rows: readonly (readonly unknown[])[], start: number, end: number): string {
  let out = '';
  for (let r = start; r < end; r++) {
    const row = rows[r]!;
    for (let c = 0; c < row.length; c++) {
      if (c > 0) out += '\t';
      const v = row[c];
      if (v === null || v === undefined) out += '\\N';
      else if (typeof v === 'string') out += escaped(v);
      else if (typeof v === 'number' || typeof v === 'bigint') out += String(v);
      else out += v ? '1' : '0';
    }
    out += '\n';
  }
  return out;
}
