// npm run bench [-- --engine postgres] [--cases a,b] [--duration 10] [--scale 80] [--workers 1]
//
// Builds the benchmark dataset with the demo generator (about 100k inventory objects, 300k
// relations, 200k issue instances, 1M LLM interactions in 100k sessions, one workspace), starts
// the service as its own process and drives each case with autocannon (50 connections, a warm-up,
// then --duration seconds) on loopback. In the same run, a bare node:http server answers the same
// bytes from memory: the ceiling; and a bare Fastify server (no hooks, no plugins) answers them
// too: the second anchor, so each case shows what Fastify itself costs and what the service adds
// (bench/fastify-anchor.ts). Each case reports requests/s as a share of the ceiling and of bare
// Fastify, with p50 and p99 latency, against its target. Ingest is measured beside them: `aispm import`, HTTP ingest,
// and OTLP protobuf ingest with discovery against NDJSON of the same interactions
// (bench/otlp-workload.ts, a few seconds). Results go to BENCHMARKS.md (one section per engine).

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { once } from 'node:events';
import { createServer } from 'node:net';
import autocannon from 'autocannon';
import { DEMO_TENANT, demoNdjson } from '../src/demo/estate.ts';
import { composeService } from '../src/compose.ts';
import type { Db } from '../src/platform/db/database.ts';
import { openDb } from '../src/platform/db/open.ts';
import { migrate } from '../src/compose.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import { createDatabase } from '../test/helpers/harness.ts';
import { cases, type BenchCase, type Measured } from './cases.ts';
import { measureOtlp, otlpWorkload, requestOf } from './otlp-workload.ts';
import type { Variant } from './honest.ts';
import { writeReport } from './report.ts';
import { analyzeIfNoAutovacuum, autovacuumStandIn } from './analyze.ts';
import { writeInteractions } from './interactions-file.ts';
import { scanSpeed } from './scan-speed.ts';
import { controlsCost } from './controls.ts';
import { bulkLoadCase, bulkLoadSection } from './bulk-load.ts';
import { otlpIngest } from './otlp-ingest.ts';

const USAGE = `npm run bench [-- options]
  --engine sqlite|postgres   the database (default sqlite; postgres needs AISPM_TEST_PG or a local server)
  --cases a,b                only these cases (default all)
  --scale N                  demo generator scale (default 80: about 100k objects, 1M interactions)
  --duration S               seconds per case after the warm-up (default 10)
  --warmup S                 warm-up seconds per case (default 2)
  --connections N            autocannon connections (default 50)
  --workers N                service worker processes (default 1)
  --no-cache                 run the service without its response cache
  --live-ingest-ms N         honest cases: a small ingest commit every N ms beside them (default 1000; 0: none)
  --live-into own|read       the workspace the live ingest writes: one of its own (default), or the one
                             the cases read (each commit then makes their cached answers stale)
  --no-write                 print the results, leave BENCHMARKS.md alone
  --db URL                   the read cases only, on a database an earlier run loaded and kept
                             (a SQLite path or a postgres:// URL, migrated here): no load, no
                             ingest, import or start measurements, BENCHMARKS.md left alone
  --help                     this text

  --cases scan-speed         \`aispm scan\` against ripgrep on a generated tree of 50,000 files
                             (bench/scan-speed.ts; needs no database, runs alone)
  --cases controls           the ingest rate with 50 controls against without, and a control's preview
                             (bench/controls.ts; a database of its own at --scale, runs alone)
  --cases bulk-load          \`aispm import\` of 300,000 interactions against the engine's own bulk load
                             of the rows it wrote (bench/bulk-load.ts; databases of its own, runs alone)
  --cases otlp-ingest        OTLP protobuf ingest with discovery against NDJSON of the same interactions,
                             8 clients at once, exports committed alone and grouped (bench/otlp-ingest.ts;
                             databases of its own, runs alone)`;
