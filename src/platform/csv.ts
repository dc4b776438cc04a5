// RFC 4180 CSV records, shared by the service's CSV answers and the CLI's CSV output so both write
// the same bytes.

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  // Spreadsheets run cells that start with these as formulas (CSV injection): neutralise them.
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One CSV record with its CRLF; the CLI writes the same CSV as the service. */
export function csvLine(values: readonly unknown[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}
