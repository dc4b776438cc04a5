// What one setting declares: its variable, type, default, bounds and meaning (src/config.ts reads,
// checks and documents every setting from these declarations; docs/CONFIG.md).

export type Type = 'string' | 'integer' | 'boolean';
export type ValueOf<T extends Type> = T extends 'integer' ? number : T extends 'boolean' ? boolean : string;

export interface Setting<T extends Type> {
  env: string;
  type: T;
  default: ValueOf<T>;
  /** What docs/CONFIG.md shows as the default where the value would mislead (a generated secret, "none"). */
  shown?: string;
  /** Bounds of a whole number, inclusive. */
  min?: number;
  max?: number;
  /** The values a string may take. */
  oneOf?: readonly string[];
  /** A check beyond type and bounds: what is wrong with the value (after "expected"), or undefined. */
  check?: (value: ValueOf<T>) => string | undefined;
  /** The meaning, as docs/CONFIG.md gives it (Markdown). */
  doc: string;
}

export const setting = <T extends Type>(s: Setting<T>): Setting<T> => s;

/** A check that a string is empty or matches `pattern`, naming what it should be. */
export const url = (schemes: string, pattern: RegExp) => (v: string) => (v === '' || pattern.test(v) ? undefined : `expected ${schemes}`);

/** The origins of a comma-separated list (AISPM_CORS_ORIGINS). */
export const originList = (v: string): string[] =>
  v
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
