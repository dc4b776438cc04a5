// PostgreSQL reads outside transactions go down pipelined connections (AISPM_PG_READ_PIPES,
// src/platform/db/postgres/read-pipes.ts). What a client relies on: the answers are those of
// pooled connections, byte for byte, under concurrency; a statement that fails fails alone; a
// slow statement does not hold the reads sent after it; a statement judged slow comes back to the
// pipes once it runs quickly there; a pipe whose connection is cut is replaced, and the reads
// after it answer. PostgreSQL only: SQLite has no connections to pipeline.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import { param } from '../src/platform/db/database.ts';
import { type Harness, startHarness } from './helpers/harness.ts';
import { NOW } from './helpers/findings-estate.ts';

const W = `tenants/${DEMO_TENANT}/workspaces/default`;

/** Requests of several shapes: details, lists with sorts and filters, edges, sessions. */
async function requestsOf(h: Harness, token: string): Promise<string[]> {
  const page = JSON.parse((await h.get(`/api/v1/aispm-models/${W}?page_size=40`, token)).body) as { rows: string[][] };
  const agents = JSON.parse((await h.get(`/api/v1/aispm-agents/${W}?page_size=20`, token)).body) as { rows: string[][] };
  return [
    ...page.rows.map((r) => `/api/v1/aispm-models/${W}/${encodeURIComponent(r[0]!)}`),
    ...agents.rows.map((r) => `/api/v1/aispm-agents/${W}/${encodeURIComponent(r[0]!)}`),
    ...agents.rows.map((r) => `/api/v1/aispm-agents/${W}/${encodeURIComponent(r[0]!)}/aispm_model_dependencies`),
    `/api/v1/aispm-models/${W}?page_size=100&sort=risk_score:desc`,
    `/api/v1/aispm-models/${W}?provider=openai&page_size=10`,
    `/api/v1/aispm-agents/${W}?page_size=50&sort=name`,
  ];
}

/** Backends of the pipelined connections of this harness's database. */
async function pipeBackends(h: Harness): Promise<number[]> {
  const admin = new pg.Client({ connectionString: h.config.db });
  await admin.connect();
  try {
    const res = await admin.query(
      `select pid from pg_stat_activity where datname = current_database() and application_name = 'aispm-read-pipe' order by pid`,
    );
    return res.rows.map((r: { pid: number }) => r.pid);
  } finally {
    await admin.end();
  }
}

