// Indexes the findings endpoints page along, so a deep page costs what the first one does:
// an issue's objects by occurrences and by last detection (the keyset order, tie-breakers
// included), and a rule's instances newest first across workspaces (rule results; an instance
// id is unique only within its workspace, so the workspace ends the key).

import { same } from './ddl.ts';

export const up = same(`
create index issue_objects_occurrences on issue_objects (tenant_id, workspace_id, issue_id, occurrences, object_kind, object_id);
create index issue_objects_last_detected on issue_objects (tenant_id, workspace_id, issue_id, last_detected, object_kind, object_id);
create index issue_instances_rule_time on issue_instances (tenant_id, rule_id, detected_at, id, workspace_id);
`);
