// The rows of saved views and their exports. A view belongs to one workspace of one tenant and
// is read by id within the tenant; what a token may see of it is decided by the routes (the
// view's workspace must be one of the token's). An export's state is its job's: the two rows
// share the id, and every read of an export joins the job.

import { randomBytes } from 'node:crypto';
import { type InferResult, sql } from 'kysely';
import type { Builder, Db, Executor } from '../../platform/db/database.ts';
import { param, readJson } from '../../platform/db/database.ts';
import { type JobState, joinJob } from '../../platform/jobs/store.ts';
import type { ViewQuery } from './entities.ts';

export type ExportFormat = 'csv' | 'ndjson';
export const exportFormats: readonly ExportFormat[] = ['csv', 'ndjson'];

export interface View extends ViewQuery {
  tenant_id: string;
  id: string;
  workspace_id: string;
  name: string;
  description: string;
  format: ExportFormat;
  interval_seconds: number | null;
  last_export_id: string | null;
  last_exported_at: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
  /** The state of the last export asked for, and its file (from its job and export rows). */
  export_status: JobState | null;
  export_file: string | null;
}

export interface ViewExport {
  tenant_id: string;
  id: string;
  workspace_id: string;
  view_id: string;
  format: ExportFormat;
  file: string;
  recurring: boolean;
  row_count: number | null;
  byte_count: number | null;
  requested_by: string;
  created_at: number;
  finished_at: number | null;
  state: JobState;
  run_at: number;
  attempts: number;
  last_error: string | null;
  /** Rows written so far by the attempt running (or the last one). */
  rows_written: number;
}

/** The file an export writes, in the export directory. */
export const exportFile = (id: string, format: ExportFormat) => `${id}.${format}`;

export const newViewId = () => `view_${randomBytes(10).toString('hex')}`;
export const newExportId = () => `exp_${randomBytes(10).toString('hex')}`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The columns of a view row joined with its last export and that export's job (aliases v, e, j). */
export const viewSelect = [
  'v.tenant_id',
  'v.id',
  'v.workspace_id',
  'v.name',
  'v.description',
  'v.entity',
  'v.saved_filters',
  'v.sort',
  'v.columns',
  'v.format',
  'v.interval_seconds',
  'v.last_export_id',
  'v.last_exported_at',
  'v.created_by',
  'v.created_at',
  'v.updated_at',
  'j.state as export_status',
  'e.file as export_file',
] as const;

export function viewFrom(b: Builder) {
  return joinJob(
    b
      .selectFrom('views as v')
      .leftJoin('view_exports as e', (j) => j.onRef('e.tenant_id', '=', 'v.tenant_id').onRef('e.id', '=', 'v.last_export_id')),
    { alias: 'v', id: 'last_export_id' },
    'left',
  );
}

/** A view as `viewSelect` reads it. */
export type ViewRow = InferResult<ReturnType<typeof viewRows>>[number];

/** A view with its last export's status and file. */
export function viewRows(b: Builder) {
  return viewFrom(b).select([...viewSelect]);
}

export function viewOf(r: ViewRow): View {
  return {
    tenant_id: r.tenant_id,
    id: r.id,
    workspace_id: r.workspace_id,
    name: r.name,
    description: r.description,
    entity: r.entity,
    saved_filters: readJson<Record<string, string>>(r.saved_filters) ?? {},
    sort: r.sort ?? null,
    columns: readJson<string[] | null>(r.columns) ?? null,
    format: r.format,
    interval_seconds: num(r.interval_seconds),
    last_export_id: r.last_export_id ?? null,
    last_exported_at: num(r.last_exported_at),
    created_by: r.created_by,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    export_status: r.export_status ?? null,
    export_file: r.export_file ?? null,
  };
}

export async function getView(db: Db, ex: Executor, tenant: string, id: string): Promise<View | undefined> {
  const t = db.template('views.get', (b) => viewRows(b).where('v.tenant_id', '=', param('tenant')).where('v.id', '=', param('id')));
  const row = await ex.first(t, { tenant, id });
  return row ? viewOf(row) : undefined;
}

export interface ViewFields extends ViewQuery {
  name: string;
  description: string;
  format: ExportFormat;
  interval_seconds: number | null;
}

const stored = (f: ViewFields) => ({
  name: f.name,
  description: f.description,
  entity: f.entity,
  saved_filters: JSON.stringify(f.saved_filters),
  sort: f.sort,
  columns: f.columns === null ? null : JSON.stringify(f.columns),
  format: f.format,
  interval_seconds: f.interval_seconds,
});

export async function insertView(
  db: Db,
  ex: Executor,
  v: { tenant: string; workspace: string; id: string; createdBy: string; now: number } & ViewFields,
): Promise<void> {
  const t = db.template('views.insert', (b) =>
    b.insertInto('views').values({
      tenant_id: param('tenant'),
      id: param('id'),
      workspace_id: param('workspace'),
      name: param('name'),
      description: param('description'),
      entity: param('entity'),
      saved_filters: param('saved_filters'),
      sort: param('sort'),
      columns: param('columns'),
      format: param('format'),
      interval_seconds: param('interval_seconds'),
      last_export_id: null,
      last_exported_at: null,
      created_by: param('created_by'),
      created_at: param('now'),
      updated_at: param('now'),
    }),
  );
  await ex.run(t, { tenant: v.tenant, workspace: v.workspace, id: v.id, created_by: v.createdBy, now: v.now, ...stored(v) });
}

