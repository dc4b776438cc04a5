// Keeping `risk_reach` and `risk_score` current. After each batch, the reach of the objects whose
// reach the batch may have changed is computed again (src/areas/risk/reach.ts) and stored where it
// differs; at the end of the batch, every object whose issues or reach changed gets its score
// (reach plus open issues weighted by severity) in one statement per chunk. At migrate, when the
// formula is new or changed, every workspace is scored whole.

import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { reachTerms, riskKinds, type RiskKind, severityWeights } from '../../catalog/risk.ts';
import { BatchContext, type FinishStep, objectKey, splitKey } from '../../ingest/batch-context.ts';
import type { BatchEffects, BatchStep } from '../../ingest/batch.ts';
import { chunks, updateRows } from '../../platform/db/bulk.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import type { AfterMigrate } from '../../platform/db/migrate.ts';
import { byKind } from '../posture/affected.ts';
import { GraphReader } from '../posture/graph.ts';
import { loadReach, reachAffected, reachOf } from './reach.ts';
import { readServiceSetting, saveServiceSetting } from '../../platform/db/service-settings.ts';
import { everyWorkspace } from '../inventory/held-workspaces.ts';

const scored = new Set<string>(riskKinds);

/** The stored reach of these objects. */
async function storedReach(ctx: BatchContext, keys: string[]): Promise<Map<string, number>> {
  const { db, tx, tenant, workspace } = ctx;
  const t = db.template('risk.stored-reach', (b, d) =>
    b
      .selectFrom('entities')
      .select(['kind', 'id', 'risk_reach'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inKeys(['kind', 'id'], param('keys'))),
  );
  const out = new Map<string, number>();
  for (const part of chunks(keys)) {
    const rows = await tx.all(t, {
      tenant,
      workspace,
      keys: JSON.stringify(part.map(splitKey)),
    });
    for (const r of rows) out.set(objectKey(r.kind, r.id), Number(r.risk_reach));
  }
  return out;
}

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
  await updateRows(ctx.db, ctx.tx, 'entities', ctx, ['kind', 'id'], [{ column: 'risk_reach', type: 'bigint' }], changes);
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

/** What an open issue of the joined `i` weighs: the severity weights as SQL. */
const issueWeight = sql.raw(
  `case i.severity ${Object.entries(severityWeights)
    .map(([s, w]) => `when '${s}' then ${w}`)
    .join(' ')} else 0 end`,
);

/** The finish step: the score of every scored object whose issues or reach changed. */
export const refreshRiskScores: FinishStep = async (ctx: BatchContext): Promise<void> => {
  const { tx, db, tenant, workspace } = ctx;
  const keys = [...new Set([...ctx.touchedForIssues, ...ctx.touchedForRisk])].filter((k) => scored.has(splitKey(k)[0]));
  const t = db.template('risk.scores', (b, d) =>
    sql`update entities set risk_score = risk_reach + coalesce((select sum(${issueWeight}) from issue_objects o
        join issues i on i.tenant_id = o.tenant_id and i.workspace_id = o.workspace_id and i.id = o.issue_id
        where o.tenant_id = entities.tenant_id and o.workspace_id = entities.workspace_id and o.object_kind = entities.kind and o.object_id = entities.id), 0)
      where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')}
        and ${d.inKeys(['kind', 'id'], param('keys'))}`.compile(b),
  );
  for (const part of chunks(keys)) await tx.run(t, { tenant, workspace, keys: JSON.stringify(part.map(splitKey)) });
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