// Strict: a mistyped flag stops here instead of starting a ten-minute run with the defaults.
let parsed: ReturnType<typeof parseFlags>;
function parseFlags() {
  return parseArgs({
    options: {
      engine: { type: 'string', default: 'sqlite' },
      cases: { type: 'string', default: '' },
      scale: { type: 'string', default: '80' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '50' },
      workers: { type: 'string', default: '1' },
      'no-cache': { type: 'boolean', default: false },
      'live-ingest-ms': { type: 'string', default: '1000' },
      'live-into': { type: 'string', default: 'own' },
      'no-write': { type: 'boolean', default: false },
      db: { type: 'string', default: '' },
      help: { type: 'boolean', default: false },
    },
  }).values;
}
try {
  parsed = parseFlags();
} catch (e) {
  process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
  process.exit(2);
}
if (parsed.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const argv = process.argv.slice(2);
if (parsed.engine !== 'sqlite' && parsed.engine !== 'postgres') {
  process.stderr.write(`--engine must be sqlite or postgres, not ${parsed.engine}\n`);
  process.exit(2);
}
const engine = parsed.engine as 'sqlite' | 'postgres';
const scale = Number(parsed.scale);
const liveEveryMs = Number(parsed['live-ingest-ms']);
if (parsed['live-into'] !== 'own' && parsed['live-into'] !== 'read') {
  process.stderr.write(`--live-into must be own or read, not ${parsed['live-into']}\n`);
  process.exit(2);
}
const duration = Number(parsed.duration);
const warmup = Number(parsed.warmup);
const connections = Number(parsed.connections);
const workers = Number(parsed.workers);
const only = parsed.cases.split(',').filter(Boolean);
// --db: a kept benchmark database, for trying a change on the read cases without a load.
const reuse = parsed.db;
const write = !parsed['no-write'] && !reuse;
// --no-cache: the service runs without its response cache, so every request reads the database.
const cacheOff = parsed['no-cache'];
// Each configuration keeps its own section of BENCHMARKS.md.
const section = `${engine}${cacheOff ? '-nocache' : ''}${workers > 1 ? `-${workers}workers` : ''}`;
const WS = 'bench';
/** The OTLP case: agent runs of 4 spans (2 model calls) in exports of the SDK batch processor's default size. */
const OTLP_RUNS = 4000;
const OTLP_BATCH = 512;
const started = Date.now();
// Static discovery's speed needs no dataset and no service: it runs alone when asked for, and
// after the service's cases otherwise.
const scanSpeedOnly = only.length === 1 && only[0] === 'scan-speed';
if (scanSpeedOnly) {
  process.stdout.write(`${await scanSpeed({ files: 50_000, rounds: 3, write })}\n`);
  process.exit(0);
}
// The controls' cost at ingest (issue 36) loads a database of its own: alone when asked for, and
// after the service's cases otherwise.
const controlsOnly = only.length === 1 && only[0] === 'controls';
if (controlsOnly) {
  process.stdout.write(`${await controlsCost({ engine, scale, batches: 3, write })}\n`);
  process.exit(0);
}

// The import against the engine's own bulk load (issue 39) uses databases of its own: alone when
// asked for, and after the service's cases otherwise.
const bulkLoadOnly = only.length === 1 && only[0] === 'bulk-load';
if (bulkLoadOnly) {
  process.stdout.write(`${bulkLoadSection(await bulkLoadCase(engine, 300_000), write)}\n`);
  process.exit(0);
}

// OTLP ingest against NDJSON, exports committed alone and grouped (issue 39): alone when asked for,
// and after the service's cases otherwise (the full run also measures OTLP one export at a time).
const otlpIngestOnly = only.length === 1 && only[0] === 'otlp-ingest';
const otlpIngestCase = { engine, runs: OTLP_RUNS, batch: OTLP_BATCH, rounds: 4, ndjsonLines: 1000, senders: 8, write };
if (otlpIngestOnly) {
  process.stdout.write(`${await otlpIngest(otlpIngestCase)}\n`);
  process.exit(0);
}

function log(msg: string) {
  process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${msg}\n`);
}

async function freePort(): Promise<number> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const port = (s.address() as { port: number }).port;
  s.close();
  return port;
}

async function waitReady(url: string, timeoutMs = 30_000): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return performance.now() - t0;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

/**
 * Resident memory of a process and all its descendants (`aispm serve` runs the service as its
 * child; workers are the service's children), in MB: their proportional set sizes, so the Node
 * binary and libraries both processes map count once. `anon`: the anonymous part alone.
 */
function rssMb(pid: number, field: 'Pss' | 'Pss_Anon' = 'Pss'): number {
  let kb = 0;
  const walk = (p: string) => {
    try {
      kb += Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      return; /* gone */
    }
    for (const c of spawnSync('pgrep', ['-P', p], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean)) walk(c);
  };
  walk(String(pid));
  return Math.round(kb / 1024);
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Answers the response cache gave, of all answers, over an honest case's run. */
interface CacheTally {
  hits: number;
  answers: number;
}

/**
 * Load on one URL, or on an honest case's distinct requests in turn (each connection takes the
 * next one). The same request set is sent to the ceiling, which answers each with the same bytes.
 */
async function load(
  base: string,
  path: string,
  headers: Record<string, string>,
  seconds: number,
  conns = connections,
  variants?: Variant[],
  tally?: CacheTally,
): Promise<LoadResult> {
  const options: autocannon.Options = { url: base + path, connections: conns, duration: seconds, headers, pipelining: 1 };
  if (variants?.length) {
    let next = 0;
    options.requests = [
      {
        setupRequest: (req) => {
          const v = variants[next++ % variants.length]!;
          return { ...req, method: 'GET', path: v.path, headers: { ...headers, ...v.headers } };
        },
        onResponse: (_status, _body, _context, h) => {
          if (!tally) return;
          tally.answers++;
          if (h?.['x-cache'] === 'hit') tally.hits++;
        },
      },
    ];
  }
  const r = await autocannon(options);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

/**
 * A live deployment's ingest beside an honest case: a small batch of interactions committed every
 * `everyMs` into a workspace of its own (`--live-into own`), whose commits leave the cached answers
 * of the workspace the cases read current, or into that workspace (`--live-into read`), whose
 * commits make them stale, as a collector exporting into the workspace a dashboard reads does.
 */
function liveIngest(base: string, headers: Record<string, string>, everyMs: number): () => Promise<void> {
  let n = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const lines = Array.from({ length: 10 }, (_, i) =>
        JSON.stringify({
          type: 'interaction',
          id: `live-${n}-${i}`,
          session_id: `live-s${n}`,
          agent_id: 'agent-00001',
          model: 'gpt-4o-mini',
          provider: 'openai',
          time: new Date().toISOString(),
          input_tokens: 100 + i,
          output_tokens: 20,
        }),
      ).join('\n');
      n++;
      const res = await fetch(
        `${base}/api/v1/ingest/tenants/${DEMO_TENANT}/workspaces/${parsed['live-into'] === 'read' ? WS : 'live-bench'}`,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/x-ndjson' },
          body: `${lines}\n`,
        },
      );
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`live ingest answered ${res.status}`);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

/** An anchor server answering the same bytes: the ceiling (bare node:http) or bare Fastify. */
async function anchorFor(
  script: 'bench/ceiling.ts' | 'bench/fastify-anchor.ts',
  body: Buffer,
  type: string,
  status: number,
  dir: string,
): Promise<{ port: number; proc: ChildProcess }> {
  const file = join(dir, 'anchor.body');
  writeFileSync(file, body);
  const proc = spawn(process.execPath, [script, file, type, String(status)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(proc.stdout!, 'data')) as [Buffer];
  return { port: Number(line.toString().trim()), proc };
}

async function stop(proc: ChildProcess) {
  if (proc.exitCode !== null) return;
  proc.kill('SIGTERM');
  await once(proc, 'exit');
}

async function loadDataset(db: Db): Promise<{ records: number; seconds: number }> {
  const t = performance.now();
  const summary = await composeService().ingestor.ingest(
    db,
    demoNdjson({
      scale,
      seed: 42,
      now: Date.now(),
      workspace: WS,
      mix: { models: 28, findings: 2.1, sessions: 2.6, modelsPerAgent: [30, 50] },
    }),
    { tenant: DEMO_TENANT, workspace: WS, storePrompts: false, batchSize: 20_000, mode: 'batches' },
  );
  if (summary.rejected) throw new Error(`dataset rejected lines: ${JSON.stringify(summary.errors.slice(0, 3))}`);
  return { records: summary.accepted, seconds: (performance.now() - t) / 1000 };
}

async function datasetCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['entities', 'relations', 'issue_instances', 'llm_interactions', 'llm_sessions'] as const) {
    const t = db.template(`bench.count.${table}`, (b) => b.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')));
    out[table] = Number((await db.first<{ n: number }>(t))!.n);
  }
  return out;
}

/**
 * The sessions case's answer (ten sessions of the workspace, most costly first) read from the
 * session roll-up through its (tenant, workspace, cost, session) index, against the same ten computed
 * at query time by GROUP BY over the workspace's interactions: the reason the roll-up exists.
 * Medians of repeated runs of each statement on the loaded database (the GROUP BY runs 3 times).
 */
async function groupByComparison(db: Db): Promise<{ rollupMs: number; groupByMs: number; same: boolean }> {
  const rollup = db.template('bench.sessions.rollup', (b) =>
    b
      .selectFrom('llm_sessions')
      .select(['session_id', 'cost'])
      .where('tenant_id', '=', DEMO_TENANT)
      .where('workspace_id', '=', WS)
      .orderBy('cost', 'desc')
      .orderBy('session_id', 'desc')
      .limit(10),
  );
  const grouped = db.template('bench.sessions.groupby', (b) =>
    b
      .selectFrom('llm_interactions')
      .select((eb) => ['session_id', eb.fn.sum<number>('cost').as('cost')])
      .where('tenant_id', '=', DEMO_TENANT)
      .where('workspace_id', '=', WS)
      .groupBy('session_id')
      .orderBy('cost', 'desc')
      .orderBy('session_id', 'desc')
      .limit(10),
  );
  const median = async (t: typeof rollup, runs: number) => {
    const times: number[] = [];
    let rows: Array<{ session_id: string }> = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      rows = await db.all<{ session_id: string }>(t);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { ms: times[Math.floor(times.length / 2)]!, ids: rows.map((r) => r.session_id).join(',') };
  };
  const a = await median(rollup, 201);
  const b = await median(grouped, 3);
  return { rollupMs: a.ms, groupByMs: b.ms, same: a.ids === b.ids };
}

/** Interaction lines for the import cases, in sessions of 10, newest last. */
async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'aispm-bench-'));
  const database = reuse ? { url: reuse, drop: async () => {} } : await createDatabase(engine);
  const results: Measured[] = [];
  const notes: string[] = [];
  let service: ChildProcess | undefined;
  try {
    log(`engine ${engine}, scale ${scale}, ${connections} connections, ${duration}s per case, ${workers} worker(s)`);
    const db = openDb(database.url, { pgPool: 4 });
    await migrate(db);
    const standIn = await autovacuumStandIn(db);
    const dataset = reuse ? { records: 0, seconds: 0 } : await loadDataset(db);
    await standIn();
    if (!reuse && (await analyzeIfNoAutovacuum(db)))
      log('autovacuum is off on this server: VACUUM ANALYZE after the load, as autovacuum would');
    const counts = await datasetCounts(db);
    log(`dataset: ${dataset.records} records in ${dataset.seconds.toFixed(1)} s: ${JSON.stringify(counts)}`);
    const groupBy = reuse || (only.length && !only.some((c) => c.startsWith('sessions'))) ? undefined : await groupByComparison(db);
    if (groupBy)
      log(
        `sessions by cost: roll-up ${groupBy.rollupMs.toFixed(3)} ms, GROUP BY over interactions ${groupBy.groupByMs.toFixed(1)} ms = ${Math.round(groupBy.groupByMs / groupBy.rollupMs)}x (same ten: ${groupBy.same})`,
      );
    const { token } = await createToken(db, {
      tenantId: DEMO_TENANT,
      userId: 'bench',
      workspaces: ['*'],
      scopes: ['read', 'storage', 'ingest'],
    });
    const ctx = { db, engine, token, workspace: WS, tenant: DEMO_TENANT };

    // Import: interactions only, through the CLI, into a fresh workspace.
    const importFile = join(dir, 'interactions.ndjson');
    const importCount = 300_000;
    if (!reuse) await writeInteractions(importFile, importCount, 'imp');
    const t0 = performance.now();
    const imp = reuse
      ? { status: 0, stdout: 'skipped (--db)', stderr: '' }
      : spawnSync(
          process.execPath,
          ['src/cli.ts', '--db', database.url, 'import', importFile, '--tenant', DEMO_TENANT, '--workspace', 'import-bench'],
          { encoding: 'utf8', env: { ...process.env, AISPM_STORE_PROMPTS: 'false' } },
        );
    const importSeconds = (performance.now() - t0) / 1000;
    if (imp.status !== 0) throw new Error(`import failed: ${imp.stdout}${imp.stderr}`);
    const importRate = importCount / importSeconds;
    if (!reuse)
      log(`import: ${importCount} interactions in ${importSeconds.toFixed(2)} s = ${Math.round(importRate)}/s (${imp.stdout.trim()})`);
    await db.close();

    // The service, as operators run it.
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // One token sends tens of thousands of requests: the rate limit is off for the benchmark.
    const env = {
      ...process.env,
      AISPM_DB: database.url,
      AISPM_PORT: String(port),
      AISPM_LOG_LEVEL: 'warn',
      AISPM_WORKERS: String(workers),
      AISPM_RATE_LIMIT_MAX: '0',
      AISPM_PG_POOL: String(Math.max(4, Math.ceil(20 / workers))),
      ...(cacheOff ? { AISPM_RESPONSE_CACHE_MB: '0' } : {}),
    };
    const t1 = performance.now();
    // Its log (warnings and errors) is kept beside the report: an answer of 500 names a request id found there.
    const serviceLog = join(tmpdir(), `aispm-bench-${section}-service.log`);
    // bin/aispm.js: the `aispm` command an operator runs (npm's bin link), with its start-up as it is.
    service = spawn(process.execPath, ['bin/aispm.js', 'serve', '--no-migrate'], {
      env,
      stdio: ['ignore', openSync(serviceLog, 'w'), 'inherit'],
    });
    log(`service log: ${serviceLog}`);
    const readyMs = (await waitReady(`${base}/readyz`)) + 0 * t1;
    log(`service ready in ${readyMs.toFixed(0)} ms (pid ${service.pid})`);
    const rssStart = rssMb(service.pid!);

    const headers = { authorization: `Bearer ${token}` };
    // The honest cases read ids from the database (and write the tokens of their callers) beside the service.
    let reader: Db | undefined;
    const readerDb = async () => (reader ??= openDb(database.url, { pgPool: 2 }));
    for (const c of cases(ctx)) {
      if (only.length && !only.includes(c.id)) continue;
      const variants = c.variants
        ? await c.variants({ db: await readerDb(), tenant: DEMO_TENANT, workspace: WS, base, headers })
        : undefined;
      const path = variants ? variants[0]!.path : typeof c.path === 'function' ? await c.path(base, headers) : c.path;
      const caseHeaders = { ...headers, ...c.headers };
      const res = await fetch(base + path, { headers: { ...caseHeaders, ...variants?.[0]?.headers } });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${c.id}: ${path} answered ${res.status}: ${bytes.toString().slice(0, 300)}`);
      const type = res.headers.get('content-type') ?? 'application/json';
      // Each anchor in turn, alone on the machine's cores with autocannon, as the service is after them.
      const anchor = async (script: 'bench/ceiling.ts' | 'bench/fastify-anchor.ts') => {
        const server = await anchorFor(script, bytes, type, res.status, dir);
        const anchorBase = `http://127.0.0.1:${server.port}`;
        await load(anchorBase, path, headers, warmup, c.connections, variants, { hits: 0, answers: 0 });
        const figures = await load(anchorBase, path, headers, duration, c.connections, variants, { hits: 0, answers: 0 });
        await stop(server.proc);
        return figures;
      };
      const top = await anchor('bench/ceiling.ts');
      const fastify = await anchor('bench/fastify-anchor.ts');
      const stopIngest = variants && liveEveryMs > 0 ? liveIngest(base, headers, liveEveryMs) : undefined;
      await load(base, path, caseHeaders, warmup, c.connections, variants, { hits: 0, answers: 0 });
      const tally = { hits: 0, answers: 0 };
      const got = await load(base, path, caseHeaders, duration, c.connections, variants, tally);
      await stopIngest?.();
      const m: Measured = {
        case: c,
        path,
        bytes: bytes.length,
        ceiling: top,
        fastify,
        service: got,
        ...(variants ? { variants: variants.length, hitRatio: tally.answers ? tally.hits / tally.answers : 0 } : {}),
      };
      results.push(m);
      log(
        `${c.id}: ${Math.round(got.rps)} req/s = ${(got.rps / top.rps).toFixed(2)} of ceiling ${Math.round(top.rps)}, ` +
          `${(got.rps / fastify.rps).toFixed(2)} of bare Fastify ${Math.round(fastify.rps)} (Fastify ${(fastify.rps / top.rps).toFixed(2)} of ceiling); p50 ${got.p50} ms p99 ${got.p99} ms; errors ${got.errors + got.non2xx}` +
          (m.variants ? `; ${m.variants} distinct requests, cache hit ratio ${m.hitRatio!.toFixed(2)}` : '') +
          `; service RSS ${rssMb(service.pid!)} MB`,
      );
    }
    await reader?.close();
    const rssEnd = rssMb(service.pid!);
    const anonEnd = rssMb(service.pid!, 'Pss_Anon');
    if (reuse) {
      log(`resident memory of the service: ${rssStart} MB after start, ${rssEnd} MB after the read cases (${anonEnd} MB anonymous)`);
      return;
    }
    // The rest is the database file mapped by SQLite (mmap_size) and read through it: pages the OS shares and may drop.
    notes.push(
      `resident memory of the service (proportional set size of its processes): ${rssStart} MB after start, ${rssEnd} MB after the read cases, of which ${anonEnd} MB anonymous (the rest: the database file SQLite maps and the binaries)`,
    );

    // HTTP ingest of the same kind of records, into another fresh workspace.
    const httpFile = join(dir, 'http.ndjson');
    const httpCount = 100_000;
    await writeInteractions(httpFile, httpCount, 'http');
    const t2 = performance.now();
    const ingestRes = await fetch(`${base}/api/v1/ingest/tenants/${DEMO_TENANT}/workspaces/http-bench`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-ndjson' },
      body: readFileSync(httpFile),
    });
    const ingestSeconds = (performance.now() - t2) / 1000;
    const ingestBody = await ingestRes.text();
    if (ingestRes.status !== 200) throw new Error(`HTTP ingest answered ${ingestRes.status}: ${ingestBody.slice(0, 300)}`);
    const httpRate = httpCount / ingestSeconds;
    log(`HTTP ingest: ${httpCount} interactions in ${ingestSeconds.toFixed(2)} s = ${Math.round(httpRate)}/s`);

    // OTLP protobuf ingest with discovery against NDJSON ingest of the same interactions (bench/otlp-workload.ts).
    const workload = otlpWorkload(OTLP_RUNS, OTLP_BATCH, 4);
    const otlpTimes = await measureOtlp(workload, async (kind, workspace, payload) => {
      const { url, contentType } = requestOf(DEMO_TENANT, kind, workspace);
      const res = await fetch(base + url, { method: 'POST', headers: { ...headers, 'content-type': contentType }, body: payload });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${kind} ingest answered ${res.status}: ${text.slice(0, 300)}`);
    });
    const otlp = {
      spans: workload.spans,
      interactions: workload.interactions,
      batch: OTLP_BATCH,
      rate: workload.interactions / otlpTimes.otlpSeconds,
      ndjsonRate: workload.interactions / otlpTimes.ndjsonSeconds,
    };
    log(
      `OTLP ingest: ${otlp.spans} spans = ${otlp.interactions} interactions in ${otlpTimes.otlpSeconds.toFixed(2)} s = ${Math.round(otlp.rate)} interactions/s; ` +
        `NDJSON of the same ${Math.round(otlp.ndjsonRate)}/s; ratio ${(otlp.rate / otlp.ndjsonRate).toFixed(2)}`,
    );

    await stop(service);
    service = undefined;
    // Start to /readyz on the existing database, several times.
    const starts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const p = spawn(process.execPath, ['bin/aispm.js', 'serve', '--no-migrate'], {
        env: { ...env, AISPM_WORKERS: '1' },
        stdio: 'ignore',
      });
      starts.push(await waitReady(`${base}/readyz`));
      await stop(p);
    }
    const report = {
      engine,
      section,
      cacheOff,
      scale,
      duration,
      connections,
      workers,
      dataset,
      counts,
      importRate,
      importCount,
      importSeconds,
      httpRate,
      httpCount,
      otlp,
      readyMs: Math.min(...starts),
      readyAll: starts,
      groupBy,
      rssStart,
      rssEnd,
      anonEnd,
      results,
      notes,
      machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, memGb: Math.round(totalmem() / 2 ** 30), node: process.version },
      command: `npm run bench -- ${argv.join(' ')}`.trim(),
    };
    writeFileSync(join(tmpdir(), `aispm-bench-${section}.json`), JSON.stringify(report, null, 2));
    if (write) writeReport(report);
    log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    if (service) await stop(service);
    await database.drop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

export type { BenchCase };
await main();
if (!only.length && !reuse) {
  process.stdout.write(`${await scanSpeed({ files: 50_000, rounds: 3, write })}\n`);
  process.stdout.write(`${await controlsCost({ engine, scale, batches: 3, write })}\n`);
  process.stdout.write(`${bulkLoadSection(await bulkLoadCase(engine, 300_000), write)}\n`);
  process.stdout.write(`${await otlpIngest(otlpIngestCase)}\n`);
}
