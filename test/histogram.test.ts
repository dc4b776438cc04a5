// The 12-month issue histogram and the AI-SPM dashboard, bound by the token (no tenant in the
// path): buckets and their counts on the known estate (months with none, instances on the first
// and last second of a month, one just before the window), workspace narrowing, 403 and tenant
// isolation; and the window itself on a month boundary.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { issueIdOf, staticRules } from '../src/catalog/rules/index.ts';
import { body, describeEngines } from './helpers/harness.ts';
import { entity, T1, T2, W1, W2 } from './helpers/fixtures.ts';
import { CREDS, finding, INPUT, loadEstate, MONTHS, NOW } from './helpers/findings-estate.ts';

const HIST = '/api/v1/histograms/aispm';
const DASH = '/api/v1/aispm-dashboard';
const described = (id: string) => staticRules.find((r) => r.id === id)!.description;
/** A kind's figures as the dashboard's aispm_objects_counts row. */
const figures = (object_type: string, inventory: number, issues: number, critical: number, high: number) => ({
  object_type,
  total_inventory_count: inventory,
  total_issues_count: issues,
  critical_issues_count: critical,
  high_issues_count: high,
});
/** An object at risk as the dashboard's rows answer it. */
const atRisk = (
  workspace_id: string,
  id: string,
  name: string,
  critical: number,
  high: number,
  total_issues: number,
  risk_score: number,
) => ({
  aispm_object_id: id,
  aispm_friendly_name: name,
  critical_count: critical,
  high_count: high,
  total_critical_high_occurrences: critical + high,
  workspace_id,
  total_issues,
  risk_score,
});

/** Expected counts as [critical, high, other] per month of MONTHS. */
function counts(rows: Array<[number, number, number]>) {
  return { issues_histogram: { counts: rows.map(([critical, high, other], i) => ({ month: MONTHS[i], critical, high, other })) } };
}

// w1, month by month (see findings-estate.ts): f05 | none | f16 | f17 (resolved) | f11 (low) | f10 (medium) | f09 |
// f04 (resolved) | f03 f15 | f06 f14 | f02 f12 f13 (f02 on the last second of May) | f01 (first second of June) f08.
// f07 (2025-06-30T23:59:59Z) falls just before the window.
const w1: Array<[number, number, number]> = [
  [1, 0, 0],
  [0, 0, 0],
  [0, 1, 0],
  [0, 1, 0],
  [0, 0, 1],
  [0, 0, 1],
  [1, 0, 0],
  [0, 1, 0],
  [0, 2, 0],
  [0, 2, 0],
  [0, 3, 0],
  [1, 1, 0],
];
// w2: g02 (medium) in January, f01 (high) and g03 (critical) in June.
const w2: Array<[number, number, number]> = [
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 1],
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 0],
  [1, 1, 0],
];
const sum = (a: Array<[number, number, number]>, b: Array<[number, number, number]>) =>
  a.map((r, i) => r.map((v, j) => v + b[i]![j]!) as [number, number, number]);

