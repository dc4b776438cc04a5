// What the service keeps for its clients and delivers to them: client storage, jobs, webhooks, views and their exports.
// Conventions of every table: see ../schema.ts.

import type { Severity } from '../../../catalog/rules/types.ts';
import type { Json } from './json.ts';

export interface ClientStorageTable {
  tenant_id: string;
  /** tenant_user, tenant_workspace, tenant or user. */
  scope: string;
  workspace_id: string;
  user_id: string;
  client_id: string;
  namespace: string;
  key: string;
  value: Json;
  created_at: number;
  updated_at: number;
  version: number;
}

/** Background work (src/platform/jobs): its state, lease and attempts. */
export interface JobsTable {
  /** The tenant the work is for ('' for none). */
  tenant_id: string;
  id: string;
  /** Which handler runs it. */
  kind: string;
  /** At most one unfinished job holds a key (null: none). */
  dedupe_key: string | null;
  payload: Json;
  state: 'scheduled' | 'running' | 'retry_pending' | 'completed' | 'failed';
  /** Due from this time (epoch ms). */
  run_at: number;
  /** Runs started so far. */
  attempts: number;
  max_attempts: number;
  /** The worker holding the lease while it runs. */
  lease_owner: string | null;
  lease_until: number | null;
  /** What the handler reported of its progress. */
  progress: Json;
  last_error: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  updated_at: number;
}

export interface WebhookSubscriptionsTable {
  tenant_id: string;
  workspace_id: string;
  id: string;
  url: string;
  /** JSON array of event types. */
  events: Json;
  min_severity: Severity;
  description: string;
  /** whsec_… (Standard Webhooks): signs the deliveries. */
  secret: string;
  previous_secret: string | null;
  previous_secret_until: number | null;
  status: 'active' | 'disabled';
  disabled_reason: string | null;
  disabled_at: number | null;
  last_success_at: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
  /** 1: receives every `audit.recorded` of the tenant (made by an admin of every workspace); 0: those of its workspace. */
  audit_tenant: number;
}

export interface WebhookDeliveriesTable {
  tenant_id: string;
  workspace_id: string;
  subscription_id: string;
  id: string;
  event_id: string;
  event_type: string;
  subject: string;
  /** The CloudEvent as sent, byte for byte. */
  payload: string;
  /** pending, delivered or failed. */
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: number | null;
  created_at: number;
}

export interface WebhookAttemptsTable {
  tenant_id: string;
  workspace_id: string;
  delivery_id: string;
  attempt: number;
  started_at: number;
  duration_ms: number;
  status_code: number | null;
  outcome: 'delivered' | 'failed' | 'refused';
  error: string | null;
}

/** A saved view (src/areas/views): a named query over one list of a workspace. */
export interface ViewsTable {
  tenant_id: string;
  id: string;
  workspace_id: string;
  name: string;
  description: string;
  /** The list it is a view of (an inventory kind, issues, instances, sessions, interactions, scans). */
  entity: string;
  /** The list's filters, parameter to value. */
  saved_filters: Json;
  /** Sort terms as the list's `sort` takes them, or null for the list's order. */
  sort: string | null;
  /** JSON array of the columns kept, or null for all. */
  columns: Json;
  format: 'csv' | 'ndjson';
  /** Seconds between recurring exports, or null for none. */
  interval_seconds: number | null;
  last_export_id: string | null;
  last_exported_at: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** One export of a view to a file; its state is its job's (same tenant and id). */
export interface ViewExportsTable {
  tenant_id: string;
  id: string;
  workspace_id: string;
  view_id: string;
  format: 'csv' | 'ndjson';
  /** The file's name in the export directory. */
  file: string;
  /** 1 when a view's interval scheduled it. */
  recurring: number;
  row_count: number | null;
  byte_count: number | null;
  requested_by: string;
  created_at: number;
  finished_at: number | null;
}
