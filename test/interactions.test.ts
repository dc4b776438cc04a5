// LLM interactions: the list (order, filters, paging), one interaction with its prompt and
// response, prompts dropped at ingest when configured, and cost from the price table.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfiguredPrices } from '../src/areas/runtime/prices.ts';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';
import { T1, T2 } from './helpers/fixtures.ts';
import { interaction, type InteractionSpec } from './helpers/runtime-fixtures.ts';

const list = (w: string, q = '') => `/api/v1/aispm-llm-interactions/tenants/${T1}/workspaces/${w}${q ? `?${q}` : ''}`;

// Two agents, three sessions; k2 and k3 share a time so the id breaks the tie.
const specs: InteractionSpec[] = [
  {
    id: 'k1',
    session: 'S1',
    minute: 0,
    agent: 'a1',
    cost: 0.5,
    extra: { prompt: 'hello', response: 'hi there', provider: 'openai', attributes: { b: 1, a: [1, 2] } },
  },
  { id: 'k2', session: 'S1', minute: 10, agent: 'a1', cost: 0.25, prompt_outcome: 'BLOCKED', categories: ['prompt_injection'] },
  { id: 'k3', session: 'S2', minute: 10, agent: 'a2', cost: 0.125, response_outcome: 'REDACTED', categories: ['pii', 'secrets'] },
  { id: 'k4', session: 'S2', minute: 20, agent: 'a2', cost: 1 },
  { id: 'k5', session: 'S3', minute: 30, agent: 'a1', cost: 2, extra: { mcp_server_ids: ['mcp-1'] } },
];
const newestFirst = ['k5', 'k4', 'k3', 'k2', 'k1'];

