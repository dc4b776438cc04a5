// npm run soak: the service under mixed load for a long while, to see that it neither fails nor
// grows. It starts `aispm serve` as its own process on a fresh database holding the demo estate
// (scale 1), then 50 connections send, for 5 minutes, reads of every kind (lists, details, edges,
// issues, sessions, interactions, dashboards, pages after the first), client-storage writes and
// reads, and small NDJSON ingests. It reports errors (anything but 2xx/304), latency percentiles
// and the service's resident memory after a warm-up and at the end.
//
//   npm run soak -- [--engine sqlite|postgres] [--duration 300] [--connections 50] [--warmup 20]
//
// Each connection has its own token (the default rate limit, 6,000 requests a minute per token,
// stays on) and its own client-storage keys. Ingest upserts a bounded set of ids (entities and
// interactions cycle through 5,000 each), so the database reaches a steady size and memory growth
// means the process, not the data.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { routedKinds } from '../src/catalog/kinds.ts';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import { openDb } from '../src/platform/db/open.ts';
import { migrate } from '../src/compose.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import { createDatabase, type EngineName } from '../test/helpers/harness.ts';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const engine = opt('engine', 'sqlite') as EngineName;
const durationS = Number(opt('duration', '300'));
const connections = Number(opt('connections', '50'));
const warmupS = Number(opt('warmup', '20'));
const WS = 'default';
const INGEST_WS = 'soak';

function log(msg: string) {
  process.stderr.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

/** Resident memory in MB from /proc: the total, and its anonymous (heap) and file-backed (SQLite's memory-mapped database) parts. */
function memory(pid: number): { rss: number; anon: number; file: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field: string) => Math.round((Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024) * 10) / 10;
    return { rss: mb('VmRSS'), anon: mb('RssAnon'), file: mb('RssFile') };
  } catch {
    return { rss: 0, anon: 0, file: 0 }; // gone: reported below
  }
}

const database = await createDatabase(engine);
const setup = openDb(database.url);
await migrate(setup);
log(`loading the demo estate (scale 1) into ${engine}…`);
await loadDemo(setup, { scale: 1, seed: 1, now: Date.now(), storePrompts: true });
const tokens: string[] = [];
for (let i = 0; i < connections; i++) {
  tokens.push(
    (await createToken(setup, { tenantId: DEMO_TENANT, userId: `soak-${i}`, workspaces: ['*'], scopes: ['read', 'storage', 'ingest'] }))
      .token,
  );
}
await setup.close();

/** A port nobody listens on now (the service binds it a moment later). */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const free = (probe.address() as { port: number }).port;
  await new Promise((r) => probe.close(r));
  return free;
}

const servicePort = await freePort();
// Logs at warn: a line per request at 50 connections would measure the terminal, not the service.
// --inspect lets the script ask the service, at the start and at the end, for a full garbage
// collection and its memory right after: the figure a leak would move (see below).
const service = spawn(
  process.execPath,
  ['--inspect=127.0.0.1:0', 'src/cli.ts', '--db', database.url, 'serve', '--port', String(servicePort), '--no-migrate'],
  {
    env: { ...process.env, AISPM_LOG_LEVEL: 'warn', AISPM_PG_POOL: '10' },
    stdio: ['ignore', 'inherit', 'pipe'],
  },
);
const inspectorUrl = new Promise<string>((resolve) => {
  createInterface({ input: service.stderr! }).on('line', (line) => {
    const m = /Debugger listening on (ws:\S+)/.exec(line);
    if (m) resolve(m[1]!);
    else if (!/^For help, see|Debugger (attached|ending)|Waiting for the debugger/.test(line)) process.stderr.write(`[service] ${line}\n`);
  });
});
const exited = once(service, 'exit');
let stop = false;
let died: string | undefined;
exited.then(([code, signal]) => {
  if (!stop) died = `the service exited during the run (code ${code}, signal ${signal})`;
});
// Whatever happens to this script, the service it started does not outlive it.
process.on('exit', () => {
  if (service.exitCode === null) service.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
const base = `http://127.0.0.1:${servicePort}`;
for (let i = 0; ; i++) {
  if (
    (await fetch(`${base}/readyz`)
      .then((r) => r.status)
      .catch(() => 0)) === 200
  )
    break;
  if (i > 300) throw new Error('the service did not become ready');
  await new Promise((r) => setTimeout(r, 100));
}
log(`service pid ${service.pid} on ${base}`);

const agent = new Agent({ keepAlive: true, maxSockets: connections });

function send(method: string, path: string, token: string, body?: string, type?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const req = request(
      base + path,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': type ?? 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', () => resolve({ status: 0, text: '' }));
      },
    );
    req.on('error', (err) => resolve({ status: 0, text: err.message }));
    req.end(body);
  });
}

