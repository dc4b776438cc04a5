// A detail's embedded sections are written by the database in the detail's one statement
// (src/areas/inventory/detail.ts); each must answer exactly what the first page of its edge
// answers: the same neighbours in the same order, their id and name (or id and code location),
// and the same total. Checked for every object of the demo estate with sections, on both engines,
// and for the cases the statement hands back to the edge list: more neighbours than a section
// embeds, and names and attributes that test the JSON the database writes (quotes, backslashes,
// control characters, non-ASCII text, numbers, missing and null attributes).

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { routedKinds } from '../src/catalog/kinds.ts';
import type { KindDef } from '../src/catalog/types.ts';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import { body, describeEngines, objects } from './helpers/harness.ts';

const NOW = Date.UTC(2026, 10, 24, 12);
const LOCATION_FIELDS = ['repository', 'path', 'start_line', 'end_line', 'branch', 'commit', 'url', 'host'];

/** A section as its edge's first page answers it. */
function expectedSection(shape: string, page: { header: string[]; rows: unknown[][]; total: number }) {
  const rows = objects(page);
  if (shape === 'locations') {
    return {
      items: rows.map((r) => ({
        id: r.id,
        codeLocation: Object.fromEntries(LOCATION_FIELDS.map((f) => [f, page.header.includes(f) ? (r[f] ?? null) : null])),
      })),
      total: page.total,
    };
  }
  return { items: rows.map((r) => ({ id: r.id, name: r.name })), total: page.total };
}

describeEngines('detail sections in one statement', (h) => {
  let token: string;
  before(async () => {
    await loadDemo(h().db, { scale: 1, seed: 1, now: NOW, storePrompts: false, evaluateRules: false });
    token = await h().token({ tenant: DEMO_TENANT });
  });

  const base = (kind: KindDef, ws = 'default') => `/api/v1/${kind.prefix}/tenants/${DEMO_TENANT}/workspaces/${ws}`;

  async function compareAll(kind: KindDef, id: string, ws = 'default'): Promise<number> {
    const url = `${base(kind, ws)}/${encodeURIComponent(id)}`;
    const detail = body(await h().get(url, token));
    let compared = 0;
    for (const s of kind.sections) {
      if (s.shape === 'tabular') continue;
      const page = body(await h().get(`${url}/${s.edge}?page_size=100`, token));
      assert.deepEqual(detail[s.name], expectedSection(s.shape, page), `${kind.name} ${id}: section ${s.name}`);
      compared += detail[s.name].items.length;
    }
    return compared;
  }

  it('every section of every object of the demo estate answers what its edge answers', async () => {
    let objectsSeen = 0;
    let items = 0;
    for (const kind of routedKinds.filter((k) => k.sections.some((s) => s.shape !== 'tabular'))) {
      const list = objects(body(await h().get(`${base(kind)}?page_size=1000`, token)));
      assert.ok(list.length > 0, `the demo has ${kind.name}s`);
      for (const o of list) {
        items += await compareAll(kind, o.id);
        objectsSeen++;
      }
    }
    assert.ok(objectsSeen > 100, `objects compared: ${objectsSeen}`);
    assert.ok(items > 300, `section items compared: ${items}`);
  });

  it('past 100 neighbours a section is its edge’s first page with the full total; odd text and values come out as JSON', async () => {
    const agent = routedKinds.find((k) => k.name === 'agent')!;
    const model = routedKinds.find((k) => k.name === 'model')!;
    const t = '2026-11-20T10:00:00Z';
    const odd = 'quote " backslash \\ tab \t newline \n bell \u0007 é 漢字 😀 </script>';
    const records: object[] = [
      { type: 'entity', kind: 'agent', id: 'big-agent', name: odd, last_seen: t, attributes: {} },
      {
        type: 'entity',
        kind: 'location',
        id: 'loc-odd',
        name: 'loc',
        last_seen: t,
        attributes: { repository: odd, start_line: 12, end_line: null, host: 'h\u0001x' },
      },
      { type: 'relation', relation: 'defined_in', from_kind: 'agent', from_id: 'big-agent', to_kind: 'location', to_id: 'loc-odd' },
    ];
    for (let i = 0; i < 130; i++) {
      // Ties on last_seen: the order falls to the id, newest (largest) first.
      records.push({
        type: 'entity',
        kind: 'model',
        id: `m-${String(i).padStart(3, '0')}`,
        name: `model "${i}"`,
        last_seen: `2026-11-${String(1 + (i % 20)).padStart(2, '0')}T00:00:00Z`,
        attributes: { provider: 'x' },
      });
      records.push({
        type: 'relation',
        relation: 'uses_model',
        from_kind: 'agent',
        from_id: 'big-agent',
        to_kind: 'model',
        to_id: `m-${String(i).padStart(3, '0')}`,
      });
    }
    const summary = await h().ingest(DEMO_TENANT, 'odd', records);
    assert.equal(summary.rejected, 0, JSON.stringify(summary.errors));
    await compareAll(agent, 'big-agent', 'odd');
    const detail = body(await h().get(`${base(agent, 'odd')}/big-agent`, token));
    assert.equal(detail.models.total, 130);
    assert.equal(detail.models.items.length, 100);
    assert.deepEqual(detail.locations, {
      items: [
        {
          id: 'loc-odd',
          codeLocation: {
            repository: odd,
            path: null,
            start_line: 12,
            end_line: null,
            branch: null,
            commit: null,
            url: null,
            host: 'h\u0001x',
          },
        },
      ],
      total: 1,
    });
    // A model with one agent of that name: the items shape writes the odd name back exactly.
    const m = body(await h().get(`${base(model, 'odd')}/m-007`, token));
    assert.deepEqual(m.agents, { items: [{ id: 'big-agent', name: odd }], total: 1 });
    assert.deepEqual(m.locations, { items: [], total: 0 });
  });
});
