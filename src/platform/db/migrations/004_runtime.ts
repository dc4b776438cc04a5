// Runtime read paths at scale.
//
// llm_runtime_counts: how many sessions and stored interactions a workspace has, in total
// (scope 'workspace', agent_id '') and per agent (scope 'agent'), kept current by ingest and by
// retention, so the `total` of a sessions or interactions page is one primary-key lookup instead
// of a count over millions of rows. Existing rows are counted once here.
//
// The guardrail dashboards count a time window from an index alone: on SQLite the time index gains
// a trailing outcome column (one index instead of two, which keeps ingest fast); on PostgreSQL,
// where the time order is the partitioned primary key, a separate (time, outcome) index.

import type { Ddl } from './ddl.ts';

const counts = (big: string) => `
create table llm_runtime_counts (
  tenant_id text not null,
  workspace_id text not null,
  scope text not null,
  agent_id text not null,
  sessions ${big} not null,
  interactions ${big} not null,
  primary key (tenant_id, workspace_id, scope, agent_id)
);
insert into llm_runtime_counts (tenant_id, workspace_id, scope, agent_id, sessions, interactions)
  select tenant_id, workspace_id, 'agent', agent_id, sum(sessions), sum(interactions) from (
    select tenant_id, workspace_id, agent_id, count(*) as sessions, 0 as interactions from llm_sessions group by tenant_id, workspace_id, agent_id
    union all
    select tenant_id, workspace_id, agent_id, 0, count(*) from llm_interactions group by tenant_id, workspace_id, agent_id
  ) c group by tenant_id, workspace_id, agent_id;
insert into llm_runtime_counts (tenant_id, workspace_id, scope, agent_id, sessions, interactions)
  select tenant_id, workspace_id, 'workspace', '', sum(sessions), sum(interactions)
  from llm_runtime_counts where scope = 'agent' group by tenant_id, workspace_id;
`;

export const up: Ddl = {
  sqlite:
    counts('integer') +
    'drop index llm_interactions_time;\ncreate index llm_interactions_time on llm_interactions (tenant_id, workspace_id, time, id, outcome);\n',
  postgres: counts('bigint') + 'create index llm_interactions_outcome on llm_interactions (tenant_id, workspace_id, time, outcome);\n',
};
