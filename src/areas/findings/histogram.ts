// The 12-month issue histogram: a lookup over `issue_monthly`, the per-workspace, per-month
// severity counts ingest keeps as findings arrive (resolved ones included: the histogram counts
// what was detected when). Never a scan of the instances.

import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import { scopeArgs, scopeShape, whereScope, type WorkspaceScope } from '../../platform/db/workspace-scope.ts';

export interface MonthCounts {
  /** `YYYY-MM`, UTC. */
  month: string;
  critical: number;
  high: number;
  /** medium and low. */
  other: number;
}

export const HISTOGRAM_MONTHS = 12;

/** The 12 calendar months (UTC) ending with the one `now` falls in, oldest first. */
export function histogramMonths(now: number): string[] {
  const d = new Date(now);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return Array.from({ length: HISTOGRAM_MONTHS }, (_, i) =>
    new Date(Date.UTC(y, m - HISTOGRAM_MONTHS + 1 + i, 1)).toISOString().slice(0, 7),
  );
}

export async function issueHistogram(db: Db, scope: WorkspaceScope, now: number): Promise<MonthCounts[]> {
  const months = histogramMonths(now);
  const shape = scopeShape(scope);
  const t = db.template(`histogram.months:${shape}`, (b, d) =>
    whereScope(
      b
        .selectFrom('issue_monthly')
        .select([
          'month',
          sql<number>`sum(critical)`.as('critical'),
          sql<number>`sum(high)`.as('high'),
          sql<number>`sum(medium + low)`.as('other'),
        ])
        .where('tenant_id', '=', param('tenant'))
        .where('month', '>=', param('from'))
        .where('month', '<=', param('to')),
      d,
      shape,
      'workspace_id',
    ).groupBy('month'),
  );
  const rows = await db.all(t, {
    ...scopeArgs(scope),
    from: months[0],
    to: months.at(-1),
  });
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return months.map((month) => {
    const r = byMonth.get(month);
    return { month, critical: Number(r?.critical ?? 0), high: Number(r?.high ?? 0), other: Number(r?.other ?? 0) };
  });
}
