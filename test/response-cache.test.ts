// The response cache: a repeated read is answered from memory, and never once the data changed,
// whether this process, another process on the same SQLite file, or another replica on the same
// PostgreSQL database wrote it. Access checks run on every request, and answers that depend on
// the caller are never shared between callers. A client asking `Cache-Control: no-cache` is
// answered from the database.

import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { openDb } from '../src/platform/db/open.ts';
import { ResponseCache } from '../src/platform/http/response-cache.ts';
import { ChangeLog, outsideWorkspaces, type Reach } from '../src/platform/db/change-log.ts';
import { body, describeEngines, objects } from './helpers/harness.ts';
import { entity, T1, T2, W1, W2 } from './helpers/fixtures.ts';
import { param } from '../src/platform/db/database.ts';

const LIST = `/api/v1/aispm-models/tenants/${T1}/workspaces/${W1}`;

async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() - start > ms) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeEngines('response cache', (h) => {
  let token: string;
  before(async () => {
    await h().ingest(T1, W1, [entity('model', 'm1', 'first', 1)]);
    token = await h().token({ tenant: T1 });
  });

  it('serves a repeated read from memory, with the same body and ETag', async () => {
    const a = await h().get(LIST, token);
    // On PostgreSQL the cache serves once its change listener is connected (at start).
    const b = await until(
      () => h().get(LIST, token),
      (r) => r.headers['x-cache'] === 'hit',
    );
    assert.equal(b.headers['x-cache'], 'hit');
    assert.equal(a.body, b.body);
    assert.equal(a.headers.etag, b.headers.etag);
    assert.equal((await h().get(LIST, token, { 'if-none-match': String(a.headers.etag) })).statusCode, 304);
  });

  it('answers a request with Cache-Control: no-cache from the database', async () => {
    await until(
      () => h().get(LIST, token),
      (r) => r.headers['x-cache'] === 'hit',
    );
    for (const value of ['no-cache', 'max-age=0, no-cache', 'No-Cache']) {
      const fresh = await h().get(LIST, token, { 'cache-control': value });
      assert.equal(fresh.headers['x-cache'], 'miss', value);
    }
    assert.equal((await h().get(LIST, token, { 'cache-control': 'max-age=60' })).headers['x-cache'], 'hit');
    assert.equal((await h().get(LIST, token)).headers['x-cache'], 'hit');
  });

  it('answers again from the database after this process writes', async () => {
    await h().get(LIST, token);
    assert.equal((await h().get(LIST, token)).headers['x-cache'], 'hit');
    await h().ingest(T1, W1, [entity('model', 'm2', 'second', 2)]);
    const after = await h().get(LIST, token);
    assert.equal(after.headers['x-cache'], 'miss');
    assert.deepEqual(
      objects(body(after)).map((o) => o.id),
      ['m2', 'm1'],
    );
  });

  it('answers again after another process or replica writes to the same database', async () => {
    await h().get(LIST, token);
    const other = openDb(h().config.db, { pgPool: 1 });
    try {
      await h().service.ingestor.ingest(other, [Buffer.from(JSON.stringify(entity('model', 'm3', 'third', 3)) + '\n')], {
        tenant: T1,
        workspace: W1,
        storePrompts: true,
        batchSize: 10,
        mode: 'request',
      });
    } finally {
      await other.close();
    }
    // SQLite sees the commit at once; a PostgreSQL replica hears of it by notification.
    const ids = await until(
      async () => objects(body(await h().get(LIST, token))).map((o) => o.id),
      (v) => v.includes('m3'),
    );
    assert.deepEqual(ids, ['m3', 'm2', 'm1']);
  });

  it('an ingest into one workspace leaves the cached answers of other workspaces and tenants current', async () => {
    const W2_LIST = `/api/v1/aispm-models/tenants/${T1}/workspaces/${W2}`;
    const T2_LIST = `/api/v1/aispm-models/tenants/${T2}/workspaces/${W1}`;
    await h().ingest(T1, W2, [entity('model', 'n1', 'other workspace', 1)]);
    await h().ingest(T2, W1, [entity('model', 'o1', 'other tenant', 1)]);
    const t2 = await h().token({ tenant: T2 });
    // Made before the answers are kept: a new token is a commit to everything (API keys are no workspace's).
    const writer = await h().token({ tenant: T1, scopes: ['ingest'] });
    const kept = async (url: string, tok: string) =>
      until(
        () => h().get(url, tok),
        (r) => r.headers['x-cache'] === 'hit',
      );
    for (const [url, tok] of [
      [LIST, token],
      [W2_LIST, token],
      [T2_LIST, t2],
    ] as const)
      assert.equal((await kept(url, tok)).headers['x-cache'], 'hit', url);
    // Token-scoped (across the tenant's workspaces): kept too, until any of them changes.
    const HISTOGRAM = '/api/v1/histograms/aispm';
    await kept(HISTOGRAM, token);

    // Over HTTP, as a deployment ingests: a model and an interaction (its session, the agent's daily
    // counts, the audit row), in one request.
    const res = await h().request({
      method: 'POST',
      url: `/api/v1/ingest/tenants/${T1}/workspaces/${W1}`,
      token: writer,
      headers: { 'content-type': 'application/x-ndjson' },
      payload: [
        JSON.stringify(entity('model', 'm4', 'fourth', 4)),
        JSON.stringify({
          type: 'interaction',
          id: 'i1',
          session_id: 's1',
          agent_id: 'a1',
          model: 'm4',
          provider: 'openai',
          time: new Date().toISOString(),
          input_tokens: 10,
          output_tokens: 2,
        }),
      ].join('\n'),
    });
    assert.equal(res.statusCode, 200, res.body);
    const w1 = await h().get(LIST, token);
    assert.equal(w1.headers['x-cache'], 'miss');
    assert.ok(objects(body(w1)).some((o) => o.id === 'm4'));
    assert.equal((await h().get(W2_LIST, token)).headers['x-cache'], 'hit');
    assert.deepEqual(
      objects(body(await h().get(W2_LIST, token))).map((o) => o.id),
      ['n1'],
    );
    assert.equal((await h().get(T2_LIST, t2)).headers['x-cache'], 'hit');
    assert.equal((await h().get(HISTOGRAM, token)).headers['x-cache'], 'miss');
  });

  it("a commit that also writes outside its workspace's tables makes every answer stale", async () => {
    const W2_LIST = `/api/v1/aispm-models/tenants/${T1}/workspaces/${W2}`;
    await until(
      () => h().get(W2_LIST, token),
      (r) => r.headers['x-cache'] === 'hit',
    );
    // Named as workspace W1's, but it writes a table outside any workspace (the service's settings).
    const db = h().db;
    const put = db.template('test.settings-put', (b) => b.insertInto('service_settings').values({ key: param('key'), value: 'x' }));
    await db.transaction((tx) => tx.run(put, { key: 'test.reach' }), { tenant: T1, workspace: W1 });
    assert.equal((await h().get(W2_LIST, token)).headers['x-cache'], 'miss');
  });

  it('checks access on every request, cached or not', async () => {
    await h().get(LIST, token);
    const otherWorkspace = await h().token({ tenant: T1, workspaces: [W2] });
    assert.equal((await h().get(LIST, otherWorkspace)).statusCode, 403);
    assert.equal((await h().get(LIST)).statusCode, 401);
  });

  it("never hands one user's client-storage entry to another user", async () => {
    const url = `/api/v1/client-storage/tenants/${T1}/users/app/prefs/theme`;
    const ana = await h().token({ tenant: T1, user: 'ana', scopes: ['read', 'storage'] });
    const bob = await h().token({ tenant: T1, user: 'bob', scopes: ['read', 'storage'] });
    const put = await h().request({
      method: 'PUT',
      url,
      token: ana,
      headers: { 'content-type': 'application/json' },
      payload: { value: { colour: 'dark' } },
    });
    assert.equal(put.statusCode, 204);
    assert.equal((await h().get(url, ana)).statusCode, 200);
    assert.equal((await h().get(url, ana)).statusCode, 200);
    assert.equal((await h().get(url, bob)).statusCode, 404);
    const again = await h().request({
      method: 'PUT',
      url,
      token: ana,
      headers: { 'content-type': 'application/json' },
      payload: { value: { colour: 'light' } },
    });
    assert.equal(again.statusCode, 204);
    assert.deepEqual(body(await h().get(url, ana)).value, { colour: 'light' });
  });

  /** Waits until the data version stops moving (PostgreSQL hears its own commits a moment later). */
  async function settled() {
    for (let v = h().db.dataVersion(); ; ) {
      await new Promise((r) => setTimeout(r, 50));
      if (v === (v = h().db.dataVersion())) return;
    }
  }

  /** Runs `fn` counting the page statements of the models list it makes run. */
  async function countingPages<T>(fn: () => Promise<T>, failFirst = false): Promise<{ result: T; pages: number }> {
    const db = h().db;
    const { all } = db;
    let pages = 0;
    db.all = (t, args) => {
      if (/^select "id", "kind", "row_json"/.test(t.sql)) {
        pages++;
        if (failFirst && pages === 1) return Promise.reject(new Error('the first page read fails'));
      }
      return all.call(db, t, args) as never;
    };
    try {
      return { result: await fn(), pages };
    } finally {
      db.all = all;
    }
  }

  it('keeps an answer from the second time its URL is read, not the first', async () => {
    await settled();
    const url = `${LIST}?sort=name&page_size=1&name__ilk=e`;
    const misses = async (n: number) => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) out.push(String((await h().get(url, token)).headers['x-cache']));
      return out;
    };
    // Read once: not kept. Read again: kept, then answered from memory.
    assert.deepEqual(await misses(4), ['miss', 'miss', 'hit', 'hit']);
    // Once admitted, a URL is kept again from its first read after a commit.
    await h().ingest(T1, W1, [entity('model', 'm-admitted', 'admitted', 5)]);
    await settled();
    assert.deepEqual(await misses(2), ['miss', 'hit']);
  });

  it("a key's first request, which notes when the key was last used, drops no cached answer", async () => {
    // A new key, never used: its first request writes last_used_at, off the request's path.
    const fresh = await h().token({ tenant: T1 });
    await settled();
    await h().get(LIST, token);
    assert.equal((await h().get(LIST, token)).headers['x-cache'], 'hit');
    assert.equal((await h().get(LIST, fresh)).headers['x-cache'], 'hit');
    await new Promise((r) => setTimeout(r, 100));
    const keys = await h().db.all<{ used: unknown }>(
      h().db.template('test.cache.key-used', (b) =>
        b.selectFrom('api_keys').select('last_used_at as used').where('last_used_at', 'is not', null),
      ),
      {},
    );
    assert.ok(keys.length >= 2, 'both keys noted as used');
    await settled();
    assert.equal((await h().get(LIST, token)).headers['x-cache'], 'hit');
  });

  it('callers asking at once for an answer being read wait for that read', async () => {
    const url = `${LIST}?sort=name&page_size=2`;
    // Asked before, so its answer is kept once read (and callers arriving after the read find it).
    await h().get(url, token);
    await h().ingest(T1, W1, [entity('model', 'm-burst', 'burst', 3)]);
    await settled();
    const { result: answers, pages } = await countingPages(() => Promise.all(Array.from({ length: 12 }, () => h().get(url, token))));
    for (const a of answers) assert.equal(a.statusCode, 200, a.body);
    assert.equal(new Set(answers.map((a) => a.body)).size, 1, 'one answer');
    assert.equal(new Set(answers.map((a) => a.headers.etag)).size, 1, 'one ETag');
    assert.equal(answers.filter((a) => a.headers['x-cache'] === 'miss').length, 1, 'one read from the database, the others its answer');
    assert.equal(pages, 1, 'the list read once');
    // The answer they shared is the database's.
    const fresh = await h().get(url, token, { 'cache-control': 'no-cache' });
    assert.equal(fresh.body, answers[0]!.body);
  });

  it('when the read they wait for fails, each waiting caller reads its own', async () => {
    await h().ingest(T1, W1, [entity('model', 'm-fail', 'fails', 4)]);
    await settled();
    const url = `${LIST}?sort=last_seen:desc&page_size=3`;
    const { result: answers, pages } = await countingPages(() => Promise.all(Array.from({ length: 6 }, () => h().get(url, token))), true);
    const statuses = answers.map((a) => a.statusCode).sort();
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 500]);
    const failed = answers.find((a) => a.statusCode === 500)!;
    assert.deepEqual(Object.keys(body(failed)).sort(), ['code', 'message']);
    const ok = answers.filter((a) => a.statusCode === 200);
    assert.equal(new Set(ok.map((a) => a.body)).size, 1);
    assert.deepEqual(
      objects(body(ok[0]!)).map((m) => m.id),
      objects(body(await h().get(url, token, { 'cache-control': 'no-cache' }))).map((m) => m.id),
    );
    // The failed read's waiters each read again.
    assert.ok(pages >= 2 && pages <= 6, `pages ${pages}`);
  });

  it('keeps token-scoped answers apart for tokens that see different workspaces', async () => {
    await h().ingest(T1, W2, [
      {
        type: 'finding',
        id: 'f-w2',
        rule_id: 'SR-aispm_unpinned_model_version',
        object_kind: 'model',
        object_id: 'x',
        detected_at: new Date().toISOString(),
      },
    ]);
    const all = await h().token({ tenant: T1 });
    const onlyW1 = await h().token({ tenant: T1, workspaces: [W1] });
    const sum = (r: { issues_histogram: { counts: Array<{ critical: number; high: number; other: number }> } }) =>
      r.issues_histogram.counts.reduce((a, c) => a + c.critical + c.high + c.other, 0);
    const first = body(await h().get('/api/v1/histograms/aispm', all));
    const second = body(await h().get('/api/v1/histograms/aispm', onlyW1));
    assert.ok(sum(first) > sum(second), `${sum(first)} vs ${sum(second)}`);
    assert.equal(sum(body(await h().get('/api/v1/histograms/aispm', all))), sum(first));
  });
});

