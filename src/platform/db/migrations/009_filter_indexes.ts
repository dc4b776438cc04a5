// Indexes for the filters security engineers reach for first (docs/API.md, "Filters"): the issues
// index by severity, and a rule's results by status (open findings of one rule, across the
// tenant's workspaces, newest first). The other named filters (provider, last_seen, agent_id,
// time, risk_score) already had theirs; test/filter-plans.test.ts checks each plan on both engines.

import { same } from './ddl.ts';

export const up = same(`
create index issues_severity_name on issues (tenant_id, workspace_id, severity, id);
create index issue_instances_rule_status on issue_instances (tenant_id, rule_id, status, detected_at, id);
`);
