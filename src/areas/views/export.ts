// Exports of saved views: each is a job of the durable job table (src/platform/jobs), so it runs
// in the background, once across processes and replicas, is retried with backoff when an attempt
// fails, and is taken up again after a restart or a crash (kill -9) of the process running it.
// An attempt reads every row of the view's list page by page (keyset, as its route pages it),
// writes them to `<id>.<format>.part` in the export directory and renames the file into place, so
// a file under its final name is always whole; a retried attempt starts the file again. The
// export row's figures commit in the transaction that completes the job. A view with an interval
// keeps one next export scheduled (the job table's dedupe key holds it).
//
// Exports are bounded (issue 33): a view has at most one export asked for and not settled (a
// dedupe key of the job table, so two requests at once get the same export); a tenant's export
// files have a quota, checked when an export is asked for and while it writes; a view's recurring
// exports keep their last N files; settled exports expire (housekeeping.ts).

import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db, Executor } from '../../platform/db/database.ts';
import { csvLine } from '../../platform/csv.ts';
import { ApiError } from '../../platform/errors.ts';
import type { JobHandler } from '../../platform/jobs/runner.ts';
import { PermanentJobError } from '../../platform/jobs/runner.ts';
import { deleteJobs, enqueueJob, type JobState, jobByKey } from '../../platform/jobs/store.ts';
import { type ListRows, readRows } from '../../platform/lists/list-page.ts';
import { workspaceScope } from '../../platform/lists/list-route.ts';
import { param } from '../../platform/db/database.ts';
import { resolveView } from './entities.ts';
import { scheduleExpiry } from './housekeeping.ts';
import {
  completedRecurring,
  deleteExports,
  exportBytesUsed,
  finishExport,
  getExport,
  getView,
  insertExport,
  lastExportBytes,
  newExportId,
  type View,
  viewExists,
} from './store.ts';

export const EXPORT_JOB = 'views.export';

export interface ExportPayload {
  tenant: string;
  view: string;
  export: string;
}

export interface ExportSettings {
  /** The directory export files are written to. */
  dir: string;
  /** Rows read per page. */
  pageRows: number;
  /** Most bytes of export files per tenant. */
  quotaBytes: number;
  /** How long a settled export and its file are kept. */
  retentionMs: number;
  /** Completed recurring exports kept per view. */
  keepScheduled: number;
}

/** The refusal of an export past the tenant's quota (409: the request conflicts with the files the tenant keeps). */
export const quotaMessage = (quota: number) =>
  `export_quota_exceeded: the tenant's export files would pass its quota of ${quota} bytes (AISPM_EXPORT_QUOTA_BYTES); ` +
  'delete views whose exports are no longer needed, or wait for exports to expire (AISPM_EXPORT_RETENTION_SECONDS)';

/**
 * Refuses a new export of a view when the tenant's files, with what the view's last export took,
 * would pass the quota: the export would fail while writing anyway. (A view never exported is
 * let through, and stopped while it writes if its file does not fit.)
 */
export async function checkQuota(db: Db, tx: Executor, tenant: string, view: string, quota: number): Promise<void> {
  const used = await exportBytesUsed(db, tx, tenant);
  if (used >= quota || used + (await lastExportBytes(db, tx, tenant, view)) > quota) throw new ApiError(409, quotaMessage(quota));
}

/** The dedupe key of a view's next recurring export. */
const scheduleKey = (tenant: string, view: string) => `views.schedule:${tenant}:${view}`;
/** The dedupe key of a view's export asked for and not settled: one at a time per view. */
const askedKey = (tenant: string, view: string) => `views.export:${tenant}:${view}`;

export interface Enqueued {
  id: string;
  state: JobState;
}

/**
 * The view's export in progress, if any: the one asked for and not settled, or a recurring one
 * running, retrying or due (a recurring one due later is not in progress: a request runs now).
 */
export async function exportInProgress(tx: Executor, view: View, now: number): Promise<Enqueued | undefined> {
  const asked = await jobByKey(tx, askedKey(view.tenant_id, view.id));
  if (asked) return { id: asked.id, state: asked.state };
  const next = await jobByKey(tx, scheduleKey(view.tenant_id, view.id));
  if (next && (next.state !== 'scheduled' || next.runAt <= now)) return { id: next.id, state: next.state };
  return undefined;
}

