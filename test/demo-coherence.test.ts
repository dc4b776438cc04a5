// The demo estate holds together, on both engines, as `npm start` loads it (scale 1, posture rules
// on): no finding contradicts the graph it describes (no "missing input guardrails" on an agent
// that has one, no delegation finding on an agent without sub-agents; a full re-evaluation changes
// nothing), and the 12-month histogram shows a trend rather than a spike: the service's own
// findings are dated by when their condition began, so no month holds more than three times the
// median month's findings.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { postureRules } from '../src/catalog/rules/index.ts';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';

const NOW = Date.UTC(2026, 10, 24, 12);
const sr = (slug: string) => `SR-aispm_${slug}`;
const AGENTS = `/api/v1/aispm-agents/tenants/${DEMO_TENANT}/workspaces/default`;

describeEngines(
  'the demo estate holds together',
  (h) => {
    let token: string;
    before(async () => {
      await loadDemo(h().db, { scale: 1, seed: 1, now: NOW, storePrompts: false, evaluateRules: true });
      token = await h().token({ tenant: DEMO_TENANT });
    });

    const openOn = async (rule: string) =>
      objects(await allPages(h(), `/api/v1/rules/${rule}/results?workspace_id=default&status=open&page_size=1000`, token));

    it('no finding contradicts the graph: guardrails and delegation', async () => {
      const agents = new Map(objects(await allPages(h(), `${AGENTS}?page_size=1000`, token)).map((a) => [a.id as string, a]));
      assert.ok(agents.size >= 20);
      for (const [rule, column] of [
        ['missing_input_guardrails', 'input_guardrails'],
        ['missing_output_guardrails', 'output_guardrails'],
      ] as const) {
        const flagged = await openOn(sr(rule));
        assert.ok(flagged.length > 0, `the demo has agents without ${column}`);
        for (const f of flagged) assert.equal(agents.get(f.object_id)![column], 0, `${rule} on ${f.object_id}, which has ${column}`);
        // And every agent without one is flagged (by the service, from the graph).
        const unguarded = [...agents.values()].filter((a) => a[column] === 0).map((a) => a.id);
        assert.deepEqual([...new Set(flagged.map((f) => f.object_id))].sort(), unguarded.sort());
      }
      // A delegation finding only on an agent that delegates.
      assert.ok(
        [...agents.values()].some((a) => a.sub_agents > 0),
        'the demo has agents that delegate',
      );
      for (const f of await openOn(sr('delegation_without_approval')))
        assert.ok(agents.get(f.object_id)!.sub_agents > 0, `delegation finding on ${f.object_id}, which has no sub-agent`);
    });

    it('no two models of a provider share a name, and no closed-weights model is self-hosted', async () => {
      for (const workspace of ['default', 'staging']) {
        const models = objects(
          await allPages(h(), `/api/v1/aispm-models/tenants/${DEMO_TENANT}/workspaces/${workspace}?page_size=1000`, token),
        );
        assert.ok(models.length >= 6, workspace);
        const seen = new Map<string, string>();
        for (const m of models) {
          const key = `${m.provider}/${m.name}`;
          assert.equal(seen.get(key), undefined, `${workspace}: ${m.id} and ${seen.get(key)} are both ${key}`);
          seen.set(key, m.id);
          // OpenAI, Anthropic, Google and Cohere publish no weights: their API or a cloud's managed service serves them.
          if (['openai', 'anthropic', 'google', 'cohere'].includes(m.provider))
            assert.notEqual(m.hosting, 'self-hosted', `${workspace}: ${m.id} (${key}) is self-hosted`);
          assert.ok(['api', 'managed-cloud', 'self-hosted'].includes(m.hosting), `${m.id}: hosting ${m.hosting}`);
        }
        // An interaction names its model as the inventory does.
        const names = new Map(models.map((m) => [m.id as string, `${m.provider}/${m.name}`]));
        const calls = objects(
          body(
            await h().get(`/api/v1/aispm-llm-costs/tenants/${DEMO_TENANT}/workspaces/${workspace}?group_by=model&page_size=1000`, token),
          ),
        );
        const known = new Set(names.values());
        for (const c of calls) assert.ok(known.has(`${c.provider}/${c.model}`), `${workspace}: interactions name ${c.provider}/${c.model}`);
      }
    });

    it("what the graph decides is the service's finding alone, and a full re-evaluation finds it all in line", async () => {
      const decided = new Set(postureRules.map((p) => `${p.ruleId} ${p.kind}`));
      for (const rule of new Set(postureRules.map((p) => p.ruleId))) {
        const found = objects(await allPages(h(), `/api/v1/rules/${rule}/results?status=all&page_size=1000`, token));
        const fromSensors = found.filter((f) => f.source !== 'static' && decided.has(`${rule} ${f.object_kind}`));
        assert.deepEqual(fromSensors, [], `${rule}: findings from sensors`);
      }
      for (const workspace of ['default', 'staging']) {
        const r = await h().service.posture.evaluateWorkspace(h().db, DEMO_TENANT, workspace, NOW);
        assert.deepEqual([r.opened, r.resolved, r.updated], [0, 0, 0], workspace);
        assert.ok(r.evaluated > 100);
      }
    });

    it('the histogram shows a trend: no month above three times the median month', async () => {
      // The full workspace and the whole tenant (staging, a quarter of the size, has too few findings
      // a month for the ratio to say much).
      for (const query of ['?workspace_id=default', '']) {
        const counts = body(await h().get(`/api/v1/histograms/aispm${query}`, token)).issues_histogram.counts as Array<{
          month: string;
          critical: number;
          high: number;
          other: number;
        }>;
        assert.equal(counts.length, 12);
        assert.equal(counts.at(-1)!.month, '2026-11');
        const totals = counts.map((c) => c.critical + c.high + c.other);
        const sorted = [...totals].sort((a, b) => a - b);
        const median = (sorted[5]! + sorted[6]!) / 2;
        assert.ok(median > 0, `${query}: ${totals}`);
        for (const [i, t] of totals.entries())
          assert.ok(t <= 3 * median, `${query}: ${counts[i]!.month} holds ${t}, median ${median}: ${totals}`);
      }
    });
  },
  { now: () => NOW },
);
