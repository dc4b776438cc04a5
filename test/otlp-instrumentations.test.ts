// Real instrumentations into the OTLP endpoint: the `openai` npm client instrumented by OpenLLMetry
// (@traceloop/node-server-sdk, with its agent and tool helpers) and by OpenInference
// (@arizeai/openinference-instrumentation-openai), and the Vercel AI SDK's generateText with a
// tool and telemetry on, each talking to a local mock of the OpenAI chat completions API (tool
// calls included). Each application runs in a child process of its own (an instrumentation patches
// its process once) with only OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and OTEL_EXPORTER_OTLP_HEADERS
// set, and must show up as the exact graph, session and stats below.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, it } from 'node:test';
import { promisify } from 'node:util';
import { body, describeEngines, objects } from './helpers/harness.ts';
import { T1 } from './helpers/fixtures.ts';
import { type MockOpenAI, startMockOpenAI } from './helpers/mock-openai.ts';

const run = promisify(execFile);

interface Case {
  name: string;
  app: string;
  agent: { id: string; name: string };
  model: { id: string; name: string };
  tool: { id: string; type: string };
  session: string;
  /**
   * Cost of the two calls (gpt-4o-mini: 0.15 in, 0.075 cached in, 0.60 out per million), each call
   * stored to the whole micro-dollar (src/catalog/money.ts), so the session sums the rounded calls.
   */
  cost: number;
  unmapped: Array<{ key: string; count: number }>;
}

const cases: Case[] = [
  {
    name: 'OpenLLMetry (Traceloop) on the openai client',
    app: 'openai-traceloop.ts',
    agent: { id: 'travel-desk/concierge', name: 'concierge' },
    model: { id: 'openai/gpt-4o-mini', name: 'gpt-4o-mini' },
    tool: { id: 'get_weather', type: 'function' },
    session: 'tl-session-1',
    // It reports no cached tokens: 130 × 0.15 + 30 × 0.60 per million = 37.5 µ$, two calls rounded.
    cost: 0.000038,
    unmapped: [],
  },
  {
    name: 'OpenInference on the openai client',
    app: 'openai-openinference.ts',
    agent: { id: 'travel-desk-oi/concierge', name: 'concierge' },
    // OpenInference names the model the provider answered with.
    model: { id: 'openai/gpt-4o-mini-2024-07-18', name: 'gpt-4o-mini-2024-07-18' },
    tool: { id: 'get_weather', type: 'function' },
    session: 'oi-session-1',
    // 110 × 0.15 + 20 cached × 0.075 + 30 × 0.60 per million = 36 µ$, two calls each rounded up half a µ$.
    cost: 0.000037,
    unmapped: [],
  },
  {
    name: 'the Vercel AI SDK (generateText with a tool, telemetry on)',
    app: 'vercel-ai.ts',
    agent: { id: 'weather-app/weather-agent', name: 'weather-agent' },
    model: { id: 'openai/gpt-4o-mini', name: 'gpt-4o-mini' },
    tool: { id: 'get_weather', type: 'function' },
    session: 'ai-session-1',
    cost: 0.000037,
    unmapped: [],
  },
];

