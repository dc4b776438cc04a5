// What client storage IS: the four scopes an entry can live in, where each sits in the URL, and
// whose entry it is. Routes, SQL keys, OpenAPI text and the entry cap all read this table.
//
// The user part of a key always comes from the token, never from the path: no URL can name
// another user. Parts a scope does not have are stored as '' (the table's primary key is
// tenant_id, scope, workspace_id, user_id, client_id, namespace, key).

export type StorageScopeName = 'tenant_user' | 'tenant_workspace' | 'tenant' | 'user';

export interface StorageScope {
  name: StorageScopeName;
  /** Path between `/api/v1/client-storage/` and `:client_id`, with Fastify parameters. */
  path: string;
  /** Whose entries they are, for descriptions: "belong to …" (per user) or "are shared by …". */
  label: string;
  /** Suffix of the operation ids (`GetTenantUserClientStorage`, …). */
  opSuffix: string;
  /** Where the path comes from (API.md marks). */
  source: 'spec' | 'family';
  /** The tenant comes from the path (checked against the token by the auth hook) or, if not, from the token. */
  tenantInPath: boolean;
  /** The workspace comes from the path (checked against the token by the auth hook). */
  workspaceInPath: boolean;
  /** Entries belong to the token's user: counted against the per-user cap and invisible to other users. */
  perUser: boolean;
  /**
   * client_id values this scope refuses because its URL would read as another scope's. Only the
   * tenant scope has one: GET `tenants/{t}/users/{a}/{b}` is the key listing of the tenant+user
   * scope (client a, namespace b), so a tenant-scope entry of client "users" could be written but
   * never read back.
   */
  reservedClientIds: readonly string[];
}

export const storageScopes: readonly StorageScope[] = [
  {
    name: 'tenant_user',
    path: 'tenants/:tenant_id/users',
    label: 'the calling user, within the tenant of the path',
    opSuffix: 'TenantUser',
    source: 'spec',
    tenantInPath: true,
    workspaceInPath: false,
    perUser: true,
    reservedClientIds: [],
  },
  {
    name: 'tenant_workspace',
    path: 'tenants/:tenant_id/workspaces/:workspace_id',
    label: 'every user of the workspace',
    opSuffix: 'TenantWorkspace',
    source: 'family',
    tenantInPath: true,
    workspaceInPath: true,
    perUser: false,
    reservedClientIds: [],
  },
  {
    name: 'tenant',
    path: 'tenants/:tenant_id',
    label: 'every user of the tenant',
    opSuffix: 'Tenant',
    source: 'family',
    tenantInPath: true,
    workspaceInPath: false,
    perUser: false,
    reservedClientIds: ['users'],
  },
  {
    name: 'user',
    path: 'users',
    label: "the calling user (within the token's tenant)",
    opSuffix: 'User',
    source: 'family',
    tenantInPath: false,
    workspaceInPath: false,
    perUser: true,
    reservedClientIds: [],
  },
];

/** Scopes whose entries belong to one user of one tenant (the cap counts them together). */
export const perUserScopeNames: StorageScopeName[] = storageScopes.filter((s) => s.perUser).map((s) => s.name);
