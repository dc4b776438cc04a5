// Known vulnerabilities (src/areas/advisories, docs/ADVISORIES.md): the OSV records imported into a
// workspace, and the npm and PyPI packages each affects, by which packages the scans found are
// matched to them. `body` is the record as matching reads it (src/catalog/osv/record.ts), `osv`
// the record as sent.

import { typed } from './ddl.ts';

export const up = typed(`
create table advisories (
  tenant_id text not null,
  workspace_id text not null,
  id text not null,
  modified {big} not null,
  withdrawn {big},
  severity text not null,
  cvss_score {real},
  summary text not null,
  body {json} not null,
  osv {json} not null,
  updated_at {big} not null,
  primary key (tenant_id, workspace_id, id)
);
create table advisory_packages (
  tenant_id text not null,
  workspace_id text not null,
  ecosystem text not null,
  name text not null,
  advisory_id text not null,
  primary key (tenant_id, workspace_id, ecosystem, name, advisory_id)
);
create index advisory_packages_advisory on advisory_packages (tenant_id, workspace_id, advisory_id);
`);
