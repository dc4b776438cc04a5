// Client storage over HTTP: for every scope of the catalogue, GET / PUT / DELETE of one entry and
// GET of the keys of a namespace. One generic handler per operation; nothing here names a scope.
//
// GET of an entry is the hot path (issue 7 holds it to a fraction of a bare node:http server): one
// prepared primary-key lookup, and a reply assembled around the value's stored JSON text, which is
// never parsed or re-serialised. A PUT or DELETE that changes an entry writes its audit row in
// the same transaction: the entry's names and the value's size, never the value.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { storageScopes, type StorageScope } from '../../catalog/storage-scopes.ts';
import type { Config } from '../../config.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../platform/json-depth.ts';
import { rfc3339 } from '../../platform/values.ts';
import { deleteEntry, type EntryKey, getEntry, namespaceKeys, type NamespaceKey, putEntry, type WriteCondition } from './store.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { auditSource } from '../../platform/http/audit-source.ts';
import { principalOf } from '../../platform/http/auth.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { Executor } from '../../platform/db/database.ts';
import { ApiError, badRequest, notFound } from '../../platform/errors.ts';
import { listRoute } from '../../platform/lists/list-route.ts';
import { etagOf, ifMatchVersions, ifNoneMatchAny, noneMatchHits } from '../../platform/http/preconditions.ts';
import { errorResponses, PathId } from '../../platform/http/schemas.ts';

const ROOT = '/api/v1/client-storage';
const tags = ['Client storage'];

/** The path of every scope: tenant and workspace where the scope has them, the key on entries. */
const StoragePath = Type.Object({
  tenant_id: Type.Optional(Type.String()),
  workspace_id: Type.Optional(Type.String()),
  client_id: Type.String(),
  namespace: Type.String(),
  key: Type.Optional(Type.String()),
});
type StoragePath = Type.Static<typeof StoragePath>;

// ---- names and values ------------------------------------------------------------------------

function checkName(field: string, value: string, maxBytes: number): void {
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes < 1 || bytes > maxBytes) {
    throw badRequest(`${field} must be 1 to ${maxBytes} bytes of UTF-8 (the limit); it is ${bytes} bytes`);
  }
  // PostgreSQL text cannot hold U+0000; refused on both engines so they behave alike.
  if (value.includes('\0')) throw badRequest(`${field} must not contain the NUL character (%00)`);
}

/** The namespace a request addresses: tenant and workspace from the path, the user from the token. */
function namespaceOf(scope: StorageScope, p: StoragePath, request: FastifyRequest, config: Config): NamespaceKey {
  checkName('client_id', p.client_id!, config.storageNameMaxBytes);
  checkName('namespace', p.namespace!, config.storageNameMaxBytes);
  if (scope.reservedClientIds.includes(p.client_id!)) {
    throw badRequest(
      `client_id "${p.client_id}" is reserved in the tenant scope: client-storage/tenants/{tenant_id}/${p.client_id}/… ` +
        'addresses the tenant + user scope',
    );
  }
  const principal = principalOf(request);
  return {
    // The auth hook has already checked a tenant or workspace in the path against the token.
    tenant: scope.tenantInPath ? p.tenant_id! : principal.key.tenantId,
    scope: scope.name,
    workspace: scope.workspaceInPath ? p.workspace_id! : '',
    user: scope.perUser ? principal.key.userId : '',
    client: p.client_id!,
    namespace: p.namespace!,
  };
}

function entryOf(scope: StorageScope, p: StoragePath, request: FastifyRequest, config: Config): EntryKey {
  const ns = namespaceOf(scope, p, request, config);
  const key = p.key!;
  checkName('key', key, config.storageNameMaxBytes);
  return { ...ns, key };
}

/**
 * The largest PUT body read at all. The value limit is on the value's compact JSON, and a client
 * may send the same value with whitespace or \u escapes (Python's json.dumps writes 6 bytes for
 * each non-ASCII character, up to 3 times the UTF-8 size), so the body may be larger than the value.
 */
export function putBodyLimit(config: Config): number {
  return Math.max(config.bodyLimit, 3 * config.storageValueMaxBytes + 64 * 1024);
}

