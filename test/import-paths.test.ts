// The ways interactions are written give the same answers: one HTTP request (one batch), `aispm
// import` in one batch, and `aispm import` in many small batches (each written while the next is
// read; on PostgreSQL as unnested arrays of up to 10,000 rows, on SQLite as multi-row VALUES),
// read and parsed in the import's worker thread (the default) or on the main thread
// (AISPM_IMPORT_WORKER=false), from a file or from standard input.
// The file holds new interactions, exact re-sends, and re-sends that change a row (its tokens, its
// session, its agent), so the roll-ups are both added to and recounted. Compared over HTTP: every
// session in two sort orders, every interaction, and the agents' cost histories; and the same
// for two imports running at once into one workspace. Bad lines and batches a writer rejects are
// reported alike by both import paths, with their line numbers, and leave nothing of their batch.

import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fromColumns, toColumns } from '../src/ingest/interaction-columns.ts';
import { type InteractionRecord, parseRecord } from '../src/ingest/records.ts';
import { allPages, body, describeEngines, type Harness, objects } from './helpers/harness.ts';
import { at, entity, T1 } from './helpers/fixtures.ts';

const DAY = 86_400_000;
const base = Date.UTC(2026, 9, 20);
const agents = ['ag-1', 'ag-2', 'ag-3', 'ag-4'];

function interaction(i: number, change: Partial<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    type: 'interaction',
    id: `x-${i}`,
    // Some values need quoting in an array literal (PostgreSQL's unnest inserts): quotes, backslashes, commas, braces, NULL.
    session_id: i % 70 < 7 ? `s-"${Math.floor(i / 7)}"\\{a,b}` : `s-${Math.floor(i / 7)}`,
    // Some sessions change agent part-way (the earliest agent wins), a few interactions name none.
    ...(i % 29 === 0 ? {} : { agent_id: agents[(Math.floor(i / 7) + (i % 11 === 0 ? 1 : 0)) % agents.length] }),
    model: i % 3 ? 'gpt-4o-mini' : 'claude-sonnet-4',
    ...(i % 5 === 0 ? { model_id: 'm-1' } : {}),
    // Spread over four days, a session's turns a minute apart, some out of order.
    time: new Date(base + Math.floor(i / 7) * 3 * 3_600_000 + ((i * 5) % 7) * 60_000 + Math.floor(i / 200) * DAY).toISOString(),
    duration_ms: 500 + ((i * 37) % 4000),
    input_tokens: 100 + ((i * 13) % 900),
    output_tokens: 10 + ((i * 7) % 300),
    ...(i % 4 === 0 ? { cost: ((i % 9) + 1) * 0.0125 } : {}),
    ...(i % 17 === 0 ? { prompt_outcome: 'BLOCKED', categories: ['prompt_injection'] } : {}),
    ...(i % 19 === 0 ? { response_outcome: 'REDACTED' } : {}),
    ...(i % 23 === 0 ? { mcp_server_ids: ['mcp-1', `mcp-${i % 3}`] } : {}),
    ...(i % 13 === 0 ? { prompt: `say "hi" \\ {${i}}, NULL`, response: 'é€😀 ""', attributes: { note: 'a "q" \\ b', n: i } } : {}),
    ...change,
  };
}

/** New rows, then exact re-sends and changed re-sends, in the order the file holds them. */
function records(): object[] {
  const out: object[] = [...agents.map((a, k) => entity('agent', a, `Agent ${k}`, 0)), entity('model', 'm-1', 'claude-sonnet-4', 0)];
  for (let i = 0; i < 600; i++) out.push(interaction(i));
  for (let i = 0; i < 600; i += 9) out.push(interaction(i));
  for (let i = 3; i < 600; i += 31) out.push(interaction(i, { input_tokens: 5000 + i, cost: 0.5 }));
  for (let i = 5; i < 600; i += 47) out.push(interaction(i, { session_id: `moved-${i % 2}` }));
  for (let i = 8; i < 600; i += 53) out.push(interaction(i, { agent_id: 'ag-late', time: new Date(base - DAY).toISOString() }));
  // New interactions after the changes, some into sessions that were recounted.
  for (let i = 600; i < 700; i++) out.push(interaction(i));
  return out;
}

/** The import path: the parse worker (the default), or the main thread. */
type ImportPath = 'worker' | 'main-thread';
const pathEnv = (path: ImportPath) => (path === 'worker' ? {} : { AISPM_IMPORT_WORKER: 'false' });

