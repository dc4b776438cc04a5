// The guardrail dashboards: what the guardrails did to the interactions of a time window. Each
// interaction counts once, under its overall outcome (the more severe of its prompt and response
// outcomes). Counted from the raw interactions over the (tenant, workspace, time, outcome) index,
// so any window boundary is exact to the millisecond.

import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';

export const HOUR = 3_600_000;

export const outcomes = ['OK', 'ALERTED', 'BLOCKED', 'REDACTED'] as const;
export type OutcomeName = (typeof outcomes)[number];

export interface Window {
  tenant: string;
  workspace: string;
  /** Inclusive bounds, epoch milliseconds. */
  start: number;
  end: number;
}

export interface OutcomeCounts {
  total: number;
  ok: number;
  alerted: number;
  blocked: number;
  redacted: number;
}

export function zeroCounts(): OutcomeCounts {
  return { total: 0, ok: 0, alerted: 0, blocked: 0, redacted: 0 };
}

function add(c: OutcomeCounts, outcome: string, n: number): void {
  c.total += n;
  const k = outcome.toLowerCase() as keyof OutcomeCounts;
  if (k in c) c[k] += n;
}

const args = (w: Window) => ({ tenant: w.tenant, workspace: w.workspace, start: w.start, end: w.end });

export async function outcomeTotals(db: Db, w: Window): Promise<OutcomeCounts> {
  const t = db.template('guardrails.outcomes', (b) =>
    b
      .selectFrom('llm_interactions')
      .select((eb) => ['outcome', eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('time', '>=', param<number>('start'))
      .where('time', '<=', param<number>('end'))
      .groupBy('outcome'),
  );
  const out = zeroCounts();
  for (const r of await db.all(t, args(w))) add(out, r.outcome, Number(r.n));
  return out;
}

/** Counts per UTC hour (keyed by the hour's start, epoch ms) of the hours that have interactions. */
export async function hourlyCounts(db: Db, w: Window): Promise<Map<number, OutcomeCounts>> {
  const t = db.template('guardrails.hourly', (b) =>
    sql<{ hour: number; outcome: string; n: number }>`
    select (time / ${sql.lit(HOUR)}) as hour, outcome, count(*) as n from llm_interactions
    where tenant_id = ${param('tenant')} and workspace_id = ${param('workspace')}
      and time >= ${param('start')} and time <= ${param('end')}
    group by (time / ${sql.lit(HOUR)}), outcome`.compile(b),
  );
  const out = new Map<number, OutcomeCounts>();
  for (const r of await db.all(t, args(w))) {
    const hour = Number(r.hour) * HOUR;
    let c = out.get(hour);
    if (!c) {
      c = zeroCounts();
      out.set(hour, c);
    }
    add(c, r.outcome, Number(r.n));
  }
  return out;
}

/** How often each guardrail category fired on interactions a guardrail BLOCKED or REDACTED. */
export async function blockingCategories(db: Db, w: Window): Promise<Array<{ category: string; count: number }>> {
  const t = db.template('guardrails.categories', (b, d) => {
    const each = d.jsonArrayElements('i.categories', 'c');
    return sql<{ category: string; n: number }>`
      select c.value as category, count(*) as n from llm_interactions i, ${each}
      where i.tenant_id = ${param('tenant')} and i.workspace_id = ${param('workspace')}
        and i.time >= ${param('start')} and i.time <= ${param('end')}
        and i.outcome in ('BLOCKED', 'REDACTED')
      group by c.value order by count(*) desc, c.value`.compile(b);
  });
  return (await db.all(t, args(w))).map((r) => ({ category: String(r.category), count: Number(r.n) }));
}
