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

/** Whether the database is PostgreSQL on a server running without autovacuum. */
async function withoutAutovacuum(db: Db): Promise<boolean> {
  if (db.dialect.name !== 'postgres') return false;
  const { rows } = await db.execute<{ autovacuum: string }>(sql`show autovacuum`.compile(db.builder));
  return rows[0]?.autovacuum === 'off';
}

/** Whether a VACUUM ANALYZE was run (PostgreSQL with autovacuum off). */
export async function analyzeIfNoAutovacuum(db: Db): Promise<boolean> {
  if (!(await withoutAutovacuum(db))) return false;
  await db.exec('vacuum analyze');
  return true;
}

/**
 * During a load on a server without autovacuum: VACUUM ANALYZE once a minute beside it, as
 * autovacuum would on a default server (its naptime is a minute, and the load's updates pass its
 * threshold of a fifth of a table many times over). Without it every update of the load (eleven
 * per object at benchmark scale: issue counts, edge counts, scores, rendered rows, last seen) left
 * its old version in place: the objects' table ended at 491 MB for 65 MB of rows, and every read
 * that visits it (a sort no index serves, a count of a filtered list) read seven times the pages
 * a server with autovacuum holds. Returns the function that stops it (after the run in progress).
 */
export async function autovacuumStandIn(db: Db, everyMs = 60_000): Promise<() => Promise<void>> {
  if (!(await withoutAutovacuum(db))) return async () => {};
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => db.exec('vacuum analyze')).catch(() => {});
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
