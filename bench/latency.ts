// Median latency of single requests on the demo estate: a quick look for closing notes, not the
// benchmark suite (bench/run.ts). Starts the service on a fresh SQLite file (or --engine
// postgres), loads demo scale 1, then sends each path 300 times one after another over HTTP.
//
//   node bench/latency.ts [--engine sqlite|postgres] [--scale 1] "/api/v1/aispm-models/tenants/demo/workspaces/default" …
//
// Paths may use {token} nowhere: a read+storage+ingest+metrics token for tenant demo is added to every request.
// Prefix a path with "PUT " (and a JSON body after a space) to time writes.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import { startServer } from '../src/server.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import { createDatabase } from '../test/helpers/harness.ts';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = args[i + 1]!;
  args.splice(i, 2);
  return v;
};
const engine = opt('engine', 'sqlite') as 'sqlite' | 'postgres';
const scale = Number(opt('scale', '1'));
const runs = Number(opt('runs', '300'));

const database = await createDatabase(engine);
const dir = mkdtempSync(join(tmpdir(), 'aispm-latency-'));
try {
  // Hundreds of requests a path from one token: the rate limit (docs/SECURITY.md) would answer 429.
  // The environment applies (AISPM_RESPONSE_CACHE_MB=0 measures without the response cache).
  const config = { ...loadConfig(process.env), db: database.url, port: 0, logLevel: 'silent', rateLimitMax: 0 };
  const server = await startServer(config);
  await loadDemo(server.db, { scale, seed: 1, now: Date.now(), storePrompts: true });
  const { token } = await createToken(server.db, {
    tenantId: DEMO_TENANT,
    userId: 'bench',
    workspaces: ['*'],
    scopes: ['read', 'storage', 'ingest', 'metrics'],
  });
  console.log(`engine ${engine}, demo scale ${scale}, ${runs} sequential requests per path, Node ${process.version}`);
  for (const spec of args) {
    const m = /^(GET|PUT|POST|DELETE) (\S+)(?: (.*))?$/.exec(spec);
    const [method, path, payload] = m ? [m[1]!, m[2]!, m[3]] : ['GET', spec, undefined];
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < runs + 20; i++) {
      const t = performance.now();
      const res = await fetch(server.url + path, {
        method,
        body: payload,
        headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      });
      await res.arrayBuffer();
      status = res.status;
      if (i >= 20) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
    console.log(`${method} ${path}  status ${status}  median ${q(0.5)} ms  p90 ${q(0.9)} ms  p99 ${q(0.99)} ms`);
  }
  await server.close();
} finally {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
}
