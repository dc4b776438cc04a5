// The risk score of an object (src/catalog/risk.ts): `risk_reach` is the part the graph gives
// (what the object reaches, weighted), `risk_score` that plus its open issues weighted by
// severity. Both start at 0; the after-migrate step of the risk area computes them for every
// workspace when the formula is new or changed.

import { same } from './ddl.ts';

export const up = same(`
alter table entities add column risk_reach integer not null default 0;
alter table entities add column risk_score integer not null default 0;
create index entities_risk on entities (tenant_id, workspace_id, kind, risk_score, id);
`);
