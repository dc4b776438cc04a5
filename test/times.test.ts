// Times as answered: every stored time goes out as RFC 3339 UTC with milliseconds, exactly as
// Date.prototype.toISOString writes it. The lists write them with a formatter of their own
// (src/platform/values.ts: a page of 10,000 sessions writes 20,000 of them), so it is held to
// Date's own answer over the whole range Date covers, and through HTTP on both engines.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { rfc3339 } from '../src/platform/values.ts';
import { body, describeEngines, objects } from './helpers/harness.ts';
import { T1 } from './helpers/fixtures.ts';
import { interaction } from './helpers/runtime-fixtures.ts';

const DAY = 86_400_000;

/** A fixed spread of values (a linear congruential generator): the same on every run. */
function spread(n: number): number[] {
  let x = 12345;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const scale = [8.64e15, 4e12, 1e9][i % 3]!;
    out.push((next() - 0.5) * 2 * scale + (i % 5 === 0 ? next() : 0));
  }
  return out;
}

it('writes every time as Date.prototype.toISOString does, over the whole range of Date', () => {
  const edges = [0, -0, -1, 1.5, -1.5, 0.999, DAY - 1, DAY, -DAY, -DAY - 1, 951_868_799_999, 951_868_800_000];
  // The year 10000 and the year before 0 (six signed digits), and the ends of Date's range.
  edges.push(253_402_300_799_999, 253_402_300_800_000, -62_167_219_200_000, -62_167_219_200_001, 8.64e15, -8.64e15);
  for (const ms of [...edges, ...spread(60_000)]) assert.equal(rfc3339(ms), new Date(ms).toISOString(), String(ms));
  // Stored as text by a driver, the same value.
  assert.equal(rfc3339('1700000000123' as unknown as number), '2023-11-14T22:13:20.123Z');
  assert.equal(rfc3339(null), null);
  assert.equal(rfc3339(undefined), null);
  // Past Date's range, the same error as Date's.
  for (const ms of [Number.NaN, 8.64e15 + 1, Number.POSITIVE_INFINITY]) assert.throws(() => rfc3339(ms), RangeError);
});

describeEngines('times', (h) => {
  let token: string;
  // Yesterday at midnight UTC: the last millisecond of the day before, the first of the day, one
  // in the middle, and one sent with a fraction finer than a millisecond and a zone offset.
  const midnight = Math.floor(Date.now() / DAY) * DAY - DAY;
  const sent = [
    { id: 't1', time: new Date(midnight - 1).toISOString(), answered: new Date(midnight - 1).toISOString() },
    { id: 't2', time: new Date(midnight).toISOString(), answered: new Date(midnight).toISOString() },
    { id: 't3', time: new Date(midnight + 45_296_789).toISOString(), answered: new Date(midnight + 45_296_789).toISOString() },
    {
      id: 't4',
      time: `${new Date(midnight + 3_600_000).toISOString().slice(0, 19)}.1239999+01:00`,
      answered: new Date(midnight + 123).toISOString(),
    },
  ];
  before(async () => {
    token = await h().token({ tenant: T1 });
    const s = await h().ingest(
      T1,
      'times',
      sent.map((t) => interaction({ id: t.id, session: `S-${t.id}`, minute: 0, agent: 'a1', extra: { time: t.time } })),
    );
    assert.equal(s.rejected, 0);
  });

  it('answers the times sent, in UTC to the millisecond, in lists and sessions', async () => {
    const interactions = objects(body(await h().get(`/api/v1/aispm-llm-interactions/tenants/${T1}/workspaces/times?sort_dir=asc`, token)));
    assert.deepEqual(
      interactions.map((r) => [r.id, r.time]),
      [...sent].sort((a, b) => (a.answered < b.answered ? -1 : 1)).map((t) => [t.id, t.answered]),
    );
    const sessions = objects(body(await h().get(`/api/v1/aispm-llm-sessions/tenants/${T1}/workspaces/times?pageSize=10`, token)));
    assert.deepEqual(
      Object.fromEntries(sessions.map((r) => [r.session_id, r.start_time])),
      Object.fromEntries(sent.map((t) => [`S-${t.id}`, t.answered])),
    );
  });
});
