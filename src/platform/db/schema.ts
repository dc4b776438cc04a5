// Typed tables for Kysely. Times are epoch milliseconds (bigint on PostgreSQL, integer on SQLite);
// JSON columns are jsonb on PostgreSQL and text on SQLite (see `json.ts` for reading them back).
// Every table is keyed by tenant_id first so it can be distributed by tenant.

type Json = unknown;

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

export interface ServiceSettingsTable {
  key: string;
  value: string;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: number;
}

export interface EntitiesTable {
  tenant_id: string;
  workspace_id: string;
  kind: string;
  id: string;
  name: string;
  /** Lower-cased name, for `name__ilk`. */
  name_lower: string;
  attributes: Json;
  first_seen: number;
  last_seen: number;
  critical_issues: number;
  high_issues: number;
  total_issues: number;
  /** What the object reaches, weighted (src/catalog/risk.ts); kept current after each batch. */
  risk_reach: number;
  /** `risk_reach` plus the open issues touching the object weighted by severity. */
  risk_score: number;
  /** Neighbour counts per edge name, kept current at ingest. */
  edge_counts: Json;
  /** The row as the API shows it (a JSON array aligned to the kind's header), kept current at ingest. */
  row_json: string | null;
  updated_at: number;
}

export interface KindCountsTable {
  tenant_id: string;
  workspace_id: string;
  kind: string;
  count: number;
}

export interface RelationsTable {
  tenant_id: string;
  workspace_id: string;
  from_kind: string;
  from_id: string;
  relation: string;
  to_kind: string;
  to_id: string;
  /** When the sensor or telemetry first saw it, else when first stored (ms; migrations 010, 021). */
  first_seen: number;
  /** When telemetry or a record last reported it; null for relations stored before migration 010. */
  last_seen: number | null;
  /** Who reported it (JSON array), like an object's `sources`. */
  sources: unknown;
  updated_at: number;
}

export interface RulesTable {
  /** '*' for the static rules shipped with the service. */
  tenant_id: string;
  workspace_id: string;
  rule_id: string;
  name: string;
  name_lower: string;
  description: string;
  severity: string;
  category: string;
  object_types: Json;
  remediation: string;
  owasp_category: string | null;
  source: string;
  updated_at: number;
  /** Control ids of src/catalog/frameworks.ts (JSON array). */
  frameworks: Json;
  /** The scanner's tags of an imported rule, CWE ids among them (JSON array; migration 110). */
  tags: Json;
  help_uri: string | null;
}

export interface RuleSettingsTable {
  tenant_id: string;
  rule_id: string;
  enabled: number;
  severity: string | null;
  updated_at: number;
}

export interface IssueInstancesTable {
  tenant_id: string;
  workspace_id: string;
  id: string;
  issue_id: string;
  rule_id: string;
  severity: string;
  object_kind: string;
  object_id: string;
  status: string;
  detected_at: number;
  resolved_at: number | null;
  title: string;
  description: string;
  code_location: Json;
  evidence: Json;
  remediation: string;
  cvss_score: number | null;
  owasp_category: string | null;
  category: string;
  scan_id: string | null;
  source: string;
  updated_at: number;
  /** The waiver covering it (migration 105), and a copy of its terms. */
  waiver_id: string | null;
  waiver: Json;
}

/** A waiver of a finding (or of every finding of a rule on one object): accepted risk or false positive. */
export interface FindingWaiversTable {
  tenant_id: string;
  workspace_id: string;
  id: string;
  scope: string;
  instance_id: string | null;
  rule_id: string;
  object_kind: string;
  object_id: string;
  kind: string;
  reason: string;
  waived_by: string;
  waived_at: number;
  expires_at: number | null;
}

export interface IssuesTable {
  tenant_id: string;
  workspace_id: string;
  id: string;
  rule_id: string;
  rule_name: string;
  severity: string;
  /** 4 critical, 3 high, 2 medium, 1 low: sorts by severity. */
  severity_rank: number;
  category: string;
  open_instances: number;
  objects: number;
  first_detected: number;
  last_detected: number;
  updated_at: number;
}

export interface IssueObjectsTable {
  tenant_id: string;
  workspace_id: string;
  issue_id: string;
  object_kind: string;
  object_id: string;
  occurrences: number;
  first_detected: number;
  last_detected: number;
}

export interface FrameworkControlsTable {
  framework_id: string;
  control_id: string;
  name: string;
  position: number;
}

export interface RuleControlsTable {
  tenant_id: string;
  workspace_id: string;
  rule_id: string;
  framework_id: string;
  control_id: string;
}

export interface IssueMonthlyRulesTable {
  tenant_id: string;
  workspace_id: string;
  month: string;
  rule_id: string;
  critical: number;
  high: number;
  medium: number;
  low: number;
}

export interface IssueMonthlyTable {
  tenant_id: string;
  workspace_id: string;
  /** 'YYYY-MM' (UTC) of detected_at. */
  month: string;
  critical: number;
  high: number;
  medium: number;
  low: number;
}

export interface ScansTable {
  tenant_id: string;
  workspace_id: string;
  id: string;
  sensor_type: string;
  cicd_type: string | null;
  repository: string | null;
  branch: string | null;
  commit_sha: string | null;
  started_at: number;
  finished_at: number | null;
  status: string;
  ai_objects: number;
  findings: number;
  attributes: Json;
  updated_at: number;
  /** Assets the scan covered (migration 004). */
  assets: number;
  /** Of those, the assets for which it is the current scan of its sensor; > 0 means current. */
  current_assets: number;
}

