// An agent that uses a tool of an MCP server, both on the official MCP TypeScript SDK (v2: the
// server's createMcpHandler behind a node:http server on loopback, the client's streamable HTTP
// transport). The SDK emits no telemetry of its own, so the application traces its MCP client
// calls as the OpenTelemetry semantic conventions for MCP describe them (a CLIENT span per
// request: mcp.method.name, gen_ai.tool.name, server.address, server.port, network.transport),
// under an invoke_agent span, with the official SDK and OTLP exporter configured only by
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and OTEL_EXPORTER_OTLP_HEADERS. Prints the server's port.
// Run as a child process by test/otlp-instrumentations.test.ts.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

// ---- the MCP server ------------------------------------------------------------------------------
const mcp = createMcpHandler(
  () => {
    const server = new McpServer({ name: 'docs-server', version: '1.0.0' });
    server.registerTool('search_docs', { description: 'Search the product documentation' }, async () => ({
      content: [{ type: 'text', text: 'Found 3 pages' }],
    }));
    return server;
  },
  { legacy: 'stateless' },
);
const http = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', async () => {
    const body = Buffer.concat(chunks);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const answer = await mcp.fetch(
      new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: body.length ? body : undefined }),
    );
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const { port } = http.address() as AddressInfo;

// ---- the instrumented agent ----------------------------------------------------------------------
const provider = new TracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'mcp-docs-app' }),
  spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
});
trace.setGlobalTracerProvider(provider);
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
const tracer = trace.getTracer('mcp-docs-app');

const url = new URL(`http://127.0.0.1:${port}/mcp`);
/** One MCP request as a CLIENT span, per the semantic conventions for MCP. */
const traced = <T>(method: string, tool: string | undefined, call: () => Promise<T>) =>
  tracer.startActiveSpan(
    tool ? `${method} ${tool}` : method,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'mcp.method.name': method,
        ...(tool ? { 'gen_ai.tool.name': tool, 'gen_ai.operation.name': 'execute_tool' } : {}),
        'server.address': url.hostname,
        'server.port': port,
        'network.transport': 'tcp',
        'network.protocol.name': 'http',
      },
    },
    async (span) => {
      try {
        return await call();
      } finally {
        span.end();
      }
    },
  );

await tracer.startActiveSpan(
  'invoke_agent docs-assistant',
  {
    attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'docs-assistant', 'gen_ai.conversation.id': 'mcp-conv-1' },
  },
  async (agent) => {
    const client = new Client({ name: 'docs-assistant', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(url));
    const { tools } = await traced('tools/list', undefined, () => client.listTools());
    for (const t of tools) await traced('tools/call', t.name, () => client.callTool({ name: t.name, arguments: {} }));
    await client.close();
    agent.end();
  },
);
await provider.forceFlush();
await provider.shutdown();
await mcp.close();
http.close();
process.stdout.write(`${JSON.stringify({ port })}\n`);
