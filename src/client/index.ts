// The typed client of the API: openapi-fetch over the types openapi-typescript generates from the
// service's own OpenAPI document (schema.ts), plus what every caller of a paged API writes sooner
// or later: follow cursors to the end, and turn a tabular row into an object.
//
//   const api = createAispmClient({ baseUrl: 'http://127.0.0.1:8080', token });
//   const path = '/api/v1/aispm-models/tenants/{tenant_id}/workspaces/{workspace_id}';
//   for await (const model of objects(api, path, { params: { path: { tenant_id: 'demo', workspace_id: 'default' } } })) …
//
// Nothing here knows an endpoint by name: paths, parameters and answers all come from schema.ts,
// so a route added to the service is callable (and type-checked) once the types are regenerated.

import createClient, { type Client, type FetchOptions } from 'openapi-fetch';
import type { components, paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';

/** Answers are read as JSON; `text/csv` alternatives of the same operations are left out of the types. */
export type JsonMedia = `${string}/json`;
export type AispmClient = Client<paths, JsonMedia>;
export type TabularResult = components['schemas']['TabularResult'];
export type ErrorBody = components['schemas']['Error'];

export interface AispmClientOptions {
  /** Where the service answers, e.g. `http://127.0.0.1:8080` (paths carry `/api/v1` themselves). */
  baseUrl: string;
  /** An API token (`aispm_…`); sent as `Authorization: Bearer <token>`. */
  token: string;
  /** Another fetch, e.g. one that answers from an in-process server in tests. */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

export function createAispmClient(options: AispmClientOptions): AispmClient {
  return createClient<paths, JsonMedia>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: options.fetch,
    headers: { ...options.headers, authorization: `Bearer ${options.token}` },
  });
}

/** An answer other than 2xx, carrying the service's `{code, message}`. */
export class AispmError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The request id the service logged the request under (`X-Request-Id`). */
  readonly requestId: string | null;
  constructor(status: number, message: string, body: unknown, requestId: string | null) {
    super(message);
    this.name = 'AispmError';
    this.status = status;
    this.body = body;
    this.requestId = requestId;
  }
}

interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a successful answer; an `AispmError` with the service's message otherwise. */
export function unwrap<T>(result: Result<T>): T {
  const { response } = result;
  if (response.ok) return result.data as T;
  const body = result.error;
  const message =
    typeof body === 'object' && body !== null && typeof (body as ErrorBody).message === 'string'
      ? (body as ErrorBody).message
      : `${response.status} ${response.statusText || 'error'}`;
  throw new AispmError(response.status, message, body, response.headers.get('x-request-id'));
}

// ---- paging -------------------------------------------------------------------------------------

type GetPaths = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];
type GetOp<P extends GetPaths> = paths[P] extends { get: infer Op } ? Op : never;
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
// A detail's query is `never`, which would otherwise pass for any shape.
type TakesCursor<Q> = [Q] extends [never] ? false : Q extends { cursor?: string } ? true : false;
type Json200<Op> = Op extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;

/** GET paths that take a `cursor` and answer one: every list, edge and page of details. */
export type PagedPath = {
  [P in GetPaths]: TakesCursor<QueryOf<GetOp<P>>> extends true ? (Json200<GetOp<P>> extends { cursor: string } ? P : never) : never;
}[GetPaths];

/** Paged paths whose pages are tabular results (header and rows). */
export type TabularPath = { [P in PagedPath]: Json200<GetOp<P>> extends { header: string[]; rows: unknown[][] } ? P : never }[PagedPath];

export type PageOf<P extends PagedPath> = Json200<GetOp<P>>;
export type GetInit<P extends GetPaths> = FetchOptions<GetOp<P>>;

/**
 * Follows cursors from the first page (or from `params.query.cursor`) to the last, yielding each
 * page. `fetchPage` gets the cursor to send (undefined for the first page) and returns the page.
 */
export async function* pagesOf<T extends { cursor: string }>(
  fetchPage: (cursor: string | undefined) => Promise<T>,
  first?: string,
): AsyncGenerator<T> {
  let cursor = first || undefined;
  do {
    const page = await fetchPage(cursor);
    yield page;
    cursor = page.cursor || undefined;
  } while (cursor);
}

/** Every page of a paged endpoint, following cursors. */
export function pages<P extends PagedPath>(api: AispmClient, path: P, init: GetInit<P>): AsyncGenerator<PageOf<P>> {
  const params = (init as { params?: { query?: Record<string, unknown> } }).params ?? {};
  // The generic path defeats openapi-fetch's per-path inference; the signature above keeps callers typed.
  const get = api.GET as unknown as (path: string, init: object) => Promise<Result<{ cursor: string }>>;
  return pagesOf(
    async (cursor) =>
      unwrap(
        await get(path, {
          ...init,
          params: { ...params, query: { ...params.query, cursor } },
        }),
      ),
    params.query?.cursor as string | undefined,
  ) as AsyncGenerator<PageOf<P>>;
}

/** Every row of a tabular endpoint, in order, following cursors. */
export async function* rows<P extends TabularPath>(api: AispmClient, path: P, init: GetInit<P>): AsyncGenerator<unknown[]> {
  for await (const page of pages(api, path, init)) yield* (page as TabularResult).rows;
}

/** A row as an object keyed by the header's column names. */
export function zip(header: readonly string[], row: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < header.length; i++) out[header[i]!] = row[i];
  return out;
}

/** Every row of a tabular endpoint as an object, following cursors. */
export async function* objects<P extends TabularPath>(
  api: AispmClient,
  path: P,
  init: GetInit<P>,
): AsyncGenerator<Record<string, unknown>> {
  for await (const page of pages(api, path, init)) {
    const { header, rows: pageRows } = page as TabularResult;
    for (const row of pageRows) yield zip(header, row);
  }
}

// ---- ingest -------------------------------------------------------------------------------------

/**
 * Request options that send records as an NDJSON body, one JSON object a line:
 * `api.POST('/api/v1/ingest/tenants/{tenant_id}/workspaces/{workspace_id}', { params, ...ndjson(records) })`.
 */
export function ndjson(records: Iterable<object>): {
  body: string;
  bodySerializer: (body: string) => string;
  headers: Record<string, string>;
} {
  let text = '';
  for (const r of records) text += JSON.stringify(r) + '\n';
  return { body: text, bodySerializer: (body) => body, headers: { 'content-type': 'application/x-ndjson' } };
}