/**
 * Over the inspector protocol: two full collections in the service, then its process.memoryUsage().
 * RSS right after a full collection is what the process holds, not where V8's heap happens to be
 * between collections (it swings by 100 MB and more under this load).
 */
async function afterFullGc(): Promise<{ rss: number; heapUsed: number; external: number }> {
  const ws = new WebSocket(await inspectorUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<any>((resolve) => {
      const mine = ++id;
      ws.addEventListener('message', function answer(e) {
        const msg = JSON.parse(String(e.data)) as { id?: number; result?: unknown };
        if (msg.id === mine) {
          ws.removeEventListener('message', answer);
          resolve(msg.result);
        }
      });
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  await call('HeapProfiler.collectGarbage');
  await call('HeapProfiler.collectGarbage');
  const r = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
  ws.close();
  const m = JSON.parse(r.result.value as string) as { rss: number; heapUsed: number; external: number };
  const mb = (x: number) => Math.round((x / 1024 / 1024) * 10) / 10;
  return { rss: mb(m.rss), heapUsed: mb(m.heapUsed), external: mb(m.external) };
}

// ---- the read paths, from what the service holds ----------------------------------------------

const ws = `tenants/${DEMO_TENANT}/workspaces/${WS}`;
const reads: string[] = [];
// Every routed kind of the catalogue, with its edges.
const kinds = routedKinds.map((k) => [k.prefix!, k.edges.map((e) => e.name)] as const);
for (const [prefix, edges] of kinds) {
  const list = `/api/v1/${prefix}/${ws}`;
  const page = JSON.parse((await send('GET', `${list}?page_size=20`, tokens[0]!)).text) as { rows: unknown[][]; cursor: string };
  reads.push(`${list}?page_size=50`, `${list}?sort=name&sort_dir=asc&page_size=20`, `${list}?name__ilk=a`);
  if (page.cursor) reads.push(`${list}?page_size=20&cursor=${encodeURIComponent(page.cursor)}`);
  for (const [r, row] of page.rows.slice(0, 5).entries()) {
    const id = encodeURIComponent(String(row[0]));
    reads.push(`${list}/${id}`);
    // A few edges per object, different ones per object: every edge is read by someone.
    for (const e of edges.filter((_, k) => k % 5 === r)) reads.push(`${list}/${id}/${e}`);
  }
}
const issues = JSON.parse((await send('GET', `/api/v1/issues/${ws}?page_size=10`, tokens[0]!)).text) as {
  header: string[];
  rows: unknown[][];
};
for (const row of issues.rows.slice(0, 5))
  reads.push(
    `/api/v1/issues/${ws}/${encodeURIComponent(String(row[issues.header.indexOf('id')]))}`,
    `/api/v1/issues/${ws}/${encodeURIComponent(String(row[issues.header.indexOf('id')]))}/objects`,
  );
reads.push(
  `/api/v1/issues/${ws}`,
  `/api/v1/aispm-llm-sessions/${ws}?sort=cost&sort_dir=desc&pageSize=10`,
  `/api/v1/aispm-llm-sessions/${ws}?pageSize=100`,
  `/api/v1/aispm-llm-interactions/${ws}?page_size=50`,
  `/api/v1/aispm-llm-interactions-dash/${ws}/counts`,
  `/api/v1/aispm-llm-interactions-dash/${ws}/categories`,
  `/api/v1/aispm-llm-interactions-dash/${ws}/outcomes`,
  '/api/v1/histograms/aispm',
  '/api/v1/aispm-dashboard',
  `/api/v1/rules/${ws}`,
  '/api/v1/static-rules',
);
for (const p of reads) {
  const r = await send('GET', p, tokens[0]!);
  if (r.status !== 200) throw new Error(`${p} answered ${r.status}: ${r.text.slice(0, 200)}`);
}
log(`${reads.length} read paths; ${connections} connections for ${durationS} s after a ${warmupS} s warm-up`);

// ---- the load ----------------------------------------------------------------------------------

const latencies: number[] = [];
const errors = new Map<string, number>();
const counts = { read: 0, storage: 0, ingest: 0 };
let measuring = false;
let ingestSeq = 0;

async function connection(i: number): Promise<void> {
  const token = tokens[i]!;
  const written = new Set<string>();
  let n = 0;
  while (!stop) {
    n++;
    const dice = (n * 7919 + i * 104729) % 100;
    let kind: keyof typeof counts;
    let method = 'GET';
    let path: string;
    let body: string | undefined;
    let type: string | undefined;
    if (dice < 60) {
      kind = 'read';
      path = reads[(n + i) % reads.length]!;
    } else if (dice < 85) {
      kind = 'storage';
      const key = (n * 31 + i) % 200;
      const namespace = n % 2 ? 'users/soak/prefs' : `tenants/${DEMO_TENANT}/users/soak/prefs`;
      const entry = `${namespace}/k${key}`;
      if (dice < 75 || (dice < 82 && !written.has(entry))) {
        method = 'PUT';
        body = JSON.stringify({
          value: { columns: Array.from({ length: 20 }, (_, c) => `column_${c}`), n, at: Date.now(), note: 'x'.repeat(n % 500) },
        });
        written.add(entry);
        path = `/api/v1/client-storage/${entry}`;
      } else if (dice < 82) {
        path = `/api/v1/client-storage/${entry}`;
      } else {
        path = `/api/v1/client-storage/${namespace}?page_size=50`;
      }
    } else {
      kind = 'ingest';
      method = 'POST';
      type = 'application/x-ndjson';
      const now = new Date().toISOString();
      const lines: string[] = [];
      for (let k = 0; k < 10; k++) {
        const id = ingestSeq++ % 5000;
        lines.push(
          k % 2
            ? JSON.stringify({
                type: 'entity',
                kind: 'model',
                id: `soak-model-${id}`,
                name: `Soak model ${id}`,
                last_seen: now,
                attributes: { provider: 'openai' },
              })
            : JSON.stringify({
                type: 'interaction',
                id: `soak-int-${id}`,
                session_id: `soak-s-${id % 500}`,
                agent_id: 'soak-agent',
                model: 'gpt-4o',
                time: now,
                input_tokens: 100,
                output_tokens: 20,
                prompt: 'p'.repeat(200),
                response: 'r'.repeat(200),
              }),
        );
      }
      body = lines.join('\n') + '\n';
      path = `/api/v1/ingest/tenants/${DEMO_TENANT}/workspaces/${INGEST_WS}`;
    }
    const t = performance.now();
    const res = await send(method, path!, token, body, type);
    const ms = performance.now() - t;
    if (!measuring) continue;
    counts[kind]++;
    latencies.push(ms);
    if (!(res.status >= 200 && res.status < 300) && res.status !== 304) {
      const key = `${kind} ${method} ${res.status} ${res.text.slice(0, 120)}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
    }
  }
}

const workers = Array.from({ length: connections }, (_, i) => connection(i));
await new Promise((r) => setTimeout(r, warmupS * 1000));
const gcStart = await afterFullGc();
log(`after a full collection: RSS ${gcStart.rss} MB, heap used ${gcStart.heapUsed} MB`);
measuring = true;
const started = performance.now();
// RSS every 2 s. Single readings swing by tens of MB as V8 grows and shrinks its heap, so "start" and
// "end" are the medians of the first and the last 30 s of samples; the raw readings are reported too.
const samples: Array<{ s: number; rss: number; anon: number; file: number }> = [];
let lastLog = 0;
// The same after-collection figure every minute, to see its shape (warming up, flat, or climbing).
const gcSeries: Array<{ s: number; rss: number; heapUsed: number }> = [{ s: 0, rss: gcStart.rss, heapUsed: gcStart.heapUsed }];
while (performance.now() - started < durationS * 1000 && !died) {
  const s = (performance.now() - started) / 1000;
  if (s - gcSeries.at(-1)!.s >= 60 && durationS * 1000 - (performance.now() - started) > 30_000) {
    const g = await afterFullGc();
    gcSeries.push({ s: Math.round(s), rss: g.rss, heapUsed: g.heapUsed });
    log(`after a full collection: RSS ${g.rss} MB, heap used ${g.heapUsed} MB`);
  }
  samples.push({ s, ...memory(service.pid!) });
  if (s - lastLog >= 10 || samples.length === 1) {
    lastLog = s;
    const m = samples.at(-1)!;
    log(
      `${Math.round(s)} s: ${latencies.length} requests, ${[...errors.values()].reduce((a, b) => a + b, 0)} errors, RSS ${m.rss} MB (anonymous ${m.anon}, file-backed ${m.file})`,
    );
  }
  await new Promise((r) => setTimeout(r, 2000));
}
// Still under load: the end figure is taken the same way as the start one.
const gcEnd = died ? { rss: 0, heapUsed: 0, external: 0 } : await afterFullGc();
stop = true;
const elapsed = (performance.now() - started) / 1000;
gcSeries.push({ s: Math.round(elapsed), rss: gcEnd.rss, heapUsed: gcEnd.heapUsed });
samples.push({ s: elapsed, ...memory(service.pid!) });
await Promise.all(workers);
agent.destroy();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const window = Math.min(30, elapsed / 4);
const at = (from: number, to: number, key: 'rss' | 'anon' | 'file') =>
  median(samples.filter((x) => x.s >= from && x.s <= to).map((x) => x[key]));
const rssStart = at(0, window, 'rss');
const rssEnd = at(elapsed - window, elapsed, 'rss');

const health = await fetch(`${base}/healthz`)
  .then((r) => r.status)
  .catch(() => 0);
service.kill('SIGTERM');
const [exitCode] = await exited;
await database.drop();

const sorted = Float64Array.from(latencies).sort();
const q = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 100) / 100;
const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
const report = {
  engine,
  node: process.version,
  connections,
  durationS: Math.round(elapsed),
  warmupS,
  requests: latencies.length,
  rps: Math.round(latencies.length / elapsed),
  mix: counts,
  errors: errorCount,
  errorKinds: Object.fromEntries([...errors].slice(0, 10)),
  latencyMs: { p50: q(0.5), p90: q(0.9), p99: q(0.99), max: q(1) },
  rssMb: {
    start: rssStart,
    end: rssEnd,
    growthPercent: Math.round(((rssEnd - rssStart) / rssStart) * 1000) / 10,
    windowS: Math.round(window),
    firstReading: samples[0]!.rss,
    lastReading: samples.at(-1)!.rss,
    anonymous: { start: at(0, window, 'anon'), end: at(elapsed - window, elapsed, 'anon') },
    fileBacked: { start: at(0, window, 'file'), end: at(elapsed - window, elapsed, 'file') },
    min: Math.min(...samples.map((x) => x.rss)),
    max: Math.max(...samples.map((x) => x.rss)),
  },
  afterFullGcMb: {
    start: gcStart,
    end: gcEnd,
    rssGrowthPercent: Math.round(((gcEnd.rss - gcStart.rss) / gcStart.rss) * 1000) / 10,
    heapGrowthPercent: Math.round(((gcEnd.heapUsed - gcStart.heapUsed) / gcStart.heapUsed) * 1000) / 10,
    everyMinute: gcSeries.map((g) => `${g.s} s: ${g.rss} MB (heap ${g.heapUsed})`),
  },
  healthzAfter: health,
  exitCodeOnSigterm: exitCode,
};
console.log(JSON.stringify(report, null, 2));
if (died) log(died);
const ok = !died && errorCount === 0 && report.afterFullGcMb.rssGrowthPercent < 10 && health === 200 && exitCode === 0;
log(
  `RSS start ${rssStart} MB, end ${rssEnd} MB (${report.rssMb.growthPercent}%, medians of 30 s readings); ` +
    `after a full collection: start ${gcStart.rss} MB, end ${gcEnd.rss} MB (${report.afterFullGcMb.rssGrowthPercent}%), heap used ${gcStart.heapUsed} → ${gcEnd.heapUsed} MB`,
);
log(ok ? 'PASS: no errors, resident memory after a full collection grew under 10%' : 'FAIL');
process.exit(ok ? 0 : 1);
