// What the per-token rate limit costs a request, on the hottest read path (GET of one small
// client-storage entry, SQLite), with the limit off, counted in memory, and counted in Redis.
//
// 1. In process (default): three apps side by side, the same request injected into each in
//    interleaved rounds of 2,000 (in a shuffled order); the median time per request of each, so that the difference is
//    the limiter's own cost and the machine's other load falls on all three alike.
// 2. Over HTTP (--http): the service as its own process under autocannon, one token per connection;
//    requests/s, latency and the service's CPU time per request (from /proc). On a shared machine
//    these swing by more than the limiter costs; the in-process figure is the one to read.
//
//   node bench/rate-limit-cost.ts [--rounds 20] [--http --duration 10 --connections 50]

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon from 'autocannon';
import { openDb } from '../src/platform/db/open.ts';
import { migrate } from '../src/compose.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import { createDatabase } from '../test/helpers/harness.ts';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1]! : fallback);
const duration = Number(opt('duration', '10'));
const connections = Number(opt('connections', '50'));
const rounds = Number(opt('rounds', '20'));
const http = argv.includes('--http');
const PATH = '/api/v1/client-storage/users/bench/prefs/layout';

async function freePort(): Promise<number> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** CPU seconds (user + system) the process has used, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const database = await createDatabase('sqlite');
const setup = openDb(database.url);
await migrate(setup);

// ---- in process ----------------------------------------------------------------------------------

{
  const { buildApp } = await import('../src/compose.ts');
  const { loadConfig } = await import('../src/config.ts');
  const base = { ...loadConfig({}), db: database.url };
  const variants = [
    { name: 'off', config: { ...base, rateLimitMax: 0 } },
    { name: 'memory', config: { ...base, rateLimitMax: 100_000_000 } },
    { name: 'redis', config: { ...base, rateLimitMax: 100_000_000, redisUrl: process.env.AISPM_TEST_REDIS ?? 'redis://127.0.0.1:6379' } },
  ];
  const apps = await Promise.all(
    variants.map(async (v) => ({ name: v.name, app: (await buildApp({ db: setup, config: v.config, logger: false })).app })),
  );
  const { token } = await createToken(setup, { tenantId: 'bench', userId: 'bench', workspaces: ['*'], scopes: ['read', 'storage'] });
  const headers = { authorization: `Bearer ${token}` };
  await apps[0]!.app.inject({
    method: 'PUT',
    url: PATH,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ value: { columns: ['a', 'b'], note: 'x'.repeat(200) } }),
  });
  const perRequest: Record<string, number[]> = {};
  for (let round = 0; round <= rounds; round++) {
    // A different order each round: no configuration always runs just after another.
    const order = [...apps].sort(() => Math.random() - 0.5);
    for (const { name, app } of order) {
      const n = 2000;
      const t = performance.now();
      for (let i = 0; i < n; i++) {
        const res = await app.inject({ method: 'GET', url: PATH, headers });
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode}`);
      }
      // Round 0 warms the JIT and the caches.
      if (round > 0) (perRequest[name] ??= []).push(((performance.now() - t) * 1000) / n);
    }
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`in process: ${rounds} interleaved rounds of 2,000 injected GET ${PATH} per configuration, Node ${process.version}`);
  for (const { name } of apps) console.log(`  ${name.padEnd(7)} median ${med(perRequest[name]!).toFixed(1)} µs per request`);
  console.log(
    `  the limiter adds ${(med(perRequest.memory!) - med(perRequest.off!)).toFixed(1)} µs in memory, ${(med(perRequest.redis!) - med(perRequest.off!)).toFixed(1)} µs with Redis (a round trip to it)`,
  );
  for (const { app } of apps) await app.close();
}

// ---- over HTTP -----------------------------------------------------------------------------------

const configs: Array<{ name: string; env: Record<string, string> }> = [
  { name: 'off', env: { AISPM_RATE_LIMIT_MAX: '0' } },
  { name: 'memory', env: { AISPM_RATE_LIMIT_MAX: '100000000' } },
  { name: 'redis', env: { AISPM_RATE_LIMIT_MAX: '100000000', AISPM_REDIS_URL: process.env.AISPM_TEST_REDIS ?? 'redis://127.0.0.1:6379' } },
];
const results: Record<string, Array<{ rps: number; p50: number; p99: number; cpuUsPerRequest: number; non2xx: number }>> = {};
if (http) console.log(`over HTTP: ${connections} connections, ${duration} s per run, 2 rounds, GET ${PATH} (SQLite)`);
for (let round = 0; http && round < 2; round++) {
  for (const c of configs) {
    const port = await freePort();
    const service = spawn(process.execPath, ['src/cli.ts', '--db', database.url, 'serve', '--port', String(port), '--no-migrate'], {
      env: { ...process.env, AISPM_LOG_LEVEL: 'warn', ...c.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    while (
      (await fetch(`${base}/readyz`)
        .then((r) => r.status)
        .catch(() => 0)) !== 200
    )
      await new Promise((r) => setTimeout(r, 50));
    const tokens: string[] = [];
    for (let i = 0; i < connections; i++)
      tokens.push((await createToken(setup, { tenantId: 'bench', userId: 'bench', workspaces: ['*'], scopes: ['read', 'storage'] })).token);
    const put = await fetch(base + PATH, {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ value: { columns: ['a', 'b'], note: 'x'.repeat(200) } }),
    });
    if (put.status !== 204) throw new Error(`PUT answered ${put.status}`);
    // Warm-up, then the measured run; each connection sends its own token.
    let next = 0;
    const options = (seconds: number) =>
      ({
        url: base + PATH,
        connections,
        duration: seconds,
        setupClient: (client: { setHeaders: (h: Record<string, string>) => void }) => {
          client.setHeaders({ authorization: `Bearer ${tokens[next++ % tokens.length]}` });
        },
      }) as unknown as autocannon.Options;
    await autocannon(options(2));
    const cpu0 = cpuSeconds(service.pid!);
    const r = await autocannon(options(duration));
    const cpu = cpuSeconds(service.pid!) - cpu0;
    const total = r.requests.total;
    (results[c.name] ??= []).push({
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      cpuUsPerRequest: Math.round((cpu / total) * 1e6 * 10) / 10,
      non2xx: r.non2xx,
    });
    service.kill('SIGTERM');
    await once(service, 'exit');
  }
}
await setup.close();
await database.drop();
if (http) {
  const best = (name: string) => results[name]!.reduce((a, b) => (a.cpuUsPerRequest <= b.cpuUsPerRequest ? a : b));
  for (const c of configs) {
    const b = best(c.name);
    console.log(
      `  ${c.name.padEnd(7)} ${String(b.rps).padStart(6)} req/s  p50 ${b.p50} ms  p99 ${b.p99} ms  ${b.cpuUsPerRequest} µs service CPU/request  non-2xx ${b.non2xx}   (runs: ${results[c.name]!.map((x) => `${x.rps} req/s ${x.cpuUsPerRequest} µs`).join('; ')})`,
    );
  }
}
