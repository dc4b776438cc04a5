// Who may call and what they did: keys, users, console sessions, sign-ins, the audit trail, workspaces and the service's own settings and migrations.
// Conventions of every table: see ../schema.ts.

import type { Json } from './json.ts';

export interface ApiKeysTable {
  id: string;
  tenant_id: string;
  user_id: string;
  name: string;
  /** JSON array of workspace ids, or ["*"] for every workspace of the tenant. */
  workspaces: Json;
  /** JSON array of scopes: read, ingest, storage, metrics. */
  scopes: Json;
  secret_hash: string;
  hint: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  /** The key that made this one over HTTP; null for keys made by the CLI. */
  created_by: string | null;
  /** When a request last used it (written at most once a minute per key). */
  last_used_at: number | null;
}

/** One change or refused attempt (docs/IDENTITY.md); never a secret or a stored value. */
/** Reads per tenant, hour, actor and route pattern (src/platform/audit/reads.ts). */
export interface AuditReadsTable {
  tenant_id: string;
  /** The hour's start, epoch milliseconds. */
  hour: number;
  actor: string;
  route: string;
  requests: number;
}

export interface AuditEventsTable {
  tenant_id: string;
  id: string;
  /** The workspace of the change; null for tenant-wide changes (keys). */
  workspace_id: string | null;
  at: number;
  /** The key id that acted. */
  actor: string;
  action: string;
  target: string;
  outcome: string;
  reason: string | null;
  address: string | null;
  user_agent: string | null;
  detail: Json | null;
}

/** A person of a tenant who signed in through the OpenID Connect provider (migration 115). */
export interface IdentityUsersTable {
  tenant_id: string;
  id: string;
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  /** [{role, workspace}] granted at the last sign-in; workspace null: every workspace. */
  roles: Json;
  created_at: number;
  last_sign_in_at: number;
}

/** A signed-in console (its cookie's SHA-256 only). */
export interface ConsoleSessionsTable {
  id_hash: string;
  tenant_id: string;
  user_id: string;
  csrf: string;
  scopes: Json;
  workspaces: Json;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

/** A sign-in under way: what its callback must match. */
export interface OidcLoginsTable {
  state_hash: string;
  verifier: string;
  nonce: string;
  created_at: number;
}

export interface WorkspacesTable {
  tenant_id: string;
  workspace_id: string;
  first_ingest_at: number;
  last_ingest_at: number;
}

export interface ServiceSettingsTable {
  key: string;
  value: string;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: number;
}
