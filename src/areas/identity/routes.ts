// API keys made in the product, and the audit trail, over HTTP. Keys made here are the keys the CLI
// makes (src/platform/auth/tokens.ts): the same table, the same tokens. Any key may make keys no
// wider than itself and see and revoke the keys it made; a key with the `admin` scope manages
// every key of its tenant and reads the tenant's audit trail. Each change is written with its audit
// row in one transaction; a refused attempt writes its audit row alone.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import {
  type ApiKey,
  ALL_WORKSPACES,
  createToken,
  getKey,
  parseDuration,
  revokeKey,
  type Scope,
  scopes,
} from '../../platform/auth/tokens.ts';
import { auditSource } from '../../platform/http/audit-source.ts';
import { principalOf } from '../../platform/http/auth.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { errorResponses, Nullable, PathId, StringEnum } from '../../platform/http/schemas.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { listRoute, tokenListScope } from '../../platform/lists/list-route.ts';
import { tokenScope } from '../../platform/http/token-scope.ts';
import { auditColumns, auditList, keyColumns, keysList, keysScope, readColumns, readsList } from './lists.ts';
import { widerThan } from './widening.ts';

const tags = ['Identity'];
const keysBase = '/api/v1/api-keys/tenants/:tenant_id';

const TenantParams = Type.Object({ tenant_id: PathId('Tenant (organisation) id.') });
const KeyParams = Type.Object({ tenant_id: PathId('Tenant (organisation) id.'), id: PathId('Key id.') });

const Time = (description: string) => Nullable(Type.String({ format: 'date-time', description }));
const KeyRecord = {
  id: Type.String({ description: 'Key id.' }),
  name: Type.String({ description: 'Its label.' }),
  user_id: Type.String({ description: "The user it acts as (the making key's user; client storage belongs to it)." }),
  scopes: Type.Array(StringEnum(scopes), { description: 'What it may do.' }),
  workspaces: Type.Array(Type.String(), { description: 'The workspaces it is granted (empty with all_workspaces).' }),
  all_workspaces: Type.Boolean({ description: 'Whether it reads every workspace of the tenant.' }),
  hint: Type.String({ description: 'Its first and last characters, to recognise it by (not enough to use it).' }),
  created_by: Nullable(Type.String({ description: 'The key that made it; null when the CLI made it.' })),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Time('When a request last used it, or null.'),
  expires_at: Time('When it stops working, or null.'),
  revoked_at: Time('When it was revoked, or null.'),
};
const CreatedKey = Type.Object(
  {
    ...KeyRecord,
    token: Type.String({ description: 'The token (`aispm_…`): shown only in this answer. Send it as `Authorization: Bearer <token>`.' }),
  },
  { description: 'The new key and, this once, its token.' },
);
const CreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, description: 'A label to recognise it by.' }),
    scopes: Type.Array(StringEnum(scopes), {
      minItems: 1,
      maxItems: scopes.length,
      uniqueItems: true,
      description: 'What it may do; each must be a scope of the calling key.',
    }),
    workspaces: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 512 }), {
        minItems: 1,
        maxItems: 1000,
        uniqueItems: true,
        description: 'The workspaces it may use; each must be granted to the calling key. Or `all_workspaces`.',
      }),
    ),
    all_workspaces: Type.Optional(
      Type.Boolean({ description: 'Every workspace of the tenant (only a key with every workspace may ask for it).' }),
    ),
    expires_in: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,6}[smhdw]$',
        description:
          'Lifetime such as 90d, 12h, 30m; never expires when absent (a key that expires may only make keys that expire no later).',
      }),
    ),
  },
  { additionalProperties: false },
);

function record(key: ApiKey) {
  const all = key.workspaces.includes(ALL_WORKSPACES);
  const when = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: key.id,
    name: key.name,
    user_id: key.userId,
    scopes: key.scopes,
    workspaces: all ? [] : key.workspaces,
    all_workspaces: all,
    hint: key.hint,
    created_by: key.createdBy,
    created_at: new Date(key.createdAt).toISOString(),
    last_used_at: when(key.lastUsedAt),
    expires_at: when(key.expiresAt),
    revoked_at: when(key.revokedAt),
  };
}