describe('PostgreSQL reads over pipelined connections [postgres]', () => {
  let piped: Harness;
  let pooled: Harness;
  let token: string;
  let pooledToken: string;
  before(async () => {
    piped = await startHarness('postgres', { config: { pgReadPipes: 2, responseCacheMb: 0 } });
    pooled = await startHarness('postgres', { config: { pgReadPipes: 0, responseCacheMb: 0 } });
    for (const h of [piped, pooled]) await loadDemo(h.db, { scale: 0.25, seed: 5, now: NOW, storePrompts: false, evaluateRules: false });
    token = await piped.token({ tenant: DEMO_TENANT });
    pooledToken = await pooled.token({ tenant: DEMO_TENANT });
  });
  after(async () => {
    await piped?.close();
    await pooled?.close();
  });

  it('answers a burst of concurrent requests byte for byte as pooled connections do, over the pipes', async () => {
    const urls = await requestsOf(pooled, pooledToken);
    assert.ok(urls.length >= 30, `${urls.length} requests`);
    const expected = [];
    for (const url of urls) {
      const res = await pooled.get(url, pooledToken);
      assert.equal(res.statusCode, 200, url);
      expected.push(res.body);
    }
    // Every request at once, three times over: the statements leave together down the two pipes.
    for (let round = 0; round < 3; round++) {
      const got = await Promise.all(urls.map((url) => piped.get(url, token)));
      assert.deepEqual(
        got.map((r) => r.statusCode),
        urls.map(() => 200),
      );
      assert.deepEqual(
        got.map((r) => r.body),
        expected,
      );
    }
    assert.equal((await pipeBackends(piped)).length, 2);
    assert.deepEqual(await pipeBackends(pooled), []);
  });

  it('fails a statement that fails alone: the reads sent with it answer', async () => {
    const ok = piped.db.template('test.pipes.ok', (b) => b.selectNoFrom(sql<number>`7`.as('v')));
    const bad = piped.db.template('test.pipes.bad', (b) => b.selectNoFrom(sql<number>`1 / (0::int)`.as('v')));
    const results = await Promise.allSettled([
      piped.db.all<{ v: number }>(ok),
      piped.db.all<{ v: number }>(bad),
      piped.db.all<{ v: number }>(ok),
      piped.db.all<{ v: number }>(ok),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled', 'fulfilled'],
    );
    assert.match(String((results[1] as PromiseRejectedResult).reason), /division by zero/);
    for (const i of [0, 2, 3]) assert.deepEqual((results[i] as PromiseFulfilledResult<Array<{ v: number }>>).value, [{ v: 7 }]);
  });

  it('does not hold reads behind a slow statement: they answer before it does', async () => {
    // Seconds, not milliseconds: the requests below must not outlast it on a busy machine (CI
    // runs three test files at once); held behind it, they would answer after it.
    const slow = piped.db.template('test.pipes.slow', (b) => b.selectNoFrom(sql<number>`(select 1 from pg_sleep(3))`.as('v')));
    const urls = (await requestsOf(pooled, pooledToken)).slice(0, 20);
    assert.equal((await pipeBackends(piped)).length, 2, 'both pipes connected');
    const order: string[] = [];
    // Both pipes behind a slow statement, then the requests.
    const slows = [piped.db.all(slow), piped.db.all(slow)].map((p) => p.then(() => order.push('slow')));
    await new Promise((r) => setTimeout(r, 50));
    const fast = await Promise.all(
      urls.map(async (url) => {
        const res = await piped.get(url, token);
        order.push('fast');
        return res.statusCode;
      }),
    );
    await Promise.all(slows);
    assert.deepEqual(
      fast,
      urls.map(() => 200),
    );
    assert.deepEqual(order, [...urls.map(() => 'fast'), 'slow', 'slow']);
  });

  it('sends a statement found slow in its first runs to the pool: reads sent with it no longer wait for it', async () => {
    const heavy = piped.db.template('test.pipes.heavy', (b) => b.selectNoFrom(sql<number>`(select 1 from pg_sleep(0.3))`.as('v')));
    const quick = piped.db.template('test.pipes.quick', (b) => b.selectNoFrom(sql<number>`2`.as('v')));
    assert.equal((await pipeBackends(piped)).length, 2, 'both pipes connected');
    // Three runs on the pipes: each takes 300 ms on the server.
    for (let i = 0; i < 3; i++) await piped.db.all(heavy);
    // Sent in the same turn: on a pipe, some of the quick reads would queue behind it (its oldest
    // statement is not yet 5 ms old); from the pool it holds none of them.
    const order: string[] = [];
    const all = [
      piped.db.all(heavy).then(() => order.push('heavy')),
      ...Array.from({ length: 10 }, () => piped.db.all(quick).then(() => order.push('quick'))),
    ];
    await Promise.all(all);
    assert.deepEqual(order, [...Array.from({ length: 10 }, () => 'quick'), 'heavy']);
  });

  it('sends a statement judged heavy down a pipe now and then, and brings it back once it runs quickly there', async () => {
    // One text, slow or quick by its argument: a statement first seen in a busy moment (a cold
    // cache, a loaded machine) is judged heavy, and must not stay on the pool when it is quick.
    const sometimes = piped.db.template('test.pipes.sometimes', (b) =>
      b.selectNoFrom([sql<number>`pg_backend_pid()`.as('pid'), sql<number>`(select 1 from pg_sleep(${param<number>('s')}))`.as('v')]),
    );
    const pipes = await pipeBackends(piped);
    assert.equal(pipes.length, 2, 'both pipes connected');
    const pidOf = async (s: number) => (await piped.db.all<{ pid: number }>(sometimes, { s }))[0]!.pid;
    for (let i = 0; i < 3; i++) assert.ok(pipes.includes(await pidOf(0.1)), 'learned on the pipes');
    // Judged heavy: the next runs take pooled connections, but for one in every 32.
    const pooledPids: number[] = [];
    for (let i = 0; i < 31; i++) pooledPids.push(await pidOf(0));
    assert.ok(
      pooledPids.every((pid) => !pipes.includes(pid)),
      'the pool',
    );
    // Two pipe runs in a row: a probe, quick now, then a run sent there because of it (a loaded
    // machine may slow one probe past 2 ms: a later one brings it back).
    let back = -1;
    for (let i = 0; i < 32 * 6 && back < 0; i++) if (pipes.includes(await pidOf(0)) && pipes.includes(await pidOf(0))) back = i;
    assert.ok(back >= 0, 'back on the pipes after a quick probe');
  });

  it('replaces a pipe whose connection is cut; the requests after it answer', async () => {
    const urls = await requestsOf(pooled, pooledToken);
    await Promise.all(urls.map((url) => piped.get(url, token)));
    const before = await pipeBackends(piped);
    assert.equal(before.length, 2);
    const admin = new pg.Client({ connectionString: piped.config.db });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [before]);
    await admin.end();
    // The service sees the connections end (their sockets close), as it would after a server restart.
    for (let i = 0; i < 100 && (await pipeBackends(piped)).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 50));
    // The reads after it take pooled connections until new pipes are connected, then the pipes.
    for (let round = 0; round < 2; round++) {
      const got = await Promise.all(urls.map((url) => piped.get(url, token)));
      assert.deepEqual(
        got.map((r) => r.statusCode),
        urls.map(() => 200),
      );
      for (let i = 0; i < 100 && (await pipeBackends(piped)).length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    }
    const after = await pipeBackends(piped);
    assert.equal(after.length, 2);
    assert.deepEqual(
      after.filter((pid) => before.includes(pid)),
      [],
    );
  });
});
