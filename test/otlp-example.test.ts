// The OTLP examples of docs/RUNTIME.md work as printed: the curl body (read from the document
// itself) is taken and listed as an interaction, and the official JavaScript exporter configured
// by the documented environment variables alone (URL-encoded header included) delivers a span.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, it } from 'node:test';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { body, describeEngines, objects } from './helpers/harness.ts';

const doc = readFileSync(new URL('../docs/RUNTIME.md', import.meta.url), 'utf8');
const VARS = ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_HEADERS', 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'];

describeEngines('the OTLP examples of docs/RUNTIME.md', (h) => {
  let base: string;
  let ingest: string;
  let read: string;
  const saved = Object.fromEntries(VARS.map((k) => [k, process.env[k]]));
  before(async () => {
    base = await h().app.listen({ port: 0, host: '127.0.0.1' });
    ingest = await h().token({ tenant: 'demo', scopes: ['ingest'] });
    read = await h().token({ tenant: 'demo' });
  });
  after(() => {
    for (const k of VARS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  const interactions = async (w: string) =>
    objects(body(await h().get(`/api/v1/aispm-llm-interactions/tenants/demo/workspaces/${w}`, read)));

  it('the curl body is taken as printed and becomes an interaction', async () => {
    const json = /<<'JSON'\n([\s\S]*?)\nJSON\n/.exec(doc)?.[1];
    assert.ok(json, 'the curl example is in docs/RUNTIME.md');
    const res = await fetch(`${base}/api/v1/otlp/tenants/demo/workspaces/default/v1/traces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ingest}`, 'content-type': 'application/json' },
      body: json,
    });
    assert.deepEqual([res.status, await res.json()], [200, {}]);
    const [row] = await interactions('default');
    assert.deepEqual(
      {
        id: row!.id,
        session_id: row!.session_id,
        agent_id: row!.agent_id,
        model: row!.model,
        provider: row!.provider,
        input_tokens: row!.input_tokens,
        output_tokens: row!.output_tokens,
        time: row!.time,
        duration_ms: row!.duration_ms,
      },
      {
        id: '5b8efff798038103d269b633813fc60c-eee19b7ec3c1b174',
        session_id: 'conv-42',
        agent_id: 'support-bot',
        model: 'gpt-4o',
        provider: 'openai',
        input_tokens: 1200,
        output_tokens: 300,
        time: '2026-01-01T00:00:00.000Z',
        duration_ms: 1250,
      },
    );
  });

  it('the JavaScript exporter configured by the documented variables alone delivers a span', async () => {
    const encoded = /OTEL_EXPORTER_OTLP_TRACES_HEADERS="Authorization=Bearer%20aispm_…"/.test(doc);
    assert.ok(encoded, 'the documented header is URL-encoded');
    process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = `${base}/api/v1/otlp/tenants/demo/workspaces/sdk/v1/traces`;
    process.env.OTEL_EXPORTER_OTLP_TRACES_HEADERS = `Authorization=Bearer%20${ingest}`;
    process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL = 'http/protobuf';
    const results: number[] = [];
    const exporter = new OTLPTraceExporter();
    const provider = new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'support-bot' }),
      spanProcessors: [
        new SimpleSpanProcessor({
          exporter: {
            export: (spans, done) =>
              exporter.export(spans, (r) => {
                results.push(r.code);
                done(r);
              }),
            shutdown: () => exporter.shutdown(),
            forceFlush: () => exporter.forceFlush(),
          },
        }),
      ],
    });
    const span = provider.getTracer('app').startSpan('chat gpt-4o', {
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'openai',
        'gen_ai.request.model': 'gpt-4o',
        'gen_ai.usage.input_tokens': 10,
        'gen_ai.usage.output_tokens': 5,
      },
    });
    span.end();
    await provider.forceFlush();
    await provider.shutdown();
    assert.deepEqual(results, [0]);
    const rows = await interactions('sdk');
    assert.deepEqual(
      rows.map((r) => [r.agent_id, r.model, r.input_tokens, r.output_tokens]),
      [['support-bot', 'gpt-4o', 10, 5]],
    );
  });
});
