// Typed tables for Kysely. Times are epoch milliseconds (bigint on PostgreSQL, integer on SQLite);
// JSON columns are jsonb on PostgreSQL and text on SQLite (see `json.ts` for reading them back).
// Every table is keyed by tenant_id first so it can be distributed by tenant.
// The tables are declared by concern under tables/; this module joins them into Kysely's Database.

import type {
  ApiKeysTable,
  AuditReadsTable,
  AuditEventsTable,
  IdentityUsersTable,
  ConsoleSessionsTable,
  OidcLoginsTable,
  WorkspacesTable,
  ServiceSettingsTable,
  SchemaMigrationsTable,
} from './tables/access.ts';
import type {
  EntitiesTable,
  KindCountsTable,
  RelationsTable,
  ScansTable,
  ScanAssetsTable,
  AdvisoriesTable,
  AdvisoryPackagesTable,
} from './tables/inventory.ts';
import type {
  RulesTable,
  RuleSettingsTable,
  IssueInstancesTable,
  FindingWaiversTable,
  IssuesTable,
  IssueObjectsTable,
  FrameworkControlsTable,
  RuleControlsTable,
  IssueMonthlyRulesTable,
  IssueMonthlyTable,
  ControlsTable,
} from './tables/findings.ts';
import type {
  LlmInteractionsTable,
  LlmSessionsTable,
  LlmRuntimeCountsTable,
  LlmSessionObjectsTable,
  LlmCostDailyTable,
  LlmAgentDailyTable,
  ModelPricesTable,
  OtlpStatsTable,
  OtlpPendingSpansTable,
} from './tables/runtime.ts';
import type {
  ClientStorageTable,
  JobsTable,
  WebhookSubscriptionsTable,
  WebhookDeliveriesTable,
  WebhookAttemptsTable,
  ViewsTable,
  ViewExportsTable,
} from './tables/delivery.ts';

export interface Database {
  advisories: AdvisoriesTable;
  advisory_packages: AdvisoryPackagesTable;
  controls: ControlsTable;
  views: ViewsTable;
  view_exports: ViewExportsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  otlp_stats: OtlpStatsTable;
  otlp_pending_spans: OtlpPendingSpansTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  workspaces: WorkspacesTable;
  api_keys: ApiKeysTable;
  audit_events: AuditEventsTable;
  audit_reads: AuditReadsTable;
  identity_users: IdentityUsersTable;
  console_sessions: ConsoleSessionsTable;
  oidc_logins: OidcLoginsTable;
  service_settings: ServiceSettingsTable;
  schema_migrations: SchemaMigrationsTable;
  entities: EntitiesTable;
  kind_counts: KindCountsTable;
  relations: RelationsTable;
  rules: RulesTable;
  rule_settings: RuleSettingsTable;
  issue_instances: IssueInstancesTable;
  finding_waivers: FindingWaiversTable;
  issues: IssuesTable;
  issue_objects: IssueObjectsTable;
  issue_monthly: IssueMonthlyTable;
  issue_monthly_rules: IssueMonthlyRulesTable;
  framework_controls: FrameworkControlsTable;
  rule_controls: RuleControlsTable;
  scans: ScansTable;
  scan_assets: ScanAssetsTable;
  llm_interactions: LlmInteractionsTable;
  llm_sessions: LlmSessionsTable;
  llm_session_objects: LlmSessionObjectsTable;
  llm_runtime_counts: LlmRuntimeCountsTable;
  llm_agent_daily: LlmAgentDailyTable;
  llm_cost_daily: LlmCostDailyTable;
  model_prices: ModelPricesTable;
  client_storage: ClientStorageTable;
  jobs: JobsTable;
}
