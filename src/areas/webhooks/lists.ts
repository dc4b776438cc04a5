// The webhooks' lists: the subscriptions of a workspace, and the deliveries of one subscription
// (its delivery log: every event sent or being sent, with its state and last attempt).

import type { ColumnDef, ValueType } from '../../catalog/types.ts';
import { param, readJson } from '../../platform/db/database.ts';
import { defineList, fieldSql } from '../../platform/lists/list-spec.ts';
import { rfc3339 } from '../../platform/values.ts';

function col(name: string, type: ValueType, description: string, sortable = false): ColumnDef {
  return { name, type, description, sortable, from: { field: name } };
}

export const subscriptionColumns: ColumnDef[] = [
  col('id', 'string', 'Subscription id.', true),
  col('url', 'string', 'Where events are POSTed.', true),
  col('events', 'strings', 'Event types it receives: finding.created, finding.resolved, object.discovered.'),
  col('min_severity', 'string', 'Finding events below this severity are not sent (low sends all).'),
  col('description', 'string', 'What it is for.'),
  col('status', 'string', 'active, or disabled (after persistent failure; see disabled_reason).', true),
  col('disabled_reason', 'string', 'Why it was disabled, or null.'),
  col('disabled_at', 'time', 'When it was disabled, or null.'),
  col('last_success_at', 'time', 'When a delivery last got through, or null.', true),
  col('created_by', 'string', 'User of the token that created it.'),
  col('created_at', 'time', 'When it was created.', true),
  col('updated_at', 'time', 'When it last changed (secret rotated, disabled, enabled).', true),
];

const times = new Set(subscriptionColumns.filter((c) => c.type === 'time').map((c) => c.name));

/** The subscriptions of a workspace, newest first. Scope: tenant, workspace. */
export const subscriptionsList = defineList<Record<string, unknown>>({
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
      .select(subscriptionColumns.map((c) => `s.${c.name}` as 's.id'))
      .where('s.tenant_id', '=', param('tenant'))
      .where('s.workspace_id', '=', param('workspace')),
  render: (_db, _scope, rows) =>
    rows.map((r) =>
      subscriptionColumns.map((c) =>
        c.name === 'events' ? (readJson<string[]>(r.events) ?? []) : times.has(c.name) ? rfc3339(r[c.name] as number | null) : r[c.name],
      ),
    ),
});

export const deliveryColumns: ColumnDef[] = [
  col('id', 'string', 'Delivery id.', true),
  col('event_id', 'string', 'The CloudEvent id, sent as `webhook-id` (the same on every attempt).'),
  col(
    'event_type',
    'string',
    'finding.created, finding.resolved, finding.waived, finding.unwaived, object.discovered or audit.recorded.',
    true,
  ),
  col('subject', 'string', 'What the event is about: findings/{id} or objects/{kind}/{id}.'),
  col('status', 'string', 'pending (being tried), delivered, or failed (given up).', true),
  col('attempts', 'integer', 'Attempts made.', true),
  col('last_status_code', 'integer', 'HTTP status of the last attempt, or null (no answer, or refused before sending).'),
  col('last_error', 'string', 'Why the last attempt failed, or null.'),
  col('next_attempt_at', 'time', 'When it is tried next, while pending.', true),
  col('last_attempt_at', 'time', 'When it was last tried.', true),
  col('delivered_at', 'time', 'When the receiver accepted it (2xx).', true),
  col('created_at', 'time', 'When the change that caused it committed.', true),
];

const deliveryTimes = new Set(deliveryColumns.filter((c) => c.type === 'time').map((c) => c.name));

/** The deliveries of one subscription, newest first. Scope: tenant, workspace, subscription. */
export const deliveriesList = defineList<Record<string, unknown>>({
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
      .select(deliveryColumns.map((c) => `d.${c.name}` as 'd.id'))
      .where('d.tenant_id', '=', param('tenant'))
      .where('d.workspace_id', '=', param('workspace'))
      .where('d.subscription_id', '=', param('subscription')),
  render: (_db, _scope, rows) =>
    rows.map((r) =>
      deliveryColumns.map((c) => {
        const v = r[c.name];
        if (deliveryTimes.has(c.name)) return rfc3339(v as number | null);
        if (c.type === 'integer') return v === null || v === undefined ? null : Number(v);
        return v;
      }),
    ),
});
