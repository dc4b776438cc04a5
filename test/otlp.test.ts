// OpenTelemetry in: an application instrumented with the official OpenTelemetry JS SDK
// (@opentelemetry/sdk-trace 3.x) exports GenAI spans with the official OTLP/HTTP exporters,
// JSON and protobuf, configured only by OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and
// OTEL_EXPORTER_OTLP_HEADERS, to a listening server; the sessions endpoint then shows them.

import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { after, before, it } from 'node:test';
import { context, trace, type Span as ApiSpan } from '@opentelemetry/api';
import { OTLPTraceExporter as HttpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as HttpProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { body, describeEngines, objects } from './helpers/harness.ts';
import { T1 } from './helpers/fixtures.ts';

const T0 = Date.parse('2026-02-01T10:00:00Z');

/** The spans an instrumented support agent makes for one conversation: two model calls under an agent span, and an HTTP call. */
function runAgent(provider: TracerProvider, conversation: string): void {
  const tracer = provider.getTracer('support-bot', '1.0.0');
  const agent = tracer.startSpan('invoke_agent Support', {
    startTime: T0,
    attributes: {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.id': 'agent-support',
      'gen_ai.agent.name': 'Support',
      'gen_ai.conversation.id': conversation,
    },
  });
  const inside = trace.setSpan(context.active(), agent);
  const call = (name: string, start: number, end: number, attributes: Record<string, string | number | string[]>): ApiSpan => {
    const s = tracer.startSpan(name, { startTime: start, attributes }, inside);
    s.end(end);
    return s;
  };
  call('chat gpt-4o', T0 + 100, T0 + 1600, {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': 'openai',
    'gen_ai.request.model': 'gpt-4o',
    'gen_ai.response.model': 'gpt-4o-2024-08-06',
    'gen_ai.usage.input_tokens': 1000,
    'gen_ai.usage.output_tokens': 100,
    'gen_ai.input.messages': '[{"role":"user","parts":[{"type":"text","content":"Where is my order?"}]}]',
  });
  // An older instrumentation: gen_ai.system and no operation name; a guardrail blocked the prompt.
  call('anthropic.messages', T0 + 2000, T0 + 4000, {
    'gen_ai.system': 'anthropic',
    'gen_ai.request.model': 'claude-sonnet-4-20250514',
    'gen_ai.usage.input_tokens': 2000,
    'gen_ai.usage.output_tokens': 200,
    'aispm.guardrail.prompt_outcome': 'BLOCKED',
    'aispm.guardrail.categories': ['prompt_injection'],
  });
  call('GET /tickets', T0 + 4100, T0 + 4200, { 'http.request.method': 'GET', 'url.path': '/tickets' });
  agent.end(T0 + 4500);
}

/** Wraps an exporter to keep the result of every export it makes. */
function recording(exporter: SpanExporter, results: number[]): SpanExporter {
  return {
    export: (spans, done) =>
      exporter.export(spans, (r) => {
        results.push(r.code);
        done(r);
      }),
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

const expectedSession = (conversation: string) => ({
  session_id: conversation,
  agent_id: 'agent-support',
  start_time: '2026-02-01T10:00:00.100Z',
  end_time: '2026-02-01T10:00:04.000Z',
  duration_ms: 3900,
  turns: 2,
  input_tokens: 3000,
  output_tokens: 300,
  total_tokens: 3300,
  // 1000 × 2.50 + 100 × 10 per million (gpt-4o) + 2000 × 3 + 200 × 15 per million (claude-sonnet-4)
  cost: 0.0125,
  ok: 1,
  alerted: 0,
  blocked: 1,
  redacted: 0,
  unpriced_turns: 0,
  mcp_turns: 0,
});

describeEngines('OTLP traces', (h) => {
  let base: string;
  let ingestToken: string;
  let readToken: string;
  const saved = { ...process.env };
  before(async () => {
    base = await h().app.listen({ port: 0, host: '127.0.0.1' });
    ingestToken = await h().token({ tenant: T1, scopes: ['ingest'] });
    readToken = await h().token({ tenant: T1 });
  });
  after(() => {
    for (const k of ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_EXPORTER_OTLP_COMPRESSION']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  const endpoint = (w: string) => `${base}/api/v1/otlp/tenants/${T1}/workspaces/${w}/v1/traces`;
  const session = async (w: string) => {
    const res = await h().get(`/api/v1/aispm-llm-sessions/tenants/${T1}/workspaces/${w}`, readToken);
    return body(res);
  };

  for (const [name, Exporter, compression] of [
    ['http/json', HttpJsonExporter, 'none'],
    ['http/protobuf', HttpProtoExporter, 'none'],
    ['http/protobuf, gzip', HttpProtoExporter, 'gzip'],
  ] as const) {
    it(`an app using the official ${name} exporter shows up as a session`, async () => {
      const w = `otel-${name.replace(/\W+/g, '-')}`;
      process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = endpoint(w);
      process.env.OTEL_EXPORTER_OTLP_HEADERS = `Authorization=Bearer ${ingestToken}`;
      process.env.OTEL_EXPORTER_OTLP_COMPRESSION = compression;
      const results: number[] = [];
      const provider = new TracerProvider({
        resource: resourceFromAttributes({ 'service.name': 'support-bot' }),
        spanProcessors: [new BatchSpanProcessor({ exporter: recording(new Exporter(), results) })],
      });
      runAgent(provider, 'conv-1');
      await provider.forceFlush();
      await provider.shutdown();
      assert.deepEqual(results, [0], 'the exporter reported success');
      const page = await session(w);
      assert.equal(page.total, 1);
      const [got] = objects(page);
      // Cost is a sum of doubles: compare it within a nano-dollar, the rest exactly.
      assert.ok(Math.abs(got!.cost - 0.0125) < 1e-9, String(got!.cost));
      assert.deepEqual({ ...got, cost: 0.0125 }, expectedSession('conv-1'));
      const interactions = objects(
        body(await h().get(`/api/v1/aispm-llm-interactions/tenants/${T1}/workspaces/${w}?sort_dir=asc`, readToken)),
      );
      assert.deepEqual(
        interactions.map((i) => [i.model, i.provider, i.duration_ms, i.prompt_outcome, i.categories, i.cost_source]),
        [
          ['gpt-4o-2024-08-06', 'openai', 1500, 'OK', [], 'priced'],
          ['claude-sonnet-4-20250514', 'anthropic', 2000, 'BLOCKED', ['prompt_injection'], 'priced'],
        ],
      );
      const detail = objects(
        body(await h().get(`/api/v1/aispm-llm-interactions/tenants/${T1}/workspaces/${w}/${interactions[0]!.id}`, readToken)),
      )[0]!;
      assert.equal(detail.prompt, '[{"role":"user","parts":[{"type":"text","content":"Where is my order?"}]}]');
      assert.equal(detail.attributes.operation, 'chat');
      assert.equal(detail.attributes.service_name, 'support-bot');
      assert.equal(detail.attributes.request_model, 'gpt-4o');
      assert.match(detail.id, /^[0-9a-f]{32}-[0-9a-f]{16}$/);
    });
  }

  it('an exporter retrying the same spans counts them once', async () => {
    const memory = new InMemorySpanExporter();
    const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: memory })] });
    runAgent(provider, 'conv-retry');
    const spans = memory.getFinishedSpans();
    const payload = Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(endpoint('otel-retry'), {
        method: 'POST',
        body: payload,
        headers: { authorization: `Bearer ${ingestToken}`, 'content-type': 'application/x-protobuf' },
      });
      assert.equal(res.status, 200);
    }
    const page = await session('otel-retry');
    assert.equal(page.total, 1);
    assert.equal(objects(page)[0]!.turns, 2);
  });

  it("answers partial success in the request's encoding: rejected spans counted, other spans ignored and reported", async () => {
    const memory = new InMemorySpanExporter();
    const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: memory })] });
    runAgent(provider, 'conv-partial');
    const spans: ReadableSpan[] = memory.getFinishedSpans();
    const payload = Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!);
    const res = await fetch(endpoint('otel-partial'), {
      method: 'POST',
      body: gzipSync(payload),
      headers: { authorization: `Bearer ${ingestToken}`, 'content-type': 'application/x-protobuf', 'content-encoding': 'gzip' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/x-protobuf');
    const decoded = ProtobufTraceSerializer.deserializeResponse(new Uint8Array(await res.arrayBuffer()));
    assert.equal(Number(decoded.partialSuccess?.rejectedSpans ?? 0), 0);
    assert.equal(
      decoded.partialSuccess?.errorMessage,
      '1 span ignored: not GenAI spans (no gen_ai.*, OpenInference, Traceloop, Vercel AI SDK or MCP attributes)',
    );

    // JSON, with one model call that has no start time: rejected and named; the good one is kept.
    const ns = (ms: number) => String(BigInt(ms) * 1_000_000n);
    const span = (id: string, start: string, attrs: Array<[string, object]>) => ({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: id,
      name: 'chat',
      kind: 3,
      startTimeUnixNano: start,
      endTimeUnixNano: ns(T0 + 500),
      attributes: attrs.map(([key, value]) => ({ key, value })),
    });
    const genai: Array<[string, object]> = [
      ['gen_ai.operation.name', { stringValue: 'chat' }],
      ['gen_ai.request.model', { stringValue: 'gpt-4o' }],
      ['gen_ai.usage.input_tokens', { intValue: '1000' }],
      ['gen_ai.usage.output_tokens', { intValue: 100 }],
      ['gen_ai.conversation.id', { stringValue: 'conv-json' }],
    ];
    const request = {
      resourceSpans: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'json-app' } }] },
          scopeSpans: [
            {
              scope: { name: 'manual' },
              spans: [span('b7ad6b7169203331', ns(T0), genai), span('00f067aa0ba902b7', '0', genai), span('1111111111111111', ns(T0), [])],
            },
          ],
        },
      ],
    };
    const jres = await fetch(endpoint('otel-partial'), {
      method: 'POST',
      body: JSON.stringify(request),
      headers: { authorization: `Bearer ${ingestToken}`, 'content-type': 'application/json' },
    });
    assert.equal(jres.status, 200);
    assert.deepEqual((await jres.json()) as object, {
      partialSuccess: {
        rejectedSpans: 1,
        errorMessage:
          '1 span rejected: span 00f067aa0ba902b7: span has no start time. ' +
          '1 span ignored: not GenAI spans (no gen_ai.*, OpenInference, Traceloop, Vercel AI SDK or MCP attributes)',
      },
    });
    const sessions = objects(await session('otel-partial'));
    assert.deepEqual(sessions.map((s) => [s.session_id, s.agent_id, s.turns, s.total_tokens]).sort(), [
      ['conv-json', 'json-app', 1, 1100],
      ['conv-partial', 'agent-support', 2, 3300],
    ]);

    // Everything accepted: an empty response.
    const clean = await fetch(endpoint('otel-partial'), {
      method: 'POST',
      body: JSON.stringify({ resourceSpans: [] }),
      headers: { authorization: `Bearer ${ingestToken}`, 'content-type': 'application/json' },
    });
    assert.deepEqual((await clean.json()) as object, {});
  });

  it('refuses what is not OTLP, and callers without the ingest scope', async () => {
    const post = (headers: Record<string, string>, payload: string | Buffer) =>
      fetch(endpoint('otel-bad'), { method: 'POST', body: payload, headers });
    const auth = { authorization: `Bearer ${ingestToken}` };
    const text = await post({ ...auth, 'content-type': 'text/plain' }, 'hello');
    assert.equal(text.status, 415);
    const badJson = await post({ ...auth, 'content-type': 'application/json' }, '{"resourceSpans": [');
    assert.equal(badJson.status, 400);
    assert.match(((await badJson.json()) as { message: string }).message, /^body is not valid JSON/);
    const badProto = await post({ ...auth, 'content-type': 'application/x-protobuf' }, Buffer.from([0x0a, 0x05, 0x01]));
    assert.equal(badProto.status, 400);
    assert.equal(badProto.headers.get('content-type'), 'application/x-protobuf');
    const status = Buffer.from(await badProto.arrayBuffer());
    assert.match(status.toString('latin1'), /body is not a valid protobuf ExportTraceServiceRequest: message is truncated/);
    const badGzip = await post({ ...auth, 'content-type': 'application/json', 'content-encoding': 'gzip' }, 'not gzip');
    assert.equal(badGzip.status, 400);
    const readOnly = await post({ authorization: `Bearer ${readToken}`, 'content-type': 'application/json' }, '{}');
    assert.equal(readOnly.status, 403);
    const none = await post({ 'content-type': 'application/json' }, '{}');
    assert.equal(none.status, 401);
    // Nothing was written: the workspace holds no data.
    assert.equal((await session('otel-bad')).code, 404);
  });
});
