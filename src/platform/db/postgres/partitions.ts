// Monthly partitions (llm_interactions on PostgreSQL; SQLite keeps one table). A partition holds
// one UTC calendar month of its table's time column, named <table>_YYYY_MM, so retention drops
// whole months instead of deleting rows.
//
// Partitions are made by ingest when a month first arrives, and ahead of time by the runtime
// maintenance job (this month and the next), so steady ingest never has to create one inside its
// transaction: creating a partition locks the parent table until that transaction commits.
// Existence is read from the catalogue each time rather than cached, because a batch that made
// one may roll back, retention drops them, and one process may talk to several databases.

import { sql } from 'kysely';
import type { Executor } from '../database.ts';
import type { MonthlyPartitions, MonthRange } from '../dialect.ts';
import { noteRowsWritten } from './statistics.ts';

export function monthOf(ms: number): MonthRange {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return { suffix: `${y}_${String(m + 1).padStart(2, '0')}`, from: Date.UTC(y, m, 1), to: Date.UTC(y, m + 1, 1) };
}

const partitionName = (table: string, month: MonthRange) => `${table}_${month.suffix}`;

export const monthlyPartitions: MonthlyPartitions = {
  async list(tx: Executor, table: string) {
    // The catalogue's own tables are not in the schema: the row is declared.
    const res = await tx.execute(
      sql<{ name: string }>`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       join pg_class p on p.oid = i.inhparent where p.relname = ${table} and p.relnamespace = to_regnamespace(current_schema())`.compile(
        tx.dialect.builder,
      ),
    );
    const out: Array<{ name: string; month: MonthRange }> = [];
    const pattern = new RegExp(`^${table}_(\\d{4})_(\\d{2})$`);
    for (const { name } of res.rows) {
      const m = pattern.exec(name);
      if (m) out.push({ name, month: monthOf(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) });
    }
    return out;
  },

  async ensure(tx: Executor, table: string, times: Iterable<number>) {
    const months = new Map<string, MonthRange>();
    for (const t of times) {
      const m = monthOf(t);
      months.set(m.suffix, m);
    }
    if (months.size === 0) return;
    const names = [...months.values()].map((m) => partitionName(table, m));
    const found = await tx.execute(
      sql<{
        relname: string;
      }>`select relname from pg_class where relname = any(${names}) and relnamespace = to_regnamespace(current_schema())`.compile(
        tx.dialect.builder,
      ),
    );
    const have = new Set(found.rows.map((r) => r.relname));
    for (const m of months.values()) {
      const name = partitionName(table, m);
      if (have.has(name)) continue;
      await tx.exec(`create table if not exists ${name} partition of ${table} for values from (${m.from}) to (${m.to})`);
    }
  },

  // Planner statistics of partitions that are filling up. A partition created by ingest has no
  // statistics until autovacuum gets to it, and during a long import that may be never: the planner
  // then takes it for a tiny table, and the per-batch lookup of existing interaction ids walks a
  // (tenant, workspace, …) index over the whole partition instead of probing the id index, so each
  // batch costs more than the last. Each partition is analysed as its rows grow, by the same rule as
  // every table ingest fills (statistics.ts); the partitioned parent never is.
  async noteWritten(tx: Executor, table: string, times: Iterable<number>) {
    const counts = new Map<string, number>();
    for (const t of times) {
      const name = partitionName(table, monthOf(t));
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    for (const [name, n] of counts) await noteRowsWritten(tx, name, n);
  },

  async lock(tx: Executor, name: string) {
    await tx.exec(`lock table ${name} in access exclusive mode`);
  },
  async drop(tx: Executor, name: string) {
    await tx.exec(`drop table ${name}`);
  },
};
