// Times as answered: every stored time goes out as RFC 3339 UTC with milliseconds, exactly as
// Date.prototype.toISOString writes it. The lists write them with a formatter of their own
// (src/platform/values.ts: a page of 10,000 sessions writes 20,000 of them), so it is held to
// Date's own answer over the whole range Date covers, and through HTTP on both engines.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { parseTime, rfc3339 } from '../src/platform/values.ts';
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

/** parseTime as it read every time before its canonical form was read from the digits: the pattern, then Date.parse. */
function parsedByDate(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

it('reads a time exactly as Date.parse does, in the canonical form and out of it', () => {
  // Canonical times of years 0000 to 9999, then each with one of its characters replaced: days and
  // months past their ends (30 February, 29 February of a common year, month 13, day 00), hour 24,
  // minute and second 60, lower-case separators, a letter or a space in place of a digit.
  const canonical = spread(60_000)
    .filter((ms) => ms >= -62_167_219_200_000 && ms <= 253_402_300_799_999)
    .map((ms) => new Date(ms).toISOString());
  canonical.push('2024-02-29T12:00:00.000Z', '2000-02-29T00:00:00.000Z', '0000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z');
  const variants = [
    '2023-02-29T12:00:00.000Z',
    '2100-02-29T12:00:00.000Z',
    '2026-02-30T00:00:00.000Z',
    '2026-04-31T00:00:00.000Z',
    '2026-13-01T00:00:00.000Z',
    '2026-00-10T00:00:00.000Z',
    '2026-01-00T00:00:00.000Z',
    '2026-01-32T00:00:00.000Z',
    '2026-01-01T24:00:00.000Z',
    '2026-01-01T23:60:00.000Z',
    '2026-01-01T23:59:60.000Z',
    '2026-01-01t10:00:00.000z',
    '2026-01-01T10:00:00.000z',
    '2026-01-01 10:00:00.000Z',
    '2026-01-01T10:00:00,000Z',
    '2026-01-01T1a:00:00.000Z',
    '2026-01-01T10:00:00.0 0Z',
    '+02026-01-01T10:00:00Z',
    '2026-01-01T10:00:00.000+00:00',
    '2026-01-01T10:00:00Z',
  ];
  const replacements = ['0', '9', 'a', ' ', '-', ':', '.', 'T', 'Z', '/'];
  canonical.slice(0, 2000).forEach((text, n) => {
    const at = n % 24;
    for (const r of replacements) variants.push(text.slice(0, at) + r + text.slice(at + 1));
  });
  for (const text of [...canonical, ...variants]) assert.equal(parseTime(text), parsedByDate(text), text);
  // Read twice (the day's start is kept the second time), the same answer.
  for (const text of canonical.slice(0, 100)) assert.equal(parseTime(text), Date.parse(text), text);
  assert.equal(parseTime('2026-01-01T24:00:00.000Z'), parsedByDate('2026-01-01T24:00:00.000Z'));
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
