// PostgreSQL's counter of rows written (src/platform/db/statistics.ts). Interactions are counted
// per monthly partition (partitions.ts): analysing their partitioned parent would sample every
// partition.

import { rowsWrittenTracker } from '../statistics.ts';

export const noteRowsWritten = rowsWrittenTracker(new Set(['llm_interactions']));
