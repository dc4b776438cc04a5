// The job table's statements: enqueueing, claiming due jobs under a lease, renewing the lease,
// and settling a job (completed, retried later, failed for good, or handed back at shutdown).
// Every statement that settles a job names the lease owner, so a worker whose lease lapsed and
// was taken over can no longer complete, fail or release the job. The one engine difference,
// locking the claimed rows so replicas claiming together take different jobs, is the dialect's
// `claimable`.

import { sql, type Compilable, type CompiledQuery, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Builder, Db, Executor, Template } from '../db/database.ts';
import { compileTemplate, param, readJson } from '../db/database.ts';
import type { SqlDialect } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { JobsTable } from '../db/tables/delivery.ts';

/** Where a job is: due (`scheduled`, or `retry_pending` after a failed attempt), `running`, or settled. */
export type JobState = 'scheduled' | 'running' | 'retry_pending' | 'completed' | 'failed';
export const jobStates: readonly JobState[] = ['scheduled', 'running', 'completed', 'failed', 'retry_pending'];

export interface Job<P = unknown> {
  tenant: string;
  id: string;
  kind: string;
  key: string | null;
  payload: P;
  state: JobState;
  runAt: number;
  /** Attempts started, this one included while it runs. */
  attempts: number;
  maxAttempts: number;
  leaseOwner: string | null;
  leaseUntil: number | null;
  progress: unknown;
  lastError: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  updatedAt: number;
}