describeEngines('OTLP from real instrumentations', (h) => {
  let base: string;
  let ingestToken: string;
  let readToken: string;
  let mock: MockOpenAI;
  before(async () => {
    base = await h().app.listen({ port: 0, host: '127.0.0.1' });
    ingestToken = await h().token({ tenant: T1, scopes: ['ingest'] });
    readToken = await h().token({ tenant: T1 });
    mock = await startMockOpenAI();
  });
  after(() => mock.close());
  const read = async (path: string) => {
    const res = await h().get(`/api/v1/${path}`, readToken);
    assert.equal(res.statusCode, 200, res.body);
    return body(res);
  };
  const list = async (prefix: string, w: string) => objects(await read(`${prefix}/tenants/${T1}/workspaces/${w}?sort=id&sort_dir=asc`));
  const pick = (rows: Array<Record<string, any>>, keys: string[]) => rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));

  for (const [i, c] of cases.entries()) {
    it(`${c.name} shows up as its agent, model, tool, session and stats`, async () => {
      const w = `inst-${i}`;
      // Only the two OTLP variables (and where the mock provider listens): nothing else of this process leaks in.
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${base}/api/v1/otlp/tenants/${T1}/workspaces/${w}/v1/traces`,
        OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${ingestToken}`,
        MOCK_OPENAI_URL: mock.url,
      };
      await run(process.execPath, [new URL(`./helpers/apps/${c.app}`, import.meta.url).pathname], { env, timeout: 60_000 });

      const agents = await list('aispm-agents', w);
      assert.deepEqual(pick(agents, ['id', 'name', 'sources', 'models', 'tools']), [
        { ...c.agent, sources: ['runtime'], models: 1, tools: 1 },
      ]);
      const models = await list('aispm-models', w);
      assert.deepEqual(pick(models, ['id', 'name', 'provider', 'type', 'sources', 'agents']), [
        { ...c.model, provider: 'openai', type: 'chat', sources: ['runtime'], agents: 1 },
      ]);
      const tools = await list('aispm-tools', w);
      assert.deepEqual(pick(tools, ['id', 'type', 'sources', 'agents']), [{ ...c.tool, sources: ['runtime'], agents: 1 }]);

      const sessions = objects(await read(`aispm-llm-sessions/tenants/${T1}/workspaces/${w}`));
      assert.deepEqual(pick(sessions, ['session_id', 'agent_id', 'turns', 'input_tokens', 'output_tokens', 'unpriced_turns']), [
        { session_id: c.session, agent_id: c.agent.id, turns: 2, input_tokens: 130, output_tokens: 30, unpriced_turns: 0 },
      ]);
      assert.ok(Math.abs(sessions[0]!.cost - c.cost) < 1e-12, `${sessions[0]!.cost} ≠ ${c.cost}`);
      const interactions = objects(await read(`aispm-llm-interactions/tenants/${T1}/workspaces/${w}?sort_dir=asc`));
      assert.deepEqual(
        interactions.map((x) => [x.agent_id, x.model_id, x.provider, x.input_tokens, x.output_tokens, x.cost_source]),
        [
          [c.agent.id, c.model.id, 'openai', 50, 10, 'priced'],
          [c.agent.id, c.model.id, 'openai', 80, 20, 'priced'],
        ],
      );

      const stats = await read(`otlp/tenants/${T1}/workspaces/${w}/stats`);
      assert.deepEqual(stats.total, {
        spans_received: 4,
        mapped: { agent: 1, model: 2, tool: 1, mcp_server: 0, guardrail: 0 },
        ignored: { not_genai: 0, genai_no_object: 0 },
        rejected: 0,
        attributes_wrong_type: 0,
        objects_created: 3,
        objects_refused: 0,
        cost_reported_zero: 0,
        unmapped_attributes: c.unmapped,
      });
      assert.equal(mock.requests.filter((r) => r.model === 'gpt-4o-mini').length >= 2 * (i + 1), true);
    });
  }

  it('an agent on the MCP TypeScript SDK (client and server on loopback) shows up with its MCP server and the tool it exposes', async () => {
    const w = 'inst-mcp';
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${base}/api/v1/otlp/tenants/${T1}/workspaces/${w}/v1/traces`,
      OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${ingestToken}`,
    };
    const { stdout } = await run(process.execPath, [new URL('./helpers/apps/mcp-client-server.ts', import.meta.url).pathname], {
      env,
      timeout: 60_000,
    });
    const server = `127.0.0.1:${(JSON.parse(stdout) as { port: number }).port}`;
    const agents = await list('aispm-agents', w);
    assert.deepEqual(pick(agents, ['id', 'name', 'sources', 'mcp_servers', 'tools']), [
      { id: 'mcp-docs-app/docs-assistant', name: 'docs-assistant', sources: ['runtime'], mcp_servers: 1, tools: 1 },
    ]);
    const servers = await list('aispm-mcp-servers', w);
    assert.deepEqual(pick(servers, ['id', 'url', 'transport', 'sources', 'agents', 'tools']), [
      { id: server, url: server, transport: 'streamable-http', sources: ['runtime'], agents: 1, tools: 1 },
    ]);
    const tools = await list('aispm-tools', w);
    assert.deepEqual(pick(tools, ['id', 'type', 'sources', 'agents', 'mcp_servers']), [
      { id: 'search_docs', type: 'mcp', sources: ['runtime'], agents: 1, mcp_servers: 1 },
    ]);
    const stats = await read(`otlp/tenants/${T1}/workspaces/${w}/stats`);
    assert.deepEqual(
      [stats.total.spans_received, stats.total.mapped, stats.total.unmapped_attributes],
      [3, { agent: 1, model: 0, tool: 0, mcp_server: 2, guardrail: 0 }, []],
    );
  });
});
