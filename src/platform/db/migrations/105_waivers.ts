// Waivers (src/areas/findings/waivers*.ts): a finding accepted as a risk or marked a false
// positive, with a reason, who waived it and an optional expiry. A waiver covers one instance or
// every finding of a rule on one object. The instances it covers carry its id and a copy of its
// terms (`waiver`), so every instance read shows it without a join; status `waived` keeps them
// out of the open counts and roll-ups.

import { typed } from './ddl.ts';

export const up = typed(`
create table finding_waivers (
  tenant_id text not null,
  workspace_id text not null,
  id text not null,
  scope text not null,
  instance_id text,
  rule_id text not null,
  object_kind text not null,
  object_id text not null,
  kind text not null,
  reason text not null,
  waived_by text not null,
  waived_at {big} not null,
  expires_at {big},
  primary key (tenant_id, workspace_id, id)
);
create index finding_waivers_rule_object on finding_waivers (tenant_id, workspace_id, rule_id, object_kind, object_id);
alter table issue_instances add column waiver_id text;
alter table issue_instances add column waiver {json};
create index issue_instances_waiver on issue_instances (tenant_id, workspace_id, waiver_id);
`);
