// The scale benchmark (issue 23): a workspace with ten million LLM interactions (by default) on
// top of the demo estate, then one client asking the sessions page in every sort, the histogram,
// an agent's edges and filtered lists, each read from the database (Cache-Control: no-cache).
// Reports load time and rate, database size, and p50/p99 per request; writes its section of
// BENCHMARKS.md unless --no-write.
//
//   npm run bench:scale -- [--engine sqlite|postgres] [--interactions N] [--requests N] [--no-write]

import { spawn } from 'node:child_process';
import { statSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { cpus, totalmem } from 'node:os';
import { once } from 'node:events';
import { DEMO_TENANT, demoNdjson } from '../src/demo/estate.ts';
import { composeService, migrate } from '../src/compose.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import { createDatabase } from '../test/helpers/harness.ts';
import type { Db } from '../src/platform/db/database.ts';
import { sql } from 'kysely';
import { analyzeIfNoAutovacuum, autovacuumStandIn } from './analyze.ts';

const USAGE = `npm run bench:scale [-- options]
  --engine sqlite|postgres   the database (default sqlite)
  --interactions N           interactions to load (default 10000000)
  --requests N               requests per measured URL, one client (default 200)
  --no-write                 print the results, leave BENCHMARKS.md alone
  --help                     this text`;

let flags: { engine: string; interactions: string; requests: string; 'no-write': boolean; help: boolean };
try {
  flags = parseArgs({
    options: {
      engine: { type: 'string', default: 'sqlite' },
      interactions: { type: 'string', default: '10000000' },
      requests: { type: 'string', default: '200' },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values as typeof flags;
} catch (e) {
  process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
  process.exit(2);
}
if (flags.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (flags.engine !== 'sqlite' && flags.engine !== 'postgres') {
  process.stderr.write(`--engine must be sqlite or postgres\n`);
  process.exit(2);
}
const engine = flags.engine;
const total = Number(flags.interactions);
const requests = Number(flags.requests);
const WS = 'scale';
const started = Date.now();
const log = (m: string) => process.stdout.write(`[scale ${String(Math.round((Date.now() - started) / 1000)).padStart(5)}s] ${m}\n`);

/** The agents the estate holds: the interactions spread over them. */
async function agentIds(db: Db): Promise<string[]> {
  const t = db.template('bench.scale.agents', (b) =>
    b
      .selectFrom('entities')
      .select('id')
      .where('tenant_id', '=', DEMO_TENANT)
      .where('workspace_id', '=', WS)
      .where('kind', '=', 'agent')
      .orderBy('id'),
  );
  return (await db.all<{ id: string }>(t)).map((r) => r.id);
}

/**
 * Interactions as NDJSON chunks: sessions of 1 to 20 turns, each of one agent, spread over the
 * past 180 days, with the demo's models, token counts and guardrail outcomes.
 */
async function* interactions(agents: string[], count: number): AsyncGenerator<string> {
  const now = Date.now();
  const models = [
    ['gpt-4o', 'openai'],
    ['gpt-4o-mini', 'openai'],
    ['claude-sonnet-4', 'anthropic'],
    ['gemini-2.5-pro', 'google'],
    ['llama-3.1-70b', 'meta'],
  ] as const;
  let seed = 1;
  const rnd = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  let written = 0;
  let session = 0;
  let buf: string[] = [];
  while (written < count) {
    session++;
    const agent = agents[Math.floor(rnd() * agents.length)]!;
    const turns = Math.min(count - written, 1 + Math.floor(rnd() * rnd() * 20));
    let t = now - Math.floor(rnd() * 180 * 86_400_000);
    for (let k = 0; k < turns; k++) {
      const [model, provider] = models[Math.floor(rnd() * models.length)]!;
      const roll = rnd();
      const outcome = roll < 0.9 ? 'OK' : roll < 0.95 ? 'ALERTED' : roll < 0.98 ? 'BLOCKED' : 'REDACTED';
      buf.push(
        JSON.stringify({
          type: 'interaction',
          id: `sc-${written}`,
          session_id: `sc-s${session}`,
          agent_id: agent,
          model,
          provider,
          time: new Date(t).toISOString(),
          duration_ms: 200 + Math.floor(rnd() * 8000),
          input_tokens: 50 + Math.floor(rnd() * 6000),
          output_tokens: 20 + Math.floor(rnd() * 1500),
          prompt_outcome: outcome,
          response_outcome: 'OK',
          categories: outcome === 'OK' ? [] : ['prompt_injection'],
        }),
      );
      written++;
      t += 500 + Math.floor(rnd() * 60_000);
      if (buf.length === 5000) {
        yield `${buf.join('\n')}\n`;
        buf = [];
      }
    }
  }
  if (buf.length) yield `${buf.join('\n')}\n`;
}

function sizeOf(path: string): number {
  let bytes = 0;
  for (const f of readdirSync(dirname(path))) bytes += statSync(join(dirname(path), f)).size;
  return bytes;
}

async function databaseBytes(db: Db, url: string): Promise<number> {
  if (url.startsWith('sqlite:')) return sizeOf(url.slice('sqlite:'.length));
  const t = db.template('bench.scale.size', () => sql<{ n: number }>`select pg_database_size(current_database()) as n`.compile(db.builder));
  return Number((await db.first(t))!.n);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered 200`);
}

/** One client, `requests` times in a row: p50 and p99 in ms. */
async function measure(url: string, headers: Record<string, string>): Promise<{ p50: number; p99: number; status: number }> {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < requests + 10; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    status = res.status;
    if (res.status !== 200) break;
    if (i >= 10) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), status };
}

async function main() {
  const database = await createDatabase(engine);
  const db = openDb(database.url, { pgPool: 4 });
  let service: ReturnType<typeof spawn> | undefined;
  try {
    await migrate(db);
    const ingestor = composeService().ingestor;
    const opts = { tenant: DEMO_TENANT, workspace: WS, storePrompts: false, batchSize: 20_000, mode: 'batches' as const };
    await ingestor.ingest(db, demoNdjson({ scale: 10, seed: 42, now: Date.now(), workspace: WS }), opts);
    const agents = await agentIds(db);
    log(`estate loaded: ${agents.length} agents; loading ${total.toLocaleString('en')} interactions`);
    const t0 = performance.now();
    const standIn = await autovacuumStandIn(db);
    const summary = await ingestor.ingest(db, interactions(agents, total), opts);
    await standIn();
    const loadSeconds = (performance.now() - t0) / 1000;
    if (summary.rejected) throw new Error(`rejected: ${JSON.stringify(summary.errors.slice(0, 3))}`);
    if (await analyzeIfNoAutovacuum(db)) log('autovacuum is off on this server: VACUUM ANALYZE after the load, as autovacuum would');
    const bytes = await databaseBytes(db, database.url);
    log(
      `loaded in ${loadSeconds.toFixed(0)} s (${Math.round(total / loadSeconds).toLocaleString('en')}/s); database ${(bytes / 2 ** 30).toFixed(2)} GiB`,
    );
    const { token } = await createToken(db, { tenantId: DEMO_TENANT, userId: 'bench', workspaces: ['*'], scopes: ['read'] });
    await db.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    service = spawn(process.execPath, ['src/cli.ts', 'serve', '--no-migrate'], {
      env: { ...process.env, AISPM_DB: database.url, AISPM_PORT: String(port), AISPM_LOG_LEVEL: 'warn', AISPM_RATE_LIMIT_MAX: '0' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitReady(`${base}/readyz`);
    const headers = { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' };
    const ws = `tenants/${DEMO_TENANT}/workspaces/${WS}`;
    const sessions = `/api/v1/aispm-llm-sessions/${ws}`;
    const agent = agents[0]!;
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const cases: Array<{ name: string; path: string; maxMs: number }> = [];
    for (const sort of ['time', 'cost', 'tokens', 'turns', 'duration_ms', 'session_id'])
      for (const dir of ['desc', 'asc'])
        cases.push({
          name: `sessions page of 10, sort ${sort} ${dir}`,
          path: `${sessions}?pageSize=10&sort=${sort}&sort_dir=${dir}`,
          maxMs: 50,
        });
    cases.push({
      name: 'sessions page of 10 of one agent, sort cost desc',
      path: `${sessions}?pageSize=10&sort=cost&sort_dir=desc&agent_id=${agent}`,
      maxMs: 50,
    });
    cases.push({ name: 'sessions of the last 7 days, sort time desc', path: `${sessions}?pageSize=10&start_time=${weekAgo}`, maxMs: 50 });
    cases.push({ name: 'histogram', path: '/api/v1/histograms/aispm', maxMs: 20 });
    cases.push({ name: `agent edge sessions (${agent})`, path: `/api/v1/aispm-agents/${ws}/${agent}/sessions`, maxMs: 50 });
    cases.push({
      name: `agent edge aispm_model_dependencies (${agent})`,
      path: `/api/v1/aispm-agents/${ws}/${agent}/aispm_model_dependencies`,
      maxMs: 50,
    });
    cases.push({
      name: 'interactions of one agent in the last 7 days (filtered list)',
      path: `/api/v1/aispm-llm-interactions/${ws}?agent_id=${agent}&start_time=${weekAgo}&page_size=100`,
      maxMs: 50,
    });
    cases.push({
      name: 'models of one provider with critical issues (filtered list)',
      path: `/api/v1/aispm-models/${ws}?provider=openai&critical_issues__gt=0&page_size=100`,
      maxMs: 50,
    });
    const results: Array<{ name: string; p50: number; p99: number; maxMs: number }> = [];
    for (const c of cases) {
      const m = await measure(base + c.path, headers);
      if (m.status !== 200) throw new Error(`${c.path} answered ${m.status}`);
      results.push({ name: c.name, p50: m.p50, p99: m.p99, maxMs: c.maxMs });
      log(`${c.name}: p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms`);
    }
    if (!flags['no-write'])
      writeSection(engine, {
        total,
        loadSeconds,
        bytes,
        agents: agents.length,
        results,
        command: `npm run bench:scale -- ${process.argv.slice(2).join(' ')}`.trim(),
      });
    log('done');
  } finally {
    if (service && service.exitCode === null) {
      service.kill('SIGTERM');
      await once(service, 'exit');
    }
    await db.close().catch(() => {});
    await database.drop().catch(() => {});
  }
}

function writeSection(
  engineName: string,
  r: {
    total: number;
    loadSeconds: number;
    bytes: number;
    agents: number;
    results: Array<{ name: string; p50: number; p99: number; maxMs: number }>;
    command: string;
  },
): void {
  const file = new URL('../BENCHMARKS.md', import.meta.url);
  const id = `scale-${engineName}`;
  const cpu = cpus()[0]?.model ?? 'unknown';
  const lines = [
    `<!-- bench:${id}:start -->`,
    `## ${engineName === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${r.total.toLocaleString('en')} interactions (${new Date().toISOString().slice(0, 10)})`,
    '',
    `- Machine: ${cpu}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}.`,
    `- Command: \`${r.command}\``,
    `- Dataset: the demo estate at scale 10 (${r.agents} agents) and ${r.total.toLocaleString('en')} interactions in sessions of 1 to 20 turns over 180 days, loaded through the ingest pipeline in ${r.loadSeconds.toFixed(0)} s (${Math.round(r.total / r.loadSeconds).toLocaleString('en')}/s); database ${(r.bytes / 2 ** 30).toFixed(2)} GiB.`,
    `- One client, ${requests} requests per row after 10 unmeasured, each read from the database (\`Cache-Control: no-cache\`).`,
    '',
    '| request | p50 ms | p99 ms | target | result |',
    '|---|---:|---:|---|---|',
    ...r.results.map(
      (x) =>
        `| ${x.name} | ${x.p50.toFixed(1)} | ${x.p99.toFixed(1)} | p99 ≤ ${x.maxMs} ms | ${x.p99 <= x.maxMs ? 'met' : '**not met**'} |`,
    ),
    `<!-- bench:${id}:end -->`,
  ].join('\n');
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const re = new RegExp(`<!-- bench:${id}:start -->[\\s\\S]*?<!-- bench:${id}:end -->`);
  text = re.test(text) ? text.replace(re, lines) : `${text.trimEnd()}\n\n${lines}\n`;
  writeFileSync(file, text);
}

await main();
