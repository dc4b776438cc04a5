// Waiving a finding and lifting a waiver, in the caller's transaction and batch context: the
// covered instances change status (open <-> waived) and carry the waiver's terms, their share of
// the monthly histogram counts is taken out or given back, the issue roll-ups of their objects are
// rebuilt, and the context's finish steps (issue counts, risk scores, stored rows, controls,
// the webhooks' outbox) do the rest, as after an ingest batch.
//
// Expiry is a job (`findings.waiver-expire`), due when the waiver expires, that lifts it like a
// person would: the roll-ups, counts and scores then change in one transaction, so every read
// (lists, issue counts, risk, dashboard, histogram, compliance) agrees at every moment. Deciding
// expiry at read time could only hide the instance from reads of instances; every roll-up would
// still count it until something rewrote them.

import { randomBytes } from 'node:crypto';
import type { Severity } from '../../catalog/rules/index.ts';
import { BatchContext, type Change, type ChangeInterest, type FinishStep, objectKey } from '../../ingest/batch-context.ts';
import { chunks, updateRows } from '../../platform/db/bulk.ts';
import type { Selectable } from 'kysely';
import type { IssueInstancesTable } from '../../platform/db/tables/findings.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import { ApiError, notFound } from '../../platform/errors.ts';
import type { JobHandler } from '../../platform/jobs/runner.ts';
import { enqueueJob } from '../../platform/jobs/store.ts';
import { addMonthly, refreshIssues } from './findings-writer.ts';
import { bumper, monthlyCounter } from './monthly.ts';
import {
  forgetWaivers,
  loadWaivers,
  termsOf,
  type Waiver,
  WaiverIndex,
  type WaiverKind,
  type WaiverScope,
  waiverOf,
} from './waivers-apply.ts';

export const WAIVER_EXPIRE_JOB = 'findings.waiver-expire';

/** A finding a waiver may cover, as `targetColumns` reads it. */
type Target = Pick<Selectable<IssueInstancesTable>, (typeof targetColumns)[number]>;

const targetColumns = [
  'id',
  'issue_id',
  'rule_id',
  'severity',
  'status',
  'object_kind',
  'object_id',
  'detected_at',
  'resolved_at',
  'title',
  'source',
  'waiver_id',
] as const;

const asTarget = (r: Target): Target => ({
  ...r,
  detected_at: Number(r.detected_at),
  resolved_at: r.resolved_at === null ? null : Number(r.resolved_at),
});

/** One instance of the context's workspace, or a 404. */
export async function instanceToWaive(ctx: BatchContext, id: string): Promise<Target> {
  const t = ctx.db.template('waivers.instance', (b) =>
    b
      .selectFrom('issue_instances')
      .select([...targetColumns])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('id', '=', param('id')),
  );
  const r = await ctx.tx.first(t, { tenant: ctx.tenant, workspace: ctx.workspace, id });
  if (!r) throw notFound(`no instance ${id.slice(0, 64)} in this workspace`);
  return asTarget(r);
}

export async function getWaiver(db: Db, ex: Executor, tenant: string, workspace: string, id: string): Promise<Waiver | undefined> {
  const t = db.template('waivers.get', (b) =>
    b
      .selectFrom('finding_waivers')
      .selectAll()
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('id', '=', param('id')),
  );
  const r = await ex.first(t, { tenant, workspace, id });
  return r ? waiverOf(r) : undefined;
}

async function saveWaiver(ctx: BatchContext, w: Waiver): Promise<void> {
  const t = ctx.db.template('waivers.save', (b) =>
    b
      .insertInto('finding_waivers')
      .values({
        tenant_id: param('tenant'),
        workspace_id: param('workspace'),
        id: param('id'),
        scope: param('scope'),
        instance_id: param<string | null>('instance'),
        rule_id: param('rule'),
        object_kind: param('kind'),
        object_id: param('object'),
        kind: param('waiverKind'),
        reason: param('reason'),
        waived_by: param('by'),
        waived_at: param<number>('at'),
        expires_at: param<number | null>('expires'),
      })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'workspace_id', 'id']).doUpdateSet((eb) => ({
          kind: eb.ref('excluded.kind'),
          reason: eb.ref('excluded.reason'),
          waived_by: eb.ref('excluded.waived_by'),
          waived_at: eb.ref('excluded.waived_at'),
          expires_at: eb.ref('excluded.expires_at'),
        })),
      ),
  );
  await ctx.tx.run(t, {
    tenant: ctx.tenant,
    workspace: ctx.workspace,
    id: w.id,
    scope: w.scope,
    instance: w.instanceId,
    rule: w.ruleId,
    kind: w.objectKind,
    object: w.objectId,
    waiverKind: w.kind,
    reason: w.reason,
    by: w.waivedBy,
    at: w.waivedAt,
    expires: w.expiresAt,
  });
}

