// The roll-up the costs list reads (llm_cost_daily): interactions, tokens and cost per agent,
// provider, model and UTC day, added to as each batch lands. A re-sent interaction that changed
// takes its old figures out and puts its new ones in, so the roll-up always equals the sum of
// the interactions ingest accepted. Retention does not touch it (totals outlive the raw rows).

import type { BatchContext } from '../../ingest/batch-context.ts';
import { bulkInsert } from '../../platform/db/bulk.ts';
import type { Stored } from './stored-interactions.ts';

const DAY = 86_400_000;
const COUNTS = ['interactions', 'input_tokens', 'output_tokens', 'cost'] as const;

interface Delta {
  agent: string;
  provider: string;
  model: string;
  day: number;
  interactions: number;
  input: number;
  output: number;
  cost: number;
}

/** Adds a batch's new interactions, and the change of re-sent ones, to the per-day cost roll-up. */
export async function updateCostDaily(
  ctx: BatchContext,
  fresh: Stored[],
  changed: Array<{ before: Stored; after: Stored }>,
): Promise<void> {
  const deltas = new Map<string, Delta>();
  const add = (s: Stored, sign: number) => {
    const day = Math.floor(s.time / DAY) * DAY;
    // JSON of the key parts: agent, provider and model are client text and may hold any separator.
    const k = JSON.stringify([s.agent_id, s.provider, s.model, day]);
    let d = deltas.get(k);
    if (!d) {
      d = { agent: s.agent_id, provider: s.provider, model: s.model, day, interactions: 0, input: 0, output: 0, cost: 0 };
      deltas.set(k, d);
    }
    d.interactions += sign;
    d.input += sign * s.input_tokens;
    d.output += sign * s.output_tokens;
    d.cost += sign * s.cost;
  };
  for (const f of fresh) add(f, 1);
  for (const c of changed) {
    add(c.before, -1);
    add(c.after, 1);
  }
  const rows = [...deltas.values()].filter((d) => d.interactions !== 0 || d.input !== 0 || d.output !== 0 || d.cost !== 0);
  if (rows.length === 0) return;
  await bulkInsert(
    ctx.tx,
    'llm_cost_daily',
    ['tenant_id', 'workspace_id', 'agent_id', 'provider', 'model', 'day', ...COUNTS],
    rows.map((d) => [ctx.tenant, ctx.workspace, d.agent, d.provider, d.model, d.day, d.interactions, d.input, d.output, d.cost]),
    {
      keys: ['tenant_id', 'workspace_id', 'agent_id', 'provider', 'model', 'day'],
      update: Object.fromEntries(COUNTS.map((c) => [c, `llm_cost_daily.${c} + excluded.${c}`])),
    },
  );
}
