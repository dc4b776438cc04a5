// The per-request floor in CPU time (issue 39): the service, a bare Fastify server and a bare
// node:http server run in this process, each answering one repeated URL (the service from its
// response cache), while autocannon in a child process sends a fixed number of requests. Each is
// charged the CPU this process used (user + system, GC included) over the requests it answered.
// CPU per request moves far less than requests/s when other work shares the machine, so the
// ratios of one run say what the service adds to Fastify, and Fastify to node:http.
//
//   node bench/floor-cpu.ts [--engine sqlite|postgres] [--cases a,b] [--requests 20000]
//                           [--rounds 3] [--scale 4] [--targets ceiling,fastify,service]
//                           [--log-level warn]
//
// --inject: no sockets; requests one after another through Fastify's inject, the CPU of each
// taken alone (the service against bare Fastify only): the JavaScript of the path without the
// system calls, least disturbed by other processes.
//
// --profile <file>: a V8 CPU profile (.cpuprofile, for Chrome's DevTools) of the measured rounds
// alone (no warm-up, no dataset load), e.g. with --targets service --cases model-detail.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { parseArgs } from 'node:util';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { DEMO_TENANT, demoNdjson } from '../src/demo/estate.ts';
import { buildApp, composeService, migrate } from '../src/compose.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import { makeLogger } from '../src/server.ts';
import { createDatabase } from '../test/helpers/harness.ts';
import { bareFastify } from './fastify-anchor.ts';
import type { FastifyInstance } from 'fastify';
import { cases } from './cases.ts';

const REPEATED = ['model-detail', 'models-list', 'agent-edge', 'sessions-cost', 'sessions-cost-agent', 'histogram', 'storage-get'];

// The driver: a child process, so that autocannon's own CPU is not charged to the servers.
if (process.argv[2] === '--drive') {
  const o = JSON.parse(process.argv[3]!) as { url: string; amount: number; connections: number; headers: Record<string, string> };
  const r = await autocannon({ url: o.url, amount: o.amount, connections: o.connections, headers: o.headers, pipelining: 1 });
  process.stdout.write(
    `${JSON.stringify({ rps: r.requests.total / r.duration, total: r.requests.total, non2xx: r.non2xx, errors: r.errors + r.timeouts })}\n`,
  );
  process.exit(0);
}

const { values: flags } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    cases: { type: 'string', default: REPEATED.join(',') },
    requests: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    scale: { type: 'string', default: '4' },
    targets: { type: 'string', default: 'ceiling,fastify,service' },
    'log-level': { type: 'string', default: 'warn' },
    profile: { type: 'string', default: '' },
    inject: { type: 'boolean', default: false },
  },
});
const engine = flags.engine as 'sqlite' | 'postgres';
const amount = Number(flags.requests);
const rounds = Number(flags.rounds);
const connections = Number(flags.connections);
const targets = flags.targets.split(',');

async function drive(url: string, headers: Record<string, string>, n: number) {
  const child = spawn(
    process.execPath,
    [new URL(import.meta.url).pathname, '--drive', JSON.stringify({ url, amount: n, connections, headers })],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await once(child, 'exit');
  return JSON.parse(out) as { rps: number; total: number; non2xx: number; errors: number };
}

/** Sequential injected requests: the least CPU µs of one request in each round of `amount`, median of rounds. */
async function measureInject(app: { inject: FastifyInstance['inject'] }, path: string, headers: Record<string, string>) {
  const one = async () => {
    const c0 = process.cpuUsage();
    const res = await app.inject({ method: 'GET', url: path, headers });
    const c = process.cpuUsage(c0);
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
    return c.user + c.system;
  };
  for (let i = 0; i < 2000; i++) await one();
  const samples: Array<{ us: number; rps: number }> = [];
  for (let r = 0; r < rounds; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < amount; i++) await one();
    const c = process.cpuUsage(c0);
    samples.push({ us: (c.user + c.system) / amount, rps: amount / ((performance.now() - t0) / 1000) });
  }
  samples.sort((a, b) => a.us - b.us);
  return samples[Math.floor(samples.length / 2)]!;
}

