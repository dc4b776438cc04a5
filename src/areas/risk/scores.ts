// Keeping `risk_reach` and `risk_score` current. After each batch, the reach of the objects whose
// reach the batch may have changed is computed again (src/areas/risk/reach.ts) and stored where it
// differs; at the end of the batch, every object it touched gets its score (reach plus open issues
// weighted by severity) as its row is rendered (riskScoreColumn, in inventory's finish step). At
// migrate, when the formula is new or changed, every workspace is scored whole.

import { createHash } from 'node:crypto';
import { reachTerms, riskKinds, type RiskKind, severityWeights } from '../../catalog/risk.ts';
import { BatchContext, type FinishStep, splitKey } from '../../ingest/batch-context.ts';
import type { BatchEffects, BatchStep } from '../../ingest/batch.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { AfterMigrate } from '../../platform/db/migrate.ts';
import { byKind } from '../posture/affected.ts';
import { GraphReader } from '../posture/graph.ts';
import { loadReach, reachAffected, reachOf } from './reach.ts';
import { readServiceSetting, saveServiceSetting } from '../../platform/db/service-settings.ts';
import { everyWorkspace } from '../inventory/held-workspaces.ts';
import { type ComputedColumn, storedReach, storeReach } from '../inventory/computed-columns-store.ts';
import { issueWeightSum } from '../findings/object-issues-sql.ts';

/** Computes the reach of `candidates` and stores it where it changed (or everywhere, `force`). */
async function rescore(ctx: BatchContext, reader: GraphReader, kind: RiskKind, candidates: Set<string>, force = false): Promise<void> {
  if (candidates.size === 0) return;
  await loadReach(reader, kind, candidates);
  const present = [...candidates].filter((k) => reader.node(k) !== null);
  const stored = await storedReach(ctx, present);
  const changes: unknown[][] = [];
  for (const key of present) {
    const { reach } = reachOf(reader, kind, key);
    if (!force && stored.get(key) === reach) continue;
    const [, id] = splitKey(key);
    changes.push([kind, id, reach]);
    ctx.touchedForRisk.add(key);
  }
  await storeReach(ctx, changes);
}

/** The batch step: the reach of what the batch may have changed. */
export const rescoreAfterBatch: BatchStep = async (ctx: BatchContext, effects: BatchEffects): Promise<void> => {
  if (effects.inventory.size === 0) return;
  const reader = new GraphReader(ctx);
  const changed = byKind(effects.inventory);
  for (const kind of riskKinds) await rescore(ctx, reader, kind, await reachAffected(reader, kind, changed));
};

/** Every scored object of the workspace, whole. */
export async function rescoreWorkspace(ctx: BatchContext): Promise<void> {
  const reader = new GraphReader(ctx);
  for (const kind of riskKinds) await rescore(ctx, reader, kind, new Set(await reader.loadKind(kind)), true);
}

/** What an open issue of this severity weighs: the severity weights as SQL. */
const issueWeight = (severity: string) =>
  `case ${severity} ${Object.entries(severityWeights)
    .map(([s, w]) => `when '${s}' then ${w}`)
    .join(' ')} else 0 end`;

/** The score of a scored object: its reach plus its open issues weighted, recomputed for the objects a batch touched (entity-rows.ts). */
export const riskScoreColumn: ComputedColumn = {
  column: 'risk_score',
  value: (e) => `${e.column('risk_reach')} + coalesce(${issueWeightSum(issueWeight, e)}, 0)`,
  kinds: riskKinds,
};

/** The formula's fingerprint: stored at migrate, a change scores every workspace again. */
function formulaFingerprint(): string {
  return createHash('sha1').update(JSON.stringify({ severityWeights, reachTerms })).digest('hex');
}

/** After migrations: every workspace scored whole when the formula is new or changed (then finished with `finish`). */
export function rescoreOnFormulaChange(finish: readonly FinishStep[]): AfterMigrate {
  return async (db: Db, tx: Executor) => {
    const fingerprint = formulaFingerprint();
    if ((await readServiceSetting(db, tx, 'risk_formula')) === fingerprint) return;
    for (const s of await everyWorkspace(db, tx)) {
      const ctx = new BatchContext(db, tx, s.tenant_id, s.workspace_id, Date.now(), { storePrompts: false }, finish);
      await rescoreWorkspace(ctx);
      await ctx.finish();
    }
    await saveServiceSetting(db, tx, 'risk_formula', fingerprint);
  };
}
