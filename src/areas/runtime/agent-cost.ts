// An agent's spend, read from the daily roll-up ingest keeps (llm_agent_daily): the burn rate of
// the last 7 days against its own 30-day baseline, month / quarter / year-to-date totals, and
// monthly history for 12 months. At most ~400 rows per agent, whatever the interaction volume.

import { toDollars } from '../../catalog/money.ts';
import type { Db } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';

const DAY = 86_400_000;

export interface AgentCost {
  burn_rate: { daily_spend_rate: number; baseline_daily_spend: number; status: 'no_data' | 'increasing' | 'stable' | 'decreasing' };
  cost_history: { current_month: number; current_quarter: number; ytd: number; monthly: Array<{ period: string; cost: number }> };
  cost_per_session_history: Array<{ period: string; cost_per_session: number }>;
}

// Sums are of whole micro-dollars (src/catalog/money.ts), so exact; a rate or an average is rounded
// to the micro-dollar before it becomes dollars.
const dollars = (micros: number) => toDollars(Math.round(micros));

function monthStart(year: number, month: number): number {
  return Date.UTC(year, month, 1);
}

export async function agentCost(db: Db, tenant: string, workspace: string, agentId: string, now: number): Promise<AgentCost> {
  const d = new Date(now);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const months = Array.from({ length: 12 }, (_, i) => monthStart(y, m - 11 + i));
  const since = Math.min(months[0]!, Date.UTC(y, 0, 1), Math.floor(now / DAY) * DAY - 30 * DAY);
  const t = db.template('agent.cost', (b) =>
    b
      .selectFrom('llm_agent_daily')
      .select(['day', 'cost', 'sessions'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('agent_id', '=', param('agent'))
      .where('day', '>=', param<number>('since'))
      .orderBy('day'),
  );
  const rows = (await db.all(t, { tenant, workspace, agent: agentId, since })).map((r) => ({
    day: Number(r.day),
    cost: Number(r.cost),
    sessions: Number(r.sessions),
  }));

  const today = Math.floor(now / DAY) * DAY;
  const sum = (from: number, to = Infinity) => rows.filter((r) => r.day >= from && r.day < to).reduce((a, r) => a + r.cost, 0);
  const rate = sum(today - 6 * DAY) / 7;
  const baseline = sum(today - 29 * DAY) / 30;
  let status: AgentCost['burn_rate']['status'] = 'stable';
  if (rate === 0 && baseline === 0) status = 'no_data';
  else if (rate > baseline * 1.2) status = 'increasing';
  else if (rate < baseline * 0.8) status = 'decreasing';

  const quarterStart = monthStart(y, m - (m % 3));
  const monthly = months.map((start, i) => {
    const end = i + 1 < months.length ? months[i + 1]! : monthStart(y, m + 1);
    const inMonth = rows.filter((r) => r.day >= start && r.day < end);
    const cost = inMonth.reduce((a, r) => a + r.cost, 0);
    const sessions = inMonth.reduce((a, r) => a + r.sessions, 0);
    return { period: new Date(start).toISOString().slice(0, 7), cost, sessions };
  });
  return {
    burn_rate: { daily_spend_rate: dollars(rate), baseline_daily_spend: dollars(baseline), status },
    cost_history: {
      current_month: dollars(sum(months[11]!)),
      current_quarter: dollars(sum(quarterStart)),
      ytd: dollars(sum(Date.UTC(y, 0, 1))),
      monthly: monthly.map((x) => ({ period: x.period, cost: dollars(x.cost) })),
    },
    cost_per_session_history: monthly.map((x) => ({
      period: x.period,
      cost_per_session: x.sessions > 0 ? dollars(x.cost / x.sessions) : 0,
    })),
  };
}
