// A tool's arguments checked against its input schema, and a refusal that names the argument and
// what it expected (the validator the SDK is given).

import type { jsonSchemaValidator } from '@modelcontextprotocol/server';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { expectedWords } from '../../platform/http/validation-message.ts';

export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

/** The argument at a schema error's path, for "not …" (own properties only: names are the client's). */
export function argumentAt(input: unknown, path: string): unknown {
  let v = input;
  for (const key of path.split('/').slice(1)) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/**
 * The first problem of the arguments, naming the argument in the words the HTTP API uses
 * (`page_size: expected at least 1, not 0`, `bogus: unknown argument; …`).
 */
export function describeErrors(errors: SchemaError[], schema: TSchema, input: unknown): string {
  const at = (path: string) => path.replace(/^\//, '').replaceAll('/', '.');
  const takes = Object.keys((schema as { properties?: Record<string, unknown> }).properties ?? {});
  const extra = errors.find((e) => e.keyword === 'additionalProperties');
  if (extra) {
    const names = (extra.params.additionalProperties as string[] | undefined) ?? [];
    const where = at(extra.instancePath);
    return `${names.map((n) => (where ? `${where}.${n}` : n)).join(', ')}: unknown argument${where ? '' : `; the tool takes ${takes.join(', ')}`}`;
  }
  const missing = errors.find((e) => e.keyword === 'required');
  if (missing) return `${(missing.params.requiredProperties as string[]).join(', ')}: required`;
  const first = errors.find((e) => e.keyword !== 'boolean')!;
  // Of the errors at the first failing argument, the last one sums the others up (anyOf).
  const same = errors.filter((e) => e.instancePath === first.instancePath && e.keyword !== 'boolean');
  const e = same[same.length - 1]!;
  const what =
    e.keyword === 'anyOf' ? 'expected text, a number or true/false' : (expectedWords(e, argumentAt(input, e.instancePath)) ?? e.message);
  return `${at(e.instancePath) || 'arguments'}: ${what}`;
}

export const compiled = new WeakMap<object, ReturnType<typeof Compile>>();

/** Argument (and answer) checks with TypeBox's compiler, compiled once per schema, and messages that name the argument. */
export const validator: jsonSchemaValidator = {
  getValidator<T>(schema: object) {
    let check = compiled.get(schema);
    if (!check) compiled.set(schema, (check = Compile(schema as TSchema)));
    const c = check;
    return (input: unknown) =>
      c.Check(input)
        ? { valid: true as const, data: input as T, errorMessage: undefined }
        : {
            valid: false as const,
            data: undefined,
            errorMessage: describeErrors([...c.Errors(input)] as SchemaError[], schema as TSchema, input),
          };
  },
};
