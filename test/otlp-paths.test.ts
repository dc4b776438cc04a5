// OTLP's way into the store against the plain one, through HTTP on both engines. The OTLP route
// hands the records discovery builds to the pipeline as checked values, in the transaction that
// also keeps its waiting spans and counts; an object seen again only has its stored row rendered
// again (its issue counts and score stay as findings and posture left them). The same spans must
// give the same inventory, edges, interactions and sessions whether they arrive in one export, in
// many small ones (children before their agents, objects seen again export after export), or as
// the NDJSON records discovery makes of them sent to the ingest route. And the pipeline entry the
// route uses (Ingestor.ingestParsed) takes back what its caller wrote beside records it rejects.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { context, trace } from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { addCounts, totalOf } from '../src/areas/telemetry/counters.ts';
import { discover } from '../src/areas/telemetry/discovery/discover.ts';
import { decodeProtobuf } from '../src/areas/telemetry/otlp/traces.ts';
import { parseRecord } from '../src/ingest/records.ts';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';
import { T1 } from './helpers/fixtures.ts';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const T0 = NOW - 86_400_000;

/** Agent runs as the official SDK records them (a span is recorded when it ends: children first). */
function spans(): ReadableSpan[] {
  const memory = new InMemorySpanExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'paths-app', 'deployment.environment.name': 'test' }),
    spanProcessors: [new SimpleSpanProcessor({ exporter: memory })],
  });
  const tracer = provider.getTracer('paths');
  for (let i = 0; i < 24; i++) {
    const t = T0 + i * 60_000;
    const agent = tracer.startSpan(`invoke_agent agent-${i % 3}`, {
      startTime: t,
      attributes: {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.agent.name': `agent-${i % 3}`,
        'gen_ai.conversation.id': `conv-${i % 8}`,
      },
    });
    const inside = trace.setSpan(context.active(), agent);
    const chat = (at: number, model: string) =>
      tracer
        .startSpan(
          'chat',
          {
            startTime: at,
            attributes: {
              'gen_ai.operation.name': 'chat',
              'gen_ai.provider.name': 'openai',
              'gen_ai.request.model': model,
              'gen_ai.usage.input_tokens': 100 + i,
              'gen_ai.usage.output_tokens': 10 + i,
            },
          },
          inside,
        )
        .end(at + 300);
    chat(t + 10, `gpt-4o-${i % 2}`);
    tracer
      .startSpan(
        'execute_tool',
        { startTime: t + 400, attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': `tool-${i % 4}` } },
        inside,
      )
      .end(t + 450);
    chat(t + 500, `gpt-4o-${(i + 1) % 2}`);
    agent.end(t + 900);
  }
  return memory.getFinishedSpans();
}

