// Audit records forwarded to a SIEM (issue 38): a subscription to `audit.recorded` made by an
// `admin` key of every workspace receives every audit row of its tenant, the tenant-wide ones
// (keys, sign-ins) included; one made by an admin of some workspaces receives the rows of its own
// workspace only, as that key reads the trail. `audit_tenant` says which, fixed at creation.

import { same } from './ddl.ts';

export const up = same(`
alter table webhook_subscriptions add column audit_tenant integer not null default 0;
`);
