// Saved views over HTTP, in the product family's style: a view is created and listed in a
// workspace (`/views/tenants/{t}/workspaces/{w}`), then read, replaced, deleted and exported by
// its id (`/views/{id}`, `POST /views/{id}/export` as the family's document gives it), the token's
// tenant and workspaces bounding what an id reaches (another tenant's or workspace's view is a
// 404, as if it did not exist). Reading needs the `read` scope, every change the `views` scope.
// An export runs in the background (export.ts); it is listed with the view's exports, read by its
// id (`/view-exports/{id}`, the family's tag for exports) and its file downloaded through the API.

import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type, { type Static } from 'typebox';
import { type AuditAction, recordAudit } from '../../platform/audit/audit.ts';
import type { Executor } from '../../platform/db/database.ts';
import { ApiError, notFound } from '../../platform/errors.ts';
import { auditSource } from '../../platform/http/audit-source.ts';
import { canReadWorkspace, principalOf } from '../../platform/http/auth.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { errorResponses, Nullable, PathId, StringEnum, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { deleteJobs, jobStates } from '../../platform/jobs/store.ts';
import { answerList, listQuerySchema, workspaceScope } from '../../platform/lists/list-route.ts';
import type { ListScope } from '../../platform/lists/list-spec.ts';
import { rfc3339 } from '../../platform/values.ts';
import { entityNames, resolveView } from './entities.ts';
import { cancelSchedule, checkQuota, enqueueExport, type ExportSettings, exportInProgress, reschedule } from './export.ts';
import { exportsList, viewsList } from './lists.ts';
import {
  deleteView,
  type ExportFormat,
  exportFile,
  exportFormats,
  getExport,
  getView,
  insertView,
  newViewId,
  updateView,
  type View,
  type ViewExport,
  type ViewFields,
} from './store.ts';

const tags = ['Views'];
const base = '/api/v1/views/tenants/:tenant_id/workspaces/:workspace_id';
const IdParams = Type.Object({ id: PathId('View id.') });
const ExportParams = Type.Object({ id: PathId('Export id (`export_workflow_id`).') });
/** Shortest interval between recurring exports: a schedule is for reports, not for polling. */
const MIN_INTERVAL_S = 60;
const MAX_INTERVAL_S = 366 * 86_400;

const FilterValue = Type.Union([Type.String({ maxLength: 1024 }), Type.Number(), Type.Boolean()]);
const ViewBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, description: 'Its name.' }),
    description: Type.Optional(Type.String({ maxLength: 2000, description: 'What it is for.' })),
    entity: StringEnum(entityNames, { description: 'The list it is a view of.' }),
    saved_filters: Type.Optional(
      Type.Record(Type.String({ maxLength: 128 }), FilterValue, {
        description:
          'The list\'s filters, as its query parameters name them (`{"severity": "critical", "name__ilk": "bot"}`); ' +
          'checked as the list checks them.',
      }),
    ),
    sort: Type.Optional(
      Nullable(Type.String({ maxLength: 256, description: "The list's sort terms, `column[:asc|desc]`, comma-separated." })),
    ),
    columns: Type.Optional(
      Nullable(
        Type.Array(Type.String({ maxLength: 128 }), { maxItems: 200, description: 'The columns kept, in this order (all when absent).' }),
      ),
    ),
    format: Type.Optional(StringEnum(exportFormats, { description: 'What its exports write: csv (default) or ndjson.' })),
    interval_seconds: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: MIN_INTERVAL_S,
          maximum: MAX_INTERVAL_S,
          description: `Export it every this many seconds (${MIN_INTERVAL_S}–${MAX_INTERVAL_S}); absent or null: only when asked.`,
        }),
      ),
    ),
  },
  { additionalProperties: false },
);

const Time = (description: string) => Nullable(Type.String({ format: 'date-time', description }));
const Status = Nullable(StringEnum(jobStates, { description: 'scheduled, running, retry_pending, completed or failed.' }));

