// The whole data model of DESIGN.md. One text for both engines: `{json}`, `{big}` and `{real}`
// become jsonb / bigint / double precision on PostgreSQL and text / integer / real on SQLite.
// On PostgreSQL the raw LLM interactions are partitioned by time (monthly partitions are created
// at ingest), so retention drops whole partitions.

import { type Ddl, typed } from './ddl.ts';

const tables = `
create table api_keys (
  id text primary key,
  tenant_id text not null,
  user_id text not null,
  name text not null,
  workspaces {json} not null,
  scopes {json} not null,
  secret_hash text not null unique,
  hint text not null,
  created_at {big} not null,
  expires_at {big},
  revoked_at {big}
);
create index api_keys_tenant on api_keys (tenant_id, created_at);

create table service_settings (
  key text primary key,
  value text not null
);

create table entities (
  tenant_id text not null,
  workspace_id text not null,
  kind text not null,
  id text not null,
  name text not null,
  name_lower text not null,
  attributes {json} not null,
  first_seen {big} not null,
  last_seen {big} not null,
  critical_issues integer not null default 0,
  high_issues integer not null default 0,
  total_issues integer not null default 0,
  edge_counts {json} not null,
  updated_at {big} not null,
  primary key (tenant_id, workspace_id, kind, id)
);
create index entities_last_seen on entities (tenant_id, workspace_id, kind, last_seen, id);
create index entities_first_seen on entities (tenant_id, workspace_id, kind, first_seen, id);
create index entities_name on entities (tenant_id, workspace_id, kind, name, id);
create index entities_critical on entities (tenant_id, workspace_id, kind, critical_issues, id);
create index entities_high on entities (tenant_id, workspace_id, kind, high_issues, id);
create index entities_total on entities (tenant_id, workspace_id, kind, total_issues, id);

create table kind_counts (
  tenant_id text not null,
  workspace_id text not null,
  kind text not null,
  count {big} not null,
  primary key (tenant_id, workspace_id, kind)
);

create table relations (
  tenant_id text not null,
  workspace_id text not null,
  from_kind text not null,
  from_id text not null,
  relation text not null,
  to_kind text not null,
  to_id text not null,
  updated_at {big} not null,
  primary key (tenant_id, workspace_id, from_kind, from_id, relation, to_kind, to_id)
);
create index relations_reverse on relations (tenant_id, workspace_id, to_kind, to_id, relation, from_kind, from_id);

create table rules (
  tenant_id text not null,
  workspace_id text not null,
  rule_id text not null,
  name text not null,
  name_lower text not null,
  description text not null,
  severity text not null,
  category text not null,
  object_types {json} not null,
  remediation text not null,
  owasp_category text,
  source text not null,
  updated_at {big} not null,
  primary key (tenant_id, workspace_id, rule_id)
);
create index rules_id on rules (rule_id);

create table rule_settings (
  tenant_id text not null,
  rule_id text not null,
  enabled integer not null,
  severity text,
  updated_at {big} not null,
  primary key (tenant_id, rule_id)
);

create table issue_instances (
  tenant_id text not null,
  workspace_id text not null,
  id text not null,
  issue_id text not null,
  rule_id text not null,
  severity text not null,
  object_kind text not null,
  object_id text not null,
  status text not null,
  detected_at {big} not null,
  resolved_at {big},
  title text not null,
  description text not null,
  code_location {json},
  evidence {json},
  remediation text not null,
  cvss_score {real},
  owasp_category text,
  category text not null,
  scan_id text,
  source text not null,
  updated_at {big} not null,
  primary key (tenant_id, workspace_id, id)
);
create index issue_instances_issue_object on issue_instances (tenant_id, workspace_id, issue_id, object_kind, object_id, detected_at, id);
create index issue_instances_object on issue_instances (tenant_id, workspace_id, object_kind, object_id, detected_at, id);
create index issue_instances_rule on issue_instances (tenant_id, rule_id, workspace_id, detected_at, id);
create index issue_instances_scan on issue_instances (tenant_id, workspace_id, scan_id);

create table issues (
  tenant_id text not null,
  workspace_id text not null,
  id text not null,
  rule_id text not null,
  rule_name text not null,
  severity text not null,
  severity_rank integer not null,
  category text not null,
  open_instances integer not null,
  objects integer not null,
  first_detected {big} not null,
  last_detected {big} not null,
  updated_at {big} not null,
  primary key (tenant_id, workspace_id, id)
);
create index issues_severity on issues (tenant_id, workspace_id, severity_rank, id);
create index issues_rule on issues (tenant_id, workspace_id, rule_id, severity_rank);

create table issue_objects (
  tenant_id text not null,
  workspace_id text not null,
  issue_id text not null,
  object_kind text not null,
  object_id text not null,
  occurrences integer not null,
  first_detected {big} not null,
  last_detected {big} not null,
  primary key (tenant_id, workspace_id, issue_id, object_kind, object_id)
);
create index issue_objects_object on issue_objects (tenant_id, workspace_id, object_kind, object_id, issue_id);

create table issue_monthly (
  tenant_id text not null,
  workspace_id text not null,
  month text not null,
  critical integer not null default 0,
  high integer not null default 0,
  medium integer not null default 0,
  low integer not null default 0,
  primary key (tenant_id, workspace_id, month)
);

create table scans (
  tenant_id text not null,
  workspace_id text not null,
  id text not null,
  sensor_type text not null,
  cicd_type text,
  repository text,
  branch text,
  commit_sha text,
  started_at {big} not null,
  finished_at {big},
  status text not null,
  ai_objects integer not null default 0,
  findings integer not null default 0,
  attributes {json} not null,
  updated_at {big} not null,
  primary key (tenant_id, workspace_id, id)
);
create index scans_sensor on scans (tenant_id, workspace_id, sensor_type, started_at);
create index scans_cicd on scans (tenant_id, workspace_id, cicd_type, started_at);

create table scan_assets (
  tenant_id text not null,
  workspace_id text not null,
  scan_id text not null,
  asset_id text not null,
  sensor_type text not null,
  started_at {big} not null,
  finished_at {big},
  is_current integer not null default 0,
  primary key (tenant_id, workspace_id, scan_id, asset_id)
);
create index scan_assets_asset on scan_assets (tenant_id, workspace_id, asset_id, started_at);
create index scan_assets_current on scan_assets (tenant_id, workspace_id, is_current, sensor_type);

create table llm_sessions (
  tenant_id text not null,
  workspace_id text not null,
  session_id text not null,
  agent_id text not null,
  start_time {big} not null,
  end_time {big} not null,
  duration_ms {big} not null,
  turns integer not null,
  input_tokens {big} not null,
  output_tokens {big} not null,
  total_tokens {big} not null,
  cost {real} not null,
  ok integer not null,
  alerted integer not null,
  blocked integer not null,
  redacted integer not null,
  updated_at {big} not null,
  primary key (tenant_id, workspace_id, session_id)
);
create index llm_sessions_time on llm_sessions (tenant_id, workspace_id, start_time, session_id);
create index llm_sessions_tokens on llm_sessions (tenant_id, workspace_id, total_tokens, session_id);
create index llm_sessions_cost on llm_sessions (tenant_id, workspace_id, cost, session_id);
create index llm_sessions_turns on llm_sessions (tenant_id, workspace_id, turns, session_id);
create index llm_sessions_duration on llm_sessions (tenant_id, workspace_id, duration_ms, session_id);
create index llm_sessions_agent on llm_sessions (tenant_id, workspace_id, agent_id, session_id);
create index llm_sessions_agent_time on llm_sessions (tenant_id, workspace_id, agent_id, start_time, session_id);
create index llm_sessions_agent_tokens on llm_sessions (tenant_id, workspace_id, agent_id, total_tokens, session_id);
create index llm_sessions_agent_cost on llm_sessions (tenant_id, workspace_id, agent_id, cost, session_id);
create index llm_sessions_agent_turns on llm_sessions (tenant_id, workspace_id, agent_id, turns, session_id);
create index llm_sessions_agent_duration on llm_sessions (tenant_id, workspace_id, agent_id, duration_ms, session_id);

create table llm_session_objects (
  tenant_id text not null,
  workspace_id text not null,
  object_kind text not null,
  object_id text not null,
  session_id text not null,
  start_time {big} not null,
  primary key (tenant_id, workspace_id, object_kind, object_id, session_id)
);
create index llm_session_objects_time on llm_session_objects (tenant_id, workspace_id, object_kind, object_id, start_time, session_id);
create index llm_session_objects_session on llm_session_objects (tenant_id, workspace_id, session_id);

create table llm_agent_daily (
  tenant_id text not null,
  workspace_id text not null,
  agent_id text not null,
  day {big} not null,
  interactions integer not null,
  sessions integer not null,
  input_tokens {big} not null,
  output_tokens {big} not null,
  cost {real} not null,
  primary key (tenant_id, workspace_id, agent_id, day)
);

create table model_prices (
  tenant_id text not null,
  model text not null,
  input_per_million {real} not null,
  output_per_million {real} not null,
  source text not null,
  updated_at {big} not null,
  primary key (tenant_id, model)
);

create table client_storage (
  tenant_id text not null,
  scope text not null,
  workspace_id text not null,
  user_id text not null,
  client_id text not null,
  namespace text not null,
  key text not null,
  value {json} not null,
  created_at {big} not null,
  updated_at {big} not null,
  version integer not null,
  primary key (tenant_id, scope, workspace_id, user_id, client_id, namespace, key)
);
`;

