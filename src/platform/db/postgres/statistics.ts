// Planner statistics of tables that ingest fills. A table loaded faster than
// autovacuum analyses it keeps the estimates of an empty table, and the planner then picks plans
// that are right for ten rows and ruinous for a million: the benchmark's first agent-edge request
// after a bulk load walked every model by `last_seen` and probed relations for each, and hit the
// 30 s query timeout; after ANALYZE the same query drives from the relation's primary key in 1 ms.
//
// The same at small scale: on the demo estate (a few thousand rows a table) a model's detail took
// 8.8 ms on PostgreSQL against 2.0 ms once analysed, its sections' edge query walking every agent
// by `last_seen` to find the model's five.
//
// So each process counts the rows it writes into each table and analyses the table in the writing
// transaction each time that count grows by half since the last time (and by at least 500 rows):
// a logarithmic number of ANALYZEs however large the import, cheap ones while tables are small.
// Interactions are counted per monthly partition (partitions.ts): analysing their
// partitioned parent would sample every partition.

import type { Executor } from '../database.ts';

const SKIP = new Set(['llm_interactions']);
const written = new Map<string, { since: number; total: number }>();

export async function noteRowsWritten(tx: Executor, table: string, rows: number): Promise<void> {
  if (rows <= 0 || SKIP.has(table)) return;
  const w = written.get(table) ?? { since: 0, total: 0 };
  w.since += rows;
  w.total += rows;
  written.set(table, w);
  if (w.since >= Math.max(500, w.total / 2)) {
    w.since = 0;
    await tx.exec(`analyze ${table}`);
  }
}
