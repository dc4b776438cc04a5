// Compliance (src/catalog/frameworks.ts): each rule's controls, as a list on the rule (the rules
// list shows and filters it) and as rows (`rule_controls`, what the posture joins on); the
// frameworks' controls as rows, so the per-control posture is a list like any other; and the
// monthly severity counts per rule, so a framework's 12-month trend is a lookup like the histogram.
// The controls of static rules and the table of controls are written after migrations.

import { typed } from './ddl.ts';

export const up = typed(`
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