/**
 * The audit row of a write or delete of entry `k`, in the write's transaction: its scope and names
 * (target `client_storage/{scope}/{client}/{namespace}/{key}`, each part percent-encoded), and for
 * a write the value's size; a workspace's entry is a change of that workspace, the others tenant-wide.
 */
function auditEntry(ctx: AppContext, request: FastifyRequest, k: EntryKey, action: 'storage.written' | 'storage.deleted', bytes?: number) {
  const enc = encodeURIComponent;
  return (tx: Executor) =>
    recordAudit(
      ctx.db,
      tx,
      auditSource(request),
      {
        tenant: k.tenant,
        ...(k.workspace ? { workspace: k.workspace } : {}),
        action,
        target: `client_storage/${k.scope}/${enc(k.client)}/${enc(k.namespace)}/${enc(k.key)}`,
        outcome: 'success',
        detail: { scope: k.scope, ...(bytes === undefined ? {} : { bytes }) },
      },
      ctx.now(),
    );
}

// ---- schemas ---------------------------------------------------------------------------------

const NameParam = (what: string, maxBytes: number) =>
  Type.String({
    description: `${what}: 1 to ${maxBytes} bytes of UTF-8, any character but NUL, percent-encoded in the URL (\`/\` as \`%2F\`).`,
  });

function paramsSchema(scope: StorageScope, config: Config, withKey: boolean): typeof StoragePath {
  const max = config.storageNameMaxBytes;
  // The scope's own path, typed as the path every scope shares (its members a subset of it).
  return Type.Object({
    ...(scope.tenantInPath ? { tenant_id: PathId('Tenant (organisation) id.') } : {}),
    ...(scope.workspaceInPath ? { workspace_id: PathId('Workspace id within the tenant.') } : {}),
    client_id: NameParam('Client application id', max),
    namespace: NameParam('Namespace within the client', max),
    ...(withKey ? { key: NameParam('Key within the namespace', max) } : {}),
  }) as unknown as typeof StoragePath;
}

const ObjectValue = (description: string) => Type.Object({}, { additionalProperties: true, description });

const Entry = Type.Object(
  {
    created_at: Type.String({ format: 'date-time', description: 'When the entry was first written (RFC 3339, UTC).' }),
    updated_at: Type.String({ format: 'date-time', description: 'When the entry was last written (RFC 3339, UTC).' }),
    value: ObjectValue('The stored JSON object, exactly as written (members in the order sent).'),
  },
  { description: 'The entry.' },
);

const EtagHeader = {
  etag: { type: 'string', description: 'Strong entity tag of the entry\'s current version, e.g. "1234567"; changes on every write.' },
};

const noContent = (description: string, headers?: Record<string, unknown>) =>
  Type.Unsafe({ type: 'null', description, ...(headers ? { headers } : {}) });

const ConditionHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({ description: "Write only if the entry's ETag is one of these (or `*`: if it exists); else 412." }),
  ),
  'if-none-match': Type.Optional(Type.String({ description: 'PUT only: `*` creates the entry only if it does not exist; else 412.' })),
});

const PutBody = Type.Object(
  {
    value: ObjectValue('A JSON object (not an array, string, number or null).'),
  },
  { additionalProperties: false },
);

const Insufficient = { 507: Type.Ref('Error', { description: 'The user already keeps as many entries as allowed in this tenant.' }) };

// ---- handlers --------------------------------------------------------------------------------

