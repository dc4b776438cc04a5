// Filters on related objects (`models.provider=anthropic` on agents) are answered from the set of
// ids they keep, read once per data version and shared by requests (src/platform/lists/related-sets.ts).
// Each answer must be what following the edges gives: the same objects, in the same order, with
// the same total, over every page, for several filters and sorts, and still after ingest adds or
// removes the relations and neighbours the set was read from (a set read before a commit is never
// used after it).

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';

const NOW = Date.UTC(2026, 10, 24, 12);
const AGENTS = `/api/v1/aispm-agents/tenants/${DEMO_TENANT}/workspaces/default`;
const MODELS = `/api/v1/aispm-models/tenants/${DEMO_TENANT}/workspaces/default`;

describeEngines('filters on related objects, read as sets', (h) => {
  let token: string;
  before(async () => {
    await loadDemo(h().db, { scale: 1, seed: 1, now: NOW, storePrompts: false, evaluateRules: false });
    token = await h().token({ tenant: DEMO_TENANT, scopes: ['read', 'ingest'] });
  });

  /** The agents with a model of the provider, found by following each agent's models edge. */
  async function byEdges(provider: string): Promise<Set<string>> {
    const providerOf = new Map(objects(await allPages(h(), `${MODELS}?page_size=1000`, token)).map((m) => [m.id as string, m.provider]));
    const out = new Set<string>();
    for (const a of objects(await allPages(h(), `${AGENTS}?page_size=1000`, token))) {
      const models = objects(await allPages(h(), `${AGENTS}/${encodeURIComponent(a.id)}/aispm_model_dependencies?page_size=1000`, token));
      if (models.some((m) => providerOf.get(m.id) === provider)) out.add(a.id);
    }
    return out;
  }

  /** Every page of a request, small pages so the cursor is walked. */
  async function walk(query: string): Promise<{ ids: string[]; totals: number[] }> {
    const pages = await allPages(h(), `${AGENTS}?page_size=7${query}`, token);
    return { ids: objects(pages).map((o) => o.id as string), totals: pages.totals };
  }

  async function check(provider: string): Promise<number> {
    const expected = await byEdges(provider);
    for (const sort of ['risk_score:desc', 'name', 'critical_issues:desc,name', '']) {
      for (const other of ['', '&critical_issues__gt=0']) {
        const s = sort ? `&sort=${sort}` : '';
        const plain = await walk(`${s}${other}`);
        const filtered = await walk(`&models.provider=${provider}${s}${other}`);
        const want = plain.ids.filter((id) => expected.has(id));
        assert.deepEqual(filtered.ids, want, `models.provider=${provider}${s}${other}`);
        assert.ok(
          filtered.totals.every((t) => t === want.length),
          `totals ${filtered.totals} for ${want.length}`,
        );
      }
    }
    return expected.size;
  }

  it('answers what following the edges gives, over every page, for several filters and sorts', async () => {
    const providers = [...new Set(objects(await allPages(h(), `${MODELS}?page_size=1000`, token)).map((m) => m.provider as string))];
    assert.ok(providers.length >= 3, `providers: ${providers}`);
    let some = 0;
    for (const p of providers.slice(0, 3)) some += await check(p);
    assert.ok(some > 0, 'some agents use those providers');
    assert.equal(await check('no-such-provider'), 0);
  });

  it('after ingest adds or removes what the set was read from, the next answer follows', async () => {
    const t = '2026-11-24T10:00:00Z';
    const before = await check('acme-ai');
    assert.equal(before, 0);
    // A new provider's model, and an agent that uses it: the set read above must not be reused.
    const agents = objects(body(await h().get(`${AGENTS}?page_size=3&sort=name`, token)));
    const ingest = (records: object[]) =>
      h().request({
        method: 'POST',
        url: `/api/v1/ingest/tenants/${DEMO_TENANT}/workspaces/default`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
        payload: `${records.map((r) => JSON.stringify(r)).join('\n')}\n`,
      });
    let res = await ingest([
      { type: 'entity', kind: 'model', id: 'acme-1', name: 'acme one', last_seen: t, attributes: { provider: 'acme-ai' } },
      ...agents.map((a) => ({
        type: 'relation',
        relation: 'uses_model',
        from_kind: 'agent',
        from_id: a.id,
        to_kind: 'model',
        to_id: 'acme-1',
      })),
    ]);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(await check('acme-ai'), agents.length);
    // The model goes (its relations with it): the agents no longer pass.
    res = await ingest([{ type: 'entity', kind: 'model', id: 'acme-1', op: 'delete' }]);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(await check('acme-ai'), 0);
  });
});
