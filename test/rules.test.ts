// Rules over HTTP on the known findings estate: the rules of a workspace (static and external),
// one rule, the static and external lists with name__ilk, the tenant's settings over them, and
// the results of a rule across the token's workspaces, narrowed, paged and refused.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { issueIdOf, staticRules } from '../src/catalog/rules/index.ts';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';
import { entity, T1, T2, W1, W2 } from './helpers/fixtures.ts';
import { CREDS, finding, INPUT, loadEstate, NOW, PII, ruleRecord, W2_ONLY } from './helpers/findings-estate.ts';

const RULES_W1 = `/api/v1/rules/tenants/${T1}/workspaces/${W1}`;
const ruleHeader = [
  'rule_id',
  'rule_name',
  'rule_description',
  'severity',
  'default_severity',
  'category',
  'object_types',
  'owasp_category',
  'remediation',
  'source',
  'enabled',
  'frameworks',
  'tags',
  'help_uri',
];

// The fixtures count ingested findings only: posture rules (their own suite) are off here.
describeEngines(
  'rules',
  (h) => {
    let all: string;
    let w1Only: string;
    before(async () => {
      await loadEstate(h());
      all = await h().token({ tenant: T1 });
      w1Only = await h().token({ tenant: T1, workspaces: [W1] });
    });

    it('ships at least 12 static rules covering AI posture', () => {
      assert.ok(staticRules.length >= 12);
      for (const slug of [
        'missing_input_guardrails',
        'missing_output_guardrails',
        'hardcoded_credentials',
        'unpinned_model_version',
        'mcp_server_without_authentication',
        'tool_shell_or_code_execution',
        'prompt_injection_exposure',
        'unvalidated_tool_input',
        'excessive_agent_permissions',
        'vulnerable_dependency',
        'model_failed_garak_probes',
        'destructive_action_without_approval',
      ]) {
        assert.ok(
          staticRules.some((r) => r.id === `SR-aispm_${slug}`),
          slug,
        );
      }
    });

    it("a workspace's rules: the static ones and its own external ones, by rule id", async () => {
      const { rows, header } = await allPages(h(), `${RULES_W1}?page_size=5`, w1Only);
      assert.deepEqual(header, ruleHeader);
      const ids = rows.map((r) => r[0]);
      assert.deepEqual(ids, [PII, ...staticRules.map((r) => r.id).sort()]);
      assert.ok(!ids.includes(W2_ONLY));
      const first = body(await h().get(`${RULES_W1}?page_size=5`, w1Only));
      assert.equal(first.total, staticRules.length + 1);
      assert.deepEqual(rows[0], [
        PII,
        'PII written to logs',
        'PII written to logs, described.',
        'medium',
        'medium',
        'privacy',
        ['agent'],
        'ASI06',
        'Fix: PII written to logs.',
        'external',
        true,
        ['ASI06'],
        [],
        null,
      ]);
    });

    it("shows the tenant's settings over a rule: disabled, severity overridden", async () => {
      const rule = body(await h().get(`${RULES_W1}/SR-aispm_prompt_injection_exposure`, w1Only));
      assert.deepEqual(rule, {
        rule_id: 'SR-aispm_prompt_injection_exposure',
        rule_name: 'Prompt injection exposure',
        rule_description: 'Untrusted content (web pages, e-mail, documents, tool output) flows into the agent prompt without isolation.',
        severity: 'critical',
        default_severity: 'high',
        category: 'prompt_injection',
        object_types: ['agent'],
        owasp_category: 'ASI01',
        remediation: 'Separate untrusted content from instructions and add prompt-injection detection.',
        source: 'static',
        enabled: false,
        frameworks: ['LLM01', 'ASI01', 'ASI06', 'AML.T0051', 'MEASURE 2.7', 'Article 15'],
        tags: [],
        help_uri: null,
      });
      // Another tenant's settings are its own.
      const t2 = await h().token({ tenant: T2 });
      const other = body(await h().get(`/api/v1/rules/tenants/${T2}/workspaces/${W1}/SR-aispm_prompt_injection_exposure`, t2));
      assert.equal(other.enabled, true);
      assert.equal(other.severity, 'high');
    });

    it('name__ilk keeps rules whose name contains it, in any case; sort takes terms', async () => {
      const page = body(await h().get(`${RULES_W1}?name__ilk=GUARDrail`, w1Only));
      assert.deepEqual(
        page.rows.map((r: unknown[]) => r[1]),
        ['Agent without input guardrails', 'Agent without output guardrails'],
      );
      assert.equal(page.total, 2);
      const bySeverity = body(await h().get(`${RULES_W1}?name__ilk=mcp&sort=severity:desc,rule_name`, w1Only));
      assert.deepEqual(
        bySeverity.rows.map((r: unknown[]) => [r[3], r[1]]),
        [
          ['critical', 'Production agent on an unauthenticated MCP server with destructive tools'],
          ['critical', 'Secret in an MCP configuration'],
          ['critical', 'Unauthenticated MCP server exposes code execution'],
          ['high', 'Agent reaches code execution through an MCP server'],
          ['high', 'MCP server without authentication'],
          ['high', 'Remote MCP server over plain HTTP or without credentials'],
          ['high', 'Undeclared AI in use: model or MCP server'],
          ['medium', 'MCP server started from an unpinned package'],
        ],
      );
    });

    it('pages through a sort of mixed directions exactly', async () => {
      const whole = body(await h().get('/api/v1/static-rules?sort=severity:desc,rule_name', all)).rows;
      assert.equal(whole.length, staticRules.length);
      const rank = { critical: 4, high: 3, medium: 2, low: 1 } as Record<string, number>;
      // Severity as the tenant sees it: its override makes prompt injection exposure critical.
      const severity = (r: { id: string; severity: string }) =>
        rank[r.id === 'SR-aispm_prompt_injection_exposure' ? 'critical' : r.severity]!;
      const expected = [...staticRules].sort((a, b) => severity(b) - severity(a) || (a.name < b.name ? -1 : 1)).map((r) => r.id);
      assert.deepEqual(
        whole.map((r: unknown[]) => r[0]),
        expected,
      );
      const paged = await allPages(h(), '/api/v1/static-rules?sort=severity:desc,rule_name&page_size=3', all);
      assert.equal(paged.pages, Math.ceil(staticRules.length / 3));
      assert.deepEqual(paged.rows, whole);
    });

    it('one rule: static or external to the workspace; 404 otherwise', async () => {
      const ext = await h().get(`${RULES_W1}/${PII}`, w1Only);
      assert.equal(ext.statusCode, 200);
      assert.deepEqual(Object.keys(body(ext)), ruleHeader);
      for (const id of [W2_ONLY, 'SR-aispm_nope', 'nope']) {
        const res = await h().get(`${RULES_W1}/${id}`, w1Only);
        assert.equal(res.statusCode, 404, id);
        assert.deepEqual(body(res), { code: 404, message: 'no rule with this id in the workspace' });
      }
    });

    it('static rules: all of them, name__ilk, paging', async () => {
      const { rows } = await allPages(h(), '/api/v1/static-rules?page_size=7', all);
      assert.equal(rows.length, staticRules.length);
      assert.ok(rows.every((r) => r[9] === 'static'));
      const creds = body(await h().get('/api/v1/static-rules?name__ilk=hard-coded', all));
      assert.deepEqual(
        creds.rows.map((r: unknown[]) => r[0]),
        [CREDS],
      );
      assert.equal(creds.total, 1);
      const none = body(await h().get('/api/v1/static-rules?name__ilk=zzz', all));
      assert.deepEqual([none.rows, none.total, none.cursor], [[], 0, '']);
    });

    it("external rules: the token's workspaces, with the workspace, narrowed by workspace_id", async () => {
      const page = body(await h().get('/api/v1/external-rules', all));
      assert.deepEqual(page.header, ['workspace_id', ...ruleHeader]);
      assert.deepEqual(
        page.rows.map((r: unknown[]) => [r[0], r[1]]),
        [
          [W1, PII],
          [W2, W2_ONLY],
        ],
      );
      assert.deepEqual(
        body(await h().get('/api/v1/external-rules', w1Only)).rows.map((r: unknown[]) => r[1]),
        [PII],
      );
      assert.deepEqual(
        body(await h().get(`/api/v1/external-rules?workspace_id=${W2}`, all)).rows.map((r: unknown[]) => r[1]),
        [W2_ONLY],
      );
      assert.deepEqual(
        body(await h().get('/api/v1/external-rules?name__ilk=TWO', all)).rows.map((r: unknown[]) => r[1]),
        [W2_ONLY],
      );
      const refused = await h().get(`/api/v1/external-rules?workspace_id=${W2}`, w1Only);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(body(refused), { code: 403, message: 'token has no access to this workspace' });
    });

    it('rule results: every instance of the rule in the tenant, workspace first, newest first, ties by id then workspace', async () => {
      const url = `/api/v1/rules/${INPUT}/results`;
      const first = body(await h().get(`${url}?page_size=5`, all));
      assert.equal(first.header[0], 'workspace_id');
      assert.deepEqual(first.header.slice(1, 4), ['id', 'issue_id', 'rule_id']);
      assert.equal(first.total, 12);
      const { rows, pages } = await allPages(h(), `${url}?page_size=5`, all);
      assert.equal(pages, 3);
      assert.deepEqual(
        rows.map((r) => `${r[0]}/${r[1]}`),
        ['w2/f01', 'w1/f01', 'w1/f02', 'w1/f13', 'w1/f12', 'w1/f14', 'w1/f03', 'w1/f15', 'w1/f04', 'w1/f17', 'w1/f16', 'w1/f05'],
      );
      const r0 = objects({ header: first.header, rows: [rows[0]!] })[0]!;
      assert.equal(r0.issue_id, issueIdOf(T1, W2, INPUT, 'high'));
      assert.equal(r0.object_id, 'b1');
    });

    it('rule results are narrowed by the token and by workspace_id, and filtered by status', async () => {
      const url = `/api/v1/rules/${INPUT}/results`;
      const w1 = await allPages(h(), url, w1Only);
      assert.equal(w1.rows.length, 11);
      assert.ok(w1.rows.every((r) => r[0] === W1));
      const w2 = body(await h().get(`${url}?workspace_id=${W2}`, all));
      assert.deepEqual(
        w2.rows.map((r: unknown[]) => `${r[0]}/${r[1]}`),
        ['w2/f01'],
      );
      assert.equal(w2.total, 1);
      const resolved = body(await h().get(`${url}?status=resolved`, all));
      assert.deepEqual(
        resolved.rows.map((r: unknown[]) => r[1]),
        ['f04', 'f17'],
      );
      assert.equal(resolved.total, 2);
      const refused = await h().get(`${url}?workspace_id=${W2}`, w1Only);
      assert.equal(refused.statusCode, 403);
      // The other tenant's instance of the same static rule never shows.
      const creds = await allPages(h(), `/api/v1/rules/${CREDS}/results`, all);
      assert.deepEqual(
        creds.rows.map((r) => `${r[0]}/${r[1]}`),
        ['w1/f08', 'w2/g03', 'w1/f09'],
      );
    });

    it("rule results answer 404 for a rule unknown in the token's workspaces", async () => {
      for (const [id, token] of [
        ['SR-aispm_nope', all],
        [W2_ONLY, w1Only],
        ['nope', all],
      ] as const) {
        const res = await h().get(`/api/v1/rules/${id}/results`, token);
        assert.equal(res.statusCode, 404, id);
        assert.deepEqual(body(res), { code: 404, message: "no rule with this id in the token's workspaces" });
      }
      assert.equal((await h().get(`/api/v1/rules/${W2_ONLY}/results?workspace_id=${W1}`, all)).statusCode, 404);
      const known = body(await h().get(`/api/v1/rules/${W2_ONLY}/results`, all));
      assert.deepEqual(
        known.rows.map((r: unknown[]) => `${r[0]}/${r[1]}`),
        ['w2/g02'],
      );
      // A static rule with no instances is known: an empty result, not a 404.
      const empty = await h().get('/api/v1/rules/SR-aispm_unpinned_model_version/results', all);
      assert.equal(empty.statusCode, 200);
      assert.deepEqual([body(empty).rows, body(empty).total], [[], 0]);
    });

    it('rule results pages refuse a cursor of another scope', async () => {
      const first = body(await h().get(`/api/v1/rules/${INPUT}/results?page_size=2`, all));
      const res = await h().get(
        `/api/v1/rules/${INPUT}/results?page_size=2&workspace_id=${W1}&cursor=${encodeURIComponent(first.cursor)}`,
        all,
      );
      assert.equal(res.statusCode, 400);
    });
  },
  { now: () => NOW, config: { postureRules: false } },
);

