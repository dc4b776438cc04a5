// The OTLP counters of a workspace (table otlp_stats): what telemetry brought and what became of it,
// per UTC day and in total (`day = 'total'`). Metrics are named `spans.received`,
// `mapped.<type>`, `ignored.<reason>`, `rejected`, `unmapped.<attribute key>`,
// `objects.created`, `objects.refused`, `cost.reported_zero`. The stats endpoint (stats-routes.ts) and
// the Prometheus metrics read them; the inventory writer counts objects created from telemetry
// here, inside the batch's transaction, so the cap holds across replicas.

import { bulkInsert } from '../../platform/db/bulk.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';

export const TOTAL = 'total';

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Adds `counts` (metric → n) to today's and the total rows of the workspace. */
export async function addCounts(tx: Executor, tenant: string, workspace: string, now: number, counts: Map<string, number>): Promise<void> {
  const rows: unknown[][] = [];
  for (const [metric, n] of counts) {
    if (!n) continue;
    rows.push([tenant, workspace, utcDay(now), metric.slice(0, 200), n]);
    rows.push([tenant, workspace, TOTAL, metric.slice(0, 200), n]);
  }
  await bulkInsert(tx, 'otlp_stats', ['tenant_id', 'workspace_id', 'day', 'metric', 'count'], rows, {
    keys: ['tenant_id', 'workspace_id', 'day', 'metric'],
    update: { count: 'otlp_stats.count + excluded.count' },
  });
}

/** One metric's total in a workspace. */
export async function totalOf(db: Db, tx: Executor, tenant: string, workspace: string, metric: string): Promise<number> {
  const t = db.template('otlp.total', (b) =>
    b
      .selectFrom('otlp_stats')
      .select('count')
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('day', '=', TOTAL)
      .where('metric', '=', param('metric')),
  );
  const rows = await tx.all(t, { tenant, workspace, metric });
  return rows.length ? Number(rows[0]!.count) : 0;
}

/** Some metrics' totals in a workspace, in one statement (0 for those never counted). */
export async function totalsOf(db: Db, tx: Executor, tenant: string, workspace: string, metrics: string[]): Promise<Map<string, number>> {
  const t = db.template('otlp.totals', (b, d) =>
    b
      .selectFrom('otlp_stats')
      .select(['metric', 'count'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('day', '=', TOTAL)
      .where(d.inList('metric', param('metrics'))),
  );
  const out = new Map(metrics.map((m) => [m, 0]));
  for (const r of await tx.all(t, { tenant, workspace, metrics })) out.set(r.metric, Number(r.count));
  return out;
}

/** Every metric of a workspace for one day (or `total`). */
export async function countsOf(db: Db, tx: Executor, tenant: string, workspace: string, day: string): Promise<Map<string, number>> {
  const t = db.template('otlp.counts', (b) =>
    b
      .selectFrom('otlp_stats')
      .select(['metric', 'count'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('day', '=', param('day')),
  );
  const rows = await tx.all(t, { tenant, workspace, day });
  return new Map(rows.map((r) => [r.metric, Number(r.count)]));
}
