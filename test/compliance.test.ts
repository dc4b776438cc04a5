// Compliance over HTTP on the known findings estate: the framework table and its document, the
// rules' `frameworks` column and its filter, external rules naming controls at ingest, and the
// posture per framework, per control and per control's findings, checked against the issues they
// summarise; resolving a finding moves the score.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, it } from 'node:test';
import { controlById, frameworks } from '../src/catalog/frameworks.ts';
import { complianceTable, staticRuleControls, staticRules } from '../src/catalog/rules/index.ts';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';
import { T1, T2, W1 } from './helpers/fixtures.ts';
import { CREDS, finding, loadEstate, MONTHS, NOW, PII, w1Records } from './helpers/findings-estate.ts';

const BASE = `/api/v1/compliance/tenants/${T1}/workspaces/${W1}`;
const RULES = `/api/v1/rules/tenants/${T1}/workspaces/${W1}`;
const ISSUES = `/api/v1/issues/tenants/${T1}/workspaces/${W1}`;

it('every static rule maps to every framework, its OWASP category among its controls; ids are unique; the doc is current', () => {
  const ids = frameworks.flatMap((f) => f.controls.map((c) => c.id));
  assert.equal(new Set(ids).size, ids.length);
  assert.deepEqual(
    frameworks.map((f) => f.id),
    ['owasp-llm-2025', 'owasp-agentic-2026', 'mitre-atlas', 'nist-ai-rmf-1.0', 'eu-ai-act'],
  );
  assert.deepEqual(
    frameworks[0]!.controls.map((c) => c.id),
    Array.from({ length: 10 }, (_, i) => `LLM${String(i + 1).padStart(2, '0')}`),
  );
  assert.deepEqual(
    frameworks[1]!.controls.map((c) => c.id),
    Array.from({ length: 10 }, (_, i) => `ASI${String(i + 1).padStart(2, '0')}`),
  );
  for (const r of staticRules) {
    const controls = staticRuleControls.get(r.id)!;
    for (const f of frameworks)
      assert.ok(
        controls.some((id) => controlById.get(id)!.framework === f),
        `${r.id} has no ${f.id} control`,
      );
    if (r.owasp) assert.ok(controls.includes(r.owasp), r.id);
  }
  for (const f of frameworks[2]!.controls) assert.match(f.id, /^AML\.T\d{4}$/);
  for (const f of frameworks[3]!.controls) assert.match(f.id, /^(GOVERN|MAP|MEASURE|MANAGE) \d+\.\d+$/);
  for (const f of frameworks[4]!.controls) assert.match(f.id, /^Article \d+$/);
  assert.ok(readFileSync(new URL('../docs/COMPLIANCE.md', import.meta.url), 'utf8').includes(`\n${complianceTable()}\n`));
});

const sev = (o: Record<string, number>) => [o.critical, o.high, o.medium, o.low];

