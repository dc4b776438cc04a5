// Scans on the demo estate, checked against each other: the three scan endpoints answer in both
// workspaces; for every asset, each sensor's current scan is its newest finished one; the current
// scans by sensor and by CI/CD type are the same set; the dashboard counts that set; and every
// finding that names a scan finds it, the scan's `findings` count being the findings naming it
// and its own list of instances holding them.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { staticRules } from '../src/catalog/rules/index.ts';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';
import { NOW } from './helpers/findings-estate.ts';

const WORKSPACES = ['default', 'staging'];
const ws = (w: string) => `tenants/${DEMO_TENANT}/workspaces/${w}`;

describeEngines('scans on the demo estate', (h) => {
  let token: string;
  /** Every scan by `workspace/id`, read through the assets it covered. */
  const scans = new Map<string, Record<string, any>>();
  before(async () => {
    // Ingested findings only: the posture rules' own findings name no scan.
    await loadDemo(h().db, { scale: 0.25, seed: 3, now: NOW, storePrompts: false, evaluateRules: false });
    token = await h().token({ tenant: DEMO_TENANT });
    for (const w of WORKSPACES) {
      const assets = objects(await allPages(h(), `/api/v1/assets/${ws(w)}?page_size=1000`, token));
      for (const a of assets) {
        for (const s of objects(await allPages(h(), `/api/v1/scans/asset/${a.id}?workspace_id=${w}&page_size=7`, token))) {
          scans.set(`${w}/${s.id}`, s);
        }
      }
    }
  });

  it('has scans over the past 12 months from two CI/CD types and several sensor types', () => {
    const all = [...scans.values()];
    assert.ok(all.length >= 60, `${all.length} scans`);
    assert.deepEqual([...new Set(all.map((s) => s.cicd_type))].sort(), ['CICD_TYPE_GITHUB_ACTION', 'CICD_TYPE_GITLAB_CI', null].sort());
    assert.ok(new Set(all.map((s) => s.sensor_type)).size >= 3);
    const starts = all.map((s) => Date.parse(s.started_at));
    assert.ok(Math.min(...starts) >= NOW - 366 * 86_400_000 && Math.max(...starts) <= NOW);
    assert.ok(Math.max(...starts) - Math.min(...starts) > 300 * 86_400_000);
    assert.ok(all.some((s) => s.status === 'running') && all.some((s) => s.status === 'failed'));
  });

  it("for every asset, each sensor's current scan is its newest finished one", async () => {
    for (const w of WORKSPACES) {
      const assets = objects(await allPages(h(), `/api/v1/assets/${ws(w)}?page_size=1000`, token));
      assert.ok(assets.length > 0);
      for (const a of assets) {
        const rows = objects(await allPages(h(), `/api/v1/scans/asset/${a.id}?workspace_id=${w}`, token));
        const seen = new Set<string>();
        for (const s of rows) {
          const first = s.finished_at !== null && !seen.has(s.sensor_type);
          if (first) seen.add(s.sensor_type);
          assert.equal(s.is_current, first, `${w}/${a.id}: ${s.id}`);
        }
        // The detail's section and the edge list the same current scans.
        const detail = body(await h().get(`/api/v1/assets/${ws(w)}/${a.id}`, token));
        assert.deepEqual(
          objects(detail.current_scans).map((s) => s.id),
          rows.filter((s) => s.is_current).map((s) => s.id),
        );
      }
    }
  });

  it('the current scans by sensor type and by CI/CD type are the same set, and the dashboard counts it', async () => {
    let current = 0;
    let withAi = 0;
    for (const w of WORKSPACES) {
      const sensors = body(await h().get(`/api/v1/sensors-used/${ws(w)}`, token)) as string[];
      assert.deepEqual(
        sensors,
        [...new Set([...scans.keys()].filter((k) => k.startsWith(`${w}/`)).map((k) => scans.get(k)!.sensor_type))].sort(),
      );
      const bySensor = new Map<string, Record<string, any>>();
      for (const sensor of sensors) {
        for (const s of objects(await allPages(h(), `/api/v1/scans/${ws(w)}/current?sensorType=${sensor}&page_size=5`, token)))
          bySensor.set(s.id, s);
      }
      const byCicd = new Set<string>();
      for (const cicd of ['CICD_TYPE_GITHUB_ACTION', 'CICD_TYPE_GITLAB_CI']) {
        for (const s of objects(await allPages(h(), `/api/v1/scans/${ws(w)}/current?cicdType=${cicd}`, token))) byCicd.add(s.id);
      }
      const expected = [...scans.entries()]
        .filter(([k, s]) => k.startsWith(`${w}/`) && s.current_assets > 0)
        .map(([, s]) => s.id)
        .sort();
      assert.deepEqual([...bySensor.keys()].sort(), expected);
      assert.deepEqual(
        [...byCicd].sort(),
        expected.filter((id) => bySensor.get(id)!.cicd_type !== null),
      );
      const dash = body(await h().get(`/api/v1/aispm-dashboard?workspace_id=${w}`, token)).scans_counts;
      const found = [...bySensor.values()].filter((s) => s.ai_objects > 0).length;
      assert.deepEqual(dash, {
        total_current_aispm_scans: bySensor.size,
        scans_with_ai_objects_count: found,
        percent_scans_with_ai_objects: Math.round((1000 * found) / bySensor.size) / 10,
      });
      assert.ok(bySensor.size > 0 && found > 0);
      current += bySensor.size;
      withAi += found;
    }
    const both = body(await h().get('/api/v1/aispm-dashboard', token)).scans_counts;
    assert.deepEqual([both.total_current_aispm_scans, both.scans_with_ai_objects_count], [current, withAi]);
  });

  it("findings name their scan: the instance shows it, and the scan's findings count is the findings naming it", async () => {
    const named = new Map<string, number>();
    let instances = 0;
    for (const rule of staticRules) {
      for (const i of objects(await allPages(h(), `/api/v1/rules/${rule.id}/results?page_size=10000`, token))) {
        instances++;
        if (i.scan_id === null) continue;
        const key = `${i.workspace_id}/${i.scan_id}`;
        named.set(key, (named.get(key) ?? 0) + 1);
      }
    }
    assert.ok([...named.values()].reduce((a, b) => a + b, 0) > instances * 0.9, 'most findings name a scan');
    for (const [key, s] of scans) assert.equal(s.findings, named.get(key) ?? 0, key);
    for (const key of named.keys()) assert.ok(scans.has(key), `${key} is a scan`);
    // A scan's own list of findings holds them, and embeds the first of them.
    for (const [key, s] of [...scans].filter(([, x]) => x.findings > 0).slice(0, 8)) {
      const [w, id] = key.split('/') as [string, string];
      const listed = objects(await allPages(h(), `/api/v1/scans/${ws(w)}/${id}/instances?page_size=3`, token));
      assert.equal(listed.length, s.findings, key);
      assert.ok(
        listed.every((i) => i.scan_id === id),
        key,
      );
      const detail = body(await h().get(`/api/v1/scans/${ws(w)}/${id}`, token));
      assert.deepEqual(
        objects(detail.instances).map((i) => i.id),
        listed.slice(0, 100).map((i) => i.id),
      );
      assert.equal(detail.assets.total, s.assets);
    }
    // One instance, through the instance view.
    // A rule sensors report (the demo's graph-decided rules are the posture rules', named by no scan).
    const reported = staticRules.find((r) => r.id === 'SR-aispm_hardcoded_credentials')!;
    const page = objects(body(await h().get(`/api/v1/rules/${reported.id}/results?page_size=50`, token)));
    const linked = page.find((i) => i.scan_id !== null)!;
    const view = body(await h().get(`/api/v1/instances/${ws(linked.workspace_id)}/${linked.id}`, token));
    assert.equal(view.scan.id, linked.scan_id);
  });
});
