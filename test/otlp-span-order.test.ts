// The spans of one agent run exported one per request, as SDK's simple processor sends them
// (each span as it ends: the model calls, the step above them, then the agent span), reach the
// service in any order: concurrent requests overtake one another (authentication, body reading,
// a group commit's timing). Discovery must give the same graph whatever order the exports are
// written in, as far as it can know: here every one of the 24 orders, each export written before
// the next is sent, with group commit on (AISPM_OTLP_GROUP_WAIT_MS; the loss this guards against
// first showed as a flake of test/otlp-discovery.test.ts with it on, and is the same without it).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { context, trace } from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { body, engineNames, type Harness, objects, startHarness } from './helpers/harness.ts';
import { T1 } from './helpers/fixtures.ts';

const T0 = Date.parse('2026-03-01T09:00:00Z');

/** An agent run's four spans, an export each, in the order they end: chat gpt-4o, chat gpt-4o-mini, plan, the agent. */
function fourExports(): Buffer[] {
  const memory = new InMemorySpanExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'trip-planner' }),
    spanProcessors: [new SimpleSpanProcessor({ exporter: memory })],
  });
  const tracer = provider.getTracer('one-by-one');
  const agent = tracer.startSpan('invoke_agent Booker', {
    startTime: T0,
    attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'Booker', 'gen_ai.conversation.id': 'conv-late' },
  });
  const step = tracer.startSpan('plan', { startTime: T0 + 10 }, trace.setSpan(context.active(), agent));
  for (const [i, model] of ['gpt-4o', 'gpt-4o-mini'].entries())
    tracer
      .startSpan(
        `chat ${model}`,
        {
          startTime: T0 + 100 + i * 1000,
          attributes: {
            'gen_ai.operation.name': 'chat',
            'gen_ai.provider.name': 'openai',
            'gen_ai.request.model': model,
            'gen_ai.usage.input_tokens': 100,
            'gen_ai.usage.output_tokens': 10,
          },
        },
        trace.setSpan(context.active(), step),
      )
      .end(T0 + 600 + i * 1000);
  step.end(T0 + 2000);
  agent.end(T0 + 3000);
  return memory.getFinishedSpans().map((s) => Buffer.from(ProtobufTraceSerializer.serializeRequest([s])!));
}

const orders = (xs: number[]): number[][] =>
  xs.length <= 1 ? [xs] : xs.flatMap((x, i) => orders([...xs.slice(0, i), ...xs.slice(i + 1)]).map((o) => [x, ...o]));
/** `plan` (export 2) written first: nothing yet says its trace is a GenAI one, so it is not kept (see the todo below). */
const planFirst = (o: number[]) => o[0] === 2;

for (const engine of engineNames) {
  describe(`OTLP spans of one run exported one by one, in any order [${engine}]`, () => {
    let h: Harness;
    let ingest: string;
    let read: string;
    before(async () => {
      h = await startHarness(engine, { config: { otlpGroupWaitMs: 5 } });
      ingest = await h.token({ tenant: T1, scopes: ['ingest'] });
      read = await h.token({ tenant: T1 });
    });
    after(async () => h?.close());

    const exports = fourExports();
    /** Writes the exports in this order, one after the other, and reads the agent back with its models and session. */
    const run = async (order: number[]) => {
      const w = `order-${order.join('')}`;
      for (const i of order) {
        const res = await h.request({
          method: 'POST',
          url: `/api/v1/otlp/tenants/${T1}/workspaces/${w}/v1/traces`,
          token: ingest,
          headers: { 'content-type': 'application/x-protobuf' },
          payload: exports[i]!,
        });
        assert.equal(res.statusCode, 200, res.body);
      }
      const agents = objects(body(await h.get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/${w}?sort=id&sort_dir=asc`, read)));
      const sessions = objects(body(await h.get(`/api/v1/aispm-llm-sessions/tenants/${T1}/workspaces/${w}`, read)));
      return {
        agents: agents.map((a) => [a.id, a.models]),
        sessions: sessions.map((s) => [s.session_id, s.agent_id, s.turns]),
      };
    };
    const whole = { agents: [['trip-planner/Booker', 2]], sessions: [['conv-late', 'trip-planner/Booker', 2]] };

    it('a step written after its agent, or before some of the model calls under it, still links them all to the agent', async () => {
      // Before a step was kept under an agent an earlier export brought, 6 of these 18 orders lost a model (0321, 1320, 3021, 3120, 3201, 3210).
      const wrong: string[] = [];
      for (const order of orders([0, 1, 2, 3]).filter((o) => !planFirst(o))) {
        const got = await run(order);
        if (JSON.stringify(got) !== JSON.stringify(whole)) wrong.push(`${order.join('')}: ${JSON.stringify(got)}`);
      }
      assert.deepEqual(wrong, []);
    });

    it('a step written before any span of its trace is known to be GenAI', {
      todo: 'not kept: keeping every span whose parent is unknown in traces not known to be GenAI would store most of any trace',
    }, async () => {
      for (const order of orders([0, 1, 2, 3]).filter(planFirst)) assert.deepEqual(await run(order), whole, order.join(''));
    });
  });
}
