// Group commit of OTLP exports (src/areas/telemetry/export-groups.ts), through HTTP on both engines.
// Exports into one workspace sent at once share one write transaction; they must write what each
// would have written committing alone (the same inventory, edges, interactions, sessions, issues
// and counts, read back in the same order), including the spans one export of a group leaves
// waiting for its agent and a later export of the same group settles. A group whose transaction
// fails (a real database fault: a trigger that raises for one marked export; on PostgreSQL a
// deferred constraint trigger, so the COMMIT itself fails) answers every export in it with a
// retryable 503 (a google.rpc.Status for protobuf) and writes nothing of any, while another
// workspace's exports sent beside it are written; sent again, the same exports are written whole.
// An export whose body cannot be read fails alone and leaves its group.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { context, trace } from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { allPages, body, engineNames, type Harness, objects, startHarness } from './helpers/harness.ts';
import { T1, T2 } from './helpers/fixtures.ts';
import { rpcStatus } from './helpers/rpc-status.ts';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const T0 = NOW - 86_400_000;
/** An attribute no dialect maps: its key is counted in otlp_stats as `unmapped.<key>`, where the fault trigger looks. */
const MARK = 'gen_ai.test.fault_marker';

/** Agent runs as the official SDK records them (a span is recorded when it ends: children first). */
function spans(runs: number, marked = -1): ReadableSpan[] {
  const memory = new InMemorySpanExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'group-app' }),
    spanProcessors: [new SimpleSpanProcessor({ exporter: memory })],
  });
  const tracer = provider.getTracer('group');
  for (let i = 0; i < runs; i++) {
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
              ...(i === marked ? { [MARK]: 'yes' } : {}),
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

const exportOf = (part: ReadableSpan[]) => Buffer.from(ProtobufTraceSerializer.serializeRequest(part)!);
/** Exports of `size` spans: a run's model and tool calls often in one export, its agent span in the next. */
const exportsOf = (all: ReadableSpan[], size: number) => {
  const out: Buffer[] = [];
  for (let i = 0; i < all.length; i += size) out.push(exportOf(all.slice(i, i + size)));
  return out;
};

for (const engine of engineNames) {
  describe(`OTLP group commit [${engine}]`, () => {
    // The plain path (every export commits alone) and the grouped one, each on a database of its own.
    let plain: Harness;
    let grouped: Harness;
    const tokens = new Map<Harness, { ingest: string; ingest2: string; read: string }>();
    before(async () => {
      // Tokens are cached so that exports sent at once reach the route at once (a group waits only for exports that arrived).
      const config = { authCacheMs: 600_000 };
      plain = await startHarness(engine, { config: { ...config, otlpGroupWaitMs: 0 }, now: () => NOW });
      grouped = await startHarness(engine, { config: { ...config, otlpGroupWaitMs: 500 }, now: () => NOW });
      for (const h of [plain, grouped]) {
        const t = {
          ingest: await h.token({ tenant: T1, scopes: ['ingest'] }),
          ingest2: await h.token({ tenant: T2, scopes: ['ingest'] }),
          read: await h.token({ tenant: T1 }),
        };
        tokens.set(h, t);
        // Each token verified once, before the exports.
        for (const [tk, tenant] of [
          [t.ingest, T1],
          [t.ingest2, T2],
          [t.read, T1],
        ])
          await h.get(`/api/v1/otlp/tenants/${tenant}/workspaces/warm-up/stats`, tk);
      }
    });
    after(async () => {
      await plain?.close();
      await grouped?.close();
    });

    const send = (h: Harness, w: string, payload: Buffer, tenant = T1) =>
      h.request({
        method: 'POST',
        url: `/api/v1/otlp/tenants/${tenant}/workspaces/${w}/v1/traces`,
        token: tenant === T1 ? tokens.get(h)!.ingest : tokens.get(h)!.ingest2,
        headers: { 'content-type': 'application/x-protobuf' },
        payload,
      });
    /** Sends the exports in waves of `width` at once, a wave after the one before has been answered. */
    const sendWaves = async (h: Harness, w: string, exports: Buffer[], width: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < exports.length; i += width) {
        const answers = await Promise.all(exports.slice(i, i + width).map((b) => send(h, w, b)));
        for (const a of answers) {
          statuses.push(a.statusCode);
          assert.equal(a.statusCode, 200, a.body);
        }
      }
      return statuses;
    };
    /** The group-commit counters of /metrics (aispm_otlp_group_*), by name and outcome. */
    const groupMetrics = async (h: Harness) => {
      const res = await h.get('/metrics', await h.token({ tenant: T1, scopes: ['metrics'] }));
      const out: Record<string, number> = {};
      for (const line of res.body.split('\n')) {
        const m = /^aispm_otlp_group_(commits|exports)_total\{outcome="(\w+)"\} (\d+)$/.exec(line);
        if (m) out[`${m[1]}.${m[2]}`] = Number(m[3]);
      }
      return out;
    };
    const read = async (h: Harness, path: string) => {
      const res = await h.get(`/api/v1/${path}`, tokens.get(h)!.read);
      assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
      return body(res);
    };
    const rows = (h: Harness, prefix: string, w: string, sort = 'id') =>
      allPages(h, `/api/v1/${prefix}/tenants/${T1}/workspaces/${w}?sort=${sort}&sort_dir=asc`, tokens.get(h)!.read);
    /** Everything the exports made in a workspace, read back in a fixed order. */
    const snapshot = async (h: Harness, w: string) => {
      const agents = objects(await rows(h, 'aispm-agents', w));
      const edges: Record<string, unknown> = {};
      for (const a of agents)
        for (const name of ['aispm_model_dependencies', 'aispm_tools'])
          edges[`${a.id} ${name}`] = objects(
            await read(h, `aispm-agents/tenants/${T1}/workspaces/${w}/${encodeURIComponent(a.id)}/${name}?sort=id&sort_dir=asc`),
          );
      return {
        agents,
        models: objects(await rows(h, 'aispm-models', w)),
        tools: objects(await rows(h, 'aispm-tools', w)),
        edges,
        interactions: objects(await rows(h, 'aispm-llm-interactions', w, 'time')),
        sessions: objects(
          await allPages(h, `/api/v1/aispm-llm-sessions/tenants/${T1}/workspaces/${w}?sort=session_id`, tokens.get(h)!.read),
        ),
        issues: objects(await allPages(h, `/api/v1/issues/tenants/${T1}/workspaces/${w}`, tokens.get(h)!.read)).map(
          ({ id: _, ...rest }) => rest,
        ),
        stats: await read(h, `otlp/tenants/${T1}/workspaces/${w}/stats`),
      };
    };

    it('exports sent at once write what each export committing alone writes: same rows, same order', async () => {
      // 24 runs (96 spans) in exports of 5: the model and tool calls of a run often reach the
      // service an export before their agent span, in the same wave, so one export of a group
      // settles the spans an earlier export of that group left waiting.
      const exports = exportsOf(spans(24), 5);
      const heard = new Map<Harness, number[]>();
      for (const h of [plain, grouped]) {
        const mine: number[] = [];
        heard.set(h, mine);
        const stop = h.service.ingestor.observe((c) => mine.push(c.accepted.interaction ?? 0));
        await sendWaves(h, 'same', exports, 5);
        stop();
      }
      const a = await snapshot(plain, 'same');
      const b = await snapshot(grouped, 'same');
      assert.equal(a.interactions.length, 48, 'every model call became an interaction');
      assert.equal(a.agents.length, 3);
      assert.deepEqual(b, a);
      // The ingest metrics hear of the same records, export by export (a model call whose agent came
      // later is written again with it, as on the plain path).
      assert.deepEqual(heard.get(grouped), heard.get(plain));
      assert.equal(heard.get(plain)!.length, exports.length);
      // And the grouped app did share its commits: every export in a group, fewer groups than exports.
      const m = await groupMetrics(grouped);
      assert.equal(m['exports.committed'], exports.length);
      assert.ok(m['commits.committed']! < exports.length, `${m['commits.committed']} commits for ${exports.length} exports`);
      assert.deepEqual(await groupMetrics(plain), {});
    });

    it('a group whose transaction fails answers every export in it 503 (retryable) and writes none of them; another workspace is not in it', async () => {
      const h = grouped;
      const fault =
        engine === 'sqlite'
          ? [
              `create trigger fault_marked before insert on otlp_stats when new.metric = 'unmapped.${MARK}' begin select raise(abort, 'injected fault'); end`,
            ]
          : [
              `create function fault_marked() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`,
              `create constraint trigger fault_marked after insert on otlp_stats deferrable initially deferred for each row when (new.metric = 'unmapped.${MARK}') execute function fault_marked()`,
            ];
      for (const sql of fault) await h.db.exec(sql);
      // 8 runs in exports of 4 spans, the marked model call in the last one; a tenant's other workspace, and another tenant, beside it.
      const exports = exportsOf(spans(8, 7), 4);
      const beside = exportsOf(spans(4), 4);
      const counted = await groupMetrics(h);
      const answers = await Promise.all([
        ...exports.map((b) => send(h, 'faulty', b)),
        ...beside.map((b) => send(h, 'beside', b)),
        ...beside.map((b) => send(h, 'other-tenant', b, T2)),
      ]);
      const mine = answers.slice(0, exports.length);
      assert.deepEqual(
        mine.map((r) => r.statusCode),
        exports.map(() => 503),
      );
      // One group held them all, and failed.
      const recounted = await groupMetrics(h);
      assert.equal((recounted['commits.failed'] ?? 0) - (counted['commits.failed'] ?? 0), 1);
      assert.equal((recounted['exports.failed'] ?? 0) - (counted['exports.failed'] ?? 0), exports.length);
      for (const r of mine) {
        assert.equal(r.headers['content-type'], 'application/x-protobuf');
        assert.equal(r.headers['retry-after'], '1');
        const status = rpcStatus(r.rawPayload);
        assert.equal(status.code, 14, 'UNAVAILABLE');
        assert.equal(
          status.message,
          `the write transaction this export shared with ${exports.length - 1} other export(s) into the workspace failed, and nothing of any of them was written; send it again`,
        );
      }
      assert.deepEqual(
        answers.slice(exports.length).map((r) => r.statusCode),
        [...beside, ...beside].map(() => 200),
      );
      // Nothing of any export was written: not its objects, interactions, waiting spans or counts
      // (a workspace no data reached answers 404), while the workspace beside it has its own.
      for (const path of [`otlp/tenants/${T1}/workspaces/faulty/stats`, `aispm-llm-interactions/tenants/${T1}/workspaces/faulty`])
        assert.equal((await h.get(`/api/v1/${path}`, tokens.get(h)!.read)).statusCode, 404, path);
      assert.equal(objects(await rows(h, 'aispm-llm-interactions', 'beside', 'time')).length, 8);

      // The fault gone, the same exports sent again (as an exporter retries a 503) are written whole, as the plain path writes them.
      if (engine === 'sqlite') await h.db.exec('drop trigger fault_marked');
      else await h.db.exec('drop trigger fault_marked on otlp_stats; drop function fault_marked()');
      const again = await Promise.all(exports.map((b) => send(h, 'faulty', b)));
      assert.deepEqual(
        again.map((r) => r.statusCode),
        exports.map(() => 200),
      );
      for (const b of exports) assert.equal((await send(plain, 'faulty', b)).statusCode, 200);
      assert.deepEqual(await snapshot(h, 'faulty'), await snapshot(plain, 'faulty'));
    });

    it("near the workspace's object cap a group's exports are written one by one: each answer says what the cap refused it", async () => {
      // A cap of 5 objects: the first exports' agents, models and tools take it, later ones are refused
      // some. The group cannot apply its records at once (it could not tell each export its refusals).
      const capped = async (waitMs: number) => {
        const h = await startHarness(engine, {
          config: { authCacheMs: 600_000, otlpGroupWaitMs: waitMs, runtimeObjectCap: 5 },
          now: () => NOW,
        });
        const t = { ingest: await h.token({ tenant: T1, scopes: ['ingest'] }), ingest2: '', read: await h.token({ tenant: T1 }) };
        tokens.set(h, t);
        await h.get(`/api/v1/otlp/tenants/${T1}/workspaces/warm-up/stats`, t.ingest);
        await h.get(`/api/v1/otlp/tenants/${T1}/workspaces/warm-up/stats`, t.read);
        return h;
      };
      const alone = await capped(0);
      const together = await capped(500);
      try {
        const exports = exportsOf(spans(24), 8);
        const answers = new Map<Harness, string[]>();
        for (const h of [alone, together]) {
          const mine: string[] = [];
          for (let i = 0; i < exports.length; i += 4) {
            const sent = await Promise.all(exports.slice(i, i + 4).map((b) => send(h, 'capped', b)));
            for (const r of sent) {
              assert.equal(r.statusCode, 200, r.body);
              mine.push(r.rawPayload.toString('base64'));
            }
          }
          answers.set(h, mine);
        }
        assert.deepEqual(answers.get(together), answers.get(alone));
        const a = await snapshot(alone, 'capped');
        assert.ok((a.stats.total as { objects_refused: number }).objects_refused > 0, 'the cap refused objects');
        assert.deepEqual(await snapshot(together, 'capped'), a);
      } finally {
        await alone.close();
        await together.close();
      }
    });

    it('an export whose body cannot be read fails alone: the others sent with it are written', async () => {
      const exports = exportsOf(spans(4), 4);
      const bad = Buffer.from([0x0a, 0xff, 0xff, 0xff]);
      const answers = await Promise.all([
        send(grouped, 'one-bad', exports[0]!),
        send(grouped, 'one-bad', bad),
        ...exports.slice(1).map((b) => send(grouped, 'one-bad', b)),
      ]);
      assert.deepEqual(
        answers.map((r) => r.statusCode),
        [200, 400, ...exports.slice(1).map(() => 200)],
      );
      assert.equal(objects(await rows(grouped, 'aispm-llm-interactions', 'one-bad', 'time')).length, 8);
    });
  });
}
