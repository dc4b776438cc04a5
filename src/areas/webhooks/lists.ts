// The webhooks' lists: the subscriptions of a workspace, and the deliveries of one subscription
// (its delivery log: every event sent or being sent, with its state and last attempt).

import type { ColumnDef } from '../../catalog/types.ts';
import { column } from '../../catalog/columns.ts';
import type { WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../../platform/db/tables/delivery.ts';
import { param } from '../../platform/db/database.ts';
import { defineList, fieldSql } from '../../platform/lists/list-spec.ts';
import { rowValues } from '../../platform/lists/row-values.ts';
import { rfc3339 } from '../../platform/values.ts';

export const subscriptionColumns: ColumnDef[] = [
  column('id', 'string', 'Subscription id.', true),
  column('url', 'string', 'Where events are POSTed.', true),
  column('events', 'strings', 'Event types it receives: finding.created, finding.resolved, object.discovered.'),
  column('min_severity', 'string', 'Finding events below this severity are not sent (low sends all).'),
  column('description', 'string', 'What it is for.'),
  column('status', 'string', 'active, or disabled (after persistent failure; see disabled_reason).', true),
  column('disabled_reason', 'string', 'Why it was disabled, or null.'),
  column('disabled_at', 'time', 'When it was disabled, or null.'),
  column('last_success_at', 'time', 'When a delivery last got through, or null.', true),
  column('created_by', 'string', 'User of the token that created it.'),
  column('created_at', 'time', 'When it was created.', true),
  column('updated_at', 'time', 'When it last changed (secret rotated, disabled, enabled).', true),
];

const subscriptionRow = rowValues(subscriptionColumns);

/** The subscriptions of a workspace, newest first. Scope: tenant, workspace. */
export const subscriptionsList = defineList({
  name: 'webhooks.subscriptions',
  columns: subscriptionColumns,
  columnSql: () => fieldSql(subscriptionColumns, 's.'),
  tie: ['s.id'],
  defaultSort: [{ column: 'created_at', dir: 'desc' }],
  filters: [],
  pageSize: 100,
  base: (b) =>
    b
      .selectFrom('webhook_subscriptions as s')
      .select(subscriptionColumns.map((c) => `s.${c.name}` as `s.${keyof WebhookSubscriptionsTable}`))
      .where('s.tenant_id', '=', param('tenant'))
      .where('s.workspace_id', '=', param('workspace')),
  render: (_db, _scope, rows) => rows.map(subscriptionRow),
});

export const deliveryColumns: ColumnDef[] = [
  column('id', 'string', 'Delivery id.', true),
  column('event_id', 'string', 'The CloudEvent id, sent as `webhook-id` (the same on every attempt).'),
  column(
    'event_type',
    'string',
    'finding.created, finding.resolved, finding.waived, finding.unwaived, object.discovered or audit.recorded.',
    true,
  ),
  column('subject', 'string', 'What the event is about: findings/{id} or objects/{kind}/{id}.'),
  column('status', 'string', 'pending (being tried), delivered, or failed (given up).', true),
  column('attempts', 'integer', 'Attempts made.', true),
  column('last_status_code', 'integer', 'HTTP status of the last attempt, or null (no answer, or refused before sending).'),
  column('last_error', 'string', 'Why the last attempt failed, or null.'),
  column('next_attempt_at', 'time', 'When it is tried next, while pending.', true),
  column('last_attempt_at', 'time', 'When it was last tried.', true),
  column('delivered_at', 'time', 'When the receiver accepted it (2xx).', true),
  column('created_at', 'time', 'When the change that caused it committed.', true),
];

const deliveryTimes = new Set(deliveryColumns.filter((c) => c.type === 'time').map((c) => c.name));

/** The deliveries of one subscription, newest first. Scope: tenant, workspace, subscription. */
export const deliveriesList = defineList({
  name: 'webhooks.deliveries',
  columns: deliveryColumns,
  columnSql: () => fieldSql(deliveryColumns, 'd.'),
  tie: ['d.id'],
  defaultSort: [{ column: 'created_at', dir: 'desc' }],
  filters: [],
  pageSize: 100,
  base: (b) =>
    b
      .selectFrom('webhook_deliveries as d')
      .select(deliveryColumns.map((c) => `d.${c.name}` as `d.${keyof WebhookDeliveriesTable}`))
      .where('d.tenant_id', '=', param('tenant'))
      .where('d.workspace_id', '=', param('workspace'))
      .where('d.subscription_id', '=', param('subscription')),
  render: (_db, _scope, rows) =>
    rows.map((r) => {
      // Read by the catalogue's names: the row as fields by name.
      const fields: Readonly<Record<string, unknown>> = r;
      return deliveryColumns.map((c) => {
        const v = fields[c.name];
        if (deliveryTimes.has(c.name)) return rfc3339(v as number | null);
        if (c.type === 'integer') return v === null || v === undefined ? null : Number(v);
        return v;
      });
    }),
});
