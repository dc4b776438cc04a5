// When posture rules are evaluated: after every ingest batch that changed the inventory (on the
// objects whose verdict may have changed, inside the batch's transaction), after a batch that
// changed a posture rule's settings for the tenant (that rule, everywhere in the tenant), and on
// demand over whole workspaces (`aispm rules evaluate`). The wiring (src/compose.ts) makes one
// PostureRules and puts its `afterBatch` step in the batch plan.

import { type PostureRule, postureRuleIds, postureRules, RUNTIME_SOURCE } from '../../catalog/rules/index.ts';
import { loadRuleMeta, type RuleMeta } from '../findings/rules-writer.ts';
import { readStored } from '../findings/instances-store.ts';
import { BatchContext, type BatchOptions, type ChangeInterest, type FinishStep, objectKey } from '../../ingest/batch-context.ts';
import type { BatchEffects, BatchStep } from '../../ingest/batch.ts';
import type { Db } from '../../platform/db/database.ts';
import { affected, byKind } from './affected.ts';
import { GraphReader } from './graph.ts';
import { type EvaluationObserver, type Outcome, settle, type Work } from './settle.ts';
import { workspacesOf } from '../inventory/held-workspaces.ts';

/** The graph reader of an evaluation, with its clock and the configured quiet period. */
const readerOf = (ctx: BatchContext) =>
  new GraphReader({
    db: ctx.db,
    tx: ctx.tx,
    tenant: ctx.tenant,
    workspace: ctx.workspace,
    now: ctx.now,
    quietDays: ctx.options.runtimeQuietDays,
  });

const enabledIn = (meta: Map<string, RuleMeta>, rule: PostureRule) => meta.get(rule.ruleId)?.enabled !== false;

/** Objects with an open (or waived) static instance of the rule in the workspace. */
async function openObjects(ctx: BatchContext, ruleId: string, kind: string): Promise<string[]> {
  const live = await readStored(ctx, { by: 'rule_id', values: [ruleId], source: 'static', status: 'live' });
  return live.filter((r) => r.object_kind === kind).map((r) => objectKey(r.object_kind, r.object_id));
}

/**
 * A rule settled over the whole workspace: every object of its kind, and the objects still
 * holding an open instance of it (deleted since, or left over from when evaluation was off).
 */
async function wholeWorkspace(ctx: BatchContext, reader: GraphReader, rule: PostureRule, enabled: boolean): Promise<Work> {
  const candidates = new Set(await openObjects(ctx, rule.ruleId, rule.kind));
  if (enabled) for (const k of await reader.loadKind(rule.kind)) candidates.add(k);
  return { rule, candidates, enabled };
}

export class PostureRules {
  private readonly observers = new Set<EvaluationObserver>();
  /** The steps that finish a workspace's touched objects (issue counts, stored rows). */
  private readonly finish: readonly FinishStep[];
  /** Which changes are announced (findings opened and resolved by an evaluation go to the webhooks' outbox). */
  private readonly interest: ChangeInterest | undefined;
  constructor(finish: readonly FinishStep[], interest?: ChangeInterest) {
    this.finish = finish;
    this.interest = interest;
  }

  /** Tells `observer` which (rule, object) pairs each evaluation decided; returns the unsubscribe. */
  observe(observer: EvaluationObserver): () => void {
    this.observers.add(observer);
    return () => {
      this.observers.delete(observer);
    };
  }

  private async settleWhole(ctx: BatchContext, rules: PostureRule[], meta: Map<string, RuleMeta>): Promise<Outcome> {
    const reader = readerOf(ctx);
    const work: Work[] = [];
    for (const rule of rules) work.push(await wholeWorkspace(ctx, reader, rule, enabledIn(meta, rule)));
    return settle(ctx, reader, meta, work, this.observers);
  }

  /** The batch step: re-evaluates what the batch may have changed. */
  readonly afterBatch: BatchStep = async (ctx: BatchContext, effects: BatchEffects): Promise<void> => {
    if (ctx.options.evaluateRules === false) return;
    const resettled = new Set(postureRuleIds.filter((id) => effects.ruleSettings.has(id)));
    if (effects.inventory.size === 0 && resettled.size === 0) return;
    const meta = await loadRuleMeta(ctx, postureRuleIds);
    const reader = readerOf(ctx);
    const changed = byKind(effects.inventory);
    const work: Work[] = [];
    // Telemetry is the clock of the rules on how long ago something was seen at runtime.
    const runtime = effects.sources.has(RUNTIME_SOURCE);
    for (const rule of postureRules) {
      const enabled = enabledIn(meta, rule);
      // New settings for a rule (enabled, disabled, re-graded) settle it over the whole workspace.
      if (resettled.has(rule.ruleId) || (rule.timed && runtime)) work.push(await wholeWorkspace(ctx, reader, rule, enabled));
      else if (enabled) work.push({ rule, enabled, candidates: await affected(reader, rule, changed) });
    }
    await settle(ctx, reader, meta, work, this.observers);

    // Settings are the tenant's: its other workspaces follow them in the same transaction.
    if (resettled.size === 0) return;
    const rules = postureRules.filter((r) => resettled.has(r.ruleId));
    for (const workspace of await workspacesOf(ctx.db, ctx.tx, ctx.tenant)) {
      if (workspace === ctx.workspace) continue;
      const other = ctx.forWorkspace(workspace);
      await this.settleWhole(other, rules, meta);
      await other.finish();
    }
  };

  /** Every posture rule over a whole workspace, in one transaction (`aispm rules evaluate`). */
  async evaluateWorkspace(
    db: Db,
    tenant: string,
    workspace: string,
    now: number,
    options: BatchOptions = { storePrompts: false },
  ): Promise<Outcome> {
    return db.transaction(async (tx) => {
      const ctx = new BatchContext(db, tx, tenant, workspace, now, options, this.finish, this.interest);
      const meta = await loadRuleMeta(ctx, postureRuleIds);
      const outcome = await this.settleWhole(ctx, postureRules, meta);
      await ctx.finish();
      return outcome;
    });
  }
}
