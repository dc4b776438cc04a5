// Every findings and rules operation on the demo estate, and the roll-ups checked against the raw
// instances they summarise: the histogram equals the instances bucketed by month and severity,
// each issue's open instances equal its objects' occurrences and their details' totals.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { staticRules } from '../src/catalog/rules/index.ts';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';
import { MONTHS, NOW } from './helpers/findings-estate.ts';

const W = `/api/v1/issues/tenants/${DEMO_TENANT}/workspaces/default`;

describeEngines(
  'findings on the demo estate',
  (h) => {
    let token: string;
    before(async () => {
      await loadDemo(h().db, { scale: 0.25, seed: 3, now: NOW, storePrompts: false });
      token = await h().token({ tenant: DEMO_TENANT });
    });

    it('the histogram shows 12 months with counts, equal to the instances bucketed by detection month and severity', async () => {
      const hist = body(await h().get('/api/v1/histograms/aispm', token)).issues_histogram.counts;
      assert.deepEqual(
        hist.map((c: { month: string }) => c.month),
        MONTHS,
      );
      const expected = new Map(MONTHS.map((m) => [m, { month: m, critical: 0, high: 0, other: 0 }]));
      let instances = 0;
      for (const rule of staticRules) {
        const { rows, header } = await allPages(h(), `/api/v1/rules/${rule.id}/results?page_size=10000`, token);
        const at = header.indexOf('detected_at');
        const sev = header.indexOf('severity');
        for (const r of rows) {
          instances++;
          const bucket = expected.get(String(r[at]).slice(0, 7));
          if (!bucket) continue;
          const s = r[sev] as string;
          if (s === 'critical' || s === 'high') bucket[s]++;
          else bucket.other++;
        }
      }
      // Sensor findings (rules the graph cannot decide) and the posture rules' own, at a quarter scale.
      assert.ok(instances > 120, `${instances} instances`);
      assert.deepEqual(hist, [...expected.values()]);
      for (const c of hist) assert.ok(c.critical + c.high + c.other > 0, `no counts in ${c.month}`);
    });

    it("each issue's open instances are its objects' occurrences and their details' totals", async () => {
      const issues = objects(await allPages(h(), `${W}?page_size=7`, token));
      assert.ok(issues.length > 10);
      for (const issue of issues.slice(0, 6)) {
        const objs = objects(await allPages(h(), `${W}/${issue.id}/objects?page_size=3`, token));
        assert.equal(objs.length, issue.objects);
        assert.equal(
          objs.reduce((a, o) => a + o.occurrences, 0),
          issue.open_instances,
        );
        for (const o of objs) {
          const details = body(await h().get(`${W}/${issue.id}/objects/${o.object_id}/details`, token));
          assert.equal(details.total, o.occurrences);
          assert.equal(details.details.length, o.occurrences);
          assert.ok(details.details.every((d: any) => d.issue_id === issue.id && d.object_id === o.object_id && d.status === 'open'));
        }
      }
    });

    it('answers every findings and rules operation', async () => {
      const issue = objects(body(await h().get(`${W}?page_size=1`, token)))[0]!;
      const object = objects(body(await h().get(`${W}/${issue.id}/objects?page_size=1`, token)))[0]!;
      const detail = body(await h().get(`${W}/${issue.id}/objects/${object.object_id}/details?page_size=1`, token)).details[0];
      const rule = staticRules[0]!.id;
      const urls = [
        `${W}`,
        `${W}?group_by=object_type`,
        `${W}?group_by=category,severity`,
        `${W}/${issue.id}`,
        `${W}/${issue.id}/objects`,
        `${W}/${issue.id}/objects/${object.object_id}/details`,
        `${W}/${issue.id}/objects/${object.object_id}/details/${detail.id}`,
        `/api/v1/instances/tenants/${DEMO_TENANT}/workspaces/default/${detail.id}`,
        '/api/v1/histograms/aispm',
        '/api/v1/histograms/aispm?workspace_id=staging',
        '/api/v1/aispm-dashboard',
        `/api/v1/rules/${rule}/results`,
        `/api/v1/rules/tenants/${DEMO_TENANT}/workspaces/default`,
        `/api/v1/rules/tenants/${DEMO_TENANT}/workspaces/default/${rule}`,
        '/api/v1/static-rules?name__ilk=agent',
        '/api/v1/external-rules',
      ];
      for (const url of urls) {
        const res = await h().get(url, token);
        assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
      }
    });

    it('the dashboard agrees with the inventory and the issues', async () => {
      const d = body(await h().get('/api/v1/aispm-dashboard?workspace_id=default', token));
      const agents = body(await h().get(`/api/v1/aispm-agents/tenants/${DEMO_TENANT}/workspaces/default?page_size=1`, token));
      const agentFigures = d.aispm_objects_counts.find((f: any) => f.object_type === 'agent');
      assert.equal(agentFigures.total_inventory_count, agents.total);
      const all = objects(await allPages(h(), `/api/v1/aispm-agents/tenants/${DEMO_TENANT}/workspaces/default?page_size=10000`, token));
      assert.equal(
        agentFigures.total_issues_count,
        all.reduce((a, r) => a + r.total_issues, 0),
      );
      assert.equal(
        agentFigures.critical_issues_count,
        all.reduce((a, r) => a + r.critical_issues, 0),
      );
      // The at-risk list leads with the highest risk score, as the list sorted by it does.
      const top = d.aispm_top_at_risk_agents[0];
      assert.equal(top.risk_score, Math.max(...all.map((r) => r.risk_score)));
      const byRiskRes = await h().get(
        `/api/v1/aispm-agents/tenants/${DEMO_TENANT}/workspaces/default?sort=risk_score:desc,critical_issues:desc,high_issues:desc,total_issues:desc&page_size=5`,
        token,
      );
      assert.equal(byRiskRes.statusCode, 200, byRiskRes.body);
      const byRisk = objects(body(byRiskRes));
      assert.deepEqual(
        d.aispm_top_at_risk_agents.map((a: any) => a.aispm_object_id),
        byRisk.map((r) => r.id),
      );
      const issues = objects(await allPages(h(), `${W}?page_size=10000`, token));
      // The same leaders (ties between equal issues may break differently).
      assert.deepEqual(
        d.aispm_objects_top_issues.map((i: any) => [i.definitive_severity, i.open_instances]),
        issues.slice(0, 5).map((i) => [i.severity, i.open_instances]),
      );
    });
  },
  { now: () => NOW },
);