const sqliteInteractions = `
create table llm_interactions (
  tenant_id text not null,
  workspace_id text not null,
  id text not null,
  time integer not null,
  session_id text not null,
  agent_id text not null,
  model text not null,
  model_id text,
  provider text not null,
  duration_ms integer not null,
  input_tokens integer not null,
  output_tokens integer not null,
  total_tokens integer not null,
  cost real not null,
  cost_source text not null,
  prompt_outcome text not null,
  response_outcome text not null,
  outcome text not null,
  categories text not null,
  mcp_server_ids text not null,
  prompt text,
  response text,
  attributes text not null,
  primary key (tenant_id, workspace_id, id)
);
create index llm_interactions_time on llm_interactions (tenant_id, workspace_id, time, id);
create index llm_interactions_agent on llm_interactions (tenant_id, workspace_id, agent_id, time, id);
create index llm_interactions_session on llm_interactions (tenant_id, workspace_id, session_id, time, id);
`;

const postgresInteractions = `
create table llm_interactions (
  tenant_id text not null,
  workspace_id text not null,
  id text not null,
  time bigint not null,
  session_id text not null,
  agent_id text not null,
  model text not null,
  model_id text,
  provider text not null,
  duration_ms bigint not null,
  input_tokens bigint not null,
  output_tokens bigint not null,
  total_tokens bigint not null,
  cost double precision not null,
  cost_source text not null,
  prompt_outcome text not null,
  response_outcome text not null,
  outcome text not null,
  categories jsonb not null,
  mcp_server_ids jsonb not null,
  prompt text,
  response text,
  attributes jsonb not null,
  primary key (tenant_id, workspace_id, time, id)
) partition by range (time);
create index llm_interactions_id on llm_interactions (tenant_id, workspace_id, id);
create index llm_interactions_agent on llm_interactions (tenant_id, workspace_id, agent_id, time, id);
create index llm_interactions_session on llm_interactions (tenant_id, workspace_id, session_id, time, id);
`;

const shared = typed(tables);

export const up: Ddl = { sqlite: shared.sqlite + sqliteInteractions, postgres: shared.postgres + postgresInteractions };
