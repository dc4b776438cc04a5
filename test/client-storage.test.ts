// Client storage: the four scopes, isolation between users / tenants / workspaces, names and
// values at their limits, conditional writes, and the key listing.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { allPages, body, describeEngines, type Harness } from './helpers/harness.ts';
import { T1, T2, W1, W2 } from './helpers/fixtures.ts';

const T0 = Date.UTC(2026, 0, 1);
let clock = T0;
const iso = (ms: number) => new Date(ms).toISOString();

const enc = encodeURIComponent;
const ROOT = '/api/v1/client-storage';
type ScopeName = 'tenant_user' | 'tenant_workspace' | 'tenant' | 'user';
const scopeNames: ScopeName[] = ['tenant_user', 'tenant_workspace', 'tenant', 'user'];

/** The URL of an entry (or, without key, of its namespace), names given unencoded. */
function url(
  scope: ScopeName,
  client: string,
  namespace: string,
  key?: string,
  where: { tenant?: string; workspace?: string } = {},
): string {
  const t = where.tenant ?? T1;
  const prefix = {
    tenant_user: `tenants/${t}/users`,
    tenant_workspace: `tenants/${t}/workspaces/${where.workspace ?? W1}`,
    tenant: `tenants/${t}`,
    user: 'users',
  }[scope];
  return `${ROOT}/${prefix}/${enc(client)}/${enc(namespace)}${key === undefined ? '' : `/${enc(key)}`}`;
}

/** What GET answers for an entry, byte for byte. */
function entryBody(value: unknown, created: number, updated: number): string {
  return `{"created_at":"${iso(created)}","updated_at":"${iso(updated)}","value":${JSON.stringify(value)}}`;
}

const ETAG = /^"[1-9]\d*"$/;

function assertError(res: LightMyRequestResponse, status: number, message: RegExp) {
  assert.equal(res.statusCode, status, res.body);
  const b = body(res);
  assert.deepEqual(Object.keys(b).sort(), ['code', 'message']);
  assert.equal(b.code, status);
  assert.match(b.message, message);
}

function client(h: () => Harness) {
  return {
    put(token: string, u: string, value: unknown, headers: Record<string, string> = {}) {
      return h().request({ method: 'PUT', url: u, token, payload: { value } as object, headers });
    },
    putRaw(token: string, u: string, text: string, headers: Record<string, string> = {}) {
      return h().request({ method: 'PUT', url: u, token, payload: text, headers: { 'content-type': 'application/json', ...headers } });
    },
    del(token: string, u: string, headers: Record<string, string> = {}) {
      return h().request({ method: 'DELETE', url: u, token, headers });
    },
    get(token: string, u: string, headers: Record<string, string> = {}) {
      return h().get(u, token, headers);
    },
  };
}

