// Requests derived from the server's route table: the path parameters each route declares, a
// body its schema and media types accept, the query parameters it documents. The isolation matrix
// and the hostile-input tests build every request from here, so routes merged later are covered
// without being named.

import type { RouteEntry } from '../../src/platform/http/route-table.ts';
import { routedKinds } from '../../src/catalog/kinds.ts';
import { frameworks } from '../../src/catalog/frameworks.ts';

export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: unknown;
};

export const NDJSON = 'application/x-ndjson';
export const PROTOBUF = 'application/x-protobuf';
export const JSON_TYPE = 'application/json';

/** Routes a client can call (HEAD included: it runs the GET's hooks), in a stable order. */
export function callableRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

/** Path parameter names in the order they appear (`*` is Fastify's wildcard). */
export function pathParams(url: string): string[] {
  return url
    .split('/')
    .filter((s) => s.startsWith(':') || s === '*')
    .map((s) => (s === '*' ? '*' : s.slice(1)));
}

/** The URL for `pattern` with each parameter replaced by its value, percent-encoded. */
export function fillPath(pattern: string, values: Record<string, string>): string {
  return pattern
    .split('/')
    .map((s) => {
      if (s === '*') return encodeURIComponent(values['*'] ?? 'x');
      if (!s.startsWith(':')) return s;
      const v = values[s.slice(1)];
      if (v === undefined) throw new Error(`no value for path parameter ${s} of ${pattern}`);
      return encodeURIComponent(v);
    })
    .join('/');
}

export function querySchema(route: RouteEntry): JsonSchema | undefined {
  return route.schema?.querystring as JsonSchema | undefined;
}

export function queryProps(route: RouteEntry): Record<string, JsonSchema> {
  return querySchema(route)?.properties ?? {};
}

/** A minimal value the schema accepts. */
export function sampleOf(schema: JsonSchema | undefined, hint = 'x'): unknown {
  if (!schema) return {};
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sampleOf(alt[0], hint);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = sampleOf(schema.properties?.[name], name);
      return out;
    }
    case 'string':
      if (schema.format === 'date-time') return new Date().toISOString();
      return hint.padEnd(schema.minLength ?? 1, 'x').slice(0, schema.maxLength ?? 64);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items, hint));
    default:
      return {};
  }
}

/** Query string with every required parameter at a value its schema accepts. */
export function requiredQuery(route: RouteEntry): Record<string, string> {
  const q = querySchema(route);
  const out: Record<string, string> = {};
  for (const name of q?.required ?? []) out[name] = String(sampleOf(q?.properties?.[name], name));
  return out;
}

export function withQuery(path: string, query: Record<string, string>): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** Media types the route declares it reads (`consumes`), JSON when it declares none. */
export function mediaTypes(route: RouteEntry): string[] {
  const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes;
  return consumes?.length ? consumes : [JSON_TYPE];
}

export function takesBody(route: RouteEntry): boolean {
  return ['POST', 'PUT', 'PATCH'].includes(route.method);
}

/**
 * A body the route accepts, chosen by its media type and schema, never by its path: NDJSON gets one
 * valid record, protobuf an empty message (a valid ExportTraceServiceRequest), JSON a minimal
 * instance of the body schema.
 */
export function validBody(route: RouteEntry, tag = 'matrix'): { contentType: string; payload: string | Buffer } {
  const types = mediaTypes(route);
  if (types.some((t) => t.includes('ndjson') || t.includes('jsonl') || t.includes('jsonlines'))) {
    const type = types.find((t) => t.includes('ndjson')) ?? types[0]!;
    return {
      contentType: type,
      payload: JSON.stringify({ type: 'entity', kind: 'model', id: `${tag}-model`, name: `${tag} model` }) + '\n',
    };
  }
  if (types.includes(PROTOBUF)) return { contentType: PROTOBUF, payload: Buffer.alloc(0) };
  const schema = route.schema?.body as JsonSchema | undefined;
  const sample = schema?.type === 'string' ? {} : sampleOf(schema, tag);
  return { contentType: types.includes(JSON_TYPE) ? JSON_TYPE : types[0]!, payload: JSON.stringify(sample) };
}

/**
 * Values a parameter takes beyond plain ids: the edge names of the inventory kind the route
 * belongs to (read from the catalogue), so edge routes are reached past their edge check.
 */
export function enumeratedParam(route: RouteEntry, param: string): string[] | undefined {
  // Compliance paths name a framework of the catalogue and one of its controls: every framework,
  // crossed with the first control of each (one pair per framework is valid, the others 404).
  if (route.url.startsWith('/api/v1/compliance/')) {
    if (param === 'framework') return frameworks.map((f) => f.id);
    if (param === 'control') return frameworks.map((f) => f.controls[0]!.id);
  }
  if (param !== 'edge') return undefined;
  const kind = routedKinds.find((k) => route.url.startsWith(`/api/v1/${k.prefix}/`));
  return kind?.edges.map((e) => e.name);
}

/** The parameters that name the tenant and workspace (checked by the auth hook). */
export const SCOPE_PARAMS = new Set(['tenant_id', 'workspace_id']);

/** Whether the answer is scoped by the token rather than by a tenant in the path. */
export function tokenScoped(route: RouteEntry): boolean {
  return !pathParams(route.url).includes('tenant_id');
}