function registerScope(app: FastifyInstance, ctx: AppContext, scope: StorageScope): void {
  const { config } = ctx;
  const base = `${ROOT}/${scope.path}/:client_id/:namespace`;
  const entryPath = `${base}/:key`;
  const entryParams = paramsSchema(scope, config, true);
  const who = `Entries of this scope ${scope.perUser ? 'belong to' : 'are shared by'} ${scope.label}.`;
  const limits = `client_id, namespace and key are each 1 to ${config.storageNameMaxBytes} bytes of UTF-8 (400 beyond).`;
  const reserved = scope.reservedClientIds.length
    ? ` The client_id ${scope.reservedClientIds.map((c) => `"${c}"`).join(', ')} is reserved here (400): its URL reads as the tenant + user scope.`
    : '';

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    entryPath,
    {
      config: { access: 'read', cache: 'user', anyWorkspace: true },
      schema: {
        operationId: `GetClientStorage${scope.opSuffix}`,
        summary: `Get a client-storage entry (${scope.name.replace('_', ' + ')})`,
        tags,
        description:
          `The entry under client_id / namespace / key, with its ETag. ${who} ${limits}${reserved} ` +
          'A matching If-None-Match answers 304.',
        params: entryParams,
        response: {
          200: { ...Entry, headers: EtagHeader },
          304: noContent('The entry still has the ETag sent in If-None-Match.', EtagHeader),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const k = entryOf(scope, request.params, request, config);
      const row = await getEntry(ctx.db, k);
      if (!row) throw notFound('no client-storage entry under this client_id, namespace and key');
      const etag = etagOf(row.version);
      reply.header('etag', etag);
      if (noneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
      // The value is the JSON text the service itself wrote: splice it in rather than parse it.
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"created_at":"${rfc3339(row.created_at)}","updated_at":"${rfc3339(row.updated_at)}","value":${row.value}}`);
    },
  );

  api.put(
    entryPath,
    {
      config: { access: 'storage' },
      bodyLimit: putBodyLimit(config),
      preParsing: async (request) => refuseOversizedBody(request, config),
      schema: {
        operationId: `PutClientStorage${scope.opSuffix}`,
        summary: `Create or replace a client-storage entry (${scope.name.replace('_', ' + ')})`,
        tags,
        description:
          `Stores \`value\` under client_id / namespace / key: creates the entry or replaces its value (created_at stays, ` +
          `updated_at moves) and answers 204 with the new ETag. ${who} ${limits}${reserved} The value is a JSON object of at most ` +
          `${config.storageValueMaxBytes} bytes as compact JSON (413 beyond; 400 for anything but an object). ` +
          'Without If-Match / If-None-Match the last write wins; If-Match writes only over the ETag(s) sent, If-None-Match: * only ' +
          'creates (412 otherwise).' +
          (scope.perUser && config.storageMaxEntriesPerUser > 0
            ? ` A user keeps at most ${config.storageMaxEntriesPerUser} entries per tenant over the tenant + user and user scopes (507 beyond).`
            : ''),
        params: entryParams,
        headers: ConditionHeaders,
        body: PutBody,
        response: {
          204: noContent('Stored.', EtagHeader),
          ...errorResponses(412, 413, 415),
          ...(scope.perUser ? Insufficient : {}),
        },
      },
    },
    async (request, reply) => {
      const k = entryOf(scope, request.params, request, config);
      const { value } = request.body;
      // Refused before it is serialised: JSON.stringify overflows the stack a few thousand levels down.
      if (nestedDeeperThan(value, MAX_JSON_DEPTH)) throw badRequest(`value is nested more than ${MAX_JSON_DEPTH} levels deep`);
      const text = JSON.stringify(value);
      const bytes = Buffer.byteLength(text, 'utf8');
      if (bytes > config.storageValueMaxBytes) {
        throw new ApiError(413, `value is ${bytes} bytes as compact JSON, over the limit of ${config.storageValueMaxBytes} bytes`);
      }
      const condition = writeCondition(request);
      if (!condition) throw new ApiError(412, 'If-Match and If-None-Match: * cannot both hold: the entry cannot both exist and not exist');
      const outcome = await putEntry(
        ctx.db,
        k,
        { value: text, now: ctx.now(), condition, cap: config.storageMaxEntriesPerUser },
        auditEntry(ctx, request, k, 'storage.written', bytes),
      );
      if (outcome.status === 'precondition_failed') throw preconditionFailed(condition);
      if (outcome.status === 'full') {
        throw new ApiError(
          507,
          `this user already keeps ${config.storageMaxEntriesPerUser} client-storage entries in this tenant, ` +
            'the limit; delete some before creating more',
        );
      }
      return reply.header('etag', etagOf(outcome.version)).code(204).send();
    },
  );

  api.delete(
    entryPath,
    {
      config: { access: 'storage' },
      schema: {
        operationId: `DeleteClientStorage${scope.opSuffix}`,
        summary: `Delete a client-storage entry (${scope.name.replace('_', ' + ')})`,
        tags,
        description:
          `Deletes the entry under client_id / namespace / key: 204, or 404 when there was none. ${who} ${limits}${reserved} ` +
          'With If-Match, deletes only an entry whose ETag is one of those sent (412 otherwise, also when there is no entry).',
        params: entryParams,
        headers: ConditionHeaders,
        response: { 204: noContent('Deleted.'), ...errorResponses(404, 412) },
      },
    },
    async (request, reply) => {
      const k = entryOf(scope, request.params, request, config);
      if (request.headers['if-none-match'] !== undefined) throw badRequest('If-None-Match: not supported on DELETE; use If-Match');
      const versions = ifMatchVersions(request.headers['if-match']);
      const outcome = await deleteEntry(ctx.db, k, versions, auditEntry(ctx, request, k, 'storage.deleted'));
      if (outcome === 'absent') throw notFound('no client-storage entry under this client_id, namespace and key');
      if (outcome === 'precondition_failed') throw preconditionFailed({ kind: 'match', versions: versions! });
      return reply.code(204).send();
    },
  );

  listRoute(app, ctx, {
    url: base,
    operationId: `List${scope.opSuffix}ClientStorageKeys`,
    summary: `List the keys of a client-storage namespace (${scope.name.replace('_', ' + ')})`,
    tags,
    description:
      `The keys stored under client_id / namespace, in byte order of their UTF-8, with their times and ETags; keyset ` +
      `paged (\`page_size\` default ${namespaceKeys.pageSize}, \`cursor\`). Columns: ${namespaceKeys.columns.map((c) => c.name).join(', ')}. ${who} ${limits}${reserved} ` +
      'Accept: text/csv answers the same rows as CSV.',
    params: paramsSchema(scope, config, false),
    list: namespaceKeys,
    scope: (params, _query, request) => {
      const ns = namespaceOf(scope, params, request, config);
      return { args: { ...ns }, key: '', fingerprint: [ns.tenant, ns.scope, ns.workspace, ns.user, ns.client, ns.namespace] };
    },
    answers: 'A page of keys.',
    anyWorkspace: true,
  });
}

