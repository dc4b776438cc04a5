// PostgreSQL array literals ('{"a","b",NULL,3}') built from one column of many rows, for the
// unnest inserts (dialect.ts, insertRows). The pg driver would build the same text from a JS array,
// but escapes every element with two regular expressions; most values here (ids, names, numbers,
// small JSON) need no escaping, and building the text ourselves lets the next chunk's text be
// built while PostgreSQL inserts the previous one.

const needsEscape = /["\\]/;

/**
 * The literal of column `c` of rows [start, end), each value as bindValue gave it; null when a
 * value is of a kind this does not spell (the caller lets the driver bind the array instead).
 */
export function columnLiteral(rows: readonly (readonly unknown[])[], start: number, end: number, c: number): string | null {
  let out = '{';
  for (let r = start; r < end; r++) {
    if (r > start) out += ',';
    const v = rows[r]![c];
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'string') out += needsEscape.test(v) ? `"${v.replace(/["\\]/g, '\\$&')}"` : `"${v}"`;
    else if (typeof v === 'number' || typeof v === 'bigint') out += String(v);
    else if (typeof v === 'boolean') out += v ? '1' : '0';
    else return null;
  }
  return out + '}';
}