export async function updateView(db: Db, ex: Executor, tenant: string, id: string, f: ViewFields, now: number): Promise<void> {
  const t = db.template('views.update', (b) =>
    b
      .updateTable('views')
      .set({
        name: param('name'),
        description: param('description'),
        entity: param('entity'),
        saved_filters: param('saved_filters'),
        sort: param('sort'),
        columns: param('columns'),
        format: param('format'),
        interval_seconds: param('interval_seconds'),
        updated_at: param('now'),
      })
      .where('tenant_id', '=', param('tenant'))
      .where('id', '=', param('id')),
  );
  await ex.run(t, { tenant, id, now, ...stored(f) });
}

/** Removes a view and the rows of its exports that are not running (a running one finishes and finds its view gone). */
export async function deleteView(db: Db, ex: Executor, tenant: string, id: string): Promise<string[]> {
  const ids = await ex.all(
    db.template('views.export-ids', (b) =>
      b.selectFrom('view_exports').select('id').where('tenant_id', '=', param('tenant')).where('view_id', '=', param('id')),
    ),
    { tenant, id },
  );
  await ex.run(
    db.template('views.delete-exports', (b) =>
      b.deleteFrom('view_exports').where('tenant_id', '=', param('tenant')).where('view_id', '=', param('id')),
    ),
    { tenant, id },
  );
  await ex.run(
    db.template('views.delete', (b) => b.deleteFrom('views').where('tenant_id', '=', param('tenant')).where('id', '=', param('id'))),
    { tenant, id },
  );
  return ids.map((r) => r.id);
}

export async function insertExport(
  db: Db,
  ex: Executor,
  e: {
    tenant: string;
    workspace: string;
    view: string;
    id: string;
    format: ExportFormat;
    recurring: boolean;
    /** Whether it becomes the view's last export now (a recurring one does when it starts). */
    current: boolean;
    requestedBy: string;
    now: number;
  },
): Promise<void> {
  const t = db.template('views.export-insert', (b) =>
    b.insertInto('view_exports').values({
      tenant_id: param('tenant'),
      id: param('id'),
      workspace_id: param('workspace'),
      view_id: param('view'),
      format: param('format'),
      file: param('file'),
      recurring: param('recurring'),
      row_count: null,
      byte_count: null,
      requested_by: param('requested_by'),
      created_at: param('now'),
      finished_at: null,
    }),
  );
  await ex.run(t, {
    tenant: e.tenant,
    id: e.id,
    workspace: e.workspace,
    view: e.view,
    format: e.format,
    file: exportFile(e.id, e.format),
    recurring: e.recurring ? 1 : 0,
    requested_by: e.requestedBy,
    now: e.now,
  });
  if (!e.current) return;
  await ex.run(
    db.template('views.last-export', (b) =>
      b
        .updateTable('views')
        .set({ last_export_id: param('export') })
        .where('tenant_id', '=', param('tenant'))
        .where('id', '=', param('view')),
    ),
    { tenant: e.tenant, view: e.view, export: e.id },
  );
}

/** Records what a completed export wrote, in the transaction that completes its job. */
export async function finishExport(
  db: Db,
  ex: Executor,
  e: { tenant: string; id: string; view: string; rows: number; bytes: number; now: number },
): Promise<void> {
  await ex.run(
    db.template('views.export-finish', (b) =>
      b
        .updateTable('view_exports')
        .set({ row_count: param('rows'), byte_count: param('bytes'), finished_at: param('now') })
        .where('tenant_id', '=', param('tenant'))
        .where('id', '=', param('id')),
    ),
    { tenant: e.tenant, id: e.id, rows: e.rows, bytes: e.bytes, now: e.now },
  );
  await ex.run(
    db.template('views.exported', (b) =>
      b
        .updateTable('views')
        .set({ last_exported_at: param('now') })
        .where('tenant_id', '=', param('tenant'))
        .where('id', '=', param('view')),
    ),
    { tenant: e.tenant, view: e.view, now: e.now },
  );
}

export const exportSelect = [
  'e.tenant_id',
  'e.id',
  'e.workspace_id',
  'e.view_id',
  'e.format',
  'e.file',
  'e.recurring',
  'e.row_count',
  'e.byte_count',
  'e.requested_by',
  'e.created_at',
  'e.finished_at',
  'j.state',
  'j.run_at',
  'j.attempts',
  'j.last_error',
  'j.progress',
] as const;

export function exportFrom(b: Builder) {
  return joinJob(b.selectFrom('view_exports as e'), { alias: 'e', id: 'id' }, 'inner');
}

/** An export as `exportSelect` reads it. */
export type ExportRow = InferResult<ReturnType<typeof exportRows>>[number];

/** An export with its job's state. */
export function exportRows(b: Builder) {
  return exportFrom(b).select([...exportSelect]);
}

