// Cost and tokens per agent or per model, per UTC day or over a whole window: the costs list of
// the runtime area (issue 32, "an agent's cost over the last 7 days" in one call). It reads the
// per-day roll-up ingest keeps (llm_cost_daily, cost-daily.ts), grouped in a derived table, so the
// list's own filters, sorts, keyset paging and CSV apply to the grouped rows like any list's.
//
// `group_by` and `interval` pick one of four lists (their columns differ); the window (`days`, or
// `start_time` / `end_time`) is part of the scope: it is bound inside the grouping, before the
// sums, where a filter on the grouped rows could not reach.

import Type from 'typebox';
import { toDollars } from '../../catalog/money.ts';
import { llmCost } from '../../catalog/rowsets.ts';
import { param } from '../../platform/db/database.ts';
import type { LlmCostDailyTable } from '../../platform/db/tables/runtime.ts';
import { badRequest } from '../../platform/errors.ts';
import { StringEnum } from '../../platform/http/schemas.ts';
import { defineList, fieldSql, type ListScope } from '../../platform/lists/list-spec.ts';
import { rfc3339, parseTime } from '../../platform/values.ts';

const DAY = 86_400_000;
/** The longest `days` window: ten years of days, far beyond any retention. */
export const MAX_DAYS = 3660;

export const groupings = ['agent', 'model'] as const;
export const intervals = ['total', 'day'] as const;
type Grouping = (typeof groupings)[number];
type Interval = (typeof intervals)[number];

/** The roll-up's columns a row of the costs is keyed by. */
type CostKey = keyof LlmCostDailyTable & ('agent_id' | 'provider' | 'model' | 'day');
const keyColumns: Record<Grouping, readonly CostKey[]> = { agent: ['agent_id'], model: ['provider', 'model'] };
const sums = ['interactions', 'input_tokens', 'output_tokens', 'cost'] as const;

const WindowBound = (what: string) =>
  Type.String({ maxLength: 64, description: `${what}: an RFC 3339 time with a zone, or a date (YYYY-MM-DD, UTC).` });

/** The query parameters the costs lists take beyond filters, sort and paging. */
export const costQuery = {
  group_by: Type.Optional(StringEnum(groupings, { description: 'One row per `agent` (default) or per `model` (provider and model).' })),
  interval: Type.Optional(
    StringEnum(intervals, { description: 'One row per group over the whole window (`total`, default), or per group and UTC day (`day`).' }),
  ),
  days: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_DAYS, description: 'The last N UTC days, today included. Not with start_time or end_time.' }),
  ),
  start_time: Type.Optional(WindowBound('Only the days from the one holding this time')),
  end_time: Type.Optional(WindowBound('Only the days up to the one holding this time, included')),
};

function costList(grouping: Grouping, interval: Interval) {
  const keys: CostKey[] = [...keyColumns[grouping], ...(interval === 'day' ? (['day'] as const) : [])];
  const columns = llmCost.columns.filter(
    (c) => (keys as readonly string[]).includes(c.name) || c.name === 'total_tokens' || (sums as readonly string[]).includes(c.name),
  );
  return defineList({
    name: `costs.${grouping}.${interval}`,
    columns,
    columnSql: () => fieldSql(columns, 'c.'),
    tie: keys.map((k) => `c.${k}`),
    defaultSort: interval === 'day' ? [{ column: 'day', dir: 'desc' }] : [{ column: 'cost', dir: 'desc' }],
    filters: [],
    pageSize: 100,
    base: (b) =>
      b
        .selectFrom((sub) => {
          let q = sub
            .selectFrom('llm_cost_daily')
            .where('tenant_id', '=', param('tenant'))
            .where('workspace_id', '=', param('workspace'))
            .where('day', '>=', param<number>('from'))
            .where('day', '<=', param<number>('to'))
            .select(keys)
            .select((eb) => [
              ...sums.map((s) => eb.fn.sum<number>(s).as(s)),
              eb(eb.fn.sum<number>('input_tokens'), '+', eb.fn.sum<number>('output_tokens')).as('total_tokens'),
            ])
            .groupBy(keys);
          // Interactions that name no agent or model keep them as '' in the roll-up's key; they
          // are one group still, answered as null.
          q = q.having((eb) => eb.fn.sum('interactions'), '<>', 0);
          return q.as('c');
        })
        .selectAll('c'),
    render: (_db, _scope, rows) =>
      rows.map((r) => [
        ...keys.map((k) => (k === 'day' ? rfc3339(Number(r.day)) : r[k] === '' ? null : r[k])),
        Number(r.interactions),
        Number(r.input_tokens),
        Number(r.output_tokens),
        Number(r.total_tokens),
        toDollars(Number(r.cost)),
      ]),
    query: { order: [{ extra: costQuery }, 'filters', 'sort', 'paging'] },
  });
}

/** Every costs list, by grouping and interval. */
export const costLists: ReadonlyMap<string, ReturnType<typeof costList>> = new Map(
  groupings.flatMap((g) => intervals.map((i) => [`${g}.${i}`, costList(g, i)] as const)),
);

/** The list a request asks for (`group_by`, `interval`; the schema has checked their values). */
export function pickCostList(query: Record<string, unknown>): ReturnType<typeof costList> {
  return costLists.get(`${query.group_by ?? 'agent'}.${query.interval ?? 'total'}`)!;
}

/** A window bound: an RFC 3339 time, or a UTC date. */
function bound(name: string, text: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? parseTime(`${text}T00:00:00Z`) : parseTime(text);
  if (ms === null)
    throw badRequest(`${name}: expected an RFC 3339 time with a zone, such as 2026-01-31T09:00:00Z, or a date such as 2026-01-31`);
  return ms;
}

/** The workspace and the window of whole UTC days a request asks for, bound inside the grouping. */
export function costScope(params: { tenant_id: string; workspace_id: string }, query: Record<string, unknown>, now: number): ListScope {
  const today = Math.floor(now / DAY) * DAY;
  let from = 0;
  let to = Number.MAX_SAFE_INTEGER;
  if (query.days !== undefined) {
    if (query.start_time !== undefined || query.end_time !== undefined)
      throw badRequest('days: not with start_time or end_time (days counts back from today)');
    from = today - ((query.days as number) - 1) * DAY;
    to = today;
  } else {
    if (query.start_time !== undefined) from = Math.floor(bound('start_time', query.start_time as string) / DAY) * DAY;
    if (query.end_time !== undefined) to = Math.floor(bound('end_time', query.end_time as string) / DAY) * DAY;
    if (from > to) throw badRequest('start_time: later than end_time');
  }
  return {
    args: { tenant: params.tenant_id, workspace: params.workspace_id, from, to },
    key: '',
    fingerprint: [params.tenant_id, params.workspace_id, from, to],
  };
}