/** The PUT's precondition, or null when If-Match and If-None-Match: * are both sent (never both true). */
function writeCondition(request: FastifyRequest): WriteCondition | null {
  const versions = ifMatchVersions(request.headers['if-match']);
  const absent = ifNoneMatchAny(request.headers['if-none-match'], 'PUT');
  if (versions !== undefined && absent) return null;
  if (versions !== undefined) return { kind: 'match', versions };
  return absent ? { kind: 'absent' } : { kind: 'none' };
}

function preconditionFailed(condition: WriteCondition): ApiError {
  return new ApiError(
    412,
    condition.kind === 'absent'
      ? 'If-None-Match: an entry already exists under this key'
      : 'If-Match: the entry does not exist or its ETag is not among those sent',
  );
}

/** A body announced larger than the route reads is refused with the limits named, before it is read. */
async function refuseOversizedBody(request: FastifyRequest, config: Config): Promise<void> {
  const announced = Number(request.headers['content-length']);
  const limit = putBodyLimit(config);
  if (announced > limit) {
    throw new ApiError(
      413,
      `request body is ${announced} bytes, over the ${limit}-byte limit of this operation ` +
        `(the value may be at most ${config.storageValueMaxBytes} bytes as compact JSON)`,
    );
  }
}

/**
 * Values are opaque: parse them with plain JSON.parse, so that objects with members named
 * `__proto__` or `constructor` (which Fastify's default parser refuses) are stored like any
 * other. Nothing here merges a value into an object, so such members are inert.
 */
function useOpaqueJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      // The engine's message quotes the body; say only where it broke.
      const at = /position (\d+)/.exec((err as Error).message);
      done(badRequest(`body is not valid JSON${at ? ` (at character ${at[1]})` : ''}`), undefined);
    }
  });
}

export function registerClientStorage(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scoped) => {
    useOpaqueJsonParser(scoped);
    for (const scope of storageScopes) registerScope(scoped, ctx, scope);
  });
}
