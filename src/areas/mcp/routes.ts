// The MCP server over streamable HTTP at `POST /mcp` (the current MCP specification, stateless: a
// new server per request, for 2026-era and 2025-era clients alike, through the official SDK's
// web-standard handler). The route needs a Bearer token with scope `read` like every GET of the
// API; each tool then reads the API in process as that same token, so the tenant, workspace and
// scope checks are the API's own (api.ts).
//
// The SDK's handler answers a web `Response`; it is sent through Fastify's reply rather than
// written to the socket by the SDK's Node adapter, so the answer carries the headers, log line and
// metrics of every other route, and an error the SDK answers at the HTTP level (406 without the
// right Accept, 400 for an unsupported protocol version) keeps the service's `{code, message}`
// beside its JSON-RPC `error`, which MCP clients read.
//
// The SDK and the tools are loaded by the first MCP request, not at start: they are about a tenth
// of the service's start-up (the SDK brings zod; the tools, their schemas), for a route most
// deployments call rarely or never.

import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { AppContext } from '../../platform/http/context.ts';
import { principalOf } from '../../platform/http/auth.ts';
import { StringEnum } from '../../platform/http/schemas.ts';
import { injectReader } from './api.ts';

interface McpAuth {
  token: string;
  clientId: string;
  scopes: string[];
  extra: { tenant: string; requestId: string };
}

/** A JSON-RPC request or notification (MCP has no batches); anything else is a 400 with the error contract. */
const JsonRpcMessage = Type.Object(
  {
    jsonrpc: StringEnum(['2.0'] as const),
    method: Type.String({ minLength: 1, maxLength: 256 }),
    id: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Integer()])),
    params: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: true },
);

function bearerToken(request: FastifyRequest): string {
  // The auth hook has admitted this header already.
  return /^Bearer[ ]+(\S+)\s*$/i.exec(request.headers.authorization ?? '')![1]!;
}

/** The request as the SDK's web-standard handler takes it (the body is given parsed). */
function webRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`http://localhost${request.url}`, { method: request.method, headers, signal });
}

const DROPPED = new Set(['content-length', 'transfer-encoding', 'connection']);

/** The SDK's handler, serving each request with a new server over the tools (tools.ts). */
async function mcpHandler(app: FastifyInstance) {
  const { createMcpHandler } = await import('@modelcontextprotocol/server');
  const { MCP_VERSION, mcpServerFactory } = await import('./tools.ts');
  const factory = mcpServerFactory({ version: MCP_VERSION }, (auth) => {
    const a = auth as McpAuth | undefined;
    if (!a) throw new Error('MCP request without authentication');
    return {
      reader: injectReader(app, a.token, a.extra.requestId),
      tenant: a.extra.tenant,
      onError: (err, tool) => app.log.error({ err, tool, reqId: a.extra.requestId }, 'MCP tool failed'),
    };
  });
  return createMcpHandler(factory, {
    legacy: 'stateless',
    onerror: (err) => app.log.warn({ err: { message: err.message } }, 'MCP request refused'),
  });
}

export function registerMcp(app: FastifyInstance, _ctx: AppContext): void {
  // Built by the first request (concurrent first requests share it).
  let handler: ReturnType<typeof mcpHandler> | undefined;
  app.addHook('onClose', async () => {
    if (handler) await (await handler).close();
  });

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/mcp',
    {
      // Not an operation of the OpenAPI document: its body is JSON-RPC (docs/MCP.md).
      schema: { hide: true, body: JsonRpcMessage },
      config: { access: 'read' },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const authInfo: McpAuth = {
        token: bearerToken(request),
        clientId: p.key.id,
        scopes: p.key.scopes,
        extra: { tenant: p.key.tenantId, requestId: request.id },
      };
      // A client that goes away cancels what it asked.
      const abort = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      // A failed load is not kept: the next request tries again.
      handler ??= mcpHandler(app).catch((err: unknown) => {
        handler = undefined;
        throw err;
      });
      const mcp = await handler;
      const res = await mcp.fetch(webRequest(request, abort.signal), { authInfo, parsedBody: request.body });
      reply.code(res.status);
      for (const [name, value] of res.headers) if (!DROPPED.has(name)) reply.header(name, value);
      if (!res.body) return reply.send();
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('text/event-stream')) return reply.send(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream));
      const text = await res.text();
      if (res.status < 400) return reply.send(text);
      let body: { error?: { message?: unknown } } = {};
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: the message says what status it was */
      }
      const message = typeof body.error?.message === 'string' ? body.error.message : `MCP request refused with HTTP ${res.status}`;
      return reply.type('application/json; charset=utf-8').send({ code: res.status, message, ...body });
    },
  );
}
