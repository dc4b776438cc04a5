// API keys made over HTTP, on SQLite and PostgreSQL: a key made with POST is a key like the CLI's
// (its token works at once, the list shows it with last_used_at once used, a revoke makes it
// answer 401); a key may make keys no wider than itself (wider: 403 naming what, and an audit
// row); an admin key sees and revokes every key of its tenant, another key only those it made; no
// route reaches another tenant's keys. The CLI's `--scope admin` key manages keys over HTTP.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { it } from 'node:test';
import { body, describeEngines, type Harness, objects } from './helpers/harness.ts';

const keysUrl = (t: string) => `/api/v1/api-keys/tenants/${t}`;

async function whoIs(h: Harness, token: string): Promise<{ id: string; user_id: string }> {
  const res = await h.get('/api/v1/token', token);
  assert.equal(res.statusCode, 200, res.body);
  return body(res);
}

async function make(h: Harness, token: string, payload: object, tenant = 't1') {
  return h.request({ method: 'POST', url: keysUrl(tenant), token, payload });
}

async function listKeys(h: Harness, token: string, tenant = 't1') {
  const res = await h.get(keysUrl(tenant), token);
  assert.equal(res.statusCode, 200, res.body);
  return objects(body(res));
}

/** The list until `ready` holds of it: last_used_at is written off the request's path. */
async function listUntil(h: Harness, token: string, ready: (rows: Array<Record<string, any>>) => boolean) {
  for (let i = 0; i < 100; i++) {
    const rows = await listKeys(h, token);
    if (ready(rows)) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the list never became ready');
}

describeEngines('api keys', (harness) => {
  it('create → use → listed with last_used_at → revoke → 401', async () => {
    const h = harness();
    const admin = await h.token({ scopes: ['read', 'admin'], user: 'ana' });
    const adminKey = await whoIs(h, admin);
    const res = await make(h, admin, { name: 'ci reader', scopes: ['read'], workspaces: ['w1', 'w2'], expires_in: '30d' });
    assert.equal(res.statusCode, 201, res.body);
    const made = body(res);
    assert.deepEqual(Object.keys(made), [
      'id',
      'name',
      'user_id',
      'scopes',
      'workspaces',
      'all_workspaces',
      'hint',
      'created_by',
      'created_at',
      'last_used_at',
      'expires_at',
      'revoked_at',
      'token',
    ]);
    assert.match(made.id, /^key_[0-9a-f]{16}$/);
    assert.match(made.token, /^aispm_[0-9A-Za-z]{38}$/);
    assert.equal(made.hint, `${made.token.slice(0, 10)}…${made.token.slice(-4)}`);
    assert.deepEqual(
      { ...made, id: 0, token: 0, hint: 0, created_at: 0, expires_at: 0 },
      {
        id: 0,
        name: 'ci reader',
        user_id: 'ana',
        scopes: ['read'],
        workspaces: ['w1', 'w2'],
        all_workspaces: false,
        hint: 0,
        created_by: adminKey.id,
        created_at: 0,
        last_used_at: null,
        expires_at: 0,
        revoked_at: null,
        token: 0,
      },
    );
    assert.equal(Date.parse(made.expires_at) - Date.parse(made.created_at), 30 * 86_400_000);

    // The new token is a token: it reads its workspaces, and not the others.
    const me = await whoIs(h, made.token);
    assert.equal(me.id, made.id);
    assert.equal((await h.get('/api/v1/aispm-models/tenants/t1/workspaces/w3', made.token)).statusCode, 403);

    const rows = await listUntil(h, admin, (rs) => rs.some((r) => r.id === made.id && r.last_used_at !== null));
    const row = rows.find((r) => r.id === made.id)!;
    assert.deepEqual(Object.keys(row), [
      'id',
      'name',
      'scopes',
      'workspaces',
      'created_by',
      'created_at',
      'last_used_at',
      'expires_at',
      'revoked_at',
    ]);
    assert.deepEqual(
      { ...row, last_used_at: 0 },
      {
        id: made.id,
        name: 'ci reader',
        scopes: ['read'],
        workspaces: ['w1', 'w2'],
        created_by: adminKey.id,
        created_at: made.created_at,
        last_used_at: 0,
        expires_at: made.expires_at,
        revoked_at: null,
      },
    );
    assert.ok(Date.parse(row.last_used_at) >= Date.parse(made.created_at));
    const listed = (await h.get(keysUrl('t1'), admin)).body;
    assert.ok(!listed.includes(made.token), 'the list never holds a token');

    const revoked = await h.request({ method: 'DELETE', url: `${keysUrl('t1')}/${made.id}`, token: admin });
    assert.equal(revoked.statusCode, 204, revoked.body);
    const after = await h.get('/api/v1/token', made.token);
    assert.equal(after.statusCode, 401);
    assert.deepEqual(body(after), { code: 401, message: 'token was revoked' });
    const again = await h.request({ method: 'DELETE', url: `${keysUrl('t1')}/${made.id}`, token: admin });
    assert.equal(again.statusCode, 409);
    assert.deepEqual(body(again), { code: 409, message: 'the key is already revoked' });
    const revokedRow = (await listKeys(h, admin)).find((r) => r.id === made.id)!;
    assert.ok(Date.parse(revokedRow.revoked_at) >= Date.parse(made.created_at));
  });

  it('last_used_at is written at most once a minute per key', async () => {
    const h = harness();
    const admin = await h.token({ scopes: ['read', 'admin'] });
    const made = body(await make(h, admin, { name: 'busy', scopes: ['read'], all_workspaces: true }));
    await whoIs(h, made.token);
    const first = (await listUntil(h, admin, (rs) => rs.some((r) => r.id === made.id && r.last_used_at !== null))).find(
      (r) => r.id === made.id,
    )!.last_used_at;
    for (let i = 0; i < 5; i++) await whoIs(h, made.token);
    await new Promise((r) => setTimeout(r, 100));
    const later = (await listKeys(h, admin)).find((r) => r.id === made.id)!.last_used_at;
    assert.equal(later, first);
  });

  it('a key may make keys no wider than itself; wider is 403 naming what', async () => {
    const h = harness();
    const narrow = await h.token({ scopes: ['read', 'storage'], workspaces: ['w1'], expiresInMs: 3_600_000 });
    const cases: Array<[object, string]> = [
      [
        { name: 'x', scopes: ['read', 'admin', 'ingest'], workspaces: ['w1'], expires_in: '30m' },
        'the key asked for is wider than this token: scopes admin, ingest',
      ],
      [
        { name: 'x', scopes: ['read'], workspaces: ['w1', 'w2'], expires_in: '30m' },
        'the key asked for is wider than this token: workspaces w2',
      ],
      [
        { name: 'x', scopes: ['read'], all_workspaces: true, expires_in: '30m' },
        'the key asked for is wider than this token: all_workspaces',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await make(h, narrow, payload);
      assert.equal(res.statusCode, 403, res.body);
      assert.deepEqual(body(res), { code: 403, message });
    }
    const forever = await make(h, narrow, { name: 'x', scopes: ['read'], workspaces: ['w1'] });
    assert.equal(forever.statusCode, 403);
    assert.match(
      body(forever).message,
      /^the key asked for is wider than this token: a lifetime past 20\d\d-.*Z \(when this key expires\)$/,
    );
    const ok = await make(h, narrow, { name: 'narrower', scopes: ['storage'], workspaces: ['w1'], expires_in: '59m' });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.deepEqual(body(ok).scopes, ['storage']);
    // A key with only the ingest scope may still make (ingest) keys: making keys needs no scope of its own.
    const ingestOnly = await h.token({ scopes: ['ingest'] });
    assert.equal((await make(h, ingestOnly, { name: 'i', scopes: ['ingest'], all_workspaces: true })).statusCode, 201);
  });

  it('refuses bad bodies with 400', async () => {
    const h = harness();
    const admin = await h.token({ scopes: ['read', 'admin'] });
    const cases: Array<[object, string]> = [
      [{ name: 'x', scopes: ['read'] }, 'workspaces: give the workspaces the key may use, or all_workspaces: true'],
      [
        { name: 'x', scopes: ['read'], workspaces: ['w1'], all_workspaces: true },
        'workspaces: give either workspaces or all_workspaces, not both',
      ],
      [{ name: 'x', scopes: ['read'], workspaces: ['*'] }, 'workspaces: "*" is not a workspace id; use all_workspaces: true'],
    ];
    for (const [payload, message] of cases) {
      const res = await make(h, admin, payload);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(body(res), { code: 400, message });
    }
    for (const payload of [
      { name: 'x', scopes: ['root'], all_workspaces: true },
      { name: 'x', scopes: [], all_workspaces: true },
      { name: '', scopes: ['read'], all_workspaces: true },
      { name: 'x', scopes: ['read'], all_workspaces: true, expires_in: 'soon' },
      { name: 'x', scopes: ['read'], all_workspaces: true, extra: 1 },
    ]) {
      const res = await make(h, admin, payload);
      assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
      assert.deepEqual(Object.keys(body(res)), ['code', 'message']);
    }
    const proto = await h.request({
      method: 'POST',
      url: keysUrl('t1'),
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"x","scopes":["read"],"all_workspaces":true,"__proto__":{"scopes":["admin"]}}',
    });
    assert.equal(proto.statusCode, 400, proto.body);
  });

  it('an admin key sees and revokes every key of its tenant; another key only its own', async () => {
    const h = harness();
    const admin = await h.token({ scopes: ['read', 'admin'] });
    const alice = await h.token({ scopes: ['read'], user: 'alice' });
    const bob = await h.token({ scopes: ['read'], user: 'bob' });
    const aliceKey = await whoIs(h, alice);
    const a1 = body(await make(h, alice, { name: 'a1', scopes: ['read'], all_workspaces: true }));
    const a2 = body(await make(h, alice, { name: 'a2', scopes: ['read'], all_workspaces: true }));
    const b1 = body(await make(h, bob, { name: 'b1', scopes: ['read'], all_workspaces: true }));
    assert.equal(a1.user_id, 'alice');

    // Newest first; a1 and a2 may share a millisecond, so their order is the id's: compare by name.
    assert.deepEqual((await listKeys(h, alice)).map((r) => [r.name, r.created_by]).sort(), [
      ['a1', aliceKey.id],
      ['a2', aliceKey.id],
    ]);
    assert.deepEqual(
      (await listKeys(h, bob)).map((r) => r.name),
      ['b1'],
    );
    const all = (await listKeys(h, admin)).map((r) => r.id);
    for (const id of [a1.id, a2.id, b1.id, aliceKey.id]) assert.ok(all.includes(id), id);

    // Bob may not revoke alice's key: 404, as if it did not exist.
    const refused = await h.request({ method: 'DELETE', url: `${keysUrl('t1')}/${a1.id}`, token: bob });
    assert.equal(refused.statusCode, 404);
    assert.deepEqual(body(refused), { code: 404, message: 'no API key with this id among the keys this token may manage' });
    assert.equal((await whoIs(h, a1.token)).id, a1.id);
    assert.equal((await h.request({ method: 'DELETE', url: `${keysUrl('t1')}/${a1.id}`, token: alice })).statusCode, 204);
    assert.equal((await h.request({ method: 'DELETE', url: `${keysUrl('t1')}/${b1.id}`, token: admin })).statusCode, 204);
    assert.equal((await h.get('/api/v1/token', b1.token)).statusCode, 401);
    // The list sorts and filters as every list does.
    const sorted = objects(body(await h.get(`${keysUrl('t1')}?sort=name&sort_dir=asc&name__in=a1,a2,b1`, admin)));
    assert.deepEqual(
      sorted.map((r) => [r.name, r.revoked_at === null]),
      [
        ['a1', false],
        ['a2', true],
        ['b1', false],
      ],
    );
  });

  it("another tenant's keys are out of reach", async () => {
    const h = harness();
    const admin2 = await h.token({ tenant: 't2', scopes: ['read', 'admin'] });
    const other = body(await make(h, admin2, { name: 'theirs', scopes: ['read'], all_workspaces: true }, 't2'));
    const admin1 = await h.token({ scopes: ['read', 'admin'] });
    for (const res of [
      await h.get(keysUrl('t2'), admin1),
      await make(h, admin1, { name: 'x', scopes: ['read'], all_workspaces: true }, 't2'),
      await h.request({ method: 'DELETE', url: `${keysUrl('t2')}/${other.id}`, token: admin1 }),
    ]) {
      assert.equal(res.statusCode, 403, res.body);
      assert.deepEqual(body(res), { code: 403, message: 'token has no access to this tenant' });
    }
    // Named under its own tenant, the other tenant's key is not there.
    const res = await h.request({ method: 'DELETE', url: `${keysUrl('t1')}/${other.id}`, token: admin1 });
    assert.equal(res.statusCode, 404);
    assert.ok(!(await listKeys(h, admin1)).some((r) => r.id === other.id));
    assert.equal((await whoIs(h, other.token)).id, other.id);
  });

  it('`aispm token create --scope admin` makes a key that manages keys over HTTP', async () => {
    const h = harness();
    const res = spawnSync(
      process.execPath,
      [
        'src/cli.ts',
        '--db',
        h.config.db,
        'token',
        'create',
        '--tenant',
        'cli',
        '--user',
        'ops',
        '--all-workspaces',
        '--scope',
        'admin',
        'read',
      ],
      { encoding: 'utf8', env: { ...process.env, AISPM_LOG_LEVEL: 'silent' } },
    );
    assert.equal(res.status, 0, res.stderr);
    const admin = res.stdout.trim();
    const made = await make(h, admin, { name: 'from the cli admin', scopes: ['read'], all_workspaces: true }, 'cli');
    assert.equal(made.statusCode, 201, made.body);
    const rows = await listKeys(h, admin, 'cli');
    const cliKey = rows.find((r) => r.created_by === null)!;
    assert.deepEqual(cliKey.scopes, ['admin', 'read']);
    assert.deepEqual(
      rows.map((r) => r.name),
      ['from the cli admin', ''],
    );
  });
});