/**
 * Adds an export of a view and its job, in the caller's transaction. When an unsettled export
 * already holds the view's key (a request at the same time, or the schedule's next run), that
 * one is answered and nothing is added.
 */
export async function enqueueExport(
  db: Db,
  tx: Executor,
  view: View,
  o: { requestedBy: string; now: number; runAt?: number; recurring?: boolean; again?: boolean },
): Promise<Enqueued> {
  const id = newExportId();
  const key = o.recurring ? scheduleKey(view.tenant_id, view.id) : askedKey(view.tenant_id, view.id);
  const added = await enqueueJob(
    tx,
    {
      tenant: view.tenant_id,
      id,
      kind: EXPORT_JOB,
      payload: { tenant: view.tenant_id, view: view.id, export: id } satisfies ExportPayload,
      runAt: o.runAt,
      key,
    },
    o.now,
  );
  if (!added) {
    const holder = await jobByKey(tx, key);
    // Settled between the insert and the read: the key is free again, so ask once more.
    if (!holder && !o.again) return enqueueExport(db, tx, view, { ...o, again: true });
    if (!holder) throw new ApiError(409, 'another export of this view settled while this one was asked for; ask again');
    return { id: holder.id, state: holder.state };
  }
  await insertExport(db, tx, {
    tenant: view.tenant_id,
    workspace: view.workspace_id,
    view: view.id,
    id,
    format: view.format,
    recurring: o.recurring ?? false,
    current: !o.recurring,
    requestedBy: o.requestedBy,
    now: o.now,
  });
  return { id, state: 'scheduled' };
}

/** Replaces a view's recurring schedule: the next run is dropped, and scheduled again from now when the view has an interval. */
export async function reschedule(db: Db, tx: Executor, view: View, requestedBy: string, now: number): Promise<void> {
  await cancelSchedule(db, tx, view.tenant_id, view.id);
  if (view.interval_seconds) {
    await enqueueExport(db, tx, view, { requestedBy, now, runAt: now + view.interval_seconds * 1000, recurring: true });
  }
}

/** Drops a view's next recurring export (its job and its row), if it has not started. */
export async function cancelSchedule(db: Db, tx: Executor, tenant: string, view: string): Promise<void> {
  const next = await jobByKey(tx, scheduleKey(tenant, view));
  if (next && next.state !== 'running' && (await deleteJobs(tx, tenant, [next.id])) > 0) await deleteExports(db, tx, tenant, [next.id]);
}

function encoder(format: View['format'], columns: string[]) {
  return format === 'csv'
    ? (values: unknown[]) => csvLine(values)
    : (values: unknown[]) => `${JSON.stringify(Object.fromEntries(columns.map((c, i) => [c, values[i] ?? null])))}\n`;
}

/** Writes a chunk, waiting for the stream to drain when its buffer is full. */
function write(out: WriteStream, chunk: string): Promise<void> | undefined {
  if (out.write(chunk)) return undefined;
  return new Promise((resolve, reject) => {
    const fail = (err: Error) => {
      out.off('drain', drained);
      reject(err);
    };
    const drained = () => {
      out.off('error', fail);
      resolve();
    };
    out.once('drain', drained);
    out.once('error', fail);
  });
}

function close(out: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    out.once('error', reject);
    out.end(resolve);
  });
}