// The fixtures count ingested findings only: posture rules (their own suite) are off here.
describeEngines(
  'histogram and dashboard',
  (h) => {
    let all: string;
    let w1Only: string;
    before(async () => {
      await loadEstate(h());
      all = await h().token({ tenant: T1 });
      w1Only = await h().token({ tenant: T1, workspaces: [W1] });
    });

    it('12 calendar months ending with the current one, oldest first, over every workspace of the token', async () => {
      const res = await h().get(HIST, all);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(body(res), counts(sum(w1, w2)));
    });

    it('a token granted one workspace sees only that workspace', async () => {
      assert.deepEqual(body(await h().get(HIST, w1Only)), counts(w1));
      const w2Only = await h().token({ tenant: T1, workspaces: [W2] });
      assert.deepEqual(body(await h().get(HIST, w2Only)), counts(w2));
    });

    it('workspace_id narrows to one granted workspace', async () => {
      assert.deepEqual(body(await h().get(`${HIST}?workspace_id=${W2}`, all)), counts(w2));
      assert.deepEqual(body(await h().get(`${HIST}?workspace_id=${W1}`, w1Only)), counts(w1));
      const twoOfThree = await h().token({ tenant: T1, workspaces: [W1, W2, 'w3'] });
      assert.deepEqual(body(await h().get(HIST, twoOfThree)), counts(sum(w1, w2)));
    });

    it('403 when workspace_id names a workspace the token is not granted', async () => {
      const res = await h().get(`${HIST}?workspace_id=${W2}`, w1Only);
      assert.equal(res.statusCode, 403);
      assert.deepEqual(body(res), { code: 403, message: 'token has no access to this workspace' });
      assert.equal((await h().get(`${DASH}?workspace_id=${W2}`, w1Only)).statusCode, 403);
    });

    it('another tenant sees only its own counts', async () => {
      const t2 = await h().token({ tenant: T2 });
      const zero = Array.from({ length: 12 }, () => [0, 0, 0] as [number, number, number]);
      assert.deepEqual(body(await h().get(HIST, t2)), counts(zero.map((r, i) => (i === 11 ? [1, 0, 0] : r))));
    });

    it('a workspace that never received data is a 404 naming those the token can see, as in the lists; 403 comes first', async () => {
      const list = await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/empty`, all);
      const expected = {
        code: 404,
        message: `no data in workspace "empty" of tenant "${T1}"; the workspaces this token can see: ${W1}, ${W2}`,
      };
      assert.deepEqual([list.statusCode, body(list)], [404, expected]);
      for (const url of [`${HIST}?workspace_id=empty`, `${DASH}?workspace_id=empty`, `${DASH}?workspace_id=empty&top=3`]) {
        const res = await h().get(url, all);
        assert.deepEqual([res.statusCode, body(res)], [404, expected], url);
      }
      // Asked twice: the 404 is not cached as an answer, and a known workspace still answers.
      assert.equal((await h().get(`${HIST}?workspace_id=empty`, all)).statusCode, 404);
      assert.equal((await h().get(`${HIST}?workspace_id=${W1}`, all)).statusCode, 200);
      const w1Only2 = await h().token({ tenant: T1, workspaces: [W1] });
      const mine = await h().get(`${DASH}?workspace_id=nowhere`, w1Only2);
      assert.deepEqual(body(mine), { code: 403, message: 'token has no access to this workspace' });
      const narrow = await h().token({ tenant: T1, workspaces: [W1, 'nowhere'] });
      const res = await h().get(`${DASH}?workspace_id=nowhere`, narrow);
      assert.deepEqual(body(res), {
        code: 404,
        message: `no data in workspace "nowhere" of tenant "${T1}"; the workspaces this token can see: ${W1}`,
      });
    });

    it('needs a token with the read scope', async () => {
      assert.equal((await h().get(HIST)).statusCode, 401);
      const ingestOnly = await h().token({ tenant: T1, scopes: ['ingest'] });
      assert.equal((await h().get(HIST, ingestOnly)).statusCode, 403);
    });

    it('the dashboard: counts per object type, top issues, objects most at risk and the histogram', async () => {
      const res = await h().get(`${DASH}?workspace_id=${W1}&top=3`, all);
      assert.equal(res.statusCode, 200);
      const d = body(res);
      assert.deepEqual(Object.keys(d), [
        'aispm_objects_counts',
        'aispm_objects_top_issues',
        'aispm_top_at_risk_agents',
        'aispm_top_at_risk_models',
        'aispm_top_at_risk_mcp_servers',
        'aispm_top_at_risk_tools',
        'issues_histogram',
        'scans_counts',
      ]);
      assert.deepEqual(d.scans_counts, { total_current_aispm_scans: 0, scans_with_ai_objects_count: 0, percent_scans_with_ai_objects: 0 });
      assert.deepEqual(d.aispm_objects_counts, [
        figures('agent', 2, 5, 1, 2),
        figures('model', 1, 0, 0, 0),
        figures('tool', 1, 2, 1, 1),
        figures('mcp_server', 1, 1, 1, 0),
        figures('asset', 0, 0, 0, 0),
        figures('location', 0, 0, 0, 0),
      ]);
      assert.deepEqual(d.aispm_objects_top_issues, [
        {
          issue_id: issueIdOf(T1, W1, CREDS, 'critical'),
          rule_id: CREDS,
          rule_name: 'Hard-coded credentials',
          rule_description: described(CREDS),
          definitive_severity: 'critical',
          critical_element_count: 2,
          high_element_count: 0,
          total_priority_affected_elements: 2,
          workspace_id: W1,
          category: 'secrets',
          open_instances: 2,
          objects: 2,
          last_detected: '2026-06-15T11:59:59.000Z',
        },
        {
          issue_id: issueIdOf(T1, W1, INPUT, 'critical'),
          rule_id: INPUT,
          rule_name: 'Agent without input guardrails',
          rule_description: described(INPUT),
          definitive_severity: 'critical',
          critical_element_count: 1,
          high_element_count: 0,
          total_priority_affected_elements: 1,
          workspace_id: W1,
          category: 'guardrails',
          open_instances: 1,
          objects: 1,
          last_detected: '2025-07-01T00:00:00.000Z',
        },
        {
          issue_id: issueIdOf(T1, W1, INPUT, 'high'),
          rule_id: INPUT,
          rule_name: 'Agent without input guardrails',
          rule_description: described(INPUT),
          definitive_severity: 'high',
          critical_element_count: 0,
          high_element_count: 2,
          total_priority_affected_elements: 2,
          workspace_id: W1,
          category: 'guardrails',
          open_instances: 8,
          objects: 2,
          last_detected: '2026-06-01T00:00:00.000Z',
        },
      ]);
      // Risk score (docs/POSTURE.md): a1 input critical 10 + input high 5 + PII medium 2; a2 input high 5 + PII low 1.
      assert.deepEqual(d.aispm_top_at_risk_agents, [
        atRisk(W1, 'a1', 'Support Triage', 1, 1, 3, 17),
        atRisk(W1, 'a2', 'Finance Bot', 0, 1, 2, 6),
      ]);
      assert.deepEqual(d.aispm_top_at_risk_models, []);
      // Credentials critical 10 + shell high 5.
      assert.deepEqual(d.aispm_top_at_risk_tools, [atRisk(W1, 'tl1', 'run_shell', 1, 1, 2, 15)]);
      assert.deepEqual(d.aispm_top_at_risk_mcp_servers, [atRisk(W1, 'm1', 'shell-mcp', 1, 0, 1, 10)]);
      assert.deepEqual({ issues_histogram: d.issues_histogram }, counts(w1));
    });

    it('the dashboard over every workspace of the token adds them up', async () => {
      const d = body(await h().get(`${DASH}?top=1`, all));
      assert.deepEqual(d.aispm_objects_counts[0], figures('agent', 3, 8, 2, 3));
      assert.equal(d.aispm_objects_top_issues.length, 1);
      assert.equal(d.aispm_objects_top_issues[0].definitive_severity, 'critical');
      assert.deepEqual(
        d.aispm_top_at_risk_agents.map((a: any) => [a.workspace_id, a.aispm_object_id]),
        [[W1, 'a1']],
      );
      assert.deepEqual({ issues_histogram: d.issues_histogram }, counts(sum(w1, w2)));
      assert.equal((await h().get(`${DASH}?top=0`, all)).statusCode, 400);
    });

    it('the operations are in the OpenAPI document under their ids', async () => {
      const doc = body(await h().get('/api/v1/openapi.json'));
      const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) =>
        Object.values(p).map((o) => o.operationId),
      );
      for (const op of [
        'GetIssueObjectDetails',
        'GetIssueObjectDetail',
        'GetIssuesIndex',
        'GetIssueSingle',
        'GetIssueObjects',
        'GetInstanceDetailsV2',
        'GetHistogramsAispm',
        'GetSummaryAispmDashboard',
        'GetRuleInstances',
        'GetAllRules',
        'GetRule',
        'GetStaticRules',
        'GetExternalRules',
      ]) {
        assert.ok(ids.includes(op), op);
      }
      assert.deepEqual(
        Object.keys(doc.paths['/api/v1/histograms/aispm'].get.responses['200'].content['application/json'].schema.properties),
        ['issues_histogram'],
      );
    });
  },
  { now: () => NOW, config: { postureRules: false } },
);

// The window on the first instant of a month: it starts eleven months back and ends with the new month.
describeEngines(
  'histogram window at a month boundary',
  (h) => {
    before(async () => {
      await h().ingest(T1, W1, [
        entity('agent', 'a1', 'Agent', 1),
        finding({ id: 'before', rule: INPUT, kind: 'agent', object: 'a1', at: '2025-07-31T23:59:59.999Z' }),
        finding({ id: 'oldest', rule: INPUT, kind: 'agent', object: 'a1', at: '2025-08-01T00:00:00Z', severity: 'critical' }),
        finding({ id: 'newest', rule: INPUT, kind: 'agent', object: 'a1', at: '2026-07-01T00:00:00Z', severity: 'low' }),
      ]);
    });

    it('covers 2025-08 … 2026-07 when it is 2026-07-01T00:00:00Z', async () => {
      const res = body(await h().get(HIST, await h().token({ tenant: T1 })));
      const months = res.issues_histogram.counts.map((c: { month: string }) => c.month);
      assert.deepEqual(months, [
        '2025-08',
        '2025-09',
        '2025-10',
        '2025-11',
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
        '2026-04',
        '2026-05',
        '2026-06',
        '2026-07',
      ]);
      assert.deepEqual(res.issues_histogram.counts[0], { month: '2025-08', critical: 1, high: 0, other: 0 });
      assert.deepEqual(res.issues_histogram.counts[11], { month: '2026-07', critical: 0, high: 0, other: 1 });
      const total = res.issues_histogram.counts.reduce((a: number, c: any) => a + c.critical + c.high + c.other, 0);
      assert.equal(total, 2);
    });
  },
  { now: () => Date.UTC(2026, 6, 1), config: { postureRules: false } },
);