describeEngines(
  'compliance',
  (h) => {
    let token: string;
    before(async () => {
      await loadEstate(h());
      token = await h().token({ tenant: T1 });
    });

    it('the rules list answers each rule’s controls and filters on them', async () => {
      const rules = objects(await allPages(h(), RULES, token));
      for (const r of rules.filter((r) => r.source === 'static')) assert.deepEqual(r.frameworks, staticRuleControls.get(r.rule_id));
      assert.deepEqual(rules.find((r) => r.rule_id === PII)!.frameworks, ['ASI06']);
      const llm02 = body(await h().get(`${RULES}?frameworks=LLM02&page_size=1000`, token));
      assert.deepEqual(
        llm02.rows.map((r: unknown[]) => r[0]),
        staticRules
          .filter((r) => staticRuleControls.get(r.id)!.includes('LLM02'))
          .map((r) => r.id)
          .sort(),
      );
      const article14 = body(await h().get(`${RULES}?frameworks=${encodeURIComponent('Article 14')}`, token));
      assert.deepEqual(article14.rows.map((r: unknown[]) => r[0]).sort(), [
        'SR-aispm_agent_code_execution_without_approval',
        'SR-aispm_delegation_without_approval',
        'SR-aispm_destructive_action_without_approval',
        'SR-aispm_toxic_production_agent_unauthenticated_destructive_mcp',
      ]);
    });

    it('external rules name their controls at ingest; an unknown control refuses the record, naming it', async () => {
      const rule = {
        type: 'rule',
        id: 'EXT-leak',
        name: 'Leak',
        severity: 'high',
        owasp_category: 'ASI06',
        frameworks: ['Article 10', 'LLM02'],
      };
      const s = await h().ingest(T1, 'wx', [rule]);
      assert.equal(s.rejected, 0);
      const one = body(await h().get(`/api/v1/rules/tenants/${T1}/workspaces/wx/EXT-leak`, token));
      assert.deepEqual(one.frameworks, ['LLM02', 'ASI06', 'Article 10']);
      const bad = await h().ingest(T1, 'wx', [{ ...rule, frameworks: ['LLM02', 'LLM11'] }]);
      assert.equal(bad.rejected, 1);
      assert.match(JSON.stringify(bad.errors), /rule\.frameworks: unknown control \\"LLM11\\"/);
      // The refused record wrote nothing: the rule keeps its controls.
      assert.deepEqual(body(await h().get(`/api/v1/rules/tenants/${T1}/workspaces/wx/EXT-leak`, token)).frameworks, [
        'LLM02',
        'ASI06',
        'Article 10',
      ]);
    });

    it('the posture per framework: exact numbers on the estate', async () => {
      const res = await h().get(BASE, token);
      assert.equal(res.statusCode, 200);
      const fw = body(res).frameworks as Array<Record<string, any>>;
      assert.deepEqual(
        fw.map((f) => f.framework),
        frameworks.map((f) => f.id),
      );
      const llm = fw[0]!;
      // Open in w1: input guardrails 8 high + 1 critical (a1, a2), shell 2 high (tl1), credentials 2 critical (m1, tl1);
      // the external PII rule maps to ASI06 only.
      assert.deepEqual(
        { ...llm, trend: undefined },
        {
          framework: 'owasp-llm-2025',
          name: 'OWASP Top 10 for LLM Applications',
          version: '2025',
          controls: 10,
          // LLM04, LLM07, LLM08 and LLM10: no rule maps to them.
          controls_assessed: 6,
          controls_not_assessed: 4,
          controls_with_open_findings: 4,
          open_findings: { critical: 3, high: 10, medium: 0, low: 0, total: 13 },
          objects_in_scope: 5,
          objects_failing: 4,
          posture_score: 0.2,
          trend: undefined,
        },
      );
      const asi = fw[1]!;
      assert.deepEqual(asi.open_findings, { critical: 3, high: 10, medium: 1, low: 1, total: 15 });
      assert.equal(asi.controls_with_open_findings, 4); // ASI01 (input), ASI03 (credentials), ASI05 (shell), ASI06 (PII)
      // Every rule of the workspace maps to ASI: its trend is the histogram's.
      const hist = body(await h().get(`/api/v1/histograms/aispm?workspace_id=${W1}`, token)).issues_histogram.counts;
      assert.deepEqual(
        asi.trend.map((m: any) => m.month),
        MONTHS,
      );
      assert.deepEqual(
        asi.trend.map((m: any) => [m.critical, m.high, m.medium + m.low]),
        hist.map((m: any) => [m.critical, m.high, m.other]),
      );
      // The LLM trend leaves the PII rule out: its two findings (2025-12 medium, 2025-11 low) are not there.
      assert.deepEqual(
        llm.trend.map((m: any, i: number) => [
          m.critical,
          m.high,
          m.medium + m.low + (MONTHS[i] === '2025-11' || MONTHS[i] === '2025-12' ? 1 : 0),
        ]),
        hist.map((m: any) => [m.critical, m.high, m.other]),
      );
    });

    it('the numbers equal the issues they summarise, for every framework', async () => {
      const rules = objects(await allPages(h(), RULES, token));
      const controlsOf = new Map(rules.map((r) => [r.rule_id as string, r.frameworks as string[]]));
      const issues = objects(await allPages(h(), ISSUES, token));
      const inventory = new Set(w1Records.filter((r) => r.type === 'entity').map((r: any) => `${r.kind}/${r.id}`));
      const kindsOfEntities = w1Records.filter((r) => r.type === 'entity').map((r: any) => r.kind as string);
      const objectsOf = new Map<string, string[]>();
      for (const i of issues) {
        const objs = objects(await allPages(h(), `${ISSUES}/${i.id}/objects`, token));
        objectsOf.set(
          i.id,
          objs.map((o) => `${o.object_type}/${o.object_id}`),
        );
      }
      const posture = body(await h().get(BASE, token)).frameworks as Array<Record<string, any>>;
      for (const f of frameworks) {
        const inFw = (ruleId: string) => (controlsOf.get(ruleId) ?? []).some((id) => controlById.get(id)?.framework.id === f.id);
        const mine = issues.filter((i) => inFw(i.rule_id));
        const open = { critical: 0, high: 0, medium: 0, low: 0 } as Record<string, number>;
        for (const i of mine) open[i.severity] += i.open_instances;
        const failing = new Set(mine.flatMap((i) => objectsOf.get(i.id)!).filter((o) => inventory.has(o)));
        const kinds = new Set(rules.filter((r) => inFw(r.rule_id)).flatMap((r) => r.object_types as string[]));
        const inScope = kindsOfEntities.filter((k) => kinds.has(k)).length;
        const p = posture.find((x) => x.framework === f.id)!;
        assert.deepEqual(sev(p.open_findings), sev(open), f.id);
        assert.equal(p.objects_failing, failing.size, f.id);
        assert.equal(p.objects_in_scope, inScope, f.id);
        assert.equal(p.posture_score, Math.round(((inScope - failing.size) / inScope) * 10000) / 10000, f.id);
        // Per control: the rows add up to the issues of the rules mapped to each control.
        const controls = objects(await allPages(h(), `${BASE}/${f.id}?page_size=3`, token));
        assert.deepEqual(
          controls.map((c) => c.control_id),
          f.controls.map((c) => c.id),
        );
        for (const c of controls) {
          const of = mine.filter((i) => controlsOf.get(i.rule_id)!.includes(c.control_id));
          const o = { critical: 0, high: 0, medium: 0, low: 0 } as Record<string, number>;
          for (const i of of) o[i.severity] += i.open_instances;
          assert.deepEqual([c.critical, c.high, c.medium, c.low], sev(o), `${f.id} ${c.control_id}`);
          assert.equal(c.open_findings, o.critical! + o.high! + o.medium! + o.low!);
          assert.equal(c.objects_failing, new Set(of.flatMap((i) => objectsOf.get(i.id)!).filter((x) => inventory.has(x))).size);
          assert.equal(c.rules, rules.filter((r) => (r.frameworks as string[]).includes(c.control_id)).length, c.control_id);
          assert.equal(c.status, c.rules === 0 ? 'not_assessed' : c.open_findings > 0 ? 'failing' : 'passing', c.control_id);
        }
        assert.equal(p.controls_with_open_findings, controls.filter((c) => c.open_findings > 0).length, f.id);
        assert.equal(p.controls_assessed, controls.filter((c) => c.rules > 0).length, f.id);
        assert.equal(p.controls_not_assessed, p.controls - p.controls_assessed, f.id);
      }
    });

    it('the controls list sorts and filters like any list, and answers CSV', async () => {
      const top = body(await h().get(`${BASE}/owasp-llm-2025?sort=open_findings:desc,control_id&open_findings__gt=0`, token));
      assert.deepEqual(top.header, [
        'control_id',
        'name',
        'rules',
        'critical',
        'high',
        'medium',
        'low',
        'open_findings',
        'objects_failing',
        'status',
      ]);
      assert.deepEqual(
        top.rows.map((r: unknown[]) => [r[0], r[7], r[8]]),
        [
          ['LLM01', 9, 2],
          ['LLM02', 2, 2],
          ['LLM05', 2, 1],
          ['LLM06', 2, 1],
        ],
      );
      assert.equal(top.total, 4);
      const csv = await h().get(`${BASE}/eu-ai-act?control_id=${encodeURIComponent('Article 15')}`, token, { accept: 'text/csv' });
      assert.equal(csv.statusCode, 200);
      assert.match(csv.body, /^control_id,name,rules,critical,high,medium,low,open_findings,objects_failing,status\r?\nArticle 15,/);
    });

    it('controls no rule maps to are not assessed, not passing; status filters and sorts like any column', async () => {
      const rows = (r: { header: string[]; rows: unknown[][] }) => r.rows.map((x) => [x[0], x[2], x[7], x[r.header.indexOf('status')]]);
      const none = body(await h().get(`${BASE}/owasp-llm-2025?status=not_assessed`, token));
      assert.deepEqual(rows(none), [
        ['LLM04', 0, 0, 'not_assessed'],
        ['LLM07', 0, 0, 'not_assessed'],
        ['LLM08', 0, 0, 'not_assessed'],
        ['LLM10', 0, 0, 'not_assessed'],
      ]);
      assert.equal(none.total, 4);
      const passing = body(await h().get(`${BASE}/owasp-llm-2025?status=passing`, token));
      assert.deepEqual(
        passing.rows.map((r: unknown[]) => r[0]),
        ['LLM03', 'LLM09'],
      );
      // failing < not_assessed < passing, then the framework's order.
      const sorted = body(await h().get(`${BASE}/owasp-llm-2025?sort=status&sort_dir=asc&page_size=100`, token));
      assert.deepEqual(
        sorted.rows.map((r: unknown[]) => `${r[0]} ${r[9]}`),
        [
          'LLM01 failing',
          'LLM02 failing',
          'LLM05 failing',
          'LLM06 failing',
          'LLM04 not_assessed',
          'LLM07 not_assessed',
          'LLM08 not_assessed',
          'LLM10 not_assessed',
          'LLM03 passing',
          'LLM09 passing',
        ],
      );
      // A workspace's own external rule mapped to LLM07 assesses it there, and only there.
      const own = await h().ingest(T1, 'wy', [
        { type: 'rule', id: 'EXT-leak-prompt', name: 'System prompt leak', severity: 'medium', frameworks: ['LLM07'] },
      ]);
      assert.equal(own.rejected, 0);
      const wy = `/api/v1/compliance/tenants/${T1}/workspaces/wy`;
      assert.deepEqual(rows(body(await h().get(`${wy}/owasp-llm-2025?control_id=LLM07`, token))), [['LLM07', 1, 0, 'passing']]);
      const llm = (body(await h().get(wy, token)).frameworks as any[])[0];
      assert.deepEqual([llm.controls, llm.controls_assessed, llm.controls_not_assessed], [10, 7, 3]);
      assert.deepEqual(rows(body(await h().get(`${BASE}/owasp-llm-2025?control_id=LLM07`, token))), [['LLM07', 0, 0, 'not_assessed']]);
    });

    it('the findings behind a control, and resolving one moves the score', async () => {
      const url = `${BASE}/owasp-llm-2025/LLM02`;
      const before = body(await h().get(url, token));
      assert.deepEqual(
        before.rows.map((r: unknown[]) => r[0]),
        ['f08', 'f09'],
      );
      const nist = body(await h().get(`${BASE}/nist-ai-rmf-1.0/${encodeURIComponent('MEASURE 2.7')}?status=all&page_size=100`, token));
      assert.equal(nist.total, 15); // INPUT (10 with the resolved ones), SHELL (2), CREDS (2)… and not PII
      const s = await h().ingest(T1, W1, [
        finding({
          id: 'f08',
          rule: CREDS,
          kind: 'mcp_server',
          object: 'm1',
          at: '2026-06-15T11:59:59Z',
          resolvedAt: '2026-06-15T12:00:00Z',
        }),
      ]);
      assert.equal(s.rejected, 0);
      const after = body(await h().get(url, token));
      assert.deepEqual(
        after.rows.map((r: unknown[]) => r[0]),
        ['f09'],
      );
      const llm = (body(await h().get(BASE, token)).frameworks as any[])[0];
      assert.deepEqual(llm.open_findings, { critical: 2, high: 10, medium: 0, low: 0, total: 12 });
      assert.equal(llm.objects_failing, 3);
      assert.equal(llm.posture_score, 0.4);
      // Resolved findings still count in the month they were detected.
      assert.equal(llm.trend.at(-1).critical, 1);
    });

    it('refuses what is not there, and other tenants', async () => {
      const unknown = await h().get(`${BASE}/iso-42001`, token);
      assert.equal(unknown.statusCode, 400);
      assert.match(body(unknown).message, /framework/);
      const control = await h().get(`${BASE}/owasp-llm-2025/ASI01`, token);
      assert.equal(control.statusCode, 404);
      assert.deepEqual(body(control), { code: 404, message: 'framework owasp-llm-2025 has no control "ASI01"' });
      const param = await h().get(`${BASE}?verbose=1`, token);
      assert.equal(param.statusCode, 400);
      const t2 = await h().token({ tenant: T2 });
      assert.equal((await h().get(BASE, t2)).statusCode, 403);
      assert.equal((await h().get(`${BASE}/owasp-llm-2025`, t2)).statusCode, 403);
    });
  },
  { now: () => NOW, config: { postureRules: false } },
);