describeEngines('interactions', (h) => {
  let token: string;
  before(async () => {
    token = await h().token({ tenant: T1 });
    await h().ingest(T1, 'ints', specs.map(interaction));
  });

  it('lists newest first with the documented columns, ties broken by id', async () => {
    const page = body(await h().get(list('ints'), token));
    assert.deepEqual(page.header, [
      'id',
      'session_id',
      'agent_id',
      'model',
      'provider',
      'time',
      'duration_ms',
      'input_tokens',
      'output_tokens',
      'total_tokens',
      'cost',
      'prompt_outcome',
      'response_outcome',
      'categories',
      'outcome',
      'model_id',
      'mcp_server_ids',
      'cost_source',
    ]);
    assert.deepEqual(
      objects(page).map((r) => r.id),
      newestFirst,
    );
    assert.equal(page.total, 5);
    assert.equal(page.cursor, '');
    assert.deepEqual(
      objects(page).find((r) => r.id === 'k3'),
      {
        id: 'k3',
        session_id: 'S2',
        agent_id: 'a2',
        model: 'gpt-4o',
        provider: '',
        time: '2026-01-01T00:10:00.000Z',
        duration_ms: 1000,
        input_tokens: 100,
        output_tokens: 10,
        total_tokens: 110,
        cost: 0.125,
        prompt_outcome: 'OK',
        response_outcome: 'REDACTED',
        categories: ['pii', 'secrets'],
        outcome: 'REDACTED',
        model_id: null,
        mcp_server_ids: [],
        cost_source: 'reported',
      },
    );
    assert.ok(!page.header.includes('prompt'));
  });

  it('pages in both directions without skipping or repeating', async () => {
    const desc = await allPages(h(), list('ints', 'page_size=2'), token);
    assert.equal(desc.pages, 3);
    assert.deepEqual(
      desc.rows.map((r) => r[0]),
      newestFirst,
    );
    const asc = await allPages(h(), list('ints', 'pageSize=2&sort=time&sort_dir=asc'), token);
    assert.deepEqual(
      asc.rows.map((r) => r[0]),
      [...newestFirst].reverse(),
    );
  });

  it('filters by agent, session and an inclusive time window', async () => {
    const cases: Array<[string, string[]]> = [
      ['agent_id=a1', ['k5', 'k2', 'k1']],
      ['agent_id=a2', ['k4', 'k3']],
      ['session_id=S1', ['k2', 'k1']],
      ['agent_id=a1&session_id=S2', []],
      ['start_time=2026-01-01T00:10:00Z&end_time=2026-01-01T00:20:00Z', ['k4', 'k3', 'k2']],
      ['start_time=2026-01-01T00:10:00.001Z', ['k5', 'k4']],
      ['end_time=2026-01-01T00:09:59.999Z', ['k1']],
      ['agent_id=a1&start_time=2026-01-01T01:10:00%2B01:00', ['k5', 'k2']],
    ];
    for (const [q, ids] of cases) {
      const got = await allPages(h(), list('ints', `${q}&page_size=1`), token);
      assert.deepEqual(
        got.rows.map((r) => r[0]),
        ids,
        q,
      );
      assert.equal(body(await h().get(list('ints', q), token)).total, ids.length, q);
    }
  });

  it('answers 400 for a malformed or reversed window and an unknown sort', async () => {
    const bad: Array<[string, RegExp]> = [
      ['start_time=yesterday', /^start_time: expected an RFC 3339 time/],
      ['end_time=2026-01-01', /^end_time: expected an RFC 3339 time/],
      ['start_time=2026-01-02T00:00:00Z&end_time=2026-01-01T00:00:00Z', /^start_time: later than end_time$/],
      ['sort=cost', /^sort: column cannot be sorted "cost"; sortable columns are time$/],
      ['sort=nope', /^sort: unknown column "nope"; sortable columns are time$/],
    ];
    for (const [q, message] of bad) {
      const res = await h().get(list('ints', q), token);
      assert.equal(res.statusCode, 400, q);
      assert.match(body(res).message, message);
    }
  });

  it('answers one interaction with its prompt, response and attributes', async () => {
    const res = await h().get(`${list('ints')}/k1`, token);
    assert.equal(res.statusCode, 200);
    const page = body(res);
    assert.equal(page.header.length, 21);
    assert.deepEqual(page.header.slice(-3), ['prompt', 'response', 'attributes']);
    assert.equal(page.cursor, '');
    assert.equal(page.total, 1);
    const [row] = objects(page);
    assert.equal(row!.prompt, 'hello');
    assert.equal(row!.response, 'hi there');
    assert.deepEqual(row!.attributes, { b: 1, a: [1, 2] });
    assert.equal(row!.provider, 'openai');
    assert.deepEqual(objects(body(await h().get(`${list('ints')}/k5`, token)))[0]!.mcp_server_ids, ['mcp-1']);
  });

  it('answers 404 for an id not in the workspace', async () => {
    const res = await h().get(`${list('ints')}/nope`, token);
    assert.equal(res.statusCode, 404);
    assert.deepEqual(body(res), { code: 404, message: 'no LLM interaction with this id in the workspace' });
    // A workspace nothing was ever ingested into is not an empty one: 404 naming the ones there are.
    const other = await h().get(`${list('other')}/k1`, token);
    assert.equal(other.statusCode, 404);
    assert.match(body(other).message, /^no data in workspace "other" of tenant "t1"; the workspaces this token can see: .*\bints\b/);
  });

  it('prices interactions sent without a cost from the shipped table, longest model prefix first', async () => {
    const cases: Array<[string, number, string]> = [
      ['gpt-4o', 0.0035, 'priced'], // 1000 × 2.50 + 100 × 10.00 per million
      ['gpt-4o-2024-08-06', 0.0035, 'priced'],
      ['gpt-4o-mini', 0.00021, 'priced'], // 1000 × 0.15 + 100 × 0.60
      ['claude-sonnet-4-20250514', 0.0045, 'priced'], // 1000 × 3 + 100 × 15
      ['my-own-model', 0, 'unpriced'],
    ];
    await h().ingest(
      T1,
      'cost',
      cases.map(([model], i) => interaction({ id: `c${i}`, session: 'C', minute: i, model, input: 1000, output: 100 })),
    );
    await h().ingest(T1, 'cost', [
      interaction({ id: 'reported', session: 'C', minute: 10, model: 'gpt-4o', input: 1000, output: 100, cost: 2 }),
    ]);
    const rows = objects(body(await h().get(list('cost'), token)));
    for (const [i, [model, cost, source]] of cases.entries()) {
      const r = rows.find((x) => x.id === `c${i}`)!;
      assert.ok(Math.abs(r.cost - cost) < 1e-12, `${model}: ${r.cost} != ${cost}`);
      assert.equal(r.cost_source, source, model);
    }
    assert.deepEqual([rows.find((x) => x.id === 'reported')!.cost, rows.find((x) => x.id === 'reported')!.cost_source], [2, 'reported']);
    const session = objects(body(await h().get(`/api/v1/aispm-llm-sessions/tenants/${T1}/workspaces/cost`, token)))[0]!;
    assert.ok(Math.abs(session.cost - (2 + 0.0035 * 2 + 0.00021 + 0.0045)) < 1e-12);
  });

  it("uses a tenant's own prices over the shipped ones, for that tenant only", async () => {
    const price = { type: 'price', model: 'gpt-4o', input_per_million: 10, output_per_million: 20 };
    await h().ingest(T1, 'priced', [
      price,
      interaction({ id: 'p1', session: 'P', minute: 0, model: 'gpt-4o-2024-08-06', input: 1000, output: 100 }),
    ]);
    await h().ingest(T2, 'priced', [interaction({ id: 'p1', session: 'P', minute: 0, model: 'gpt-4o', input: 1000, output: 100 })]);
    const own = objects(body(await h().get(list('priced'), token)))[0]!;
    assert.ok(Math.abs(own.cost - 0.012) < 1e-12, String(own.cost));
    const t2 = await h().token({ tenant: T2 });
    const other = objects(body(await h().get(`/api/v1/aispm-llm-interactions/tenants/${T2}/workspaces/priced`, t2)))[0]!;
    assert.ok(Math.abs(other.cost - 0.0035) < 1e-12, String(other.cost));
  });

  // PostgreSQL writes a batch of 1,000 new interactions or more by COPY in its text format, smaller
  // ones by an unnest insert: 1,500 lines are one batch of each. Every character survives both,
  // and a re-send that changes rows goes the same way.
  it('keeps every character and value of a batch large enough for a bulk copy, and its re-send', async () => {
    const awkward = ['tab\there', 'line\nbreak\r\nand back\\slash', '\\N', 'quote " and \' and {braces}', 'ünïcödé ✓ 𝄞', ''];
    const spec = (i: number, round: number): Record<string, unknown> =>
      interaction({
        id: `c${i}`,
        session: `CS${i % 7}`,
        minute: i,
        agent: i % 3 ? 'ca' : 'cb',
        cost: round + (i % 8) / 8,
        categories: i % 5 ? [] : ['pii', awkward[i % awkward.length]!],
        extra: {
          prompt: awkward[i % awkward.length]! + i,
          response: i % 4 ? `r${i}` : undefined,
          provider: i % 2 ? 'openai' : undefined,
          attributes: { note: awkward[(i + 1) % awkward.length]!, n: i },
        },
      });
    const n = 1500;
    assert.equal(
      (
        await h().ingest(
          T1,
          'copied',
          Array.from({ length: n }, (_, i) => spec(i, 0)),
        )
      ).accepted,
      n,
    );
    // Every interaction changed in its cost, all in one batch of 1,500.
    const again = await h().ingest(
      T1,
      'copied',
      Array.from({ length: n }, (_, i) => spec(i, 1)),
    );
    assert.equal(again.accepted, n);
    const all = await allPages(h(), list('copied', 'page_size=500'), token);
    assert.equal(all.rows.length, n);
    for (const i of [0, 1, 2, 3, 4, 5, 999, 1000, 1499]) {
      const sent = spec(i, 1) as { extra?: unknown } & Record<string, any>;
      const [row] = objects(body(await h().get(`${list('copied')}/c${i}`, token)));
      assert.equal(row!.prompt, sent.prompt, `c${i}`);
      assert.equal(row!.response, sent.response ?? null, `c${i} response`);
      assert.equal(row!.provider, sent.provider ?? '', `c${i} provider`);
      assert.deepEqual(row!.attributes, sent.attributes, `c${i}`);
      assert.deepEqual(row!.categories, sent.categories ?? [], `c${i}`);
      assert.equal(row!.cost, sent.cost, `c${i}`);
      assert.equal(row!.session_id, sent.session_id, `c${i}`);
    }
  });
});

