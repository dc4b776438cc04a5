// The auth matrix on the model endpoints: who gets 401, who gets 403, and what they are told.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { param } from '../src/platform/db/database.ts';
import { createToken, revokeKey } from '../src/platform/auth/tokens.ts';
import { body, describeEngines } from './helpers/harness.ts';
import { entity, T1, W1, W2 } from './helpers/fixtures.ts';

const LIST = `/api/v1/aispm-models/tenants/${T1}/workspaces/${W1}`;
const DETAIL = `${LIST}/m1`;

describeEngines('auth', (h) => {
  let good: string;
  before(async () => {
    await h().ingest(T1, W1, [entity('model', 'm1', 'gpt-4o', 1)]);
    good = await h().token({ tenant: T1, workspaces: [W1] });
  });

  function expect401(res: { statusCode: number; headers: Record<string, unknown>; body: string }, message: RegExp) {
    assert.equal(res.statusCode, 401);
    assert.match(String(res.headers['www-authenticate']), /^Bearer/);
    const b = JSON.parse(res.body);
    assert.deepEqual(Object.keys(b).sort(), ['code', 'message']);
    assert.equal(b.code, 401);
    assert.match(b.message, message);
  }

  it('answers 200 to a good token on the list and the detail', async () => {
    assert.equal((await h().get(LIST, good)).statusCode, 200);
    assert.equal((await h().get(DETAIL, good)).statusCode, 200);
  });

  it('401 without a token', async () => {
    for (const url of [LIST, DETAIL]) expect401(await h().get(url), /missing Authorization/);
  });

  it('401 for a header that is not Bearer', async () => {
    expect401(await h().get(LIST, undefined, { authorization: `Basic ${good}` }), /Bearer <token>/);
  });

  it('401 for a malformed token, without echoing it', async () => {
    const res = await h().get(LIST, 'not-a-token');
    expect401(res, /malformed token/);
    assert.ok(!res.body.includes('not-a-token'));
  });

  it('401 for a token whose checksum does not match (refused before any lookup)', async () => {
    const last = good.at(-1) === 'A' ? 'B' : 'A';
    expect401(await h().get(LIST, good.slice(0, -1) + last), /checksum/);
  });

  it('401 for a well-formed token nobody issued', async () => {
    const { newTokenString } = await import('../src/platform/auth/tokens.ts');
    expect401(await h().get(LIST, newTokenString()), /unknown token/);
  });

  it('401 for a revoked token', async () => {
    const { token, key } = await createToken(h().db, { tenantId: T1, userId: 'u', workspaces: [W1], scopes: ['read'] });
    assert.equal((await h().get(LIST, token)).statusCode, 200);
    assert.equal(await revokeKey(h().db, key.id), true);
    expect401(await h().get(LIST, token), /revoked/);
  });

  it('401 for an expired token', async () => {
    const token = await h().token({ tenant: T1, workspaces: [W1], expiresInMs: 1000, now: Date.now() - 2000 });
    expect401(await h().get(LIST, token), /expired/);
  });

  it('403 for a token of another tenant', async () => {
    const other = await h().token({ tenant: 'other', workspaces: [W1] });
    for (const url of [LIST, DETAIL]) {
      const res = await h().get(url, other);
      assert.equal(res.statusCode, 403);
      assert.deepEqual(body(res), { code: 403, message: 'token has no access to this tenant' });
    }
  });

  it('403 for a token of the right tenant but another workspace', async () => {
    const other = await h().token({ tenant: T1, workspaces: [W2] });
    const res = await h().get(DETAIL, other);
    assert.equal(res.statusCode, 403);
    assert.deepEqual(body(res), { code: 403, message: 'token has no access to this workspace' });
  });

  it('403 for a token without the read scope', async () => {
    const ingestOnly = await h().token({ tenant: T1, workspaces: [W1], scopes: ['ingest'] });
    const res = await h().get(LIST, ingestOnly);
    assert.equal(res.statusCode, 403);
    assert.deepEqual(body(res), { code: 403, message: 'token lacks the "read" scope this operation needs' });
  });

  it('an all-workspaces token reads any workspace of its tenant', async () => {
    const all = await h().token({ tenant: T1 });
    assert.equal((await h().get(`/api/v1/aispm-models/tenants/${T1}/workspaces/${W1}`, all)).statusCode, 200);
    // A workspace nothing was ingested into: past authentication and access, a 404 naming the ones with data.
    const none = await h().get(`/api/v1/aispm-models/tenants/${T1}/workspaces/anything`, all);
    assert.deepEqual(
      [none.statusCode, body(none).message],
      [404, `no data in workspace "anything" of tenant "${T1}"; the workspaces this token can see: ${W1}`],
    );
  });

  it('stores only a hash of the token', async () => {
    const { token } = await createToken(h().db, { tenantId: T1, userId: 'u', workspaces: [W1], scopes: ['read'] });
    const t = h().db.template('test.token-in-clear', (b) =>
      b
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => eb.or([eb('secret_hash', '=', param('token')), eb('hint', '=', param('token')), eb('id', '=', param('token'))])),
    );
    assert.equal(Number((await h().db.first<{ n: number }>(t, { token }))!.n), 0);
  });
});
