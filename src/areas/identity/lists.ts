// The identity lists: the API keys of a tenant (all of them for an `admin` key of every workspace,
// otherwise the keys the asking key made), and the tenant's audit trail (the rows of the asking
// key's workspaces). Never a secret, its hash, or a stored value.

import type { ColumnDef } from '../../catalog/types.ts';
import { column, storedAs } from '../../catalog/columns.ts';
import type { ScopeShape } from '../../platform/db/workspace-scope.ts';
import { defineList, fieldSql, type ListScope } from '../../platform/lists/list-spec.ts';
import { rowValues } from '../../platform/lists/row-values.ts';
import { keysListed } from '../../platform/auth/tokens.ts';
import { auditEventsListed } from '../../platform/audit/audit.ts';
import { readsListed } from '../../platform/audit/reads.ts';

export const keyColumns: ColumnDef[] = [
  column('id', 'string', 'Key id.', true),
  column('name', 'string', 'Its label.', true),
  column('scopes', 'strings', 'What it may do: read, ingest, storage, metrics, webhooks, views, admin.'),
  column('workspaces', 'strings', 'The workspaces it is granted; `["*"]`: every workspace of the tenant.'),
  column('created_by', 'string', 'The key that made it over HTTP; null when the CLI (`aispm token create`) made it.', true),
  column('created_at', 'time', 'When it was made.', true),
  column('last_used_at', 'time', 'When a request last used it (noted at most once a minute), or null.', true),
  column('expires_at', 'time', 'When it stops working, or null.', true),
  column('revoked_at', 'time', 'When it was revoked, or null.', true),
];

const keyRow = rowValues(keyColumns);

/** Whose keys a request lists: every key of the tenant (an admin key), or the keys one key made. */
export function keysScope(tenant: string, admin: boolean, keyId: string): ListScope {
  return admin
    ? { args: { tenant }, key: 'all', fingerprint: [tenant, 'all'] }
    : { args: { tenant, creator: keyId }, key: 'own', fingerprint: [tenant, 'own', keyId] };
}

/** The API keys of a tenant, newest first. Scope: keysScope. */
export const keysList = defineList({
  name: 'identity.api-keys',
  columns: keyColumns,
  columnSql: () => fieldSql(keyColumns, 'k.'),
  tie: ['k.id'],
  defaultSort: [{ column: 'created_at', dir: 'desc' }],
  filters: [],
  pageSize: 100,
  base: (b, _d, scope) =>
    keysListed(
      b,
      keyColumns.map((c) => c.name),
      scope.key !== 'all',
    ),
  render: (_db, _scope, rows) => rows.map(keyRow),
});

export const auditColumns: ColumnDef[] = [
  storedAs('at', column('time', 'time', 'When it happened.', true)),
  column('workspace_id', 'string', 'The workspace of the change; null for tenant-wide changes (keys).', true),
  column(
    'actor',
    'string',
    'Who acted: a key id, the user (`usr_…`) of a console session, or for a refused sign-in `anonymous` / `oidc:{subject}`.',
    true,
  ),
  column(
    'action',
    'string',
    'What was done: api_key.created, api_key.revoked, webhook.created, webhook.deleted, webhook.secret_rotated, webhook.enabled, view.created, view.updated, view.deleted, ingest.batch, sign_in, sign_out, session.refused, user.roles_changed.',
    true,
  ),
  column(
    'target',
    'string',
    'What it was done to: api_keys/{id}, webhooks/{workspace}/{id}, views/{id}, workspaces/{id} (an ingest), users/{id} (a sign-in or sign-out), sessions (a refused sign-in), tenants/{id} (a session used on another tenant).',
    true,
  ),
  column('outcome', 'string', 'success, or refused (the change was asked for and not made; `reason` says why).', true),
  column('reason', 'string', 'Why it was refused, or null.', false),
  column('address', 'string', 'The peer address of the request.', true),
  column('user_agent', 'string', 'The User-Agent of the request (its first 256 characters), or null.', false),
  column('id', 'string', 'Event id.', false),
  column('detail', 'object', 'What the change was (names, scopes, counts; never a secret or a stored value), or null.', false),
];

const auditRow = rowValues(auditColumns);

/** The audit trail of a tenant, newest first. Scope: the tenant. */
export const auditList = defineList({
  name: 'identity.audit',
  columns: auditColumns,
  columnSql: () => fieldSql(auditColumns, 'a.'),
  tie: ['a.id'],
  defaultSort: [{ column: 'time', dir: 'desc' }],
  filters: [],
  pageSize: 100,
  // A key granted some workspaces reads their rows only (tenant-wide rows have no workspace: none of them).
  base: (b, d, scope) => auditEventsListed(b, d, scope.key as ScopeShape),
  render: (_db, _scope, rows) => rows.map(auditRow),
});

export const readColumns: ColumnDef[] = [
  column('hour', 'time', 'The hour the reads fell in (its start).', true),
  column('actor', 'string', 'Who read: a key id, or the user (`usr_…`) of a console session.', true),
  column(
    'route',
    'string',
    'The route read, as its pattern (`/api/v1/aispm-agents/tenants/:tenant_id/workspaces/:workspace_id`), never a URL.',
    true,
  ),
  column('requests', 'integer', 'Admitted GET and HEAD requests of the actor on the route in the hour.', true),
];

const readRow = rowValues(readColumns);

/**
 * The reads of a tenant summarised per hour, actor and route, newest hour first. Tenant-wide, like
 * the key events: a key granted some workspaces reads none of them.
 */
export const readsList = defineList({
  name: 'identity.audit-reads',
  columns: readColumns,
  columnSql: () => fieldSql(readColumns, 'r.'),
  tie: ['r.actor', 'r.route'],
  defaultSort: [{ column: 'hour', dir: 'desc' }],
  filters: [],
  pageSize: 100,
  base: (b, _d, scope) => readsListed(b, (scope.key as ScopeShape) === 'all'),
  render: (_db, _scope, rows) => rows.map(readRow),
});
