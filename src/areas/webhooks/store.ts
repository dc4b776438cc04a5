// The webhooks' rows: subscriptions of a workspace (create, read, delete, rotate the secret,
// enable again), the outbox of deliveries and the log of their attempts.

import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../../platform/db/tables/delivery.ts';
import { param, readJson } from '../../platform/db/database.ts';
import { rfc3339 } from '../../platform/values.ts';
import type { Severity } from '../../catalog/rules/index.ts';
import type { EventType } from './events.ts';
import { newSecret } from './signing.ts';

/** A subscription as stored; `events` is read back as JSON (an array of event types): eventsOf. */
export type SubscriptionRow = Selectable<WebhookSubscriptionsTable>;

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export type AttemptRow = Omit<Selectable<WebhookAttemptsTable>, 'tenant_id' | 'workspace_id' | 'delivery_id'>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function eventsOf(row: Pick<SubscriptionRow, 'events'>): EventType[] {
  return readJson<EventType[]>(row.events) ?? [];
}

/** A subscription as the API answers it: never its secret. */
export function subscriptionView(r: SubscriptionRow, now: number) {
  const until = num(r.previous_secret_until);
  return {
    id: r.id,
    tenant_id: r.tenant_id,
    workspace_id: r.workspace_id,
    url: r.url,
    events: eventsOf(r),
    min_severity: r.min_severity,
    description: r.description,
    status: r.status,
    disabled_reason: r.disabled_reason,
    disabled_at: rfc3339(num(r.disabled_at)),
    last_success_at: rfc3339(num(r.last_success_at)),
    previous_secret_expires_at: r.previous_secret !== null && until !== null && until > now ? rfc3339(until) : null,
    created_by: r.created_by,
    created_at: rfc3339(Number(r.created_at))!,
    updated_at: rfc3339(Number(r.updated_at))!,
  };
}

const subscriptionColumns = [
  'tenant_id',
  'workspace_id',
  'id',
  'url',
  'events',
  'min_severity',
  'description',
  'secret',
  'previous_secret',
  'previous_secret_until',
  'status',
  'disabled_reason',
  'disabled_at',
  'last_success_at',
  'created_by',
  'created_at',
  'updated_at',
  'audit_tenant',
] as const;

export interface NewSubscription {
  tenant: string;
  workspace: string;
  url: string;
  events: EventType[];
  minSeverity: Severity;
  description: string;
  createdBy: string;
  /** Receives every audit row of the tenant (its maker is an admin of every workspace), not only its workspace's. */
  auditTenant: boolean;
  now: number;
}

/** Creates a subscription, in `ex` (the route's transaction, with its audit row) or on its own. */
export async function createSubscription(db: Db, s: NewSubscription, ex: Executor = db): Promise<{ row: SubscriptionRow; secret: string }> {
  const secret = newSecret();
  const row: SubscriptionRow = {
    tenant_id: s.tenant,
    workspace_id: s.workspace,
    id: `whk_${randomBytes(10).toString('hex')}`,
    url: s.url,
    events: JSON.stringify(s.events),
    min_severity: s.minSeverity,
    description: s.description,
    secret,
    previous_secret: null,
    previous_secret_until: null,
    status: 'active',
    disabled_reason: null,
    disabled_at: null,
    last_success_at: null,
    created_by: s.createdBy,
    created_at: s.now,
    updated_at: s.now,
    audit_tenant: s.auditTenant ? 1 : 0,
  };
  const t = db.template('webhooks.create', (b) =>
    b.insertInto('webhook_subscriptions').values({
      tenant_id: param('tenant_id'),
      workspace_id: param('workspace_id'),
      id: param('id'),
      url: param('url'),
      events: param('events'),
      min_severity: param('min_severity'),
      description: param('description'),
      secret: param('secret'),
      previous_secret: null,
      previous_secret_until: null,
      status: 'active',
      disabled_reason: null,
      disabled_at: null,
      last_success_at: null,
      created_by: param('created_by'),
      created_at: param<number>('created_at'),
      updated_at: param<number>('updated_at'),
      audit_tenant: param<number>('audit_tenant'),
    }),
  );
  await ex.run(t, { ...row });
  return { row, secret };
}

