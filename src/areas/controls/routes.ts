// Controls over HTTP: `/api/v1/controls/tenants/{t}/workspaces/{w}` lists and creates a
// workspace's controls, `…/{id}` reads, replaces (or creates) and deletes one, `…/{id}/preview`
// answers what its query answers now, and `POST …/preview` what saving a draft would open and
// resolve (`aispm controls apply --dry-run`). Reading needs the `read` scope; every change the
// `controls` scope. Every change evaluates the control in its own transaction, so its findings are
// current when the answer is sent.

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type, { type Static } from 'typebox';
import { unknownControl } from '../../catalog/frameworks.ts';
import { type Severity, severities } from '../../catalog/rules/index.ts';
import { BatchContext, type ChangeInterest, type FinishStep, objectKey } from '../../ingest/batch-context.ts';
import type { Executor } from '../../platform/db/database.ts';
import { ApiError, badRequest, notFound } from '../../platform/errors.ts';
import { principalOf } from '../../platform/http/auth.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { errorResponses, Nullable, PathId, StringEnum, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { rfc3339 } from '../../platform/values.ts';
import { readStored } from '../findings/instances-store.ts';
import type { Controls } from './evaluate.ts';
import { type Answer, MAX_ANSWERS, readQuery, runQuery } from './query.ts';
import { readerIn } from './reader.ts';
import { type Control, type ControlFields, controlsOf, deleteControl, getControl, openCounts, saveControl } from './store.ts';

const tags = ['Controls'];
const base = '/api/v1/controls/tenants/:tenant_id/workspaces/:workspace_id';
/** Most controls a workspace keeps: each is evaluated after every ingest batch. */
const MAX_CONTROLS = 200;
const ID_PATTERN = '^CTL-[A-Za-z0-9._-]{1,120}$';
const IdParams = Type.Object({ ...TenantWorkspaceParams.properties, id: PathId('Control id (its rule id, `CTL-…`).') });

const ControlBody = Type.Object(
  {
    id: Type.Optional(Type.String({ pattern: ID_PATTERN, description: 'Its rule id: `CTL-` then letters, digits, `.`, `_` or `-`.' })),
    title: Type.String({ minLength: 1, maxLength: 200, description: 'What it reports; its findings are titled `<title>: <object>`.' }),
    severity: StringEnum(severities, { description: 'Severity of its findings.' }),
    description: Type.Optional(Type.String({ maxLength: 4000 })),
    remediation: Type.Optional(Type.String({ maxLength: 4000 })),
    frameworks: Type.Optional(
      Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50, description: 'Compliance control ids it maps to (docs/COMPLIANCE.md).' }),
    ),
    enabled: Type.Optional(Type.Boolean({ description: 'Evaluated (default true); a disabled control resolves its findings.' })),
    list: Type.Optional(
      Type.String({
        maxLength: 2000,
        description: "An inventory list's prefix and its query string, as the list takes it: `aispm-agents?models.provider=anthropic`.",
      }),
    ),
    paths: Type.Optional(
      Type.String({
        maxLength: 2000,
        description: 'A paths query string, as the paths API takes it: `from=aispm-agents&to=secrets&max_hops=3`.',
      }),
    ),
  },
  { additionalProperties: false },
);
type Body = Static<typeof ControlBody>;

