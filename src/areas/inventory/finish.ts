// The last step of every batch and every posture evaluation: the touched entities' issue counts,
// then their stored rows (which show those counts, the neighbour counts and the attributes).

import { renderEntityRows } from './entity-rows.ts';
import { refreshEntityIssueCounts } from '../findings/findings-writer.ts';
import { type BatchContext, splitKey } from '../../ingest/batch-context.ts';

export async function finishEntities(ctx: BatchContext): Promise<void> {
  await refreshEntityIssueCounts(ctx);
  const keys = new Set([...ctx.touchedForEdges, ...ctx.touchedForIssues]);
  await renderEntityRows(ctx.db, ctx.tx, ctx.tenant, ctx.workspace, [...keys].map(splitKey));
}
