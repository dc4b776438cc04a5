// Posture rules following the inventory through HTTP: an instance opens when a rule starts to
// hold, resolves when it stops (leaving the open counts, staying in the histogram) and a new one
// opens when it holds again; only the touched neighbourhood is re-evaluated; the tenant's settings
// disable and re-grade rules in every workspace; the demo estate's inventory alone yields findings
// that agree with the records and with a full evaluation; `aispm rules evaluate` from the CLI.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { issueIdOf, postureRules } from '../src/catalog/rules/index.ts';
import { demoRecords } from '../src/demo/estate.ts';
import { composeService } from '../src/compose.ts';
import { openDb } from '../src/platform/db/open.ts';
import { migrate } from '../src/compose.ts';
import {
  allPages,
  body,
  createDatabase,
  describeEngines,
  engineNames,
  objects,
  type Harness,
  type TestDatabase,
} from './helpers/harness.ts';
import { entity, relation } from './helpers/fixtures.ts';
import { MONTHS, NOW } from './helpers/findings-estate.ts';

const sr = (slug: string) => `SR-aispm_${slug}`;
const INPUT = sr('missing_input_guardrails');
const OUTPUT = sr('missing_output_guardrails');
const day = (month: number, d: number) => Date.UTC(2026, month - 1, d, 12);
const iso = (ms: number) => new Date(ms).toISOString();
// Objects first seen when they are loaded: a finding the service raises is dated by when its
// condition began, the latest first_seen of the objects and relations that make it hold.
const e = (kind: string, id: string, name: string, attributes: Record<string, unknown> = {}) => ({
  ...entity(kind, id, name, 5, attributes),
  first_seen: iso(clock),
  last_seen: iso(clock),
});

let clock = NOW;

async function load(h: Harness, tenant: string, workspace: string, records: object[]) {
  const s = await h.ingest(tenant, workspace, records);
  assert.equal(s.rejected, 0, JSON.stringify(s.errors));
}

async function results(h: Harness, token: string, rule: string, workspace: string, status = 'all') {
  const { rows, header } = await allPages(h, `/api/v1/rules/${rule}/results?workspace_id=${workspace}&status=${status}`, token);
  return objects({ header, rows });
}

/** The (rule, kind:id) pairs each batch evaluates in a workspace, while `fn` runs. */
async function evaluatedDuring(h: Harness, workspace: string, fn: () => Promise<void>): Promise<string[][]> {
  const batches: string[][] = [];
  const stop = h.service.posture.observe((ev) => {
    if (ev.workspace === workspace) batches.push(ev.evaluated.map((p) => `${p.ruleId.slice(9)} ${p.kind}:${p.id}`).sort());
  });
  try {
    await fn();
  } finally {
    stop();
  }
  return batches;
}