async function deleteWaiver(ctx: BatchContext, id: string): Promise<void> {
  const t = ctx.db.template('waivers.delete', (b) =>
    b
      .deleteFrom('finding_waivers')
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('id', '=', param('id')),
  );
  await ctx.tx.run(t, { tenant: ctx.tenant, workspace: ctx.workspace, id });
}

/** The instances a waiver covers now. */
async function coveredBy(ctx: BatchContext, waiverId: string): Promise<Target[]> {
  const t = ctx.db.template('waivers.covered', (b) =>
    b
      .selectFrom('issue_instances')
      .select([...targetColumns])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('waiver_id', '=', param('waiver')),
  );
  return (await ctx.tx.all(t, { tenant: ctx.tenant, workspace: ctx.workspace, waiver: waiverId })).map(asTarget);
}

/** Every instance of a rule on one object. */
async function ofRuleOnObject(ctx: BatchContext, ruleId: string, kind: string, objectId: string): Promise<Target[]> {
  const t = ctx.db.template('waivers.rule-object', (b) =>
    b
      .selectFrom('issue_instances')
      .select([...targetColumns])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('object_kind', '=', param('kind'))
      .where('object_id', '=', param('object'))
      .where('rule_id', '=', param('rule')),
  );
  return (await ctx.tx.all(t, { tenant: ctx.tenant, workspace: ctx.workspace, rule: ruleId, kind, object: objectId })).map(asTarget);
}

/**
 * Sets the waiver (or none) of these instances: status open <-> waived, the terms copied, the
 * histogram share moved, the roll-ups rebuilt and the change announced for those that were or
 * become waived.
 */
async function cover(ctx: BatchContext, targets: Array<{ t: Target; to: Waiver | null }>, announce: boolean): Promise<void> {
  const { monthly } = monthlyCounter();
  const bump = bumper(monthly);
  const touchedIssues = new Map<string, { ruleId: string; severity: Severity }>();
  const rows: unknown[][] = [];
  const wanted = { waived: await ctx.wants('finding.waived'), unwaived: await ctx.wants('finding.unwaived') };
  for (const { t, to } of targets) {
    const was = t.waiver_id !== null;
    const status = to ? (t.status === 'open' ? 'waived' : t.status) : t.status === 'waived' ? 'open' : t.status;
    if (was && !to) bump(t.detected_at, t.severity, 1, t.rule_id);
    if (!was && to) bump(t.detected_at, t.severity, -1, t.rule_id);
    rows.push([t.id, status, to?.id ?? null, to ? JSON.stringify(termsOf(to)) : null, ctx.now]);
    if (status !== t.status) {
      touchedIssues.set(t.issue_id, { ruleId: t.rule_id, severity: t.severity });
      ctx.touchedForIssues.add(objectKey(t.object_kind, t.object_id));
    }
    const type = to ? 'finding.waived' : 'finding.unwaived';
    if (announce && (to ? wanted.waived : wanted.unwaived)) {
      const change: Change = {
        type,
        id: t.id,
        issueId: t.issue_id,
        ruleId: t.rule_id,
        severity: t.severity,
        status,
        title: t.title,
        objectKind: t.object_kind,
        objectId: t.object_id,
        detectedAt: t.detected_at,
        resolvedAt: t.resolved_at,
        source: t.source,
      };
      if (to) change.waiver = termsOf(to);
      ctx.changes.push(change);
    }
  }
  for (const part of chunks(rows)) {
    await updateRows(
      ctx.db,
      ctx.tx,
      'issue_instances',
      ctx,
      ['id'],
      [
        { column: 'status', type: 'text' },
        { column: 'waiver_id', type: 'text' },
        { column: 'waiver', type: 'jsonb' },
        { column: 'updated_at', type: 'bigint' },
      ],
      part,
    );
  }
  await addMonthly(ctx, monthly);
  if (touchedIssues.size) await refreshIssues(ctx, touchedIssues, new Map());
}

export interface WaiveInput {
  instanceId: string;
  scope: WaiverScope;
  kind: WaiverKind;
  reason: string;
  by: string;
  expiresAt: number | null;
}

