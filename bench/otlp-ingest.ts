// node bench/otlp-ingest.ts [--engine sqlite|postgres] [--runs 2000] [--batch 512]
//
// OTLP protobuf ingest with runtime discovery against NDJSON ingest of the same interactions. An
// agent run made with the official OpenTelemetry SDK (invoke_agent → chat → execute_tool → chat,
// 4 spans, 2 model calls) is repeated --runs times across 50 agents, 20 models and 30 tools;
// the spans are sent as OTLP/HTTP protobuf exports of --batch spans (the SDK batch processor's
// default size), through HTTP (Fastify's inject, no socket), into one workspace. The interactions
// those spans make are then sent as NDJSON (1,000 lines a request) into another. Prints spans/s
// and interactions/s for each. Short by design: the machine is shared.

import { parseArgs } from 'node:util';
import { context, trace } from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { buildApp, migrate } from '../src/compose.ts';
import { loadConfig } from '../src/config.ts';
import { discover } from '../src/ingest/otlp/discovery.ts';
import { decodeProtobuf } from '../src/ingest/otlp/traces.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createDatabase, type EngineName } from '../test/helpers/harness.ts';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    runs: { type: 'string', default: '2000' },
    batch: { type: 'string', default: '512' },
  },
});
const engine = values.engine as EngineName;
const runs = Number(values.runs);
const batch = Number(values.batch);

const memory = new InMemorySpanExporter();
const provider = new TracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'bench-app' }),
  spanProcessors: [new SimpleSpanProcessor({ exporter: memory })],
});
const tracer = provider.getTracer('bench');
const T0 = Date.now() - 3_600_000;
for (let i = 0; i < runs; i++) {
  const t = T0 + i * 1000;
  const agent = tracer.startSpan(`invoke_agent agent-${i % 50}`, {
    startTime: t,
    attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': `agent-${i % 50}`, 'gen_ai.conversation.id': `s-${i}` },
  });
  const inside = trace.setSpan(context.active(), agent);
  const chat = (at: number) =>
    tracer
      .startSpan(
        'chat',
        {
          startTime: at,
          attributes: {
            'gen_ai.operation.name': 'chat',
            'gen_ai.provider.name': 'openai',
            'gen_ai.request.model': `gpt-4o-${i % 20}`,
            'gen_ai.usage.input_tokens': 1000 + i,
            'gen_ai.usage.output_tokens': 100,
          },
        },
        inside,
      )
      .end(at + 300);
  chat(t + 10);
  tracer
    .startSpan(
      'execute_tool',
      { startTime: t + 400, attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': `tool-${i % 30}` } },
      inside,
    )
    .end(t + 450);
  chat(t + 500);
  agent.end(t + 900);
}
const spans = memory.getFinishedSpans();
const exports: Buffer[] = [];
for (let i = 0; i < spans.length; i += batch)
  exports.push(Buffer.from(ProtobufTraceSerializer.serializeRequest(spans.slice(i, i + batch))!));
const interactions = exports.flatMap((b) => discover(decodeProtobuf(b)).records.filter((r) => r.type === 'interaction'));
const ndjson: string[] = [];
for (let i = 0; i < interactions.length; i += 1000)
  ndjson.push(
    `${interactions
      .slice(i, i + 1000)
      .map((r) => JSON.stringify(r))
      .join('\n')}\n`,
  );

const database = await createDatabase(engine);
const config = { ...loadConfig({}), db: database.url, authCacheMs: 0, ingestMaxBytes: 64 * 1024 * 1024 };
const db = openDb(config.db, { pgPool: config.pgPool });
try {
  await migrate(db);
  const { app } = await buildApp({ db, config, logger: false });
  const { token } = await createToken(db, { tenantId: 't', userId: 'bench', workspaces: ['*'], scopes: ['ingest'] });
  const time = async (label: string, count: number, unit: string, send: () => Promise<void>) => {
    const start = performance.now();
    await send();
    const s = (performance.now() - start) / 1000;
    console.log(`${engine} ${label}: ${count} ${unit} in ${s.toFixed(2)} s = ${Math.round(count / s)} ${unit}/s`);
    return s;
  };
  const otlp = await time('OTLP protobuf + discovery', spans.length, 'spans', async () => {
    for (const body of exports) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/otlp/tenants/t/workspaces/otlp/v1/traces',
        payload: body,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-protobuf' },
      });
      if (res.statusCode !== 200) throw new Error(`OTLP ${res.statusCode} ${res.body}`);
    }
  });
  console.log(`${engine} OTLP: ${Math.round(interactions.length / otlp)} interactions/s`);
  const nd = await time('NDJSON, the same interactions', interactions.length, 'interactions', async () => {
    for (const body of ndjson) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/ingest/tenants/t/workspaces/ndjson',
        payload: body,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
      });
      if (res.statusCode !== 200) throw new Error(`NDJSON ${res.statusCode} ${res.body}`);
    }
  });
  console.log(
    `${engine} OTLP takes ${(otlp / nd).toFixed(2)}× the time of NDJSON for the same interactions (it also writes ${spans.length / 2} spans' objects and relations)`,
  );
  await app.close();
} finally {
  await db.close();
  await database.drop();
}
