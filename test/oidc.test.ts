// Sign-in to the console through a real OpenID Connect provider (oidc-provider on loopback,
// test/helpers/oidc-provider.ts), driven over HTTP with a cookie jar on both engines: the whole
// redirect flow with PKCE, the session cookie's attributes, roles mapped from groups, CSRF on
// changes, keys made with the session and used by a script, the users list, sign-out, idle
// expiry, and the attacks (wrong issuer, audience, signature, nonce, expiry; replayed code; state
// mismatch; a session used against another tenant), each refused with `{code, message}` and
// recorded in the audit trail.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CompiledQuery } from 'kysely';
import { upsertUser } from '../src/areas/identity/users.ts';
import { param } from '../src/platform/db/database.ts';
import { body, describeEngines, engineNames, type Harness, objects, startHarness } from './helpers/harness.ts';
import { type Account, Jar, loginAtProvider, startProvider, type TestProvider } from './helpers/oidc-provider.ts';

const BASE = 'http://aispm.test';
const CALLBACK = `${BASE}/api/v1/auth/oidc/callback`;

for (const engine of engineNames) {
  describe(`sign-in with OpenID Connect [${engine}]`, () => {
    let h: Harness;
    let idp: TestProvider;
    let admin: string;
    let accounts: Record<string, Account>;

    before(async () => {
      idp = await startProvider({
        redirectUris: [CALLBACK],
        accounts: (accounts = {
          ana: { email: 'ana@example.com', name: 'Ana Admin', groups: ['aispm-admins', 'staff'] },
          bob: { email: 'bob@example.com', name: 'Bob', groups: ['platform'] },
          vic: { email: 'vic@example.com', name: 'Vic', groups: ['auditors'] },
          nob: { email: 'nob@example.com', name: 'Nobody', groups: ['staff'] },
          eve: { email: 'eve@elsewhere.test', name: 'Eve', groups: ['aispm-admins'] },
          kim: { email: 'kim@example.com', name: 'Kim', groups: ['platform'] },
        }),
      });
      h = await startHarness(engine, {
        config: {
          oidcIssuer: idp.issuer,
          oidcClientId: idp.clientId,
          oidcClientSecret: idp.clientSecret,
          oidcRedirectBase: BASE,
          oidcAllowHttp: true,
          oidcTenant: 't1',
          oidcScopes: 'openid email profile groups',
          oidcRoles: 'aispm-admins=admin,platform=editor,auditors=viewer:prod',
          oidcAllowedDomains: 'example.com',
        },
      });
      admin = await h.token({ scopes: ['admin', 'read'] });
      await h.seed('t1', 'prod');
      await h.seed('t2', 'prod');
    });
    after(async () => {
      await h?.close();
      await idp?.close();
    });

    const inject = (method: string, url: string, jar?: Jar, headers: Record<string, string> = {}, payload?: object) =>
      h.app.inject({ method: method as 'GET', url, payload, headers: { ...(jar ? { cookie: jar.header() } : {}), ...headers } });

    /** Starts a sign-in in `jar` and logs in at the provider: the callback URL the provider sends the browser to. */
    async function toCallback(login: string, jar: Jar): Promise<URL> {
      const start = await inject('GET', '/api/v1/auth/oidc/login', jar);
      assert.equal(start.statusCode, 302, start.body);
      jar.take(start.headers['set-cookie']);
      const location = String(start.headers.location);
      const authorize = new URL(location);
      assert.equal(authorize.origin, idp.issuer);
      assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
      assert.equal(authorize.searchParams.get('redirect_uri'), CALLBACK);
      assert.equal(authorize.searchParams.get('client_id'), idp.clientId);
      assert.ok(authorize.searchParams.get('nonce') && authorize.searchParams.get('state'));
      const cb = new URL(await loginAtProvider(location, login));
      assert.equal(cb.origin + cb.pathname, CALLBACK);
      return cb;
    }

    async function callback(cb: URL, jar: Jar) {
      const res = await inject('GET', cb.pathname + cb.search, jar);
      jar.take(res.headers['set-cookie']);
      return res;
    }

    async function signIn(login: string): Promise<{ jar: Jar; csrf: string; userId: string }> {
      const jar = new Jar();
      const res = await callback(await toCallback(login, jar), jar);
      assert.equal(res.statusCode, 302, res.body);
      assert.equal(res.headers.location, '/ui');
      const me = body(await inject('GET', '/api/v1/auth/session', jar));
      return { jar, csrf: me.session.csrf_token, userId: me.session.user_id };
    }

    const auditRows = async (query: string) =>
      objects(body(await h.get(`/api/v1/audit/tenants/t1?${query}&sort=time&page_size=1000`, admin)));

    it('says which sign-in methods the console offers, and no session without a cookie', async () => {
      const res = await inject('GET', '/api/v1/auth/session');
      assert.equal(res.statusCode, 200);
      assert.deepEqual(body(res), { methods: { token: true, oidc: true }, session: null });
    });

    it('signs an admin in through the provider: cookie, session, roles, first sign-in makes the user', async () => {
      const jar = new Jar();
      const res = await callback(await toCallback('ana', jar), jar);
      assert.equal(res.statusCode, 302, res.body);
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
      const session = cookies.find((c) => c.startsWith('aispm_session='))!;
      assert.match(session, /^aispm_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax$/);
      const me = body(await inject('GET', '/api/v1/auth/session', jar));
      assert.match(me.session.user_id, /^usr_[0-9a-f]{16}$/);
      assert.match(me.session.csrf_token, /^[A-Za-z0-9_-]{43}$/);
      assert.deepEqual(
        { ...me.session, user_id: 'x', csrf_token: 'x', expires_at: 'x' },
        {
          user_id: 'x',
          email: 'ana@example.com',
          name: 'Ana Admin',
          tenant_id: 't1',
          roles: ['admin'],
          scopes: ['read', 'storage', 'ingest', 'webhooks', 'views', 'controls', 'admin'],
          workspaces: ['*'],
          expires_at: 'x',
          csrf_token: 'x',
        },
      );
      // The session is a principal like a key: the existing routes admit it by its scopes.
      const ws = await inject('GET', '/api/v1/tenants/t1/workspaces', jar);
      assert.equal(ws.statusCode, 200, ws.body);
      const token = body(await inject('GET', '/api/v1/token', jar));
      assert.equal(token.id, me.session.user_id);
      assert.equal(token.tenant_id, 't1');
      // A second sign-in is the same user.
      const again = await signIn('ana');
      assert.equal(again.userId, me.session.user_id);
      const users = objects(body(await h.get('/api/v1/users/tenants/t1', admin)));
      assert.deepEqual(
        users.map((u) => [u.id, u.email, u.name, u.roles]),
        [[me.session.user_id, 'ana@example.com', 'Ana Admin', ['admin']]],
      );
      assert.ok(Date.parse(users[0]!.last_sign_in_at) >= Date.parse(users[0]!.created_at));
    });

    it('maps groups to roles: editor everywhere, viewer of one workspace; an admin lists them', async () => {
      const bob = await signIn('bob');
      const vic = await signIn('vic');
      const bobMe = body(await inject('GET', '/api/v1/auth/session', bob.jar)).session;
      const vicMe = body(await inject('GET', '/api/v1/auth/session', vic.jar)).session;
      assert.deepEqual(
        [bobMe.roles, bobMe.scopes, bobMe.workspaces],
        [['editor'], ['read', 'storage', 'ingest', 'webhooks', 'views', 'controls'], ['*']],
      );
      assert.deepEqual([vicMe.roles, vicMe.scopes, vicMe.workspaces], [['viewer:prod'], ['read', 'storage'], ['prod']]);
      // Not admins: the users list and the audit trail are refused.
      const refused = await inject('GET', '/api/v1/users/tenants/t1', bob.jar);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(body(refused), { code: 403, message: 'the roles of this session lack the "admin" scope this operation needs' });
      assert.equal((await inject('GET', '/api/v1/aispm-agents/tenants/t1/workspaces/other', vic.jar)).statusCode, 403);
      const ana = await signIn('ana');
      const list = objects(body(await inject('GET', '/api/v1/users/tenants/t1?sort=email', ana.jar)));
      assert.deepEqual(
        list.map((u) => [u.email, u.roles]),
        [
          ['ana@example.com', ['admin']],
          ['bob@example.com', ['editor']],
          ['vic@example.com', ['viewer:prod']],
        ],
      );
    });

    it('refuses people outside the allowed domains, and people whose groups give no role', async () => {
      for (const [login, message] of [
        ['eve', 'this e-mail address may not sign in here (AISPM_OIDC_ALLOWED_DOMAINS)'],
        ['nob', 'none of your groups gives a role here (AISPM_OIDC_ROLES)'],
      ] as const) {
        const jar = new Jar();
        const res = await callback(await toCallback(login, jar), jar);
        assert.equal(res.statusCode, 403);
        assert.deepEqual(body(res), { code: 403, message });
        assert.equal(jar.cookies.has('aispm_session'), false);
        const row = (await auditRows(`action=sign_in&actor=oidc:${login}`)).at(-1)!;
        assert.deepEqual([row.outcome, row.reason, row.target], ['refused', message, 'sessions']);
      }
    });

    it('makes an API key with the session (CSRF token required), which a script then uses', async () => {
      const ana = await signIn('ana');
      const payload = { name: 'from the console', scopes: ['read'], workspaces: ['prod'] };
      const noCsrf = await inject('POST', '/api/v1/api-keys/tenants/t1', ana.jar, {}, payload);
      assert.equal(noCsrf.statusCode, 403);
      assert.equal(body(noCsrf).message.startsWith('missing or wrong X-CSRF-Token header'), true);
      const wrong = await inject('POST', '/api/v1/api-keys/tenants/t1', ana.jar, { 'x-csrf-token': 'x'.repeat(43) }, payload);
      assert.equal(wrong.statusCode, 403);
      const refusedRows = await auditRows(`action=session.refused&actor=${ana.userId}`);
      assert.deepEqual(
        refusedRows.map((r) => [r.outcome, r.target, r.detail]),
        [
          ['refused', '/api/v1/api-keys/tenants/t1', { method: 'POST' }],
          ['refused', '/api/v1/api-keys/tenants/t1', { method: 'POST' }],
        ],
      );
      const made = await inject('POST', '/api/v1/api-keys/tenants/t1', ana.jar, { 'x-csrf-token': ana.csrf }, payload);
      assert.equal(made.statusCode, 201, made.body);
      const key = body(made);
      assert.equal(key.created_by, ana.userId);
      assert.equal(key.user_id, ana.userId);
      const used = await h.get('/api/v1/tenants/t1/workspaces', key.token);
      assert.equal(used.statusCode, 200);
      const created = await auditRows(`action=api_key.created&actor=${ana.userId}`);
      assert.deepEqual(
        created.map((r) => [r.outcome, r.target]),
        [['success', `api_keys/${key.id}`]],
      );
    });

    it('refuses a session cookie used against another tenant, and records it', async () => {
      const ana = await signIn('ana');
      const res = await inject('GET', '/api/v1/tenants/t2/workspaces', ana.jar);
      assert.equal(res.statusCode, 403);
      assert.deepEqual(body(res), { code: 403, message: 'this console session has no access to this tenant' });
      const rows = await auditRows(`action=session.refused&target=tenants/t2`);
      assert.deepEqual(
        rows.map((r) => [r.actor, r.outcome, r.reason]),
        [[ana.userId, 'refused', 'this console session has no access to this tenant']],
      );
    });

    for (const [tamper, reason] of [
      ['issuer', 'unexpected JWT claim value encountered: unexpected JWT "iss" (issuer) claim value'],
      ['audience', 'unexpected JWT claim value encountered: unexpected JWT "aud" (audience) claim value'],
      ['nonce', 'unexpected JWT claim value encountered: unexpected ID Token "nonce" claim value'],
      [
        'expiry',
        'JWT timestamp claim value failed validation: unexpected JWT "exp" (expiration time) claim value, expiration is past current timestamp',
      ],
      ['signature', 'invalid response encountered: JWT signature verification failed'],
    ] as const) {
      it(`refuses an ID token with a wrong ${tamper} and records it`, async () => {
        const jar = new Jar();
        const cb = await toCallback('ana', jar);
        idp.tamper = tamper;
        const res = await callback(cb, jar).finally(() => (idp.tamper = null));
        assert.equal(res.statusCode, 401, res.body);
        const b = body(res);
        assert.deepEqual(Object.keys(b), ['code', 'message']);
        assert.equal(b.message, `sign-in refused: ${reason}`);
        assert.equal(jar.cookies.has('aispm_session'), false);
        const row = (await auditRows('action=sign_in&outcome=refused&actor=anonymous')).at(-1)!;
        assert.equal(row.reason, b.message);
      });
    }

    it('refuses a state mismatch, a replayed callback and a replayed code', async () => {
      // State mismatch: the callback's state is not the one this browser's sign-in started with.
      const jar = new Jar();
      const cb = await toCallback('ana', jar);
      const forged = new URL(cb);
      forged.searchParams.set('state', 'forged-state');
      const mismatch = await callback(forged, jar);
      assert.deepEqual(
        [mismatch.statusCode, body(mismatch)],
        [401, { code: 401, message: 'state mismatch: the callback is not for the sign-in this browser started' }],
      );
      // No sign-in under way (another browser's callback): no state cookie at all.
      const stranger = await inject('GET', cb.pathname + cb.search);
      assert.deepEqual(body(stranger), { code: 401, message: 'no sign-in is under way in this browser (its state cookie is missing)' });

      // A completed callback replayed with its state cookie: the state is spent.
      const jar2 = new Jar();
      const cb2 = await toCallback('ana', jar2);
      const loginCookie = jar2.cookies.get('aispm_login')!;
      assert.equal((await callback(cb2, jar2)).statusCode, 302);
      const replay = new Jar();
      replay.cookies.set('aispm_login', loginCookie);
      const replayed = await callback(cb2, replay);
      assert.deepEqual(body(replayed), { code: 401, message: 'this sign-in was already completed or has expired; sign in again' });

      // The code replayed under a fresh sign-in's state: the provider refuses the spent code.
      const jar3 = new Jar();
      const fresh = await inject('GET', '/api/v1/auth/oidc/login', jar3);
      jar3.take(fresh.headers['set-cookie']);
      const state = new URL(String(fresh.headers.location)).searchParams.get('state')!;
      const reused = new URL(cb2);
      reused.searchParams.set('state', state);
      const res = await callback(reused, jar3);
      assert.equal(res.statusCode, 401);
      assert.match(body(res).message, /^sign-in refused: the provider answered invalid_grant \(/);
      const reasons = (await auditRows('action=sign_in&outcome=refused')).map((r) => r.reason);
      for (const m of [body(mismatch).message, body(stranger).message, body(replayed).message, body(res).message])
        assert.ok(reasons.includes(m), m);
    });

    it('signs out (CSRF token required): the session ends and its cookie is cleared', async () => {
      const ana = await signIn('ana');
      assert.equal((await inject('POST', '/api/v1/auth/signout', ana.jar)).statusCode, 403);
      const out = await inject('POST', '/api/v1/auth/signout', ana.jar, { 'x-csrf-token': ana.csrf });
      assert.equal(out.statusCode, 204);
      assert.match(
        String(([] as string[]).concat(out.headers['set-cookie'] as string[])[0]),
        /^aispm_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/,
      );
      const after = await inject('GET', '/api/v1/tenants/t1/workspaces', ana.jar);
      assert.deepEqual([after.statusCode, body(after)], [401, { code: 401, message: 'the console session has ended; sign in again' }]);
      const rows = await auditRows(`action=sign_out&actor=${ana.userId}`);
      assert.deepEqual(
        rows.map((r) => [r.outcome, r.target]),
        [['success', `users/${ana.userId}`]],
      );
      // A key has no session to end.
      const keyOut = await h.request({ method: 'POST', url: '/api/v1/auth/signout', token: admin });
      assert.equal(keyOut.statusCode, 400);
    });

    it('ends a session idle for longer than the idle timeout', async () => {
      const ana = await signIn('ana');
      // The session's last request 31 minutes ago (the default idle timeout is 30).
      const t = h.db.template('test.session-age', (b) =>
        b
          .updateTable('console_sessions')
          .set({ last_seen_at: param<number>('at') })
          .where('user_id', '=', param('user')),
      );
      await h.db.run(t, { at: Date.now() - 31 * 60_000, user: ana.userId });
      const res = await inject('GET', '/api/v1/tenants/t1/workspaces', ana.jar);
      assert.deepEqual([res.statusCode, body(res)], [401, { code: 401, message: 'the console session has expired; sign in again' }]);
    });

    it("refuses the provider's own error answer", async () => {
      const jar = new Jar();
      const cb = await toCallback('ana', jar);
      const denied = new URL(`${CALLBACK}?error=access_denied&state=${cb.searchParams.get('state')}`);
      const res = await callback(denied, jar);
      assert.deepEqual(
        [res.statusCode, body(res)],
        [401, { code: 401, message: 'the identity provider refused the sign-in: access_denied' }],
      );
      const row = (await auditRows('action=sign_in&outcome=refused')).at(-1)!;
      assert.equal(row.reason, 'the identity provider refused the sign-in: access_denied');
    });

    it('records each sign-in with who and where', async () => {
      const rows = await auditRows('action=sign_in&outcome=success');
      assert.ok(rows.length >= 6);
      for (const r of rows) {
        assert.match(r.actor, /^usr_[0-9a-f]{16}$/);
        assert.equal(r.target, `users/${r.actor}`);
        assert.equal(r.address, '127.0.0.1');
      }
      assert.deepEqual(rows[0]!.detail, { email: 'ana@example.com', roles: ['admin'], first: true });
      assert.equal(rows[1]!.detail.first, false);
    });

    it('takes new roles from the groups at the next sign-in, and records the change', async () => {
      accounts.bob!.groups = ['aispm-admins'];
      const bob = await signIn('bob');
      const me = body(await inject('GET', '/api/v1/auth/session', bob.jar)).session;
      assert.deepEqual([me.roles, me.workspaces], [['admin'], ['*']]);
      const rows = await auditRows(`action=user.roles_changed&actor=${bob.userId}`);
      assert.deepEqual(
        rows.map((r) => [r.target, r.outcome, r.detail]),
        [[`users/${bob.userId}`, 'success', { from: ['editor'], to: ['admin'] }]],
      );
      const users = objects(body(await h.get(`/api/v1/users/tenants/t1?id=${bob.userId}`, admin)));
      assert.deepEqual(
        users.map((u) => u.roles),
        [['admin']],
      );
    });

    it('two first sign-ins of one new person at the same instant make one user, and neither fails', async () => {
      // Both logged in at the provider first, so the two callbacks reach the service together.
      const jars = [new Jar(), new Jar()];
      const urls = await Promise.all(jars.map((jar) => toCallback('kim', jar)));
      const answers = await Promise.all(urls.map((url, i) => callback(url, jars[i]!)));
      assert.deepEqual(
        answers.map((r) => [r.statusCode, r.headers.location]),
        [
          [302, '/ui'],
          [302, '/ui'],
        ],
      );
      const sessions = await Promise.all(jars.map(async (jar) => body(await inject('GET', '/api/v1/auth/session', jar)).session.user_id));
      assert.equal(sessions[0], sessions[1]);
      const users = objects(body(await h.get('/api/v1/users/tenants/t1?email=kim@example.com', admin)));
      assert.deepEqual(
        users.map((u) => [u.id, u.roles]),
        [[sessions[0], ['editor']]],
      );
      const rows = await auditRows(`action=sign_in&actor=${sessions[0]}`);
      assert.deepEqual(rows.map((r) => r.detail.first).sort(), [false, true]);
    });
  });
}

describeEngines('the first sign-in racing another of the same person', (h) => {
  it('waits for the other and signs in to the user it made, never a unique-index error', async () => {
    const db = h().db;
    const who = { tenantId: 't1', issuer: 'https://idp.example', subject: 'sub-1', email: 'a@example.com', name: 'A', roles: ['viewer'] };
    let second: Promise<Awaited<ReturnType<typeof upsertUser>>> | undefined;
    const first = await db.transaction(async (tx) => {
      const made = await upsertUser(db, tx, { ...who, now: 1 });
      // The other sign-in starts while this one's row is not committed: it finds no user and inserts too.
      second = db.transaction((tx2) => upsertUser(db, tx2, { ...who, roles: ['editor'], now: 2 }));
      if (h().engine === 'postgres') {
        // Until it waits on the unique index for this transaction (SQLite: for the one writer).
        const waiting = CompiledQuery.raw(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        for (let i = 0; ; i++) {
          const { rows } = await db.execute<{ n: number }>(waiting);
          if (rows[0]!.n > 0) break;
          if (i > 500) throw new Error('the second sign-in never waited for the first');
          await new Promise((r) => setTimeout(r, 10));
        }
      }
      return made;
    });
    const other = await second!;
    assert.deepEqual(first, { id: first.id, created: true, previousRoles: [] });
    assert.deepEqual(other, { id: first.id, created: false, previousRoles: ['viewer'] });
    const rows = await db.all<{ id: string; roles: unknown; last_sign_in_at: unknown }>(
      db.template('test.users', (b) => b.selectFrom('identity_users').select(['id', 'roles', 'last_sign_in_at'])),
    );
    assert.deepEqual(
      rows.map((r) => [r.id, typeof r.roles === 'string' ? JSON.parse(r.roles) : r.roles, Number(r.last_sign_in_at)]),
      [[first.id, ['editor'], 2]],
    );
  });
});

describeEngines(
  'sign-in without a provider, pasted tokens turned off',
  (h) => {
    it('offers no method the operator turned off, and has no provider routes to use', async () => {
      assert.deepEqual(body(await h().get('/api/v1/auth/session')), { methods: { token: false, oidc: false }, session: null });
      const login = await h().get('/api/v1/auth/oidc/login');
      assert.deepEqual(
        [login.statusCode, body(login)],
        [404, { code: 404, message: 'sign-in with an identity provider is not configured (AISPM_OIDC_ISSUER)' }],
      );
      // Keys still work in the Authorization header, for scripts.
      assert.equal((await h().get('/api/v1/token', await h().token())).statusCode, 200);
      // A cookie that names no session is no session.
      const res = await h().get('/api/v1/token', undefined, { cookie: 'aispm_session=not-a-session' });
      assert.deepEqual([res.statusCode, body(res)], [401, { code: 401, message: 'the console session has ended; sign in again' }]);
    });
  },
  { config: { tokenSignin: false } },
);
