// Compliance (src/catalog/frameworks.ts): each rule's controls, as a list on the rule (the rules
// list shows and filters it) and as rows (`rule_controls`, what the posture joins on); the
// frameworks' controls as rows, so the per-control posture is a list like any other; and the
// monthly severity counts per rule, so a framework's 12-month trend is a lookup like the histogram.
// The controls of static rules and the table of controls are written after migrations; external
// rules already stored get their OWASP agentic category as their control, and the per-rule monthly
// counts are filled from the instances (what ingest would have counted: every instance in the month
// it was detected).

import type { Ddl } from './ddl.ts';
import { typed } from './ddl.ts';

const tables = typed(`
alter table rules add column frameworks {json} not null default '[]';

create table framework_controls (
  framework_id text not null,
  control_id text not null,
  name text not null,
  position integer not null,
  primary key (framework_id, control_id)
);

create table rule_controls (
  tenant_id text not null,
  workspace_id text not null,
  rule_id text not null,
  framework_id text not null,
  control_id text not null,
  primary key (tenant_id, workspace_id, rule_id, control_id)
);
create index rule_controls_control on rule_controls (framework_id, control_id, tenant_id, workspace_id, rule_id);

create table issue_monthly_rules (
  tenant_id text not null,
  workspace_id text not null,
  month text not null,
  rule_id text not null,
  critical integer not null default 0,
  high integer not null default 0,
  medium integer not null default 0,
  low integer not null default 0,
  primary key (tenant_id, workspace_id, month, rule_id)
);
`);

const backfill = (frameworks: string, month: string) => `
update rules set frameworks = ${frameworks} where tenant_id <> '*' and owasp_category is not null;
insert into rule_controls (tenant_id, workspace_id, rule_id, framework_id, control_id)
  select tenant_id, workspace_id, rule_id, 'owasp-agentic-2026', owasp_category from rules
  where tenant_id <> '*' and owasp_category is not null;
insert into issue_monthly_rules (tenant_id, workspace_id, month, rule_id, critical, high, medium, low)
  select tenant_id, workspace_id, ${month} as month, rule_id,
    sum(case when severity = 'critical' then 1 else 0 end), sum(case when severity = 'high' then 1 else 0 end),
    sum(case when severity = 'medium' then 1 else 0 end), sum(case when severity = 'low' then 1 else 0 end)
  from issue_instances group by tenant_id, workspace_id, ${month}, rule_id;
`;

export const up: Ddl = {
  sqlite: tables.sqlite + backfill('json_array(owasp_category)', "strftime('%Y-%m', detected_at / 1000, 'unixepoch')"),
  postgres:
    tables.postgres +
    backfill('jsonb_build_array(owasp_category)', "to_char(to_timestamp(detected_at / 1000.0) at time zone 'UTC', 'YYYY-MM')"),
};
