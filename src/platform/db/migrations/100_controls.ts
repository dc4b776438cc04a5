// Controls (src/areas/controls): a workspace's own rules, each a saved query (an inventory list's
// query string, or a paths query) that should answer nothing. Each is also a row of `rules`
// (source 'control') so its findings read like any rule's; this table keeps the query.

import { typed } from './ddl.ts';

export const up = typed(`
create table controls (
  tenant_id text not null,
  workspace_id text not null,
  id text not null,
  title text not null,
  severity text not null,
  description text not null,
  remediation text not null,
  frameworks {json} not null,
  enabled integer not null,
  query_kind text not null,
  query text not null,
  created_by text not null,
  created_at {big} not null,
  updated_at {big} not null,
  primary key (tenant_id, workspace_id, id)
);
`);