/** Runs `aispm import` (file `-`: `input` on standard input) and returns what it printed. */
function runImport(
  h: Harness,
  file: string,
  workspace: string,
  batchSize: number,
  opts: { path?: ImportPath; input?: Buffer; progress?: boolean; env?: Record<string, string> } = {},
): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(
    process.execPath,
    [
      'src/cli.ts',
      '--db',
      h.config.db,
      'import',
      file,
      '--tenant',
      T1,
      '--workspace',
      workspace,
      '--batch-size',
      String(batchSize),
      ...(opts.progress ? ['--progress-json'] : []),
    ],
    {
      encoding: 'utf8',
      input: opts.input,
      env: { ...process.env, AISPM_LOG_LEVEL: 'silent', ...pathEnv(opts.path ?? 'worker'), ...opts.env },
    },
  );
}

function importFile(
  h: Harness,
  file: string,
  workspace: string,
  batchSize: number,
  opts: { path?: ImportPath; input?: Buffer; env?: Record<string, string> } = {},
): void {
  const res = runImport(h, file, workspace, batchSize, opts);
  assert.equal(res.status, 0, res.stdout + res.stderr);
  assert.match(res.stdout, /^\d+ records written, 0 rejected/);
}

/**
 * The same import as a running process, to run two at once; with `slowInput`, from standard input
 * written in pieces a while apart (a pipe with nothing to read yet, as from a slow producer).
 */
function importFileAsync(h: Harness, file: string, workspace: string, batchSize: number, slowInput?: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['src/cli.ts', '--db', h.config.db, 'import', file, '--tenant', T1, '--workspace', workspace, '--batch-size', String(batchSize)],
      { env: { ...process.env, AISPM_LOG_LEVEL: 'silent' } },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 && /^\d+ records written, 0 rejected/.test(out) ? resolve() : reject(new Error(out))));
    if (slowInput) {
      const cut = slowInput.indexOf(10, slowInput.length >> 1) + 1;
      setTimeout(() => child.stdin.write(slowInput.subarray(0, cut)), 400);
      setTimeout(() => child.stdin.end(slowInput.subarray(cut)), 800);
    }
  });
}

async function answers(h: Harness, token: string, workspace: string) {
  const w = `tenants/${T1}/workspaces/${workspace}`;
  const page = async (url: string) => {
    const res = await h.get(url, token);
    assert.equal(res.statusCode, 200, res.body);
    const b = body(res);
    return { header: b.header, rows: b.rows, total: b.total };
  };
  const costs: Record<string, unknown> = {};
  for (const a of [...agents, 'ag-late']) {
    const res = await h.get(`/api/v1/aispm-agents/${w}/${a}`, token);
    const b = res.statusCode === 200 ? body(res) : null;
    costs[a] = b && { cost_history: b.cost_history, cost_per_session_history: b.cost_per_session_history };
  }
  return {
    sessionsByCost: await page(`/api/v1/aispm-llm-sessions/${w}?pageSize=10000&sort=cost&sort_dir=desc`),
    sessionsByAgentTime: await page(`/api/v1/aispm-llm-sessions/${w}?pageSize=10000&sort=time&sort_dir=asc&agent_id=ag-2`),
    interactions: await allPages(h, `/api/v1/aispm-llm-interactions/${w}?pageSize=500`, token),
    costs,
  };
}

