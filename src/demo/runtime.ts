// The part of the demo's runtime that arrives as OpenTelemetry: spans as an instrumented support
// portal would send them (GenAI semantic conventions, MCP client spans), handed to the same code
// the OTLP endpoint runs (ingestSpans), so a new user sees objects discovered at runtime next to
// the declared estate, and the shadow-AI findings they raise. A declared agent of the estate
// (agent-00001) shows up with `sources` ingest and runtime; the sub-agent, tools, model and MCP
// server it uses at runtime are declared nowhere. Deterministic for a given anchor time.

import { createHash } from 'node:crypto';
import type { Attributes, Span } from '../areas/telemetry/otlp/traces.ts';

const DAY = 86_400_000;
const hex = (seed: string, bytes: number) =>
  createHash('sha256')
    .update(seed)
    .digest('hex')
    .slice(0, bytes * 2);
const ns = (ms: number) => BigInt(Math.round(ms)) * 1_000_000n;

const resource: Attributes = {
  'service.name': 'support-portal',
  'service.version': '3.4.1',
  'deployment.environment.name': 'production',
};
const scope = { name: 'support-portal', version: '3.4.1' };

/** The spans of `sessions` support conversations over the `days` before `now`. */
export function demoSpans(now: number, sessions = 12, days = 6): Span[] {
  const spans: Span[] = [];
  for (let k = 0; k < sessions; k++) {
    const traceId = hex(`demo-trace-${k}`, 16);
    let n = 0;
    const span = (name: string, parent: string, start: number, end: number, attributes: Attributes, kind = 1): string => {
      const spanId = hex(`demo-span-${k}-${++n}`, 8);
      spans.push({
        traceId,
        spanId,
        parentSpanId: parent,
        name,
        kind,
        startNs: ns(start),
        endNs: ns(end),
        attributes,
        events: [],
        status: { code: 0, message: '' },
        resource,
        scope,
      });
      return spanId;
    };
    const t0 = now - days * DAY + Math.floor(((k + 0.5) * days * DAY) / sessions);
    const conversation = { 'gen_ai.conversation.id': `otel-support-${String(k + 1).padStart(3, '0')}` };
    const chat = (parent: string, start: number, model: string, provider: string, input: number, output: number, cached = 0) =>
      span(
        `chat ${model}`,
        parent,
        start,
        start + 900 + input / 4,
        {
          'gen_ai.operation.name': 'chat',
          'gen_ai.provider.name': provider,
          'gen_ai.request.model': model,
          'gen_ai.usage.input_tokens': input,
          'gen_ai.usage.output_tokens': output,
          ...(cached ? { 'gen_ai.usage.cache_read.input_tokens': cached } : {}),
          ...conversation,
        },
        3,
      );
    const root = span('invoke_agent Support Copilot', '', t0, t0 + 20_000, {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.id': 'agent-00001',
      'gen_ai.agent.name': 'Support Copilot',
      ...conversation,
    });
    chat(root, t0 + 100, 'gpt-4.1-mini', 'openai', 1800 + 37 * k, 220, k % 2 ? 1024 : 0);
    span('execute_tool search_kb', root, t0 + 2500, t0 + 2900, {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'search_kb',
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.description': 'Search the support knowledge base',
    });
    chat(root, t0 + 3000, 'gpt-4.1-mini', 'openai', 2600 + 41 * k, 310);
    if (k % 3 === 0) {
      // A refund question goes to a sub-agent nobody declared, which reads invoices over MCP.
      const helper = span('invoke_agent Refund Helper', root, t0 + 6000, t0 + 15_000, {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.agent.name': 'Refund Helper',
      });
      chat(helper, t0 + 6100, 'claude-haiku-4-5', 'anthropic', 900, 140);
      span(
        'tools/call read_invoice',
        helper,
        t0 + 8000,
        t0 + 8400,
        {
          'mcp.method.name': 'tools/call',
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'read_invoice',
          'server.address': 'billing-mcp.internal',
          'server.port': 8443,
          'network.transport': 'tcp',
        },
        3,
      );
    }
  }
  return spans;
}
