// Waivers over HTTP: `…/instances/tenants/{t}/workspaces/{w}/{instanceId}/waiver` reads (`read`),
// sets (POST) and lifts (DELETE) the waiver of one finding, or of every finding of its rule on its
// object (`scope: "rule"`). Setting and lifting need the `controls` scope: deciding what counts as
// a finding is the same power as writing the rules that raise them. Each change runs in one
// transaction with the workspace locked as an ingest batch locks it, ends with the batch's finish
// steps (issue counts, risk scores, stored rows, controls, webhooks) and writes its audit row.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { BatchContext, type ChangeInterest, type FinishStep } from '../../ingest/batch-context.ts';
import { type AuditAction, recordAudit } from '../../platform/audit/audit.ts';
import { type Executor, param } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { auditSource } from '../../platform/http/audit-source.ts';
import { principalOf } from '../../platform/http/auth.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { errorResponses, Nullable, PathId, StringEnum, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { rfc3339 } from '../../platform/values.ts';
import { columnsTable } from '../../catalog/docs.ts';
import { instanceDetail } from '../../catalog/rowsets.ts';
import { listRoute, workspaceScope } from '../../platform/lists/list-route.ts';
import { workspaceInstances } from './lists.ts';
import { termsOf, type Waiver } from './waivers-apply.ts';
import { getWaiver, instanceToWaive, lift, waive } from './waivers.ts';

const tags = ['Findings'];
const url = '/api/v1/instances/tenants/:tenant_id/workspaces/:workspace_id/:instanceId/waiver';
const Params = Type.Object({ ...TenantWorkspaceParams.properties, instanceId: PathId('Instance id.') });

const WaiverBody = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: 2000, description: 'Why the finding is accepted or false (required).' }),
    until: Type.Optional(
      Type.String({
        maxLength: 64,
        description: 'When the waiver expires (RFC 3339 time, or a date: midnight UTC); in the future. Absent: it holds until lifted.',
      }),
    ),
    false_positive: Type.Optional(Type.Boolean({ description: 'A false positive rather than an accepted risk (default false).' })),
    scope: Type.Optional(
      StringEnum(['instance', 'rule'] as const, {
        description: '`instance` (default): this finding; `rule`: every finding of its rule on its object, later ones included.',
      }),
    ),
  },
  { additionalProperties: false },
);

const WaiverTerms = Type.Object(
  {
    id: Type.String({ description: 'Waiver id (`wvr_…`).' }),
    scope: StringEnum(['instance', 'rule'] as const),
    kind: StringEnum(['accepted_risk', 'false_positive'] as const),
    reason: Type.String(),
    waived_by: Type.String({ description: 'The user of the token that set it (or last renewed it).' }),
    waived_at: Type.String({ format: 'date-time' }),
    expires_at: Nullable(Type.String({ format: 'date-time', description: 'When it is lifted by itself; null: never.' })),
  },
  { description: 'The terms of a waiver, as every instance it covers carries them in its `waiver` field.' },
);

const WaiverAnswer = Type.Object({
  instance_id: Type.String(),
  rule_id: Type.String(),
  object_type: Type.String(),
  object_id: Type.String(),
  waiver: WaiverTerms,
  instances: Type.Integer({ description: 'Instances it covers now.' }),
});

/** `until` as epoch ms: an RFC 3339 time or a date, in the future. */
export function untilOf(text: string | undefined, now: number): number | null {
  if (text === undefined) return null;
  const t = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text;
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(t) ? Date.parse(t) : Number.NaN;
  if (Number.isNaN(ms)) throw badRequest(`until: "${text.slice(0, 64)}" is not an RFC 3339 time or a date (2026-03-31)`);
  if (ms <= now) throw badRequest(`until: ${rfc3339(ms)} is in the past; a waiver must expire later than now`);
  return ms;
}

export interface WaiverRouteOptions {
  /** The steps that end an ingest batch: issue counts, risk scores, stored rows, controls, the webhooks' outbox. */
  finish: readonly FinishStep[];
  interest: ChangeInterest;
}

