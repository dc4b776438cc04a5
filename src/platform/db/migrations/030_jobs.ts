// The durable job table (src/platform/jobs): work that runs in the background, outside any
// request, and must survive a restart or a crash of the process that took it. A job is due from
// `run_at`; a worker claims it by taking a lease (`lease_owner`, `lease_until`) it renews while it
// runs; a lease that lapses (the worker died) makes the job due again. At most one unfinished job
// holds a given `dedupe_key` (a recurring schedule keeps one next run).

import { typed } from './ddl.ts';

export const up = typed(`
create table jobs (
  tenant_id text not null,
  id text not null,
  kind text not null,
  dedupe_key text,
  payload {json} not null,
  state text not null,
  run_at {big} not null,
  attempts integer not null,
  max_attempts integer not null,
  lease_owner text,
  lease_until {big},
  progress {json},
  last_error text,
  created_at {big} not null,
  started_at {big},
  finished_at {big},
  updated_at {big} not null,
  primary key (tenant_id, id)
);
create index jobs_due on jobs (run_at, id) where state in ('scheduled', 'retry_pending');
create index jobs_leases on jobs (lease_until) where state = 'running';
create unique index jobs_dedupe on jobs (dedupe_key) where state in ('scheduled', 'retry_pending', 'running');
`);
