// LLM sessions: what ingest rolls up (turns, tokens, cost, duration, outcome counts, agent) from
// interactions arriving out of order, twice, and changed; every sort order paged through; the
// agent filter; the page-size bound.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';
import { entity, T1 } from './helpers/fixtures.ts';
import { expectedSessions, interaction, type InteractionSpec } from './helpers/runtime-fixtures.ts';

const sessionsUrl = (w: string, query = '') => `/api/v1/aispm-llm-sessions/tenants/${T1}/workspaces/${w}${query ? `?${query}` : ''}`;

async function sessionsOf(
  h: ReturnType<Parameters<Parameters<typeof describeEngines>[1]>[0]>,
  w: string,
  token: string,
  query = 'pageSize=10000',
) {
  const res = await h.get(sessionsUrl(w, query), token);
  assert.equal(res.statusCode, 200, res.body);
  const page = body(res);
  return { page, rows: new Map(objects(page).map((r) => [r.session_id as string, r])) };
}

// Session A: i1 (no agent) at 0, i2 (agent-a, ALERTED response) at 10, i3 (agent-a, BLOCKED prompt) at 20.
// Session B: j1 (agent-b) at 0, j2 at 5.
const i1: InteractionSpec = { id: 'i1', session: 'A', minute: 0, input: 200, output: 20, cost: 0.25, duration: 4000 };
const i2: InteractionSpec = {
  id: 'i2',
  session: 'A',
  minute: 10,
  agent: 'agent-a',
  input: 300,
  output: 30,
  cost: 0.5,
  response_outcome: 'ALERTED',
  mcp: ['mcp-files'],
  extra: { model_id: 'm-x' },
};
const i3: InteractionSpec = {
  id: 'i3',
  session: 'A',
  minute: 20,
  agent: 'agent-a',
  cost: 0.125,
  duration: 2500,
  prompt_outcome: 'BLOCKED',
  categories: ['pii'],
};
const j1: InteractionSpec = { id: 'j1', session: 'B', minute: 0, agent: 'agent-b', cost: 1, response_outcome: 'REDACTED' };
const j2: InteractionSpec = { id: 'j2', session: 'B', minute: 5, agent: 'agent-b', cost: 0.375, duration: 60_000 };

/** 14 sessions with ties on every sort column, over two agents. */
function sortFixture(): InteractionSpec[] {
  const out: InteractionSpec[] = [];
  for (let k = 1; k <= 14; k++) {
    const turns = 1 + (k % 3);
    for (let j = 0; j < turns; j++) {
      out.push({
        id: `s${k}-${j}`,
        session: `s${String(k).padStart(2, '0')}`,
        minute: (k % 5) * 60 + j * 2,
        agent: k % 2 ? 'agent-odd' : 'agent-even',
        duration: 1000 * (1 + (k % 2)),
        input: 100 * (1 + (k % 4)),
        output: 10,
        cost: 0.125 * (k % 3),
      });
    }
  }
  return out;
}