/** CPU µs per request of this process while `n` requests to `url` are answered, and the requests/s. */
async function measure(url: string, headers: Record<string, string>) {
  await drive(url, headers, Math.min(amount, 5000));
  const session = flags.profile ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  const samples: Array<{ us: number; rps: number }> = [];
  for (let i = 0; i < rounds; i++) {
    const c0 = process.cpuUsage();
    const r = await drive(url, headers, amount);
    const c = process.cpuUsage(c0);
    if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    samples.push({ us: (c.user + c.system) / r.total, rps: r.rps });
  }
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(flags.profile, JSON.stringify(profile));
    session.disconnect();
  }
  samples.sort((a, b) => a.us - b.us);
  return samples[Math.floor(samples.length / 2)]!;
}

const database = await createDatabase(engine);
const db = openDb(database.url, { pgPool: 4 });
try {
  await migrate(db);
  const service = composeService();
  const summary = await service.ingestor.ingest(
    db,
    demoNdjson({
      scale: Number(flags.scale),
      seed: 42,
      now: Date.now(),
      workspace: 'bench',
      mix: { models: 28, findings: 2.1, sessions: 2.6, modelsPerAgent: [30, 50] },
    }),
    { tenant: DEMO_TENANT, workspace: 'bench', storePrompts: false, batchSize: 20_000, mode: 'batches' },
  );
  if (summary.rejected) throw new Error('dataset rejected lines');
  const { token } = await createToken(db, {
    tenantId: DEMO_TENANT,
    userId: 'bench',
    workspaces: ['*'],
    scopes: ['read', 'storage', 'ingest'],
  });
  const config = loadConfig({ ...process.env, AISPM_DB: database.url, AISPM_RATE_LIMIT_MAX: '0', AISPM_LOG_LEVEL: flags['log-level'] });
  const { app } = await buildApp({ db, config, logger: makeLogger(config), service });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const headers = { authorization: `Bearer ${token}` };
  const only = flags.cases.split(',');
  process.stdout.write(
    `engine ${engine}; ${amount} requests x ${rounds} rounds (median), ${connections} connections; CPU µs per request of the server process\n`,
  );
  process.stdout.write(
    'case | ceiling µs | fastify µs | service µs | service - fastify µs | ceiling/service (CPU) | fastify/service (CPU) | req/s ceiling, fastify, service\n',
  );
  for (const c of cases({ db, tenant: DEMO_TENANT, workspace: 'bench' })) {
    if (!only.includes(c.id)) continue;
    const path = typeof c.path === 'function' ? await c.path(base, headers) : c.path;
    const res = await fetch(base + path, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${c.id} answered ${res.status}`);
    const type = res.headers.get('content-type') ?? 'application/json';
    const row: Record<string, { us: number; rps: number }> = {};
    for (const t of targets) {
      if (flags.inject) {
        if (t === 'service') row[t] = await measureInject(app, path, headers);
        if (t === 'fastify') row[t] = await measureInject(bareFastify(body, type, 200), path, headers);
        continue;
      }
      if (t === 'service') row[t] = await measure(base + path, headers);
      else {
        let url: string;
        let close: () => Promise<unknown>;
        if (t === 'fastify') {
          const fastify = bareFastify(body, type, 200);
          url = await fastify.listen({ host: '127.0.0.1', port: 0 });
          close = () => fastify.close();
        } else {
          const server: Server = createServer((req, r) => {
            req.resume();
            r.writeHead(200, { 'content-type': type, 'content-length': String(body.length) });
            r.end(body);
          });
          server.listen(0, '127.0.0.1');
          await once(server, 'listening');
          url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
          close = () => new Promise((r) => server.close(r));
        }
        row[t] = await measure(url + path, headers);
        await close();
      }
    }
    const f = (x?: { us: number }) => (x ? x.us.toFixed(1) : '-');
    const ratio = (a?: { us: number }, b?: { us: number }) => (a && b ? (a.us / b.us).toFixed(2) : '-');
    process.stdout.write(
      `${c.id} (${body.length} B) | ${f(row.ceiling)} | ${f(row.fastify)} | ${f(row.service)} | ${row.service && row.fastify ? (row.service.us - row.fastify.us).toFixed(1) : '-'} | ${ratio(row.ceiling, row.service)} | ${ratio(row.fastify, row.service)} | ${targets.map((t) => (row[t] ? Math.round(row[t].rps) : '-')).join(', ')}\n`,
    );
  }
  await app.close();
} finally {
  await db.close().catch(() => {});
  await database.drop();
}
