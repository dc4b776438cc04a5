// How deeply a parsed JSON value nests. JSON.parse accepts any depth, but JSON.stringify, the
// engines' JSON functions (SQLite stops at 1000 levels) and any recursive reader do not: values
// stored for clients are refused past a fixed depth instead of failing later as an internal error.

/** Deepest nesting the service stores in a JSON value (client-storage values, ingest records). */
export const MAX_JSON_DEPTH = 128;

/** True when `value` nests objects or arrays more than `max` levels deep (counted without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
