// The inventory graph on a fixture whose every relation the test knows: every (kind, edge) of the
// catalogue, both directions of each relation, detail sections against edges, paging under every
// sort order, CSV and conditional GET.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { kindByName, routedKinds } from '../src/catalog/kinds.ts';
import { issueIdOf } from '../src/catalog/rules/index.ts';
import { param } from '../src/platform/db/database.ts';
import { migrate } from '../src/compose.ts';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';
import { at, entity, models, relation, T1, T2, W1, W2 } from './helpers/fixtures.ts';

const leaves: Array<[string, string]> = [
  ['guardrail', 'g1'],
  ['guardrail', 'g2'],
  ['cert', 'c1'],
  ['key', 'k1'],
  ['secret', 'sec1'],
  ['qualys_secret', 'q1'],
  ['tls_config', 'tls1'],
  ['operation', 'op1'],
  ['crypto_session', 'cs1'],
  ['mcp_prompt', 'p1'],
  ['mcp_resource', 'r1'],
  ['garak_info', 'gk1'],
];

const fixture = [
  entity('agent', 'a1', 'Support Agent', 50, { framework: 'langchain', human_approval: false }),
  entity('agent', 'a2', 'Billing Agent', 40, { framework: 'crewai' }),
  entity('model', 'm1', 'gpt-4o', 30, { provider: 'openai', pinned: false }),
  entity('model', 'm2', 'claude-sonnet-4', 20, { provider: 'anthropic', pinned: true }),
  entity('tool', 'tl1', 'run_shell', 10, { capabilities: ['shell'], destructive: true }),
  entity('tool', 'tl2', 'search_web', 11, { capabilities: ['network'] }),
  entity('mcp_server', 's1', 'filesystem-mcp', 12, { transport: 'stdio', authentication: 'none' }),
  entity('asset', 'as1', 'web-1', 13, { type: 'host' }),
  entity('asset', 'as2', 'db-1', 14, { type: 'vm' }),
  entity('location', 'l1', 'src/agent.py', 15, {
    repository: 'https://github.com/acme/a',
    path: 'src/agent.py',
    start_line: 3,
    end_line: 9,
    commit: 'abc',
  }),
  entity('location', 'l2', 'src/tools.py', 16, { repository: 'https://github.com/acme/a', path: 'src/tools.py' }),
  ...leaves.map(([k, id], i) => entity(k, id, `${k} ${id}`, 17 + i)),
  relation('agent', 'a1', 'uses_model', 'model', 'm1'),
  relation('agent', 'a1', 'uses_model', 'model', 'm2'),
  relation('agent', 'a2', 'uses_model', 'model', 'm1'),
  relation('agent', 'a1', 'uses_tool', 'tool', 'tl1'),
  relation('agent', 'a2', 'uses_tool', 'tool', 'tl1'),
  relation('agent', 'a2', 'uses_tool', 'tool', 'tl2'),
  relation('agent', 'a1', 'uses_mcp_server', 'mcp_server', 's1'),
  relation('agent', 'a1', 'delegates_to', 'agent', 'a2'),
  relation('agent', 'a1', 'input_guardrail', 'guardrail', 'g1'),
  relation('agent', 'a1', 'output_guardrail', 'guardrail', 'g2'),
  relation('mcp_server', 's1', 'exposes_tool', 'tool', 'tl2'),
  relation('mcp_server', 's1', 'exposes_prompt', 'mcp_prompt', 'p1'),
  relation('mcp_server', 's1', 'exposes_resource', 'mcp_resource', 'r1'),
  relation('agent', 'a1', 'runs_on', 'asset', 'as1'),
  relation('model', 'm1', 'runs_on', 'asset', 'as1'),
  relation('mcp_server', 's1', 'runs_on', 'asset', 'as2'),
  relation('agent', 'a1', 'defined_in', 'location', 'l1'),
  relation('model', 'm1', 'defined_in', 'location', 'l1'),
  relation('tool', 'tl1', 'defined_in', 'location', 'l2'),
  relation('mcp_server', 's1', 'defined_in', 'location', 'l2'),
  relation('asset', 'as1', 'connects_to', 'asset', 'as2'),
  relation('model', 'm1', 'probe_result', 'garak_info', 'gk1'),
  ...['cert:c1', 'key:k1', 'secret:sec1', 'qualys_secret:q1', 'tls_config:tls1', 'operation:op1', 'crypto_session:cs1'].map((s) =>
    relation('asset', 'as1', 'contains', s.split(':')[0]!, s.split(':')[1]!),
  ),
  relation('location', 'l1', 'contains', 'cert', 'c1'),
  relation('location', 'l1', 'contains', 'key', 'k1'),
  relation('location', 'l1', 'contains', 'secret', 'sec1'),
  relation('location', 'l1', 'contains', 'qualys_secret', 'q1'),
  { type: 'finding', id: 'f1', rule_id: 'SR-aispm_missing_output_guardrails', object_kind: 'agent', object_id: 'a2', detected_at: at(1) },
  {
    type: 'finding',
    id: 'f2',
    rule_id: 'SR-aispm_tool_shell_or_code_execution',
    object_kind: 'tool',
    object_id: 'tl1',
    detected_at: at(2),
  },
  {
    type: 'finding',
    id: 'f3',
    rule_id: 'SR-aispm_tool_shell_or_code_execution',
    object_kind: 'tool',
    object_id: 'tl1',
    detected_at: at(3),
  },
  { type: 'finding', id: 'f4', rule_id: 'SR-aispm_unpinned_model_version', object_kind: 'model', object_id: 'm1', detected_at: at(4) },
  {
    type: 'finding',
    id: 'f5',
    rule_id: 'SR-aispm_mcp_server_without_authentication',
    object_kind: 'mcp_server',
    object_id: 's1',
    detected_at: at(5),
    severity: 'critical',
  },
  // as1 has a current scan and a historical one; as2 none.
  {
    type: 'scan',
    id: 'sc1',
    sensor_type: 'SENSOR_TYPE_STATIC_CODE_SCAN',
    started_at: at(1),
    finished_at: at(2),
    status: 'succeeded',
    asset_ids: ['as1'],
  },
  {
    type: 'scan',
    id: 'sc2',
    sensor_type: 'SENSOR_TYPE_STATIC_CODE_SCAN',
    started_at: at(3),
    finished_at: at(4),
    status: 'succeeded',
    asset_ids: ['as1'],
  },
  {
    type: 'interaction',
    id: 'i1',
    session_id: 'sess1',
    agent_id: 'a1',
    model: 'gpt-4o',
    model_id: 'm1',
    mcp_server_ids: ['s1'],
    time: at(100),
    duration_ms: 500,
    input_tokens: 10,
    output_tokens: 5,
  },
  {
    type: 'interaction',
    id: 'i2',
    session_id: 'sess2',
    agent_id: 'a2',
    model: 'gpt-4o',
    time: at(200),
    duration_ms: 500,
    input_tokens: 10,
    output_tokens: 5,
  },
];

