// Workspaces the service holds data of: one row per (tenant, workspace) that ever received an
// ingest batch, with the time of the first and the last. The workspaces list reads it, and a path
// naming a workspace that is not here answers 404 (naming the ones the token can see) instead of
// an empty 200. Backfilled from the tables ingest fills, with the time of the migration.

import { typed } from './ddl.ts';

export const up = typed(`
create table workspaces (
  tenant_id text not null,
  workspace_id text not null,
  first_ingest_at {big} not null,
  last_ingest_at {big} not null,
  primary key (tenant_id, workspace_id)
);
insert into workspaces (tenant_id, workspace_id, first_ingest_at, last_ingest_at)
  select tenant_id, workspace_id, 0, 0 from (
    select tenant_id, workspace_id from kind_counts
    union select tenant_id, workspace_id from llm_runtime_counts
    union select tenant_id, workspace_id from scans
    union select tenant_id, workspace_id from issues
    union select tenant_id, workspace_id from rules where tenant_id <> '*'
  ) w group by tenant_id, workspace_id;
`);