export interface NewJob {
  /** The tenant the work is for ('' for none). */
  tenant?: string;
  id: string;
  kind: string;
  payload: unknown;
  /** Due from this time (default: now). */
  runAt?: number;
  /** While an unfinished job holds this key, enqueueing another with it does nothing. */
  key?: string;
  /** Attempts before the job fails for good (default 5). */
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
const MAX_ERROR_LENGTH = 2000;

// Statements compiled once per engine (a job statement needs no Db, only the executor's dialect).
const templates = new Map<string, Template<unknown>>();
function tpl<R>(d: SqlDialect, key: string, build: (b: Builder, d: SqlDialect) => Compilable<R> | CompiledQuery<R>): Template<R> {
  const k = `${d.name}:${key}`;
  // A key names one statement, so the template cached under it reads the rows `build` describes.
  let t = templates.get(k) as Template<R> | undefined;
  if (!t) templates.set(k, (t = compileTemplate(build(d.builder, d))));
  return t;
}

/** A job as read back: the JSON columns come parsed or as text, by engine (readJson). */
type JobRow = Selectable<JobsTable>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function fromRow<P>(r: JobRow): Job<P> {
  return {
    tenant: r.tenant_id,
    id: r.id,
    kind: r.kind,
    key: r.dedupe_key,
    payload: readJson<P>(r.payload),
    state: r.state,
    runAt: Number(r.run_at),
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    leaseOwner: r.lease_owner,
    leaseUntil: num(r.lease_until),
    progress: r.progress === null || r.progress === undefined ? null : readJson(r.progress),
    lastError: r.last_error,
    createdAt: Number(r.created_at),
    startedAt: num(r.started_at),
    finishedAt: num(r.finished_at),
    updatedAt: Number(r.updated_at),
  };
}

/** The states of a job that is not settled, as SQL (literal, so the partial indexes apply). */
const DUE = sql<boolean>`state in ('scheduled', 'retry_pending')`;
const RUNNING = sql<boolean>`state = 'running'`;

/**
 * Adds a job, inside the caller's transaction when `tx` is one (the job then exists exactly when
 * what asked for it does). Returns false when an unfinished job already holds its key.
 */
export async function enqueueJob(tx: Executor, job: NewJob, now: number): Promise<boolean> {
  const t = tpl(tx.dialect, 'jobs.enqueue', (b) =>
    b
      .insertInto('jobs')
      .values({
        tenant_id: param('tenant'),
        id: param('id'),
        kind: param('kind'),
        dedupe_key: param<string | null>('key'),
        payload: param('payload'),
        state: 'scheduled',
        run_at: param<number>('run_at'),
        attempts: 0,
        max_attempts: param<number>('max_attempts'),
        lease_owner: null,
        lease_until: null,
        progress: null,
        last_error: null,
        created_at: param<number>('now'),
        started_at: null,
        finished_at: null,
        updated_at: param<number>('now'),
      })
      .onConflict((oc) => oc.doNothing()),
  );
  const added = await tx.run(t, {
    tenant: job.tenant ?? '',
    id: job.id,
    kind: job.kind,
    key: job.key ?? null,
    payload: JSON.stringify(job.payload),
    run_at: job.runAt ?? now,
    max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    now,
  });
  return added > 0;
}

export async function getJob<P = unknown>(db: Executor, tenant: string, id: string): Promise<Job<P> | undefined> {
  const t = tpl(db.dialect, 'jobs.get', (b) =>
    b.selectFrom('jobs').selectAll().where('tenant_id', '=', param('tenant')).where('id', '=', param('id')),
  );
  const row = await db.first(t, { tenant, id });
  return row ? fromRow<P>(row) : undefined;
}

/** The unfinished job holding a key, if any. */
export async function jobByKey<P = unknown>(db: Executor, key: string): Promise<Job<P> | undefined> {
  const t = tpl(db.dialect, 'jobs.by-key', (b) =>
    b
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', param('key'))
      .where(sql<boolean>`state in ('scheduled', 'retry_pending', 'running')`),
  );
  const row = await db.first(t, { key });
  return row ? fromRow<P>(row) : undefined;
}

/** Whether any job of these kinds is due, or running on a lapsed lease: a read, so an idle poll writes nothing. */
export async function anyWork(db: Db, kinds: readonly string[], now: number): Promise<boolean> {
  const t = db.template('jobs.any-work', (b, d) =>
    b
      .selectFrom('jobs')
      .select('id')
      .where((eb) =>
        eb.or([eb.and([DUE, eb('run_at', '<=', param<number>('now'))]), eb.and([RUNNING, eb('lease_until', '<', param<number>('now'))])]),
      )
      .where(d.inList('kind', param('kinds')))
      .limit(1),
  );
  return (await db.first(t, { now, kinds })) !== undefined;
}

export interface LapsedJob {
  job: Job;
  /** True when it had no attempts left and is now failed. */
  failed: boolean;
}

/**
 * Jobs whose worker stopped (crashed, killed, cut off) without settling them: their lease lapsed.
 * Each becomes due again at once, the lost run counted as an attempt, or fails for good when it
 * was the last. `onFailed` runs in the same transaction for each job that fails.
 */
export async function recoverLapsed(
  db: Db,
  kinds: readonly string[],
  now: number,
  onFailed: (tx: Executor, job: Job, error: string) => Promise<void>,
): Promise<LapsedJob[]> {
  return db.transaction(async (tx) => {
    const lapsed = await tx.all(
      tpl(tx.dialect, 'jobs.lapsed', (b, d) =>
        d.claimable(
          b
            .selectFrom('jobs')
            .selectAll()
            .where(RUNNING)
            .where('lease_until', '<', param<number>('now'))
            .where(d.inList('kind', param('kinds')))
            .orderBy('lease_until')
            .limit(sql.lit(100)),
        ),
      ),
      { now, kinds },
    );
    const out: LapsedJob[] = [];
    for (const row of lapsed) {
      const job = fromRow(row);
      const failed = job.attempts >= job.maxAttempts;
      const error = `the worker running attempt ${job.attempts} stopped before finishing it (its lease lapsed)`;
      await tx.run(
        tpl(tx.dialect, 'jobs.lapse', (b) =>
          b
            .updateTable('jobs')
            .set({
              state: param('state'),
              run_at: param<number>('now'),
              lease_owner: null,
              lease_until: null,
              last_error: param('error'),
              finished_at: param<number | null>('finished'),
              updated_at: param<number>('now'),
            })
            .where('tenant_id', '=', param('tenant'))
            .where('id', '=', param('id'))
            .where(RUNNING),
        ),
        { state: failed ? 'failed' : 'retry_pending', now, error, finished: failed ? now : null, tenant: job.tenant, id: job.id },
      );
      if (failed) await onFailed(tx, job, error);
      out.push({ job: { ...job, state: failed ? 'failed' : 'retry_pending', lastError: error }, failed });
    }
    return out;
  });
}

export interface ClaimOptions {
  owner: string;
  kinds: readonly string[];
  now: number;
  leaseMs: number;
  limit: number;
}

/** Takes up to `limit` due jobs, oldest due first: each becomes `running` under this owner's lease. */
export async function claimJobs(db: Db, o: ClaimOptions): Promise<Job[]> {
  const limit = Math.max(1, Math.min(o.limit, 64));
  return db.transaction(async (tx) => {
    const due = await tx.all(
      tpl(tx.dialect, `jobs.due:${limit}`, (b, d) =>
        d.claimable(
          b
            .selectFrom('jobs')
            .select(['tenant_id', 'id'])
            .where(DUE)
            .where('run_at', '<=', param<number>('now'))
            .where(d.inList('kind', param('kinds')))
            .orderBy('run_at')
            .orderBy('id')
            .limit(sql.lit(limit)),
        ),
      ),
      { now: o.now, kinds: o.kinds },
    );
    const claim = tpl(tx.dialect, 'jobs.claim', (b) =>
      b
        .updateTable('jobs')
        .set({
          state: 'running',
          attempts: sql<number>`attempts + 1`,
          lease_owner: param('owner'),
          lease_until: param<number>('until'),
          started_at: sql<number>`coalesce(started_at, ${param('now')})`,
          updated_at: param<number>('now'),
        })
        .where('tenant_id', '=', param('tenant'))
        .where('id', '=', param('id'))
        .where(DUE)
        .returningAll(),
    );
    const out: Job[] = [];
    for (const r of due) {
      const row = await tx.first(claim, { owner: o.owner, until: o.now + o.leaseMs, now: o.now, tenant: r.tenant_id, id: r.id });
      if (row) out.push(fromRow(row));
    }
    return out;
  });
}

const owned = (tenant: string, id: string, owner: string) => ({ tenant, id, owner });

/** Extends a running job's lease and records its progress; false when this owner no longer holds it. */
export async function renewLease(db: Db, job: Job, owner: string, until: number, progress: unknown, now: number): Promise<boolean> {
  const t = db.template('jobs.renew', (b) =>
    b
      .updateTable('jobs')
      .set({ lease_until: param<number>('until'), progress: param('progress'), updated_at: param<number>('now') })
      .where('tenant_id', '=', param('tenant'))
      .where('id', '=', param('id'))
      .where('lease_owner', '=', param('owner'))
      .where(RUNNING),
  );
  return (await db.run(t, { ...owned(job.tenant, job.id, owner), until, progress: JSON.stringify(progress ?? null), now })) > 0;
}

/** Raised inside a settling transaction when the worker no longer holds the job's lease: nothing commits. */
export class LeaseLost extends Error {
  constructor(job: Job) {
    super(`job ${job.id}: the lease was lost (it lapsed and the job was taken over)`);
  }
}

/** What a handler commits together with the job's completion: its writes happen exactly when the job completes. */
export type Completion = (tx: Executor) => Promise<void>;

export async function completeJob(db: Db, job: Job, owner: string, now: number, progress: unknown, effects?: Completion): Promise<void> {
  await db.transaction(async (tx) => {
    const done = await tx.run(
      tpl(tx.dialect, 'jobs.complete', (b) =>
        b
          .updateTable('jobs')
          .set({
            state: 'completed',
            lease_owner: null,
            lease_until: null,
            progress: param('progress'),
            last_error: null,
            finished_at: param<number>('now'),
            updated_at: param<number>('now'),
          })
          .where('tenant_id', '=', param('tenant'))
          .where('id', '=', param('id'))
          .where('lease_owner', '=', param('owner'))
          .where(RUNNING),
      ),
      { ...owned(job.tenant, job.id, owner), now, progress: JSON.stringify(progress ?? null) },
    );
    if (done === 0) throw new LeaseLost(job);
    // The job no longer holds its key: the effects may enqueue its successor under the same one.
    await effects?.(tx);
  });
}

/**
 * Ends a failed attempt: due again at `retryAt` (`retry_pending`), or, with `retryAt` null,
 * failed for good, `onFailed` running in the same transaction.
 */
export async function failAttempt(
  db: Db,
  job: Job,
  owner: string,
  now: number,
  error: string,
  retryAt: number | null,
  progress: unknown,
  onFailed?: (tx: Executor, job: Job, error: string) => Promise<void>,
): Promise<void> {
  const message = error.slice(0, MAX_ERROR_LENGTH);
  await db.transaction(async (tx) => {
    const n = await tx.run(
      tpl(tx.dialect, 'jobs.fail', (b) =>
        b
          .updateTable('jobs')
          .set({
            state: param('state'),
            run_at: sql<number>`coalesce(${param('retry_at')}, run_at)`,
            lease_owner: null,
            lease_until: null,
            progress: param('progress'),
            last_error: param('error'),
            finished_at: param<number | null>('finished'),
            updated_at: param<number>('now'),
          })
          .where('tenant_id', '=', param('tenant'))
          .where('id', '=', param('id'))
          .where('lease_owner', '=', param('owner'))
          .where(RUNNING),
      ),
      {
        ...owned(job.tenant, job.id, owner),
        state: retryAt === null ? 'failed' : 'retry_pending',
        retry_at: retryAt,
        progress: JSON.stringify(progress ?? null),
        error: message,
        finished: retryAt === null ? now : null,
        now,
      },
    );
    if (n === 0) throw new LeaseLost(job);
    if (retryAt === null) await onFailed?.(tx, job, message);
  });
}

/** Hands a running job back at shutdown: due again at once, the interrupted run not counted as an attempt. */
export async function releaseJob(db: Db, job: Job, owner: string, now: number): Promise<boolean> {
  const t = db.template('jobs.release', (b) =>
    b
      .updateTable('jobs')
      .set({
        state: sql<'retry_pending' | 'scheduled'>`case when attempts > 1 then 'retry_pending' else 'scheduled' end`,
        attempts: sql<number>`attempts - 1`,
        run_at: param<number>('now'),
        lease_owner: null,
        lease_until: null,
        updated_at: param<number>('now'),
      })
      .where('tenant_id', '=', param('tenant'))
      .where('id', '=', param('id'))
      .where('lease_owner', '=', param('owner'))
      .where(RUNNING),
  );
  return (await db.run(t, { ...owned(job.tenant, job.id, owner), now })) > 0;
}

/** Removes jobs that are not running (due or settled); returns how many went. A running one finishes on its own. */
export async function deleteJobs(tx: Executor, tenant: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const t = tpl(tx.dialect, 'jobs.delete', (b, d) =>
    b
      .deleteFrom('jobs')
      .where('tenant_id', '=', param('tenant'))
      .where(d.inList('id', param('ids')))
      .where(sql<boolean>`state <> 'running'`),
  );
  return tx.run(t, { tenant, ids: [...ids] });
}

/** Removes the unfinished, not running job holding a key (a recurring schedule's next run); true when there was one. */
export async function cancelByKey(tx: Executor, key: string): Promise<boolean> {
  const t = tpl(tx.dialect, 'jobs.cancel-key', (b) => b.deleteFrom('jobs').where('dedupe_key', '=', param('key')).where(DUE));
  return (await tx.run(t, { key })) > 0;
}

/**
 * Joins each row of `q` to its job as `j`, on the row's tenant and the column holding the job's id
 * (`left`: null when the job is gone; `inner`: rows with their job only). For the areas whose rows
 * are jobs (a view's exports) and show the job's state beside them; the join is the one they ran.
 */
export function joinJob<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  row: { alias: string; id: string },
  how: 'left' | 'inner',
): SelectQueryBuilder<DB & { j: JobsTable }, TB | 'j', O> {
  const a = row.alias;
  // The caller's tables are not known here: the join is typed against the schema alone.
  const s = q as unknown as SelectQueryBuilder<Database, 'jobs', object>;
  const joined =
    how === 'left'
      ? s.leftJoin('jobs as j', (j) => j.onRef('j.tenant_id', '=', `${a}.tenant_id` as never).onRef('j.id', '=', `${a}.${row.id}` as never))
      : s.innerJoin('jobs as j', (j) =>
          j.onRef('j.tenant_id', '=', `${a}.tenant_id` as never).onRef('j.id', '=', `${a}.${row.id}` as never),
        );
  return joined as unknown as SelectQueryBuilder<DB & { j: JobsTable }, TB | 'j', O>;
}
