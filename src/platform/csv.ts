// RFC 4180 CSV records, shared by the service's CSV answers and the CLI's CSV output so both write
// the same bytes.

// Spreadsheets run a cell as a formula when it starts with = + - @ (or a tab or CR, OWASP's list),
// and several trim leading white space first (any Unicode space: NBSP, U+2000–U+200A, U+3000, …;
// zero-width ones too) and read the fullwidth forms ＝ ＋ － ＠ as the ASCII ones.
const FORMULA = /^(?:[\t\r]|[\s\u200b-\u200d\u2060\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20])/u;

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  // Neutralised as OWASP advises: a leading quote makes the cell text.
  if (typeof v === 'string' && FORMULA.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One CSV record with its CRLF; the CLI writes the same CSV as the service. */
export function csvLine(values: readonly unknown[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}
