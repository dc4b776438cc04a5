// When a relation was first seen: the sensor's `first_seen` on the relation record, else when the
// service first stored it (a re-sent relation keeps its row). A posture finding is dated by when
// its condition began, the latest first_seen of the objects and relations that make it hold
// (src/areas/posture/judge.ts). Relations stored before this migration date from when they were
// stored (their updated_at, which a re-send never changed).

import { typed } from './ddl.ts';

export const up = typed(`
alter table relations add column first_seen {big} not null default 0;
update relations set first_seen = updated_at;
`);
