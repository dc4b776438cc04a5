// Signing in to the console through the OpenID Connect provider, signing out, the session's own
// description, and the admin's list of users (docs/IDENTITY.md, "Sign-in"). The login and callback
// are browser navigations, outside the API document. Every refused sign-in answers the usual
// `{code, message}` and writes a `sign_in` row with outcome `refused` and the reason.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { recordAudit, type AuditSource } from '../../platform/audit/audit.ts';
import { accessOf, grantsOf, parseRoleMap, type Role } from '../../platform/auth/roles.ts';
import {
  cookie,
  createSession,
  endSession,
  LOGIN_COOKIE,
  purgeSessions,
  readCookies,
  SESSION_COOKIE,
} from '../../platform/auth/sessions.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import { param } from '../../platform/db/database.ts';
import { ApiError, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { liveSession, principalOf } from '../../platform/http/auth.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { errorResponses, PathId } from '../../platform/http/schemas.ts';
import { listRoute } from '../../platform/lists/list-route.ts';
import { listOf } from '../../settings/signin.ts';
import { OidcClient, refusalReason, type SignedIn } from './oidc-client.ts';
import { userColumns, upsertUser, usersList } from './users.ts';

const tags = ['Identity'];
/** How long a sign-in may take at the provider before its state is no longer accepted. */
const LOGIN_TTL_MS = 10 * 60_000;
const LOGIN_PATH = '/api/v1/auth/oidc';

function source(request: FastifyRequest, actor: string): AuditSource {
  const agent = request.headers['user-agent'];
  return { actor, address: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null };
}

export function registerSignIn(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = ctx;
  const oidc = new OidcClient(config);
  const roleMap = parseRoleMap(config.oidcRoles);
  const domains = listOf(config.oidcAllowedDomains).map((d) => d.toLowerCase());
  const allowedGroups = new Set(listOf(config.oidcAllowedGroups));
  const tenant = config.oidcTenant;

  /** Records a refused sign-in in the provider's tenant, then throws the error it answers. */
  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    err: ApiError,
    actor = 'anonymous',
    detail?: Record<string, unknown>,
  ): Promise<never> {
    reply.header('set-cookie', cookie(LOGIN_COOKIE, '', { secure: oidc.secure, path: LOGIN_PATH, maxAgeSeconds: 0 }));
    await ctx.db.transaction((tx) =>
      recordAudit(
        ctx.db,
        tx,
        source(request, actor),
        { tenant, action: 'sign_in', target: 'sessions', outcome: 'refused', reason: err.message, detail },
        ctx.now(),
      ),
    );
    throw err;
  }

  api.get(
    '/api/v1/auth/session',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'GetConsoleSession',
        summary: 'How to sign in to the console, and the current session',
        tags,
        description:
          'Which sign-in methods the console offers (`token`: a pasted API token, unless AISPM_TOKEN_SIGNIN is off; `oidc`: ' +
          'the identity provider, when configured) and, with a session cookie, the session: its user, tenant, roles, scopes, ' +
          'workspaces, expiry and the CSRF token to send as `X-CSRF-Token` on every request that changes something.',
        response: {
          200: Type.Object(
            {
              methods: Type.Object({ token: Type.Boolean(), oidc: Type.Boolean() }),
              session: Type.Union([
                Type.Null(),
                Type.Object({
                  user_id: Type.String(),
                  email: Type.Union([Type.String(), Type.Null()]),
                  name: Type.Union([Type.String(), Type.Null()]),
                  tenant_id: Type.String(),
                  roles: Type.Array(Type.String()),
                  scopes: Type.Array(Type.String()),
                  workspaces: Type.Array(Type.String()),
                  expires_at: Type.String({ format: 'date-time' }),
                  csrf_token: Type.String(),
                }),
              ]),
            },
            { description: 'The sign-in methods, and the session of the cookie (null without one).' },
          ),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const methods = { token: config.tokenSignin, oidc: oidc.enabled };
      const s = await liveSession(ctx.db, request.headers.cookie, ctx.now(), config.sessionIdleSeconds * 1000);
      if (typeof s === 'string') return { methods, session: null };
      const t = ctx.db.template('users.get', (b) =>
        b
          .selectFrom('identity_users')
          .select(['email', 'name', 'roles'])
          .where('tenant_id', '=', param('tenant'))
          .where('id', '=', param('id')),
      );
      const u = await ctx.db.first(t, { tenant: s.tenantId, id: s.userId });
      return {
        methods,
        session: {
          user_id: s.userId,
          email: u?.email ?? null,
          name: u?.name ?? null,
          tenant_id: s.tenantId,
          roles: u ? (typeof u.roles === 'string' ? (JSON.parse(u.roles) as string[]) : (u.roles as string[])) : [],
          scopes: s.scopes,
          workspaces: s.workspaces,
          expires_at: new Date(s.expiresAt).toISOString(),
          csrf_token: s.csrf,
        },
      };
    },
  );

  app.get(`${LOGIN_PATH}/login`, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    if (!oidc.enabled) throw notFound('sign-in with an identity provider is not configured (AISPM_OIDC_ISSUER)');
    let started: Awaited<ReturnType<OidcClient['start']>>;
    try {
      started = await oidc.start();
    } catch (err) {
      app.log.warn({ err }, 'OpenID Connect discovery failed');
      throw new ApiError(502, `the identity provider could not be reached: ${(err as Error).message}`);
    }
    const now = ctx.now();
    const clean = ctx.db.template('oidc.purge', (b) => b.deleteFrom('oidc_logins').where('created_at', '<', param<number>('before')));
    await ctx.db.runUncounted(clean, { before: now - LOGIN_TTL_MS });
    const insert = ctx.db.template('oidc.insert', (b) =>
      b
        .insertInto('oidc_logins')
        .values({ state_hash: param('hash'), verifier: param('verifier'), nonce: param('nonce'), created_at: param<number>('now') }),
    );
    await ctx.db.runUncounted(insert, {
      hash: hashToken(started.checks.state),
      verifier: started.checks.verifier,
      nonce: started.checks.nonce,
      now,
    });
    // The state also goes in a cookie of this browser: a callback carrying another browser's state is refused.
    reply.header(
      'set-cookie',
      cookie(LOGIN_COOKIE, started.checks.state, { secure: oidc.secure, path: LOGIN_PATH, maxAgeSeconds: LOGIN_TTL_MS / 1000 }),
    );
    return reply.redirect(started.url, 302);
  });

  // The provider adds parameters of its own (iss, session_state, …): the query is not held to a schema.
  app.get(`${LOGIN_PATH}/callback`, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!oidc.enabled) throw notFound('sign-in with an identity provider is not configured (AISPM_OIDC_ISSUER)');
    const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1 || request.url.length));
    const error = query.get('error');
    if (error) await refuse(request, reply, unauthorized(`the identity provider refused the sign-in: ${error.slice(0, 100)}`));
    const state = query.get('state') ?? '';
    const expected = readCookies(request.headers.cookie).get(LOGIN_COOKIE);
    if (!expected) await refuse(request, reply, unauthorized('no sign-in is under way in this browser (its state cookie is missing)'));
    if (state !== expected)
      await refuse(request, reply, unauthorized('state mismatch: the callback is not for the sign-in this browser started'));
    const hash = hashToken(state);
    const get = ctx.db.template('oidc.get', (b) =>
      b.selectFrom('oidc_logins').select(['verifier', 'nonce', 'created_at']).where('state_hash', '=', param('hash')),
    );
    const del = ctx.db.template('oidc.delete', (b) => b.deleteFrom('oidc_logins').where('state_hash', '=', param('hash')));
    const login = await ctx.db.first(get, { hash });
    // Deleted before the exchange: a state answers one callback, however that callback ends.
    const consumed = login ? (await ctx.db.runUncounted(del, { hash })) > 0 : false;
    const now = ctx.now();
    if (!login || !consumed || now - Number(login.created_at) > LOGIN_TTL_MS)
      await refuse(request, reply, unauthorized('this sign-in was already completed or has expired; sign in again'));
    let who: SignedIn;
    try {
      who = await oidc.finish(query, { state, nonce: login!.nonce, verifier: login!.verifier });
    } catch (err) {
      app.log.info({ err }, 'sign-in refused');
      return refuse(request, reply, unauthorized(`sign-in refused: ${refusalReason(err)}`));
    }
    const actor = `oidc:${who.subject.slice(0, 200)}`;
    const detail = { email: who.email, groups: who.groups.slice(0, 50) };
    if (domains.length) {
      const domain = who.email?.slice(who.email.lastIndexOf('@') + 1) ?? '';
      if (!who.email || who.emailVerified === false || !domains.includes(domain))
        await refuse(request, reply, forbidden('this e-mail address may not sign in here (AISPM_OIDC_ALLOWED_DOMAINS)'), actor, detail);
    }
    if (allowedGroups.size && !who.groups.some((g) => allowedGroups.has(g)))
      await refuse(request, reply, forbidden('none of your groups may sign in here (AISPM_OIDC_ALLOWED_GROUPS)'), actor, detail);
    const grants = grantsOf(who.groups, roleMap, config.oidcDefaultRole as Role | '');
    if (!grants.length) await refuse(request, reply, forbidden('none of your groups gives a role here (AISPM_OIDC_ROLES)'), actor, detail);
    const roles = grants.map((g) => (g.workspace === null ? g.role : `${g.role}:${g.workspace}`));
    const access = accessOf(grants);
    const session = await ctx.db.transaction(async (tx) => {
      const user = await upsertUser(ctx.db, tx, {
        tenantId: tenant,
        issuer: who.issuer,
        subject: who.subject,
        email: who.email,
        name: who.name,
        roles,
        now,
      });
      const s = await createSession(ctx.db, tx, {
        tenantId: tenant,
        userId: user.id,
        ...access,
        now,
        maxMs: config.sessionMaxSeconds * 1000,
      });
      await recordAudit(
        ctx.db,
        tx,
        source(request, user.id),
        {
          tenant,
          action: 'sign_in',
          target: `users/${user.id}`,
          outcome: 'success',
          detail: { email: who.email, roles, first: user.created },
        },
        now,
      );
      // Roles follow the provider's groups: a change shows at the sign-in that brings it.
      const before = [...user.previousRoles].sort();
      if (!user.created && JSON.stringify(before) !== JSON.stringify([...roles].sort()))
        await recordAudit(
          ctx.db,
          tx,
          source(request, user.id),
          { tenant, action: 'user.roles_changed', target: `users/${user.id}`, outcome: 'success', detail: { from: before, to: roles } },
          now,
        );
      return s;
    });
    // Ended sessions are deleted when next presented; the others, past their expiry, here.
    await purgeSessions(ctx.db, now);
    reply.header('set-cookie', [
      cookie(SESSION_COOKIE, session.id, { secure: oidc.secure, path: '/', maxAgeSeconds: config.sessionMaxSeconds }),
      cookie(LOGIN_COOKIE, '', { secure: oidc.secure, path: LOGIN_PATH, maxAgeSeconds: 0 }),
    ]);
    return reply.redirect('/ui', 302);
  });

  api.post(
    '/api/v1/auth/signout',
    {
      config: { access: 'any' },
      schema: {
        operationId: 'SignOut',
        summary: 'End the console session',
        tags,
        description:
          'Ends the session of the cookie (with its CSRF token in `X-CSRF-Token`); the cookie is cleared. A key has no session: 400.',
        response: { 204: Type.Unsafe({ type: 'null', description: 'Signed out.' }), ...errorResponses() },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      if (!p.session) throw new ApiError(400, 'this request has no console session to end (it was made with an API key)');
      const s = p.session;
      await ctx.db.transaction(async (tx) => {
        await endSession(ctx.db, tx, s.idHash);
        await recordAudit(
          ctx.db,
          tx,
          source(request, s.userId),
          { tenant: s.tenantId, action: 'sign_out', target: `users/${s.userId}`, outcome: 'success' },
          ctx.now(),
        );
      });
      reply.header('set-cookie', cookie(SESSION_COOKIE, '', { secure: oidc.secure, path: '/', maxAgeSeconds: 0 }));
      return reply.code(204).send();
    },
  );

  listRoute(app, ctx, {
    url: '/api/v1/users/tenants/:tenant_id',
    operationId: 'GetUsers',
    summary: 'The people who signed in to a tenant',
    tags,
    description:
      'Every user made by a sign-in through the identity provider, with the roles their groups gave at their last sign-in ' +
      `and when that was. Needs the \`admin\` scope.\n\nColumns:\n\n${columnsTable(userColumns)}`,
    params: Type.Object({ tenant_id: PathId('Tenant (organisation) id.') }),
    list: usersList,
    scope: (params) => ({ args: { tenant: params.tenant_id }, key: 'tenant', fingerprint: [params.tenant_id] }),
    answers: 'A page of users.',
    access: 'admin',
  });
}