const ViewAnswer = Type.Object(
  {
    id: Type.String({ description: 'View id.' }),
    workspace_id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    entity: Type.String({ description: 'The list it is a view of.' }),
    saved_filters: Type.Record(Type.String(), Type.String(), { description: "The list's filters it applies." }),
    sort: Nullable(Type.String({ description: "Its sort terms, or null for the list's order." })),
    columns: Nullable(Type.Array(Type.String(), { description: 'The columns it keeps, or null for all.' })),
    format: StringEnum(exportFormats),
    interval_seconds: Nullable(Type.Integer({ description: 'Seconds between recurring exports, or null.' })),
    export_status: Status,
    export_path: Nullable(Type.String({ description: "The last export's file, in the export directory." })),
    last_exported: Time('When an export of it last completed.'),
    created_by: Type.String({ description: 'User of the token that created it.' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { description: 'A saved view.' },
);

const ExportAnswer = Type.Object(
  {
    id: Type.String({ description: 'Export id (the id of its job).' }),
    view_id: Type.String(),
    export_status: StringEnum(jobStates),
    export_path: Type.String({ description: 'Its file, in the export directory.' }),
    export_date: Type.String({ format: 'date-time', description: 'When it completed; before that, when it is due.' }),
    format: StringEnum(exportFormats),
    rows: Nullable(Type.Integer({ description: 'Rows written, once completed.' })),
    bytes: Nullable(Type.Integer({ description: 'Size of the file, once completed.' })),
    attempts: Type.Integer({ description: 'Attempts started.' }),
    rows_written: Type.Integer({ description: 'Rows the running (or last) attempt has written so far.' }),
    error: Nullable(Type.String({ description: 'Why the last attempt failed.' })),
    recurring: Type.Boolean({ description: "Whether the view's interval scheduled it." }),
    requested_by: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    finished_at: Time('When it completed.'),
    download_href: Type.String({ description: 'Where its file is downloaded, once completed.' }),
  },
  { description: 'An export of a view.' },
);

const PageHrefs = Type.Object({
  next: Type.String({ description: 'The next page, or empty on the last.' }),
  prev: Type.String({ description: 'Always empty: pages are read forward, by cursor.' }),
});

function viewAnswer(v: View): Static<typeof ViewAnswer> {
  return {
    id: v.id,
    workspace_id: v.workspace_id,
    name: v.name,
    description: v.description,
    entity: v.entity,
    saved_filters: v.saved_filters,
    sort: v.sort,
    columns: v.columns,
    format: v.format,
    interval_seconds: v.interval_seconds,
    export_status: v.export_status,
    export_path: v.export_file,
    last_exported: rfc3339(v.last_exported_at),
    created_by: v.created_by,
    created_at: rfc3339(v.created_at)!,
    updated_at: rfc3339(v.updated_at)!,
  };
}

const downloadHref = (id: string) => `/api/v1/view-exports/${encodeURIComponent(id)}/file`;

function exportAnswer(e: ViewExport): Static<typeof ExportAnswer> {
  return {
    id: e.id,
    view_id: e.view_id,
    export_status: e.state,
    export_path: e.file,
    export_date: rfc3339(e.finished_at ?? e.run_at)!,
    format: e.format,
    rows: e.row_count,
    bytes: e.byte_count,
    attempts: e.attempts,
    rows_written: e.rows_written,
    error: e.last_error,
    recurring: e.recurring,
    requested_by: e.requested_by,
    created_at: rfc3339(e.created_at)!,
    finished_at: rfc3339(e.finished_at),
    download_href: downloadHref(e.id),
  };
}

/** The view's fields from a request body, checked against its list (a 400 names what is wrong). */
function fieldsOf(body: Static<typeof ViewBody>, ctx: AppContext): ViewFields {
  const fields: ViewFields = {
    name: body.name,
    description: body.description ?? '',
    entity: body.entity,
    saved_filters: Object.fromEntries(Object.entries(body.saved_filters ?? {}).map(([k, v]) => [k, String(v)])),
    sort: body.sort ?? null,
    columns: body.columns ?? null,
    format: (body.format ?? 'csv') as ExportFormat,
    interval_seconds: body.interval_seconds ?? null,
  };
  resolveView(fields, ctx.db.dialect);
  return fields;
}

/** `page_hrefs.next`: this request again from the next cursor. */
function nextHref(request: FastifyRequest, cursor: string): string {
  if (!cursor) return '';
  const url = new URL(request.url, 'http://x');
  url.searchParams.set('cursor', cursor);
  return url.pathname + url.search;
}

export interface ViewsOptions {
  exports: () => ExportSettings;
  /** Tells this process's job runner that an export was enqueued. */
  wake: () => void;
}

export function registerViews(app: FastifyInstance, ctx: AppContext, options: ViewsOptions): void {
  const api = withTypeBox(app);
  registerViewRoutes(api, ctx, options);
  registerExportRoutes(api, ctx, options);
}

/** The app with TypeBox's type provider, as each route here is declared. */
type Api = ReturnType<typeof withTypeBox>;
function withTypeBox(app: FastifyInstance) {
  return app.withTypeProvider<TypeBoxTypeProvider>();
}

/** A change to a view is written by views' token scope (`views`). */
const write = { access: 'views' as const };

/** The audit row of a change to a view, in the change's transaction: its name and shape, not its filters' values. */
function audit(ctx: AppContext, request: FastifyRequest, tx: Executor, action: AuditAction, v: View, now: number) {
  return recordAudit(
    ctx.db,
    tx,
    auditSource(request),
    {
      tenant: v.tenant_id,
      workspace: v.workspace_id,
      action,
      target: `views/${v.id}`,
      outcome: 'success',
      detail: { workspace: v.workspace_id, name: v.name, entity: v.entity, format: v.format, interval_seconds: v.interval_seconds },
    },
    now,
  );
}

/** The view with this id, when the token's tenant and workspaces reach it; a 404 otherwise. */
async function viewFor(ctx: AppContext, request: FastifyRequest, id: string): Promise<View> {
  const p = principalOf(request);
  const view = await getView(ctx.db, ctx.db, p.key.tenantId, id);
  if (!view || !canReadWorkspace(p, view.workspace_id)) throw notFound("no view with this id in the token's workspaces");
  return view;
}

/** The export with this id, when the token's tenant and workspaces reach it; a 404 otherwise. */
async function exportFor(ctx: AppContext, request: FastifyRequest, id: string): Promise<ViewExport> {
  const p = principalOf(request);
  const e = await getExport(ctx.db, p.key.tenantId, id);
  if (!e || !canReadWorkspace(p, e.workspace_id)) throw notFound("no view export with this id in the token's workspaces");
  return e;
}

/** Saving, reading, changing and deleting views. */
function registerViewRoutes(api: Api, ctx: AppContext, options: ViewsOptions): void {
  api.post(
    base,
    {
      config: write,
      schema: {
        operationId: 'CreateView',
        summary: 'Save a view of a list',
        tags,
        description:
          'Saves a named query over one list of the workspace: an inventory kind (' +
          entityNames.slice(0, -5).join(', ') +
          "), issues, instances, sessions, interactions or (current) scans, with the list's filters (`saved_filters`), " +
          'sort and columns, each checked as the list checks them (400 naming what is wrong). With `interval_seconds` it is ' +
          'exported on that schedule too. Needs the `views` scope.',
        params: TenantWorkspaceParams,
        body: ViewBody,
        response: { 201: ViewAnswer, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const { tenant_id: tenant, workspace_id: workspace } = request.params;
      const fields = fieldsOf(request.body, ctx);
      const now = ctx.now();
      const id = newViewId();
      const by = principalOf(request).key.userId;
      const view = await ctx.db.transaction(async (tx) => {
        await insertView(ctx.db, tx, { tenant, workspace, id, createdBy: by, now, ...fields });
        const v = (await getView(ctx.db, tx, tenant, id))!;
        await reschedule(ctx.db, tx, v, by, now);
        await audit(ctx, request, tx, 'view.created', v, now);
        return v;
      });
      options.wake();
      return reply.code(201).send(viewAnswer(view));
    },
  );

  api.get(
    base,
    {
      config: { access: 'read', anyWorkspace: true },
      schema: {
        operationId: 'GetViews',
        summary: 'List the views of a workspace',
        tags,
        description:
          'The saved views of the workspace, newest first, in pages: `items`, `total`, and `page_hrefs.next` (the next ' +
          'page, empty on the last). `sort` takes `column[:asc|desc]` terms over id, name, entity, format, created_at, updated_at.',
        params: TenantWorkspaceParams,
        querystring: listQuerySchema(viewsList, ctx.db.dialect),
        response: {
          200: Type.Object({ items: Type.Array(ViewAnswer), page_hrefs: PageHrefs, total: Type.Integer() }),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const { page, cursor } = await answerList(ctx, viewsList, workspaceScope(request.params), request.query);
      return { items: page.rows.map(viewAnswer), page_hrefs: { next: nextHref(request, cursor), prev: '' }, total: page.total };
    },
  );

  api.get(
    '/api/v1/views/:id',
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetView',
        summary: 'Get a view',
        tags,
        description: "One saved view, with the state of its last export. 404 when no view of the token's workspaces has the id.",
        params: IdParams,
        response: { 200: ViewAnswer, ...errorResponses(404) },
      },
    },
    async (request) => viewAnswer(await viewFor(ctx, request, request.params.id)),
  );

  api.put(
    '/api/v1/views/:id',
    {
      config: write,
      schema: {
        operationId: 'UpdateView',
        summary: 'Replace a view',
        tags,
        description:
          "Replaces the view's fields (as `CreateView` takes them); a changed interval reschedules its next recurring " +
          'export from now. Exports already made are kept. Needs the `views` scope.',
        params: IdParams,
        body: ViewBody,
        response: { 200: ViewAnswer, ...errorResponses(404) },
      },
    },
    async (request) => {
      const view = await viewFor(ctx, request, request.params.id);
      const fields = fieldsOf(request.body, ctx);
      const now = ctx.now();
      const by = principalOf(request).key.userId;
      const updated = await ctx.db.transaction(async (tx) => {
        await updateView(ctx.db, tx, view.tenant_id, view.id, fields, now);
        const v = (await getView(ctx.db, tx, view.tenant_id, view.id))!;
        if (v.interval_seconds !== view.interval_seconds) await reschedule(ctx.db, tx, v, by, now);
        await audit(ctx, request, tx, 'view.updated', v, now);
        return v;
      });
      options.wake();
      return viewAnswer(updated);
    },
  );

  api.delete(
    '/api/v1/views/:id',
    {
      config: write,
      schema: {
        operationId: 'DeleteView',
        summary: 'Delete a view',
        tags,
        description:
          'Deletes the view, its schedule, its exports not running and their files (a running export finishes and is ' +
          'then dropped). Needs the `views` scope.',
        params: IdParams,
        response: {
          200: Type.Object({ id: Type.String(), status: Type.String({ description: '`deleted`.' }) }),
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const view = await viewFor(ctx, request, request.params.id);
      const ids = await ctx.db.transaction(async (tx) => {
        await cancelSchedule(ctx.db, tx, view.tenant_id, view.id);
        const exports = await deleteView(ctx.db, tx, view.tenant_id, view.id);
        await deleteJobs(tx, view.tenant_id, exports);
        await audit(ctx, request, tx, 'view.deleted', view, ctx.now());
        return exports;
      });
      const { dir } = options.exports();
      await Promise.all(ids.flatMap((id) => exportFormats.map((f) => rm(join(dir, `${id}.${f}`), { force: true }))));
      return { id: view.id, status: 'deleted' };
    },
  );
}

/** Running a view's export now, and its exports: listed, read, downloaded. */
function registerExportRoutes(api: Api, ctx: AppContext, options: ViewsOptions): void {
  api.post(
    '/api/v1/views/:id/export',
    {
      config: write,
      schema: {
        operationId: 'ExportView',
        summary: 'Export a view',
        tags,
        description:
          'Schedules an export of every row of the view to a file (CSV or NDJSON, as the view says) in the export ' +
          'directory, and answers at once: `export_workflow_id` follows it on `GET /view-exports/{id}`. It runs in the ' +
          'background, survives a restart of the service, runs once across replicas, and moves scheduled → running → ' +
          'completed | failed, through retry_pending (with backoff) when an attempt fails. One export of a view runs at ' +
          'a time: while one is scheduled, running or retrying (asked for, or a recurring one that is due), the request ' +
          'answers that export (its id and state) instead of starting another. 409 `export_quota_exceeded` when the ' +
          "tenant's export files, with the size of the view's last export, would pass its quota (AISPM_EXPORT_QUOTA_BYTES). " +
          'Needs the `views` scope.',
        params: IdParams,
        response: {
          200: Type.Object({
            export_path: Type.String({ description: 'The file it writes, in the export directory.' }),
            export_status: StringEnum(jobStates, {
              description: '`scheduled` for a new export; the state of the export in progress when there was one.',
            }),
            export_workflow_id: Type.String({ description: 'The export (and its job).' }),
            download_href: Type.String({ description: 'Where the file is downloaded once completed.' }),
          }),
          ...errorResponses(404, 409),
        },
      },
    },
    async (request) => {
      const view = await viewFor(ctx, request, request.params.id);
      const now = ctx.now();
      const { id, state } = await ctx.db.transaction(async (tx) => {
        const running = await exportInProgress(tx, view, now);
        if (running) return running;
        await checkQuota(ctx.db, tx, view.tenant_id, view.id, options.exports().quotaBytes);
        return enqueueExport(ctx.db, tx, view, { requestedBy: principalOf(request).key.userId, now });
      });
      options.wake();
      // The export as it was enqueued or found (a runner may have moved it on since).
      return {
        export_path: exportFile(id, view.format),
        export_status: state,
        export_workflow_id: id,
        download_href: downloadHref(id),
      };
    },
  );

  api.get(
    '/api/v1/views/:id/exports',
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetViewExports',
        summary: 'List the exports of a view',
        tags,
        description:
          'The exports of the view, newest first, with their state, in pages: `items`, `total`, `page_hrefs.next`. ' +
          '`sort` takes terms over id, export_status, created_at, finished_at.',
        params: IdParams,
        querystring: listQuerySchema(exportsList, ctx.db.dialect),
        response: {
          200: Type.Object({ items: Type.Array(ExportAnswer), page_hrefs: PageHrefs, total: Type.Integer() }),
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const view = await viewFor(ctx, request, request.params.id);
      const scope: ListScope = { args: { tenant: view.tenant_id, view: view.id }, key: '', fingerprint: [view.tenant_id, view.id] };
      const { page, cursor } = await answerList(ctx, exportsList, scope, request.query);
      return {
        items: page.rows.map(exportAnswer),
        page_hrefs: { next: nextHref(request, cursor), prev: '' },
        total: page.total,
      };
    },
  );

  api.get(
    '/api/v1/view-exports/:id',
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetViewExport',
        summary: 'Get an export of a view',
        tags,
        description: 'One export of the view: its state, attempts, last error and, once completed, its rows and size.',
        params: ExportParams,
        response: { 200: ExportAnswer, ...errorResponses(404) },
      },
    },
    async (request) => exportAnswer(await exportFor(ctx, request, request.params.id)),
  );

  api.get(
    '/api/v1/view-exports/:id/file',
    {
      config: { access: 'read' },
      schema: {
        operationId: 'DownloadViewExport',
        summary: 'Download an export of a view',
        tags,
        description:
          'The file of a completed export: `text/csv` (a header line, then the rows) or `application/x-ndjson` (one ' +
          'object per row). 409 while it is not completed.',
        params: ExportParams,
        response: {
          // Unsafe: the file is streamed as it is on disk, never serialised by the schema.
          200: Type.Unsafe({
            description: 'The file.',
            content: {
              'text/csv': { schema: { type: 'string', format: 'binary' } },
              'application/x-ndjson': { schema: { type: 'string', format: 'binary' } },
            },
          }),
          ...errorResponses(404, 409),
        },
      },
    },
    async (request, reply) => {
      const e = await exportFor(ctx, request, request.params.id);
      if (e.state !== 'completed') throw new ApiError(409, `the export is ${e.state}, not completed`);
      const path = join(options.exports().dir, e.file);
      const size = await stat(path).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) throw notFound('the file of this export is no longer in the export directory');
      return reply
        .type(e.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${e.file}"`)
        .send(createReadStream(path));
    },
  );
}
