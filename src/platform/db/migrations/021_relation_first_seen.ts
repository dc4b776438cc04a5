// When a relation was first seen: the sensor's `first_seen` on the relation record, else when the
// service first stored it (a re-sent relation keeps its earliest). A posture finding is dated by
// when its condition began, the latest first_seen of the objects and relations that make it hold
// (src/areas/posture/judge.ts). Migration 010 added the column (runtime discovery keeps first and
// last seen on relations too); relations stored before either date from when they were stored
// (their updated_at, which a re-send never changed).

import { same } from './ddl.ts';

export const up = same(`
update relations set first_seen = updated_at where first_seen is null;
`);