describeEngines(
  'client storage',
  (h) => {
    const c = client(h);
    /** tenant t1, user u1, all workspaces: read + storage */
    let alice: string;
    /** a second token of the same user */
    let alice2: string;
    /** tenant t1, user u2 */
    let bob: string;
    /** tenant t2, user u1 (the same user id in another tenant) */
    let otherTenant: string;
    /** tenant t1, user u3, workspace w1 only */
    let w1only: string;
    let readOnly: string;
    let storageOnly: string;

    before(async () => {
      const rw = ['read', 'storage'] as const;
      alice = await h().token({ tenant: T1, user: 'u1', scopes: [...rw] });
      alice2 = await h().token({ tenant: T1, user: 'u1', scopes: [...rw] });
      bob = await h().token({ tenant: T1, user: 'u2', scopes: [...rw] });
      otherTenant = await h().token({ tenant: T2, user: 'u1', scopes: [...rw] });
      w1only = await h().token({ tenant: T1, user: 'u3', workspaces: [W1], scopes: [...rw] });
      readOnly = await h().token({ tenant: T1, user: 'u1', scopes: ['read'] });
      storageOnly = await h().token({ tenant: T1, user: 'u1', scopes: ['storage'] });
    });

    for (const scope of scopeNames) {
      it(`round-trips an entry in the ${scope} scope: create, replace, delete`, async () => {
        const u = url(scope, 'dashboard', 'filters', 'saved');
        clock = T0 + 1000;
        const v1 = { severity: ['critical', 'high'], columns: { name: 200, owner: 120 } };
        const created = await c.put(alice, u, v1);
        assert.equal(created.statusCode, 204, created.body);
        assert.equal(created.body, '');
        const etag1 = String(created.headers.etag);
        assert.match(etag1, ETAG);

        const got = await c.get(alice, u);
        assert.equal(got.statusCode, 200);
        assert.match(String(got.headers['content-type']), /^application\/json/);
        assert.equal(got.headers.etag, etag1);
        assert.equal(got.body, entryBody(v1, T0 + 1000, T0 + 1000));

        clock = T0 + 5000;
        const v2 = { severity: ['critical'] };
        const replaced = await c.put(alice, u, v2);
        assert.equal(replaced.statusCode, 204);
        const etag2 = String(replaced.headers.etag);
        assert.match(etag2, ETAG);
        assert.notEqual(etag2, etag1);
        const got2 = await c.get(alice, u);
        assert.equal(got2.body, entryBody(v2, T0 + 1000, T0 + 5000), 'created_at stays, updated_at moves');
        assert.equal(got2.headers.etag, etag2);

        const deleted = await c.del(alice, u);
        assert.equal(deleted.statusCode, 204);
        assert.equal(deleted.body, '');
        assertError(await c.get(alice, u), 404, /no client-storage entry/);
        assertError(await c.del(alice, u), 404, /no client-storage entry/);
      });
    }

    it('keeps the four scopes apart: the same client/namespace/key holds four entries', async () => {
      clock = T0;
      for (const scope of scopeNames) assert.equal((await c.put(alice, url(scope, 'c', 'n', 'same'), { scope })).statusCode, 204);
      for (const scope of scopeNames) assert.equal((await c.get(alice, url(scope, 'c', 'n', 'same'))).body, entryBody({ scope }, T0, T0));
      assert.equal((await c.del(alice, url('tenant', 'c', 'n', 'same'))).statusCode, 204);
      assert.equal((await c.get(alice, url('tenant_user', 'c', 'n', 'same'))).statusCode, 200);
      assert.equal((await c.get(alice, url('user', 'c', 'n', 'same'))).statusCode, 200);
      assert.equal((await c.get(alice, url('tenant_workspace', 'c', 'n', 'same'))).statusCode, 200);
    });

    it('stores the value exactly: member order, duplicates-free text, Unicode, lone surrogates, NUL, __proto__', async () => {
      clock = T0;
      const u = url('tenant_user', 'c', 'exact', 'k');
      // Sent as raw text: members in a non-sorted order, a __proto__ member (Fastify's default
      // parser refuses it), a string PostgreSQL jsonb would refuse, escapes and big numbers.
      const sent =
        '{ "value" : {"zeta": 1, "alpha": {"y": [3, 2, 1], "x": null}, "__proto__": {"polluted": true}, ' +
        '"constructor": {"prototype": {"p": 1}}, "lone": "\\ud800", "nul": "a\\u0000b", "emoji": "😀 é 中", "big": 1e21, "neg": -0.5, "t": true} }';
      const res = await c.putRaw(alice, u, sent);
      assert.equal(res.statusCode, 204, res.body);
      const got = await c.get(alice, u);
      assert.equal(
        got.body,
        `{"created_at":"${iso(T0)}","updated_at":"${iso(T0)}","value":` +
          '{"zeta":1,"alpha":{"y":[3,2,1],"x":null},"__proto__":{"polluted":true},"constructor":{"prototype":{"p":1}},' +
          '"lone":"\\ud800","nul":"a\\u0000b","emoji":"😀 é 中","big":1e+21,"neg":-0.5,"t":true}}',
      );
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });

    it('answers 304 to a GET whose If-None-Match holds the current ETag', async () => {
      const u = url('tenant_user', 'c', 'cache', 'k');
      const put = await c.put(alice, u, { a: 1 });
      const etag = String(put.headers.etag);
      const res = await c.get(alice, u, { 'if-none-match': etag });
      assert.equal(res.statusCode, 304);
      assert.equal(res.body, '');
      assert.equal(res.headers.etag, etag);
      assert.equal((await c.get(alice, u, { 'if-none-match': `W/${etag}` })).statusCode, 304, 'If-None-Match compares weakly');
      assert.equal((await c.get(alice, u, { 'if-none-match': '"1"' })).statusCode, 200);
      assert.equal((await c.get(alice, u, { 'if-none-match': 'garbage' })).statusCode, 200, 'a malformed If-None-Match is ignored on GET');
    });

    // ---- isolation -----------------------------------------------------------------------------

    it("a second user of the tenant never reads, overwrites or deletes the first user's entries", async () => {
      clock = T0;
      for (const scope of ['tenant_user', 'user'] as const) {
        const u = url(scope, 'app', 'private', 'k');
        assert.equal((await c.put(alice, u, { owner: 'alice' })).statusCode, 204);
        assertError(await c.get(bob, u), 404, /no client-storage entry/);
        assertError(await c.del(bob, u), 404, /no client-storage entry/);
        // Bob's PUT on the same URL writes Bob's own entry.
        assert.equal((await c.put(bob, u, { owner: 'bob' })).statusCode, 204);
        assert.equal((await c.get(alice, u)).body, entryBody({ owner: 'alice' }, T0, T0));
        assert.equal((await c.get(bob, u)).body, entryBody({ owner: 'bob' }, T0, T0));
        // Bob's If-None-Match: * create did not see Alice's entry either.
        const fresh = url(scope, 'app', 'private', 'fresh');
        assert.equal((await c.put(alice, fresh, { owner: 'alice' }, { 'if-none-match': '*' })).statusCode, 204);
        assert.equal((await c.put(bob, fresh, { owner: 'bob' }, { 'if-none-match': '*' })).statusCode, 204);
        // Bob holding Alice's ETag cannot use it on Alice's entry (it is not his).
        const aliceTag = String((await c.get(alice, u)).headers.etag);
        assertError(await c.del(bob, u, { 'if-match': aliceTag }), 412, /If-Match/);
        assert.equal((await c.del(bob, u)).statusCode, 204);
        assert.equal((await c.get(alice, u)).statusCode, 200, "Bob deleting his entry left Alice's");
        // Listings show each user only their own keys.
        const aliceKeys = body(await c.get(alice, url(scope, 'app', 'private'))).rows.map((r: unknown[]) => r[0]);
        const bobKeys = body(await c.get(bob, url(scope, 'app', 'private'))).rows.map((r: unknown[]) => r[0]);
        assert.deepEqual(aliceKeys, ['fresh', 'k']);
        assert.deepEqual(bobKeys, ['fresh']);
      }
    });

    it('a second token of the same user sees the same entries (the user, not the token, owns them)', async () => {
      const u = url('user', 'app', 'shared-by-tokens', 'k');
      assert.equal((await c.put(alice, u, { v: 1 })).statusCode, 204);
      assert.equal(body(await c.get(alice2, u)).value.v, 1);
    });

    it('the user scope is per tenant: the same user id in another tenant has other entries', async () => {
      clock = T0;
      const u = url('user', 'app', 'per-tenant', 'k');
      assert.equal((await c.put(alice, u, { tenant: T1 })).statusCode, 204);
      assertError(await c.get(otherTenant, u), 404, /no client-storage entry/);
      assert.equal((await c.put(otherTenant, u, { tenant: T2 })).statusCode, 204);
      assert.equal((await c.get(alice, u)).body, entryBody({ tenant: T1 }, T0, T0));
      assert.equal((await c.get(otherTenant, u)).body, entryBody({ tenant: T2 }, T0, T0));
    });

    it('a token of another tenant gets 403 on every tenant path, for every method', async () => {
      for (const scope of ['tenant_user', 'tenant_workspace', 'tenant'] as const) {
        const u = url(scope, 'app', 'n', 'k');
        assert.equal((await c.put(alice, u, { mine: true })).statusCode, 204);
        assertError(await c.get(otherTenant, u), 403, /tenant/);
        assertError(await c.put(otherTenant, u, { theirs: true }), 403, /tenant/);
        assertError(await c.del(otherTenant, u), 403, /tenant/);
        assertError(await c.get(otherTenant, url(scope, 'app', 'n')), 403, /tenant/);
        assert.deepEqual(body(await c.get(alice, u)).value, { mine: true });
      }
    });

    it("workspace entries are shared by the workspace's users and closed to tokens without the workspace", async () => {
      const inW1 = url('tenant_workspace', 'app', 'n', 'wk', { workspace: W1 });
      const inW2 = url('tenant_workspace', 'app', 'n', 'wk', { workspace: W2 });
      assert.equal((await c.put(alice, inW1, { w: W1 })).statusCode, 204);
      assert.equal((await c.put(alice, inW2, { w: W2 })).statusCode, 204);
      assert.deepEqual(body(await c.get(bob, inW1)).value, { w: W1 }, 'another user of the workspace reads it');
      assert.deepEqual(body(await c.get(w1only, inW1)).value, { w: W1 });
      assertError(await c.get(w1only, inW2), 403, /workspace/);
      assertError(await c.put(w1only, inW2, { w: 'x' }), 403, /workspace/);
      assertError(await c.del(w1only, inW2), 403, /workspace/);
      assertError(await c.get(w1only, url('tenant_workspace', 'app', 'n', undefined, { workspace: W2 })), 403, /workspace/);
      assert.deepEqual(body(await c.get(alice, inW2)).value, { w: W2 });
    });

    it('tenant entries are shared by every user of the tenant', async () => {
      const u = url('tenant', 'app', 'n', 'shared');
      assert.equal((await c.put(alice, u, { by: 'alice' })).statusCode, 204);
      assert.deepEqual(body(await c.get(bob, u)).value, { by: 'alice' });
      assert.deepEqual(body(await c.get(w1only, u)).value, { by: 'alice' });
      assert.equal((await c.put(bob, u, { by: 'bob' })).statusCode, 204);
      assert.deepEqual(body(await c.get(alice, u)).value, { by: 'bob' });
    });

    it('GET needs the read scope, PUT and DELETE the storage scope, and every call a token', async () => {
      const u = url('tenant_user', 'app', 'scopes', 'k');
      assertError(await c.put(readOnly, u, { a: 1 }), 403, /"storage" scope/);
      assert.equal((await c.put(storageOnly, u, { a: 1 })).statusCode, 204);
      assertError(await c.get(storageOnly, u), 403, /"read" scope/);
      assertError(await c.get(storageOnly, url('tenant_user', 'app', 'scopes')), 403, /"read" scope/);
      assert.deepEqual(body(await c.get(readOnly, u)).value, { a: 1 });
      assertError(await c.del(readOnly, u), 403, /"storage" scope/);
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const res = await h().request({ method, url: u, payload: method === 'PUT' ? { value: {} } : undefined });
        assertError(res, 401, /missing Authorization/);
      }
      assert.equal((await c.del(storageOnly, u)).statusCode, 204);
    });

    // ---- names ---------------------------------------------------------------------------------

    it('takes percent-encoded names with any character, "/" as %2F included, and gives them back decoded', async () => {
      clock = T0;
      const names = ['a/b', 'a%2Fb', '/', '//x//', '100% ?#&=+', ' spaced ', 'é', '中文', '😀', 'Ω/😀/é'];
      for (const [i, name] of names.entries()) {
        for (const [client, namespace, key] of [
          [name, 'ns', 'k'],
          ['c', name, 'k'],
          ['c', 'ns', name],
        ] as const) {
          const u = url('tenant_user', client, namespace, key);
          assert.equal((await c.put(alice, u, { i })).statusCode, 204, `${u}`);
          assert.equal((await c.get(alice, u)).body, entryBody({ i }, T0, T0), u);
        }
      }
      // "a/b" and "a%2Fb" are different keys, and "/" in a key is not a path separator.
      const listed = body(await c.get(alice, url('tenant_user', 'c', 'ns'))).rows.map((r: unknown[]) => r[0]);
      assert.deepEqual(
        listed,
        [...names].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))),
      );
    });

    for (const field of ['client_id', 'namespace', 'key'] as const) {
      it(`takes a ${field} of exactly 256 bytes of UTF-8 and refuses 257 bytes or none`, async () => {
        const at = (name: string) =>
          url('tenant_user', field === 'client_id' ? name : 'c', field === 'namespace' ? name : 'n', field === 'key' ? name : 'k');
        for (const name of ['😀'.repeat(64), 'é'.repeat(128), 'x'.repeat(256)]) {
          assert.equal(Buffer.byteLength(name), 256);
          assert.equal((await c.put(alice, at(name), { ok: true })).statusCode, 204);
          assert.deepEqual(body(await c.get(alice, at(name))).value, { ok: true });
          assert.equal((await c.del(alice, at(name))).statusCode, 204);
        }
        // 129 characters, 257 bytes: the limit counts bytes, not characters.
        const over = 'é'.repeat(128) + 'a';
        for (const res of [await c.put(alice, at(over), { ok: true }), await c.get(alice, at(over)), await c.del(alice, at(over))]) {
          assertError(res, 400, new RegExp(`^${field} must be 1 to 256 bytes of UTF-8 \\(the limit\\); it is 257 bytes$`));
        }
        // An empty segment (`…/users//n/k`) is an empty name; an empty key would be the namespace's
        // listing URL (`…/n/`), which takes no PUT.
        if (field !== 'key') {
          assertError(
            await c.put(alice, at(''), { ok: true }),
            400,
            new RegExp(`^${field} must be 1 to 256 bytes of UTF-8 \\(the limit\\); it is 0 bytes$`),
          );
        } else {
          assertError(await c.put(alice, url('user', 'c', 'n', ''), { ok: true }), 405, /method PUT is not allowed here; allowed: GET/);
        }
      });
    }

    it('refuses names holding NUL, and the tenant-scope client_id "users", with 400', async () => {
      assertError(await c.put(alice, url('tenant_user', 'c', 'a\0b', 'k'), {}), 400, /namespace must not contain the NUL character/);
      // Percent-encoding that is not UTF-8 is refused by the router.
      for (const bad of ['%FF', '%ED%A0%80', '%zz']) {
        assertError(
          await c.put(alice, `${ROOT}/tenants/${T1}/users/c/${bad}/k`, {}),
          400,
          /^the URL path is not valid: a percent-encoded sequence is malformed or not UTF-8$/,
        );
      }
      assertError(await c.put(alice, url('tenant', 'users', 'n', 'k'), {}), 400, /client_id "users" is reserved in the tenant scope/);
      assertError(await c.get(alice, url('tenant', 'users', 'n')), 400, /client_id "users" is reserved/);
      // …because GET of that URL is the tenant + user scope's key listing of client "n", namespace "k".
      assert.deepEqual(body(await c.get(alice, url('tenant', 'users', 'n', 'k'))).header, ['key', 'created_at', 'updated_at', 'etag']);
      // "users" is an ordinary client_id in every other scope.
      assert.equal((await c.put(alice, url('tenant_user', 'users', 'n', 'k'), { ok: 1 })).statusCode, 204);
      assert.equal((await c.put(alice, url('tenant_workspace', 'users', 'n', 'k'), { ok: 1 })).statusCode, 204);
      assert.equal((await c.put(alice, url('user', 'users', 'n', 'k'), { ok: 1 })).statusCode, 204);
      assert.equal((await c.put(alice, url('tenant', 'workspaces', 'n', 'k'), { ok: 1 })).statusCode, 204);
      assert.deepEqual(body(await c.get(alice, url('tenant', 'workspaces', 'n', 'k'))).value, { ok: 1 });
    });

    // ---- values --------------------------------------------------------------------------------

    it('takes a value of exactly 256 KiB of compact JSON and refuses one byte more with 413 naming the limit', async () => {
      const u = url('tenant_user', 'c', 'big', 'k');
      const ascii = { s: 'x'.repeat(262_144 - 8) };
      assert.equal(Buffer.byteLength(JSON.stringify(ascii)), 262_144);
      assert.equal((await c.put(alice, u, ascii)).statusCode, 204);
      assert.equal(body(await c.get(alice, u)).value.s.length, 262_136);
      assertError(
        await c.put(alice, u, { s: 'x'.repeat(262_144 - 7) }),
        413,
        /^value is 262145 bytes as compact JSON, over the limit of 262144 bytes$/,
      );
      // Bytes, not characters: 131,068 "é" are 262,136 bytes.
      const accented = { s: 'é'.repeat(131_068) };
      assert.equal((await c.put(alice, u, accented)).statusCode, 204);
      assertError(await c.put(alice, u, { s: 'é'.repeat(131_069) }), 413, /262146 bytes .* limit of 262144 bytes/);
      // The same 256 KiB value sent with \u escapes (as Python's json.dumps writes it) is 786 kB of body: still taken.
      const escaped = `{"value":{"s":"${'\\u00e9'.repeat(131_068)}"}}`;
      assert.equal((await c.putRaw(alice, u, escaped)).statusCode, 204);
      assert.equal(body(await c.get(alice, u)).value.s, accented.s);
      // A body beyond what the operation reads at all is refused before it is read, limits named.
      // (3 × 256 KiB + 64 KiB of slack, or the service's body limit of 1 MiB when larger.)
      const huge = `{"value":{"s":"${'x'.repeat(1_100_000)}"}}`;
      assertError(
        await c.putRaw(alice, u, huge),
        413,
        new RegExp(
          `^request body is ${huge.length} bytes, over the 1048576-byte limit ` +
            'of this operation \\(the value may be at most 262144 bytes as compact JSON\\)$',
        ),
      );
    });

    it('refuses a value that is not a JSON object, and a malformed body, with 400', async () => {
      const u = url('tenant_user', 'c', 'types', 'k');
      assert.equal((await c.put(alice, u, { keep: true })).statusCode, 204);
      for (const value of [[], [{}], 'text', '', 0, 12, true, null]) {
        assertError(await c.put(alice, u, value), 400, /^value: expected an object, not (a list|"text"|""|0|12|true|null)$/);
      }
      assertError(await c.putRaw(alice, u, '{}'), 400, /^value: required$/);
      assertError(await c.putRaw(alice, u, '[{"value":{}}]'), 400, /^body: expected an object, not a list$/);
      assertError(await c.putRaw(alice, u, '{"value":{},"extra":1}'), 400, /^extra: unknown field$/);
      assertError(await c.putRaw(alice, u, '{"value":{'), 400, /^body is not valid JSON/);
      assertError(await c.putRaw(alice, u, ''), 400, /body/);
      assert.deepEqual(body(await c.get(alice, u)).value, { keep: true }, 'refused writes changed nothing');
    });

    // ---- conditional writes --------------------------------------------------------------------

    it('PUT with If-Match writes only over the ETag sent', async () => {
      const u = url('tenant_user', 'c', 'match', 'k');
      const first = String((await c.put(alice, u, { v: 1 })).headers.etag);
      const second = await c.put(alice, u, { v: 2 }, { 'if-match': first });
      assert.equal(second.statusCode, 204);
      const secondTag = String(second.headers.etag);
      assert.notEqual(secondTag, first);
      assertError(
        await c.put(alice, u, { v: 'stale' }, { 'if-match': first }),
        412,
        /^If-Match: the entry does not exist or its ETag is not among those sent$/,
      );
      assertError(await c.put(alice, u, { v: 'weak' }, { 'if-match': `W/${secondTag}` }), 412, /If-Match/);
      assertError(await c.put(alice, u, { v: 'other' }, { 'if-match': '"1", "2"' }), 412, /If-Match/);
      assert.deepEqual(body(await c.get(alice, u)).value, { v: 2 });
      const listed = await c.put(alice, u, { v: 3 }, { 'if-match': `"1", ${secondTag}` });
      assert.equal(listed.statusCode, 204, 'one tag of a list matching is enough');
      assert.equal((await c.put(alice, u, { v: 4 }, { 'if-match': '*' })).statusCode, 204);
      assert.deepEqual(body(await c.get(alice, u)).value, { v: 4 });
      assertError(
        await c.put(alice, u, { v: 5 }, { 'if-match': 'not-quoted' }),
        400,
        /^If-Match: expected \* or a comma-separated list of quoted entity tags/,
      );
    });

    it('PUT with If-Match on a missing entry, even If-Match: *, is 412 and creates nothing', async () => {
      const u = url('tenant_user', 'c', 'match', 'missing');
      assertError(await c.put(alice, u, { v: 1 }, { 'if-match': '*' }), 412, /If-Match/);
      assertError(await c.put(alice, u, { v: 1 }, { 'if-match': '"12345"' }), 412, /If-Match/);
      assert.equal((await c.get(alice, u)).statusCode, 404);
    });

    it('PUT with If-None-Match: * only creates', async () => {
      clock = T0;
      const u = url('tenant_user', 'c', 'create-only', 'k');
      const made = await c.put(alice, u, { v: 1 }, { 'if-none-match': '*' });
      assert.equal(made.statusCode, 204);
      clock = T0 + 1;
      assertError(
        await c.put(alice, u, { v: 2 }, { 'if-none-match': '*' }),
        412,
        /^If-None-Match: an entry already exists under this key$/,
      );
      const got = await c.get(alice, u);
      assert.equal(got.body, entryBody({ v: 1 }, T0, T0));
      assert.equal(got.headers.etag, made.headers.etag);
      assertError(
        await c.put(alice, u, { v: 2 }, { 'if-none-match': String(made.headers.etag) }),
        400,
        /If-None-Match: PUT accepts only \*/,
      );
      assertError(
        await c.put(alice, u, { v: 2 }, { 'if-none-match': '*', 'if-match': String(made.headers.etag) }),
        412,
        /cannot both hold/,
      );
    });

    it('DELETE with If-Match deletes only the version sent', async () => {
      const u = url('tenant_user', 'c', 'delete-match', 'k');
      const old = String((await c.put(alice, u, { v: 1 })).headers.etag);
      const current = String((await c.put(alice, u, { v: 2 })).headers.etag);
      assertError(await c.del(alice, u, { 'if-match': old }), 412, /If-Match/);
      assert.equal((await c.get(alice, u)).statusCode, 200);
      assertError(await c.del(alice, u, { 'if-none-match': '*' }), 400, /If-None-Match: not supported on DELETE/);
      assert.equal((await c.del(alice, u, { 'if-match': current })).statusCode, 204);
      assertError(await c.del(alice, u, { 'if-match': current }), 412, /If-Match/);
      assertError(await c.del(alice, u, { 'if-match': '*' }), 412, /If-Match/);
      // Created again, it does not answer to the ETags of its previous life.
      const reborn = String((await c.put(alice, u, { v: 3 })).headers.etag);
      assert.ok(![old, current].includes(reborn));
      assertError(await c.put(alice, u, { v: 4 }, { 'if-match': current }), 412, /If-Match/);
    });

    // ---- key listing ---------------------------------------------------------------------------

    it('lists the keys of a namespace in byte order, paged by cursor, with their times and ETags', async () => {
      const keys = ['b', 'a', 'a/b', 'A', 'é', '😀', '\uffff', '~', 'a b', 'z'.repeat(200)];
      const etags = new Map<string, string>();
      for (const [i, key] of keys.entries()) {
        clock = T0 + i * 1000;
        etags.set(key, String((await c.put(alice, url('tenant_user', 'lister', 'ns', key), { i })).headers.etag));
      }
      clock = T0 + 60_000;
      etags.set('b', String((await c.put(alice, url('tenant_user', 'lister', 'ns', 'b'), { i: 'again' })).headers.etag));
      // Neighbours that must not show: another namespace, another client, another user, another scope.
      await c.put(alice, url('tenant_user', 'lister', 'ns2', 'other-namespace'), {});
      await c.put(alice, url('tenant_user', 'lister2', 'ns', 'other-client'), {});
      await c.put(bob, url('tenant_user', 'lister', 'ns', 'bobs'), {});
      await c.put(alice, url('user', 'lister', 'ns', 'user-scope'), {});

      const byBytes = [...keys].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
      // UTF-16 order would put U+FFFF after the emoji; byte order puts it before.
      assert.ok(byBytes.indexOf('\uffff') < byBytes.indexOf('😀'));
      const expected = byBytes.map((key) => {
        const i = keys.indexOf(key);
        return [key, iso(T0 + i * 1000), iso(key === 'b' ? T0 + 60_000 : T0 + i * 1000), etags.get(key)];
      });

      const first = body(await c.get(alice, `${url('tenant_user', 'lister', 'ns')}?page_size=3`));
      assert.deepEqual(first.header, ['key', 'created_at', 'updated_at', 'etag']);
      assert.deepEqual(first.rows, expected.slice(0, 3));
      assert.equal(first.total, keys.length);
      assert.equal(first.total_sampling, 1);
      assert.notEqual(first.cursor, '');

      const all = await allPages(h(), `${url('tenant_user', 'lister', 'ns')}?page_size=3`, alice);
      assert.equal(all.pages, 4);
      assert.deepEqual(all.rows, expected);
      const whole = body(await c.get(alice, url('tenant_user', 'lister', 'ns')));
      assert.deepEqual(whole.rows, expected);
      assert.equal(whole.cursor, '');

      // Each row's ETag is the one GET sends.
      for (const [key, , , etag] of expected) {
        assert.equal((await c.get(alice, url('tenant_user', 'lister', 'ns', key as string))).headers.etag, etag);
      }
    });

    it('refuses a cursor that was altered or belongs to another namespace, and lists an empty namespace', async () => {
      for (const key of ['k1', 'k2', 'k3']) {
        await c.put(alice, url('tenant_user', 'cursors', 'one', key), {});
        await c.put(alice, url('tenant_user', 'cursors', 'two', key), {});
      }
      const page = body(await c.get(alice, `${url('tenant_user', 'cursors', 'one')}?page_size=1`));
      assertError(
        await c.get(alice, `${url('tenant_user', 'cursors', 'two')}?page_size=1&cursor=${enc(page.cursor)}`),
        400,
        /cursor belongs to another query/,
      );
      assertError(
        await c.get(bob, `${url('tenant_user', 'cursors', 'one')}?page_size=1&cursor=${enc(page.cursor)}`),
        400,
        /cursor belongs to another query/,
      );
      assertError(
        await c.get(alice, `${url('tenant_user', 'cursors', 'one')}?cursor=${enc(page.cursor.slice(0, -2) + 'xx')}`),
        400,
        /cursor is invalid/,
      );
      assert.deepEqual(body(await c.get(alice, url('tenant_user', 'cursors', 'nothing-here'))), {
        header: ['key', 'created_at', 'updated_at', 'etag'],
        rows: [],
        cursor: '',
        total: 0,
        total_sampling: 1,
      });
    });

    it('lists keys in every scope, and as CSV', async () => {
      clock = T0;
      for (const scope of scopeNames) {
        await c.put(alice, url(scope, 'every', 'ns', 'k1'), {});
        await c.put(alice, url(scope, 'every', 'ns', 'k2'), {});
        const listed = body(await c.get(alice, url(scope, 'every', 'ns')));
        assert.deepEqual(
          listed.rows.map((r: unknown[]) => r[0]),
          ['k1', 'k2'],
          scope,
        );
        assert.equal(listed.total, 2);
      }
      const csv = await c.get(alice, url('tenant', 'every', 'ns'), { accept: 'text/csv' });
      assert.equal(csv.statusCode, 200);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      const lines = csv.body.trim().split('\r\n');
      assert.equal(lines[0], 'key,created_at,updated_at,etag');
      assert.equal(lines.length, 3);
      assert.match(lines[1]!, /^k1,2026-01-01T00:00:00.000Z,2026-01-01T00:00:00.000Z,"""\d+"""$/);
    });

    it('documents every operation in the OpenAPI document', async () => {
      const doc = body(await h().get('/api/v1/openapi.json'));
      const ops: string[] = [];
      for (const [path, item] of Object.entries<Record<string, { operationId: string; responses: Record<string, unknown> }>>(doc.paths)) {
        if (!path.startsWith('/api/v1/client-storage/')) continue;
        for (const [method, op] of Object.entries(item)) {
          ops.push(`${method.toUpperCase()} ${op.operationId}`);
          if (method === 'put')
            assert.deepEqual(
              Object.keys(op.responses).filter((s) => ['204', '412', '413'].includes(s)),
              ['204', '412', '413'],
            );
        }
      }
      assert.deepEqual(ops.sort(), [
        'DELETE DeleteClientStorageTenant',
        'DELETE DeleteClientStorageTenantUser',
        'DELETE DeleteClientStorageTenantWorkspace',
        'DELETE DeleteClientStorageUser',
        'GET GetClientStorageTenant',
        'GET GetClientStorageTenantUser',
        'GET GetClientStorageTenantWorkspace',
        'GET GetClientStorageUser',
        'GET ListTenantClientStorageKeys',
        'GET ListTenantUserClientStorageKeys',
        'GET ListTenantWorkspaceClientStorageKeys',
        'GET ListUserClientStorageKeys',
        'PUT PutClientStorageTenant',
        'PUT PutClientStorageTenantUser',
        'PUT PutClientStorageTenantWorkspace',
        'PUT PutClientStorageUser',
      ]);
    });
  },
  { now: () => clock },
);

