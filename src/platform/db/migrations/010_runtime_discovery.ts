// Runtime discovery (OpenTelemetry builds the inventory, src/ingest/otlp/discovery.ts): relations
// keep when they were first and last seen and who reported them, as objects do; the OTLP counters
// (spans received, mapped per type, ignored per reason, unmapped attribute keys, objects created
// from telemetry and refused past the cap) per workspace and UTC day, with `day = 'total'` rows
// for all time; spans waiting for their ancestors (children are exported before the agent span
// above them: src/ingest/otlp/discovery.ts, PendingSpan); and sessions count their turns that no price covered (cost_source is now
// reported, priced or unpriced: the old price_table and unknown are renamed).

import { typed } from './ddl.ts';

export const up = typed(`
alter table relations add column first_seen {big};
alter table relations add column last_seen {big};
alter table relations add column sources {json};
alter table llm_sessions add column unpriced_turns integer not null default 0;
create table otlp_stats (
  tenant_id text not null,
  workspace_id text not null,
  day text not null,
  metric text not null,
  count {big} not null,
  primary key (tenant_id, workspace_id, day, metric)
);
create table otlp_pending_spans (
  tenant_id text not null,
  workspace_id text not null,
  trace_id text not null,
  span_id text not null,
  body {json} not null,
  received_at {big} not null,
  primary key (tenant_id, workspace_id, trace_id, span_id)
);
create index otlp_pending_spans_age on otlp_pending_spans (tenant_id, workspace_id, received_at);
update llm_interactions set cost_source = 'priced' where cost_source = 'price_table';
update llm_interactions set cost_source = 'unpriced' where cost_source = 'unknown';
update llm_sessions set unpriced_turns = (select count(*) from llm_interactions i where i.tenant_id = llm_sessions.tenant_id
  and i.workspace_id = llm_sessions.workspace_id and i.session_id = llm_sessions.session_id and i.cost_source = 'unpriced');
`);