export interface ScanAssetsTable {
  tenant_id: string;
  workspace_id: string;
  scan_id: string;
  asset_id: string;
  sensor_type: string;
  started_at: number;
  finished_at: number | null;
  is_current: number;
}

export interface LlmInteractionsTable {
  tenant_id: string;
  workspace_id: string;
  id: string;
  time: number;
  session_id: string;
  agent_id: string;
  model: string;
  model_id: string | null;
  provider: string;
  duration_ms: number;
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  /** Micro-dollars (src/catalog/money.ts). */
  cost: number;
  /** reported (sent with the record), priced (from the price table at ingest) or unpriced (no price: cost 0). */
  cost_source: string;
  prompt_outcome: string;
  response_outcome: string;
  /** The more severe of the two outcomes: BLOCKED > REDACTED > ALERTED > OK. */
  outcome: string;
  categories: Json;
  mcp_server_ids: Json;
  prompt: string | null;
  response: string | null;
  attributes: Json;
}

export interface LlmSessionsTable {
  tenant_id: string;
  workspace_id: string;
  session_id: string;
  agent_id: string;
  start_time: number;
  end_time: number;
  duration_ms: number;
  turns: number;
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  cost: number;
  ok: number;
  alerted: number;
  blocked: number;
  redacted: number;
  /** Interactions no price covered (migration 010). */
  unpriced_turns: number;
  updated_at: number;
}

/** Sessions and stored interactions per workspace (scope 'workspace', agent_id '') and per agent. */
export interface LlmRuntimeCountsTable {
  tenant_id: string;
  workspace_id: string;
  scope: string;
  agent_id: string;
  sessions: number;
  interactions: number;
}

export interface LlmSessionObjectsTable {
  tenant_id: string;
  workspace_id: string;
  object_kind: string;
  object_id: string;
  session_id: string;
  start_time: number;
}

/** Cost and tokens per agent, provider, model and UTC day (080_cost_daily). */
export interface LlmCostDailyTable {
  tenant_id: string;
  workspace_id: string;
  agent_id: string;
  provider: string;
  model: string;
  /** Epoch milliseconds of the UTC day's start. */
  day: number;
  interactions: number;
  input_tokens: number;
  output_tokens: number;
  /** Micro-dollars. */
  cost: number;
}

export interface LlmAgentDailyTable {
  tenant_id: string;
  workspace_id: string;
  agent_id: string;
  /** Epoch milliseconds of the UTC day's start. */
  day: number;
  interactions: number;
  sessions: number;
  input_tokens: number;
  output_tokens: number;
  cost: number;
}

export interface ModelPricesTable {
  /** '*' for the table shipped with the service. */
  tenant_id: string;
  model: string;
  input_per_million: number;
  output_per_million: number;
  source: string;
  updated_at: number;
}

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
  /** scheduled, running, retry_pending, completed or failed. */
  state: string;
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

export interface WorkspacesTable {
  tenant_id: string;
  workspace_id: string;
  first_ingest_at: number;
  last_ingest_at: number;
}

/** OTLP ingest counters per workspace and UTC day (`day = 'total'` for all time): src/areas/telemetry/counters.ts. */
export interface OtlpStatsTable {
  tenant_id: string;
  workspace_id: string;
  day: string;
  metric: string;
  count: number;
}

/** Spans waiting for their ancestors (src/areas/telemetry/waiting-spans.ts). */
export interface OtlpPendingSpansTable {
  tenant_id: string;
  workspace_id: string;
  trace_id: string;
  span_id: string;
  body: unknown;
  received_at: number;
}

/** An OSV record imported into a workspace (migration 95). */
export interface AdvisoriesTable {
  tenant_id: string;
  workspace_id: string;
  id: string;
  modified: number;
  withdrawn: number | null;
  severity: string;
  cvss_score: number | null;
  summary: string;
  body: Json;
  osv: Json;
  updated_at: number;
}

/** A package an advisory affects (npm, pypi), for matching the packages scans found. */
export interface AdvisoryPackagesTable {
  tenant_id: string;
  workspace_id: string;
  ecosystem: string;
  name: string;
  advisory_id: string;
}

export interface WebhookSubscriptionsTable {
  tenant_id: string;
  workspace_id: string;
  id: string;
  url: string;
  /** JSON array of event types. */
  events: Json;
  min_severity: string;
  description: string;
  /** whsec_… (Standard Webhooks): signs the deliveries. */
  secret: string;
  previous_secret: string | null;
  previous_secret_until: number | null;
  /** active or disabled. */
  status: string;
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
  /** delivered, failed or refused. */
  outcome: string;
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
  /** csv or ndjson. */
  format: string;
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
  format: string;
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

/** A workspace's own control (src/areas/controls): a saved query whose every answer is a finding. */
export interface ControlsTable {
  tenant_id: string;
  workspace_id: string;
  /** Its rule id (`CTL-…`). */
  id: string;
  title: string;
  severity: string;
  description: string;
  remediation: string;
  /** JSON array of compliance control ids. */
  frameworks: Json;
  enabled: number;
  /** 'list' or 'paths'. */
  query_kind: string;
  /** `aispm-agents?…` for a list, the paths query string for paths. */
  query: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}

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
