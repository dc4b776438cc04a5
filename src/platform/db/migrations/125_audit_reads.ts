// Reads summarised per actor and hour (issue 38): one row per tenant, hour, actor (key id or
// signed-in user) and route pattern, with the number of requests. Counted in memory and added
// here every few seconds (src/platform/audit/reads.ts), not a write per request.

import { typed } from './ddl.ts';

export const up = typed(`
create table audit_reads (
  tenant_id text not null,
  hour {big} not null,
  actor text not null,
  route text not null,
  requests {big} not null,
  primary key (tenant_id, hour, actor, route)
);
create index audit_reads_purge on audit_reads (hour);
`);
