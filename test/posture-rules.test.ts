// Each posture rule on a small graph where it fires and on a near-identical one where it does not
// (one attribute or one relation apart), read back through the rule's results: exactly the
// object it judges, source static, at the rule's severity, with the sentence that explains it and
// the neighbours that made it hold as evidence.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { postureRules, postureTable, staticRuleById } from '../src/catalog/rules/index.ts';
import { body, describeEngines, objects } from './helpers/harness.ts';
import { entity, relation } from './helpers/fixtures.ts';

const T = 'rules-t';
const sr = (slug: string) => `SR-aispm_${slug}`;
const e = (kind: string, id: string, name: string, attributes: Record<string, unknown> = {}) => entity(kind, id, name, 5, attributes);

interface Case {
  rule: string;
  /** The object the rule judges, as kind:id. */
  subject: string;
  fires: object[];
  quiet: object[];
  says: string;
  /** The evidence's objects, as kind:id, in order. */
  evidence: string[];
}

const guardedTool = (requiresApproval: boolean) =>
  e('tool', 't', 'delete_resource', { destructive: true, requires_approval: requiresApproval });

/** An object as a sensor (`source`) reports it. */
const from = (source: string, kind: string, id: string, name: string) => ({ ...e(kind, id, name), source });

const cases: Case[] = [
  ...(
    [
      ['undeclared_ai_model_or_mcp_server', 'model', 'gpt-4o', 'AI model "gpt-4o" (x) is called at runtime'],
      ['undeclared_ai_model_or_mcp_server', 'mcp_server', 'jira-mcp', 'MCP server "jira-mcp" (x) is used at runtime'],
      ['undeclared_ai_agent_or_tool', 'agent', 'Helpdesk', 'AI agent "Helpdesk" (x) runs (telemetry reports it)'],
      ['undeclared_ai_agent_or_tool', 'tool', 'get_weather', 'AI tool "get_weather" (x) is called at runtime'],
    ] as const
  ).map(([slug, kind, name, says]) => ({
    rule: sr(slug),
    subject: `${kind}:x`,
    fires: [from('runtime', kind, 'x', name)],
    quiet: [from('runtime', kind, 'x', name), from('static_code_scan', kind, 'x', name)],
    says: `${says} but no scan or declared inventory reports it.`,
    evidence: [],
  })),
  {
    rule: sr('declared_agent_quiet_at_runtime'),
    subject: 'agent:a',
    fires: [from('static_code_scan', 'agent', 'a', 'Helpdesk'), from('runtime', 'agent', 'a', 'Helpdesk')],
    // Declared and never seen at runtime: nothing says it stopped running.
    quiet: [from('static_code_scan', 'agent', 'a', 'Helpdesk')],
    says: 'AI agent "Helpdesk" (a) is declared but was last seen at runtime at 2026-01-01T00:05:00.000Z.',
    evidence: [],
  },
  {
    rule: sr('missing_input_guardrails'),
    subject: 'agent:a',
    fires: [e('agent', 'a', 'Helpdesk'), e('guardrail', 'g', 'Shield'), relation('agent', 'a', 'output_guardrail', 'guardrail', 'g')],
    quiet: [e('agent', 'a', 'Helpdesk'), e('guardrail', 'g', 'Shield'), relation('agent', 'a', 'input_guardrail', 'guardrail', 'g')],
    says: 'AI agent "Helpdesk" (a) has no input guardrail: user and tool input reaches its models without a check for prompt injection, jailbreaks or sensitive data.',
    evidence: [],
  },
  {
    rule: sr('missing_output_guardrails'),
    subject: 'agent:a',
    fires: [e('agent', 'a', 'Helpdesk'), e('guardrail', 'g', 'Shield'), relation('agent', 'a', 'input_guardrail', 'guardrail', 'g')],
    quiet: [e('agent', 'a', 'Helpdesk'), e('guardrail', 'g', 'Shield'), relation('agent', 'a', 'output_guardrail', 'guardrail', 'g')],
    says: 'AI agent "Helpdesk" (a) has no output guardrail: what its models answer reaches users and tools without a check for leaked data or unsafe content.',
    evidence: [],
  },
  {
    rule: sr('unpinned_model_version'),
    subject: 'model:m',
    fires: [e('model', 'm', 'gpt-4o', { pinned: false, version: 'latest' })],
    quiet: [e('model', 'm', 'gpt-4o', { pinned: true, version: '2024-08-06' })],
    says: 'AI model "gpt-4o" (m) is referenced by a moving alias (version "latest"), not a pinned snapshot, so the model behind it can change without review.',
    evidence: [],
  },
  {
    rule: sr('mcp_server_without_authentication'),
    subject: 'mcp_server:s',
    fires: [e('mcp_server', 's', 'jira-mcp', { authentication: 'none' })],
    quiet: [e('mcp_server', 's', 'jira-mcp', { authentication: 'oauth' })],
    says: 'MCP server "jira-mcp" (s) lets clients connect and call its tools without authenticating (authentication "none").',
    evidence: [],
  },
  {
    rule: sr('tool_shell_or_code_execution'),
    subject: 'tool:t',
    fires: [e('tool', 't', 'execute_python', { capabilities: ['filesystem', 'code_execution'] })],
    quiet: [e('tool', 't', 'execute_python', { capabilities: ['filesystem'] })],
    says: 'AI tool "execute_python" (t) runs shell commands or code on behalf of the model.',
    evidence: [],
  },
  {
    rule: sr('unvalidated_tool_input'),
    subject: 'tool:t',
    fires: [e('tool', 't', 'update_record', { input_validation: false })],
    quiet: [e('tool', 't', 'update_record', { input_validation: true })],
    says: 'AI tool "update_record" (t) acts on model-generated arguments without validating them against a schema.',
    evidence: [],
  },
  {
    rule: sr('excessive_agent_permissions'),
    subject: 'agent:a',
    fires: [e('agent', 'a', 'Ops', { permissions: ['crm:read', 'cloud:admin'] })],
    quiet: [e('agent', 'a', 'Ops', { permissions: ['crm:read', 'cloud:read'] })],
    says: 'AI agent "Ops" (a) holds wildcard or admin permissions, broader than any single task needs.',
    evidence: [],
  },
  {
    rule: sr('model_failed_garak_probes'),
    subject: 'model:m',
    fires: [
      e('model', 'm', 'llama'),
      e('garak_info', 'g1', 'dan.Dan_11_0', { status: 'failed' }),
      e('garak_info', 'g2', 'xss.MarkdownImageExfil', { status: 'passed' }),
      relation('model', 'm', 'probe_result', 'garak_info', 'g1'),
      relation('model', 'm', 'probe_result', 'garak_info', 'g2'),
    ],
    quiet: [
      e('model', 'm', 'llama'),
      e('garak_info', 'g1', 'dan.Dan_11_0', { status: 'passed' }),
      e('garak_info', 'g2', 'xss.MarkdownImageExfil', { status: 'passed' }),
      relation('model', 'm', 'probe_result', 'garak_info', 'g1'),
      relation('model', 'm', 'probe_result', 'garak_info', 'g2'),
    ],
    says: 'AI model "llama" (m) failed garak probes: garak probe result "dan.Dan_11_0" (g1).',
    evidence: ['garak_info:g1'],
  },
  {
    rule: sr('agent_uses_model_with_failed_probes'),
    subject: 'agent:a',
    fires: [
      e('agent', 'a', 'Helpdesk'),
      e('model', 'm', 'llama'),
      e('garak_info', 'g1', 'dan.Dan_11_0', { status: 'failed' }),
      relation('agent', 'a', 'uses_model', 'model', 'm'),
      relation('model', 'm', 'probe_result', 'garak_info', 'g1'),
    ],
    quiet: [
      e('agent', 'a', 'Helpdesk'),
      e('model', 'm', 'llama'),
      e('garak_info', 'g1', 'dan.Dan_11_0', { status: 'passed' }),
      relation('agent', 'a', 'uses_model', 'model', 'm'),
      relation('model', 'm', 'probe_result', 'garak_info', 'g1'),
    ],
    says: 'AI agent "Helpdesk" (a) calls AI model "llama" (m), on which garak probes failed: garak probe result "dan.Dan_11_0" (g1).',
    evidence: ['model:m', 'garak_info:g1'],
  },
  {
    rule: sr('unauthenticated_mcp_exposes_code_execution'),
    subject: 'mcp_server:s',
    fires: [
      e('mcp_server', 's', 'shell-mcp', { authentication: 'none' }),
      e('tool', 't', 'run_shell', { capabilities: ['shell'] }),
      relation('mcp_server', 's', 'exposes_tool', 'tool', 't'),
    ],
    quiet: [
      e('mcp_server', 's', 'shell-mcp', { authentication: 'mtls' }),
      e('tool', 't', 'run_shell', { capabilities: ['shell'] }),
      relation('mcp_server', 's', 'exposes_tool', 'tool', 't'),
    ],
    says: 'MCP server "shell-mcp" (s) requires no authentication and exposes AI tool "run_shell" (t), able to run shell commands or code, to any client.',
    evidence: ['tool:t'],
  },
  {
    rule: sr('agent_reaches_code_execution_via_mcp'),
    subject: 'agent:a',
    fires: [
      e('agent', 'a', 'Coder'),
      e('mcp_server', 's', 'shell-mcp'),
      e('tool', 't', 'run_shell', { capabilities: ['shell'] }),
      relation('agent', 'a', 'uses_mcp_server', 'mcp_server', 's'),
      relation('mcp_server', 's', 'exposes_tool', 'tool', 't'),
    ],
    quiet: [
      e('agent', 'a', 'Coder'),
      e('mcp_server', 's', 'shell-mcp'),
      e('tool', 't', 'run_shell', { capabilities: ['shell'] }),
      relation('agent', 'a', 'uses_tool', 'tool', 't'),
      relation('mcp_server', 's', 'exposes_tool', 'tool', 't'),
    ],
    says: 'AI agent "Coder" (a) can run shell commands or code through MCP server "shell-mcp" (s), exposing AI tool "run_shell" (t).',
    evidence: ['mcp_server:s', 'tool:t'],
  },
  {
    rule: sr('destructive_action_without_approval'),
    subject: 'agent:a',
    fires: [
      e('agent', 'a', 'Billing', { human_approval: false }),
      e('tool', 't', 'issue_refund', { destructive: true, requires_approval: false }),
      relation('agent', 'a', 'uses_tool', 'tool', 't'),
    ],
    quiet: [
      e('agent', 'a', 'Billing', { human_approval: true }),
      e('tool', 't', 'issue_refund', { destructive: true, requires_approval: false }),
      relation('agent', 'a', 'uses_tool', 'tool', 't'),
    ],
    says: 'AI agent "Billing" (a) has no human approval step and can call destructive tools that need no approval: AI tool "issue_refund" (t).',
    evidence: ['tool:t'],
  },
  {
    rule: sr('destructive_action_without_approval'),
    subject: 'tool:t',
    fires: [e('tool', 't', 'issue_refund', { destructive: true })],
    quiet: [e('tool', 't', 'issue_refund', { destructive: true, requires_approval: true })],
    says: 'AI tool "issue_refund" (t) changes or deletes data and no human approves its calls.',
    evidence: [],
  },
  {
    rule: sr('secrets_near_ai_code'),
    subject: 'location:l',
    fires: [
      e('location', 'l', 'src/agent.py'),
      e('agent', 'a', 'Helpdesk'),
      e('secret', 'k', 'OPENAI_API_KEY'),
      relation('agent', 'a', 'defined_in', 'location', 'l'),
      relation('location', 'l', 'contains', 'secret', 'k'),
    ],
    quiet: [
      e('location', 'l', 'src/agent.py'),
      e('agent', 'a', 'Helpdesk'),
      e('cert', 'k', 'CN=svc'),
      relation('agent', 'a', 'defined_in', 'location', 'l'),
      relation('location', 'l', 'contains', 'cert', 'k'),
    ],
    says: 'location "src/agent.py" (l) defines AI agent "Helpdesk" (a) and holds secret "OPENAI_API_KEY" (k).',
    evidence: ['agent:a', 'secret:k'],
  },
  {
    rule: sr('delegation_without_approval'),
    subject: 'agent:a',
    fires: [
      e('agent', 'a', 'Planner', { human_approval: false }),
      e('agent', 'b', 'Executor', { human_approval: false }),
      guardedTool(false),
      relation('agent', 'a', 'delegates_to', 'agent', 'b'),
      relation('agent', 'b', 'uses_tool', 'tool', 't'),
    ],
    quiet: [
      e('agent', 'a', 'Planner', { human_approval: false }),
      e('agent', 'b', 'Executor', { human_approval: false }),
      guardedTool(true),
      relation('agent', 'a', 'delegates_to', 'agent', 'b'),
      relation('agent', 'b', 'uses_tool', 'tool', 't'),
    ],
    says: 'AI agent "Planner" (a) delegates to AI agent "Executor" (b), which can call the destructive tools AI tool "delete_resource" (t), and no human approves anywhere in the chain.',
    evidence: ['agent:b', 'tool:t'],
  },
  {
    rule: sr('toxic_unguarded_agent_reaches_code_execution'),
    subject: 'agent:a',
    fires: [
      e('agent', 'a', 'Coder'),
      e('mcp_server', 's', 'shell-mcp'),
      e('tool', 't', 'run_shell', { capabilities: ['shell'] }),
      relation('agent', 'a', 'uses_mcp_server', 'mcp_server', 's'),
      relation('mcp_server', 's', 'exposes_tool', 'tool', 't'),
    ],
    quiet: [
      e('agent', 'a', 'Coder'),
      e('guardrail', 'g', 'Shield'),
      e('mcp_server', 's', 'shell-mcp'),
      e('tool', 't', 'run_shell', { capabilities: ['shell'] }),
      relation('agent', 'a', 'input_guardrail', 'guardrail', 'g'),
      relation('agent', 'a', 'uses_mcp_server', 'mcp_server', 's'),
      relation('mcp_server', 's', 'exposes_tool', 'tool', 't'),
    ],
    says: 'AI agent "Coder" (a) has no input guardrail and can run shell commands or code through AI tool "run_shell" (t): a prompt injection becomes code execution.',
    evidence: ['mcp_server:s', 'tool:t'],
  },
  {
    rule: sr('toxic_untrusted_input_reaches_secret'),
    subject: 'agent:a',
    fires: [
      e('agent', 'a', 'Helpdesk', { data_sources: ['crm', 'zendesk'] }),
      e('asset', 'h', 'web-01'),
      e('secret', 'k', 'AWS_SECRET_ACCESS_KEY'),
      relation('agent', 'a', 'runs_on', 'asset', 'h'),
      relation('asset', 'h', 'contains', 'secret', 'k'),
    ],
    quiet: [
      e('agent', 'a', 'Helpdesk', { data_sources: ['crm'] }),
      e('asset', 'h', 'web-01'),
      e('secret', 'k', 'AWS_SECRET_ACCESS_KEY'),
      relation('agent', 'a', 'runs_on', 'asset', 'h'),
      relation('asset', 'h', 'contains', 'secret', 'k'),
    ],
    says: 'AI agent "Helpdesk" (a) reads untrusted content (crm, zendesk) and runs next to secret "AWS_SECRET_ACCESS_KEY" (k): injected instructions can reach them.',
    evidence: ['asset:h', 'secret:k'],
  },
  {
    rule: sr('toxic_production_agent_unauthenticated_destructive_mcp'),
    subject: 'agent:a',
    fires: [
      e('agent', 'a', 'Ops', { environment: 'production' }),
      e('mcp_server', 's', 'db-admin-mcp', { authentication: 'none' }),
      e('tool', 't', 'drop_table', { destructive: true }),
      relation('agent', 'a', 'uses_mcp_server', 'mcp_server', 's'),
      relation('mcp_server', 's', 'exposes_tool', 'tool', 't'),
    ],
    quiet: [
      e('agent', 'a', 'Ops', { environment: 'staging' }),
      e('mcp_server', 's', 'db-admin-mcp', { authentication: 'none' }),
      e('tool', 't', 'drop_table', { destructive: true }),
      relation('agent', 'a', 'uses_mcp_server', 'mcp_server', 's'),
      relation('mcp_server', 's', 'exposes_tool', 'tool', 't'),
    ],
    says: 'AI agent "Ops" (a) runs in production and uses MCP server "db-admin-mcp" (s), which require no authentication and expose the destructive tools AI tool "drop_table" (t).',
    evidence: ['mcp_server:s', 'tool:t'],
  },
  {
    rule: sr('toxic_probed_model_with_code_execution'),
    subject: 'agent:a',
    fires: [
      e('agent', 'a', 'Analyst'),
      e('model', 'm', 'llama'),
      e('garak_info', 'g1', 'dan.Dan_11_0', { status: 'failed' }),
      e('tool', 't', 'execute_python', { capabilities: ['code_execution'] }),
      relation('agent', 'a', 'uses_model', 'model', 'm'),
      relation('model', 'm', 'probe_result', 'garak_info', 'g1'),
      relation('agent', 'a', 'uses_tool', 'tool', 't'),
    ],
    quiet: [
      e('agent', 'a', 'Analyst'),
      e('model', 'm', 'llama'),
      e('garak_info', 'g1', 'dan.Dan_11_0', { status: 'passed' }),
      e('tool', 't', 'execute_python', { capabilities: ['code_execution'] }),
      relation('agent', 'a', 'uses_model', 'model', 'm'),
      relation('model', 'm', 'probe_result', 'garak_info', 'g1'),
      relation('agent', 'a', 'uses_tool', 'tool', 't'),
    ],
    says: 'AI agent "Analyst" (a) calls AI model "llama" (m), which failed garak probes (garak probe result "dan.Dan_11_0" (g1)), and can run shell commands or code through AI tool "execute_python" (t).',
    evidence: ['model:m', 'garak_info:g1', 'tool:t'],
  },
];