export async function getSubscription(
  db: Db,
  ex: Executor,
  tenant: string,
  workspace: string,
  id: string,
): Promise<SubscriptionRow | undefined> {
  const t = db.template('webhooks.get', (b) =>
    b
      .selectFrom('webhook_subscriptions')
      .select(subscriptionColumns)
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('id', '=', param('id')),
  );
  return ex.first(t, { tenant, workspace, id });
}

/** The active subscriptions of a workspace (in the transaction of a batch). */
export async function activeSubscriptions(db: Db, ex: Executor, tenant: string, workspace: string): Promise<SubscriptionRow[]> {
  const t = db.template('webhooks.active', (b) =>
    b
      .selectFrom('webhook_subscriptions')
      .select(subscriptionColumns)
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('status', '=', 'active')
      .orderBy('id'),
  );
  return ex.all(t, { tenant, workspace });
}

/**
 * The active subscriptions an audit row of the tenant may go to: those of its workspace, and those
 * that receive every row of the tenant (a tenant-wide row, `workspace` null, goes to these only).
 * Which of them listen to `audit.recorded` is the caller's filter (events are JSON).
 */
export async function auditSubscriptions(db: Db, ex: Executor, tenant: string, workspace: string | null): Promise<SubscriptionRow[]> {
  const t = db.template('webhooks.audit-active', (b) =>
    b
      .selectFrom('webhook_subscriptions')
      .select(subscriptionColumns)
      .where('tenant_id', '=', param('tenant'))
      .where('status', '=', 'active')
      .where((eb) => eb.or([eb('audit_tenant', '=', 1), eb('workspace_id', '=', param<string | null>('workspace'))]))
      .orderBy('workspace_id')
      .orderBy('id'),
  );
  return ex.all(t, { tenant, workspace });
}

/**
 * Deletes a subscription with its deliveries and their log; false when there is none. `alongside`
 * runs in the same transaction once it is deleted (the audit row).
 */
export async function deleteSubscription(
  db: Db,
  tenant: string,
  workspace: string,
  id: string,
  alongside?: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const args = { tenant, workspace, id };
    const attempts = db.template('webhooks.delete-attempts', (b) =>
      b
        .deleteFrom('webhook_attempts')
        .where('tenant_id', '=', param('tenant'))
        .where('workspace_id', '=', param('workspace'))
        .where((eb) =>
          eb(
            'delivery_id',
            'in',
            eb
              .selectFrom('webhook_deliveries')
              .select('id')
              .where('tenant_id', '=', param('tenant'))
              .where('workspace_id', '=', param('workspace'))
              .where('subscription_id', '=', param('id')),
          ),
        ),
    );
    const deliveries = db.template('webhooks.delete-deliveries', (b) =>
      b
        .deleteFrom('webhook_deliveries')
        .where('tenant_id', '=', param('tenant'))
        .where('workspace_id', '=', param('workspace'))
        .where('subscription_id', '=', param('id')),
    );
    const subscription = db.template('webhooks.delete', (b) =>
      b
        .deleteFrom('webhook_subscriptions')
        .where('tenant_id', '=', param('tenant'))
        .where('workspace_id', '=', param('workspace'))
        .where('id', '=', param('id')),
    );
    await tx.run(attempts, args);
    await tx.run(deliveries, args);
    if ((await tx.run(subscription, args)) === 0) return false;
    await alongside?.(tx);
    return true;
  });
}

