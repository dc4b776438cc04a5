// The total of a filtered list is counted once (until a commit reaches its workspace) and shared by every page of the
// same question, whatever its sort or cursor (src/platform/lists/list-totals.ts). Each total must
// still be the number of rows the filters keep: equal to the rows walked over every page, for
// several filters, sorts and page sizes; moved by the next commit that adds or removes a
// matching object; and never another workspace's, when two workspaces ask the same question.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import type { Db } from '../src/platform/db/database.ts';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';

const NOW = Date.UTC(2026, 10, 24, 12);
const models = (ws: string) => `/api/v1/aispm-models/tenants/${DEMO_TENANT}/workspaces/${ws}`;

/** Records the text of every statement the database runs through all() and first() until restored. */
function recordStatements(db: Db): { ran: string[]; restore: () => void } {
  const ran: string[] = [];
  const { all, first } = db;
  db.all = (t, args) => {
    ran.push(t.sql);
    return all.call(db, t, args) as never;
  };
  db.first = (t, args) => {
    ran.push(t.sql);
    return first.call(db, t, args) as never;
  };
  return {
    ran,
    restore: () => {
      db.all = all;
      db.first = first;
    },
  };
}

describeEngines('totals of filtered lists, shared by their pages', (h) => {
  let token: string;
  before(async () => {
    await loadDemo(h().db, { scale: 1, seed: 1, now: NOW, storePrompts: false, evaluateRules: false });
    token = await h().token({ tenant: DEMO_TENANT, scopes: ['read', 'ingest'] });
  });

  /** Every page of a request: the ids in order and the total each page said. */
  async function walk(url: string, pageSize: number): Promise<{ ids: string[]; totals: number[] }> {
    const pages = await allPages(h(), `${url}&page_size=${pageSize}`, token);
    return { ids: objects(pages).map((o) => o.id as string), totals: pages.totals };
  }

  const ingest = (ws: string, records: object[]) =>
    h().request({
      method: 'POST',
      url: `/api/v1/ingest/tenants/${DEMO_TENANT}/workspaces/${ws}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
      payload: `${records.map((r) => JSON.stringify(r)).join('\n')}\n`,
    });

  /** The models of the workspace (all pages, unfiltered), for the expected answers. */
  async function all(ws: string) {
    return objects(body(await h().get(`${models(ws)}?page_size=1000`, token)));
  }

  it('every page of every sort says the number of rows the filters keep', async () => {
    const everything = await all('default');
    const providers = [...new Set(everything.map((m) => m.provider as string))].slice(0, 3);
    assert.ok(providers.length >= 2, `providers: ${providers}`);
    const questions: Array<[string, (m: Record<string, any>) => boolean]> = [
      ...providers.map((p): [string, (m: Record<string, any>) => boolean] => [`provider=${p}`, (m) => m.provider === p]),
      ['name__ilk=GP', (m) => String(m.name).toLowerCase().includes('gp')],
      [`provider=${providers[0]}&name__ilk=o`, (m) => m.provider === providers[0] && String(m.name).toLowerCase().includes('o')],
      ['provider=no-such-provider', () => false],
    ];
    for (const [query, keeps] of questions) {
      const want = everything.filter(keeps).length;
      for (const sort of ['', '&sort=name', '&sort=last_seen:desc', '&sort=critical_issues:desc,name']) {
        for (const size of [3, 50]) {
          const { ids, totals } = await walk(`${models('default')}?${query}${sort}`, size);
          assert.equal(ids.length, want, `${query}${sort} page_size=${size}: rows`);
          assert.equal(new Set(ids).size, want, `${query}${sort}: no row twice`);
          assert.deepEqual(new Set(totals), new Set([want]), `${query}${sort} page_size=${size}: totals ${totals}`);
        }
      }
    }
  });

  it('the next commit moves the total of a question already answered, up and down', async () => {
    const url = `${models('default')}?provider=acme-ai&sort=name`;
    const total = async () => body(await h().get(`${url}&page_size=2`, token)).total as number;
    assert.equal(await total(), 0);
    const t = '2026-11-24T10:00:00Z';
    let res = await ingest('default', [
      { type: 'entity', kind: 'model', id: 'acme-1', name: 'acme one', last_seen: t, attributes: { provider: 'acme-ai' } },
      { type: 'entity', kind: 'model', id: 'acme-2', name: 'acme two', last_seen: t, attributes: { provider: 'acme-ai' } },
      { type: 'entity', kind: 'model', id: 'acme-3', name: 'acme three', last_seen: t, attributes: { provider: 'acme-ai' } },
    ]);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(await total(), 3);
    // Another sort of the same question, and a page further on, share that total.
    const second = body(await h().get(`${models('default')}?provider=acme-ai&sort=last_seen:desc&page_size=2`, token));
    assert.equal(second.total, 3);
    const next = body(
      await h().get(
        `${models('default')}?provider=acme-ai&sort=last_seen:desc&page_size=2&cursor=${encodeURIComponent(second.cursor)}`,
        token,
      ),
    );
    assert.equal(next.total, 3);
    assert.equal(objects(next).length, 1);
    // A changed attribute takes one out; a deleted model another.
    res = await ingest('default', [
      { type: 'entity', kind: 'model', id: 'acme-2', name: 'acme two', last_seen: t, attributes: { provider: 'other-ai' } },
    ]);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(await total(), 2);
    res = await ingest('default', [{ type: 'entity', kind: 'model', id: 'acme-1', op: 'delete' }]);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(await total(), 1);
    assert.deepEqual(
      objects(body(await h().get(`${url}&page_size=2`, token))).map((m) => m.id),
      ['acme-3'],
    );
  });

  it('callers asking at once after a commit wait for one count and one related set', async () => {
    const res = await ingest('default', [
      {
        type: 'entity',
        kind: 'model',
        id: 'burst-1',
        name: 'burst one',
        last_seen: '2026-11-24T11:30:00Z',
        attributes: { provider: 'burst-ai' },
      },
    ]);
    assert.equal(res.statusCode, 200, res.body);
    const db = h().db;
    // PostgreSQL also hears its own commit over LISTEN a moment later, which moves the version again.
    for (let v = db.dataVersion(); ; ) {
      await new Promise((r) => setTimeout(r, 50));
      if (v === (v = db.dataVersion())) break;
    }
    const { ran, restore } = recordStatements(db);
    try {
      const sorts = ['name', 'last_seen:desc', 'risk_score:desc', 'critical_issues:desc,name'];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          h().get(
            `/api/v1/aispm-agents/tenants/${DEMO_TENANT}/workspaces/default?models.provider=openai&sort=${sorts[i % 4]}&page_size=${1 + i}`,
            token,
          ),
        ),
      );
      for (const a of answers) assert.equal(a.statusCode, 200, a.body);
      const totals = answers.map((a) => body(a).total as number);
      assert.equal(new Set(totals).size, 1, `totals ${totals}`);
      assert.ok(totals[0]! > 0);
      assert.equal(ran.filter((q) => /^select distinct/.test(q)).length, 1, 'one read of the related set');
      assert.equal(ran.filter((q) => /^select count\(\*\)/.test(q)).length, 1, 'one count');
    } finally {
      restore();
    }
  });

  // Like the response cache's answers, a total and a related set stay while commits go to other
  // workspaces, and are read again after one into theirs.
  it("a commit into another workspace leaves a list's total and related set; one into its own counts again", async () => {
    const db = h().db;
    const settle = async () => {
      // PostgreSQL also hears its own commit over LISTEN a moment later, which moves the version again.
      for (let v = db.dataVersion(); ; ) {
        await new Promise((r) => setTimeout(r, 50));
        if (v === (v = db.dataVersion())) break;
      }
    };
    const url = `/api/v1/aispm-agents/tenants/${DEMO_TENANT}/workspaces/default?models.provider=anthropic&sort=name&page_size=3`;
    // From the database each time (the response cache would answer before the list is read).
    const read = async () => {
      const res = await h().request({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' } });
      assert.equal(res.statusCode, 200, res.body);
      return body(res).total as number;
    };
    const { ran, restore } = recordStatements(db);
    const counted = () => ({
      sets: ran.filter((q) => /^select distinct/.test(q)).length,
      counts: ran.filter((q) => /^select count\(\*\)/.test(q)).length,
    });
    const model = (id: string) => ({
      type: 'entity',
      kind: 'model',
      id,
      name: id,
      last_seen: '2026-11-24T11:45:00Z',
      attributes: { provider: 'anthropic' },
    });
    try {
      const before = await read();
      assert.ok(before > 0);
      ran.length = 0;
      assert.equal((await ingest('elsewhere', [model('far-1')])).statusCode, 200);
      await settle();
      assert.equal(await read(), before);
      assert.deepEqual(counted(), { sets: 0, counts: 0 }, 'kept across a commit into another workspace');
      assert.equal((await ingest('default', [model('near-1')])).statusCode, 200);
      await settle();
      assert.equal(await read(), before);
      assert.deepEqual(counted(), { sets: 1, counts: 1 }, 'read again after a commit into its own');
    } finally {
      restore();
    }
  });

  it('two workspaces asking the same question each get their own total', async () => {
    const t = '2026-11-24T11:00:00Z';
    const records = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        type: 'entity',
        kind: 'model',
        id: `w-${i}`,
        name: `w model ${i}`,
        last_seen: t,
        attributes: { provider: 'wsprov' },
      }));
    for (const [ws, n] of [
      ['ws-a', 2],
      ['ws-b', 5],
    ] as const) {
      const res = await ingest(ws, records(n));
      assert.equal(res.statusCode, 200, res.body);
    }
    for (let round = 0; round < 2; round++) {
      for (const [ws, n] of [
        ['ws-a', 2],
        ['ws-b', 5],
        ['default', 0],
      ] as const) {
        const page = body(await h().get(`${models(ws)}?provider=wsprov&page_size=1`, token));
        assert.equal(page.total, n, `${ws}, round ${round}`);
      }
    }
  });
});
