// The outbox: the changes a batch (or a posture evaluation) noted become deliveries, one per
// matching subscription, each with its first attempt scheduled on the job table, all in the
// transaction of the change. So a delivery exists exactly when its change committed, and no
// change that committed is lost to a crash: the job runner takes its attempts up after a
// restart or on another replica.

import { randomBytes } from 'node:crypto';
import type { BatchContext, ChangeInterest, ChangeType, FinishStep } from '../../ingest/batch-context.ts';
import { bulkInsert } from '../../platform/db/bulk.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import { buildEvent, matches } from './events.ts';
import { scheduleAttempt } from './deliver.ts';
import { activeSubscriptions, eventsOf } from './store.ts';

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
  const rows = await tx.all<{ events: unknown }>(t, { tenant, workspace });
  return new Set<ChangeType>(rows.flatMap((r) => eventsOf(r)));
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
    for (const s of to) {
      const id = `dlv_${randomBytes(12).toString('base64url')}`;
      rows.push([
        ctx.tenant,
        ctx.workspace,
        s.id,
        id,
        event.id,
        event.type,
        event.subject,
        event.body,
        'pending',
        0,
        ctx.now,
        null,
        null,
        null,
        null,
        ctx.now,
      ]);
    }
  }
  await bulkInsert(ctx.tx, 'webhook_deliveries', deliveryColumns, rows);
  for (const r of rows)
    await scheduleAttempt(ctx.tx, { tenant: ctx.tenant, workspace: ctx.workspace, delivery: r[3] as string }, 1, ctx.now, ctx.now);
  return rows.length;
}

/** The finish step of every batch and evaluation: the outbox of what it changed. */
export function outboxStep(options: OutboxOptions): FinishStep {
  return (ctx) => writeOutbox(ctx.db, ctx, options).then(() => {});
}
