// Indexes for issues and instances read without an object or an issue to start from: an issue by
// id across the token's workspaces (`GET /issues/{id}`), one issue's instances newest first across
// workspaces (`GET /issues/{id}/instances`; the per-workspace index leads with the workspace), and
// the instances of a workspace newest first (a saved view of instances, src/areas/views).

import { same } from './ddl.ts';

export const up = same(`
create index issues_token_id on issues (tenant_id, id);
create index issue_instances_issue_time on issue_instances (tenant_id, issue_id, detected_at, id, workspace_id);
create index issue_instances_time on issue_instances (tenant_id, workspace_id, detected_at, id);
`);
