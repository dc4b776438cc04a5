// Indexes for the issues read across a token's workspaces (`GET /issues/{id}`,
// `GET /issues/{id}/instances`): an issue by id without its workspace, and one issue's instances
// newest first across workspaces (the per-workspace index leads with the workspace).

import { same } from './ddl.ts';

export const up = same(`
create index issues_token_id on issues (tenant_id, id);
create index issue_instances_issue_time on issue_instances (tenant_id, issue_id, detected_at, id, workspace_id);
`);
