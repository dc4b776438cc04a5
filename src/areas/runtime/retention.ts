// Retention of raw LLM interactions: rows older than the configured age are deleted, while
// sessions, the objects' session links and the daily per-agent roll-ups keep their totals (they
// are never recomputed from raw rows that retention removed). The per-workspace interaction
// counts drop by what was deleted, so the interactions list's total stays exact.
//
// On PostgreSQL, months wholly older than the cutoff are dropped as partitions (cheap, no row
// scan beyond counting them); the month that straddles the cutoff, and SQLite's single table, lose
// their old rows by a DELETE over the (tenant, workspace, time) index, one workspace at a time.
// Partitions for this month and the next are created here too, so ingest rarely has to.

import { CompiledQuery, sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import { ensurePartitions, listPartitions } from './partitions.ts';

const DAY = 86_400_000;

export interface RetentionResult {
  cutoff: number;
  deleted: number;
  droppedPartitions: string[];
}

type Counted = { tenant_id: string; workspace_id: string; agent_id: string; n: number };

/** Lowers the interaction counts by what was deleted. */
async function discount(tx: Executor, rows: Counted[]): Promise<number> {
  let total = 0;
  const byWorkspace = new Map<string, { tenant: string; workspace: string; n: number }>();
  for (const r of rows) {
    const n = Number(r.n);
    total += n;
    const k = JSON.stringify([r.tenant_id, r.workspace_id]);
    const w = byWorkspace.get(k) ?? { tenant: r.tenant_id, workspace: r.workspace_id, n: 0 };
    w.n += n;
    byWorkspace.set(k, w);
    await tx.execute(CompiledQuery.raw(`update llm_runtime_counts set interactions = interactions - ${ph(tx, 1)}
      where tenant_id = ${ph(tx, 2)} and workspace_id = ${ph(tx, 3)} and scope = 'agent' and agent_id = ${ph(tx, 4)}`, [n, r.tenant_id, r.workspace_id, r.agent_id]));
  }
  for (const w of byWorkspace.values()) {
    await tx.execute(CompiledQuery.raw(`update llm_runtime_counts set interactions = interactions - ${ph(tx, 1)}
      where tenant_id = ${ph(tx, 2)} and workspace_id = ${ph(tx, 3)} and scope = 'workspace' and agent_id = ''`, [w.n, w.tenant, w.workspace]));
  }
  return total;
}

const ph = (tx: Executor, i: number) => (tx.engine === 'postgres' ? `$${i}` : '?');

/** Drops the monthly partitions that end at or before the cutoff (PostgreSQL). */
async function dropOldPartitions(db: Db, cutoff: number): Promise<{ deleted: number; dropped: string[] }> {
  let deleted = 0;
  const dropped: string[] = [];
  for (const p of await listPartitions(db)) {
    if (p.month.to > cutoff) continue;
    await db.transaction(async (tx) => {
      // No ingest may add to the partition between counting and dropping it.
      await tx.exec(`lock table ${p.name} in access exclusive mode`);
      const counted = await tx.execute<Counted>(CompiledQuery.raw(
        `select tenant_id, workspace_id, agent_id, count(*) as n from ${p.name} group by tenant_id, workspace_id, agent_id`));
      deleted += await discount(tx, counted.rows);
      await tx.exec(`drop table ${p.name}`);
    });
    dropped.push(p.name);
  }
  return { deleted, dropped };
}

/** Deletes the rows older than the cutoff, workspace by workspace, over the time index. */
async function deleteOldRows(db: Db, cutoff: number): Promise<number> {
  const workspaces = db.template('retention.workspaces', (b) => b.selectFrom('llm_runtime_counts').select(['tenant_id', 'workspace_id'])
    .where('scope', '=', 'workspace').where('interactions', '>', param<number>('zero')));
  let deleted = 0;
  for (const w of await db.all<{ tenant_id: string; workspace_id: string }>(workspaces, { zero: 0 })) {
    const args = { tenant: w.tenant_id, workspace: w.workspace_id, cutoff };
    await db.transaction(async (tx) => {
      if (tx.engine === 'postgres') {
        // Counted from the rows actually deleted, in the same statement.
        const t = db.template('retention.delete-pg', (b) => sql<Counted>`with gone as (
            delete from llm_interactions where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')} and time < ${param('cutoff')}
            returning tenant_id, workspace_id, agent_id)
          select tenant_id, workspace_id, agent_id, count(*) as n from gone group by tenant_id, workspace_id, agent_id`.compile(b));
        deleted += await discount(tx, await tx.all<Counted>(t, args));
        return;
      }
      // SQLite: one writer, so counting then deleting inside the transaction sees the same rows.
      const count = db.template('retention.count', (b) => b.selectFrom('llm_interactions')
        .select((eb) => ['tenant_id', 'workspace_id', 'agent_id', eb.fn.countAll<number>().as('n')])
        .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where('time', '<', param<number>('cutoff'))
        .groupBy(['tenant_id', 'workspace_id', 'agent_id']));
      const del = db.template('retention.delete', (b) => b.deleteFrom('llm_interactions')
        .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where('time', '<', param<number>('cutoff')));
      const counted = await tx.all<Counted>(count, args);
      await tx.run(del, args);
      deleted += await discount(tx, counted);
    });
  }
  return deleted;
}

/** Deletes raw interactions older than `days` days before `now`. */
export async function applyRetention(db: Db, days: number, now: number): Promise<RetentionResult> {
  const cutoff = now - days * DAY;
  const partitions = db.engine === 'postgres' ? await dropOldPartitions(db, cutoff) : { deleted: 0, dropped: [] };
  const rows = await deleteOldRows(db, cutoff);
  return { cutoff, deleted: partitions.deleted + rows, droppedPartitions: partitions.dropped };
}

/** Makes this month's and next month's partitions (PostgreSQL; nothing on SQLite). */
export async function preparePartitions(db: Db, now: number): Promise<void> {
  if (db.engine !== 'postgres') return;
  await db.transaction((tx) => ensurePartitions(tx, [now, new Date(now).setUTCDate(1) + 32 * DAY]));
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
        if (opts.retentionDays > 0) opts.onResult?.(await applyRetention(db, opts.retentionDays, opts.now()));
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
