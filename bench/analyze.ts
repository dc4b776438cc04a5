// After a benchmark's bulk load on PostgreSQL: when the server runs without autovacuum (this
// machine's does), VACUUM ANALYZE once, as autovacuum would have after the load on a default server
// (since PostgreSQL 13 it vacuums tables that only had inserts too): statistics for the planner, and
// the visibility map without which every index-only scan (a filtered list's count) visits the heap.
// The service analyses the tables it fills as they grow (src/platform/db/statistics.ts) but not after
// the updates that follow the inserts (issue counts, risk scores, rendered rows); with the
// estimates taken mid-load, a model detail's agents section on the benchmark database probed every
// agent through a partial index (9.3 ms a detail) instead of the primary key (0.09 ms), measured.

import { sql } from 'kysely';
import type { Db } from '../src/platform/db/database.ts';

/** Whether a VACUUM ANALYZE was run (PostgreSQL with autovacuum off). */
export async function analyzeIfNoAutovacuum(db: Db): Promise<boolean> {
  if (db.dialect.name !== 'postgres') return false;
  const { rows } = await db.execute<{ autovacuum: string }>(sql`show autovacuum`.compile(db.builder));
  if (rows[0]?.autovacuum !== 'off') return false;
  await db.exec('vacuum analyze');
  return true;
}
