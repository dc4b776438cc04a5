// `uniqueItems: true` in linear time, for the published schemas the imports validate against
// (CycloneDX, SARIF). Ajv checks it on arrays of objects by comparing every pair (deep equality),
// so a BOM of 16,000 components took 20 s and one of 100,000 components hours. Every
// `uniqueItems: true` of a schema becomes the keyword `uniqueItemsLinear`: each item's canonical
// JSON (keys sorted, as deep equality ignores their order) goes into a Set, time linear in the size
// of the array.

import type { ErrorObject } from 'ajv';

/**
 * An item's canonical JSON, remembered per object: an item nested in several unique arrays (a
 * component's components) is written once, not once per array above it.
 */
const canonicalOf = new WeakMap<object, string>();
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const known = canonicalOf.get(v);
  if (known !== undefined) return known;
  let s: string;
  if (Array.isArray(v)) s = `[${v.map(canonical).join(',')}]`;
  else {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).sort();
    s = `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  canonicalOf.set(v, s);
  return s;
}

/** The keyword `uniqueItems: true` becomes: the same check and message as Ajv's, in linear time. */
export function uniqueItemsLinear(this: unknown, _schema: boolean, data: unknown[]): boolean {
  const seen = new Map<string, number>();
  for (let i = 0; i < data.length; i++) {
    const key = canonical(data[i]);
    const j = seen.get(key);
    if (j !== undefined) {
      (uniqueItemsLinear as { errors?: Partial<ErrorObject>[] }).errors = [
        { keyword: 'uniqueItems', message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`, params: { i, j } },
      ];
      return false;
    }
    seen.set(key, i);
  }
  return true;
}

/** The schema with every `uniqueItems: true` renamed (a copy: the JSON is read fresh). */
export function linearised(schema: unknown): unknown {
  const stack: unknown[] = [schema];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (!Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if (o.uniqueItems === true) {
        delete o.uniqueItems;
        o.uniqueItemsLinear = true;
      }
      for (const k of Object.keys(o)) stack.push(o[k]);
    } else for (const x of v) stack.push(x);
  }
  return schema;
}

/** The keyword's definition, for `ajv.addKeyword` (any Ajv class: draft-04 and 2019 alike). */
export const uniqueItemsKeyword = {
  keyword: 'uniqueItemsLinear',
  type: 'array',
  schemaType: 'boolean',
  errors: true,
  validate: uniqueItemsLinear,
} as const;
