// Webhooks (src/areas/webhooks): subscriptions of a workspace, and the outbox of what is sent to
// them. A delivery is written in the transaction of the change that caused it (an ingest batch, a
// posture evaluation), holds the exact bytes to send, and is retried until delivered or given up;
// each attempt is logged. A subscription's secret signs its deliveries (it is shown once, at
// creation or rotation; the previous one keeps signing beside the new one for a grace period).

import { typed } from './ddl.ts';

export const up = typed(`
create table webhook_subscriptions (
  tenant_id text not null,
  workspace_id text not null,
  id text not null,
  url text not null,
  events {json} not null,
  min_severity text not null,
  description text not null,
  secret text not null,
  previous_secret text,
  previous_secret_until {big},
  status text not null,
  disabled_reason text,
  disabled_at {big},
  last_success_at {big},
  created_by text not null,
  created_at {big} not null,
  updated_at {big} not null,
  primary key (tenant_id, workspace_id, id)
);
create table webhook_deliveries (
  tenant_id text not null,
  workspace_id text not null,
  subscription_id text not null,
  id text not null,
  event_id text not null,
  event_type text not null,
  subject text not null,
  payload text not null,
  status text not null,
  attempts integer not null,
  next_attempt_at {big},
  last_attempt_at {big},
  last_status_code integer,
  last_error text,
  delivered_at {big},
  created_at {big} not null,
  primary key (tenant_id, workspace_id, subscription_id, id)
);
create unique index webhook_deliveries_id on webhook_deliveries (tenant_id, workspace_id, id);
create index webhook_deliveries_recent on webhook_deliveries (tenant_id, workspace_id, subscription_id, created_at, id);
create index webhook_deliveries_pending on webhook_deliveries (next_attempt_at) where status = 'pending';
create table webhook_attempts (
  tenant_id text not null,
  workspace_id text not null,
  delivery_id text not null,
  attempt integer not null,
  started_at {big} not null,
  duration_ms integer not null,
  status_code integer,
  outcome text not null,
  error text,
  primary key (tenant_id, workspace_id, delivery_id, attempt)
);
`);
