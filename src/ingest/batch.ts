// Applies one batch of validated records inside a transaction: base rows first (entities before
// relations, rules before findings), then the derived rows the batch touched. Any error found
// while applying rejects the whole batch, so a batch is applied whole or not at all.

import { CompiledQuery } from 'kysely';
import type { Db, Executor } from '../platform/db/database.ts';
import { applyEntities, applyRelations, refreshEdgeCounts, refreshKindCounts } from '../areas/inventory/inventory-writer.ts';
import { applyFindings, applyRuleSettings, applyRules } from '../areas/findings/findings-writer.ts';
import { finishEntities } from '../areas/inventory/finish.ts';
import { applyInteractions, applyPrices } from '../areas/runtime/interactions-writer.ts';
import { applyScans } from '../areas/scans/scans-writer.ts';
import { BatchContext, type BatchOptions, type LineError, type Lined } from './batch-context.ts';
import type { IngestRecord, RecordType } from './records.ts';

export class BatchRejected extends Error {
  readonly errors: LineError[];
  constructor(errors: LineError[]) {
    super(`batch rejected: ${errors.length} line(s) in error`);
    this.errors = errors;
  }
}

/** What a batch changed, for hooks that react to it (rule evaluation, cache invalidation). */
export interface BatchEffects {
  tenant: string;
  workspace: string;
  /** Objects whose relations or attributes changed (`kind\u0000id`). */
  inventory: Set<string>;
  /** Rules whose tenant settings (`rule_setting` records) the batch wrote. */
  ruleSettings: Set<string>;
  counts: Partial<Record<RecordType, number>>;
}

/** Called inside the transaction after a batch is applied; may write more rows. */
export type BatchHook = (ctx: BatchContext, effects: BatchEffects) => Promise<void>;
const hooks: BatchHook[] = [];
export function onBatchApplied(hook: BatchHook): void {
  hooks.push(hook);
}

/**
 * Batches into one workspace apply one at a time. The roll-ups (sessions, counts) are computed
 * from what the batch reads and then written whole, so two concurrent batches on PostgreSQL could
 * otherwise both read the same session and one overwrite the other's totals. SQLite already has a
 * single writer. The lock is held to the end of the transaction and is re-entrant.
 */
async function lockWorkspace(tx: Executor, tenant: string, workspace: string): Promise<void> {
  if (tx.engine !== 'postgres') return;
  await tx.execute(CompiledQuery.raw('select pg_advisory_xact_lock(7311338, hashtext($1))', [JSON.stringify([tenant, workspace])]));
  // Ingest statements take key lists whose size and selectivity vary from batch to batch. After
  // five runs PostgreSQL may switch a prepared statement to a generic plan that filters a whole
  // workspace instead of probing an index per key (seen loading scans: 23 s a batch); planning
  // each statement for its actual values costs far less than that. Reads keep generic plans.
  await tx.exec('set local plan_cache_mode = force_custom_plan');
}

type ByType = { [K in IngestRecord['type']]: Lined<Extract<IngestRecord, { type: K }>>[] };

export async function applyBatch(
  db: Db, tx: Executor, tenant: string, workspace: string, records: Lined<IngestRecord>[], options: BatchOptions, now = Date.now(),
): Promise<BatchEffects> {
  const by: ByType = { entity: [], relation: [], rule: [], rule_setting: [], price: [], finding: [], interaction: [], scan: [] };
  for (const r of records) (by[r.record.type] as Lined<IngestRecord>[]).push(r);
  const ctx = new BatchContext(db, tx, tenant, workspace, now, options);
  await lockWorkspace(tx, tenant, workspace);

  await applyEntities(ctx, by.entity);
  await applyRelations(ctx, by.relation);
  await applyRules(ctx, by.rule);
  await applyRuleSettings(ctx, by.rule_setting);
  await applyPrices(ctx, by.price);
  await applyScans(ctx, by.scan);
  await applyFindings(ctx, by.finding);
  if (ctx.errors.length) throw new BatchRejected(ctx.errors);
  await applyInteractions(ctx, by.interaction);

  await refreshKindCounts(ctx);
  await refreshEdgeCounts(ctx);
  const effects: BatchEffects = {
    tenant, workspace, inventory: new Set(ctx.touchedForEdges), ruleSettings: new Set(by.rule_setting.map((r) => r.record.ruleId)),
    counts: Object.fromEntries(Object.entries(by).filter(([, v]) => v.length).map(([k, v]) => [k, v.length])),
  };
  for (const hook of hooks) await hook(ctx, effects);
  await finishEntities(ctx);
  if (ctx.errors.length) throw new BatchRejected(ctx.errors);
  return effects;
}
