// Exports of saved views: each is a job of the durable job table (src/platform/jobs), so it runs
// in the background, once across processes and replicas, is retried with backoff when an attempt
// fails, and is taken up again after a restart or a crash (kill -9) of the process running it.
// An attempt reads every row of the view's list page by page (keyset, as its route pages it),
// writes them to `<id>.<format>.part` in the export directory and renames the file into place, so
// a file under its final name is always whole; a retried attempt starts the file again. The
// export row's figures commit in the transaction that completes the job. A view with an interval
// keeps one next export scheduled (the job table's dedupe key holds it).

import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db, Executor } from '../../platform/db/database.ts';
import { csvLine } from '../../platform/csv.ts';
import { ApiError } from '../../platform/errors.ts';
import type { JobHandler } from '../../platform/jobs/runner.ts';
import { PermanentJobError } from '../../platform/jobs/runner.ts';
import { deleteJobs, enqueueJob, jobByKey } from '../../platform/jobs/store.ts';
import { readRows } from '../../platform/lists/list-page.ts';
import { workspaceScope } from '../../platform/lists/list-route.ts';
import { param } from '../../platform/db/database.ts';
import { resolveView } from './entities.ts';
import { deleteExports, finishExport, getExport, getView, insertExport, newExportId, type View, viewExists } from './store.ts';

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
}

/** The dedupe key of a view's next recurring export. */
const scheduleKey = (tenant: string, view: string) => `views.schedule:${tenant}:${view}`;

/** Adds an export of a view and its job, in the caller's transaction; returns its id. */
export async function enqueueExport(
  db: Db,
  tx: Executor,
  view: View,
  o: { requestedBy: string; now: number; runAt?: number; recurring?: boolean },
): Promise<string> {
  const id = newExportId();
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
  await enqueueJob(
    tx,
    {
      tenant: view.tenant_id,
      id,
      kind: EXPORT_JOB,
      payload: { tenant: view.tenant_id, view: view.id, export: id } satisfies ExportPayload,
      runAt: o.runAt,
      key: o.recurring ? scheduleKey(view.tenant_id, view.id) : undefined,
    },
    o.now,
  );
  return id;
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
      const { dir, pageRows } = settings();
      await mkdir(dir, { recursive: true });
      const final = join(dir, record.file);
      const part = `${final}.part`;
      const columns = resolved.picked.map((i) => resolved.header[i]!);
      const encode = encoder(view.format, columns);
      const out = createWriteStream(part);
      let rows = 0;
      try {
        if (view.format === 'csv') await write(out, csvLine(columns));
        const scope = workspaceScope({ tenant_id: tenant, workspace_id: view.workspace_id });
        let after: unknown[] | null = null;
        do {
          if (ctx.signal.aborted) throw ctx.signal.reason;
          const page = await readRows(db, resolved.spec, scope, { filters: resolved.filters, sort: resolved.sort, after, limit: pageRows });
          let chunk = '';
          for (const row of page.rows) {
            const values = (typeof row === 'string' ? JSON.parse(row) : row) as unknown[];
            chunk += encode(resolved.picked.map((i) => values[i]));
          }
          await write(out, chunk);
          rows += page.rows.length;
          ctx.progress({ rows });
          after = page.next;
        } while (after);
        await close(out);
      } catch (err) {
        out.destroy();
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
      return async (tx) => {
        await finishExport(db, tx, { tenant, id: exportId, view: viewId, rows, bytes, now: now() });
        await next(tx, tenant, viewId, exportId);
      };
    },
    async failed(tx, job) {
      await next(tx, job.payload.tenant, job.payload.view, job.payload.export);
    },
  };
}
