// Applies one batch of validated records inside a transaction, with the steps it is given (the
// wiring in src/compose.ts names them): each record writer in order, then the roll-ups of what
// they wrote, then the steps that react to the batch (posture rules), then the finish steps of the
// touched objects. Any error found while applying rejects the whole batch, so a batch is applied
// whole or not at all.

import type { Db, Executor } from '../platform/db/database.ts';
import { BatchContext, type BatchOptions, type ChangeInterest, type FinishStep, type LineError, type Lined } from './batch-context.ts';
import type { IngestRecord, RecordType } from './records.ts';

export class BatchRejected extends Error {
  readonly errors: LineError[];
  constructor(errors: LineError[]) {
    super(`batch rejected: ${errors.length} line(s) in error`);
    this.errors = errors;
  }
}

/** What a batch changed, for the steps that react to it (rule evaluation). */
export interface BatchEffects {
  tenant: string;
  workspace: string;
  /** Objects whose relations or attributes changed (`kind\u0000id`). */
  inventory: Set<string>;
  /** Rules whose tenant settings (`rule_setting` records) the batch wrote. */
  ruleSettings: Set<string>;
  counts: Partial<Record<RecordType, number>>;
  /** Who reported the batch's objects (`runtime` for telemetry, a sensor, `ingest`). */
  sources: Set<string>;
}

export type RecordOf<T extends RecordType> = Extract<IngestRecord, { type: T }>;

/** Writes the batch's records of one type. */
export interface RecordWriter<T extends RecordType = RecordType> {
  type: T;
  write(ctx: BatchContext, records: Lined<RecordOf<T>>[]): Promise<void>;
}

export function recordWriter<T extends RecordType>(
  type: T,
  write: (ctx: BatchContext, records: Lined<RecordOf<T>>[]) => Promise<void>,
): RecordWriter<T> {
  return { type, write };
}

/** Runs after the writers, inside the transaction; may write more rows. */
export type BatchStep = (ctx: BatchContext, effects: BatchEffects) => Promise<void>;

/** Everything a batch runs, in order. */
export interface BatchPlan {
  /** The writers, in order (entities before relations, rules before findings, …). */
  writers: readonly RecordWriter<any>[];
  /** Roll-ups of what the writers wrote (entity and neighbour counts). */
  derive: readonly BatchStep[];
  /** Steps that react to what the batch changed (posture rule evaluation). */
  react: readonly BatchStep[];
  /** Last, over every object the batch or a reaction touched (issue counts, stored rows, changes announced). */
  finish: readonly FinishStep[];
  /** Which changes are listened to in a workspace: writers note only those (the webhooks' outbox takes them). */
  interest?: ChangeInterest;
  /**
   * Serialises batches into one workspace: the roll-ups are computed from what a batch reads and
   * written whole, so two concurrent batches must not interleave (the engine decides how).
   */
  lockWorkspace(tx: Executor, tenant: string, workspace: string): Promise<void>;
}

export async function applyBatch(
  db: Db,
  tx: Executor,
  plan: BatchPlan,
  tenant: string,
  workspace: string,
  records: Lined<IngestRecord>[],
  options: BatchOptions,
  now = Date.now(),
): Promise<BatchEffects> {
  const by = new Map<RecordType, Lined<IngestRecord>[]>();
  for (const r of records) {
    const list = by.get(r.record.type);
    if (list) list.push(r);
    else by.set(r.record.type, [r]);
  }
  const ctx = new BatchContext(db, tx, tenant, workspace, now, options, plan.finish, plan.interest);
  await plan.lockWorkspace(tx, tenant, workspace);

  for (const w of plan.writers) {
    const mine = by.get(w.type);
    if (mine) await w.write(ctx, mine);
    if (ctx.errors.length) throw new BatchRejected(ctx.errors);
  }
  const effects: BatchEffects = {
    tenant,
    workspace,
    inventory: new Set(ctx.touchedForEdges),
    ruleSettings: new Set((by.get('rule_setting') ?? []).map((r) => (r.record as RecordOf<'rule_setting'>).ruleId)),
    counts: Object.fromEntries([...by].map(([k, v]) => [k, v.length])),
    sources: new Set((by.get('entity') ?? []).map((r) => (r.record as RecordOf<'entity'>).source)),
  };
  for (const step of plan.derive) await step(ctx, effects);
  for (const step of plan.react) await step(ctx, effects);
  await ctx.finish();
  if (ctx.errors.length) throw new BatchRejected(ctx.errors);
  return effects;
}
