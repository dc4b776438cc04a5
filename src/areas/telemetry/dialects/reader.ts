// Reading attributes with their type checked, shared by every dialect.

import type { AttrValue, Attributes } from '../otlp/traces.ts';

/** Reads attributes with their type checked, noting what was read and what had the wrong type. */
export class Reader {
  readonly read = new Set<string>();
  readonly typeErrors: string[] = [];
  private readonly a: Attributes;
  constructor(a: Attributes) {
    this.a = a;
  }
  has(key: string): boolean {
    const v = this.a[key];
    return v !== undefined && v !== null;
  }
  raw(key: string): AttrValue | undefined {
    const v = this.a[key];
    if (v === undefined || v === null) return undefined;
    this.read.add(key);
    return v;
  }
  // str, int and num take alternatives in order: the first usable one wins, one of the wrong type
  // before it is reported, and every alternative present is marked read (they say the same). One
  // pass over the keys: most are absent, and spans are read by the thousand.
  str(...keys: string[]): string | undefined {
    let out: string | undefined;
    for (const key of keys) {
      const v = this.raw(key);
      if (v === undefined || out !== undefined) continue;
      if (typeof v === 'string') {
        if (v.trim()) out = v.trim();
        continue;
      }
      if (typeof v === 'number' || typeof v === 'bigint') out = String(v);
      else this.bad(key, 'a string');
    }
    return out;
  }
  int(...keys: string[]): number | undefined {
    let out: number | undefined;
    for (const key of keys) {
      const v = this.raw(key);
      if (v === undefined || out !== undefined) continue;
      // `+ 0` turns a -0 into 0: records are handed to the pipeline as values, not as JSON text (which has no -0).
      if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) out = v + 0;
      else if (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER) out = Math.round(v) + 0;
      else if (typeof v === 'bigint' && v >= 0n && v <= BigInt(Number.MAX_SAFE_INTEGER)) out = Number(v);
      // OTLP/JSON sends int64 as a decimal string; some SDKs stringify every attribute.
      else if (typeof v === 'string' && /^\d{1,15}$/.test(v.trim())) out = Number(v.trim());
      else this.bad(key, 'a non-negative integer');
    }
    return out;
  }
  num(...keys: string[]): number | undefined {
    let out: number | undefined;
    for (const key of keys) {
      const v = this.raw(key);
      if (v === undefined || out !== undefined) continue;
      const n = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
      if (Number.isFinite(n) && n >= 0) out = n + 0;
      else this.bad(key, 'a non-negative number');
    }
    return out;
  }
  private bad(key: string, want: string): void {
    const v = this.a[key];
    const got = Array.isArray(v)
      ? 'an array'
      : v instanceof Uint8Array
        ? 'bytes'
        : typeof v === 'object'
          ? 'a key-value list'
          : // An int64 beyond the doubles is a bigint, which JSON.stringify refuses (it threw: a 500).
            typeof v === 'bigint'
            ? String(v)
            : JSON.stringify(v);
    this.typeErrors.push(`${key} is ${String(got).slice(0, 40)}, not ${want}`);
  }
}

export const lower = (s: string | undefined) => s?.toLowerCase();

/** `openai.chat` (Vercel's provider ids), `OpenAI` (Traceloop's gen_ai.system): the provider as the conventions name it. */
export function providerName(p: string | undefined): string | undefined {
  if (!p) return undefined;
  const first = p.split('.')[0]!.toLowerCase();
  return first === 'azure' || first === 'az' ? 'azure.ai.openai' : first;
}

/** Attribute keys as the docs write them. */
export const codes = (keys: readonly string[], sep = ', ') => keys.map((k) => `\`${k}\``).join(sep);

const USAGE_FIELDS = ['input', 'output', 'cacheRead', 'cacheWrite', 'reasoning'] as const;

/** A dialect's token attributes as the docs write them: field after field, alternatives of one field with " / ". */
export function tokensDoc(usage: { readonly [F in (typeof USAGE_FIELDS)[number]]?: readonly string[] }): string {
  return USAGE_FIELDS.flatMap((f) => (usage[f]?.length ? [codes(usage[f], ' / ')] : [])).join(', ');
}