/** kind/id/edge -> the ids it must answer. */
const expected: Record<string, string[]> = {
  'agent/a1/assets': ['as1'],
  'agent/a1/sessions': ['sess1'],
  'agent/a1/instances': [],
  'agent/a1/issues': [],
  'agent/a2/instances': ['f1'],
  'agent/a2/sessions': ['sess2'],
  'agent/a1/locations': ['l1'],
  'agent/a1/aispm_tools': ['tl1'],
  'agent/a1/aispm_input_guardrails': ['g1'],
  'agent/a1/aispm_output_guardrails': ['g2'],
  'agent/a1/aispm_agent_dependencies': ['a2'],
  'agent/a1/aispm_model_dependencies': ['m1', 'm2'],
  'agent/a1/aispm_mcp_server_dependencies': ['s1'],
  'model/m1/assets': ['as1'],
  'model/m1/sessions': ['sess1', 'sess2'],
  'model/m1/instances': ['f4'],
  'model/m1/locations': ['l1'],
  'model/m1/garak-info': ['gk1'],
  'model/m1/aispm_agents': ['a1', 'a2'],
  'model/m2/aispm_agents': ['a1'],
  'tool/tl1/agents': ['a1', 'a2'],
  'tool/tl2/mcp_servers': ['s1'],
  'tool/tl1/locations': ['l2'],
  'tool/tl1/mcp_servers': [],
  'mcp_server/s1/assets': ['as2'],
  'mcp_server/s1/sessions': ['sess1'],
  'mcp_server/s1/instances': ['f5'],
  'mcp_server/s1/locations': ['l2'],
  'mcp_server/s1/aispm_tools': ['tl2'],
  'mcp_server/s1/aispm_mcp_prompts': ['p1'],
  'mcp_server/s1/aispm_mcp_resources': ['r1'],
  'mcp_server/s1/aispm_agents': ['a1'],
  'asset/as1/certs': ['c1'],
  'asset/as1/keys': ['k1'],
  'asset/as1/sessions': ['cs1'],
  'asset/as1/operations': ['op1'],
  'asset/as1/qualys-secrets': ['q1'],
  'asset/as1/tls-configs': ['tls1'],
  'asset/as1/secrets': ['sec1'],
  'asset/as1/aispm_models': ['m1'],
  'asset/as1/aispm_agents': ['a1'],
  'asset/as2/aispm_mcp_servers': ['s1'],
  'asset/as1/assets': ['as2'],
  'asset/as1/scans': ['sc1', 'sc2'],
  'asset/as1/current_scans': ['sc2'],
  'asset/as2/scans': [],
  'asset/as2/current_scans': [],
  'location/l1/certs': ['c1'],
  'location/l1/keys': ['k1'],
  'location/l1/qualys-secrets': ['q1'],
  'location/l1/secrets': ['sec1'],
  'agent/a2/issues': [issueIdOf(T1, W1, 'SR-aispm_missing_output_guardrails', 'medium')],
  'model/m1/issues': [issueIdOf(T1, W1, 'SR-aispm_unpinned_model_version', 'medium')],
  'tool/tl1/issues': [issueIdOf(T1, W1, 'SR-aispm_tool_shell_or_code_execution', 'high')],
  'tool/tl2/issues': [],
  'mcp_server/s1/issues': [issueIdOf(T1, W1, 'SR-aispm_mcp_server_without_authentication', 'critical')],
};