const ControlAnswer = Type.Object(
  {
    id: Type.String(),
    workspace_id: Type.String(),
    title: Type.String(),
    severity: StringEnum(severities),
    description: Type.String(),
    remediation: Type.String(),
    frameworks: Type.Array(Type.String()),
    enabled: Type.Boolean(),
    list: Nullable(Type.String({ description: 'Its list query, or null for a paths control.' })),
    paths: Nullable(Type.String({ description: 'Its paths query, or null for a list control.' })),
    open_findings: Type.Integer({ description: 'Its open findings now.' }),
    created_by: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { description: 'A control: a saved query whose every answer is a finding.' },
);

const AnswerItem = Type.Object({
  object_kind: Type.String(),
  object_id: Type.String(),
  name: Type.String(),
  evidence: Type.Record(Type.String(), Type.Unknown(), { description: 'The list row, or the paths from the object.' }),
});

/** Objects a draft's preview shows with their evidence (its counts and ids cover all of them). */
const DRAFT_ITEMS = 100;

/** Answers as items with their evidence, the first `limit` by kind and name. */
function itemsOf(answers: Iterable<Answer>, limit = Infinity): Static<typeof AnswerItem>[] {
  const sorted = [...answers].sort(
    (a, b) => a.objectKind.localeCompare(b.objectKind) || a.name.localeCompare(b.name) || a.objectId.localeCompare(b.objectId),
  );
  return sorted.slice(0, limit).map((a) => ({ object_kind: a.objectKind, object_id: a.objectId, name: a.name, evidence: a.evidence() }));
}

const PreviewAnswer = Type.Object({
  id: Type.String(),
  total: Type.Integer({ description: 'Objects it answers (at most the bound).' }),
  truncated: Type.Boolean({ description: `Whether it answers more than ${MAX_ANSWERS} objects.` }),
  items: Type.Array(AnswerItem),
});

const DraftAnswer = Type.Object({
  id: Type.String(),
  change: StringEnum(['create', 'update', 'unchanged'] as const, { description: 'What saving it would do to the stored control.' }),
  answers: Type.Integer({ description: 'Objects it would answer now.' }),
  would_open: Type.Array(Type.String(), { description: 'Objects (`kind/id`) a finding would open on.' }),
  would_resolve: Type.Array(Type.String(), { description: 'Objects whose open finding would resolve.' }),
  items: Type.Array(AnswerItem, {
    description: `The first ${DRAFT_ITEMS} objects it would answer now (by kind and name) with their evidence: the rows an editor shows.`,
  }),
});

function answerOf(c: Control, open: number): Static<typeof ControlAnswer> {
  return {
    id: c.id,
    workspace_id: c.workspace,
    title: c.title,
    severity: c.severity,
    description: c.description,
    remediation: c.remediation,
    frameworks: c.frameworks,
    enabled: c.enabled,
    list: c.queryKind === 'list' ? c.query : null,
    paths: c.queryKind === 'paths' ? c.query : null,
    open_findings: open,
    created_by: c.createdBy,
    created_at: rfc3339(c.createdAt)!,
    updated_at: rfc3339(c.updatedAt)!,
  };
}

/** The control's fields from a body (and the path's id), its frameworks and exactly one query checked. */
function fieldsOf(body: Body, id: string | undefined): ControlFields {
  if (id !== undefined && body.id !== undefined && body.id !== id) throw badRequest(`id: "${body.id}" differs from the path's "${id}"`);
  const cid = id ?? body.id;
  if (cid === undefined) throw badRequest('id: required');
  if (!new RegExp(ID_PATTERN).test(cid)) throw badRequest(`id: "${cid.slice(0, 64)}" is not CTL- then letters, digits, ., _ or -`);
  if ((body.list === undefined) === (body.paths === undefined)) throw badRequest(`control ${cid}: give exactly one of list and paths`);
  const unknown = unknownControl(body.frameworks ?? []);
  if (unknown) throw badRequest(`frameworks: unknown control "${unknown.slice(0, 64)}" (docs/COMPLIANCE.md lists them)`);
  return {
    id: cid,
    title: body.title,
    severity: body.severity as Severity,
    description: body.description ?? '',
    remediation: body.remediation ?? '',
    frameworks: body.frameworks ?? [],
    enabled: body.enabled ?? true,
    queryKind: body.list !== undefined ? 'list' : 'paths',
    query: (body.list ?? body.paths)!.trim(),
  };
}

/** Whether two controls would evaluate to different findings (then they start afresh). */
const regraded = (a: ControlFields, b: ControlFields) =>
  a.queryKind !== b.queryKind || a.query !== b.query || a.severity !== b.severity || a.title !== b.title;

const sameFields = (a: ControlFields, b: ControlFields) =>
  !regraded(a, b) &&
  a.description === b.description &&
  a.remediation === b.remediation &&
  a.enabled === b.enabled &&
  JSON.stringify(a.frameworks) === JSON.stringify(b.frameworks);

export interface ControlsRouteOptions {
  controls: Controls;
  /** The webhooks' outbox step: the findings a change opens or resolves are announced. */
  announce: FinishStep;
  interest: ChangeInterest;
}

export function registerControls(app: FastifyInstance, ctx: AppContext, options: ControlsRouteOptions): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const write = { access: 'controls' as const };
  const bounds = () => ({ starts: ctx.config.pathMaxStarts, visits: ctx.config.pathMaxVisits });
  const batch = (tx: Executor, tenant: string, workspace: string) =>
    new BatchContext(ctx.db, tx, tenant, workspace, ctx.now(), { storePrompts: false }, [], options.interest);

  /** The control, or a 404 (another workspace's control is not found, as if it did not exist). */
  async function existing(ex: Executor, tenant: string, workspace: string, id: string): Promise<Control> {
    const c = await getControl(ctx.db, ex, tenant, workspace, id);
    if (!c) throw notFound(`no control ${id.slice(0, 64)} in this workspace`);
    return c;
  }

  /** Checks the query as its route would, and that it answers within bounds now. */
  async function checked(b: BatchContext, f: ControlFields) {
    const q = readQuery(f.queryKind, f.query, ctx.db.dialect, bounds());
    const run = await runQuery(readerIn(ctx.db, b.tx), q, b.tenant, b.workspace);
    if (run.truncated)
      throw badRequest(`${f.queryKind}: answers more than ${MAX_ANSWERS} objects; a control should answer few (narrow its filters)`);
    return { q, run };
  }

  /** Saves a control and settles its findings, in one transaction; whether it was created. */
  async function save(
    tenant: string,
    workspace: string,
    by: string,
    f: ControlFields,
    createOnly: boolean,
  ): Promise<{ control: Control; created: boolean }> {
    return ctx.db.transaction(async (tx) => {
      const b = batch(tx, tenant, workspace);
      const before = await getControl(ctx.db, tx, tenant, workspace, f.id);
      if (before && createOnly) throw new ApiError(409, `control ${f.id} exists; replace it with PUT`);
      if (!before && (await controlsOf(ctx.db, tx, tenant, workspace)).length >= MAX_CONTROLS) {
        throw badRequest(`a workspace keeps at most ${MAX_CONTROLS} controls`);
      }
      const { q } = await checked(b, f);
      if (before && sameFields(before, f)) return { control: before, created: false };
      await saveControl(ctx.db, tx, { tenant, workspace, by, now: b.now, objectKind: q.object.name }, f);
      const control = (await getControl(ctx.db, tx, tenant, workspace, f.id))!;
      const { objects } = await options.controls.settle(b, f.id, control, before !== undefined && regraded(before, f));
      // Other controls may read the issue counts these findings moved.
      await options.controls.reread(b, new Set(), objects);
      await options.announce(b);
      return { control, created: !before };
    });
  }

  const count = async (c: Control) => (await openCounts(ctx.db, ctx.db, c.tenant, c.workspace)).get(c.id) ?? 0;

  api.get(
    base,
    {
      config: { access: 'read', anyWorkspace: true },
      schema: {
        operationId: 'GetControls',
        summary: 'List the controls of a workspace',
        tags,
        description: `The workspace's controls by id, each with its open findings (at most ${MAX_CONTROLS}, so not paged).`,
        params: TenantWorkspaceParams,
        response: { 200: Type.Object({ items: Type.Array(ControlAnswer), total: Type.Integer() }), ...errorResponses() },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace } = request.params;
      const [controls, open] = await Promise.all([
        controlsOf(ctx.db, ctx.db, tenant, workspace),
        openCounts(ctx.db, ctx.db, tenant, workspace),
      ]);
      return { items: controls.map((c) => answerOf(c, open.get(c.id) ?? 0)), total: controls.length };
    },
  );

  api.post(
    base,
    {
      config: write,
      schema: {
        operationId: 'CreateControl',
        summary: 'Create a control',
        tags,
        description:
          'Saves a control: a rule of the workspace whose every answer is an open finding. Exactly one of `list` (an inventory ' +
          "list's prefix and query string, as the list takes it, related filters included) and `paths` (a paths query string). " +
          `The query is checked as its route checks it (400 naming the problem) and must answer at most ${MAX_ANSWERS} objects. ` +
          'It is evaluated now and after every ingest batch. 409 when the id exists. Needs the `controls` scope.',
        params: TenantWorkspaceParams,
        body: ControlBody,
        response: { 201: ControlAnswer, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const { tenant_id: tenant, workspace_id: workspace } = request.params;
      const { control } = await save(tenant, workspace, principalOf(request).key.userId, fieldsOf(request.body, undefined), true);
      return reply.code(201).send(answerOf(control, await count(control)));
    },
  );

  api.post(
    `${base}/preview`,
    {
      config: write,
      schema: {
        operationId: 'PreviewControlDraft',
        summary: 'What saving a control would change',
        tags,
        description:
          'Checks a draft control as `CreateControl` does and answers, without writing, the objects a finding would open on and ' +
          'those whose open finding would resolve if it were saved (`aispm controls apply --dry-run`). Needs the `controls` scope.',
        params: TenantWorkspaceParams,
        body: ControlBody,
        response: { 200: DraftAnswer, ...errorResponses() },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace } = request.params;
      const f = fieldsOf(request.body, undefined);
      return ctx.db.transaction(async (tx) => {
        const b = batch(tx, tenant, workspace);
        const before = await getControl(ctx.db, tx, tenant, workspace, f.id);
        const { run } = await checked(b, f);
        const open = await openObjects(tx, tenant, workspace, f.id);
        const fresh = before !== undefined && regraded(before, f);
        const answers = f.enabled ? run.answers : new Map();
        const label = (k: string) => k.replace('\u0000', '/');
        return {
          id: f.id,
          change: !before ? ('create' as const) : sameFields(before, f) ? ('unchanged' as const) : ('update' as const),
          answers: run.answers.size,
          would_open: [...answers.keys()].filter((k) => fresh || !open.has(k)).map(label),
          would_resolve: [...open].filter((k) => fresh || !answers.has(k)).map(label),
          items: itemsOf(run.answers.values(), DRAFT_ITEMS),
        };
      });
    },
  );

  /** Objects with a live finding of the rule (open, or waived: saving keeps it as it is). */
  async function openObjects(tx: Executor, tenant: string, workspace: string, rule: string): Promise<Set<string>> {
    const live = await readStored({ db: ctx.db, tx, tenant, workspace }, { by: 'rule_id', values: [rule], status: 'live' });
    return new Set(live.map((r) => objectKey(r.object_kind, r.object_id)));
  }

  api.get(
    `${base}/:id`,
    {
      config: { access: 'read', anyWorkspace: true },
      schema: {
        operationId: 'GetControl',
        summary: 'Get a control',
        tags,
        description: 'One control of the workspace with its open findings; 404 when the workspace has none with this id.',
        params: IdParams,
        response: { 200: ControlAnswer, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, id } = request.params;
      const c = await existing(ctx.db, tenant, workspace, id);
      return answerOf(c, await count(c));
    },
  );

  api.put(
    `${base}/:id`,
    {
      config: write,
      schema: {
        operationId: 'PutControl',
        summary: 'Create or replace a control',
        tags,
        description:
          'Creates the control with this id (201) or replaces it (200), as `CreateControl` checks it. A replace that changes ' +
          'its query, severity or title resolves its open findings and opens them afresh; one that changes nothing writes nothing. ' +
          'Needs the `controls` scope.',
        params: IdParams,
        body: ControlBody,
        response: { 200: ControlAnswer, 201: ControlAnswer, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const { tenant_id: tenant, workspace_id: workspace, id } = request.params;
      const { control, created } = await save(tenant, workspace, principalOf(request).key.userId, fieldsOf(request.body, id), false);
      return reply.code(created ? 201 : 200).send(answerOf(control, await count(control)));
    },
  );

  api.delete(
    `${base}/:id`,
    {
      config: write,
      schema: {
        operationId: 'DeleteControl',
        summary: 'Delete a control',
        tags,
        description: 'Resolves its open findings and removes it. 404 when the workspace has none with this id. Needs the `controls` scope.',
        params: IdParams,
        response: {
          200: Type.Object({ id: Type.String(), status: Type.String({ description: '`deleted`.' }) }),
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, id } = request.params;
      await ctx.db.transaction(async (tx) => {
        await existing(tx, tenant, workspace, id);
        const b = batch(tx, tenant, workspace);
        const { objects } = await options.controls.settle(b, id, undefined);
        await deleteControl(ctx.db, tx, tenant, workspace, id);
        await options.controls.reread(b, new Set(), objects);
        await options.announce(b);
      });
      return { id, status: 'deleted' };
    },
  );

  api.get(
    `${base}/:id/preview`,
    {
      config: { access: 'read', anyWorkspace: true },
      schema: {
        operationId: 'PreviewControl',
        summary: 'What a control answers now',
        tags,
        description:
          'The objects its query answers now (each an open finding of it once evaluated), with the list row or the paths as ' +
          'evidence; the same objects the list or paths API answers for the query.',
        params: IdParams,
        response: { 200: PreviewAnswer, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, id } = request.params;
      const c = await existing(ctx.db, tenant, workspace, id);
      const q = readQuery(c.queryKind, c.query, ctx.db.dialect, bounds());
      const run = await runQuery(ctx.db, q, tenant, workspace);
      const items = itemsOf(run.answers.values());
      return { id: c.id, total: items.length, truncated: run.truncated, items };
    },
  );
}