describeEngines('import paths', (h) => {
  let token: string;
  let dir: string;
  before(async () => {
    token = await h().token({ tenant: T1 });
    dir = mkdtempSync(join(tmpdir(), 'aispm-import-paths-'));
    const file = join(dir, 'interactions.ndjson');
    const all = records();
    writeFileSync(file, all.map((r) => JSON.stringify(r)).join('\n') + '\n');
    // One HTTP request: one batch, every line checked before anything is written.
    const res = await h().request({
      method: 'POST',
      url: `/api/v1/ingest/tenants/${T1}/workspaces/http`,
      token: await h().token({ tenant: T1, scopes: ['ingest'] }),
      headers: { 'content-type': 'application/x-ndjson' },
      payload: all.map((r) => JSON.stringify(r)).join('\n') + '\n',
    });
    assert.equal(res.statusCode, 200, res.body);
    importFile(h(), file, 'one-batch', 100_000);
    // 37 lines a batch: re-sends land in other batches than the rows they change, and in the same.
    importFile(h(), file, 'small-batches', 37);
    // The same file again changes nothing.
    importFile(h(), file, 'small-batches', 37);
    // Parsed on the main thread, batch after batch: what the worker's batches are compared with.
    importFile(h(), file, 'main-thread', 37, { path: 'main-thread' });
    // Standard input, read by the worker: given at once, and arriving in two pieces late.
    importFile(h(), '-', 'stdin', 37, { input: readFileSync(file) });
    await importFileAsync(h(), '-', 'stdin-slow', 37, readFileSync(file));
    // Prompts not kept: the worker does not even hand them over.
    for (const path of ['worker', 'main-thread'] as const)
      importFile(h(), file, `no-prompts-${path}`, 37, { path, env: { AISPM_STORE_PROMPTS: 'false' } });
    // Two imports at once into one workspace, each with every version of its own interactions (even
    // and odd ids, so which version is last does not depend on timing) but sharing sessions: their
    // batches interleave, each folding its rows into sessions the other writes too.
    const halves = [0, 1].map((half) => {
      const f = join(dir, `half-${half}.ndjson`);
      const mine = all.filter(
        (r) => (r as { type: string }).type !== 'interaction' || Number((r as { id: string }).id.slice(2)) % 2 === half,
      );
      writeFileSync(f, mine.map((r) => JSON.stringify(r)).join('\n') + '\n');
      return f;
    });
    await Promise.all(halves.map((f) => importFileAsync(h(), f, 'concurrent', 23)));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('one request, one import batch and many import batches answer the same', async () => {
    const http = await answers(h(), token, 'http');
    assert.equal(http.interactions.rows.length, 700);
    assert.ok(http.sessionsByCost.total > 100);
    assert.ok(http.sessionsByAgentTime.rows.length > 10);
    assert.ok((http.costs['ag-1'] as { cost_history: { ytd: number } }).cost_history.ytd > 0);
    assert.deepEqual(await answers(h(), token, 'one-batch'), http);
    assert.deepEqual(await answers(h(), token, 'small-batches'), http);
  });

  it('the parse worker and the main thread, a file and standard input, answer the same', async () => {
    const http = await answers(h(), token, 'http');
    assert.deepEqual(await answers(h(), token, 'main-thread'), http);
    assert.deepEqual(await answers(h(), token, 'stdin'), http);
    assert.deepEqual(await answers(h(), token, 'stdin-slow'), http);
    const noPrompts = await answers(h(), token, 'no-prompts-worker');
    assert.deepEqual(await answers(h(), token, 'no-prompts-main-thread'), noPrompts);
    assert.deepEqual(noPrompts.sessionsByCost, http.sessionsByCost);
    for (const w of ['no-prompts-worker', 'no-prompts-main-thread']) {
      const res = await h().get(`/api/v1/aispm-llm-interactions/tenants/${T1}/workspaces/${w}/x-0`, token);
      const got = objects(body(res))[0]!;
      assert.deepEqual([got.prompt, got.response, (got.attributes as { note: string }).note], [null, null, 'a "q" \\ b']);
    }
  });

  it('two imports into one workspace at once answer as one', async () => {
    assert.deepEqual(await answers(h(), token, 'concurrent'), await answers(h(), token, 'http'));
  });

  it('a bad line skips its batch whole and a rejected batch leaves nothing, alike on both import paths', async () => {
    // Ten lines a batch (blank lines are numbered but not counted): batch 2 holds a line that is not
    // JSON and one that fails its schema; batch 4 holds an agent, interactions and a finding of an
    // unknown rule, which the finding writer rejects after the agent was written. Sessions of four
    // interactions straddle the batches, so the roll-ups show any row of a skipped batch.
    const turn = (i: number, change: Record<string, unknown> = {}) =>
      JSON.stringify({ ...interaction(i), id: `e-${i}`, session_id: `es-${Math.floor(i / 4)}`, agent_id: 'ag-1', ...change });
    const lines = [
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => turn(i)),
      '',
      ...[10, 11, 12, 13, 14, 15, 16, 17].map((i) => turn(i)),
      '{"type":"interaction","id":',
      turn(19, { input_tokens: -5 }),
      ...[18, 20, 21, 22, 23, 24, 25, 26, 27, 28].map((i) => turn(i)),
      JSON.stringify(entity('agent', 'ag-half', 'Half', 0)),
      ...[29, 30, 31, 32, 33, 34, 35, 36].map((i) => turn(i, { agent_id: 'ag-half' })),
      JSON.stringify({ type: 'finding', id: 'f-1', rule_id: 'EXT-none', object_kind: 'agent', object_id: 'ag-half', detected_at: at(0) }),
      turn(37),
      turn(38),
    ];
    const file = join(dir, 'bad.ndjson');
    writeFileSync(file, lines.join('\n') + '\n');
    const runs = (['worker', 'main-thread'] as const).map((path) => {
      const res = runImport(h(), file, `bad-${path}`, 10, { path, progress: true });
      return { status: res.status, stdout: res.stdout.replace(/ in [\d.]+ s \(\d+ records\/s\)/, ''), stderr: res.stderr };
    });
    const [worker, main] = runs as [(typeof runs)[0], (typeof runs)[0]];
    assert.equal(worker.status, 1, worker.stdout + worker.stderr);
    const reported = worker.stdout.split('\n');
    assert.equal(reported[0], '22 records written, 20 rejected');
    // The 20 are the 3 lines listed and the 17 valid lines of their two batches, said so.
    assert.equal(
      reported[1],
      '  3 lines in error (listed below), and 17 valid lines not written because they were in a batch of 10 with one: ' +
        'a batch is written whole or not at all; fix the lines in error and import the file again ' +
        '(records are written by id, so the lines written already are not doubled)',
    );
    assert.match(reported[2]!, /^ {2}line 20: not valid JSON: /);
    assert.equal(reported[3], '  line 21: interaction.input_tokens: must be >= 0');
    assert.equal(reported[4], '  line 41: finding.rule_id: unknown rule "EXT-none"; send a rule record first or use a static rule');
    assert.equal(reported.length, 6);
    // A progress line after each batch is settled, counting only settled lines.
    assert.deepEqual(
      worker.stderr
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
      [
        { lines: 10, accepted: 10, rejected: 0 },
        { lines: 20, accepted: 10, rejected: 10 },
        { lines: 30, accepted: 20, rejected: 10 },
        { lines: 40, accepted: 20, rejected: 20 },
        { lines: 42, accepted: 22, rejected: 20 },
      ],
    );
    assert.deepEqual(main, worker);

    const written = [...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], ...[18, 20, 21, 22, 23, 24, 25, 26, 27, 28], 37, 38].map((i) => `e-${i}`).sort();
    const seen: Array<Awaited<ReturnType<typeof answers>>> = [];
    for (const path of ['worker', 'main-thread']) {
      const w = `bad-${path}`;
      const got = await answers(h(), token, w);
      const ids = objects(got.interactions).map((r) => r.id as string);
      assert.deepEqual([...ids].sort(), written);
      // es-2 kept e-8 and e-9 (batch 1), not e-10 and e-11 (batch 2); es-4 only e-18; es-7 only e-28 (e-29… were in batch 4).
      const turns = Object.fromEntries(objects(got.sessionsByCost).map((r) => [r.session_id, r.turns]));
      assert.deepEqual([turns['es-2'], turns['es-4'], turns['es-7'], turns['es-9']], [2, 1, 1, 2]);
      assert.equal(turns['es-8'], undefined);
      // Nothing of the rejected batch 4: not its agent either, written before the finding sank the batch.
      const agent = await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/${w}/ag-half`, token);
      assert.equal(agent.statusCode, 404, agent.body);
      seen.push(got);
    }
    assert.deepEqual(seen[0], seen[1]);
  });

  it('keeps values that need quoting as they were sent', async () => {
    const sent = interaction(0);
    for (const w of ['http', 'small-batches']) {
      const res = await h().get(`/api/v1/aispm-llm-interactions/tenants/${T1}/workspaces/${w}/x-0`, token);
      assert.equal(res.statusCode, 200, res.body);
      const got = objects(body(res))[0]!;
      assert.equal(got.session_id, sent.session_id);
      assert.equal(got.session_id, 's-"0"\\{a,b}');
      assert.equal(got.prompt, sent.prompt);
      assert.equal(got.response, sent.response);
      assert.equal((got.attributes as { note: string }).note, 'a "q" \\ b');
    }
  });
});

describe('interaction columns', () => {
  it('give back the records parseRecord made, every field', () => {
    const now = Date.UTC(2026, 10, 1);
    const sent = [
      interaction(0),
      interaction(13),
      interaction(23, { cache_read_tokens: 40, cache_write_tokens: 7, reasoning_tokens: 3, provider: 'anthropic', cost: 0 }),
      interaction(46, { model_id: 'm-1', categories: ['pii', 'prompt_injection'], attributes: { nested: { a: [1, null, 'x'] } } }),
      interaction(58, { agent_id: undefined, model: undefined, prompt_outcome: 'ALERTED', response_outcome: 'BLOCKED' }),
    ].map((r, k) => ({ line: 3 * k + 1, record: parseRecord(JSON.parse(JSON.stringify(r)), now) as InteractionRecord }));
    assert.deepEqual(fromColumns(toColumns(sent, true)), sent);
    // Without prompts kept, only prompt and response differ (both null).
    assert.deepEqual(
      fromColumns(toColumns(sent, false)),
      sent.map((l) => ({ ...l, record: { ...l.record, prompt: null, response: null } })),
    );
  });
});
