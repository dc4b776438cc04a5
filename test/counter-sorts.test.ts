// Inventory lists sorted by an issue counter, then by name (`critical_issues:desc,name`): each
// counter has an index in that order (migration 135), so a page is an index walk that stops at the
// page instead of a sort of the kind's every object. The walk must answer what the plain sort
// answers: the same objects in the same order, every page, forward (counter descending, name
// ascending) and backward (counter ascending, name descending), with a filter too, on both engines.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';

const NOW = Date.UTC(2026, 10, 24, 12);
const list = (kind: string) => `/api/v1/aispm-${kind}/tenants/${DEMO_TENANT}/workspaces/default`;

type Row = Record<string, any>;

/** The order the request asks for: the counter, then the name, then the id (the list's tie-breaker, in the last term's direction). */
function ordered(rows: Row[], counter: string, counterDir: 1 | -1, nameDir: 1 | -1): Row[] {
  const cmp = (x: string | number, y: string | number) => (x < y ? -1 : x > y ? 1 : 0);
  return [...rows].sort((a, b) => cmp(a[counter], b[counter]) * counterDir || cmp(a.name, b.name) * nameDir || cmp(a.id, b.id) * nameDir);
}

describeEngines('counter sorts of inventory lists', (h) => {
  let token: string;
  before(async () => {
    await loadDemo(h().db, { scale: 1, seed: 1, now: NOW, storePrompts: false });
    token = await h().token({ tenant: DEMO_TENANT, scopes: ['read'] });
  });

  const everything = async (kind: string, filter: string) =>
    objects(body(await h().get(`${list(kind)}?page_size=10000${filter ? `&${filter}` : ''}`, token)));

  for (const kind of ['models', 'agents']) {
    it(`${kind}: every counter, then name, both ways, paged, as the plain sort orders them`, async () => {
      const all = await everything(kind, '');
      const providers = kind === 'models' ? [...new Set(all.map((r) => r.provider as string))].slice(0, 1) : [];
      const filters = ['', ...providers.map((p) => `provider=${p}`)];
      const counters = ['critical_issues', 'high_issues', 'total_issues', ...(all[0] && 'risk_score' in all[0] ? ['risk_score'] : [])];
      // The dataset has to exercise the order: counters that differ between objects, and ties on them.
      const varied = counters.filter((c) => new Set(all.map((r) => r[c])).size > 1);
      assert.ok(varied.length >= 2, `${kind}: counters that vary: ${varied}`);
      assert.ok(all.length > new Set(all.map((r) => r.total_issues)).size + 7, `${kind}: ties on total_issues over more than a page`);
      for (const filter of filters) {
        const rows = filter ? all.filter((r) => `provider=${r.provider}` === filter) : all;
        for (const counter of counters) {
          for (const [sort, counterDir, nameDir] of [
            [`${counter}:desc,name`, -1, 1],
            [`${counter},name:desc`, 1, -1],
          ] as const) {
            const want = ordered(rows, counter, counterDir, nameDir).map((r) => r.id);
            const got = await allPages(h(), `${list(kind)}?page_size=7&sort=${sort}${filter ? `&${filter}` : ''}`, token);
            assert.deepEqual(
              objects(got).map((r) => r.id),
              want,
              `${kind} sort=${sort} ${filter}`,
            );
          }
        }
      }
    });
  }
});