describeEngines(
  'posture rules over time',
  (h) => {
    const T = 'posture-t';
    let token: string;
    before(async () => {
      clock = NOW;
      token = await h().token({ tenant: T });
    });

    it('a rule that stops holding resolves its instance; holding again opens a new one; the histogram keeps the month', async () => {
      const W = 'life';
      const agentRow = async () => objects(body(await h().get(`/api/v1/aispm-agents/tenants/${T}/workspaces/${W}`, token)))[0]!;
      clock = day(3, 10);
      await load(h(), T, W, [
        e('agent', 'a1', 'Helpdesk', { human_approval: true }),
        e('guardrail', 'g1', 'Shield'),
        relation('agent', 'a1', 'output_guardrail', 'guardrail', 'g1'),
        { type: 'finding', id: 'sensor-1', rule_id: INPUT, object_kind: 'agent', object_id: 'a1', detected_at: '2026-03-01T00:00:00Z' },
      ]);
      let found = await results(h(), token, INPUT, W);
      assert.deepEqual(
        found.map((r) => [r.source, r.status, r.detected_at]),
        [
          ['static', 'open', iso(day(3, 10))],
          ['ingest', 'open', '2026-03-01T00:00:00.000Z'],
        ],
      );
      const first = found[0]!.id;
      assert.match(first, /^st_[A-Za-z0-9_-]{22}$/);
      const issue = issueIdOf(T, W, INPUT, 'high');
      assert.equal(found[0]!.issue_id, issue);
      assert.deepEqual(
        objects(body(await h().get(`/api/v1/issues/tenants/${T}/workspaces/${W}/${issue}/objects`, token))).map((o) => [
          o.object_id,
          o.occurrences,
        ]),
        [['a1', 2]],
      );
      assert.deepEqual([(await agentRow()).high_issues, (await agentRow()).total_issues], [1, 1]);

      // A guardrail on the input: the rule stops holding.
      clock = day(4, 10);
      await load(h(), T, W, [relation('agent', 'a1', 'input_guardrail', 'guardrail', 'g1')]);
      const resolved = body(await h().get(`/api/v1/instances/tenants/${T}/workspaces/${W}/${first}`, token));
      const r = objects(resolved)[0]!;
      assert.deepEqual([r.status, r.resolved_at, r.detected_at], ['resolved', iso(day(4, 10)), iso(day(3, 10))]);
      assert.deepEqual(
        objects(body(await h().get(`/api/v1/issues/tenants/${T}/workspaces/${W}/${issue}/objects`, token))).map((o) => [
          o.object_id,
          o.occurrences,
        ]),
        [['a1', 1]],
      );
      const sensor = (await results(h(), token, INPUT, W)).find((x) => x.id === 'sensor-1')!;
      assert.equal(sensor.status, 'open', "ingested findings are the sensor's: evaluation never touches them");

      // The guardrail removed again: a new episode, a new instance.
      clock = day(5, 10);
      await load(h(), T, W, [{ ...relation('agent', 'a1', 'input_guardrail', 'guardrail', 'g1'), op: 'delete' }]);
      found = await results(h(), token, INPUT, W);
      assert.deepEqual(
        found.map((x) => [x.source, x.status, x.detected_at, x.resolved_at]),
        [
          ['static', 'open', iso(day(5, 10)), null],
          ['static', 'resolved', iso(day(3, 10)), iso(day(4, 10))],
          ['ingest', 'open', '2026-03-01T00:00:00.000Z', null],
        ],
      );
      const second = found[0]!.id;
      assert.notEqual(second, first);

      // The same inventory sent again changes nothing.
      clock = day(5, 20);
      const before = await h().get(`/api/v1/instances/tenants/${T}/workspaces/${W}/${second}`, token);
      await load(h(), T, W, [
        e('agent', 'a1', 'Helpdesk', { human_approval: true }),
        e('guardrail', 'g1', 'Shield'),
        relation('agent', 'a1', 'output_guardrail', 'guardrail', 'g1'),
      ]);
      assert.equal((await h().get(`/api/v1/instances/tenants/${T}/workspaces/${W}/${second}`, token)).body, before.body);

      // Deleting the agent resolves its static findings; the sensor's stays.
      clock = day(6, 1);
      await load(h(), T, W, [{ type: 'entity', op: 'delete', kind: 'agent', id: 'a1' }]);
      found = await results(h(), token, INPUT, W);
      assert.deepEqual(
        found.map((x) => [x.id === second, x.status, x.resolved_at]),
        [
          [true, 'resolved', iso(day(6, 1))],
          [false, 'resolved', iso(day(4, 10))],
          [false, 'open', null],
        ],
      );

      // Every instance stays counted in the month it was detected: March (static and ingested), May.
      clock = NOW;
      const hist = body(await h().get(`/api/v1/histograms/aispm?workspace_id=${W}`, token)).issues_histogram.counts;
      assert.deepEqual(
        hist.filter((c: any) => c.critical + c.high + c.other).map((c: any) => [c.month, c.critical, c.high, c.other]),
        [
          ['2026-03', 0, 2, 0],
          ['2026-05', 0, 1, 0],
        ],
      );
      assert.deepEqual(
        hist.map((c: any) => c.month),
        MONTHS,
      );
    });

    it('a finding is dated by when its condition began: the latest first_seen of the objects and relations making it hold', async () => {
      const W = 'dated';
      const seen = (record: Record<string, unknown>, at: number) => ({ ...record, first_seen: iso(at) });
      clock = day(6, 10);
      await load(h(), T, W, [
        seen({ ...e('agent', 'a1', 'Coder', { human_approval: true }), last_seen: iso(clock) }, day(2, 1)),
        seen({ ...e('mcp_server', 's1', 'tools-mcp', { authentication: 'oauth' }), last_seen: iso(clock) }, day(3, 1)),
        seen({ ...e('tool', 't1', 'run_shell', { capabilities: ['shell'] }), last_seen: iso(clock) }, day(1, 15)),
        seen(relation('agent', 'a1', 'uses_mcp_server', 'mcp_server', 's1'), day(4, 1)),
        seen(relation('mcp_server', 's1', 'exposes_tool', 'tool', 't1'), day(5, 1)),
        // An agent with no input guardrail since it was first seen: its condition began then.
        seen({ ...e('agent', 'a2', 'Plain', { human_approval: true }), last_seen: iso(clock) }, day(2, 20)),
      ]);
      const reach = await results(h(), token, sr('agent_reaches_code_execution_via_mcp'), W);
      assert.deepEqual(
        reach.map((r) => [r.object_id, r.detected_at]),
        [['a1', iso(day(5, 1))]],
      );
      const unguarded = await results(h(), token, INPUT, W);
      assert.deepEqual(
        unguarded.map((r) => [r.object_id, r.detected_at]),
        [
          ['a2', iso(day(2, 20))],
          ['a1', iso(day(2, 1))],
        ],
      );
      // A relation without a first_seen of its own dates from when the service stored it.
      clock = day(6, 12);
      await load(h(), T, W, [
        e('tool', 't2', 'exec', { capabilities: ['code_execution'] }),
        relation('mcp_server', 's1', 'exposes_tool', 'tool', 't2'),
      ]);
      const tool = await results(h(), token, sr('tool_shell_or_code_execution'), W);
      assert.deepEqual(
        tool.map((r) => [r.object_id, r.detected_at]),
        [
          ['t2', iso(day(6, 12))],
          ['t1', iso(day(1, 15))],
        ],
      );
    });

    it('re-evaluates only the objects whose answer a batch can change', async () => {
      const W = 'hood';
      clock = day(6, 2);
      await load(h(), T, W, [
        ...['a1', 'a2', 'a3', 'a4'].map((id) => e('agent', id, `Agent ${id}`, { human_approval: true })),
        e('mcp_server', 's1', 'tools-mcp', { authentication: 'oauth' }),
        e('mcp_server', 's2', 'other-mcp', { authentication: 'oauth' }),
        e('tool', 't1', 'helper', { capabilities: ['network'] }),
        e('tool', 't2', 'other'),
        e('model', 'm1', 'gpt-4o', { pinned: true }),
        e('model', 'm2', 'claude', { pinned: true }),
        relation('agent', 'a1', 'uses_mcp_server', 'mcp_server', 's1'),
        relation('agent', 'a2', 'uses_mcp_server', 'mcp_server', 's2'),
        relation('mcp_server', 's1', 'exposes_tool', 'tool', 't1'),
        relation('mcp_server', 's2', 'exposes_tool', 'tool', 't2'),
        relation('agent', 'a3', 'uses_tool', 'tool', 't1'),
        relation('agent', 'a1', 'uses_model', 'model', 'm1'),
        relation('agent', 'a4', 'uses_model', 'model', 'm1'),
      ]);

      // t1 learns to run shell commands: t1 itself, the server exposing it, the agent reaching it
      // through that server and the agent calling it directly; none of the other objects.
      const toolChange = await evaluatedDuring(h(), W, () => load(h(), T, W, [e('tool', 't1', 'helper', { capabilities: ['shell'] })]));
      assert.deepEqual(toolChange, [
        [
          'agent_reaches_code_execution_via_mcp agent:a1',
          'destructive_action_without_approval agent:a3',
          'destructive_action_without_approval tool:t1',
          'tool_shell_or_code_execution tool:t1',
          // The toxic combinations that reach tools: a1 through s1, a3 directly.
          'toxic_probed_model_with_code_execution agent:a1',
          'toxic_probed_model_with_code_execution agent:a3',
          'toxic_production_agent_unauthenticated_destructive_mcp agent:a1',
          'toxic_unguarded_agent_reaches_code_execution agent:a1',
          'toxic_unguarded_agent_reaches_code_execution agent:a3',
          'unauthenticated_mcp_exposes_code_execution mcp_server:s1',
          'undeclared_ai_agent_or_tool tool:t1',
          'unvalidated_tool_input tool:t1',
        ],
      ]);
      assert.deepEqual(
        (await results(h(), token, sr('agent_reaches_code_execution_via_mcp'), W, 'open')).map((r) => r.object_id),
        ['a1'],
      );

      // A new relation: both its ends, and the agents that reach the model (a4 only).
      const relationChange = await evaluatedDuring(h(), W, () => load(h(), T, W, [relation('agent', 'a4', 'uses_model', 'model', 'm2')]));
      const agentRules = postureRules.filter((p) => p.kind === 'agent').map((p) => `${p.ruleId.slice(9)} agent:a4`);
      const modelRules = postureRules.filter((p) => p.kind === 'model').map((p) => `${p.ruleId.slice(9)} model:m2`);
      assert.deepEqual(relationChange, [[...agentRules, ...modelRules].sort()]);

      // A full evaluation looks at every object of every rule's kind, and finds nothing to change.
      const full = await h().service.posture.evaluateWorkspace(h().db, T, W, clock);
      const perKind = { agent: 4, model: 2, tool: 2, mcp_server: 2, location: 0 } as Record<string, number>;
      assert.deepEqual(full, { evaluated: postureRules.reduce((a, p) => a + perKind[p.kind]!, 0), opened: 0, resolved: 0, updated: 0 });
    });

    it('a toxic combination opens when the last relation of its path appears, two hops away, and resolves when one goes', async () => {
      const W = 'toxic';
      const TOXIC = sr('toxic_unguarded_agent_reaches_code_execution');
      clock = day(6, 2);
      await load(h(), T, W, [
        e('agent', 'a1', 'Coder', { human_approval: true }),
        e('mcp_server', 's1', 'shell-mcp', { authentication: 'oauth' }),
        e('tool', 't1', 'run_shell', { capabilities: ['shell'] }),
        relation('agent', 'a1', 'uses_mcp_server', 'mcp_server', 's1'),
      ]);
      assert.deepEqual(await results(h(), token, TOXIC, W), []);

      // The server starts exposing the tool: the agent two hops back is judged again, and fires.
      clock = day(6, 3);
      await load(h(), T, W, [relation('mcp_server', 's1', 'exposes_tool', 'tool', 't1')]);
      let found = await results(h(), token, TOXIC, W);
      assert.deepEqual(
        found.map((r) => [r.object_id, r.status, r.severity, r.category, r.detected_at]),
        [['a1', 'open', 'critical', 'toxic_combination', iso(day(6, 3))]],
      );
      assert.deepEqual(found[0]!.evidence.paths, [
        {
          objects: [
            { object_type: 'agent', object_id: 'a1', name: 'Coder' },
            { object_type: 'mcp_server', object_id: 's1', name: 'shell-mcp', role: 'mcp_servers' },
            { object_type: 'tool', object_id: 't1', name: 'run_shell', role: 'tools' },
          ],
          relations: ['uses_mcp_server', 'exposes_tool'],
        },
      ]);

      // The relation goes: the path is broken and the instance resolves.
      clock = day(6, 4);
      await load(h(), T, W, [{ ...relation('mcp_server', 's1', 'exposes_tool', 'tool', 't1'), op: 'delete' }]);
      found = await results(h(), token, TOXIC, W);
      assert.deepEqual(
        found.map((r) => [r.object_id, r.status, r.resolved_at]),
        [['a1', 'resolved', iso(day(6, 4))]],
      );

      // Back, then an input guardrail: the second episode resolves by the other half of the combination.
      clock = day(6, 5);
      await load(h(), T, W, [relation('mcp_server', 's1', 'exposes_tool', 'tool', 't1')]);
      clock = day(6, 6);
      await load(h(), T, W, [e('guardrail', 'g1', 'Shield'), relation('agent', 'a1', 'input_guardrail', 'guardrail', 'g1')]);
      found = await results(h(), token, TOXIC, W);
      assert.deepEqual(
        found.map((r) => [r.status, r.detected_at, r.resolved_at]),
        [
          ['resolved', iso(day(6, 5)), iso(day(6, 6))],
          ['resolved', iso(day(6, 3)), iso(day(6, 4))],
        ],
      );
    });

    it('an instance follows its neighbours: a renamed tool is named anew, in the same instance', async () => {
      const W = 'hood';
      clock = day(6, 3);
      const [before] = await results(h(), token, sr('agent_reaches_code_execution_via_mcp'), W, 'open');
      await load(h(), T, W, [e('tool', 't1', 'run_shell', { capabilities: ['shell'] })]);
      const [after] = await results(h(), token, sr('agent_reaches_code_execution_via_mcp'), W, 'open');
      assert.equal(after!.id, before!.id);
      assert.equal(after!.detected_at, before!.detected_at);
      assert.equal(
        after!.description,
        'AI agent "Agent a1" (a1) can run shell commands or code through MCP server "tools-mcp" (s1), exposing AI tool "run_shell" (t1).',
      );

      // Two hops away: the server stops exposing the tool, then exposes it again.
      clock = day(6, 4);
      await load(h(), T, W, [{ ...relation('mcp_server', 's1', 'exposes_tool', 'tool', 't1'), op: 'delete' }]);
      clock = day(6, 5);
      await load(h(), T, W, [relation('mcp_server', 's1', 'exposes_tool', 'tool', 't1')]);
      const episodes = await results(h(), token, sr('agent_reaches_code_execution_via_mcp'), W);
      assert.deepEqual(
        episodes.map((r) => [r.object_id, r.status, r.detected_at, r.resolved_at]),
        [
          ['a1', 'open', iso(day(6, 5)), null],
          ['a1', 'resolved', before!.detected_at, iso(day(6, 4))],
        ],
      );
      assert.equal(episodes[1]!.id, before!.id);
    });
  },
  { now: () => clock },
);