describe('posture rules documentation', () => {
  it('docs/POSTURE.md lists the rules as the catalogue declares them (regenerate: node scripts/posture-doc.ts)', () => {
    assert.ok(readFileSync(new URL('../docs/POSTURE.md', import.meta.url), 'utf8').includes(`\n${postureTable()}\n`));
  });
});

describeEngines('posture rules, one by one', (h) => {
  let token: string;
  before(async () => {
    for (const [i, c] of cases.entries()) {
      for (const [ws, records] of [
        [`fires-${i}`, c.fires],
        [`quiet-${i}`, c.quiet],
      ] as const) {
        const s = await h().ingest(T, ws, records);
        assert.equal(s.rejected, 0, JSON.stringify(s.errors));
      }
    }
    token = await h().token({ tenant: T });
  });

  it('covers every posture rule, at least 8 of them', () => {
    assert.deepEqual(
      cases.map((c) => `${c.rule}/${c.subject.split(':')[0]}`).sort(),
      postureRules.map((r) => `${r.ruleId}/${r.kind}`).sort(),
    );
    assert.ok(new Set(postureRules.map((r) => r.ruleId)).size >= 8);
  });

  for (const [i, c] of cases.entries()) {
    it(`${c.rule.slice(9)} on ${c.subject.split(':')[0]}: fires on one graph, not on the near-identical one`, async () => {
      const [kind, id] = c.subject.split(':');
      const rule = staticRuleById.get(c.rule)!;
      const fired = objects(body(await h().get(`/api/v1/rules/${c.rule}/results?workspace_id=fires-${i}&status=open`, token))).filter(
        (r) => r.object_type === kind,
      );
      assert.equal(fired.length, 1, JSON.stringify(fired));
      const f = fired[0]!;
      assert.deepEqual(
        [f.object_type, f.object_id, f.status, f.source, f.severity, f.category, f.owasp_category, f.remediation, f.resolved_at],
        [kind, id, 'open', 'static', rule.severity, rule.category, rule.owasp, rule.remediation, null],
      );
      assert.equal(f.description, c.says);
      assert.ok(f.title.startsWith(`${rule.name}: `), f.title);
      assert.equal(f.evidence.predicate, postureRules.find((p) => p.ruleId === c.rule && p.kind === kind)!.predicate);
      assert.deepEqual(
        f.evidence.objects.map((o: any) => `${o.object_type}:${o.object_id}`),
        c.evidence,
      );
      // The instance is a finding like any other: its issue lists the object, its details show it.
      const issue = body(await h().get(`/api/v1/issues/tenants/${T}/workspaces/fires-${i}/${f.issue_id}/objects`, token));
      assert.ok(objects(issue).some((o) => o.object_type === kind && o.object_id === id));

      const quiet = objects(body(await h().get(`/api/v1/rules/${c.rule}/results?workspace_id=quiet-${i}`, token))).filter(
        (r) => r.object_type === kind,
      );
      assert.deepEqual(quiet, []);
    });
  }

  it('a toxic combination gives its paths: from the agent over each relation to the object that completes it', async () => {
    const i = cases.findIndex((c) => c.rule === sr('toxic_probed_model_with_code_execution'));
    const [f] = objects(body(await h().get(`/api/v1/rules/${cases[i]!.rule}/results?workspace_id=fires-${i}`, token)));
    assert.equal(f!.category, 'toxic_combination');
    assert.deepEqual(f!.evidence.paths, [
      {
        objects: [
          { object_type: 'agent', object_id: 'a', name: 'Analyst' },
          { object_type: 'model', object_id: 'm', name: 'llama', role: 'models' },
          { object_type: 'garak_info', object_id: 'g1', name: 'dan.Dan_11_0', role: 'failed_probes' },
        ],
        relations: ['uses_model', 'probe_result'],
      },
      {
        objects: [
          { object_type: 'agent', object_id: 'a', name: 'Analyst' },
          { object_type: 'tool', object_id: 't', name: 'execute_python', role: 'tools' },
        ],
        relations: ['uses_tool'],
      },
    ]);
    const j = cases.findIndex((c) => c.rule === sr('toxic_unguarded_agent_reaches_code_execution'));
    const [g] = objects(body(await h().get(`/api/v1/rules/${cases[j]!.rule}/results?workspace_id=fires-${j}`, token)));
    assert.deepEqual(g!.evidence.paths, [
      {
        objects: [
          { object_type: 'agent', object_id: 'a', name: 'Coder' },
          { object_type: 'mcp_server', object_id: 's', name: 'shell-mcp', role: 'mcp_servers' },
          { object_type: 'tool', object_id: 't', name: 'run_shell', role: 'tools' },
        ],
        relations: ['uses_mcp_server', 'exposes_tool'],
      },
    ]);
    // Rules that judge one object alone give no paths.
    const k = cases.findIndex((c) => c.rule === sr('agent_reaches_code_execution_via_mcp'));
    const [o] = objects(body(await h().get(`/api/v1/rules/${cases[k]!.rule}/results?workspace_id=fires-${k}`, token)));
    assert.equal(o!.evidence.paths, undefined);
  });

  it('evidence links the neighbours by the relations that made the rule hold', async () => {
    const i = cases.findIndex((c) => c.rule === sr('agent_reaches_code_execution_via_mcp'));
    const [f] = objects(body(await h().get(`/api/v1/rules/${cases[i]!.rule}/results?workspace_id=fires-${i}`, token)));
    assert.deepEqual(f!.evidence, {
      predicate: 'An agent with a uses_mcp_server relation to an MCP server that exposes a tool able to run shell commands or code.',
      attributes: {},
      objects: [
        {
          object_type: 'mcp_server',
          object_id: 's',
          name: 'shell-mcp',
          role: 'mcp_servers',
          attributes: {},
          relation: { from_kind: 'agent', from_id: 'a', relation: 'uses_mcp_server', to_kind: 'mcp_server', to_id: 's' },
        },
        {
          object_type: 'tool',
          object_id: 't',
          name: 'run_shell',
          role: 'tools',
          attributes: { capabilities: ['shell'] },
          relation: { from_kind: 'mcp_server', from_id: 's', relation: 'exposes_tool', to_kind: 'tool', to_id: 't' },
        },
      ],
    });
    const j = cases.findIndex((c) => c.rule === sr('missing_input_guardrails'));
    const [g] = objects(body(await h().get(`/api/v1/rules/${cases[j]!.rule}/results?workspace_id=fires-${j}`, token)));
    assert.deepEqual(g!.evidence, {
      predicate: 'An agent with no input_guardrail relation to a guardrail.',
      attributes: {},
      missing_relations: ['input_guardrail'],
      objects: [],
    });
  });
});