// Ingest review: issues and instances copy the rule's name and category when written; sending the
// rule again with new ones must show on them.
describeEngines(
  'rules renamed after their findings',
  (h) => {
    it('the issues index and the instances show the new name and category', async () => {
      const token = await h().token({ tenant: T1 });
      const s1 = await h().ingest(T1, W1, [
        entity('agent', 'a1', 'Support Triage', 1),
        ruleRecord(PII, 'PII written to logs', 'medium', 'privacy', ['agent']),
        finding({ id: 'p1', rule: PII, kind: 'agent', object: 'a1', at: '2026-06-01T00:00:00Z' }),
      ]);
      assert.equal(s1.rejected, 0);
      const s2 = await h().ingest(T1, W1, [ruleRecord(PII, 'Personal data in logs', 'medium', 'data_protection', ['agent'])]);
      assert.equal(s2.rejected, 0);
      const issues = objects(body(await h().get(`/api/v1/issues/tenants/${T1}/workspaces/${W1}`, token)));
      assert.deepEqual(
        issues.map((i) => [i.rule_name, i.category]),
        [['Personal data in logs', 'data_protection']],
      );
      const instance = objects(body(await h().get(`/api/v1/instances/tenants/${T1}/workspaces/${W1}/p1`, token)))[0]!;
      assert.equal(instance.category, 'data_protection');
      const edge = objects(body(await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/${W1}/a1/issues`, token)));
      assert.deepEqual(
        edge.map((i) => i.rule_name),
        ['Personal data in logs'],
      );
    });
  },
  { now: () => NOW, config: { postureRules: false } },
);