describeEngines(
  'posture rule settings',
  (h) => {
    const T = 'ctl';
    let token: string;
    const open = async (rule: string) =>
      (await Promise.all(['c1', 'c2'].map((w) => results(h(), token, rule, w, 'open'))))
        .flat()
        .map((r) => [r.workspace_id, r.object_id, r.severity, r.id, r.detected_at])
        .sort((a, b) => `${a[0]}/${a[1]}`.localeCompare(`${b[0]}/${b[1]}`));
    before(async () => {
      clock = day(6, 1);
      token = await h().token({ tenant: T });
      await load(h(), T, 'c1', [e('agent', 'x1', 'One')]);
      await load(h(), T, 'c2', [e('agent', 'x2', 'Two')]);
    });

    it('disabling a rule resolves its open instances in every workspace of the tenant and stops its evaluation', async () => {
      assert.deepEqual(
        (await open(INPUT)).map((r) => r.slice(0, 3)),
        [
          ['c1', 'x1', 'high'],
          ['c2', 'x2', 'high'],
        ],
      );
      clock = day(6, 2);
      await load(h(), T, 'c1', [{ type: 'rule_setting', rule_id: INPUT, enabled: false }]);
      assert.deepEqual(await open(INPUT), []);
      const resolved = [...(await results(h(), token, INPUT, 'c1', 'resolved')), ...(await results(h(), token, INPUT, 'c2', 'resolved'))];
      assert.deepEqual(
        resolved.map((r) => [r.object_id, r.resolved_at]),
        [
          ['x1', iso(day(6, 2))],
          ['x2', iso(day(6, 2))],
        ],
      );
      const rule = body(await h().get(`/api/v1/rules/tenants/${T}/workspaces/c2/${INPUT}`, token));
      assert.equal(rule.enabled, false);
      // Only the other rules count on the agent now, and the issue is gone from the index.
      const x2 = objects(body(await h().get(`/api/v1/aispm-agents/tenants/${T}/workspaces/c2`, token)))[0]!;
      assert.deepEqual([x2.high_issues, x2.total_issues], [0, 1]);
      const index = objects(body(await h().get(`/api/v1/issues/tenants/${T}/workspaces/c2`, token)));
      assert.deepEqual(
        index.map((i) => i.rule_id),
        [OUTPUT],
      );

      await load(h(), T, 'c2', [e('agent', 'x3', 'Three')]);
      assert.deepEqual(await open(INPUT), []);
      assert.deepEqual((await results(h(), token, OUTPUT, 'c2', 'open')).map((r) => r.object_id).sort(), ['x2', 'x3']);
    });

    it('enabling it again with another severity opens new instances at that severity', async () => {
      clock = day(6, 3);
      const old = new Set([...(await results(h(), token, INPUT, 'c1')), ...(await results(h(), token, INPUT, 'c2'))].map((r) => r.id));
      await load(h(), T, 'c2', [{ type: 'rule_setting', rule_id: INPUT, enabled: true, severity: 'critical' }]);
      const now = await open(INPUT);
      assert.deepEqual(
        now.map((r) => [r[0], r[1], r[2], r[4]]),
        [
          ['c1', 'x1', 'critical', iso(day(6, 3))],
          ['c2', 'x2', 'critical', iso(day(6, 3))],
          // x3's first episode: its condition began when x3 was first seen, while the rule was off.
          ['c2', 'x3', 'critical', iso(day(6, 2))],
        ],
      );
      for (const r of now) assert.ok(!old.has(r[3] as string), 'a new episode has a new id');
      const x1 = objects(body(await h().get(`/api/v1/aispm-agents/tenants/${T}/workspaces/c1`, token)))[0]!;
      assert.deepEqual([x1.critical_issues, x1.total_issues], [1, 2]);
    });

    it('re-grading a rule moves its open instances to the new severity, same ids, same detection', async () => {
      const before = await open(INPUT);
      clock = day(6, 4);
      await load(h(), T, 'c1', [{ type: 'rule_setting', rule_id: INPUT, severity: 'low' }]);
      const after = await open(INPUT);
      assert.deepEqual(
        after,
        before.map((r) => [r[0], r[1], 'low', r[3], r[4]]),
      );
      const index = objects(body(await h().get(`/api/v1/issues/tenants/${T}/workspaces/c2`, token)));
      assert.deepEqual(
        index.map((i) => [i.id, i.rule_id, i.severity, i.open_instances]).sort(),
        [
          [issueIdOf(T, 'c2', OUTPUT, 'medium'), OUTPUT, 'medium', 2],
          [issueIdOf(T, 'c2', INPUT, 'low'), INPUT, 'low', 2],
        ].sort(),
      );
      // June's histogram: the two resolved high instances, the three open ones now counted as low.
      clock = day(6, 15);
      const june = body(await h().get('/api/v1/histograms/aispm', token)).issues_histogram.counts.at(-1);
      assert.deepEqual(june, { month: '2026-06', critical: 0, high: 2, other: 3 + 3 });
    });
  },
  { now: () => clock },
);

