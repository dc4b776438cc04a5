// Webhook subscriptions over HTTP, per workspace, under the token scope `webhooks` (their secrets
// sign what the service sends out, so reading the estate does not grant them): create (the secret
// is answered once), list, read, delete, rotate the secret, enable again after persistent failure,
// and the delivery log: a subscription's deliveries, and one delivery with its attempts and the
// event it carries. The workspace need not hold data yet. Subscribing to `audit.recorded` (the audit
// trail's rows, for a SIEM) needs the `admin` scope too, as reading the trail does.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { type AuditAction, recordAudit } from '../../platform/audit/audit.ts';
import type { Executor } from '../../platform/db/database.ts';
import { auditSource } from '../../platform/http/audit-source.ts';
import { principalOf } from '../../platform/http/auth.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { errorResponses, Nullable, PathId, StringEnum, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { listRoute, workspaceScope } from '../../platform/lists/list-route.ts';
import { adminEventTypes, eventTypes, severities } from './events.ts';
import { deliveriesList, deliveryColumns, subscriptionColumns, subscriptionsList } from './lists.ts';
import { checkUrl, OutboundRefused } from './outbound.ts';
import {
  createSubscription,
  deleteSubscription,
  deliveryAttempts,
  deliveryView,
  enableSubscription,
  getDelivery,
  getSubscription,
  rotateSecret,
  subscriptionView,
} from './store.ts';

const tags = ['Webhooks'];
const base = '/api/v1/webhooks/tenants/:tenant_id/workspaces/:workspace_id';
/** How long a rotated-out secret keeps signing beside the new one. */
export const SECRET_GRACE_MS = 24 * 3_600_000;

const SubscriptionParams = Type.Object({ ...TenantWorkspaceParams.properties, id: PathId('Subscription id.') });
const DeliveryParams = Type.Object({ ...TenantWorkspaceParams.properties, deliveryId: PathId('Delivery id.') });

const Time = (description: string) => Nullable(Type.String({ format: 'date-time', description }));
const Subscription = Type.Object(
  {
    id: Type.String({ description: 'Subscription id.' }),
    tenant_id: Type.String(),
    workspace_id: Type.String(),
    url: Type.String({ description: 'Where events are POSTed.' }),
    events: Type.Array(StringEnum(eventTypes), { description: 'Event types it receives.' }),
    min_severity: StringEnum(severities, { description: 'Finding events below this severity are not sent.' }),
    description: Type.String(),
    status: StringEnum(['active', 'disabled'] as const, { description: 'disabled after persistent failure (see disabled_reason).' }),
    disabled_reason: Nullable(Type.String({ description: 'Why it was disabled.' })),
    disabled_at: Time('When it was disabled.'),
    last_success_at: Time('When a delivery last got through.'),
    previous_secret_expires_at: Time('After a rotation: until when the previous secret still signs beside the new one.'),
    created_by: Type.String({ description: 'User of the token that created it.' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { description: 'A webhook subscription (never its secret).' },
);
const WithSecret = Type.Object(
  {
    ...Subscription.properties,
    secret: Type.String({
      description:
        'The signing secret (`whsec_…`, Standard Webhooks): shown only in this answer. Verify each delivery with it (docs/WEBHOOKS.md).',
    }),
  },
  { description: 'The subscription and its signing secret, shown once.' },
);
const CreateBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: 'An https URL (http, private and loopback addresses only if the operator allows them).',
    }),
    events: Type.Array(StringEnum(eventTypes), {
      minItems: 1,
      maxItems: eventTypes.length,
      uniqueItems: true,
      description: 'Event types to receive.',
    }),
    min_severity: Type.Optional(
      StringEnum(severities, { description: 'Finding events below this severity are not sent (default low: all).' }),
    ),
    description: Type.Optional(Type.String({ maxLength: 500, description: 'What it is for.' })),
  },
  { additionalProperties: false },
);
const Attempt = Type.Object({
  attempt: Type.Integer(),
  started_at: Type.String({ format: 'date-time' }),
  duration_ms: Type.Integer(),
  status_code: Nullable(
    Type.Integer({ description: 'HTTP status the receiver answered, or null (no answer, or refused before sending).' }),
  ),
  outcome: StringEnum(['delivered', 'failed', 'refused'] as const),
  error: Nullable(Type.String()),
});
const DeliveryDetail = Type.Object(
  {
    id: Type.String(),
    subscription_id: Type.String(),
    event_id: Type.String(),
    event_type: StringEnum(eventTypes),
    subject: Type.String(),
    status: StringEnum(['pending', 'delivered', 'failed'] as const),
    attempts: Type.Integer(),
    last_status_code: Nullable(Type.Integer()),
    last_error: Nullable(Type.String()),
    next_attempt_at: Time('When it is tried next, while pending.'),
    last_attempt_at: Time('When it was last tried.'),
    delivered_at: Time('When the receiver accepted it.'),
    created_at: Type.String({ format: 'date-time' }),
    attempt_log: Type.Array(Attempt, { description: 'Every attempt, first first.' }),
    event: Type.Object({}, { additionalProperties: true, description: 'The CloudEvent it sends, as sent.' }),
  },
  { description: 'One delivery with its attempts and its event.' },
);

