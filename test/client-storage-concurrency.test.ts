// Client storage under concurrency: 200 requests in flight on the same keys end in a state some
// serial order of them would give, and nothing fails but the 412s (and, at the cap, 507s) asked for.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { body, describeEngines, type Harness } from './helpers/harness.ts';
import { T1 } from './helpers/fixtures.ts';

const enc = encodeURIComponent;
const entry = (namespace: string, key: string) => `/api/v1/client-storage/tenants/${T1}/users/race/${enc(namespace)}/${enc(key)}`;
const keysOf = (namespace: string) => `/api/v1/client-storage/tenants/${T1}/users/race/${enc(namespace)}`;

function ops(h: () => Harness, token: () => string) {
  return {
    put: (u: string, value: object, headers: Record<string, string> = {}) =>
      h().request({ method: 'PUT', url: u, token: token(), payload: { value }, headers }),
    del: (u: string, headers: Record<string, string> = {}) => h().request({ method: 'DELETE', url: u, token: token(), headers }),
    get: (u: string) => h().get(u, token()),
  };
}

function statuses(results: LightMyRequestResponse[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of results) out[r.statusCode] = (out[r.statusCode] ?? 0) + 1;
  return out;
}

describeEngines('client storage under concurrency', (h) => {
  let token = '';
  const c = ops(h, () => token);
  before(async () => {
    token = await h().token({ tenant: T1, user: 'racer', scopes: ['read', 'storage'] });
  });

  it('200 concurrent PUTs and DELETEs on four keys: only 204 and 404, and each key ends as its last write left it', async () => {
    const keys = ['k0', 'k1', 'k2', 'k3'];
    for (const key of keys.slice(0, 2)) await c.put(entry('blind', key), { op: 'seed' });
    const plan = Array.from({ length: 200 }, (_, i) => ({
      i,
      key: keys[i % 4]!,
      kind: i % 3 === 0 ? ('delete' as const) : ('put' as const),
    }));
    const results = await Promise.all(
      plan.map((op) => (op.kind === 'put' ? c.put(entry('blind', op.key), { op: op.i }) : c.del(entry('blind', op.key)))),
    );

    for (const [n, op] of plan.entries()) {
      const allowed = op.kind === 'put' ? [204] : [204, 404];
      assert.ok(allowed.includes(results[n]!.statusCode), `${op.kind} ${op.key}: ${results[n]!.statusCode} ${results[n]!.body}`);
    }
    const present: string[] = [];
    for (const key of keys) {
      const got = await c.get(entry('blind', key));
      if (got.statusCode === 404) {
        assert.ok(
          plan.some((op) => op.key === key && op.kind === 'delete'),
          `${key} is gone, so a DELETE of it came last`,
        );
        continue;
      }
      assert.equal(got.statusCode, 200);
      present.push(key);
      const { value, created_at: created, updated_at: updated } = body(got);
      // The value is one PUT's, whole, and the ETag is the one that same PUT answered: that PUT came last.
      const writer = plan[value.op as number]!;
      assert.equal(writer.key, key);
      assert.equal(writer.kind, 'put');
      assert.equal(got.headers.etag, results[writer.i]!.headers.etag);
      assert.ok(created <= updated);
    }
    const listed = body(await c.get(keysOf('blind')));
    assert.deepEqual(
      listed.rows.map((r: unknown[]) => r[0]),
      present,
    );
    assert.equal(listed.total, present.length);
  });

  it("200 concurrent If-None-Match: * creates of one key: exactly one 204, 199 412s, and the winner's value", async () => {
    const u = entry('create-race', 'only');
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => c.put(u, { writer: i }, { 'if-none-match': '*' })));
    assert.deepEqual(statuses(results), { 204: 1, 412: 199 });
    const winner = results.findIndex((r) => r.statusCode === 204);
    const got = await c.get(u);
    assert.deepEqual(body(got).value, { writer: winner });
    assert.equal(got.headers.etag, results[winner]!.headers.etag);
  });

  it('200 concurrent PUTs and DELETEs holding the same ETag: exactly one succeeds, the rest get 412', async () => {
    const u = entry('match-race', 'one');
    const tag = String((await c.put(u, { writer: 'seed' })).headers.etag);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 4 === 0 ? c.del(u, { 'if-match': tag }) : c.put(u, { writer: i }, { 'if-match': tag }))),
    );
    assert.deepEqual(statuses(results), { 204: 1, 412: 199 });
    const winner = results.findIndex((r) => r.statusCode === 204);
    const got = await c.get(u);
    if (winner % 4 === 0) {
      assert.equal(got.statusCode, 404, 'the DELETE won');
    } else {
      assert.deepEqual(body(got).value, { writer: winner });
      assert.equal(got.headers.etag, results[winner]!.headers.etag);
    }
  });

  it('200 concurrent read-modify-write increments with If-Match lose no update', async () => {
    const keys = Array.from({ length: 10 }, (_, i) => `counter-${i}`);
    const seen: Record<number, number> = {};
    const note = (res: LightMyRequestResponse) => {
      seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
    };
    // Each client adds one to its key's counter, retrying on 412 until its write lands.
    async function increment(key: string): Promise<number> {
      for (let attempt = 1; ; attempt++) {
        const got = await c.get(entry('counters', key));
        note(got);
        const write =
          got.statusCode === 404
            ? await c.put(entry('counters', key), { n: 1 }, { 'if-none-match': '*' })
            : await c.put(entry('counters', key), { n: body(got).value.n + 1 }, { 'if-match': String(got.headers.etag) });
        note(write);
        if (write.statusCode === 204) return attempt;
        assert.equal(write.statusCode, 412, write.body);
        if (attempt > 10_000) throw new Error('no progress');
      }
    }
    const attempts = await Promise.all(Array.from({ length: 200 }, (_, i) => increment(keys[i % keys.length]!)));
    for (const key of keys) assert.deepEqual(body(await c.get(entry('counters', key))).value, { n: 20 }, key);
    for (const status of Object.keys(seen)) assert.ok(['200', '204', '404', '412'].includes(status), `unexpected status ${status}`);
    assert.equal(seen[204], 200);
    // The race was real: some writers had to retry.
    assert.ok(attempts.some((a) => a > 1));
  });
});

describeEngines(
  'client storage cap under concurrency',
  (h) => {
    let token = '';
    const c = ops(h, () => token);
    before(async () => {
      token = await h().token({ tenant: T1, user: 'racer', scopes: ['read', 'storage'] });
    });

    it('60 concurrent creates of distinct keys by one user at a cap of 5: exactly five 204s, the rest 507', async () => {
      const urls = Array.from({ length: 60 }, (_, i) =>
        i % 2 ? entry('cap', `key-${i}`) : `/api/v1/client-storage/users/race/cap/key-${i}`,
      );
      const results = await Promise.all(urls.map((u, i) => (i % 3 === 0 ? c.put(u, { i }, { 'if-none-match': '*' }) : c.put(u, { i }))));
      assert.deepEqual(statuses(results), { 204: 5, 507: 55 });
      const stored = body(await c.get(keysOf('cap'))).total + body(await h().get('/api/v1/client-storage/users/race/cap', token)).total;
      assert.equal(stored, 5);
    });
  },
  { config: { storageMaxEntriesPerUser: 5 } },
);