describeEngines(
  'OTLP ingest against the plain path',
  (h) => {
    let ingestToken: string;
    let readToken: string;
    const all = spans();
    const exportOf = (part: ReadableSpan[]) => Buffer.from(ProtobufTraceSerializer.serializeRequest(part)!);

    before(async () => {
      ingestToken = await h().token({ tenant: T1, scopes: ['ingest'] });
      readToken = await h().token({ tenant: T1 });
    });

    const sendOtlp = async (w: string, part: ReadableSpan[]) => {
      const res = await h().request({
        method: 'POST',
        url: `/api/v1/otlp/tenants/${T1}/workspaces/${w}/v1/traces`,
        token: ingestToken,
        headers: { 'content-type': 'application/x-protobuf' },
        payload: exportOf(part),
      });
      assert.equal(res.statusCode, 200, res.body);
    };
    const read = async (path: string) => {
      const res = await h().get(`/api/v1/${path}`, readToken);
      assert.equal(res.statusCode, 200, res.body);
      return body(res);
    };
    const rows = (prefix: string, w: string, sort = 'id') =>
      allPages(h(), `/api/v1/${prefix}/tenants/${T1}/workspaces/${w}?sort=${sort}&sort_dir=asc`, readToken);
    const snapshot = async (w: string) => {
      const agents = objects(await rows('aispm-agents', w));
      const edges: Record<string, unknown> = {};
      for (const a of agents)
        for (const name of ['aispm_model_dependencies', 'aispm_tools'])
          edges[`${a.id} ${name}`] = objects(
            await read(`aispm-agents/tenants/${T1}/workspaces/${w}/${encodeURIComponent(a.id)}/${name}?sort=id&sort_dir=asc`),
          );
      return {
        agents,
        models: objects(await rows('aispm-models', w)),
        tools: objects(await rows('aispm-tools', w)),
        edges,
        interactions: objects(await rows('aispm-llm-interactions', w, 'time')),
        sessions: objects(await allPages(h(), `/api/v1/aispm-llm-sessions/tenants/${T1}/workspaces/${w}?sort=session_id`, readToken)),
        // An issue's id is drawn per workspace: the rest of it is compared.
        issues: objects(await allPages(h(), `/api/v1/issues/tenants/${T1}/workspaces/${w}`, readToken)).map(({ id: _, ...rest }) => rest),
      };
    };

    it('one export, exports of 5 spans, and the discovered records as NDJSON answer the same', async () => {
      // The ingest metrics hear of OTLP's records as of any other (aispm_ingest_records_total).
      const heard: Array<Record<string, number | undefined>> = [];
      const stop = h().service.ingestor.observe((c) => heard.push({ ...c.accepted, rejected: Object.keys(c.rejected).length }));
      await sendOtlp('one', all);
      stop();
      for (let i = 0; i < all.length; i += 5) await sendOtlp('many', all.slice(i, i + 5));
      const records = discover(decodeProtobuf(exportOf(all))).records;
      const count = (type: string) => records.filter((r) => r.type === type).length;
      assert.deepEqual(heard, [{ entity: count('entity'), relation: count('relation'), interaction: 48, rejected: 0 }]);
      const nd = await h().request({
        method: 'POST',
        url: `/api/v1/ingest/tenants/${T1}/workspaces/ndjson`,
        token: ingestToken,
        headers: { 'content-type': 'application/x-ndjson' },
        payload: `${records.map((r) => JSON.stringify(r)).join('\n')}\n`,
      });
      assert.equal(nd.statusCode, 200, nd.body);

      const one = await snapshot('one');
      // What the spans make: 3 agents, 2 models, 4 tools, 48 model calls in 8 conversations, and the
      // posture findings of agents without guardrails (issue counts and scores are in the rows).
      assert.equal(one.agents.length, 3);
      assert.equal(one.models.length, 2);
      assert.equal(one.tools.length, 4);
      assert.equal(one.interactions.length, 48);
      assert.equal(one.sessions.length, 8);
      assert.ok(one.issues.length > 0, 'posture opened issues on the discovered agents');
      assert.ok(
        one.agents.every((a) => a.risk_score > 0),
        'the agents are scored',
      );
      assert.deepEqual(await snapshot('many'), one);
      assert.deepEqual(await snapshot('ndjson'), one);

      const stats = async (w: string) => (await read(`otlp/tenants/${T1}/workspaces/${w}/stats`)).total;
      const [a, b] = [await stats('one'), await stats('many')];
      for (const k of ['spans_received', 'objects_created', 'rejected']) assert.equal(b[k], a[k], k);
      assert.deepEqual(b.mapped, a.mapped);
    });

    it('exports of 5 spans sent all at once, beside NDJSON ingest into another workspace, answer as one export', async () => {
      const parts: ReadableSpan[][] = [];
      for (let i = 0; i < all.length; i += 5) parts.push(all.slice(i, i + 5));
      const nd = discover(decodeProtobuf(exportOf(all))).records;
      await Promise.all([
        ...parts.map((p) => sendOtlp('together', p)),
        (async () => {
          const res = await h().request({
            method: 'POST',
            url: `/api/v1/ingest/tenants/${T1}/workspaces/beside`,
            token: ingestToken,
            headers: { 'content-type': 'application/x-ndjson' },
            payload: `${nd.map((r) => JSON.stringify(r)).join('\n')}\n`,
          });
          assert.equal(res.statusCode, 200, res.body);
        })(),
      ]);
      const one = await snapshot('one');
      assert.deepEqual(await snapshot('beside'), one);
      // Exports sent together are handled in the order they get through authentication, not in
      // time order; posture dates a finding when its condition first holds as the exports arrive
      // (so an issue's first and last detection may differ: so they did before this path was
      // changed). Everything else must not depend on the order.
      const undated = (x: typeof one) => ({
        ...x,
        issues: x.issues.map(({ first_detected: _f, last_detected: _l, ...rest }) => rest),
      });
      assert.deepEqual(undated(await snapshot('together')), undated(one));
    });

    it('objects seen again keep the issue counts and scores findings gave them; their rows move with their times', async () => {
      const w = 'again';
      await sendOtlp(w, all.slice(0, 48));
      const before = await snapshot(w);
      // The later spans see the same agents, models and tools again (and later).
      await sendOtlp(w, all.slice(48));
      const after = await snapshot(w);
      await sendOtlp('again-once', all);
      assert.deepEqual(after, await snapshot('again-once'));
      const by = (list: Array<Record<string, any>>): Record<string, Record<string, any>> => Object.fromEntries(list.map((a) => [a.id, a]));
      for (const [id, a] of Object.entries(by(after.agents))) {
        const b = by(before.agents)[id];
        assert.ok(b, id);
        assert.ok(a.last_seen > b.last_seen, `${id} last seen moves`);
        for (const k of ['critical_issues', 'high_issues', 'total_issues', 'risk_score']) assert.equal(a[k], b[k], `${id} ${k}`);
      }
    });

    it('records the writers reject take back, with them, what the caller wrote in their transaction', async () => {
      const w = 'rejected';
      const opts = { tenant: T1, workspace: w, storePrompts: true, batchSize: 100_000, now: () => NOW };
      const record = (r: object) => ({ line: 1, record: parseRecord(r, NOW) });
      const entity = record({ type: 'entity', kind: 'agent', id: 'a1', name: 'A1', last_seen: '2026-03-01T00:00:00Z' });
      // A finding of a rule nobody sent: checked whole, refused by its writer.
      const finding = record({
        type: 'finding',
        id: 'f1',
        rule_id: 'EXT-missing',
        object_kind: 'agent',
        object_id: 'a1',
        detected_at: '2026-03-01T00:00:00Z',
      });
      const bad = await h().service.ingestor.ingestParsed(h().db, [entity, finding], opts, async (tx, apply) => {
        await addCounts(tx, T1, w, NOW, new Map([['spans.received', 1]]));
        await apply();
        return 'written';
      });
      assert.equal(bad.result, undefined);
      assert.deepEqual([bad.summary.accepted, bad.summary.rejected], [0, 2]);
      assert.match(bad.summary.errors[0]!.message, /unknown rule "EXT-missing"/);
      const good = await h().service.ingestor.ingestParsed(h().db, [entity], opts, async (tx, apply) => {
        await addCounts(tx, T1, w, NOW, new Map([['spans.received', 1]]));
        await apply();
        return 'written';
      });
      assert.equal(good.result, 'written');
      // Only the second call's count and object are there.
      assert.equal(await h().db.transaction((tx) => totalOf(h().db, tx, T1, w, 'spans.received')), 1);
      assert.deepEqual(
        objects(await read(`aispm-agents/tenants/${T1}/workspaces/${w}`)).map((a) => a.id),
        ['a1'],
      );
    });
  },
  { now: () => NOW },
);
