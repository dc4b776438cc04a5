// The outbox: the changes a batch (or a posture evaluation) noted become deliveries, one per
// matching subscription, each with its first attempt scheduled on the job table, all in the
// transaction of the change. So a delivery exists exactly when its change committed, and no
// change that committed is lost to a crash: the job runner takes its attempts up after a
// restart or on another replica. An audit row goes the same way (`audit.recorded`, for admins'
// subscriptions), written by recordAudit in the transaction of the change it records.

import { randomBytes } from 'node:crypto';
import type { BatchContext, ChangeInterest, ChangeType, FinishStep } from '../../ingest/batch-context.ts';
import type { AuditForwarder } from '../../platform/audit/audit.ts';
import { bulkInsert } from '../../platform/db/bulk.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import { type BuiltEvent, buildAuditEvent, buildEvent, matches } from './events.ts';
import { scheduleAttempt } from './deliver.ts';
import { activeSubscriptions, auditSubscriptions, eventsOf } from './store.ts';

export interface OutboxOptions {
  /** Links in events are absolute under it when set. */
  publicUrl: string;
  maxPayloadBytes: number;
}

/** Which changes the active subscriptions of a workspace listen to (one read per batch). */
export const webhookInterest: ChangeInterest = async (db: Db, tx: Executor, tenant: string, workspace: string) => {
  const t = db.template('webhooks.interest', (b) =>
    b
      .selectFrom('webhook_subscriptions')
      .select('events')
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('status', '=', 'active'),
  );
  const rows = await tx.all(t, { tenant, workspace });
  return new Set(rows.flatMap((r) => eventsOf(r)).filter((e): e is ChangeType => e !== 'audit.recorded'));
};

const deliveryColumns = [
  'tenant_id',
  'workspace_id',
  'subscription_id',
  'id',
  'event_id',
  'event_type',
  'subject',
  'payload',
  'status',
  'attempts',
  'next_attempt_at',
  'last_attempt_at',
  'last_status_code',
  'last_error',
  'delivered_at',
  'created_at',
];

/** Writes the deliveries of the changes noted in `ctx` and schedules their first attempts. */
export async function writeOutbox(db: Db, ctx: BatchContext, options: OutboxOptions): Promise<number> {
  if (ctx.changes.length === 0) return 0;
  // A finding written under a waiver is not open: its creation is not announced.
  const changes = ctx.changes.splice(0).filter((c) => !(c.type === 'finding.created' && ctx.quiet.has(c.id)));
  const subscriptions = await activeSubscriptions(db, ctx.tx, ctx.tenant, ctx.workspace);
  if (subscriptions.length === 0) return 0;
  const subs = subscriptions.map((s) => ({ id: s.id, events: eventsOf(s), minSeverity: s.min_severity }));
  const rows: unknown[][] = [];
  for (const change of changes) {
    const to = subs.filter((s) => matches(change, s.events, s.minSeverity));
    if (to.length === 0) continue;
    const event = buildEvent(change, ctx.tenant, ctx.workspace, ctx.now, options.publicUrl, options.maxPayloadBytes);
    for (const s of to) rows.push(deliveryRow(ctx.tenant, ctx.workspace, s.id, event, ctx.now));
  }
  await enqueue(ctx.tx, rows, ctx.now);
  return rows.length;
}

/** A pending delivery of `event` to subscription `subscription` of the workspace, as `deliveryColumns` lists it. */
function deliveryRow(tenant: string, workspace: string, subscription: string, event: BuiltEvent, now: number): unknown[] {
  const id = `dlv_${randomBytes(12).toString('base64url')}`;
  return [
    tenant,
    workspace,
    subscription,
    id,
    event.id,
    event.type,
    event.subject,
    event.body,
    'pending',
    0,
    now,
    null,
    null,
    null,
    null,
    now,
  ];
}

/** Writes the deliveries and schedules their first attempts, in the change's transaction. */
async function enqueue(tx: Executor, rows: unknown[][], now: number): Promise<void> {
  if (rows.length === 0) return;
  await bulkInsert(tx, 'webhook_deliveries', deliveryColumns, rows);
  for (const r of rows)
    await scheduleAttempt(tx, { tenant: r[0] as string, workspace: r[1] as string, delivery: r[3] as string }, 1, now, now);
}

/**
 * The outbox of the audit trail: each row recorded becomes one delivery per active subscription
 * to `audit.recorded` that may see it (the subscriptions of its workspace, and those of an admin
 * of every workspace, which alone receive tenant-wide rows), in the row's transaction.
 * `queued` is told when it wrote any (the caller wakes the job runner once the change committed).
 */
export function auditOutbox(db: Db, options: OutboxOptions, queued: () => void = () => {}): AuditForwarder {
  return async (tx, row) => {
    const to = (await auditSubscriptions(db, tx, row.tenant, row.workspace)).filter((s) => eventsOf(s).includes('audit.recorded'));
    if (to.length === 0) return;
    const event = buildAuditEvent(row, options.publicUrl);
    await enqueue(
      tx,
      to.map((s) => deliveryRow(row.tenant, s.workspace_id, s.id, event, row.at)),
      row.at,
    );
    queued();
  };
}

/** The finish step of every batch and evaluation: the outbox of what it changed. */
export function outboxStep(options: OutboxOptions): FinishStep {
  return (ctx) => writeOutbox(ctx.db, ctx, options).then(() => {});
}
