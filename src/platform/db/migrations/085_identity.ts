// API keys made in the product, and the audit trail (issue 38). A key made over HTTP names the key
// that made it (`created_by`; null for keys the CLI makes on the server), which is what lets a
// non-admin key see and revoke its own. `last_used_at` is written at most once a minute per key
// (src/platform/http/auth.ts). The audit trail is one row per change or refused attempt, written
// in the transaction of the change; it never holds a secret or a stored value. Its workspace_id is
// the workspace of the change (null for tenant-wide ones: keys), so a key granted some workspaces
// reads only their rows.

import { typed } from './ddl.ts';

export const up = typed(`
alter table api_keys add column created_by text;
alter table api_keys add column last_used_at {big};
create index api_keys_created_by on api_keys (tenant_id, created_by);
create table audit_events (
  tenant_id text not null,
  id text not null,
  workspace_id text,
  at {big} not null,
  actor text not null,
  action text not null,
  target text not null,
  outcome text not null,
  reason text,
  address text,
  user_agent text,
  detail {json},
  primary key (tenant_id, id)
);
create index audit_events_at on audit_events (tenant_id, at, id);
create index audit_events_purge on audit_events (at);
`);
