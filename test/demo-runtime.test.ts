// The demo sends part of its runtime through the OTLP path: a new user sees objects discovered at
// runtime beside the declared estate (a declared agent now reported by runtime too) and the
// shadow-AI findings of what runs undeclared.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import { body, describeEngines, objects } from './helpers/harness.ts';

const NOW = Date.UTC(2026, 5, 1);
const W = `tenants/${DEMO_TENANT}/workspaces/default`;

describeEngines('the demo estate seen at runtime', (h) => {
  let token: string;
  before(async () => {
    await loadDemo(h().db, { scale: 0.25, seed: 3, now: NOW, storePrompts: false });
    token = await h().token({ tenant: DEMO_TENANT });
  });
  const read = async (path: string) => {
    const res = await h().get(`/api/v1/${path}`, token);
    assert.equal(res.statusCode, 200, res.body);
    return body(res);
  };

  it('shows runtime-discovered objects next to the declared ones, with their sources', async () => {
    const agents = objects(await read(`aispm-agents/${W}?sources=runtime&sort=id&sort_dir=asc`));
    assert.deepEqual(
      agents.map((a) => [a.id, a.sources, a.sub_agents]),
      [
        ['agent-00001', ['ingest', 'runtime'], 1],
        ['support-portal/Refund Helper', ['runtime'], 0],
      ],
    );
    assert.ok(agents[0]!.runtime_last_seen > new Date(NOW - 7 * 86_400_000).toISOString());
    const models = objects(await read(`aispm-models/${W}?sources=runtime&sort=id&sort_dir=asc`));
    assert.deepEqual(
      models.map((m) => [m.id, m.provider]),
      [
        ['anthropic/claude-haiku-4-5', 'anthropic'],
        ['openai/gpt-4.1-mini', 'openai'],
      ],
    );
    const servers = objects(await read(`aispm-mcp-servers/${W}?sources=runtime`));
    assert.deepEqual(
      servers.map((s) => [s.id, s.tools, s.agents]),
      [['billing-mcp.internal:8443', 1, 1]],
    );
    const sessions = objects(await read(`aispm-llm-sessions/${W}?sort=session_id&sort_dir=asc&pageSize=20&agent_id=agent-00001`)).filter(
      (s) => s.session_id.startsWith('otel-support-'),
    );
    assert.equal(sessions.length, 12);
    assert.deepEqual(
      sessions.map((s) => s.turns),
      [3, 2, 2, 3, 2, 2, 3, 2, 2, 3, 2, 2],
    );
    const stats = await read(`otlp/${W}/stats`);
    assert.deepEqual(
      [stats.total.spans_received, stats.total.mapped],
      [60, { agent: 16, model: 28, tool: 12, mcp_server: 4, guardrail: 0 }],
    );
  });

  it('keeps the objects seen only at runtime with sources__only=runtime (sources=runtime also keeps declared ones)', async () => {
    for (const kind of ['agents', 'models', 'mcp-servers', 'tools']) {
      const seen = objects(await read(`aispm-${kind}/${W}?sources=runtime&sort=id&sort_dir=asc&page_size=1000`));
      const only = objects(await read(`aispm-${kind}/${W}?sources__only=runtime&sort=id&sort_dir=asc&page_size=1000`));
      assert.deepEqual(
        only.map((o) => o.id),
        seen.filter((o) => o.sources.length === 1).map((o) => o.id),
        kind,
      );
      for (const o of only) assert.deepEqual(o.sources, ['runtime'], `${kind} ${o.id}`);
    }
    assert.deepEqual(
      objects(await read(`aispm-agents/${W}?sources__only=runtime`)).map((a) => a.id),
      ['support-portal/Refund Helper'],
    );
    // Several values: one of them, and nothing else (every declared agent, with or without runtime).
    const all = (await read(`aispm-agents/${W}?page_size=1`)).total;
    assert.equal((await read(`aispm-agents/${W}?sources__only=ingest,runtime&page_size=1`)).total, all);
    assert.equal((await read(`aispm-agents/${W}?sources__only=ingest&page_size=1`)).total, all - 2);
  });

  it('raises the shadow-AI findings of what runs undeclared', async () => {
    const fired = async (slug: string) =>
      objects(await read(`rules/SR-aispm_${slug}/results?workspace_id=default&status=open`))
        .map((r) => `${r.object_type}:${r.object_id}:${r.severity}`)
        .sort();
    assert.deepEqual(await fired('undeclared_ai_model_or_mcp_server'), [
      'mcp_server:billing-mcp.internal:8443:high',
      'model:anthropic/claude-haiku-4-5:high',
      'model:openai/gpt-4.1-mini:high',
    ]);
    assert.deepEqual(await fired('undeclared_ai_agent_or_tool'), [
      'agent:support-portal/Refund Helper:medium',
      'tool:read_invoice:medium',
      'tool:search_kb:medium',
    ]);
  });
});