export function registerWebhooks(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  /** The audit row of a change to subscription `id` of the request's workspace, in the change's transaction. */
  const audit = (request: FastifyRequest, tx: Executor, action: AuditAction, id: string, now: number, detail?: Record<string, unknown>) => {
    const { tenant_id: tenant, workspace_id: workspace } = request.params as { tenant_id: string; workspace_id: string };
    return recordAudit(
      ctx.db,
      tx,
      auditSource(request),
      { tenant, workspace, action, target: `webhooks/${workspace}/${id}`, outcome: 'success', detail },
      now,
    );
  };
  const config = { access: 'webhooks' as const };
  const or404 = <T>(v: T | undefined): T => {
    if (v === undefined) throw notFound('no webhook subscription with this id in the workspace');
    return v;
  };

  api.post(
    base,
    {
      config,
      schema: {
        operationId: 'CreateWebhookSubscription',
        summary: 'Subscribe to events of a workspace',
        tags,
        description:
          'Creates a subscription: the service POSTs each event of the given types in the workspace to `url`, as a ' +
          'CloudEvent signed per Standard Webhooks with the secret answered here, once. `finding.created` and ' +
          '`finding.resolved` are sent for findings at `min_severity` or above; `object.discovered` for every new object; ' +
          '`audit.recorded` for every audit row (docs/IDENTITY.md): only a key with the `admin` scope may subscribe to it ' +
          '(403 otherwise), and only the subscription of an admin of every workspace receives the tenant-wide rows ' +
          '(keys, sign-ins); one of an admin of some workspaces receives the rows of its workspace. ' +
          'The URL must be https and resolve to public addresses unless the operator allows otherwise (checked again at ' +
          'every delivery, after DNS resolution). Needs the `webhooks` scope.',
        params: TenantWorkspaceParams,
        body: CreateBody,
        response: { 201: WithSecret, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const { tenant_id: tenant, workspace_id: workspace } = request.params;
      const body = request.body;
      try {
        checkUrl(body.url, { allowHttp: ctx.config.webhookAllowHttp, allowPrivate: ctx.config.webhookAllowPrivate });
      } catch (err) {
        if (err instanceof OutboundRefused) throw badRequest(`url: ${err.message}`);
        throw err;
      }
      const now = ctx.now();
      const principal = principalOf(request);
      const adminOnly = body.events.filter((e) => adminEventTypes.has(e));
      if (adminOnly.length > 0 && !principal.key.scopes.includes('admin')) {
        const err = forbidden(`only a token with the "admin" scope may subscribe to ${adminOnly.join(', ')}`);
        // Refused and recorded, like a key asking for more than its own: the admins see who tried.
        await ctx.db.transaction((tx) =>
          recordAudit(
            ctx.db,
            tx,
            auditSource(request),
            {
              tenant,
              workspace,
              action: 'webhook.created',
              target: `webhooks/${workspace}`,
              outcome: 'refused',
              reason: err.message,
              detail: { host: new URL(body.url).host, events: body.events },
            },
            now,
          ),
        );
        throw err;
      }
      const { row, secret } = await ctx.db.transaction(async (tx) => {
        const made = await createSubscription(
          ctx.db,
          {
            tenant,
            workspace,
            url: body.url,
            events: body.events,
            minSeverity: body.min_severity ?? 'low',
            description: body.description ?? '',
            createdBy: principal.key.userId,
            auditTenant: adminOnly.length > 0 && principal.allWorkspaces,
            now,
          },
          tx,
        );
        // The URL's host only: a path or query may carry a receiver's own token.
        await audit(request, tx, 'webhook.created', made.row.id, now, {
          host: new URL(body.url).host,
          events: body.events,
          min_severity: made.row.min_severity,
        });
        return made;
      });
      return reply.code(201).send({ ...subscriptionView(row, now), secret });
    },
  );

  listRoute(app, ctx, {
    url: base,
    operationId: 'GetWebhookSubscriptions',
    summary: 'List the webhook subscriptions of a workspace',
    tags,
    description: `The subscriptions of the workspace, newest first. Needs the \`webhooks\` scope.\n\nColumns:\n\n${columnsTable(subscriptionColumns)}`,
    params: TenantWorkspaceParams,
    list: subscriptionsList,
    scope: (params) => workspaceScope(params),
    answers: 'A page of subscriptions.',
    access: 'webhooks',
    anyWorkspace: true,
  });

  api.get(
    `${base}/:id`,
    {
      config,
      schema: {
        operationId: 'GetWebhookSubscription',
        summary: 'Get one webhook subscription',
        tags,
        description: 'The subscription, its state and, when disabled, why. Never its secret.',
        params: SubscriptionParams,
        response: { 200: Subscription, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, id } = request.params;
      return subscriptionView(or404(await getSubscription(ctx.db, ctx.db, tenant, workspace, id)), ctx.now());
    },
  );

  api.delete(
    `${base}/:id`,
    {
      config,
      schema: {
        operationId: 'DeleteWebhookSubscription',
        summary: 'Delete a webhook subscription',
        tags,
        description: 'Deletes the subscription, its pending deliveries and its delivery log. 204; 404 when there is none.',
        params: SubscriptionParams,
        response: { 204: Type.Unsafe({ type: 'null', description: 'Deleted.' }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { tenant_id: tenant, workspace_id: workspace, id } = request.params;
      const now = ctx.now();
      if (!(await deleteSubscription(ctx.db, tenant, workspace, id, (tx) => audit(request, tx, 'webhook.deleted', id, now))))
        throw notFound('no webhook subscription with this id in the workspace');
      return reply.code(204).send();
    },
  );

  api.post(
    `${base}/:id/rotate-secret`,
    {
      config,
      schema: {
        operationId: 'RotateWebhookSecret',
        summary: "Rotate a webhook subscription's secret",
        tags,
        description:
          'A new signing secret, answered once. For 24 hours the previous one signs beside it (`webhook-signature` then ' +
          'carries both), so receivers can switch without a failed delivery.',
        params: SubscriptionParams,
        response: { 200: WithSecret, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, id } = request.params;
      const now = ctx.now();
      const { row, secret } = or404(
        await ctx.db.transaction(async (tx) => {
          const rotated = await rotateSecret(ctx.db, tenant, workspace, id, now, now + SECRET_GRACE_MS, tx);
          if (rotated) await audit(request, tx, 'webhook.secret_rotated', id, now);
          return rotated;
        }),
      );
      return { ...subscriptionView(row, now), secret };
    },
  );

  api.post(
    `${base}/:id/enable`,
    {
      config,
      schema: {
        operationId: 'EnableWebhookSubscription',
        summary: 'Enable a disabled webhook subscription',
        tags,
        description: 'Makes a subscription disabled after persistent failure active again; it receives the events from now on.',
        params: SubscriptionParams,
        response: { 200: Subscription, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, id } = request.params;
      const now = ctx.now();
      const row = await ctx.db.transaction(async (tx) => {
        const enabled = await enableSubscription(ctx.db, tenant, workspace, id, now, tx);
        if (enabled) await audit(request, tx, 'webhook.enabled', id, now);
        return enabled;
      });
      return subscriptionView(or404(row), now);
    },
  );

  listRoute(app, ctx, {
    url: `${base}/:id/deliveries`,
    operationId: 'GetWebhookDeliveries',
    summary: 'List the deliveries of a webhook subscription',
    tags,
    description:
      'The delivery log of the subscription: every event sent or being sent to it, newest first, with its state, attempts ' +
      `and last outcome. One delivery with every attempt: \`GET /webhook-deliveries/tenants/{t}/workspaces/{w}/{deliveryId}\`.\n\nColumns:\n\n${columnsTable(deliveryColumns)}`,
    params: SubscriptionParams,
    list: deliveriesList,
    scope: (params) => workspaceScope({ tenant_id: params.tenant_id, workspace_id: params.workspace_id }, { subscription: params.id }),
    check: async (params) => {
      or404(await getSubscription(ctx.db, ctx.db, params.tenant_id, params.workspace_id, params.id));
    },
    answers: 'A page of deliveries.',
    errors: [404],
    access: 'webhooks',
    anyWorkspace: true,
  });

  api.get(
    '/api/v1/webhook-deliveries/tenants/:tenant_id/workspaces/:workspace_id/:deliveryId',
    {
      config,
      schema: {
        operationId: 'GetWebhookDelivery',
        summary: 'Get one webhook delivery',
        tags,
        description: 'One delivery of the workspace with every attempt (time, duration, HTTP status, error) and the event it sends.',
        params: DeliveryParams,
        response: { 200: DeliveryDetail, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, deliveryId } = request.params;
      const d = await getDelivery(ctx.db, ctx.db, tenant, workspace, deliveryId);
      if (!d) throw notFound('no webhook delivery with this id in the workspace');
      const attempts = await deliveryAttempts(ctx.db, tenant, workspace, deliveryId);
      return {
        ...deliveryView(d),
        attempt_log: attempts.map((a) => ({
          attempt: Number(a.attempt),
          started_at: new Date(Number(a.started_at)).toISOString(),
          duration_ms: Number(a.duration_ms),
          status_code: a.status_code === null ? null : Number(a.status_code),
          outcome: a.outcome,
          error: a.error,
        })),
        event: JSON.parse(d.payload) as Record<string, unknown>,
      };
    },
  );
}
