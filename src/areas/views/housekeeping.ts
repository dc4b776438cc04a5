// Expiry of view exports: a settled export (completed or failed) older than the retention period
// (AISPM_EXPORT_RETENTION_SECONDS) is removed with its file by a job of the job runner, so the
// work runs once across replicas, survives restarts and needs no timer of its own. The job is
// scheduled when an export settles, due when that export expires; each run removes what has
// expired (a batch at a time) and schedules the next run for the oldest export left. One dedupe
// key holds the job, so there is one next run whatever the number of exports settling.

import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { JobHandler } from '../../platform/jobs/runner.ts';
import { deleteJobs, enqueueJob } from '../../platform/jobs/store.ts';
import { deleteExports, oldestSettled, settledBefore } from './store.ts';

export const EXPIRE_JOB = 'views.expire';
const EXPIRE_KEY = 'views.expire';
/** Exports removed per run; a full batch makes the next run due at once. */
const BATCH = 500;

/** Makes sure the expiry job is due by `at` (when one is already scheduled, that one stays). */
export async function scheduleExpiry(tx: Executor, at: number, now: number): Promise<void> {
  await enqueueJob(
    tx,
    { id: `expire_${at}_${Math.random().toString(36).slice(2, 10)}`, kind: EXPIRE_JOB, payload: {}, runAt: at, key: EXPIRE_KEY },
    now,
  );
}

export interface ExpirySettings {
  dir: string;
  retentionMs: number;
}

export function expireJobs(db: Db, settings: () => ExpirySettings, now: () => number = Date.now): JobHandler<Record<string, never>> {
  /** The next run: at once after a full batch, else when the oldest export left expires (not before `after` ms). */
  async function again(tx: Executor, full: boolean, after = 0): Promise<void> {
    const at = now();
    if (full) return scheduleExpiry(tx, at, at);
    const oldest = await oldestSettled(db, tx);
    if (oldest !== null) await scheduleExpiry(tx, Math.max(at + after, oldest + settings().retentionMs), at);
  }
  return {
    async run() {
      const { dir, retentionMs } = settings();
      const expired = await settledBefore(db, now() - retentionMs, BATCH);
      // Files first: a row whose file is gone answers 404 on download, a file without a row would never go.
      await Promise.all(expired.flatMap((e) => [rm(join(dir, e.file), { force: true }), rm(join(dir, `${e.file}.part`), { force: true })]));
      return async (tx) => {
        const byTenant = new Map<string, string[]>();
        for (const e of expired) {
          const ids = byTenant.get(e.tenant_id);
          if (ids) ids.push(e.id);
          else byTenant.set(e.tenant_id, [e.id]);
        }
        for (const [tenant, ids] of byTenant) {
          await deleteJobs(tx, tenant, ids);
          await deleteExports(db, tx, tenant, ids);
        }
        await again(tx, expired.length === BATCH);
      };
    },
    async failed(tx) {
      // Failed for good (the directory cannot be read, say): tried again a minute later at the soonest, not in a loop.
      await again(tx, false, 60_000);
    },
  };
}