export function exportOf(r: ExportRow): ViewExport {
  return {
    tenant_id: r.tenant_id,
    id: r.id,
    workspace_id: r.workspace_id,
    view_id: r.view_id,
    format: r.format,
    file: r.file,
    recurring: Number(r.recurring) === 1,
    row_count: num(r.row_count),
    byte_count: num(r.byte_count),
    requested_by: r.requested_by,
    created_at: Number(r.created_at),
    finished_at: num(r.finished_at),
    state: r.state,
    run_at: Number(r.run_at),
    attempts: Number(r.attempts),
    last_error: r.last_error ?? null,
    rows_written: Number(readJson<{ rows?: number } | null>(r.progress)?.rows ?? 0),
  };
}

/** An export of the tenant by id (export ids are unique within a tenant). */
export async function getExport(db: Db, tenant: string, id: string, ex: Executor = db): Promise<ViewExport | undefined> {
  const t = db.template('views.export-get', (b) =>
    exportRows(b).where('e.tenant_id', '=', param('tenant')).where('e.id', '=', param('id')),
  );
  const row = await ex.first(t, { tenant, id });
  return row ? exportOf(row) : undefined;
}

/** Removes export rows (their jobs are the caller's). */
export async function deleteExports(db: Db, ex: Executor, tenant: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const t = db.template('views.exports-delete', (b, d) =>
    b
      .deleteFrom('view_exports')
      .where('tenant_id', '=', param('tenant'))
      .where(d.inList('id', param('ids'))),
  );
  await ex.run(t, { tenant, ids: [...ids] });
}

/** Whether a view still exists (an export job whose view was deleted has nothing to do). */
export async function viewExists(db: Db, tenant: string, id: string): Promise<boolean> {
  const t = db.template('views.exists', (b) =>
    b.selectFrom('views').select(sql<number>`1`.as('one')).where('tenant_id', '=', param('tenant')).where('id', '=', param('id')),
  );
  return (await db.first(t, { tenant, id })) !== undefined;
}

/** Bytes of the tenant's export files on disk: every completed export's size (a running one's file is not yet counted). */
export async function exportBytesUsed(db: Db, ex: Executor, tenant: string): Promise<number> {
  const t = db.template('views.export-bytes', (b) =>
    b
      .selectFrom('view_exports')
      .select(sql<number>`coalesce(sum(byte_count), 0)`.as('bytes'))
      .where('tenant_id', '=', param('tenant'))
      .where('finished_at', 'is not', null),
  );
  const row = await ex.first(t, { tenant });
  return Number(row?.bytes ?? 0);
}

/** A view's completed recurring exports, newest first. */
export async function completedRecurring(db: Db, ex: Executor, tenant: string, view: string): Promise<Array<{ id: string; file: string }>> {
  const t = db.template('views.completed-recurring', (b) =>
    exportFrom(b)
      .select(['e.id', 'e.file'])
      .where('e.tenant_id', '=', param('tenant'))
      .where('e.view_id', '=', param('view'))
      .where(sql<boolean>`e.recurring = 1 and j.state = 'completed'`)
      .orderBy('e.finished_at', 'desc')
      .orderBy('e.id', 'desc'),
  );
  return ex.all(t, { tenant, view });
}

export interface SettledExport {
  tenant_id: string;
  id: string;
  file: string;
  finished_at: number;
}

/** Exports settled (completed or failed) before `cutoff`, oldest first, at most `limit`, across tenants. */
export async function settledBefore(db: Db, cutoff: number, limit: number): Promise<SettledExport[]> {
  const t = db.template('views.settled-before', (b) =>
    exportFrom(b)
      .select(['e.tenant_id', 'e.id', 'e.file', 'j.finished_at'])
      .where(sql<boolean>`j.state in ('completed', 'failed')`)
      .where('j.finished_at', '<', param<number>('cutoff'))
      .orderBy('j.finished_at')
      .limit(param<number>('limit')),
  );
  const rows = await db.all(t, { cutoff, limit });
  return rows.map((r) => ({ tenant_id: r.tenant_id, id: r.id, file: r.file, finished_at: Number(r.finished_at) }));
}

/** When the oldest settled export settled, if any is left. */
export async function oldestSettled(db: Db, ex: Executor): Promise<number | null> {
  const t = db.template('views.oldest-settled', (b) =>
    exportFrom(b).select(sql<number>`min(j.finished_at)`.as('at')).where(sql<boolean>`j.state in ('completed', 'failed')`),
  );
  const row = await ex.first(t, {});
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** The size of the view's last completed export's file, if it has one: what its next export is likely to take. */
export async function lastExportBytes(db: Db, ex: Executor, tenant: string, view: string): Promise<number> {
  const t = db.template('views.last-export-bytes', (b) =>
    b
      .selectFrom('view_exports')
      .select('byte_count')
      .where('tenant_id', '=', param('tenant'))
      .where('view_id', '=', param('view'))
      .where('finished_at', 'is not', null)
      .orderBy('finished_at', 'desc')
      .limit(1),
  );
  const row = await ex.first(t, { tenant, view });
  return Number(row?.byte_count ?? 0);
}
