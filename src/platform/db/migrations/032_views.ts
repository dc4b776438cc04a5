// Saved views (src/areas/views): a named query over one list of a workspace (its filters, sort
// and columns), and the exports of each view to a file. An export's state is its job's
// (src/platform/jobs): the export row says what was asked and what the file holds; the job row
// whether it is scheduled, running, retried, completed or failed.

import { typed } from './ddl.ts';

export const up = typed(`
create table views (
  tenant_id text not null,
  id text not null,
  workspace_id text not null,
  name text not null,
  description text not null,
  entity text not null,
  saved_filters {json} not null,
  sort text,
  columns {json},
  format text not null,
  interval_seconds integer,
  last_export_id text,
  last_exported_at {big},
  created_by text not null,
  created_at {big} not null,
  updated_at {big} not null,
  primary key (tenant_id, id)
);
create index views_workspace on views (tenant_id, workspace_id, created_at, id);
create table view_exports (
  tenant_id text not null,
  id text not null,
  workspace_id text not null,
  view_id text not null,
  format text not null,
  file text not null,
  recurring integer not null,
  row_count {big},
  byte_count {big},
  requested_by text not null,
  created_at {big} not null,
  finished_at {big},
  primary key (tenant_id, id)
);
create index view_exports_view on view_exports (tenant_id, view_id, created_at, id);
`);