// Memory: an answer a change has reached can never be served, so the cache holds none (they once
// filled it to its bound under a commit a second); answers of data no change reached stay.
describe('response cache: only current answers are held', () => {
  const A = { tenant: 't1', workspace: 'a' };
  const B = { tenant: 't1', workspace: 'b' };
  const entry = (version: number, body: string, reach: Reach | undefined) => ({
    version,
    reach,
    body: Buffer.from(body),
    type: 'application/json',
    etag: undefined,
  });

  it('forgets the entries a change reached when a newer version is seen, and stores no answer read before it', () => {
    const log = new ChangeLog();
    const cache = new ResponseCache(1024 * 1024, log);
    cache.set('/a', entry(0, 'a0', A));
    cache.set('/b', entry(0, 'b0', B));
    cache.set('/t1', entry(0, 't0', { tenant: 't1' }));
    cache.set('/t2', entry(0, 'u0', { tenant: 't2' }));
    cache.set('/all', entry(0, 'x0', undefined));
    cache.set('/storage', entry(0, 's0', outsideWorkspaces));
    assert.equal(cache.size, 6);
    // A commit into workspace a of t1: its answers, t1's and those of everything go; b's, t2's and storage's stay.
    const v1 = log.mark(A);
    assert.equal(cache.get('/b', v1)?.body.toString(), 'b0');
    assert.deepEqual(
      ['/a', '/b', '/t1', '/t2', '/all', '/storage'].map((k) => cache.get(k, v1)?.body.toString()),
      [undefined, 'b0', undefined, 'u0', undefined, 's0'],
    );
    assert.equal(cache.size, 3);
    // An answer of a read before that commit that finishes after it is not kept; one read after it is.
    cache.set('/a', entry(0, 'a0', A));
    assert.equal(cache.get('/a', v1), undefined);
    cache.set('/a', entry(v1, 'a1', A));
    assert.equal(cache.get('/a', v1)?.body.toString(), 'a1');
    // A change to everything (a commit naming no workspace, another process's): every entry goes.
    const v2 = log.mark();
    assert.equal(cache.get('/c', v2), undefined);
    assert.equal(cache.size, 0);
  });
});
