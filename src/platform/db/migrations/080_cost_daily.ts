// Cost and tokens per agent, model and UTC day (issue 32: "an agent's cost over the last 7 days",
// "cost per model"), kept at ingest next to llm_agent_daily so the costs list reads at most one row
// per agent, model and day whatever the interaction volume, and keeps its totals when retention
// deletes the raw interactions. Filled here from the interactions still stored; money in
// micro-dollars as everywhere (020_money_micros).

import { typed } from './ddl.ts';

export const up = typed(`
create table llm_cost_daily (
  tenant_id text not null,
  workspace_id text not null,
  agent_id text not null,
  provider text not null,
  model text not null,
  day {big} not null,
  interactions integer not null,
  input_tokens {big} not null,
  output_tokens {big} not null,
  cost {big} not null,
  primary key (tenant_id, workspace_id, agent_id, provider, model, day)
);
create index llm_cost_daily_day on llm_cost_daily (tenant_id, workspace_id, day);
insert into llm_cost_daily (tenant_id, workspace_id, agent_id, provider, model, day, interactions, input_tokens, output_tokens, cost)
  select tenant_id, workspace_id, agent_id, provider, model, (time / 86400000) * 86400000, count(*),
    sum(input_tokens), sum(output_tokens), sum(cost)
  from llm_interactions
  group by tenant_id, workspace_id, agent_id, provider, model, (time / 86400000) * 86400000;
`);
