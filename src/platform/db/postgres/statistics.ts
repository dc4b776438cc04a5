// PostgreSQL's counter of rows written (src/platform/db/statistics.ts). Interactions are counted
// per monthly partition (partitions.ts): analysing their partitioned parent would sample every
// partition.

import { sql } from 'kysely';
import type { Executor } from '../database.ts';
import { rowsWrittenTracker } from '../statistics.ts';

/** The planner's row estimate of a table (0 for one never analysed or vacuumed: -1 in pg_class). */
async function estimateRows(tx: Executor, table: string): Promise<number> {
  // pg_class is not in the schema: the row is declared (bigint, read as a number by the driver's parser).
  const { rows } = await tx.execute(
    sql<{ n: number }>`select greatest(reltuples, 0)::bigint as n from pg_class where oid = to_regclass(${table})`.compile(
      tx.dialect.builder,
    ),
  );
  return Number(rows[0]?.n ?? 0);
}

export const noteRowsWritten = rowsWrittenTracker(new Set(['llm_interactions']), estimateRows);