export function exportJobs(db: Db, settings: () => ExportSettings, now: () => number = Date.now): JobHandler<ExportPayload> {
  /** The next recurring export, after one settles (completed or failed for good). */
  async function next(tx: Executor, tenant: string, viewId: string, exportId: string): Promise<void> {
    const view = await getView(db, tx, tenant, viewId);
    const done = await getExport(db, tenant, exportId, tx);
    if (!view?.interval_seconds || !done?.recurring) return;
    const at = now();
    await enqueueExport(db, tx, view, {
      requestedBy: done.requested_by,
      now: at,
      runAt: at + view.interval_seconds * 1000,
      recurring: true,
    });
  }

  return {
    async run(ctx) {
      const { tenant, view: viewId, export: exportId } = ctx.job.payload;
      const [view, record] = await Promise.all([getView(db, db, tenant, viewId), getExport(db, tenant, exportId)]);
      if (!view || !record) throw new PermanentJobError('the view or the export was deleted');
      let resolved: ReturnType<typeof resolveView>;
      try {
        resolved = resolveView(view, db.dialect);
      } catch (err) {
        // The view no longer reads against its list (a column or filter went away): no retry helps.
        if (err instanceof ApiError) throw new PermanentJobError(err.message);
        throw err;
      }
      if (record.recurring) {
        // A recurring run that starts becomes the view's last export.
        await db.run(
          db.template('views.last-export-started', (b) =>
            b
              .updateTable('views')
              .set({ last_export_id: param('export') })
              .where('tenant_id', '=', param('tenant'))
              .where('id', '=', param('view')),
          ),
          { tenant, view: viewId, export: exportId },
        );
      }
      const { dir, pageRows, quotaBytes, keepScheduled } = settings();
      // The quota is checked again here (a recurring run is asked for by nobody), and below while
      // the file grows: the file of one export must not fill the disk either.
      const used = await exportBytesUsed(db, db, tenant);
      if (used >= quotaBytes) throw new PermanentJobError(quotaMessage(quotaBytes));
      await mkdir(dir, { recursive: true });
      const final = join(dir, record.file);
      const part = `${final}.part`;
      const columns = resolved.picked.map((i) => resolved.header[i]!);
      const encode = encoder(view.format, columns);
      const out = createWriteStream(part);
      let rows = 0;
      let written = 0;
      const put = (chunk: string) => {
        written += Buffer.byteLength(chunk);
        if (used + written > quotaBytes) throw new PermanentJobError(quotaMessage(quotaBytes));
        return write(out, chunk);
      };
      try {
        if (view.format === 'csv') await put(csvLine(columns));
        const scope = workspaceScope({ tenant_id: tenant, workspace_id: view.workspace_id });
        let after: unknown[] | null = null;
        do {
          if (ctx.signal.aborted) throw ctx.signal.reason;
          const page: ListRows = await readRows(db, resolved.spec, scope, {
            filters: resolved.filters,
            sort: resolved.sort,
            after,
            limit: pageRows,
          });
          let chunk = '';
          for (const row of page.rows) {
            const values = (typeof row === 'string' ? JSON.parse(row) : row) as unknown[];
            chunk += encode(resolved.picked.map((i) => values[i]));
          }
          await put(chunk);
          rows += page.rows.length;
          ctx.progress({ rows });
          after = page.next;
        } while (after);
        await close(out);
      } catch (err) {
        // A write still in flight reports the destroyed stream: heard here, the error that stopped the export is the one thrown.
        out.on('error', () => {});
        // The stream opens its file asynchronously: removed before it is closed, the file could be
        // created after the removal (a quota hit by the first chunk left `.part` files behind).
        if (!out.closed) await new Promise((resolve) => out.once('close', resolve).destroy());
        await rm(part, { force: true });
        throw err;
      }
      const bytes = out.bytesWritten;
      if (!(await viewExists(db, tenant, viewId))) {
        // Deleted while it ran: its export rows are gone, and so goes the file.
        await rm(part, { force: true });
        throw new PermanentJobError('the view was deleted while it was exported');
      }
      await rename(part, final);
      // A recurring run keeps the view's last `keepScheduled` files, this one included: the older
      // files go now, their rows with the completion (a file gone before its row is a 404 on download).
      const surplus = record.recurring ? (await completedRecurring(db, db, tenant, viewId)).slice(keepScheduled - 1) : [];
      await Promise.all(surplus.map((e) => rm(join(dir, e.file), { force: true })));
      return async (tx) => {
        const at = now();
        await finishExport(db, tx, { tenant, id: exportId, view: viewId, rows, bytes, now: at });
        const gone = surplus.map((e) => e.id);
        await deleteJobs(tx, tenant, gone);
        await deleteExports(db, tx, tenant, gone);
        await scheduleExpiry(tx, at + settings().retentionMs, at);
        await next(tx, tenant, viewId, exportId);
      };
    },
    async failed(tx, job) {
      const at = now();
      await scheduleExpiry(tx, at + settings().retentionMs, at);
      await next(tx, job.payload.tenant, job.payload.view, job.payload.export);
    },
  };
}
