// How the MCP tools reach the estate: through the HTTP API itself, as the caller's token. In the
// service (`/mcp`) and in `aispm mcp --db`, a read is Fastify's in-process `inject` into the same
// app (no socket): the route, its schema and coercion, the token's scope, tenant and workspace
// checks, the workspace 404, the list machinery and the response cache are the API's own. In
// `aispm mcp` against a server, the same reads go over the network. So a tool is a composition of
// API reads and never a second implementation of a query.

import type { FastifyInstance } from 'fastify';

export type QueryValue = string | number | boolean | undefined;

export interface ApiAnswer {
  status: number;
  /** The parsed JSON body (`{code, message}` when status is not 2xx). */
  body: unknown;
}

export interface ApiReader {
  /** GET `path` (under the service root) with `query`, as the token. */
  get(path: string, query?: Record<string, QueryValue>): Promise<ApiAnswer>;
}

export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) qs.set(k, String(v));
  const text = qs.toString();
  return text ? `${path}?${text}` : path;
}

function parse(text: string, status: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { code: status, message: text.slice(0, 200) };
  }
}

/** Reads answered by the app in process, as the token; `requestId` ties them to the MCP request in the logs. */
export function injectReader(app: FastifyInstance, token: string, requestId?: string): ApiReader {
  return {
    async get(path, query) {
      const res = await app.inject({
        method: 'GET',
        url: withQuery(path, query),
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(requestId ? { 'x-request-id': requestId } : {}),
        },
      });
      return { status: res.statusCode, body: parse(res.body, res.statusCode) };
    },
  };
}

/** Reads from a running service over HTTP (`AISPM_URL`), as the token. */
export function httpReader(baseUrl: string, token: string, timeoutMs = 30_000): ApiReader {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    async get(path, query) {
      let res: Response;
      try {
        res = await fetch(root + withQuery(path, query), {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
        return { status: 503, body: { code: 503, message: `cannot reach the service at ${root}: ${cause}` } };
      }
      return { status: res.status, body: parse(await res.text(), res.status) };
    },
  };
}
