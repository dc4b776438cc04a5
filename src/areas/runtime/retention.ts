// Retention of raw LLM interactions: rows older than the configured age are deleted, while
// sessions, the objects' session links and the daily per-agent roll-ups keep their totals (they
// are never recomputed from raw rows that retention removed). The per-workspace interaction
// counts drop by what was deleted, so the interactions list's total stays exact.
//
// On PostgreSQL, months wholly older than the cutoff are dropped as partitions (cheap, no row
// scan beyond counting them); the month that straddles the cutoff, and SQLite's single table, lose
// their old rows by a DELETE over the (tenant, workspace, time) index, one workspace at a time.
// Partitions for this month and the next are created here too, so ingest rarely has to.

import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import type { MonthlyPartitions } from '../../platform/db/dialect.ts';
import { type DeletedCount as Counted, discountDeleted as discount } from './sessions-writer.ts';

const DAY = 86_400_000;
const TABLE = 'llm_interactions';

export interface RetentionResult {
  cutoff: number;
  deleted: number;
  droppedPartitions: string[];
}

/** Drops the monthly partitions that end at or before the cutoff (where the engine has them). */
async function dropOldPartitions(db: Db, partitions: MonthlyPartitions, cutoff: number): Promise<{ deleted: number; dropped: string[] }> {
  let deleted = 0;
  const dropped: string[] = [];
  for (const p of await partitions.list(db, TABLE)) {
    if (p.month.to > cutoff) continue;
    await db.transaction(async (tx) => {
      // No ingest may add to the partition between counting and dropping it.
      await partitions.lock(tx, p.name);
      // A partition is not a table of the schema: the row is declared.
      const counted = await tx.execute(
        sql<Counted>`select tenant_id, workspace_id, agent_id, count(*) as n from ${sql.raw(p.name)} group by tenant_id, workspace_id, agent_id`.compile(
          tx.dialect.builder,
        ),
      );
      deleted += await discount(tx, counted.rows);
      await partitions.drop(tx, p.name);
    });
    dropped.push(p.name);
  }
  return { deleted, dropped };
}

/** Deletes the rows older than the cutoff, workspace by workspace, over the time index. */
async function deleteOldRows(db: Db, cutoff: number): Promise<number> {
  const workspaces = db.template('retention.workspaces', (b) =>
    b
      .selectFrom('llm_runtime_counts')
      .select(['tenant_id', 'workspace_id'])
      .where('scope', '=', 'workspace')
      .where('interactions', '>', param<number>('zero')),
  );
  let deleted = 0;
  for (const w of await db.all(workspaces, { zero: 0 })) {
    await db.transaction(async (tx) => {
      const p = (n: number) => tx.dialect.placeholder(n);
      const counted = await tx.dialect.deleteCounting(
        tx,
        TABLE,
        `tenant_id = ${p(1)} and workspace_id = ${p(2)} and time < ${p(3)}`,
        [w.tenant_id, w.workspace_id, cutoff],
        ['tenant_id', 'workspace_id', 'agent_id'],
      );
      deleted += await discount(tx, counted);
    });
  }
  return deleted;
}

/** Deletes raw interactions older than `days` days before `now`. */
export async function applyRetention(db: Db, days: number, now: number): Promise<RetentionResult> {
  const cutoff = now - days * DAY;
  const partitions = db.dialect.partitions ? await dropOldPartitions(db, db.dialect.partitions, cutoff) : { deleted: 0, dropped: [] };
  const rows = await deleteOldRows(db, cutoff);
  return { cutoff, deleted: partitions.deleted + rows, droppedPartitions: partitions.dropped };
}

/** Makes this month's and next month's partitions (where the engine has them). */
export async function preparePartitions(db: Db, now: number): Promise<void> {
  const partitions = db.dialect.partitions;
  if (partitions) await db.transaction((tx) => partitions.ensure(tx, TABLE, [now, new Date(now).setUTCDate(1) + 32 * DAY]));
}

export interface MaintenanceOptions {
  /** False in every worker but one (`serve --workers N`): the job runs once per host. */
  enabled?: boolean;
  retentionDays: number;
  now: () => number;
  onResult?: (r: RetentionResult) => void;
  onError?: (err: unknown) => void;
}

/** Runs partition preparation and retention now and then every `everyMs`; stop() ends it. */
export function startRuntimeMaintenance(db: Db, opts: MaintenanceOptions, everyMs = 3_600_000): { stop(): void; done: Promise<void> } {
  if (opts.enabled === false) return { stop: () => {}, done: Promise.resolve() };
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        await preparePartitions(db, opts.now());
        if (opts.retentionDays > 0) {
          // Not inside `onResult?.(…)`: an optional call skips evaluating its arguments when there is no callback.
          const result = await applyRetention(db, opts.retentionDays, opts.now());
          opts.onResult?.(result);
        }
      } catch (err) {
        opts.onError?.(err);
      }
    });
    return running;
  };
  const first = run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), done: first };
}
