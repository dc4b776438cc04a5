// Ingest through HTTP: idempotence, all-or-nothing requests, line-numbered errors, gzip, size
// limits, and the derived rows each batch keeps current.

import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { before, it } from 'node:test';
import { body, describeEngines, type Harness, objects } from './helpers/harness.ts';
import { at, entity, relation, T1 } from './helpers/fixtures.ts';

const ndjson = (records: object[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';

function post(h: Harness, workspace: string, token: string, payload: string | Buffer, headers: Record<string, string> = {}) {
  return h.request({
    method: 'POST',
    url: `/api/v1/ingest/tenants/${T1}/workspaces/${workspace}`,
    token,
    headers: { 'content-type': 'application/x-ndjson', ...headers },
    payload,
  });
}

const estate = [
  entity('agent', 'a1', 'Agent One', 10, { framework: 'langchain' }),
  entity('model', 'm1', 'gpt-4o', 20, { provider: 'openai' }),
  relation('agent', 'a1', 'uses_model', 'model', 'm1'),
  { type: 'rule', id: 'EXT-1', name: 'External check', severity: 'low', object_types: ['agent'] },
  { type: 'finding', id: 'f1', rule_id: 'EXT-1', object_kind: 'agent', object_id: 'a1', detected_at: at(5) },
  {
    type: 'interaction',
    id: 'i1',
    session_id: 's1',
    agent_id: 'a1',
    model: 'gpt-4o',
    time: at(1),
    duration_ms: 1000,
    input_tokens: 100,
    output_tokens: 50,
  },
];

// The fixtures count ingested findings only: posture rules (their own suite) are off here.
describeEngines(
  'ingest',
  (h) => {
    let ingestToken: string;
    let readToken: string;
    before(async () => {
      ingestToken = await h().token({ tenant: T1, scopes: ['ingest'] });
      readToken = await h().token({ tenant: T1 });
    });

    const snapshot = async (ws: string) => {
      const get = async (path: string) => body(await h().get(`/api/v1/${path}/tenants/${T1}/workspaces/${ws}`, readToken));
      return {
        agents: await get('aispm-agents'),
        models: await get('aispm-models'),
        agentDetail: body(await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/${ws}/a1`, readToken)),
      };
    };

    it('accepts a good request and reports what it wrote', async () => {
      const res = await post(h(), 'idem', ingestToken, ndjson(estate));
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(body(res), { accepted: 6, rejected: 0, errors: [] });
      const s = await snapshot('idem');
      assert.equal(s.agents.total, 1);
      const a1 = objects(s.agents)[0]!;
      assert.equal(a1.models, 1);
      assert.equal(a1.total_issues, 1);
    });

    it('ingesting the same file twice changes nothing', async () => {
      const before = await snapshot('idem');
      assert.equal((await post(h(), 'idem', ingestToken, ndjson(estate))).statusCode, 200);
      assert.deepEqual(await snapshot('idem'), before);
      const sessions = await h().db.all(
        h().db.template('test.sessions', (b) => b.selectFrom('llm_sessions').selectAll().where('workspace_id', '=', 'idem')),
      );
      assert.equal(sessions.length, 1);
      assert.equal(Number(sessions[0]!.turns), 1);
    });

    it('a request with one bad line writes nothing and names the line', async () => {
      const lines =
        ndjson([entity('agent', 'x1', 'X', 1), entity('agent', 'x2', 'X2', 1)]) +
        '{"type":"entity","kind":"agent"}\n' +
        ndjson([entity('agent', 'x3', 'X3', 1)]);
      const res = await post(h(), 'atomic', ingestToken, lines);
      assert.equal(res.statusCode, 400);
      assert.deepEqual(body(res), {
        code: 400,
        message: '1 line is bad; nothing was written',
        accepted: 0,
        rejected: 4,
        errors: [{ line: 3, message: 'entity: missing id' }],
      });
      // Nothing was written, so the workspace holds no data: 404.
      assert.equal((await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/atomic`, readToken)).statusCode, 404);
    });

    it('line errors name the field and count lines as the file does', async () => {
      const lines = [
        JSON.stringify(entity('agent', 'ok', 'ok', 1)),
        '',
        'not json',
        JSON.stringify({ type: 'entity', kind: 'spaceship', id: 'x', name: 'x', last_seen: at(1) }),
        JSON.stringify({ type: 'relation', from_kind: 'agent', from_id: 'a', relation: 'uses_model', to_kind: 'tool', to_id: 't' }),
        JSON.stringify({ type: 'interaction', id: 'i', session_id: 's', time: 'yesterday' }),
        JSON.stringify({ type: 'entity', kind: 'model', id: 'm', name: 'm', last_seen: at(1), attributes: { pinned: 'yes' } }),
        JSON.stringify({ type: 'finding', id: 'f', rule_id: 'NOPE', object_kind: 'agent', object_id: 'ok', detected_at: at(1) }),
        JSON.stringify({ type: 'entity', kind: 'agent', id: 'x', name: 'x', last_seen: at(1), colour: 'red' }),
      ].join('\n');
      const res = await post(h(), 'errors', ingestToken, lines);
      assert.equal(res.statusCode, 400);
      const b = body(res);
      assert.equal(b.rejected, 8);
      assert.deepEqual(
        b.errors.map((e: { line: number }) => e.line),
        [3, 4, 5, 6, 7, 9],
      );
      const byLine = Object.fromEntries(b.errors.map((e: { line: number; message: string }) => [e.line, e.message]));
      assert.match(byLine[3], /^not valid JSON/);
      assert.match(byLine[4], /^entity.kind: unknown kind "spaceship"; kinds are agent, model/);
      assert.match(byLine[5], /^relation: uses_model does not join agent to tool; it joins agent→model/);
      assert.match(byLine[6], /^interaction.time: expected an RFC 3339 timestamp/);
      assert.equal(byLine[7], 'entity.attributes.pinned: expected boolean for an AI model');
      assert.equal(byLine[9], 'entity: unknown field colour');
      // The unknown rule is found while applying, after the syntax checks: fix the others and it shows.
      const res2 = await post(h(), 'errors', ingestToken, [lines.split('\n')[0], lines.split('\n')[7]].join('\n'));
      assert.deepEqual(body(res2).errors, [
        { line: 2, message: 'finding.rule_id: unknown rule "NOPE"; send a rule record first or use a static rule' },
      ]);
    });

    it('gzip bodies are accepted', async () => {
      const res = await post(h(), 'gzip', ingestToken, gzipSync(ndjson([entity('agent', 'g1', 'Gz', 1)])), { 'content-encoding': 'gzip' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal((await snapshot('gzip')).agents.total, 1);
    });

    it('the size limit counts decompressed bytes (a gzip bomb is refused)', async () => {
      const huge = gzipSync(Buffer.alloc(h().config.ingestMaxBytes + 1, 0x20));
      assert.ok(huge.length < 1_000_000);
      const res = await post(h(), 'bomb', ingestToken, huge, { 'content-encoding': 'gzip' });
      assert.equal(res.statusCode, 413);
      assert.match(body(res).message, /larger than the ingest limit of \d+ bytes \(after decompression\)/);
    });

    it('ingest needs the ingest scope', async () => {
      const res = await post(h(), 'scope', readToken, ndjson([entity('agent', 'a', 'a', 1)]));
      assert.equal(res.statusCode, 403);
    });

    it('upserts widen first_seen/last_seen and replace name and attributes', async () => {
      await post(h(), 'upsert', ingestToken, ndjson([entity('agent', 'a', 'Old', 10, { framework: 'x' })]));
      await post(h(), 'upsert', ingestToken, ndjson([{ ...entity('agent', 'a', 'New', 5, { framework: 'y' }), first_seen: at(-5) }]));
      const a = objects((await snapshot('upsert')).agents)[0]!;
      assert.deepEqual([a.name, a.framework, a.first_seen, a.last_seen], ['New', 'y', at(-5), at(10)]);
    });

    it('deleting an entity removes its relations and updates neighbour counts', async () => {
      await post(
        h(),
        'delete',
        ingestToken,
        ndjson([entity('agent', 'a', 'A', 1), entity('model', 'm', 'M', 1), relation('agent', 'a', 'uses_model', 'model', 'm')]),
      );
      const before = objects(body(await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/delete/a`, readToken)))[0]!;
      assert.equal(before.models, 1);
      await post(h(), 'delete', ingestToken, ndjson([{ type: 'entity', op: 'delete', kind: 'model', id: 'm' }]));
      const after = objects(body(await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/delete/a`, readToken)))[0]!;
      assert.equal(after.models, 0);
      assert.equal(body(await h().get(`/api/v1/aispm-models/tenants/${T1}/workspaces/delete`, readToken)).total, 0);
    });

    it('relations may arrive before their entities', async () => {
      await post(h(), 'order', ingestToken, ndjson([relation('agent', 'a', 'uses_model', 'model', 'm')]));
      await post(h(), 'order', ingestToken, ndjson([entity('agent', 'a', 'A', 1), entity('model', 'm', 'M', 1)]));
      const a = objects(body(await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/order/a`, readToken)))[0]!;
      assert.equal(a.models, 1);
    });

    it('import mode: each batch commits on its own and a bad batch is skipped whole', async () => {
      const lines =
        ndjson([entity('agent', 'b1', 'B1', 1), entity('agent', 'b2', 'B2', 1), entity('agent', 'b3', 'B3', 1)]) +
        'oops\n' +
        ndjson([entity('agent', 'b5', 'B5', 1)]);
      const summary = await h().service.ingestor.ingest(h().db, [Buffer.from(lines)], {
        tenant: T1,
        workspace: 'batches',
        storePrompts: true,
        batchSize: 2,
        mode: 'batches',
      });
      assert.deepEqual(summary, {
        accepted: 3,
        rejected: 2,
        errors: [{ line: 4, message: summary.errors[0]!.message }],
        errorLines: 1,
        lines: 5,
      });
      const ids = objects(body(await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/batches?sort=id`, readToken))).map((o) => o.id);
      assert.deepEqual(ids, ['b1', 'b2', 'b5']);
    });

    it('lines split across chunks and CRLF line ends are read as lines', async () => {
      const text = ndjson([entity('agent', 'c1', 'C1', 1), entity('agent', 'c2', 'C2', 1)]).replaceAll('\n', '\r\n');
      const chunks = [text.slice(0, 7), text.slice(7, 50), text.slice(50)].map((t) => Buffer.from(t));
      const summary = await h().service.ingestor.ingest(h().db, chunks, {
        tenant: T1,
        workspace: 'chunks',
        storePrompts: true,
        batchSize: 10,
        mode: 'request',
      });
      assert.deepEqual(summary, { accepted: 2, rejected: 0, errors: [], errorLines: 0, lines: 2 });
    });
  },
  { config: { postureRules: false } },
);