describeEngines(
  'posture rules on the demo estate, inventory only',
  (h) => {
    const T = 'demo-inv';
    const W = 'default';
    let token: string;
    const records = [...demoRecords({ scale: 0.5, seed: 1, now: NOW, workspace: W })].filter(
      (r) => r.type === 'entity' || r.type === 'relation',
    ) as Array<Record<string, any>>;
    before(async () => {
      clock = NOW;
      // Sent as one request of several 1,000-line batches: relations often arrive a batch after their ends.
      await load(h(), T, W, records);
      token = await h().token({ tenant: T });
    });

    // The same rules, decided straight from the records.
    const ents = new Map(records.filter((r) => r.type === 'entity').map((r) => [`${r.kind}:${r.id}`, r]));
    const rels = records.filter((r) => r.type === 'relation');
    const attrs = (k: string) => ents.get(k)?.attributes ?? {};
    const out = (k: string, relName: string) =>
      rels.filter((r) => `${r.from_kind}:${r.from_id}` === k && r.relation === relName).map((r) => `${r.to_kind}:${r.to_id}`);
    const into = (k: string, relName: string) =>
      rels.filter((r) => `${r.to_kind}:${r.to_id}` === k && r.relation === relName).map((r) => `${r.from_kind}:${r.from_id}`);
    const ofKind = (kind: string) => [...ents.keys()].filter((k) => k.startsWith(`${kind}:`));
    const runsCode = (t: string) => (attrs(t).capabilities ?? []).some((c: string) => c === 'shell' || c === 'code_execution');
    const unapproved = (t: string) => attrs(t).destructive === true && attrs(t).requires_approval !== true;
    const ids = (keys: string[]) => [...keys].sort();
    const expected: Record<string, string[]> = {
      [INPUT]: ids(ofKind('agent').filter((a) => out(a, 'input_guardrail').length === 0)),
      [sr('unpinned_model_version')]: ids(ofKind('model').filter((m) => attrs(m).pinned === false)),
      [sr('mcp_server_without_authentication')]: ids(ofKind('mcp_server').filter((s) => attrs(s).authentication === 'none')),
      [sr('unauthenticated_mcp_exposes_code_execution')]: ids(
        ofKind('mcp_server').filter((s) => attrs(s).authentication === 'none' && out(s, 'exposes_tool').some(runsCode)),
      ),
      [sr('agent_reaches_code_execution_via_mcp')]: ids(
        ofKind('agent').filter((a) => out(a, 'uses_mcp_server').some((s) => out(s, 'exposes_tool').some(runsCode))),
      ),
      [sr('model_failed_garak_probes')]: ids(
        ofKind('model').filter((m) => out(m, 'probe_result').some((g) => attrs(g).status === 'failed')),
      ),
      [sr('destructive_action_without_approval')]: ids([
        ...ofKind('agent').filter((a) => attrs(a).human_approval !== true && out(a, 'uses_tool').some(unapproved)),
        ...ofKind('tool').filter(unapproved),
      ]),
      [sr('delegation_without_approval')]: ids(
        ofKind('agent').filter(
          (a) =>
            attrs(a).human_approval !== true &&
            out(a, 'delegates_to').some((b) => attrs(b).human_approval !== true && out(b, 'uses_tool').some(unapproved)),
        ),
      ),
      [sr('secrets_near_ai_code')]: ids(
        ofKind('location').filter(
          (l) =>
            into(l, 'defined_in').some((x) => /^(agent|mcp_server):/.test(x)) &&
            out(l, 'contains').some((x) => /^(secret|qualys_secret):/.test(x)),
        ),
      ),
    };

    it('yields findings from the posture rules, and nothing else', async () => {
      const index = objects(await allPages(h(), `/api/v1/issues/tenants/${T}/workspaces/${W}?page_size=100`, token));
      const fired = new Set(index.map((i) => i.rule_id));
      assert.ok(fired.size >= 8, `only ${[...fired].join(', ')}`);
      for (const id of fired)
        assert.ok(
          postureRules.some((p) => p.ruleId === id),
          id,
        );
      const dash = body(await h().get(`/api/v1/aispm-dashboard?workspace_id=${W}`, token));
      assert.ok(dash.aispm_objects_counts.find((f: any) => f.object_type === 'agent').total_issues_count > 0);
    });

    it('agrees with the rules decided straight from the records', async () => {
      for (const [rule, want] of Object.entries(expected)) {
        assert.ok(want.length > 0, `${rule} has no case in the demo estate`);
        const got = (await results(h(), token, rule, W, 'open')).map((r) => `${r.object_type}:${r.object_id}`).sort();
        assert.deepEqual(got, want, rule);
      }
    });

    it('a full evaluation finds what the batches found', async () => {
      const full = await h().service.posture.evaluateWorkspace(h().db, T, W, NOW + 1000);
      assert.deepEqual({ ...full, evaluated: 0 }, { evaluated: 0, opened: 0, resolved: 0, updated: 0 });
      assert.ok(full.evaluated > records.length / 10);
    });
  },
  { now: () => clock },
);