const url = (kind: string, rest = '', ws = W1, tenant = T1) =>
  `/api/v1/${kindByName.get(kind)!.prefix}/tenants/${tenant}/workspaces/${ws}${rest}`;
const idsOf = (result: { header: string[]; rows: unknown[][] }) => {
  const col = result.header.includes('id') ? 'id' : 'session_id';
  return objects(result)
    .map((o) => String(o[col]))
    .sort();
};

// The fixtures count ingested findings only: posture rules (their own suite) are off here.
describeEngines(
  'inventory graph',
  (h) => {
    let token: string;
    before(async () => {
      const s = await h().ingest(T1, W1, fixture);
      assert.equal(s.rejected, 0, JSON.stringify(s.errors));
      // The same ids in another workspace and another tenant must stay invisible.
      await h().ingest(T1, W2, [entity('agent', 'only-w2', 'W2 agent', 1), entity('model', 'm1', 'w2 model', 1)]);
      await h().ingest(T2, W1, [entity('agent', 'only-t2', 'T2 agent', 1)]);
      await h().ingest(T1, 'paging', models(25));
      token = await h().token({ tenant: T1 });
    });

    it('covers every edge of every routed kind', () => {
      for (const kind of routedKinds) {
        for (const edge of kind.edges) {
          assert.ok(
            Object.keys(expected).some((k) => k.startsWith(`${kind.name}/`) && k.endsWith(`/${edge.name}`)),
            `${kind.name}/${edge.name} untested`,
          );
        }
      }
    });

    it('every (kind, edge) answers 200 with exactly the right neighbours', async () => {
      for (const [key, ids] of Object.entries(expected)) {
        const [kind, id, edge] = key.split('/') as [string, string, string];
        const res = await h().get(url(kind, `/${id}/${edge}`), token);
        assert.equal(res.statusCode, 200, `${key}: ${res.body}`);
        const page = body(res);
        assert.deepEqual(idsOf(page), [...ids].sort(), key);
        assert.equal(page.total, ids.length, `${key} total`);
        assert.equal(page.cursor, '');
        assert.equal(page.total_sampling, 1);
      }
    });

    it('issues on an object carry their occurrences there', async () => {
      const page = body(await h().get(url('tool', '/tl1/issues'), token));
      assert.deepEqual(page.header, [
        'id',
        'rule_id',
        'rule_name',
        'severity',
        'category',
        'occurrences',
        'first_detected',
        'last_detected',
      ]);
      assert.equal(page.rows.length, 1);
      const [issue] = objects(page);
      assert.deepEqual(
        { ...issue, id: typeof issue!.id },
        {
          id: 'string',
          rule_id: 'SR-aispm_tool_shell_or_code_execution',
          rule_name: 'Tool can run shell commands or code',
          severity: 'high',
          category: 'tool_misuse',
          occurrences: 2,
          first_detected: at(2),
          last_detected: at(3),
        },
      );
    });

    it('both directions of every relation agree', async () => {
      for (const kind of routedKinds) {
        for (const edge of kind.edges) {
          if (!('relation' in edge.via)) continue;
          const target = kindByName.get(edge.target)!;
          const reverse = target.edges.find(
            (e) =>
              'relation' in e.via &&
              e.via.relation === (edge.via as { relation: string }).relation &&
              e.via.direction !== (edge.via as { direction: string }).direction &&
              e.target === kind.name,
          );
          if (!reverse || !target.prefix) continue;
          const sources = body(await h().get(url(kind.name, '?page_size=1000'), token));
          for (const src of objects(sources)) {
            const there = idsOf(body(await h().get(url(kind.name, `/${src.id}/${edge.name}`), token)));
            for (const dst of there) {
              const back = idsOf(body(await h().get(url(target.name, `/${dst}/${reverse.name}`), token)));
              assert.ok(
                back.includes(String(src.id)),
                `${kind.name}/${src.id}/${edge.name} has ${dst} but ${target.name}/${dst}/${reverse.name} lacks ${src.id}`,
              );
            }
          }
        }
      }
    });

    it('detail sections list what their edges list', async () => {
      for (const kind of routedKinds) {
        const all = objects(body(await h().get(url(kind.name, '?page_size=1000'), token)));
        for (const o of all) {
          const detail = body(await h().get(url(kind.name, `/${o.id}`), token));
          assert.deepEqual(detail.rows, [Object.values(o)], `${kind.name}/${o.id} row`);
          for (const s of kind.sections) {
            const edge = body(await h().get(url(kind.name, `/${o.id}/${s.edge}`), token));
            const section = detail[s.name];
            assert.equal(section.total, edge.total, `${kind.name}/${o.id} ${s.name} total`);
            const ids = s.shape === 'tabular' ? idsOf(section) : section.items.map((i: { id: string }) => i.id).sort();
            assert.deepEqual(ids, idsOf(edge), `${kind.name}/${o.id} ${s.name}`);
          }
        }
      }
    });

    it('the model detail: one row, agents and locations with their code location', async () => {
      const d = body(await h().get(url('model', '/m1'), token));
      assert.deepEqual(Object.keys(d).sort(), ['agents', 'cursor', 'header', 'locations', 'rows', 'total', 'total_sampling']);
      assert.equal(d.total, 1);
      assert.equal(d.cursor, '');
      const row = objects(d)[0]!;
      assert.equal(row.id, 'm1');
      assert.equal(row.provider, 'openai');
      assert.equal(row.pinned, false);
      assert.equal(row.agents, 2);
      assert.equal(row.total_issues, 1);
      assert.equal(row.last_seen, at(30));
      assert.deepEqual(d.agents, {
        items: [
          { id: 'a1', name: 'Support Agent' },
          { id: 'a2', name: 'Billing Agent' },
        ],
        total: 2,
      });
      assert.deepEqual(d.locations, {
        items: [
          {
            id: 'l1',
            codeLocation: {
              repository: 'https://github.com/acme/a',
              path: 'src/agent.py',
              start_line: 3,
              end_line: 9,
              branch: null,
              commit: 'abc',
              url: null,
              host: null,
            },
          },
        ],
        total: 1,
      });
    });

    it('the agent detail carries its cost', async () => {
      const d = body(await h().get(url('agent', '/a1'), token));
      assert.deepEqual(Object.keys(d.burn_rate).sort(), ['baseline_daily_spend', 'daily_spend_rate', 'status']);
      assert.equal(d.cost_history.monthly.length, 12);
      assert.equal(d.cost_per_session_history.length, 12);
    });

    it('counts of neighbours and issues in the rows', async () => {
      const a1 = objects(body(await h().get(url('agent', '/a1'), token)))[0]!;
      assert.deepEqual([a1.models, a1.tools, a1.mcp_servers, a1.sub_agents, a1.input_guardrails, a1.output_guardrails], [2, 1, 1, 1, 1, 1]);
      const tl1 = objects(body(await h().get(url('tool', '/tl1'), token)))[0]!;
      assert.deepEqual([tl1.critical_issues, tl1.high_issues, tl1.total_issues, tl1.agents, tl1.mcp_servers], [0, 1, 1, 2, 0]);
      const s1 = objects(body(await h().get(url('mcp_server', '/s1'), token)))[0]!;
      assert.deepEqual([s1.critical_issues, s1.total_issues, s1.tools, s1.prompts, s1.resources], [1, 1, 1, 1, 1]);
    });

    it('an unknown edge answers 400 listing the allowed ones', async () => {
      const res = await h().get(url('model', '/m1/tools'), token);
      assert.equal(res.statusCode, 400);
      assert.deepEqual(body(res), {
        code: 400,
        message:
          'edge: unknown edge "tools" for an AI model; allowed edges are assets, sessions, instances, issues, locations, garak-info, agents',
      });
    });

    it('an edge answers to the name its count column, detail section and related filters use, and to its own', async () => {
      for (const [kind, id, alias, own] of [
        ['agent', 'a1', 'models', 'aispm_model_dependencies'],
        ['agent', 'a1', 'sub_agents', 'aispm_agent_dependencies'],
        ['model', 'm1', 'agents', 'aispm_agents'],
      ] as const) {
        const short = await h().get(url(kind, `/${id}/${alias}?sort=id`), token);
        const long = await h().get(url(kind, `/${id}/${own}?sort=id`), token);
        assert.equal(short.statusCode, 200, short.body);
        assert.deepEqual(body(short), body(long), `${kind} ${alias}`);
        // The same name as a related filter, both ways.
        const column = alias === 'models' ? 'provider' : 'name__ilk';
        const value = alias === 'models' ? 'openai' : 'a';
        assert.deepEqual(
          body(await h().get(url(kind, `?${alias}.${column}=${value}&sort=id`), token)),
          body(await h().get(url(kind, `?${own}.${column}=${value}&sort=id`), token)),
        );
      }
      // The count column says how many neighbours the edge of its name lists.
      const a1 = objects(body(await h().get(url('agent', '/a1'), token)))[0]!;
      assert.equal(body(await h().get(url('agent', '/a1/models'), token)).total, a1.models);
    });

    it('ids of another workspace or tenant answer 404 on detail and edges', async () => {
      for (const path of [
        url('agent', '/only-w2'),
        url('agent', '/only-t2'),
        url('agent', '/only-w2/aispm_tools'),
        url('agent', '/nope'),
      ]) {
        const res = await h().get(path, token);
        assert.equal(res.statusCode, 404, path);
        assert.deepEqual(body(res), { code: 404, message: 'no AI agent with this id in the workspace' });
      }
      // Same id, other workspace: each workspace sees its own object.
      const w2m1 = objects(body(await h().get(url('model', '/m1', W2), token)))[0]!;
      assert.equal(w2m1.name, 'w2 model');
    });

    it('lists: default order last_seen desc then id, totals and name__ilk', async () => {
      const page = body(await h().get(url('agent'), token));
      assert.deepEqual(idsOf({ ...page }), ['a1', 'a2']);
      assert.deepEqual(
        objects(page).map((o) => o.id),
        ['a1', 'a2'],
      );
      assert.equal(page.total, 2);
      const filtered = body(await h().get(url('agent', '?name__ilk=BILL'), token));
      assert.deepEqual(
        objects(filtered).map((o) => o.id),
        ['a2'],
      );
      assert.equal(filtered.total, 1);
    });

    it('walking all pages under every sort order returns every row once, in order', async () => {
      const model = kindByName.get('model')!;
      const list = (q: string) => `/api/v1/aispm-models/tenants/${T1}/workspaces/paging${q}`;
      for (const column of model.columns.filter((c) => c.sortable)) {
        for (const dir of ['asc', 'desc']) {
          const whole = body(await h().get(list(`?sort=${column.name}&sort_dir=${dir}&page_size=1000`), token));
          assert.equal(whole.rows.length, 25);
          const walked = await allPages(h(), list(`?sort=${column.name}&sort_dir=${dir}&page_size=4`), token);
          assert.equal(walked.pages, 7, `${column.name} ${dir}`);
          assert.deepEqual(
            walked.rows.map((r) => r[0]),
            whole.rows.map((r: unknown[]) => r[0]),
            `${column.name} ${dir}`,
          );
          assert.equal(new Set(walked.rows.map((r) => r[0])).size, 25);
          const i = whole.header.indexOf(column.name);
          for (let k = 1; k < whole.rows.length; k++) {
            const [a, b] = [whole.rows[k - 1][i], whole.rows[k][i]];
            if (typeof a === 'number' && typeof b === 'number') assert.ok(dir === 'asc' ? a <= b : a >= b, `${column.name} ${dir} order`);
          }
        }
      }
      const byDefault = await allPages(h(), list('?page_size=7'), token);
      const expectedOrder = models(25)
        .map((m) => ({ id: m.id, t: m.last_seen }))
        .sort((a, b) => (a.t === b.t ? (a.id < b.id ? 1 : -1) : a.t < b.t ? 1 : -1));
      assert.deepEqual(
        byDefault.rows.map((r) => r[0]),
        expectedOrder.map((m) => m.id),
      );
    });

    it('edges page by keyset too', async () => {
      const walked = await allPages(h(), url('model', '/m1/aispm_agents?page_size=1'), token);
      assert.equal(walked.pages, 2);
      assert.deepEqual(walked.rows.map((r) => r[0]).sort(), ['a1', 'a2']);
    });

    it('bad sort on an edge, bad sort_dir: 400', async () => {
      assert.equal((await h().get(url('model', '/m1/aispm_agents?sort=nope'), token)).statusCode, 400);
      assert.equal((await h().get(url('model', '/m1/aispm_agents?sort_dir=sideways'), token)).statusCode, 400);
    });

    it('CSV: the same rows as JSON, header first', async () => {
      for (const path of [url('agent'), url('model', '/m1/aispm_agents'), url('tool', '/tl1/issues')]) {
        const json = body(await h().get(path, token));
        const res = await h().get(path, token, { accept: 'text/csv' });
        assert.equal(res.statusCode, 200);
        assert.match(String(res.headers['content-type']), /^text\/csv/);
        assert.equal(res.headers['x-total-count'], String(json.total));
        const lines = res.body.trimEnd().split('\r\n');
        assert.equal(lines[0], json.header.join(','));
        assert.equal(lines.length, json.rows.length + 1);
        for (let i = 0; i < json.rows.length; i++) {
          const cells = json.rows[i].map((v: unknown) => {
            if (v === null) return '';
            const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
            return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
          });
          assert.equal(lines[i + 1], cells.join(','));
        }
      }
    });

    it('CSV pages carry the next cursor in a header', async () => {
      const res = await h().get(`/api/v1/aispm-models/tenants/${T1}/workspaces/paging?page_size=10`, token, { accept: 'text/csv' });
      assert.equal(res.body.trimEnd().split('\r\n').length, 11);
      assert.ok(res.headers['x-next-cursor']);
      const next = await h().get(
        `/api/v1/aispm-models/tenants/${T1}/workspaces/paging?page_size=10&cursor=${res.headers['x-next-cursor']}`,
        token,
      );
      assert.equal(next.statusCode, 200);
    });

    it('stored rows are rendered again at migrate when the catalogue changed, and lists show them', async () => {
      const before = body(await h().get(url('agent'), token));
      const clear = h().db.template('test.clear-rows', (b) =>
        b.updateTable('entities').set({ row_json: null }).where('tenant_id', '=', param('tenant')),
      );
      await h().db.run(clear, { tenant: T1 });
      const forget = h().db.template('test.forget-fingerprint', (b) =>
        b.updateTable('service_settings').set({ value: 'old' }).where('key', '=', 'entity_rows'),
      );
      await h().db.run(forget, {});
      // Rows not rendered yet are rendered on the spot, so nothing changes for a client.
      assert.deepEqual(body(await h().get(url('agent'), token)), before);
      await migrate(h().db);
      const rows = h().db.template('test.null-rows', (b) =>
        b
          .selectFrom('entities')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('row_json', 'is', null),
      );
      assert.equal(Number((await h().db.first<{ n: number }>(rows, {}))!.n), 0);
      assert.deepEqual(body(await h().get(url('agent'), token)), before);
    });

    it('conditional GET: a matching If-None-Match answers 304', async () => {
      for (const path of [url('agent'), url('agent', '/a1')]) {
        const first = await h().get(path, token);
        const etag = String(first.headers.etag);
        assert.match(etag, /^W\/"/);
        const again = await h().get(path, token, { 'if-none-match': etag });
        assert.equal(again.statusCode, 304);
        assert.equal(again.body, '');
        assert.equal((await h().get(path, token, { 'if-none-match': 'W/"other"' })).statusCode, 200);
      }
    });
  },
  { config: { postureRules: false } },
);