/** A new secret; the current one keeps signing beside it until `graceUntil`. Undefined when there is no such subscription. */
export async function rotateSecret(
  db: Db,
  tenant: string,
  workspace: string,
  id: string,
  now: number,
  graceUntil: number,
  ex: Executor = db,
): Promise<{ row: SubscriptionRow; secret: string } | undefined> {
  const secret = newSecret();
  const t = db.template('webhooks.rotate', (b) =>
    b
      .updateTable('webhook_subscriptions')
      .set((eb) => ({
        previous_secret: eb.ref('secret'),
        previous_secret_until: param<number>('until'),
        secret: param('secret'),
        updated_at: param<number>('now'),
      }))
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('id', '=', param('id')),
  );
  if ((await ex.run(t, { tenant, workspace, id, secret, until: graceUntil, now })) === 0) return undefined;
  const row = await getSubscription(db, ex, tenant, workspace, id);
  return row && { row, secret };
}

/** Makes a disabled subscription active again (new events only); undefined when there is none. */
export async function enableSubscription(
  db: Db,
  tenant: string,
  workspace: string,
  id: string,
  now: number,
  ex: Executor = db,
): Promise<SubscriptionRow | undefined> {
  const t = db.template('webhooks.enable', (b) =>
    b
      .updateTable('webhook_subscriptions')
      .set({ status: 'active', disabled_reason: null, disabled_at: null, updated_at: param<number>('now') })
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('id', '=', param('id')),
  );
  if ((await ex.run(t, { tenant, workspace, id, now })) === 0) return undefined;
  return getSubscription(db, ex, tenant, workspace, id);
}

/** Disables a subscription with the reason, and gives up its pending deliveries (in the caller's transaction). */
export async function disableSubscription(
  db: Db,
  tx: Executor,
  tenant: string,
  workspace: string,
  id: string,
  reason: string,
  now: number,
) {
  const args = { tenant, workspace, id, reason, now };
  const sub = db.template('webhooks.disable', (b) =>
    b
      .updateTable('webhook_subscriptions')
      .set({ status: 'disabled', disabled_reason: param('reason'), disabled_at: param<number>('now'), updated_at: param<number>('now') })
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('id', '=', param('id'))
      .where('status', '=', 'active'),
  );
  const pending = db.template('webhooks.disable-pending', (b) =>
    b
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_attempt_at: null, last_error: param('reason') })
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('subscription_id', '=', param('id'))
      .where('status', '=', 'pending'),
  );
  await tx.run(sub, args);
  await tx.run(pending, { ...args, reason: `not sent: the subscription was disabled (${reason})` });
}

export async function getDelivery(db: Db, ex: Executor, tenant: string, workspace: string, id: string): Promise<DeliveryRow | undefined> {
  const t = db.template('webhooks.delivery', (b) =>
    b
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('id', '=', param('id')),
  );
  const r = await ex.first(t, { tenant, workspace, id });
  return r && { ...r, attempts: Number(r.attempts), created_at: Number(r.created_at), last_status_code: num(r.last_status_code) };
}

export async function deliveryAttempts(db: Db, tenant: string, workspace: string, delivery: string): Promise<AttemptRow[]> {
  const t = db.template('webhooks.attempts', (b) =>
    b
      .selectFrom('webhook_attempts')
      .select(['attempt', 'started_at', 'duration_ms', 'status_code', 'outcome', 'error'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('delivery_id', '=', param('delivery'))
      .orderBy('attempt'),
  );
  return db.all(t, { tenant, workspace, delivery });
}

/** A delivery as the API answers it. */
export function deliveryView(r: DeliveryRow) {
  return {
    id: r.id,
    subscription_id: r.subscription_id,
    event_id: r.event_id,
    event_type: r.event_type as EventType,
    subject: r.subject,
    status: r.status as 'pending' | 'delivered' | 'failed',
    attempts: Number(r.attempts),
    last_status_code: num(r.last_status_code),
    last_error: r.last_error,
    next_attempt_at: rfc3339(num(r.next_attempt_at)),
    last_attempt_at: rfc3339(num(r.last_attempt_at)),
    delivered_at: rfc3339(num(r.delivered_at)),
    created_at: rfc3339(Number(r.created_at))!,
  };
}
