// The guardrail dashboards: categories, hourly counts and outcome totals over inclusive windows,
// at their boundaries, with the default window on a pinned clock.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { body, describeEngines } from './helpers/harness.ts';
import { T1 } from './helpers/fixtures.ts';
import { interaction } from './helpers/runtime-fixtures.ts';

const NOW = Date.parse('2026-01-01T01:30:00Z');
const dash = (what: string, q = '') => `/api/v1/aispm-llm-interactions-dash/tenants/${T1}/workspaces/dash/${what}${q ? `?${q}` : ''}`;
const window = (start: string, end: string) => `start_time=${encodeURIComponent(start)}&end_time=${encodeURIComponent(end)}`;

// d1 exactly at 00:00, d2 at 00:30, d3 exactly at 01:00, d4 at 01:01, d5 a day earlier (outside the default window).
const records = [
  interaction({ id: 'd1', session: 'S', minute: 0, prompt_outcome: 'BLOCKED', categories: ['pii', 'secrets'] }),
  interaction({ id: 'd2', session: 'S', minute: 30, response_outcome: 'REDACTED', categories: ['pii'] }),
  interaction({ id: 'd3', session: 'T', minute: 60, response_outcome: 'ALERTED', categories: ['toxicity'] }),
  interaction({ id: 'd4', session: 'T', minute: 61 }),
  interaction({ id: 'd5', session: 'U', minute: -24 * 60 - 1, prompt_outcome: 'BLOCKED', categories: ['jailbreak'] }),
  // Both outcomes set: counted once, under the more severe (BLOCKED).
  interaction({ id: 'd6', session: 'T', minute: 62, prompt_outcome: 'REDACTED', response_outcome: 'BLOCKED', categories: ['jailbreak'] }),
];

const zero = { count: 0 };
const bucket = (total: number, ok = 0, alerted = 0, blocked = 0, redacted = 0) => ({
  total: { count: total },
  ok: { count: ok },
  alerted: { count: alerted },
  blocked: { count: blocked },
  redacted: { count: redacted },
});