/**
 * Waives an instance (scope `instance`) or every finding of its rule on its object (`rule`), or
 * renews the terms of the waiver that already covers it with the same scope. Not finished: the
 * caller runs `ctx.finish()`.
 */
export async function waive(ctx: BatchContext, input: WaiveInput): Promise<{ waiver: Waiver; created: boolean; instances: number }> {
  const target = await instanceToWaive(ctx, input.instanceId);
  const terms = { kind: input.kind, reason: input.reason, waivedBy: input.by, waivedAt: ctx.now, expiresAt: input.expiresAt };
  if (target.waiver_id !== null) {
    const old = await getWaiver(ctx.db, ctx.tx, ctx.tenant, ctx.workspace, target.waiver_id);
    if (old && old.scope !== input.scope) {
      throw new ApiError(
        409,
        `instance ${target.id} is covered by waiver ${old.id} of scope ${old.scope}; lift it first to waive it as ${input.scope}`,
      );
    }
    if (old) {
      const renewed: Waiver = { ...old, ...terms };
      await saveWaiver(ctx, renewed);
      forgetWaivers(ctx);
      const covered = await coveredBy(ctx, old.id);
      // Same status and histogram share: only the terms they carry change.
      await cover(
        ctx,
        covered.map((t) => ({ t, to: renewed })),
        true,
      );
      await scheduleExpiry(ctx, renewed);
      return { waiver: renewed, created: false, instances: covered.length };
    }
  }
  const waiver: Waiver = {
    id: `wvr_${randomBytes(12).toString('base64url')}`,
    scope: input.scope,
    instanceId: input.scope === 'instance' ? target.id : null,
    ruleId: target.rule_id,
    objectKind: target.object_kind,
    objectId: target.object_id,
    ...terms,
  };
  await saveWaiver(ctx, waiver);
  forgetWaivers(ctx);
  // An instance another waiver already covers keeps it (lifting either leaves the other holding).
  const targets =
    input.scope === 'instance'
      ? [target]
      : (await ofRuleOnObject(ctx, target.rule_id, target.object_kind, target.object_id)).filter((t) => t.waiver_id === null);
  await cover(
    ctx,
    targets.map((t) => ({ t, to: waiver })),
    true,
  );
  await scheduleExpiry(ctx, waiver);
  return { waiver, created: true, instances: targets.length };
}

/**
 * Lifts a waiver: its instances come back (open when they hold), unless another waiver that holds
 * covers them too (they then carry that one). Not finished: the caller runs `ctx.finish()`.
 */
export async function lift(ctx: BatchContext, waiver: Waiver): Promise<number> {
  const covered = await coveredBy(ctx, waiver.id);
  await deleteWaiver(ctx, waiver.id);
  forgetWaivers(ctx);
  const others = new WaiverIndex(await loadWaivers(ctx));
  await cover(
    ctx,
    covered.map((t) => ({ t, to: others.cover(t.id, t.rule_id, t.object_kind, t.object_id, ctx.now) ?? null })),
    true,
  );
  return covered.length;
}

/** The job lifting a waiver when it expires (one per waiver and expiry: a renewed waiver's old job finds it not yet due). */
async function scheduleExpiry(ctx: BatchContext, w: Waiver): Promise<void> {
  if (w.expiresAt === null) return;
  await enqueueJob(
    ctx.tx,
    {
      tenant: ctx.tenant,
      id: `wexp_${w.id}_${w.expiresAt}`,
      kind: WAIVER_EXPIRE_JOB,
      payload: { workspace: ctx.workspace, waiver: w.id },
      runAt: w.expiresAt,
    },
    ctx.now,
  );
}

interface ExpirePayload {
  workspace: string;
  waiver: string;
}

/** The expiry job's handler: lifts the waiver when it is still there and due, with every step a batch ends with. */
export function waiverExpiryJobs(
  db: Db,
  finish: readonly FinishStep[],
  interest: ChangeInterest,
  now: () => number = Date.now,
): JobHandler<ExpirePayload> {
  return {
    async run({ job }) {
      return async (tx) => {
        const { workspace, waiver: id } = job.payload;
        await tx.dialect.lockWorkspace(tx, job.tenant, workspace);
        const ctx = new BatchContext(db, tx, job.tenant, workspace, now(), { storePrompts: false }, finish, interest);
        const w = await getWaiver(db, tx, job.tenant, workspace, id);
        if (!w || w.expiresAt === null || w.expiresAt > ctx.now) return;
        await lift(ctx, w);
        await ctx.finish();
      };
    },
  };
}
