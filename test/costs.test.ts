// The costs list of the runtime area: cost and tokens per agent or per model, in total or per UTC
// day, over a window (days, or start_time / end_time), read from the roll-up ingest keeps. Each
// answer is compared with sums the test computes from the interactions it sent.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { body, describeEngines, objects } from './helpers/harness.ts';
import { T1 } from './helpers/fixtures.ts';
import { interaction, type InteractionSpec } from './helpers/runtime-fixtures.ts';

const DAY_MIN = 1440;
const url = (query = '') => `/api/v1/aispm-llm-costs/tenants/${T1}/workspaces/costs${query ? `?${query}` : ''}`;

// Three UTC days (2026-01-01 … 03), two agents, two models, one interaction naming no agent.
// Costs are multiples of 1/8 so that sums are exact.
const specs: InteractionSpec[] = [
  { id: 'a1', session: 's1', minute: 10, agent: 'agent-a', model: 'gpt-4o', input: 100, output: 10, cost: 0.5 },
  { id: 'a2', session: 's1', minute: 20, agent: 'agent-a', model: 'claude-sonnet-4', input: 200, output: 20, cost: 1.25 },
  { id: 'a3', session: 's2', minute: DAY_MIN + 5, agent: 'agent-a', model: 'gpt-4o', input: 300, output: 30, cost: 0.125 },
  { id: 'b1', session: 's3', minute: DAY_MIN + 7, agent: 'agent-b', model: 'gpt-4o', input: 50, output: 5, cost: 2 },
  { id: 'b2', session: 's4', minute: 2 * DAY_MIN + 1, agent: 'agent-b', model: 'claude-sonnet-4', input: 70, output: 7, cost: 0.375 },
  { id: 'n1', session: 's5', minute: 2 * DAY_MIN + 3, model: 'gpt-4o', input: 10, output: 1, cost: 0.25 },
];
const providerOf = (model: string) => (model.startsWith('gpt') ? 'openai' : 'anthropic');
const sent = specs.map((s) => ({ ...s, extra: { provider: providerOf(s.model!) } }));
const dayOf = (s: InteractionSpec) => new Date(Date.UTC(2026, 0, 1 + Math.floor(s.minute / DAY_MIN))).toISOString();

/** The rows a grouping must answer, summed here from the interactions sent. */
function expected(key: (s: InteractionSpec) => Record<string, unknown>, keep: (s: InteractionSpec) => boolean = () => true) {
  const out = new Map<string, Record<string, unknown>>();
  for (const s of specs.filter(keep)) {
    const k = key(s);
    const id = JSON.stringify(k);
    const row = out.get(id) ?? { ...k, interactions: 0, input_tokens: 0, output_tokens: 0, total_tokens: 0, cost: 0 };
    (row.interactions as number)++;
    (row.input_tokens as number) += s.input!;
    (row.output_tokens as number) += s.output!;
    (row.total_tokens as number) += s.input! + s.output!;
    (row.cost as number) += s.cost!;
    out.set(id, row);
  }
  return [...out.values()];
}
const byCostDesc = (rows: Record<string, unknown>[]) =>
  [...rows].sort((a, b) => (b.cost as number) - (a.cost as number) || JSON.stringify(a).localeCompare(JSON.stringify(b)));

