// Money without float noise, on both engines: costs whose float sums are inexact (0.1 + 0.2, and
// prices of 0.15 $/M tokens) are stored in micro-dollars, so a session's cost is exactly the sum of
// its interactions', an agent's month exactly the sum of its sessions', and every answer has at most
// six decimals. Filters and sorts on cost take dollars.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { body, describeEngines, objects } from './helpers/harness.ts';
import { entity, T1, W1 } from './helpers/fixtures.ts';
import { interaction } from './helpers/runtime-fixtures.ts';

const SESSIONS = `/api/v1/aispm-llm-sessions/tenants/${T1}/workspaces/${W1}`;
const INTERACTIONS = `/api/v1/aispm-llm-interactions/tenants/${T1}/workspaces/${W1}`;

/** At most six decimals, written as a short decimal (no 0.30000000000000004). */
const sixDecimals = (x: number) => /^-?\d+(\.\d{1,6})?$/.test(String(x));

describeEngines(
  'money',
  (h) => {
    let token: string;
    before(async () => {
      const records = [
        entity('agent', 'a1', 'Agent', 1),
        // Reported costs whose float sum is noisy: 0.1 + 0.2 + 0.3 = 0.6000000000000001 in doubles.
        interaction({ id: 'i1', session: 's1', minute: 1, agent: 'a1', cost: 0.1 }),
        interaction({ id: 'i2', session: 's1', minute: 2, agent: 'a1', cost: 0.2 }),
        interaction({ id: 'i3', session: 's1', minute: 3, agent: 'a1', cost: 0.3 }),
        // Priced from a tenant price of 0.15 / 0.6 $ per million tokens: 0.15 µ$ an input token.
        { type: 'price', model: 'cheap-model', input_per_million: 0.15, output_per_million: 0.6 },
        interaction({ id: 'i4', session: 's2', minute: 4, agent: 'a1', model: 'cheap-model', input: 1_234_567, output: 76_543 }),
        interaction({ id: 'i5', session: 's2', minute: 5, agent: 'a1', model: 'cheap-model', input: 3_333, output: 7 }),
        // The example: 0.7611819999999999 as a float sum.
        interaction({ id: 'i6', session: 's3', minute: 6, agent: 'a1', cost: 0.380591 }),
        interaction({ id: 'i7', session: 's3', minute: 7, agent: 'a1', cost: 0.380591 }),
      ];
      const s = await h().ingest(T1, W1, records);
      assert.equal(s.rejected, 0, JSON.stringify(s.errors));
      token = await h().token({ tenant: T1 });
    });

    it('interactions answer their cost to the micro-dollar', async () => {
      const rows = objects(body(await h().get(`${INTERACTIONS}?page_size=100&sort_dir=asc`, token)));
      assert.deepEqual(
        rows.map((r) => [r.id, r.cost, r.cost_source]),
        [
          ['i1', 0.1, 'reported'],
          ['i2', 0.2, 'reported'],
          ['i3', 0.3, 'reported'],
          // 1,234,567 × 0.15 + 76,543 × 0.6 = 185,185.05 + 45,925.8 = 231,110.85 µ$, stored as 231,111
          ['i4', 0.231111, 'priced'],
          // 3,333 × 0.15 + 7 × 0.6 = 499.95 + 4.2 = 504.15 µ$ → 504
          ['i5', 0.000504, 'priced'],
          ['i6', 0.380591, 'reported'],
          ['i7', 0.380591, 'reported'],
        ],
      );
    });

    it("a session's cost is exactly the sum of its interactions'", async () => {
      const rows = objects(body(await h().get(`${SESSIONS}?sort=session_id&sort_dir=asc`, token)));
      assert.deepEqual(
        rows.map((r) => [r.session_id, r.cost]),
        [
          ['s1', 0.6],
          ['s2', 0.231615],
          ['s3', 0.761182],
        ],
      );
      for (const r of rows) assert.ok(sixDecimals(r.cost), String(r.cost));
    });

    it("the agent's monthly cost is exactly the sum of its sessions'; averages are to the micro-dollar", async () => {
      const agent = body(await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/${W1}/a1`, token));
      const january = agent.cost_history.monthly.find((m: { period: string }) => m.period === '2026-01');
      // 0.6 + 0.231615 + 0.761182
      assert.deepEqual(january, { period: '2026-01', cost: 1.592797 });
      const perSession = agent.cost_per_session_history.find((m: { period: string }) => m.period === '2026-01');
      // 1,592,797 µ$ / 3 sessions = 530,932.33 → 530,932
      assert.deepEqual(perSession, { period: '2026-01', cost_per_session: 0.530932 });
      for (const v of [agent.cost_history.current_month, agent.cost_history.ytd, agent.burn_rate.daily_spend_rate])
        assert.ok(sixDecimals(v), String(v));
    });

    it('filters and sorts on cost are in dollars, and page exactly', async () => {
      const over = objects(body(await h().get(`${SESSIONS}?cost__gt=0.6&sort=cost&sort_dir=desc`, token)));
      assert.deepEqual(
        over.map((r) => r.session_id),
        ['s3'],
      );
      const atLeast = objects(body(await h().get(`${SESSIONS}?cost__gte=0.6&sort=cost&sort_dir=desc`, token)));
      assert.deepEqual(
        atLeast.map((r) => r.session_id),
        ['s3', 's1'],
      );
      const exact = objects(body(await h().get(`${INTERACTIONS}?cost=0.000504`, token)));
      assert.deepEqual(
        exact.map((r) => r.id),
        ['i5'],
      );
      // Sorted by cost across pages of one.
      const seen: string[] = [];
      let url = `${SESSIONS}?sort=cost&sort_dir=asc&pageSize=1`;
      for (;;) {
        const page = body(await h().get(url, token));
        seen.push(...objects(page).map((r) => r.session_id as string));
        if (!page.cursor) break;
        url = `${SESSIONS}?sort=cost&sort_dir=asc&pageSize=1&cursor=${page.cursor}`;
      }
      assert.deepEqual(seen, ['s2', 's1', 's3']);
    });
  },
  { now: () => Date.UTC(2026, 1, 15) },
);