export function registerWaivers(app: FastifyInstance, ctx: AppContext, options: WaiverRouteOptions): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  /** Runs a waiver change in a transaction with the workspace locked, as a batch of its own. */
  const inBatch = <T>(tenant: string, workspace: string, run: (b: BatchContext, tx: Executor) => Promise<T>) =>
    ctx.db.transaction(async (tx) => {
      await tx.dialect.lockWorkspace(tx, tenant, workspace);
      const b = new BatchContext(ctx.db, tx, tenant, workspace, ctx.now(), { storePrompts: false }, options.finish, options.interest);
      const out = await run(b, tx);
      await b.finish();
      return out;
    });

  const audit = (
    request: FastifyRequest,
    tx: Executor,
    action: AuditAction,
    t: { tenant: string; workspace: string; instance: string },
    w: Waiver,
    instances: number,
  ) =>
    recordAudit(
      ctx.db,
      tx,
      auditSource(request),
      {
        tenant: t.tenant,
        workspace: t.workspace,
        action,
        target: `instances/${t.workspace}/${t.instance}`,
        outcome: 'success',
        // The terms' shape, not the reason's text (free text a person typed).
        detail: { waiver_id: w.id, scope: w.scope, kind: w.kind, expires_at: rfc3339(w.expiresAt), instances },
      },
      ctx.now(),
    );

  const answer = (instanceId: string, w: Waiver, instances: number) => ({
    instance_id: instanceId,
    rule_id: w.ruleId,
    object_type: w.objectKind,
    object_id: w.objectId,
    waiver: termsOf(w),
    instances,
  });

  // The findings of a workspace, each with its waiver: `status=waived` reads what triage set aside.
  listRoute(app, ctx, {
    url: '/api/v1/instances/tenants/:tenant_id/workspaces/:workspace_id',
    operationId: 'GetWorkspaceInstances',
    summary: 'List the findings of a workspace',
    tags,
    description:
      'Every instance of the workspace, newest first; `status` keeps open, waived or resolved ones (default all), `sort` and ' +
      'paging as on every list, `Accept: text/csv` answers CSV. A waived instance carries its waiver.\n\nColumns:\n\n' +
      columnsTable(instanceDetail.columns),
    params: TenantWorkspaceParams,
    list: workspaceInstances,
    scope: (params) => workspaceScope(params),
    answers: 'A page of instances.',
  });

  api.get(
    url,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetFindingWaiver',
        summary: 'Get the waiver of a finding',
        tags,
        description: 'The waiver covering the instance. 404 when the workspace has no such instance, or it is not waived.',
        params: Params,
        response: { 200: WaiverAnswer, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, instanceId } = request.params;
      return ctx.db.transaction(async (tx) => {
        const b = new BatchContext(ctx.db, tx, tenant, workspace, ctx.now(), { storePrompts: false });
        const target = await instanceToWaive(b, instanceId);
        const w = target.waiver_id === null ? undefined : await getWaiver(ctx.db, tx, tenant, workspace, target.waiver_id);
        if (!w) throw notFound(`instance ${instanceId.slice(0, 64)} is not waived`);
        const covered = await tx.all(
          ctx.db.template('waivers.count', (qb) =>
            qb
              .selectFrom('issue_instances')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('tenant_id', '=', param('tenant'))
              .where('workspace_id', '=', param('workspace'))
              .where('waiver_id', '=', param('waiver')),
          ),
          { tenant, workspace, waiver: w.id },
        );
        return answer(instanceId, w, Number(covered[0]?.n ?? 0));
      });
    },
  );

  api.post(
    url,
    {
      config: { access: 'controls' },
      schema: {
        operationId: 'WaiveFinding',
        summary: 'Waive a finding',
        tags,
        description:
          'Waives the instance (or, with `scope: "rule"`, every finding of its rule on its object, later ones included): accepted ' +
          'risk, or a false positive, with a reason and an optional expiry (`until`). A waived finding has status `waived`: it ' +
          'leaves the open counts, issues, risk scores, compliance posture, dashboard and histogram, stays readable ' +
          '(`status=waived`), and a sensor or rule sending it again does not reopen it while the waiver holds. 201 with the ' +
          'waiver; 200 when it renews the terms of the waiver already covering it with the same scope; 409 when a waiver of the ' +
          'other scope covers it. Announced as `finding.waived`. Needs the `controls` scope.',
        params: Params,
        body: WaiverBody,
        response: { 200: WaiverAnswer, 201: WaiverAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const { tenant_id: tenant, workspace_id: workspace, instanceId } = request.params;
      const body = request.body;
      const reason = body.reason.trim();
      if (!reason) throw badRequest('reason: required, and not only spaces');
      const expiresAt = untilOf(body.until, ctx.now());
      const out = await inBatch(tenant, workspace, async (b, tx) => {
        const done = await waive(b, {
          instanceId,
          scope: body.scope ?? 'instance',
          kind: body.false_positive ? 'false_positive' : 'accepted_risk',
          reason,
          by: principalOf(request).key.userId,
          expiresAt,
        });
        await audit(request, tx, 'finding.waived', { tenant, workspace, instance: instanceId }, done.waiver, done.instances);
        return done;
      });
      return reply.code(out.created ? 201 : 200).send(answer(instanceId, out.waiver, out.instances));
    },
  );

  api.delete(
    url,
    {
      config: { access: 'controls' },
      schema: {
        operationId: 'UnwaiveFinding',
        summary: 'Lift the waiver of a finding',
        tags,
        description:
          'Lifts the waiver covering the instance (a `rule` waiver: for every finding it covers): they come back, open when they ' +
          'still hold, unless another waiver covers them too. 404 when the workspace has no such instance, or it is not waived. ' +
          'Announced as `finding.unwaived`. Needs the `controls` scope.',
        params: Params,
        response: {
          200: Type.Object({
            instance_id: Type.String(),
            waiver_id: Type.String(),
            status: Type.String({ description: '`lifted`.' }),
            instances: Type.Integer({ description: 'Instances it covered.' }),
          }),
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, instanceId } = request.params;
      return inBatch(tenant, workspace, async (b, tx) => {
        const target = await instanceToWaive(b, instanceId);
        const w = target.waiver_id === null ? undefined : await getWaiver(ctx.db, tx, tenant, workspace, target.waiver_id);
        if (!w) throw notFound(`instance ${instanceId.slice(0, 64)} is not waived`);
        const instances = await lift(b, w);
        await audit(request, tx, 'finding.unwaived', { tenant, workspace, instance: instanceId }, w, instances);
        return { instance_id: instanceId, waiver_id: w.id, status: 'lifted', instances };
      });
    },
  );
}