describeEngines(
  'costs',
  (h) => {
    let token: string;
    before(async () => {
      token = await h().token({ tenant: T1 });
      const s = await h().ingest(T1, 'costs', sent.map(interaction));
      assert.equal(s.rejected, 0, JSON.stringify(s));
    });

    async function rows(query: string) {
      const res = await h().get(url(query), token);
      assert.equal(res.statusCode, 200, res.body);
      return { page: body(res), rows: objects(body(res)) };
    }

    it('answers cost and tokens per agent over all time, highest cost first', async () => {
      const { page, rows: got } = await rows('');
      assert.deepEqual(page.header, ['agent_id', 'interactions', 'input_tokens', 'output_tokens', 'total_tokens', 'cost']);
      assert.deepEqual(got, byCostDesc(expected((s) => ({ agent_id: s.agent ?? null }))));
      assert.equal(page.total, 3);
    });

    it('answers per model and per UTC day', async () => {
      const { page, rows: got } = await rows('group_by=model&interval=day&sort=day&sort_dir=asc');
      assert.deepEqual(page.header, ['provider', 'model', 'day', 'interactions', 'input_tokens', 'output_tokens', 'total_tokens', 'cost']);
      const want = expected((s) => ({ provider: providerOf(s.model!), model: s.model, day: dayOf(s) })).sort(
        (a, b) => (a.day as string).localeCompare(b.day as string) || (a.provider as string).localeCompare(b.provider as string),
      );
      assert.deepEqual(got, want);
    });

    it('keeps a window of whole days: days=N counts back from today, start_time and end_time take dates or times', async () => {
      // The harness's clock is 2026-01-03T12:00Z: the last 2 days are the 2nd and the 3rd.
      const lastTwo = (s: InteractionSpec) => s.minute >= DAY_MIN;
      assert.deepEqual((await rows('days=2')).rows, byCostDesc(expected((s) => ({ agent_id: s.agent ?? null }), lastTwo)));
      assert.deepEqual(
        (await rows('start_time=2026-01-02&end_time=2026-01-02T23:00:00Z&group_by=model')).rows,
        byCostDesc(
          expected(
            (s) => ({ provider: providerOf(s.model!), model: s.model }),
            (s) => lastTwo(s) && s.minute < 2 * DAY_MIN,
          ),
        ),
      );
    });

    it('filters and sorts the grouped rows like any list, and answers CSV', async () => {
      const a = await rows('agent_id=agent-a&interval=day&days=7');
      assert.deepEqual(
        a.rows,
        expected(
          (s) => ({ agent_id: s.agent, day: dayOf(s) }),
          (s) => s.agent === 'agent-a',
        ).sort((x, y) => (y.day as string).localeCompare(x.day as string)),
      );
      const over = await rows('cost__gt=1&sort=total_tokens');
      assert.deepEqual(
        over.rows.map((r) => r.agent_id),
        ['agent-b', 'agent-a'],
      );
      const csv = await h().get(url('group_by=model&sort=model'), token, { accept: 'text/csv' });
      assert.equal(csv.statusCode, 200);
      assert.equal(
        csv.body.trim().split(/\r?\n/).join('\n'),
        [
          'provider,model,interactions,input_tokens,output_tokens,total_tokens,cost',
          'anthropic,claude-sonnet-4,2,270,27,297,1.625',
          'openai,gpt-4o,4,460,46,506,2.875',
        ].join('\n'),
      );
    });

    it('follows a re-sent interaction that changed', async () => {
      const changed = { ...sent[0]!, cost: 4.5, extra: { provider: 'openai' } };
      await h().ingest(T1, 'costs', [interaction(changed)]);
      const got = (await rows('agent_id=agent-a')).rows[0]!;
      assert.equal(got.cost, 4.5 + 1.25 + 0.125);
      assert.equal(got.interactions, 3);
      await h().ingest(T1, 'costs', [interaction(sent[0]!)]);
      assert.equal((await rows('agent_id=agent-a')).rows[0]!.cost, 0.5 + 1.25 + 0.125);
    });

    it('answers 400 for a window it cannot read', async () => {
      for (const [query, message] of [
        ['days=7&start_time=2026-01-01', 'days: not with start_time or end_time (days counts back from today)'],
        ['start_time=2026-01-03&end_time=2026-01-01', 'start_time: later than end_time'],
        [
          'start_time=yesterday',
          'start_time: expected an RFC 3339 time with a zone, such as 2026-01-31T09:00:00Z, or a date such as 2026-01-31',
        ],
      ]) {
        const res = await h().get(url(query!), token);
        assert.equal(res.statusCode, 400, query);
        assert.deepEqual(body(res), { code: 400, message }, query);
      }
    });
  },
  { now: () => Date.UTC(2026, 0, 3, 12) },
);