/**
 * Whether a key manages every key of its tenant: the `admin` scope and every workspace. A key
 * granted some workspaces must not revoke keys of the others, so with `admin` it manages only the
 * keys it made, like any key (and reads the audit rows of its workspaces only).
 */
function isAdmin(key: ApiKey): boolean {
  return key.scopes.includes('admin') && key.workspaces.includes(ALL_WORKSPACES);
}

export function registerIdentity(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  /** Writes a refused attempt's audit row, then throws the error it answers. */
  async function refuse(
    request: FastifyRequest,
    err: ApiError,
    target: string,
    action: 'api_key.created' | 'api_key.revoked',
    detail?: Record<string, unknown>,
  ): Promise<never> {
    const { key } = principalOf(request);
    await ctx.db.transaction((tx) =>
      recordAudit(
        ctx.db,
        tx,
        auditSource(request),
        { tenant: key.tenantId, action, target, outcome: 'refused', reason: err.message, detail },
        ctx.now(),
      ),
    );
    throw err;
  }

  api.post(
    keysBase,
    {
      config: { access: 'any' },
      schema: {
        operationId: 'CreateApiKey',
        summary: 'Make an API key',
        tags,
        description:
          "Makes a key of the tenant acting as the calling key's user, and answers its token once. Any key may make keys " +
          'whose scopes, workspaces and lifetime are no wider than its own; a wider one is refused (403 naming what is wider) ' +
          'and recorded in the audit trail. Give `workspaces` or `all_workspaces`.',
        params: TenantParams,
        body: CreateBody,
        response: { 201: CreatedKey, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const asking = principalOf(request).key;
      const body = request.body;
      if (body.all_workspaces === true && body.workspaces)
        throw badRequest('workspaces: give either workspaces or all_workspaces, not both');
      if (body.all_workspaces !== true && !body.workspaces)
        throw badRequest('workspaces: give the workspaces the key may use, or all_workspaces: true');
      const workspaces = body.all_workspaces === true ? [ALL_WORKSPACES] : body.workspaces!;
      // '*' means every workspace in storage: no workspace may be named so.
      if (body.workspaces?.includes(ALL_WORKSPACES)) throw badRequest('workspaces: "*" is not a workspace id; use all_workspaces: true');
      const now = ctx.now();
      const expiresInMs = body.expires_in === undefined ? null : parseDuration(body.expires_in);
      const wanted = { scopes: body.scopes as Scope[], workspaces, expiresAt: expiresInMs === null ? null : now + expiresInMs };
      const detail = { name: body.name, scopes: wanted.scopes, workspaces, expires_in: body.expires_in ?? null };
      const wider = widerThan(asking, wanted);
      if (wider.length) {
        await refuse(
          request,
          forbidden(`the key asked for is wider than this token: ${wider.join('; ')}`),
          'api_keys',
          'api_key.created',
          detail,
        );
      }
      const { token, key } = await ctx.db.transaction(async (tx) => {
        const made = await createToken(
          ctx.db,
          {
            tenantId: asking.tenantId,
            userId: asking.userId,
            workspaces,
            scopes: wanted.scopes,
            name: body.name,
            expiresInMs,
            now,
            createdBy: asking.id,
          },
          tx,
        );
        await recordAudit(
          ctx.db,
          tx,
          auditSource(request),
          { tenant: asking.tenantId, action: 'api_key.created', target: `api_keys/${made.key.id}`, outcome: 'success', detail },
          now,
        );
        return made;
      });
      return reply.code(201).send({ ...record(key), token });
    },
  );

  listRoute(app, ctx, {
    url: keysBase,
    operationId: 'GetApiKeys',
    summary: 'List the API keys of a tenant',
    tags,
    description:
      'Every key of the tenant for a key with the `admin` scope and every workspace; otherwise the keys the calling key made. Revoked and ' +
      `expired keys too (see revoked_at, expires_at). Never a token or its hash.\n\nColumns:\n\n${columnsTable(keyColumns)}`,
    params: TenantParams,
    list: keysList,
    scope: (params, _query, request) => {
      const { key } = principalOf(request);
      return keysScope(params.tenant_id, isAdmin(key), key.id);
    },
    answers: 'A page of keys.',
    access: 'any',
  });

  api.delete(
    `${keysBase}/:id`,
    {
      config: { access: 'any' },
      schema: {
        operationId: 'RevokeApiKey',
        summary: 'Revoke an API key',
        tags,
        description:
          'Revokes a key: it answers 401 from then on (within AISPM_AUTH_CACHE_MS on other processes). An `admin` key of every workspace may ' +
          'revoke any key of the tenant; another key only the keys it made (404 for the rest, recorded as refused).',
        params: KeyParams,
        response: { 204: Type.Unsafe({ type: 'null', description: 'Revoked.' }), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const asking = principalOf(request).key;
      const { id } = request.params;
      const target = `api_keys/${id.slice(0, 128)}`;
      const key = await getKey(ctx.db, ctx.db, asking.tenantId, id);
      if (!key || (!isAdmin(asking) && key.createdBy !== asking.id)) {
        const err = notFound('no API key with this id among the keys this token may manage');
        if (key) await refuse(request, err, target, 'api_key.revoked');
        throw err;
      }
      const now = ctx.now();
      const revoked = await ctx.db.transaction(async (tx) => {
        if (!(await revokeKey(ctx.db, key.id, now, tx))) return false;
        await recordAudit(
          ctx.db,
          tx,
          auditSource(request),
          { tenant: asking.tenantId, action: 'api_key.revoked', target, outcome: 'success', detail: { name: key.name } },
          now,
        );
        return true;
      });
      if (!revoked) throw new ApiError(409, 'the key is already revoked');
      // This process stops accepting it now; other processes within their token cache bound.
      ctx.tokens.clear();
      return reply.code(204).send();
    },
  );

  listRoute(app, ctx, {
    url: '/api/v1/audit/tenants/:tenant_id',
    operationId: 'GetAuditEvents',
    summary: 'The audit trail of a tenant',
    tags,
    description:
      'Every change and refused attempt recorded for the tenant, newest first: who (key id), when, from where, what and ' +
      'the outcome. A key granted some workspaces reads the rows of those workspaces only (tenant-wide rows, such as ' +
      `keys made and revoked, need every workspace). Needs the \`admin\` scope.\n\nColumns:\n\n${columnsTable(auditColumns)}`,
    params: TenantParams,
    list: auditList,
    // The auth hook held the path's tenant to the token's: the token's scope is that tenant's.
    // A `workspace_id` filter naming a workspace the token is not granted is a 403, as on every route.
    scope: (_params, query, request) =>
      tokenListScope(tokenScope(request, typeof query.workspace_id === 'string' ? query.workspace_id : undefined)),
    answers: 'A page of audit events.',
    access: 'admin',
  });

  listRoute(app, ctx, {
    url: '/api/v1/audit/tenants/:tenant_id/reads',
    operationId: 'GetAuditReads',
    summary: 'The reads of a tenant, per hour, actor and route',
    tags,
    description:
      'How many GET and HEAD requests each key or signed-in user made on each route, per hour, newest hour first: counted in ' +
      'memory and added every few seconds, so the current hour may lag by that much. Tenant-wide: it needs a key of every ' +
      `workspace with the \`admin\` scope (another key reads no rows).\n\nColumns:\n\n${columnsTable(readColumns)}`,
    params: TenantParams,
    list: readsList,
    scope: (_params, _query, request) => tokenListScope(tokenScope(request, undefined)),
    answers: 'A page of read summaries.',
    access: 'admin',
  });
}
