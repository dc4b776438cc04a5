// Runtime discovery: an agent run instrumented with the official OpenTelemetry API and SDK exactly
// as the GenAI semantic conventions describe it (invoke_agent → chat → execute_tool → chat, a
// sub-agent, an MCP tools/call, a guardrail), exported by the official OTLP/HTTP exporter
// configured only by OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and OTEL_EXPORTER_OTLP_HEADERS, becomes the
// inventory graph (objects, relations, sources, first/last seen), sessions with their cost and
// cost source, and the stats endpoint's counts. Also: wrong attribute types, a flood past the
// workspace's cap, and the same export sent twice.

import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { context, SpanKind, trace, type Span as ApiSpan, type Attributes } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { body, describeEngines, objects } from './helpers/harness.ts';
import { T1 } from './helpers/fixtures.ts';

const T0 = Date.parse('2026-03-01T09:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const CAP = 12;
/** Longer than the 1,024 characters an object's attribute keeps. */
const LONG_DESCRIPTION = `Weather for a city. ${'Forecasts, alerts and history. '.repeat(60)}`;

const resource = resourceFromAttributes({
  'service.name': 'trip-planner',
  'service.version': '2.1.0',
  'deployment.environment.name': 'production',
});

/** One agent run as the GenAI conventions describe it, and a bare model call of the same service. */
function runAgent(provider: TracerProvider): void {
  const tracer = provider.getTracer('trip-planner', '2.1.0');
  const span = (name: string, start: number, end: number, attributes: Attributes, parent?: ApiSpan, kind = SpanKind.INTERNAL) => {
    const s = tracer.startSpan(name, { startTime: start, attributes, kind }, parent ? trace.setSpan(context.active(), parent) : undefined);
    return { s, end: () => s.end(end) };
  };
  const planner = span('invoke_agent Planner', T0, T0 + 10_000, {
    'gen_ai.operation.name': 'invoke_agent',
    'gen_ai.agent.id': 'planner',
    'gen_ai.agent.name': 'Planner',
    'gen_ai.agent.description': 'Plans trips',
    'gen_ai.provider.name': 'openai',
    'gen_ai.conversation.id': 'conv-a',
  });
  const chat1 = span(
    'chat gpt-4o',
    T0 + 100,
    T0 + 1100,
    {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-4o',
      'gen_ai.response.model': 'gpt-4o-2024-08-06',
      'gen_ai.usage.input_tokens': 1000,
      'gen_ai.usage.cache_read.input_tokens': 400,
      'gen_ai.usage.output_tokens': 100,
      'gen_ai.response.finish_reasons': ['tool_calls'],
    },
    planner.s,
    SpanKind.CLIENT,
  );
  const guard = span(
    'apply_guardrail pii-filter',
    T0 + 110,
    T0 + 150,
    {
      'gen_ai.operation.name': 'apply_guardrail',
      'gen_ai.guardrail.name': 'pii-filter',
      'gen_ai.guardrail.target': 'input',
      'gen_ai.guardrail.outcome': 'redacted',
      'gen_ai.guardrail.provider': 'presidio',
    },
    chat1.s,
  );
  guard.end();
  chat1.end();
  const tool = span(
    'execute_tool get_weather',
    T0 + 1200,
    T0 + 1500,
    {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_weather',
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.description': LONG_DESCRIPTION,
      'gen_ai.tool.call.id': 'call_1',
      'gen_ai.data_source.id': 'weather-api',
    },
    planner.s,
  );
  tool.end();
  const chat2 = span(
    'chat gpt-4o',
    T0 + 1600,
    T0 + 2600,
    {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-4o',
      'gen_ai.response.model': 'gpt-4o-2024-11-20',
      'gen_ai.usage.input_tokens': 1200,
      'gen_ai.usage.output_tokens': 80,
      'gen_ai.usage.cost': 0.5,
    },
    planner.s,
    SpanKind.CLIENT,
  );
  chat2.end();
  const researcher = span(
    'invoke_agent Researcher',
    T0 + 3000,
    T0 + 9000,
    { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'Researcher' },
    planner.s,
  );
  // An older instrumentation: deprecated names, no operation name; a guardrail event blocks the answer.
  const chat3 = span(
    'openai.chat',
    T0 + 3100,
    T0 + 3600,
    {
      'gen_ai.system': 'openai',
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.usage.prompt_tokens': 500,
      'gen_ai.usage.completion_tokens': 50,
    },
    researcher.s,
    SpanKind.CLIENT,
  );
  chat3.s.addEvent(
    'gen_ai.guardrail.result',
    { 'gen_ai.guardrail.name': 'toxicity', 'gen_ai.guardrail.target': 'output', 'gen_ai.guardrail.outcome': 'blocked' },
    T0 + 3550,
  );
  chat3.end();
  // The MCP client span of a tools/call (semantic conventions for MCP).
  const mcp = span(
    'tools/call search_docs',
    T0 + 4000,
    T0 + 4400,
    {
      'mcp.method.name': 'tools/call',
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'search_docs',
      'server.address': 'docs-mcp.internal',
      'server.port': 8443,
      'network.transport': 'tcp',
      'mcp.session.id': 's-1',
      'jsonrpc.request.id': '7',
    },
    researcher.s,
    SpanKind.CLIENT,
  );
  mcp.end();
  researcher.end();
  const http = span('GET /cities', T0 + 9100, T0 + 9200, { 'http.request.method': 'GET' }, planner.s, SpanKind.CLIENT);
  http.end();
  planner.end();

  // A bare model call of the same service, no agent span: the service is its agent. The
  // instrumentation reported cost 0 for a model it could not price, and no table prices it either.
  span('chat local-llama', T0 + 20_000, T0 + 21_000, {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': 'ollama',
    'gen_ai.request.model': 'local-llama',
    'gen_ai.usage.input_tokens': '300',
    'gen_ai.usage.output_tokens': 30,
    'gen_ai.usage.cost': 0,
    'gen_ai.conversation.id': 'conv-b',
  }).end();
}

describeEngines(
  'OTLP runtime discovery',
  (h) => {
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
      for (const k of ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_HEADERS']) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    });
    const endpoint = (w: string) => `${base}/api/v1/otlp/tenants/${T1}/workspaces/${w}/v1/traces`;
    const read = async (path: string) => {
      const res = await h().get(`/api/v1/${path}`, readToken);
      assert.equal(res.statusCode, 200, res.body);
      return body(res);
    };
    const list = async (prefix: string, w: string, query = '') =>
      objects(await read(`${prefix}/tenants/${T1}/workspaces/${w}?sort=id&sort_dir=asc${query}`));
    const edge = async (prefix: string, w: string, id: string, name: string) =>
      objects(await read(`${prefix}/tenants/${T1}/workspaces/${w}/${encodeURIComponent(id)}/${name}?sort=id&sort_dir=asc`)).map(
        (r) => r.id,
      );
    const exportWith = async (w: string, run: (p: TracerProvider) => void) => {
      process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = endpoint(w);
      process.env.OTEL_EXPORTER_OTLP_HEADERS = `Authorization=Bearer ${ingestToken}`;
      const results: number[] = [];
      const exporter = new OTLPTraceExporter();
      const provider = new TracerProvider({
        resource,
        spanProcessors: [
          new BatchSpanProcessor({
            exporter: {
              export: (spans, done) =>
                exporter.export(spans, (r) => {
                  results.push(r.code);
                  done(r);
                }),
              shutdown: () => exporter.shutdown(),
            },
          }),
        ],
      });
      run(provider);
      await provider.forceFlush();
      await provider.shutdown();
      assert.deepEqual(results, [0], 'the exporter reported success');
    };
    const pick = (rows: Array<Record<string, any>>, keys: string[]) => rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));

    it('an agent run becomes agents, models, tools, an MCP server and guardrails, related as the span tree says', async () => {
      const w = 'disc-a';
      // A scan declared the planner, its model and a tool (under ids of its own) before it ran:
      // telemetry adds to them, keeps what was declared, and takes objects of those names for them.
      const declared = await h().ingest(T1, w, [
        {
          type: 'entity',
          kind: 'model',
          id: 'model-7',
          name: 'gpt-4o',
          source: 'static_code_scan',
          last_seen: '2026-02-01T00:00:00Z',
          attributes: { provider: 'openai', pinned: false },
        },
        {
          type: 'entity',
          kind: 'tool',
          id: 'tool-1',
          name: 'get_weather',
          source: 'static_code_scan',
          last_seen: '2026-02-01T00:00:00Z',
          attributes: { capabilities: ['network'] },
        },
        {
          type: 'entity',
          kind: 'agent',
          id: 'planner',
          name: 'Trip Planner',
          source: 'static_code_scan',
          last_seen: '2026-02-01T00:00:00Z',
          attributes: { owner: 'travel-team', framework: 'openai-agents' },
        },
      ]);
      assert.equal(declared.rejected, 0, JSON.stringify(declared.errors));
      await exportWith(w, runAgent);

      const agents = await list('aispm-agents', w);
      assert.deepEqual(
        pick(agents, [
          'id',
          'name',
          'owner',
          'framework',
          'environment',
          'first_seen',
          'last_seen',
          'sources',
          'models',
          'tools',
          'mcp_servers',
          'sub_agents',
        ]),
        [
          {
            id: 'planner',
            name: 'Trip Planner',
            owner: 'travel-team',
            framework: 'openai-agents',
            environment: 'production',
            first_seen: '2026-02-01T00:00:00.000Z',
            last_seen: iso(T0 + 10_000),
            sources: ['runtime', 'static_code_scan'],
            models: 1,
            tools: 1,
            mcp_servers: 0,
            sub_agents: 1,
          },
          {
            id: 'trip-planner',
            name: 'trip-planner',
            owner: null,
            framework: null,
            environment: 'production',
            first_seen: iso(T0 + 20_000),
            last_seen: iso(T0 + 21_000),
            sources: ['runtime'],
            models: 1,
            tools: 0,
            mcp_servers: 0,
            sub_agents: 0,
          },
          {
            id: 'trip-planner/Researcher',
            name: 'Researcher',
            owner: null,
            framework: null,
            environment: 'production',
            first_seen: iso(T0 + 3000),
            last_seen: iso(T0 + 9000),
            sources: ['runtime'],
            models: 1,
            tools: 1,
            mcp_servers: 1,
            sub_agents: 0,
          },
        ],
      );
      const models = await list('aispm-models', w);
      assert.deepEqual(pick(models, ['id', 'name', 'provider', 'type', 'first_seen', 'last_seen', 'sources', 'agents']), [
        {
          id: 'model-7',
          name: 'gpt-4o',
          provider: 'openai',
          type: 'chat',
          first_seen: '2026-02-01T00:00:00.000Z',
          last_seen: iso(T0 + 2600),
          sources: ['runtime', 'static_code_scan'],
          agents: 1,
        },
        {
          id: 'ollama/local-llama',
          name: 'local-llama',
          provider: 'ollama',
          type: 'chat',
          first_seen: iso(T0 + 20_000),
          last_seen: iso(T0 + 21_000),
          sources: ['runtime'],
          agents: 1,
        },
        {
          id: 'openai/gpt-4o-mini',
          name: 'gpt-4o-mini',
          provider: 'openai',
          type: 'chat',
          first_seen: iso(T0 + 3100),
          last_seen: iso(T0 + 3600),
          sources: ['runtime'],
          agents: 1,
        },
      ]);
      const model = await read(`aispm-models/tenants/${T1}/workspaces/${w}/model-7`);
      assert.deepEqual(model.agents, { items: [{ id: 'planner', name: 'Trip Planner' }], total: 1 });
      const tools = await list('aispm-tools', w);
      assert.deepEqual(pick(tools, ['id', 'name', 'type', 'description', 'sources', 'agents', 'mcp_servers']), [
        { id: 'search_docs', name: 'search_docs', type: 'mcp', description: null, sources: ['runtime'], agents: 1, mcp_servers: 1 },
        {
          id: 'tool-1',
          name: 'get_weather',
          type: 'function',
          description: LONG_DESCRIPTION.slice(0, 1024),
          sources: ['runtime', 'static_code_scan'],
          agents: 1,
          mcp_servers: 0,
        },
      ]);
      const servers = await list('aispm-mcp-servers', w);
      assert.deepEqual(pick(servers, ['id', 'name', 'url', 'transport', 'sources', 'agents', 'tools']), [
        {
          id: 'docs-mcp.internal:8443',
          name: 'docs-mcp.internal:8443',
          url: 'docs-mcp.internal:8443',
          transport: 'streamable-http',
          sources: ['runtime'],
          agents: 1,
          tools: 1,
        },
      ]);
      // Relations, from the span tree.
      assert.deepEqual(await edge('aispm-agents', w, 'planner', 'aispm_model_dependencies'), ['model-7']);
      assert.deepEqual(await edge('aispm-agents', w, 'planner', 'aispm_tools'), ['tool-1']);
      assert.deepEqual(await edge('aispm-agents', w, 'planner', 'aispm_agent_dependencies'), ['trip-planner/Researcher']);
      assert.deepEqual(await edge('aispm-agents', w, 'planner', 'aispm_input_guardrails'), ['pii-filter']);
      assert.deepEqual(await edge('aispm-agents', w, 'trip-planner/Researcher', 'aispm_model_dependencies'), ['openai/gpt-4o-mini']);
      assert.deepEqual(await edge('aispm-agents', w, 'trip-planner/Researcher', 'aispm_mcp_server_dependencies'), [
        'docs-mcp.internal:8443',
      ]);
      assert.deepEqual(await edge('aispm-agents', w, 'trip-planner/Researcher', 'aispm_tools'), ['search_docs']);
      assert.deepEqual(await edge('aispm-agents', w, 'trip-planner/Researcher', 'aispm_output_guardrails'), ['toxicity']);
      assert.deepEqual(await edge('aispm-mcp-servers', w, 'docs-mcp.internal:8443', 'aispm_tools'), ['search_docs']);
      assert.deepEqual(await edge('aispm-agents', w, 'trip-planner', 'aispm_model_dependencies'), ['ollama/local-llama']);
      // `sources` filters every list.
      assert.deepEqual(
        (await list('aispm-agents', w, '&sources=static_code_scan')).map((a) => a.id),
        ['planner'],
      );

      // Sessions: turns, tokens and cost with its source; the unpriced turn is counted, not a silent zero.
      const sessions = objects(await read(`aispm-llm-sessions/tenants/${T1}/workspaces/${w}?sort=session_id&sort_dir=asc`));
      assert.deepEqual(
        pick(sessions, ['session_id', 'agent_id', 'turns', 'input_tokens', 'output_tokens', 'ok', 'blocked', 'redacted', 'unpriced_turns']),
        [
          {
            session_id: 'conv-a',
            agent_id: 'planner',
            turns: 3,
            input_tokens: 2700,
            output_tokens: 230,
            ok: 1,
            blocked: 1,
            redacted: 1,
            unpriced_turns: 0,
          },
          {
            session_id: 'conv-b',
            agent_id: 'trip-planner',
            turns: 1,
            input_tokens: 300,
            output_tokens: 30,
            ok: 1,
            blocked: 0,
            redacted: 0,
            unpriced_turns: 1,
          },
        ],
      );
      // 600 × 2.50 + 400 cached × 1.25 + 100 × 10 per million (gpt-4o) + 0.5 reported + 500 × 0.15 + 50 × 0.60 per million (gpt-4o-mini)
      assert.ok(Math.abs(sessions[0]!.cost - 0.503105) < 1e-9, String(sessions[0]!.cost));
      assert.equal(sessions[1]!.cost, 0);
      const interactions = objects(await read(`aispm-llm-interactions/tenants/${T1}/workspaces/${w}?sort_dir=asc`));
      assert.deepEqual(
        interactions.map((i) => [
          i.agent_id,
          i.model,
          i.model_id,
          i.provider,
          i.cost_source,
          i.prompt_outcome,
          i.response_outcome,
          i.categories,
        ]),
        [
          ['planner', 'gpt-4o-2024-08-06', 'model-7', 'openai', 'priced', 'REDACTED', 'OK', ['pii-filter']],
          ['planner', 'gpt-4o-2024-11-20', 'model-7', 'openai', 'reported', 'OK', 'OK', []],
          ['trip-planner/Researcher', 'gpt-4o-mini', 'openai/gpt-4o-mini', 'openai', 'priced', 'OK', 'BLOCKED', ['toxicity']],
          ['trip-planner', 'local-llama', 'ollama/local-llama', 'ollama', 'unpriced', 'OK', 'OK', []],
        ],
      );
      const first = objects(await read(`aispm-llm-interactions/tenants/${T1}/workspaces/${w}/${interactions[0]!.id}`))[0]!;
      assert.equal(first.attributes.cache_read_tokens, 400);
      assert.deepEqual(first.attributes.dialects, ['genai']);

      // Shadow AI: what only telemetry reports is undeclared; the declared planner was last seen at runtime long ago.
      const fired = async (slug: string) =>
        objects(await read(`rules/SR-aispm_${slug}/results?workspace_id=${w}&status=open`))
          .map((r) => `${r.object_type}:${r.object_id}:${r.severity}`)
          .sort();
      assert.deepEqual(await fired('undeclared_ai_model_or_mcp_server'), [
        'mcp_server:docs-mcp.internal:8443:high',
        'model:ollama/local-llama:high',
        'model:openai/gpt-4o-mini:high',
      ]);
      assert.deepEqual(await fired('undeclared_ai_agent_or_tool'), [
        'agent:trip-planner/Researcher:medium',
        'agent:trip-planner:medium',
        'tool:search_docs:medium',
      ]);
      assert.deepEqual(await fired('declared_agent_quiet_at_runtime'), ['agent:planner:low']);

      const stats = await read(`otlp/tenants/${T1}/workspaces/${w}/stats`);
      const expected = {
        spans_received: 10,
        mapped: { agent: 2, model: 4, tool: 1, mcp_server: 1, guardrail: 1 },
        ignored: { not_genai: 1, genai_no_object: 0 },
        rejected: 0,
        attributes_wrong_type: 0,
        objects_created: 8,
        objects_refused: 0,
        cost_reported_zero: 1,
        unmapped_attributes: [{ key: 'gen_ai.data_source.id', count: 1 }],
      };
      assert.deepEqual(stats, { today: { day: stats.today.day, ...expected }, total: expected, object_cap: CAP });
      assert.match(stats.today.day, /^\d{4}-\d{2}-\d{2}$/);

      // The same counts as Prometheus counters (this app's first export).
      const metrics = await h().get('/metrics', await h().token({ tenant: T1, scopes: ['metrics'] }));
      const lines = metrics.body.split('\n').filter((l) => l.startsWith('aispm_otlp_'));
      assert.deepEqual(lines.sort(), [
        'aispm_otlp_group_commits_total{outcome="committed"} 1',
        'aispm_otlp_group_exports_total{outcome="committed"} 1',
        'aispm_otlp_objects_total{outcome="created"} 8',
        'aispm_otlp_spans_total{outcome="ignored",detail="not_genai"} 1',
        'aispm_otlp_spans_total{outcome="mapped",detail="agent"} 2',
        'aispm_otlp_spans_total{outcome="mapped",detail="guardrail"} 1',
        'aispm_otlp_spans_total{outcome="mapped",detail="mcp_server"} 1',
        'aispm_otlp_spans_total{outcome="mapped",detail="model"} 4',
        'aispm_otlp_spans_total{outcome="mapped",detail="tool"} 1',
        'aispm_otlp_spans_total{outcome="received",detail=""} 10',
      ]);
    });

    it('spans exported one by one, children before the agent span above them, still make the graph and the session', async () => {
      const w = 'disc-one-by-one';
      process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = endpoint(w);
      process.env.OTEL_EXPORTER_OTLP_HEADERS = `Authorization=Bearer ${ingestToken}`;
      const exporter = new OTLPTraceExporter();
      const results: number[] = [];
      // The simple processor sends each span as it ends, on its own request: the agent span (which
      // carries the conversation) ends, and so arrives, last.
      const provider = new TracerProvider({
        resource,
        spanProcessors: [
          new SimpleSpanProcessor({
            exporter: {
              export: (spans, done) =>
                exporter.export(spans, (r) => {
                  results.push(r.code);
                  done(r);
                }),
              shutdown: () => exporter.shutdown(),
            },
          }),
        ],
      });
      const tracer = provider.getTracer('one-by-one');
      const agent = tracer.startSpan('invoke_agent Booker', {
        startTime: T0,
        attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'Booker', 'gen_ai.conversation.id': 'conv-late' },
      });
      const inside = trace.setSpan(context.active(), agent);
      const step = tracer.startSpan('plan', { startTime: T0 + 10 }, inside);
      const underStep = trace.setSpan(context.active(), step);
      for (const [i, model] of ['gpt-4o', 'gpt-4o-mini'].entries()) {
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
            underStep,
          )
          .end(T0 + 600 + i * 1000);
      }
      step.end(T0 + 2000);
      agent.end(T0 + 3000);
      await provider.forceFlush();
      await provider.shutdown();
      assert.deepEqual(results, [0, 0, 0, 0]);

      assert.deepEqual(
        (await list('aispm-agents', w)).map((a) => [a.id, a.models]),
        [['trip-planner/Booker', 2]],
      );
      const sessions = objects(await read(`aispm-llm-sessions/tenants/${T1}/workspaces/${w}`));
      assert.deepEqual(
        sessions.map((s) => [s.session_id, s.agent_id, s.turns, s.total_tokens]),
        [['conv-late', 'trip-planner/Booker', 2, 220]],
      );
    });

    it('an export of nothing the service maps still explains itself in the stats', async () => {
      const w = 'disc-ignored';
      await exportWith(w, (p) => {
        p.getTracer('web')
          .startSpan('GET /health', { startTime: T0, attributes: { 'http.request.method': 'GET' } })
          .end(T0 + 5);
      });
      const stats = await read(`otlp/tenants/${T1}/workspaces/${w}/stats`);
      assert.deepEqual(
        [stats.total.spans_received, stats.total.ignored, stats.total.mapped.model],
        [1, { not_genai: 1, genai_no_object: 0 }, 0],
      );
      // The stats take no parameter, and answer only a token of the tenant.
      const bad = await h().get(`/api/v1/otlp/tenants/${T1}/workspaces/${w}/stats?day=2026-03-01`, readToken);
      assert.equal(bad.statusCode, 400);
      assert.match(body(bad).message, /day/);
      const other = await h().get(`/api/v1/otlp/tenants/${T1}/workspaces/${w}/stats`, await h().token({ tenant: 't2' }));
      assert.equal(other.statusCode, 403);
    });

    it('a guardrail span exported before the model call it judged still sets the outcome of that call', async () => {
      const w = 'disc-guard-late';
      const memory = new InMemorySpanExporter();
      const provider = new TracerProvider({ resource, spanProcessors: [new SimpleSpanProcessor({ exporter: memory })] });
      const tracer = provider.getTracer('guarded');
      const agent = tracer.startSpan('invoke_agent Guarded', {
        startTime: T0,
        attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.id': 'guarded', 'gen_ai.conversation.id': 'conv-guard' },
      });
      const chat = tracer.startSpan(
        'chat gpt-4o',
        {
          startTime: T0 + 10,
          attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': 'gpt-4o' },
        },
        trace.setSpan(context.active(), agent),
      );
      tracer
        .startSpan(
          'apply_guardrail pii',
          {
            startTime: T0 + 20,
            attributes: {
              'gen_ai.operation.name': 'apply_guardrail',
              'gen_ai.guardrail.name': 'pii',
              'gen_ai.guardrail.target': 'output',
              'gen_ai.guardrail.outcome': 'redacted',
            },
          },
          trace.setSpan(context.active(), chat),
        )
        .end(T0 + 30);
      chat.end(T0 + 500);
      agent.end(T0 + 600);
      // The guardrail (ended first) in one export, the call and the agent in the next.
      const [guard, ...rest] = memory.getFinishedSpans();
      for (const batch of [[guard!], rest]) {
        const res = await fetch(endpoint(w), {
          method: 'POST',
          body: Buffer.from(ProtobufTraceSerializer.serializeRequest(batch)!),
          headers: { authorization: `Bearer ${ingestToken}`, 'content-type': 'application/x-protobuf' },
        });
        assert.equal(res.status, 200);
      }
      const interactions = objects(await read(`aispm-llm-interactions/tenants/${T1}/workspaces/${w}`));
      assert.deepEqual(
        interactions.map((i) => [i.agent_id, i.response_outcome, i.categories]),
        [['guarded', 'REDACTED', ['pii']]],
      );
      assert.deepEqual(await edge('aispm-agents', w, 'guarded', 'aispm_output_guardrails'), ['pii']);
    });

    it('the same export sent twice changes nothing but the count of spans received', async () => {
      const w = 'disc-twice';
      const memory = new InMemorySpanExporter();
      const provider = new TracerProvider({ resource, spanProcessors: [new SimpleSpanProcessor({ exporter: memory })] });
      runAgent(provider);
      const payload = Buffer.from(ProtobufTraceSerializer.serializeRequest(memory.getFinishedSpans())!);
      const send = async () => {
        const res = await fetch(endpoint(w), {
          method: 'POST',
          body: payload,
          headers: { authorization: `Bearer ${ingestToken}`, 'content-type': 'application/x-protobuf' },
        });
        assert.equal(res.status, 200);
      };
      const snapshot = async () => ({
        agents: await list('aispm-agents', w),
        models: await list('aispm-models', w),
        tools: await list('aispm-tools', w),
        servers: await list('aispm-mcp-servers', w),
        sessions: await read(`aispm-llm-sessions/tenants/${T1}/workspaces/${w}?sort=session_id`),
      });
      await send();
      const once = await snapshot();
      await send();
      assert.deepEqual(await snapshot(), once);
      const stats = await read(`otlp/tenants/${T1}/workspaces/${w}/stats`);
      assert.equal(stats.total.spans_received, 20);
      assert.equal(stats.total.objects_created, 11);
    });

    it('attributes of the wrong type are ignored and named; the span still counts', async () => {
      const w = 'disc-types';
      let spanId = '';
      await exportWith(w, (p) => {
        const s = p.getTracer('t').startSpan('chat', {
          startTime: T0,
          attributes: {
            'gen_ai.operation.name': 'chat',
            'gen_ai.provider.name': 'openai',
            'gen_ai.request.model': ['gpt-4o', 'gpt-4o-mini'],
            'gen_ai.response.model': 'gpt-4o',
            'gen_ai.usage.input_tokens': 'lots',
            'gen_ai.usage.output_tokens': 10,
            'gen_ai.conversation.id': 'conv-types',
          },
        });
        spanId = s.spanContext().spanId;
        s.end(T0 + 100);
      });
      const interactions = objects(await read(`aispm-llm-interactions/tenants/${T1}/workspaces/${w}`));
      assert.deepEqual(
        interactions.map((i) => [i.model, i.model_id, i.input_tokens, i.output_tokens]),
        [['gpt-4o', 'openai/gpt-4o', 0, 10]],
      );
      const stats = await read(`otlp/tenants/${T1}/workspaces/${w}/stats`);
      assert.equal(stats.total.attributes_wrong_type, 2);
      // The answer names them (the exporter above succeeded; send the same span again to read the message).
      const memory = new InMemorySpanExporter();
      const p = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: memory })] });
      const s = p.getTracer('t').startSpan('chat', {
        startTime: T0,
        attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': ['a'], 'gen_ai.usage.input_tokens': 'lots' },
      });
      s.end(T0 + 1);
      const res = await fetch(endpoint(w), {
        method: 'POST',
        body: JSON.stringify(JSON.parse(new TextDecoder().decode(JsonSerializer(memory)))),
        headers: { authorization: `Bearer ${ingestToken}`, 'content-type': 'application/json' },
      });
      const answer = (await res.json()) as { partialSuccess: { rejectedSpans: number; errorMessage: string } };
      const id = s.spanContext().spanId;
      assert.deepEqual(answer, {
        partialSuccess: {
          rejectedSpans: 0,
          errorMessage: `2 attributes ignored: span ${id}: gen_ai.request.model is an array, not a string; span ${id}: gen_ai.usage.input_tokens is "lots", not a non-negative integer`,
        },
      });
      assert.ok(spanId);
    });

    it('a token count beyond the doubles (an int64 above 2^53, or below −2^53) is named in the answer, not a 500', async () => {
      const w = 'disc-int64';
      // Built by hand: the SDKs hold attributes as doubles and cannot send such an int64.
      const varint = (v: bigint) => {
        const out: number[] = [];
        let n = BigInt.asUintN(64, v);
        while (n >= 0x80n) {
          out.push(Number(n & 0x7fn) | 0x80);
          n >>= 7n;
        }
        out.push(Number(n));
        return out;
      };
      const len = (field: number, bytes: number[]) => [...varint(BigInt(field * 8 + 2)), ...varint(BigInt(bytes.length)), ...bytes];
      const text = (field: number, s: string) => len(field, [...Buffer.from(s, 'utf8')]);
      const fixed64 = (field: number, v: bigint) => {
        const b = Buffer.alloc(8);
        b.writeBigUInt64LE(v);
        return [...varint(BigInt(field * 8 + 1)), ...b];
      };
      const attr = (key: string, value: number[]) => len(9, [...text(1, key), ...len(2, value)]);
      const intAttr = (key: string, v: bigint) => attr(key, [...varint(3n * 8n), ...varint(v)]);
      const strAttr = (key: string, v: string) => attr(key, text(1, v));
      const traceId = '0af7651916cd43dd8448eb211c80319c';
      const span = (id: string, tokens: bigint) => [
        ...len(1, [...Buffer.from(traceId, 'hex')]),
        ...len(2, [...Buffer.from(id, 'hex')]),
        ...text(5, 'chat'),
        ...fixed64(7, BigInt(T0) * 1_000_000n),
        ...fixed64(8, BigInt(T0 + 100) * 1_000_000n),
        ...strAttr('gen_ai.operation.name', 'chat'),
        ...strAttr('gen_ai.request.model', 'gpt-4o'),
        ...intAttr('gen_ai.usage.input_tokens', tokens),
        ...intAttr('gen_ai.usage.output_tokens', 5n),
      ];
      const request = len(1, len(2, [...len(2, span('00f067aa0ba902b7', 2n ** 60n)), ...len(2, span('00f067aa0ba902b8', -(2n ** 60n)))]));
      const res = await fetch(endpoint(w), {
        method: 'POST',
        body: Buffer.from(request),
        headers: { authorization: `Bearer ${ingestToken}`, 'content-type': 'application/x-protobuf' },
      });
      assert.equal(res.status, 200);
      assert.deepEqual(ProtobufTraceSerializer.deserializeResponse(new Uint8Array(await res.arrayBuffer())), {
        partialSuccess: {
          rejectedSpans: 0,
          errorMessage:
            '2 attributes ignored: span 00f067aa0ba902b7: gen_ai.usage.input_tokens is 1152921504606846976, not a non-negative integer; ' +
            'span 00f067aa0ba902b8: gen_ai.usage.input_tokens is -1152921504606846976, not a non-negative integer',
        },
      });
      const interactions = objects(await read(`aispm-llm-interactions/tenants/${T1}/workspaces/${w}`));
      assert.deepEqual(interactions.map((i) => [i.id, i.model, i.input_tokens, i.output_tokens]).sort(), [
        [`${traceId}-00f067aa0ba902b7`, 'gpt-4o', 0, 5],
        [`${traceId}-00f067aa0ba902b8`, 'gpt-4o', 0, 5],
      ]);
    });

    it(`past the cap of ${CAP} objects, spans still become interactions but create no objects, and the stats say so`, async () => {
      const w = 'disc-flood';
      await exportWith(w, (p) => {
        const tracer = p.getTracer('flood');
        for (let i = 0; i < 30; i++) {
          tracer
            .startSpan(`chat model-${String(i).padStart(2, '0')}`, {
              startTime: T0 + i,
              attributes: {
                'gen_ai.operation.name': 'chat',
                'gen_ai.provider.name': 'acme',
                'gen_ai.request.model': `model-${String(i).padStart(2, '0')}`,
                'gen_ai.conversation.id': 'flood',
              },
            })
            .end(T0 + i + 1);
        }
      });
      const models = await list('aispm-models', w);
      // The service itself (agent) was created first, then models until the cap.
      assert.equal(models.length, CAP - 1);
      assert.deepEqual(
        models.map((m) => m.id),
        Array.from({ length: CAP - 1 }, (_, i) => `acme/model-${String(i).padStart(2, '0')}`),
      );
      const sessions = objects(await read(`aispm-llm-sessions/tenants/${T1}/workspaces/${w}`));
      assert.equal(sessions[0]!.turns, 30);
      const stats = await read(`otlp/tenants/${T1}/workspaces/${w}/stats`);
      assert.deepEqual([stats.total.objects_created, stats.total.objects_refused, stats.total.mapped.model], [CAP, 30 - CAP + 1, 30]);
      // Only refused objects' relations are left out: the agent uses exactly the models that exist.
      assert.equal((await edge('aispm-agents', w, 'trip-planner', 'aispm_model_dependencies')).length, CAP - 1);
    });
  },
  { config: { runtimeObjectCap: CAP } },
);

/** The OTLP/JSON form of the spans an in-memory exporter holds, made by the official serializer. */
function JsonSerializer(memory: InMemorySpanExporter): Uint8Array {
  return JsonTraceSerializer.serializeRequest(memory.getFinishedSpans())!;
}
