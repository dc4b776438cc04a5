// Planner statistics of tables that ingest fills, on both engines. A table loaded faster than
// anything analyses it keeps the estimates of an empty table (PostgreSQL) or none at all (SQLite),
// and the planner then picks plans that are right for ten rows and ruinous for a million:
//
// - PostgreSQL: the benchmark's first agent-edge request after a bulk load walked every model by
//   `last_seen` and probed relations for each, and hit the 30 s query timeout; analysed, the same
//   query drives from the relation's primary key in 1 ms.
// - SQLite: without statistics it prefers a covering index to a primary key: the names of a few
//   objects (`kind = ? and id in (…)`, selecting id and name) read the kind's whole name index,
//   28 ms at benchmark scale instead of 0.1 ms; analysed, it probes the primary key.
//
// So each process counts the rows it writes into each table and has the engine analyse the table
// in the writing transaction each time that count grows by half since the last time (and by at
// least 500 rows): a logarithmic number of ANALYZEs however large the import, cheap ones while
// tables are small.

import type { Executor } from './database.ts';

export type NoteRowsWritten = (tx: Executor, table: string, rows: number) => Promise<void>;

/** The rows a table held by the engine's own statistics when this process first writes to it. */
export type EstimateRows = (tx: Executor, table: string) => Promise<number>;

/**
 * A counter of rows written per table that analyses a table as it grows; `skip` names tables
 * analysed otherwise. With `estimate`, the count starts from the rows the table already held, so a
 * process started on a loaded database does not analyse a large table after its first 500 writes
 * (on PostgreSQL, with the statistics of every attribute index, an ANALYZE of the benchmark's
 * objects takes 2.7 s inside the ingest transaction that triggers it).
 */
export function rowsWrittenTracker(skip: ReadonlySet<string> = new Set(), estimate?: EstimateRows): NoteRowsWritten {
  const written = new Map<string, { since: number; total: number }>();
  return async (tx, table, rows) => {
    if (rows <= 0 || skip.has(table)) return;
    const w = written.get(table) ?? { since: 0, total: estimate ? await estimate(tx, table) : 0 };
    w.since += rows;
    w.total += rows;
    written.set(table, w);
    if (w.since >= Math.max(500, w.total / 2)) {
      w.since = 0;
      await tx.dialect.analyze(tx, [table]);
    }
  };
}