describeEngines(
  'client storage limits, configured',
  (h) => {
    const c = client(h);
    let alice: string;
    let bob: string;
    before(async () => {
      alice = await h().token({ tenant: T1, user: 'u1', scopes: ['read', 'storage'] });
      bob = await h().token({ tenant: T1, user: 'u2', scopes: ['read', 'storage'] });
    });

    it('applies a configured name limit', async () => {
      assert.equal((await c.put(alice, url('user', 'c', 'n', '12345678'), {})).statusCode, 204);
      assertError(
        await c.put(alice, url('user', 'c', 'n', '123456789'), {}),
        400,
        /^key must be 1 to 8 bytes of UTF-8 \(the limit\); it is 9 bytes$/,
      );
      assertError(await c.get(alice, url('user', 'c', 'n', '123456789')), 400, /8 bytes/);
      assert.equal((await c.del(alice, url('user', 'c', 'n', '12345678'))).statusCode, 204);
    });

    it('applies a configured value limit', async () => {
      const u = url('tenant', 'c', 'n', 'k');
      assert.equal((await c.put(alice, u, { s: 'x'.repeat(64 - 8) })).statusCode, 204);
      assertError(await c.put(alice, u, { s: 'x'.repeat(64 - 7) }), 413, /^value is 65 bytes as compact JSON, over the limit of 64 bytes$/);
    });

    it('caps the entries of one user in one tenant over the user scopes with 507, and only creates count', async () => {
      const mine = [url('tenant_user', 'c', 'n', 'k1'), url('user', 'c', 'n', 'k2'), url('tenant_user', 'c2', 'n2', 'k3')];
      for (const u of mine) assert.equal((await c.put(alice, u, { v: 1 })).statusCode, 204);
      for (const [u, headers] of [
        [url('tenant_user', 'c', 'n', 'k4'), {}],
        [url('user', 'c', 'n', 'k4'), { 'if-none-match': '*' }],
      ] as const) {
        assertError(
          await c.put(alice, u, { v: 1 }, headers),
          507,
          /^this user already keeps 3 client-storage entries in this tenant, the limit; delete some before creating more$/,
        );
        assert.equal((await c.get(alice, u)).statusCode, 404);
      }
      // Replacing an entry at the cap is fine; shared scopes and other users do not count.
      assert.equal((await c.put(alice, mine[0]!, { v: 2 })).statusCode, 204);
      assert.equal((await c.put(alice, mine[1]!, { v: 2 }, { 'if-match': '*' })).statusCode, 204);
      assert.equal((await c.put(alice, url('tenant', 'c', 'n', 'shared'), { v: 1 })).statusCode, 204);
      assert.equal((await c.put(alice, url('tenant_workspace', 'c', 'n', 'shared'), { v: 1 })).statusCode, 204);
      assert.equal((await c.put(bob, url('tenant_user', 'c', 'n', 'k4'), { v: 1 })).statusCode, 204);
      // Deleting one makes room for one.
      assert.equal((await c.del(alice, mine[2]!)).statusCode, 204);
      assert.equal((await c.put(alice, url('tenant_user', 'c', 'n', 'k4'), { v: 1 })).statusCode, 204);
      assert.equal((await c.put(alice, url('tenant_user', 'c', 'n', 'k5'), { v: 1 })).statusCode, 507);
    });
  },
  { config: { storageNameMaxBytes: 8, storageValueMaxBytes: 64, storageMaxEntriesPerUser: 3 } },
);