describeEngines(
  'guardrail dashboards',
  (h) => {
    let token: string;
    before(async () => {
      token = await h().token({ tenant: T1 });
      await h().ingest(T1, 'dash', records);
    });

    it('counts outcomes in an inclusive window, exact at both ends', async () => {
      const cases: Array<[string, string, object]> = [
        ['2026-01-01T00:00:00Z', '2026-01-01T01:00:00Z', { total: 3, ok: 0, alerted: 1, blocked: 1, redacted: 1 }],
        ['2026-01-01T00:00:00.001Z', '2026-01-01T01:00:00Z', { total: 2, ok: 0, alerted: 1, blocked: 0, redacted: 1 }],
        ['2026-01-01T00:00:00Z', '2026-01-01T00:59:59.999Z', { total: 2, ok: 0, alerted: 0, blocked: 1, redacted: 1 }],
        ['2026-01-01T01:00:00+01:00', '2026-01-01T00:00:00Z', { total: 1, ok: 0, alerted: 0, blocked: 1, redacted: 0 }],
        ['2026-01-01T01:01:00Z', '2026-01-01T01:02:00Z', { total: 2, ok: 1, alerted: 0, blocked: 1, redacted: 0 }],
        ['2027-01-01T00:00:00Z', '2027-01-02T00:00:00Z', { total: 0, ok: 0, alerted: 0, blocked: 0, redacted: 0 }],
      ];
      for (const [start, end, want] of cases) {
        const res = await h().get(dash('outcomes', window(start, end)), token);
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(body(res), want, `${start}..${end}`);
      }
    });

    it('counts per hour, every hour of the window present', async () => {
      const res = await h().get(dash('counts', window('2026-01-01T00:00:00Z', '2026-01-01T01:00:00Z')), token);
      assert.deepEqual(body(res), {
        total: 3,
        ok: 0,
        alerted: 1,
        blocked: 1,
        redacted: 1,
        results: {
          '2026-01-01T00:00:00.000Z': bucket(2, 0, 0, 1, 1),
          '2026-01-01T01:00:00.000Z': bucket(1, 0, 1, 0, 0),
        },
      });
      const wide = body(await h().get(dash('counts', window('2025-12-31T22:30:00Z', '2026-01-01T02:00:00Z')), token));
      assert.deepEqual(Object.keys(wide.results), [
        '2025-12-31T22:00:00.000Z',
        '2025-12-31T23:00:00.000Z',
        '2026-01-01T00:00:00.000Z',
        '2026-01-01T01:00:00.000Z',
        '2026-01-01T02:00:00.000Z',
      ]);
      assert.deepEqual(wide.results['2026-01-01T01:00:00.000Z'], bucket(3, 1, 1, 1, 0));
      assert.deepEqual(wide.results['2025-12-31T23:00:00.000Z'].total, zero);
      assert.equal(wide.total, 5);
    });

    it('lists the categories of blocked and redacted interactions, most frequent first', async () => {
      const res = await h().get(dash('categories', window('2026-01-01T00:00:00Z', '2026-01-01T02:00:00Z')), token);
      assert.deepEqual(body(res), {
        categories: [
          { category: 'pii', count: 2 },
          { category: 'jailbreak', count: 1 },
          { category: 'secrets', count: 1 },
        ],
        total: 4,
      });
      const late = await h().get(dash('categories', window('2026-01-01T00:00:00.001Z', '2026-01-01T01:00:00Z')), token);
      assert.deepEqual(body(late), { categories: [{ category: 'pii', count: 1 }], total: 1 });
    });

    it('defaults to the 24 hours up to now', async () => {
      // The pinned now is 01:30: d1..d4 and d6 are in, d5 (a day and a minute before d1) is not.
      assert.deepEqual(body(await h().get(dash('outcomes'), token)), { total: 5, ok: 1, alerted: 1, blocked: 2, redacted: 1 });
      const counts = body(await h().get(dash('counts'), token));
      assert.equal(Object.keys(counts.results).length, 25);
      assert.equal(Object.keys(counts.results)[0], '2025-12-31T01:00:00.000Z');
      assert.equal(counts.total, 5);
      // Only an end: the 24 hours before it, which here start exactly at d5.
      assert.deepEqual(body(await h().get(dash('outcomes', 'end_time=2025-12-31T23:59:00Z'), token)), {
        total: 1,
        ok: 0,
        alerted: 0,
        blocked: 1,
        redacted: 0,
      });
      assert.deepEqual(body(await h().get(dash('outcomes', 'end_time=2025-12-31T23:59:00.001Z'), token)), {
        total: 0,
        ok: 0,
        alerted: 0,
        blocked: 0,
        redacted: 0,
      });
      assert.deepEqual(body(await h().get(dash('categories', 'start_time=2026-01-01T01:00:00Z'), token)), {
        categories: [{ category: 'jailbreak', count: 1 }],
        total: 1,
      });
    });

    it('answers 400 for malformed, reversed and over-long windows', async () => {
      const bad: Array<[string, string, RegExp]> = [
        ['outcomes', 'start_time=2026-01-01', /^start_time: expected an RFC 3339 time/],
        ['categories', 'end_time=soon', /^end_time: expected an RFC 3339 time/],
        ['counts', window('2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z'), /^start_time: later than end_time$/],
        ['outcomes', 'start_time=2026-06-01T00:00:00Z', /^start_time: later than end_time$/],
        [
          'counts',
          window('2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
          /^end_time: the window of hourly counts may span at most 92 days$/,
        ],
      ];
      for (const [what, q, message] of bad) {
        const res = await h().get(dash(what, q), token);
        assert.equal(res.statusCode, 400, `${what}?${q}`);
        assert.match(body(res).message, message);
      }
    });

    it('keeps workspaces apart and needs the read scope', async () => {
      const other = await h().get(
        `/api/v1/aispm-llm-interactions-dash/tenants/${T1}/workspaces/elsewhere/outcomes?${window('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')}`,
        token,
      );
      assert.equal(other.statusCode, 404);
      const ingestOnly = await h().token({ tenant: T1, scopes: ['ingest'] });
      assert.equal((await h().get(dash('outcomes'), ingestOnly)).statusCode, 403);
    });
  },
  { now: () => NOW },
);