describeEngines('sessions', (h) => {
  let token: string;
  before(async () => {
    token = await h().token({ tenant: T1 });
    await h().ingest(T1, 'sorted', sortFixture().map(interaction));
  });

  it('rolls up interactions that arrive out of order and twice', async () => {
    await h().ingest(T1, 'agg', [entity('model', 'm-x', 'model-x', 0)]);
    await h().ingest(T1, 'agg', [interaction(i3), interaction(j2)]);
    await h().ingest(T1, 'agg', [interaction(i1), interaction(i2), interaction(j1), interaction(i3)]);
    await h().ingest(T1, 'agg', [interaction(i1), interaction(i2), interaction(j1), interaction(i3), interaction(j2)]);
    const { page, rows } = await sessionsOf(h(), 'agg', token);
    assert.equal(page.total, 2);
    const want = expectedSessions([i1, i2, i3, j1, j2]);
    assert.deepEqual(rows.get('A'), want.get('A'));
    assert.deepEqual(rows.get('B'), want.get('B'));
    // Spelled out once, so the reference itself is checked.
    assert.deepEqual(rows.get('A'), {
      session_id: 'A',
      agent_id: 'agent-a',
      start_time: '2026-01-01T00:00:00.000Z',
      end_time: '2026-01-01T00:20:02.500Z',
      duration_ms: 1_202_500,
      turns: 3,
      input_tokens: 600,
      output_tokens: 60,
      total_tokens: 660,
      cost: 0.875,
      ok: 1,
      alerted: 1,
      blocked: 1,
      redacted: 0,
      unpriced_turns: 0,
      mcp_turns: 1,
    });
    const interactions = body(await h().get(`/api/v1/aispm-llm-interactions/tenants/${T1}/workspaces/agg`, token));
    assert.equal(interactions.total, 5);
    assert.deepEqual(
      objects(interactions).map((r) => r.id),
      ['i3', 'j2', 'i2', 'i1', 'j1'].sort((a, b) => {
        const m = { i1: 0, i2: 10, i3: 20, j1: 0, j2: 5 } as Record<string, number>;
        return m[b]! - m[a]! || (a < b ? 1 : -1);
      }),
    );
  });

  it('recounts the sessions of an interaction re-sent with changes, and moves its links', async () => {
    const edge = `/api/v1/aispm-models/tenants/${T1}/workspaces/agg/m-x/sessions`;
    assert.deepEqual(
      objects(body(await h().get(edge, token))).map((r) => r.session_id),
      ['A'],
    );
    const moved: InteractionSpec = { ...i2, session: 'C', input: 5000, output: 500, prompt_outcome: 'REDACTED' };
    await h().ingest(T1, 'agg', [interaction(moved)]);
    const { page, rows } = await sessionsOf(h(), 'agg', token);
    const want = expectedSessions([i1, moved, i3, j1, j2]);
    assert.equal(page.total, 3);
    assert.deepEqual(rows.get('A'), want.get('A'));
    assert.deepEqual(rows.get('C'), want.get('C'));
    assert.deepEqual(rows.get('B'), want.get('B'));
    assert.equal(rows.get('A')!.turns, 2);
    // Its MCP turn went with it: counted again from the raw rows, not by a delta.
    assert.equal(rows.get('A')!.mcp_turns, 0);
    assert.equal(rows.get('C')!.mcp_turns, 1);
    assert.deepEqual(
      objects(body(await h().get(edge, token))).map((r) => r.session_id),
      ['C'],
    );
    // Agent totals follow: agent-a has A and C, agent-b has B.
    assert.equal(body(await h().get(sessionsUrl('agg', 'agent_id=agent-a'), token)).total, 2);
    assert.equal(body(await h().get(sessionsUrl('agg', 'agent_id=agent-b'), token)).total, 1);
  });

  it('a session that loses its last interaction to another is gone', async () => {
    await h().ingest(T1, 'gone', [interaction({ id: 'g1', session: 'G1', minute: 0, agent: 'x', cost: 1 })]);
    await h().ingest(T1, 'gone', [interaction({ id: 'g1', session: 'G2', minute: 0, agent: 'x', cost: 1 })]);
    const { page, rows } = await sessionsOf(h(), 'gone', token);
    assert.equal(page.total, 1);
    assert.deepEqual([...rows.keys()], ['G2']);
    assert.equal(body(await h().get(sessionsUrl('gone', 'agent_id=x'), token)).total, 1);
  });

  it('gives a session the agent of its earliest interaction that names one, whatever the arrival order', async () => {
    const m1: InteractionSpec = { id: 'm1', session: 'M', minute: 0, cost: 0.5 };
    const m2: InteractionSpec = { id: 'm2', session: 'M', minute: 5, agent: 'agent-y', cost: 0.5 };
    const m3: InteractionSpec = { id: 'm3', session: 'M', minute: 3, agent: 'agent-x', cost: 0.5 };
    await h().ingest(T1, 'order1', [interaction(m2)]);
    await h().ingest(T1, 'order1', [interaction(m1)]);
    await h().ingest(T1, 'order1', [interaction(m3)]);
    await h().ingest(T1, 'order2', [interaction(m1), interaction(m2), interaction(m3)]);
    await h().ingest(T1, 'order3', [interaction(m3)]);
    await h().ingest(T1, 'order3', [interaction(m2), interaction(m1)]);
    const want = expectedSessions([m1, m2, m3]).get('M')!;
    assert.equal(want.agent_id, 'agent-x');
    for (const w of ['order1', 'order2', 'order3']) {
      const { rows } = await sessionsOf(h(), w, token);
      assert.deepEqual(rows.get('M'), want, w);
      assert.equal(body(await h().get(sessionsUrl(w, 'agent_id=agent-x'), token)).total, 1, w);
      assert.equal(body(await h().get(sessionsUrl(w, 'agent_id=agent-y'), token)).total, 0, w);
    }
  });

  it('lists newest session first by default, 10 to a page', async () => {
    const res = await h().get(sessionsUrl('sorted'), token);
    const page = body(res);
    assert.equal(page.rows.length, 10);
    assert.equal(page.total, 14);
    assert.notEqual(page.cursor, '');
    const want = [...expectedSessions(sortFixture()).values()].sort((a, b) =>
      a.start_time === b.start_time ? (a.session_id < b.session_id ? 1 : -1) : a.start_time < b.start_time ? 1 : -1,
    );
    assert.deepEqual(objects(page), want.slice(0, 10));
  });

  const sorts: Array<[string, string]> = [
    ['session_id', 'session_id'],
    ['time', 'start_time'],
    ['tokens', 'total_tokens'],
    ['cost', 'cost'],
    ['turns', 'turns'],
    ['duration_ms', 'duration_ms'],
  ];
  for (const agent of [undefined, 'agent-odd']) {
    for (const [sort, column] of sorts) {
      for (const dir of ['asc', 'desc'] as const) {
        it(`pages through sort=${sort} ${dir}${agent ? ` for ${agent}` : ''} exactly, ties by session id`, async () => {
          const all = [...expectedSessions(sortFixture()).values()].filter((s) => !agent || s.agent_id === agent);
          const sign = dir === 'asc' ? 1 : -1;
          const want = all.sort((a, b) => {
            const x = a[column] as number | string;
            const y = b[column] as number | string;
            if (x !== y) return (x < y ? -1 : 1) * sign;
            return (a.session_id < b.session_id ? -1 : 1) * sign;
          });
          const url = sessionsUrl('sorted', `sort=${sort}&sort_dir=${dir}&pageSize=4${agent ? `&agent_id=${agent}` : ''}`);
          const got = await allPages(h(), url, token);
          assert.equal(got.pages, Math.ceil(want.length / 4));
          assert.deepEqual(objects({ header: got.header, rows: got.rows }), want);
          // Every page carries the same total.
          const first = body(await h().get(url, token));
          assert.equal(first.total, want.length);
          assert.equal(first.total_sampling, 1);
        });
      }
    }
  }

  it('accepts the header names start_time and total_tokens as sort columns, and page_size', async () => {
    const a = body(await h().get(sessionsUrl('sorted', 'sort=tokens&sort_dir=desc&pageSize=14'), token));
    const b = body(await h().get(sessionsUrl('sorted', 'sort=total_tokens&sort_dir=desc&page_size=14'), token));
    assert.deepEqual(a.rows, b.rows);
    assert.equal(a.rows.length, 14);
  });

  it('answers 400 for pageSize 10001, naming the parameter and the bound', async () => {
    for (const q of ['pageSize=10001', 'page_size=10001']) {
      const res = await h().get(sessionsUrl('sorted', q), token);
      assert.equal(res.statusCode, 400);
      const b = body(res);
      assert.deepEqual(Object.keys(b).sort(), ['code', 'message']);
      assert.match(b.message, /page_?[sS]ize/);
      assert.match(b.message, /10000/);
    }
    assert.equal((await h().get(sessionsUrl('sorted', 'pageSize=10000'), token)).statusCode, 200);
    assert.equal((await h().get(sessionsUrl('sorted', 'pageSize=0'), token)).statusCode, 400);
  });

  it('answers 400 for an unknown sort, listing the allowed ones', async () => {
    const res = await h().get(sessionsUrl('sorted', 'sort=name'), token);
    assert.equal(res.statusCode, 400);
    assert.equal(body(res).message, 'sort: unknown column "name"; sortable columns are session_id, time, tokens, cost, turns, duration_ms');
    assert.equal((await h().get(sessionsUrl('sorted', 'sort_dir=up'), token)).statusCode, 400);
  });

  it('refuses a cursor taken from another sort or agent', async () => {
    const first = body(await h().get(sessionsUrl('sorted', 'sort=cost&sort_dir=desc&pageSize=2'), token));
    for (const q of ['sort=turns&sort_dir=desc', 'sort=cost&sort_dir=desc&agent_id=agent-odd', 'sort=cost&sort_dir=asc']) {
      const res = await h().get(sessionsUrl('sorted', `${q}&pageSize=2&cursor=${encodeURIComponent(first.cursor)}`), token);
      assert.equal(res.statusCode, 400, q);
      assert.match(body(res).message, /cursor belongs to another query/);
    }
  });

  it('answers CSV when asked', async () => {
    const res = await h().get(sessionsUrl('sorted', 'sort=session_id&sort_dir=asc&pageSize=2'), token, { accept: 'text/csv' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    assert.equal(
      lines[0],
      'session_id,agent_id,start_time,end_time,duration_ms,turns,input_tokens,output_tokens,total_tokens,cost,ok,alerted,blocked,redacted,unpriced_turns,mcp_turns',
    );
    assert.equal(lines.length, 3);
    assert.equal(res.headers['x-total-count'], '14');
  });

  it('keeps tenants and workspaces apart', async () => {
    const other = await h().token({ tenant: 'other' });
    assert.equal((await h().get(sessionsUrl('sorted'), other)).statusCode, 403);
    const empty = await h().get(sessionsUrl('empty'), token);
    assert.equal(empty.statusCode, 404);
    assert.match(body(empty).message, /^no data in workspace "empty"/);
  });
});
