// Issues over HTTP on the known findings estate: the index and its groupings, one issue, its
// objects and their occurrences, the instance-level details of each object paged through exactly,
// one detail, one instance, and the 404s, 403s and 400s around them.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { issueIdOf } from '../src/catalog/rules/index.ts';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';
import { entity, T1, W1, W2 } from './helpers/fixtures.ts';
import { CREDS, finding, INPUT, loadEstate, NOW, PII, SHELL } from './helpers/findings-estate.ts';

const BASE = `/api/v1/issues/tenants/${T1}/workspaces/${W1}`;
const id = (rule: string, severity: string) => issueIdOf(T1, W1, rule, severity);
const INPUT_HIGH = id(INPUT, 'high');

const issueHeader = ['id', 'rule_id', 'rule_name', 'severity', 'category', 'open_instances', 'objects', 'first_detected', 'last_detected'];
const instanceHeader = [
  'id',
  'issue_id',
  'rule_id',
  'severity',
  'status',
  'title',
  'object_type',
  'object_id',
  'detected_at',
  'resolved_at',
  'cvss_score',
  'owasp_category',
  'scan_id',
  'source',
  'category',
  'description',
  'code_location',
  'evidence',
  'remediation',
  'waiver',
];

// The fixtures count ingested findings only: posture rules (their own suite) are off here.
describeEngines(
  'issues',
  (h) => {
    let token: string;
    before(async () => {
      await loadEstate(h());
      token = await h().token({ tenant: T1, workspaces: [W1] });
    });

    it('lists the open issues of the workspace, most severe first, then most open instances', async () => {
      const res = await h().get(BASE, token);
      assert.equal(res.statusCode, 200);
      const page = body(res);
      assert.deepEqual(page.header, issueHeader);
      assert.equal(page.total, 6);
      assert.equal(page.total_sampling, 1);
      assert.equal(page.cursor, '');
      assert.deepEqual(page.rows, [
        [
          id(CREDS, 'critical'),
          CREDS,
          'Hard-coded credentials',
          'critical',
          'secrets',
          2,
          2,
          '2026-01-31T23:59:59.000Z',
          '2026-06-15T11:59:59.000Z',
        ],
        [
          id(INPUT, 'critical'),
          INPUT,
          'Agent without input guardrails',
          'critical',
          'guardrails',
          1,
          1,
          '2025-07-01T00:00:00.000Z',
          '2025-07-01T00:00:00.000Z',
        ],
        [
          INPUT_HIGH,
          INPUT,
          'Agent without input guardrails',
          'high',
          'guardrails',
          8,
          2,
          '2025-09-09T09:09:09.000Z',
          '2026-06-01T00:00:00.000Z',
        ],
        [
          id(SHELL, 'high'),
          SHELL,
          'Tool can run shell commands or code',
          'high',
          'tool_misuse',
          2,
          1,
          '2025-06-30T23:59:59.000Z',
          '2026-04-15T00:00:00.000Z',
        ],
        [id(PII, 'medium'), PII, 'PII written to logs', 'medium', 'privacy', 1, 1, '2025-12-01T00:00:00.000Z', '2025-12-01T00:00:00.000Z'],
        [id(PII, 'low'), PII, 'PII written to logs', 'low', 'privacy', 1, 1, '2025-11-15T00:00:00.000Z', '2025-11-15T00:00:00.000Z'],
      ]);
    });

    it('issue ids are stable per workspace, rule and severity, and differ between workspaces', async () => {
      const w2 = body(await h().get(`/api/v1/issues/tenants/${T1}/workspaces/${W2}`, await h().token({ tenant: T1 })));
      const w2Input = objects(w2).find((r) => r.rule_id === INPUT)!;
      assert.equal(w2Input.id, issueIdOf(T1, W2, INPUT, 'high'));
      assert.notEqual(w2Input.id, INPUT_HIGH);
    });

    it('pages the index one row at a time in the same order, with the total on every page', async () => {
      const all = body(await h().get(BASE, token)).rows;
      const paged = await allPages(h(), `${BASE}?page_size=1`, token);
      assert.equal(paged.pages, 6);
      assert.deepEqual(paged.rows, all);
      const first = body(await h().get(`${BASE}?page_size=4`, token));
      assert.equal(first.total, 6);
      const second = body(await h().get(`${BASE}?page_size=4&cursor=${encodeURIComponent(first.cursor)}`, token));
      assert.equal(second.total, 6);
      assert.equal(second.cursor, '');
      assert.deepEqual([...first.rows, ...second.rows], all);
    });

    it('sorts by comma-separated column:direction terms, through every page', async () => {
      const url = `${BASE}?sort=category:asc,open_instances:desc&page_size=2`;
      const { rows } = await allPages(h(), url, token);
      assert.deepEqual(
        rows.map((r) => [r[4], r[5], r[3]]),
        [
          ['guardrails', 8, 'high'],
          ['guardrails', 1, 'critical'],
          ['privacy', 1, rows[2]![3]],
          ['privacy', 1, rows[3]![3]],
          ['secrets', 2, 'critical'],
          ['tool_misuse', 2, 'high'],
        ],
      );
      // The two privacy issues tie on both terms; the id decides, the same way on every page.
      assert.deepEqual(new Set([rows[2]![3], rows[3]![3]]), new Set(['medium', 'low']));
      const bySeverityAsc = body(await h().get(`${BASE}?sort=severity:asc,rule_id`, token)).rows.map((r: unknown[]) => `${r[3]} ${r[1]}`);
      assert.deepEqual(bySeverityAsc, [
        `low ${PII}`,
        `medium ${PII}`,
        `high ${INPUT}`,
        `high ${SHELL}`,
        `critical ${CREDS}`,
        `critical ${INPUT}`,
      ]);
    });

    it('sort_dir alone turns the default order around', async () => {
      const rows = body(await h().get(`${BASE}?sort_dir=asc`, token)).rows;
      assert.deepEqual(
        rows.map((r: unknown[]) => [r[3], r[5]]),
        [
          ['low', 1],
          ['medium', 1],
          ['high', 2],
          ['high', 8],
          ['critical', 1],
          ['critical', 2],
        ],
      );
    });

    it('groups by severity, with issues, open instances and distinct objects per group', async () => {
      const page = body(await h().get(`${BASE}?group_by=severity`, token));
      assert.deepEqual(page.header, ['severity', 'issues', 'open_instances', 'objects', 'first_detected', 'last_detected']);
      assert.equal(page.total, 4);
      assert.deepEqual(page.rows, [
        ['critical', 2, 3, 3, '2025-07-01T00:00:00.000Z', '2026-06-15T11:59:59.000Z'],
        ['high', 2, 10, 3, '2025-06-30T23:59:59.000Z', '2026-06-01T00:00:00.000Z'],
        ['medium', 1, 1, 1, '2025-12-01T00:00:00.000Z', '2025-12-01T00:00:00.000Z'],
        ['low', 1, 1, 1, '2025-11-15T00:00:00.000Z', '2025-11-15T00:00:00.000Z'],
      ]);
    });

    it('groups by object type (most open instances first) and by category and severity together', async () => {
      const byType = body(await h().get(`${BASE}?group_by=object_type`, token));
      assert.deepEqual(byType.header, ['object_type', 'issues', 'open_instances', 'objects', 'first_detected', 'last_detected']);
      assert.deepEqual(
        byType.rows.map((r: unknown[]) => r.slice(0, 4)),
        [
          ['agent', 4, 11, 2],
          ['tool', 2, 3, 1],
          ['mcp_server', 1, 1, 1],
        ],
      );
      const byCategory = body(await h().get(`${BASE}?group_by=category,severity&sort=category,severity:desc`, token));
      assert.deepEqual(byCategory.header.slice(0, 3), ['category', 'severity', 'issues']);
      assert.deepEqual(
        byCategory.rows.map((r: unknown[]) => r.slice(0, 4)),
        [
          ['guardrails', 'critical', 1, 1],
          ['guardrails', 'high', 1, 8],
          ['privacy', 'medium', 1, 1],
          ['privacy', 'low', 1, 1],
          ['secrets', 'critical', 1, 2],
          ['tool_misuse', 'high', 1, 2],
        ],
      );
      const paged = await allPages(h(), `${BASE}?group_by=category,severity&sort=category,severity:desc&page_size=4`, token);
      assert.equal(paged.pages, 2);
      assert.deepEqual(paged.rows, byCategory.rows);
    });

    it('grouping by rule gives the rule name; rule_id,severity in any order gives the issues themselves', async () => {
      const byRule = body(await h().get(`${BASE}?group_by=rule_id&sort=rule_id`, token));
      assert.deepEqual(byRule.header.slice(0, 4), ['rule_id', 'rule_name', 'issues', 'open_instances']);
      assert.deepEqual(
        byRule.rows.map((r: unknown[]) => r.slice(0, 4)),
        [
          [PII, 'PII written to logs', 2, 2],
          [CREDS, 'Hard-coded credentials', 1, 2],
          [INPUT, 'Agent without input guardrails', 2, 9],
          [SHELL, 'Tool can run shell commands or code', 1, 2],
        ],
      );
      const swapped = body(await h().get(`${BASE}?group_by=severity,rule_id`, token));
      assert.deepEqual(swapped, body(await h().get(BASE, token)));
    });

    it('400 for an unknown group_by dimension or sort column, naming the parameter', async () => {
      const g = await h().get(`${BASE}?group_by=severity,colour`, token);
      assert.equal(g.statusCode, 400);
      assert.deepEqual(body(g), {
        code: 400,
        message: 'group_by: unknown dimension "colour"; allowed: rule_id, severity, category, object_type',
      });
      const s = await h().get(`${BASE}?group_by=severity&sort=rule_name`, token);
      assert.equal(s.statusCode, 400);
      assert.match(
        body(s).message,
        /^sort: unknown column "rule_name"; sortable columns are severity, issues, open_instances, objects, first_detected, last_detected$/,
      );
      const d = await h().get(`${BASE}?sort=severity:up`, token);
      assert.equal(d.statusCode, 400);
      assert.match(body(d).message, /^sort: "severity:up" must be column, column:asc or column:desc$/);
    });

    it('a cursor works only on the query it came from', async () => {
      const first = body(await h().get(`${BASE}?page_size=2`, token));
      const other = await h().get(`${BASE}?page_size=2&group_by=severity&cursor=${encodeURIComponent(first.cursor)}`, token);
      assert.equal(other.statusCode, 400);
      assert.match(body(other).message, /^cursor belongs to another query/);
      const tampered = await h().get(`${BASE}?page_size=2&cursor=${encodeURIComponent(first.cursor.slice(0, -2) + 'xx')}`, token);
      assert.equal(tampered.statusCode, 400);
    });

    it('answers the index as CSV when asked', async () => {
      const res = await h().get(`${BASE}?group_by=severity`, token, { accept: 'text/csv' });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^text\/csv/);
      assert.equal(res.headers['x-total-count'], '4');
      assert.equal(res.body.split('\r\n')[0], 'severity,issues,open_instances,objects,first_detected,last_detected');
      assert.equal(res.body.split('\r\n')[2], 'high,2,10,3,2025-06-30T23:59:59.000Z,2026-06-01T00:00:00.000Z');
    });

    it('one issue: its row, its rule and its objects with their occurrences', async () => {
      const res = await h().get(`${BASE}/${INPUT_HIGH}`, token);
      assert.equal(res.statusCode, 200);
      const issue = body(res);
      assert.deepEqual(issue.header, issueHeader);
      assert.deepEqual(issue.rows, [
        [
          INPUT_HIGH,
          INPUT,
          'Agent without input guardrails',
          'high',
          'guardrails',
          8,
          2,
          '2025-09-09T09:09:09.000Z',
          '2026-06-01T00:00:00.000Z',
        ],
      ]);
      assert.equal(issue.total, 1);
      assert.equal(issue.cursor, '');
      assert.deepEqual(issue.rule, {
        rule_id: INPUT,
        rule_name: 'Agent without input guardrails',
        rule_description:
          'The agent passes user or tool input to its models with no guardrail checking it for prompt injection, jailbreaks or sensitive data.',
        severity: 'high',
        default_severity: 'high',
        category: 'guardrails',
        object_types: ['agent'],
        owasp_category: 'ASI01',
        remediation: 'Attach an input guardrail (prompt-injection and PII detection) in front of the agent.',
        source: 'static',
        enabled: true,
        frameworks: ['LLM01', 'ASI01', 'AML.T0051', 'AML.T0054', 'MEASURE 2.7', 'Article 15'],
        tags: [],
        help_uri: null,
      });
      assert.deepEqual(issue.objects, {
        header: ['object_type', 'object_id', 'object_name', 'occurrences', 'first_detected', 'last_detected'],
        rows: [
          ['agent', 'a1', 'Support Triage', 7, '2025-09-09T09:09:09.000Z', '2026-06-01T00:00:00.000Z'],
          ['agent', 'a2', 'Finance Bot', 1, '2026-03-10T10:00:00.000Z', '2026-03-10T10:00:00.000Z'],
        ],
        cursor: '',
        total: 2,
        total_sampling: 1,
      });
    });

    it('an issue of an external rule carries that rule', async () => {
      const issue = body(await h().get(`${BASE}/${id(PII, 'low')}`, token));
      assert.deepEqual(issue.rule, {
        rule_id: PII,
        rule_name: 'PII written to logs',
        rule_description: 'PII written to logs, described.',
        severity: 'medium',
        default_severity: 'medium',
        category: 'privacy',
        object_types: ['agent'],
        owasp_category: 'ASI06',
        remediation: 'Fix: PII written to logs.',
        source: 'external',
        enabled: true,
        frameworks: ['ASI06'],
        tags: [],
        help_uri: null,
      });
    });

    it("an issue's objects page through with their occurrences, and sort", async () => {
      const url = `${BASE}/${id(CREDS, 'critical')}/objects`;
      const page = body(await h().get(`${url}?page_size=1`, token));
      assert.equal(page.total, 2);
      const all = await allPages(h(), `${url}?page_size=1`, token);
      assert.equal(all.pages, 2);
      assert.deepEqual(all.rows, [
        ['tool', 'tl1', 'run_shell', 1, '2026-01-31T23:59:59.000Z', '2026-01-31T23:59:59.000Z'],
        ['mcp_server', 'm1', 'shell-mcp', 1, '2026-06-15T11:59:59.000Z', '2026-06-15T11:59:59.000Z'],
      ]);
      const byLast = body(await h().get(`${url}?sort=last_detected:desc`, token));
      assert.deepEqual(
        byLast.rows.map((r: unknown[]) => r[1]),
        ['m1', 'tl1'],
      );
    });

    it("each object's details page through exactly: every open instance once, newest first, ties by id", async () => {
      const url = `${BASE}/${INPUT_HIGH}/objects/a1/details`;
      const seen: string[] = [];
      let cursor = '';
      let pages = 0;
      do {
        const res = await h().get(`${url}?page_size=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
        assert.equal(res.statusCode, 200);
        const page = body(res);
        assert.deepEqual(Object.keys(page), [
          'issue_id',
          'object_type',
          'object_id',
          'object_name',
          'details',
          'cursor',
          'total',
          'total_sampling',
        ]);
        assert.equal(page.issue_id, INPUT_HIGH);
        assert.equal(page.object_type, 'agent');
        assert.equal(page.object_id, 'a1');
        assert.equal(page.object_name, 'Support Triage');
        assert.equal(page.total, 7);
        for (const d of page.details) {
          assert.deepEqual(Object.keys(d), instanceHeader);
          seen.push(d.id);
        }
        cursor = page.cursor;
        pages++;
      } while (cursor);
      assert.equal(pages, 4);
      assert.deepEqual(seen, ['f01', 'f02', 'f13', 'f12', 'f14', 'f15', 'f16']);
      // The details total matches the object's occurrences in the issue.
      const objs = objects(body(await h().get(`${BASE}/${INPUT_HIGH}/objects`, token)));
      assert.equal(objs.find((o) => o.object_id === 'a1')!.occurrences, seen.length);
    });

    it('details carry every field of the instance', async () => {
      const page = body(await h().get(`${BASE}/${INPUT_HIGH}/objects/a1/details?page_size=1`, token));
      assert.deepEqual(page.details[0], {
        id: 'f01',
        issue_id: INPUT_HIGH,
        rule_id: INPUT,
        severity: 'high',
        status: 'open',
        title: 'No input guardrail on Support Triage',
        object_type: 'agent',
        object_id: 'a1',
        detected_at: '2026-06-01T00:00:00.000Z',
        resolved_at: null,
        cvss_score: 7.5,
        owasp_category: 'ASI01',
        scan_id: 'scan-1',
        source: 'ingest',
        category: 'guardrails',
        description: 'User text reaches gpt-4o unchecked.',
        code_location: { repository: 'https://github.com/acme/support', path: 'agents/triage.py', start_line: 12 },
        evidence: { framework: 'langchain', guardrails: [] },
        remediation: 'Add llm-guard in front.',
        waiver: null,
      });
      // A finding sent without these fields gets the rule's name, remediation and OWASP category.
      const f02 = body(await h().get(`${BASE}/${INPUT_HIGH}/objects/a1/details?page_size=2`, token)).details[1];
      assert.deepEqual(f02, {
        id: 'f02',
        issue_id: INPUT_HIGH,
        rule_id: INPUT,
        severity: 'high',
        status: 'open',
        title: 'Agent without input guardrails',
        object_type: 'agent',
        object_id: 'a1',
        detected_at: '2026-05-31T23:59:59.000Z',
        resolved_at: null,
        cvss_score: null,
        owasp_category: 'ASI01',
        scan_id: null,
        source: 'ingest',
        category: 'guardrails',
        description: '',
        code_location: null,
        evidence: null,
        remediation: 'Attach an input guardrail (prompt-injection and PII detection) in front of the agent.',
        waiver: null,
      });
    });

    it('status picks resolved or all instances of the object', async () => {
      const resolved = body(await h().get(`${BASE}/${INPUT_HIGH}/objects/a1/details?status=resolved`, token));
      assert.equal(resolved.total, 1);
      assert.deepEqual(
        resolved.details.map((d: any) => [d.id, d.status, d.resolved_at]),
        [['f17', 'resolved', '2025-10-05T00:00:00.000Z']],
      );
      const all = await h().get(`${BASE}/${INPUT_HIGH}/objects/a2/details?status=all`, token);
      assert.deepEqual(
        body(all).details.map((d: any) => d.id),
        ['f03', 'f04'],
      );
      assert.equal(body(all).total, 2);
      const first = body(await h().get(`${BASE}/${INPUT_HIGH}/objects/a1/details?page_size=1`, token));
      const mixed = await h().get(
        `${BASE}/${INPUT_HIGH}/objects/a1/details?page_size=1&status=all&cursor=${encodeURIComponent(first.cursor)}`,
        token,
      );
      assert.equal(mixed.statusCode, 400);
    });

    it('one detail answers the instance with its rule; GET /instances answers the same', async () => {
      const detail = await h().get(`${BASE}/${INPUT_HIGH}/objects/a2/details/f04`, token);
      assert.equal(detail.statusCode, 200);
      const d = body(detail);
      assert.deepEqual(d.header, instanceHeader);
      assert.deepEqual(d.rows, [
        [
          'f04',
          INPUT_HIGH,
          INPUT,
          'high',
          'resolved',
          'Agent without input guardrails',
          'agent',
          'a2',
          '2026-02-10T00:00:00.000Z',
          '2026-02-20T00:00:00.000Z',
          null,
          'ASI01',
          null,
          'ingest',
          'guardrails',
          '',
          null,
          null,
          'Attach an input guardrail (prompt-injection and PII detection) in front of the agent.',
          null,
        ],
      ]);
      assert.equal(d.total, 1);
      assert.equal(d.rule.rule_id, INPUT);
      const instance = await h().get(`/api/v1/instances/tenants/${T1}/workspaces/${W1}/f04`, token);
      assert.equal(instance.statusCode, 200);
      assert.deepEqual(body(instance), d);
    });

    it('an instance is answered within its own workspace only', async () => {
      const all = await h().token({ tenant: T1 });
      const w1 = body(await h().get(`/api/v1/instances/tenants/${T1}/workspaces/${W1}/f01`, all));
      const w2 = body(await h().get(`/api/v1/instances/tenants/${T1}/workspaces/${W2}/f01`, all));
      assert.equal(objects(w1)[0]!.object_id, 'a1');
      assert.equal(objects(w2)[0]!.object_id, 'b1');
      assert.equal((await h().get(`/api/v1/instances/tenants/${T1}/workspaces/${W1}/g03`, all)).statusCode, 404);
    });

    it('404 for an unknown issue, object, detail or instance', async () => {
      const cases: Array<[string, string]> = [
        [`${BASE}/iss_nope`, 'no open issue with this id in the workspace'],
        [`${BASE}/iss_nope/objects`, 'no open issue with this id in the workspace'],
        [`${BASE}/iss_nope/objects/a1/details`, 'no open issue with this id in the workspace'],
        [`${BASE}/${issueIdOf(T1, W2, INPUT, 'high')}`, 'no open issue with this id in the workspace'],
        [`${BASE}/${INPUT_HIGH}/objects/tl1/details`, 'the issue has no instance on an object with this id'],
        [`${BASE}/${INPUT_HIGH}/objects/a1/details?object_type=tool`, 'the issue has no instance on an object with this id'],
        [`${BASE}/${INPUT_HIGH}/objects/a1/details/f03`, 'no instance with this id on this object in the issue'],
        [`${BASE}/${INPUT_HIGH}/objects/a1/details/f05`, 'no instance with this id on this object in the issue'],
        [`${BASE}/${INPUT_HIGH}/objects/a1/details/nope`, 'no instance with this id on this object in the issue'],
        [`/api/v1/instances/tenants/${T1}/workspaces/${W1}/nope`, 'no instance with this id in the workspace'],
      ];
      for (const [url, message] of cases) {
        const res = await h().get(url, token);
        assert.equal(res.statusCode, 404, url);
        assert.deepEqual(body(res), { code: 404, message }, url);
      }
    });

    it('403 for a workspace the token is not granted, before anything is looked up', async () => {
      const w2only = await h().token({ tenant: T1, workspaces: [W2] });
      for (const url of [
        BASE,
        `${BASE}/${INPUT_HIGH}`,
        `${BASE}/${INPUT_HIGH}/objects/a1/details`,
        `/api/v1/instances/tenants/${T1}/workspaces/${W1}/f01`,
      ]) {
        const res = await h().get(url, w2only);
        assert.equal(res.statusCode, 403, url);
        assert.deepEqual(body(res), { code: 403, message: 'token has no access to this workspace' });
      }
    });

    it('the object-level issue counts agree with the issues', async () => {
      const agents = objects(body(await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/${W1}?sort=id`, token)));
      assert.deepEqual(
        agents.map((a) => [a.id, a.critical_issues, a.high_issues, a.total_issues]),
        [
          ['a1', 1, 1, 3],
          ['a2', 0, 1, 2],
        ],
      );
      const edge = body(await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/${W1}/a1/issues`, token));
      assert.deepEqual(
        objects(edge).map((r) => [r.id, r.occurrences]),
        [
          [id(INPUT, 'critical'), 1],
          [INPUT_HIGH, 7],
          [id(PII, 'medium'), 1],
        ],
      );
    });
  },
  { now: () => NOW, config: { postureRules: false } },
);

// Ids are unique within a kind: an agent and a tool may share one, and a details path then needs
// `object_type` to say which. And an object may have only resolved instances left in an open issue.
describeEngines(
  'issue objects: ids shared across kinds, objects with only resolved instances',
  (h) => {
    it('lists both, and asks for object_type before answering details', async () => {
      await h().ingest(T1, W1, [
        entity('agent', 'dup', 'Agent dup', 1),
        entity('tool', 'dup', 'Tool dup', 1),
        finding({ id: 'd1', rule: CREDS, kind: 'agent', object: 'dup', at: '2026-05-01T00:00:00Z' }),
        finding({ id: 'd2', rule: CREDS, kind: 'tool', object: 'dup', at: '2026-05-02T00:00:00Z' }),
        finding({ id: 'd3', rule: CREDS, kind: 'tool', object: 'dup', at: '2026-05-03T00:00:00Z' }),
        finding({ id: 'd4', rule: CREDS, kind: 'agent', object: 'gone', at: '2026-04-01T00:00:00Z', resolvedAt: '2026-04-02T00:00:00Z' }),
      ]);
      const token = await h().token({ tenant: T1 });
      const url = `${BASE}/${id(CREDS, 'critical')}/objects`;
      assert.deepEqual(
        body(await h().get(url, token)).rows.map((r: unknown[]) => [r[0], r[1], r[2], r[3]]),
        [
          ['tool', 'dup', 'Tool dup', 2],
          ['agent', 'dup', 'Agent dup', 1],
        ],
      );
      const ambiguous = await h().get(`${url}/dup/details`, token);
      assert.equal(ambiguous.statusCode, 400);
      assert.deepEqual(body(ambiguous), {
        code: 400,
        message: 'object_type: objects of several types have this id in the issue (agent, tool); name one',
      });
      const tool = body(await h().get(`${url}/dup/details?object_type=tool`, token));
      assert.deepEqual(
        [tool.object_type, tool.object_name, tool.total, tool.details.map((d: any) => d.id)],
        ['tool', 'Tool dup', 2, ['d3', 'd2']],
      );
      const agent = body(await h().get(`${url}/dup/details?object_type=agent`, token));
      assert.deepEqual([agent.object_type, agent.total, agent.details.map((d: any) => d.id)], ['agent', 1, ['d1']]);
    });

    it("an issue embeds its first 100 objects, and the embedded cursor continues on the issue's objects", async () => {
      const token = await h().token({ tenant: T1 });
      const tools = Array.from({ length: 101 }, (_, i) => `t${String(i).padStart(3, '0')}`);
      const s = await h().ingest(
        T1,
        W1,
        tools.map((t, i) => finding({ id: `s${i}`, rule: SHELL, kind: 'tool', object: t, at: '2026-05-01T00:00:00Z' })),
      );
      assert.equal(s.rejected, 0);
      const issue = body(await h().get(`${BASE}/${id(SHELL, 'high')}`, token));
      assert.deepEqual([issue.objects.rows.length, issue.objects.total], [100, 101]);
      // Equal occurrences: the object breaks the tie, in the direction of the sort.
      assert.deepEqual(
        issue.objects.rows.slice(0, 2).map((r: unknown[]) => r[1]),
        ['t100', 't099'],
      );
      const rest = body(await h().get(`${BASE}/${id(SHELL, 'high')}/objects?cursor=${encodeURIComponent(issue.objects.cursor)}`, token));
      assert.deepEqual([rest.rows.map((r: unknown[]) => r[1]), rest.total, rest.cursor], [['t000'], 101, '']);
    });

    it('an object whose instances in the issue are all resolved: not among the objects, details empty unless asked for resolved', async () => {
      const token = await h().token({ tenant: T1 });
      const url = `${BASE}/${id(CREDS, 'critical')}/objects`;
      assert.ok(!body(await h().get(url, token)).rows.some((r: unknown[]) => r[1] === 'gone'));
      const open = body(await h().get(`${url}/gone/details`, token));
      assert.deepEqual([open.object_type, open.object_name, open.details, open.total, open.cursor], ['agent', null, [], 0, '']);
      const resolved = body(await h().get(`${url}/gone/details?status=resolved`, token));
      assert.deepEqual([resolved.total, resolved.details.map((d: any) => [d.id, d.status])], [1, [['d4', 'resolved']]]);
    });
  },
  { now: () => NOW, config: { postureRules: false } },
);
