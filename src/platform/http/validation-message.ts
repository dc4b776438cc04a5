// The words of a request that fails its route's schema, in the service's own style: the
// parameter, a colon, what was expected and what came (`context_window__gt: expected an integer,
// not "big"`), as the list filters and every other check of the service say it, rather than the
// validator's (`querystring/context_window__gt must be integer`).

import type { FastifyRequest } from 'fastify';

/** One error of the schema validator (Ajv), as Fastify hands it over. */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

type Part = 'querystring' | 'params' | 'body' | 'headers' | string;

/** The value the request sent at a path of one of its parts, for "not …". */
function sentValue(request: FastifyRequest, part: Part, path: string[]): unknown {
  const root =
    part === 'querystring'
      ? request.query
      : part === 'params'
        ? request.params
        : part === 'body'
          ? request.body
          : part === 'headers'
            ? request.headers
            : undefined;
  let v: unknown = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** ", not …": a text quoted (64 characters at most), a number or boolean as is, a list or object by what it is (never serialised: it may be deep). */
function quoted(v: unknown): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return `, not ${JSON.stringify(v.slice(0, 64))}`;
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return `, not ${String(v)}`;
  return Array.isArray(v) ? ', not a list' : ', not an object';
}

const typeWords: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  string: 'text',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

/** The parameter's name: a query or path parameter by its own name, a body field by its path (`records[0].name`). */
function nameOf(part: Part, path: string[]): string {
  if (path.length === 0) return part === 'querystring' ? 'query' : part;
  const dotted = path.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
  return part === 'body' || part === 'headers' ? `${part === 'body' ? '' : 'header '}${dotted}` : dotted;
}

/** The message of a failed schema check, from its first error. */
export function validationMessage(request: FastifyRequest, part: Part, errors: readonly SchemaError[]): string {
  const e = errors[0];
  if (!e) return `${part}: not valid`;
  const path = e.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
  const p = e.params;
  switch (e.keyword) {
    case 'required':
      return `${nameOf(part, [...path, String(p.missingProperty)])}: required`;
    case 'additionalProperties':
      return `${nameOf(part, [...path, String(p.additionalProperty)])}: unknown ${part === 'querystring' ? 'query parameter' : 'field'}`;
  }
  const name = nameOf(part, path);
  return `${name}: ${expectedWords(e, sentValue(request, part, path)) ?? e.message ?? 'not valid'}`;
}

/**
 * What a value should have been, in the service's words (`expected an integer, not "big"`), for
 * the checks a schema makes on one value; undefined for the others. The MCP tools' argument checks
 * say it the same way.
 */
export function expectedWords(e: SchemaError, sent: unknown): string | undefined {
  const p = e.params;
  switch (e.keyword) {
    case 'type': {
      const types = String(p.type).split(',');
      return `expected ${types.map((t) => typeWords[t] ?? t).join(' or ')}${quoted(sent)}`;
    }
    case 'enum':
      return `expected one of ${(p.allowedValues as unknown[]).map(String).join(', ')}${quoted(sent)}`;
    case 'const':
      return `expected ${String(p.allowedValue)}${quoted(sent)}`;
    case 'minimum':
      return `expected at least ${p.limit}${quoted(sent)}`;
    case 'maximum':
      return `expected at most ${p.limit}${quoted(sent)}`;
    case 'exclusiveMinimum':
      return `expected more than ${p.limit}${quoted(sent)}`;
    case 'exclusiveMaximum':
      return `expected less than ${p.limit}${quoted(sent)}`;
    case 'minLength':
      return p.limit === 1 ? `must not be empty` : `at least ${p.limit} characters`;
    case 'maxLength':
      return `at most ${p.limit} characters`;
    case 'minItems':
      return `at least ${p.limit} items`;
    case 'maxItems':
      return `at most ${p.limit} items`;
    case 'pattern':
    case 'format':
      return `not in the expected form${p.format ? ` (${p.format})` : ''}${quoted(sent)}`;
    default:
      return undefined;
  }
}