for (const engine of engineNames) {
  describe(`aispm rules evaluate [${engine}]`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await createDatabase(engine);
      const db = openDb(database.url);
      await migrate(db);
      const graph = [
        e('agent', 'a1', 'Helpdesk'),
        e('model', 'm1', 'gpt-4o', { pinned: false }),
        relation('agent', 'a1', 'uses_model', 'model', 'm1'),
      ];
      const s = await composeService().ingestor.ingest(db, [graph.map((r) => JSON.stringify(r)).join('\n') + '\n'], {
        tenant: 'cli-t',
        workspace: 'w',
        storePrompts: false,
        batchSize: 100,
        mode: 'request',
        evaluateRules: false,
      });
      assert.equal(s.accepted, 3);
      await db.close();
    });
    after(async () => {
      await database.drop();
    });

    const aispm = (...args: string[]) => {
      const res = spawnSync(process.execPath, ['src/cli.ts', '--db', database.url, ...args], {
        encoding: 'utf8',
        env: { ...process.env, AISPM_LOG_LEVEL: 'silent' },
      });
      return { code: res.status, out: res.stdout, err: res.stderr };
    };

    it('evaluates every workspace of a tenant, then finds nothing more to do', () => {
      // Agent rules on a1 (13: four toxic combinations, two shadow-AI rules), model rules on m1 (3): input, output guardrails and the unpinned model hold.
      const first = aispm('rules', 'evaluate', '--tenant', 'cli-t');
      assert.equal(first.code, 0, first.err);
      assert.match(first.out, /^cli-t\/w: 16 evaluations, 3 opened, 0 resolved, 0 updated in \d+\.\d\d s\n$/);
      assert.match(
        aispm('rules', 'evaluate', '--tenant', 'cli-t', '--workspace', 'w').out,
        /^cli-t\/w: 16 evaluations, 0 opened, 0 resolved, 0 updated in /,
      );
      assert.deepEqual(aispm('rules', 'evaluate', '--tenant', 'nobody'), {
        code: 1,
        out: '',
        err: 'aispm: tenant nobody has no inventory\n',
      });
    });
  });
}
