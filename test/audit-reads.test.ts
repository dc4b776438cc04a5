// Reads summarised per hour, actor and route (issue 38), on SQLite and PostgreSQL through HTTP:
// each admitted GET counts toward its actor's row for the route's pattern (never its URL), the
// counts appear within the flush interval, an admin key of every workspace reads them, a key of
// some workspaces reads none, another tenant's admin sees only its own, and summing reads drops no
// cached answer.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { entity, T1, T2, W1 } from './helpers/fixtures.ts';
import { body, describeEngines, objects } from './helpers/harness.ts';

const READS = (t: string) => `/api/v1/audit/tenants/${t}/reads`;
const MODELS = `/api/v1/aispm-models/tenants/${T1}/workspaces/${W1}`;

describeEngines('audit: reads per hour', (h) => {
  it('counts each actor’s reads per route pattern, and only admins of every workspace read them', async () => {
    await h().ingest(T1, W1, [entity('model', 'm1', 'first', 1), entity('model', 'm2', 'second', 2)]);
    const admin = await h().token({ tenant: T1, scopes: ['read', 'admin'], user: 'ana' });
    const reader = await h().token({ tenant: T1, scopes: ['read'], user: 'rob' });
    const narrowAdmin = await h().token({ tenant: T1, scopes: ['read', 'admin'], workspaces: [W1], user: 'nia' });
    const otherAdmin = await h().token({ tenant: T2, scopes: ['read', 'admin'], user: 'oz' });
    const readerId = body(await h().get('/api/v1/token', reader)).id;
    for (const path of [MODELS, `${MODELS}/m1`, `${MODELS}/m2`, MODELS]) assert.equal((await h().get(path, reader)).statusCode, 200);
    // Refused reads are not reads: not counted.
    assert.equal((await h().get(`/api/v1/aispm-models/tenants/${T2}/workspaces/${W1}`, reader)).statusCode, 403);

    const pattern = '/api/v1/aispm-models/tenants/:tenant_id/workspaces/:workspace_id';
    const expected = [
      [pattern, 2],
      [`${pattern}/:id`, 2],
      ['/api/v1/token', 1],
    ];
    const deadline = Date.now() + 12_000;
    let mine: Array<[string, number]> = [];
    for (;;) {
      const rows = objects(body(await h().get(`${READS(T1)}?actor=${readerId}&sort=route`, admin)));
      mine = rows.map((r) => [r.route, r.requests]);
      if (mine.length === 3 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.deepEqual(
      mine.sort((a, b) => a[0].localeCompare(b[0])),
      [...expected].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const one = objects(body(await h().get(`${READS(T1)}?actor=${readerId}`, admin)))[0]!;
    assert.deepEqual(Object.keys(one), ['hour', 'actor', 'route', 'requests']);
    assert.match(one.hour, /^\d{4}-\d\d-\d\dT\d\d:00:00(\.000)?Z$/);

    // A key of some workspaces reads no tenant-wide rows; a non-admin is refused; another tenant sees its own only.
    assert.deepEqual(body(await h().get(READS(T1), narrowAdmin)).rows, []);
    assert.equal((await h().get(READS(T1), reader)).statusCode, 403);
    assert.equal((await h().get(READS(T1), otherAdmin)).statusCode, 403);
    assert.ok(objects(body(await h().get(READS(T2), otherAdmin))).every((r) => r.actor !== readerId));
  });

  it('adding the summaries drops no cached answer', async () => {
    const reader = await h().token({ tenant: T1, scopes: ['read'], user: 'rob' });
    await h().get(MODELS, reader);
    await h().get(MODELS, reader);
    // Longer than the flush interval: the summary is written meanwhile.
    await new Promise((r) => setTimeout(r, 5_600));
    assert.equal((await h().get(MODELS, reader)).headers['x-cache'], 'hit');
  });
});
