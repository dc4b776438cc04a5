// Which folder of src/ owns each table (issue 34): the one place whose statements name it. Other
// areas ask the owner (its store, reads or writer modules) rather than selecting the table, so a
// change to a table's columns or meaning is made in one folder. test/table-owners.test.ts reads
// every statement in src/ and fails on a table named outside its owner, but for the readers it
// lists as not yet moved.

import type { Database } from './schema.ts';

export const tableOwners: ReadonlyMap<keyof Database, string> = new Map<keyof Database, string>([
  ['api_keys', 'platform/auth'],
  ['console_sessions', 'platform/auth'],
  ['audit_events', 'platform/audit'],
  ['audit_reads', 'platform/audit'],
  ['service_settings', 'platform/db'],
  ['schema_migrations', 'platform/db'],
  ['jobs', 'platform/jobs'],
  ['identity_users', 'areas/identity'],
  ['oidc_logins', 'areas/identity'],
  ['workspaces', 'areas/workspaces'],
  ['entities', 'areas/inventory'],
  ['kind_counts', 'areas/inventory'],
  ['relations', 'areas/inventory'],
  ['scans', 'areas/scans'],
  ['scan_assets', 'areas/scans'],
  ['advisories', 'areas/advisories'],
  ['advisory_packages', 'areas/advisories'],
  ['rules', 'areas/findings'],
  ['rule_settings', 'areas/findings'],
  ['issue_instances', 'areas/findings'],
  ['finding_waivers', 'areas/findings'],
  ['issues', 'areas/findings'],
  ['issue_objects', 'areas/findings'],
  ['issue_monthly', 'areas/findings'],
  ['issue_monthly_rules', 'areas/findings'],
  ['framework_controls', 'areas/findings'],
  ['rule_controls', 'areas/findings'],
  ['controls', 'areas/controls'],
  ['llm_interactions', 'areas/runtime'],
  ['llm_sessions', 'areas/runtime'],
  ['llm_session_objects', 'areas/runtime'],
  ['llm_runtime_counts', 'areas/runtime'],
  ['llm_agent_daily', 'areas/runtime'],
  ['llm_cost_daily', 'areas/runtime'],
  ['model_prices', 'areas/runtime'],
  ['otlp_stats', 'areas/telemetry'],
  ['otlp_pending_spans', 'areas/telemetry'],
  ['client_storage', 'areas/storage'],
  ['webhook_subscriptions', 'areas/webhooks'],
  ['webhook_deliveries', 'areas/webhooks'],
  ['webhook_attempts', 'areas/webhooks'],
  ['views', 'areas/views'],
  ['view_exports', 'areas/views'],
]);
