// Checking an OSV record against the published OSV schema (schema.json beside this file, copied
// unchanged from the OSV project's validation/schema.json, JSON Schema 2020-12), so the CLI and the
// ingest route refuse the same records with the same message: the first problem, named by its path.

import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * The schema's validator, compiled when the first OSV record is checked: compiling it took about
 * 270 ms of the service's start-up (every process that loads ingest's records paid it, most of
 * them never see an advisory).
 */
let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(new URL('./schema.json', import.meta.url), 'utf8')) as object;
  // allErrors off: the first problem is the one reported; strict off: the published schema uses
  // keywords (`title` on `$defs`, …) Ajv's strict mode would refuse.
  const ajv = new Ajv2020({ allErrors: false, strict: false });
  addFormats.default(ajv);
  compiled = ajv.compile(schema);
  return compiled;
}

/** The first way `value` breaks the OSV schema, as `osv.<path>: <problem>`, or null when it is a valid OSV record. */
export function osvProblem(value: unknown): string | null {
  const check = validator();
  if (check(value)) return null;
  const e = check.errors?.[0];
  if (!e) return 'osv: not a valid OSV record';
  const path = e.instancePath ? `osv${e.instancePath.replaceAll('/', '.')}` : 'osv';
  if (e.keyword === 'required') return `${path}: missing ${(e.params as { missingProperty: string }).missingProperty}`;
  if (e.keyword === 'additionalProperties')
    return `${path}: unknown field ${(e.params as { additionalProperty: string }).additionalProperty}`;
  if (e.keyword === 'pattern')
    return `${path}: ${JSON.stringify(String(valueAt(value, e.instancePath)).slice(0, 80))} does not match ${e.params.pattern.slice(0, 120)}`;
  return `${path}: ${e.message ?? 'invalid'}`;
}

function valueAt(root: unknown, pointer: string): unknown {
  let v = root;
  for (const part of pointer.split('/').slice(1)) {
    if (v === null || typeof v !== 'object') return undefined;
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    v = Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : undefined;
  }
  return v;
}