describeEngines('prices from configuration', (h) => {
  it("lays AISPM_PRICES_FILE over the shipped table and under a tenant's own prices", async () => {
    const token = await h().token({ tenant: T1 });
    const file = join(mkdtempSync(join(tmpdir(), 'aispm-prices-')), 'prices.json');
    writeFileSync(
      file,
      JSON.stringify([
        { model: 'gpt-4o', input_per_million: 5, output_per_million: 15 },
        { model: 'in-house-llm', input_per_million: 1, output_per_million: 1 },
      ]),
    );
    await loadConfiguredPrices(h().db, file);
    await h().ingest(T1, 'w', [
      interaction({ id: 'a', session: 'S', minute: 0, model: 'gpt-4o', input: 1000, output: 100 }),
      interaction({ id: 'b', session: 'S', minute: 1, model: 'in-house-llm-v2', input: 1000, output: 1000 }),
      interaction({ id: 'c', session: 'S', minute: 2, model: 'gpt-4o-mini', input: 1000, output: 100 }),
      { type: 'price', model: 'in-house-llm', input_per_million: 3, output_per_million: 3 },
    ]);
    // Prices in a batch apply to its interactions: the tenant's own in-house-llm price wins.
    const cost = (rows: Array<Record<string, any>>, id: string) => rows.find((r) => r.id === id)!.cost as number;
    let rows = objects(body(await h().get(list('w'), token)));
    assert.ok(Math.abs(cost(rows, 'a') - 0.0065) < 1e-12); // 1000 × 5 + 100 × 15 per million (configured)
    assert.ok(Math.abs(cost(rows, 'b') - 0.006) < 1e-12); // 2000 × 3 per million (tenant's own)
    assert.ok(Math.abs(cost(rows, 'c') - 0.00021) < 1e-12); // shipped gpt-4o-mini
    // Loading the file again without gpt-4o drops that override.
    writeFileSync(file, JSON.stringify([]));
    await loadConfiguredPrices(h().db, file);
    await h().ingest(T1, 'w', [interaction({ id: 'd', session: 'S', minute: 3, model: 'gpt-4o', input: 1000, output: 100 })]);
    rows = objects(body(await h().get(list('w'), token)));
    assert.ok(Math.abs(cost(rows, 'd') - 0.0035) < 1e-12);
  });
});

describeEngines(
  'interactions without stored prompts',
  (h) => {
    it('drops prompt and response text at ingest when configured to', async () => {
      const token = await h().token({ tenant: T1 });
      await h().ingest(T1, 'w', [
        interaction({ id: 'x', session: 'S', minute: 0, extra: { prompt: 'secret prompt', response: 'secret answer' } }),
      ]);
      const [row] = objects(body(await h().get(`${list('w')}/x`, token)));
      assert.equal(row!.prompt, null);
      assert.equal(row!.response, null);
      assert.equal(row!.input_tokens, 100);
    });
  },
  { config: { storePrompts: false } },
);
