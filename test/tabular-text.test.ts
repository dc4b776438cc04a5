// A list's page is written as JSON text by tabularText (src/platform/http/tabular.ts) instead of
// Fastify's serializer: the bytes must be the serializer's own, for every kind of value a row holds.
// Here Fastify itself serializes the same results from the TabularResult schema, and the two are
// compared byte for byte.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import Fastify from 'fastify';
import { Tabular as TabularSchema } from '../src/platform/http/schemas.ts';
import { type Tabular, tabular, tabularText } from '../src/platform/http/tabular.ts';

const awkward: unknown[] = [
  null,
  0,
  -0,
  1.5,
  -2e-7,
  1e21,
  123456789012345,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  '',
  'plain',
  'quote " backslash \\ slash / tab \t newline \n',
  'control \u0001 \u001f del \u007f',
  'separators \u2028 \u2029',
  'lone surrogates \ud800 \udfff and a pair 😀',
  'ünïcødé 中文',
  '2026-11-29T10:00:00.000Z',
  ['a', 1, null, { b: [true] }],
  { nested: { deep: [1, 'two', { three: null }] }, '': 'empty key', 'q"k': 1 },
  [],
  {},
];

const results: Tabular[] = [
  tabular([], [], '', 0),
  tabular(['id'], [['x']], 'opaque-cursor_-=', 1),
  tabular(
    awkward.map((_, i) => `c${i}`),
    [awkward, [...awkward].reverse()],
    'next "cursor" \n',
    2,
  ),
  // A total the serializer cuts to its integer part, and a sampling other than 1.
  { ...tabular(['n'], [[1]], '', 7.9), total_sampling: 0.25 },
  { ...tabular(['n'], [[1]], '', -3.2), total_sampling: 1 },
  // Members beyond the schema's are not written.
  { ...tabular(['n'], [[1]], '', 1), extra: 'dropped' } as Tabular,
];

it('writes a tabular result exactly as Fastify serializes it from the TabularResult schema', async () => {
  const app = Fastify();
  app.addSchema(TabularSchema);
  let current: Tabular = results[0]!;
  app.get('/t', { schema: { response: { 200: { $ref: 'TabularResult#' } } } }, async () => current);
  await app.ready();
  try {
    for (const result of results) {
      current = result;
      const res = await app.inject({ method: 'GET', url: '/t' });
      assert.equal(res.statusCode, 200);
      assert.equal(tabularText(result), res.body, JSON.stringify(result.header));
      // And it reads back as the result's values, as JSON has them.
      assert.deepEqual(JSON.parse(tabularText(result)), JSON.parse(res.body));
    }
  } finally {
    await app.close();
  }
});
