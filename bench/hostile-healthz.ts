// How long `/healthz` waits while the service reads one hostile body (issue 33, point 1: within
// 100 ms at p99, never later than 500 ms), and how long SIGTERM then takes. The service is started
// as operators run it (`node src/cli.ts serve`) on a fresh database of the chosen engine; the body
// is generated here (test/helpers/hostile.ts), sent once, while a separate process polls `/healthz`
// every 20 ms (its own event loop, so what it measures is the server's answer time).
//
//   node bench/hostile-healthz.ts [--engine sqlite|postgres] [--kind bom|otlp] [--n 100000]
//                                 [--term-after-ms N] [--cpu-prof DIR]
//
// --term-after-ms sends SIGTERM that long after the request started, not after its answer: the
// exit time is then that of a shutdown with the request in flight. --cpu-prof writes the server's
// CPU profile (main thread) into DIR, for finding what holds the event loop. A BOM over
// AISPM_BOM_MAX_OBJECTS (default 25,000) is refused with a 413 before anything is written: to
// measure the write of a larger one, raise it (`AISPM_BOM_MAX_OBJECTS=200000 node bench/…`).

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';
import { migrate } from '../src/compose.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createDatabase, type EngineName } from '../test/helpers/harness.ts';
import { chatSpans, flatBom, waitStats } from '../test/helpers/hostile.ts';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    kind: { type: 'string', default: 'bom' },
    n: { type: 'string', default: '100000' },
    'term-after-ms': { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const n = Number(values.n);
const kind = values.kind === 'otlp' ? 'otlp' : 'bom';
const PORT = 19000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${PORT}`;
const WS = 'hostile';

/**
 * Polls `/healthz` every 20 ms from a separate process. Besides every wait, it keeps when each wait
 * over 100 ms began on the monotonic clock (µs), the clock of a V8 CPU profile's timestamps, so a
 * long wait can be found in the server's profile (--cpu-prof).
 */
function probe(url: string): { ready: Promise<void>; stop(): Promise<{ waits: number[]; long: Array<[number, number]> }> } {
  const script = `
    const waits = [], long = [];
    let stop = false;
    process.on('SIGTERM', () => { stop = true; });
    (async () => {
      process.send('ready');
      while (!stop) {
        const at = process.hrtime.bigint(), t = performance.now();
        try { const r = await fetch(${JSON.stringify(url)}); await r.arrayBuffer(); const w = performance.now() - t; waits.push(w); if (w > 100) long.push([Number(at / 1000n), Math.round(w)]); }
        catch { waits.push(-1); }
        await new Promise((r) => setTimeout(r, 20));
      }
      process.stdout.write(JSON.stringify({ waits, long }));
    })();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const ready = new Promise<void>((resolve) => child.once('message', () => resolve()));
  const exited = once(child, 'exit');
  return {
    ready,
    async stop() {
      await ready;
      child.kill('SIGTERM');
      await exited;
      return JSON.parse(out) as { waits: number[]; long: Array<[number, number]> };
    },
  };
}

/** One POST with its body sent whole; the status and the body's first 300 characters. Never rejects. */
function post(path: string, headers: Record<string, string>, body: Buffer | string): Promise<{ status: number | string; body: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(`${base}${path}`, { method: 'POST', headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString('latin1').slice(0, 300) }));
      res.on('error', (err) => resolve({ status: `error: ${err.message}`, body: '' }));
    });
    req.on('error', (err) => resolve({ status: `error: ${err.message}`, body: '' }));
    req.end(body);
  });
}

const database = await createDatabase(values.engine as EngineName);
try {
  const db = openDb(database.url, {});
  await migrate(db);
  const { token } = await createToken(db, { tenantId: 't1', userId: 'bench', workspaces: ['*'], scopes: ['ingest', 'read'] });
  await db.close();

  let t = performance.now();
  const body = kind === 'bom' ? flatBom(n) : chatSpans(n);
  console.log(
    `${values.engine}: ${kind === 'bom' ? `CycloneDX BOM of ${n} components` : `OTLP/protobuf export of ${n} chat spans`}, ` +
      `${(Buffer.byteLength(body) / 1e6).toFixed(1)} MB (generated in ${Math.round(performance.now() - t)} ms)`,
  );

  const server = spawn(
    process.execPath,
    [...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : []), 'src/cli.ts', 'serve'],
    {
      env: { ...process.env, AISPM_DB: database.url, AISPM_PORT: String(PORT), AISPM_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = once(server, 'exit');
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
    if (i > 150) throw new Error('the service did not start');
    await new Promise((r) => setTimeout(r, 200));
  }

  const poller = probe(`${base}/healthz`);
  await poller.ready;
  await new Promise((r) => setTimeout(r, 200));
  const path = kind === 'bom' ? `/api/v1/ingest/tenants/t1/workspaces/${WS}` : `/api/v1/otlp/tenants/t1/workspaces/${WS}/v1/traces`;
  const type = kind === 'bom' ? 'application/vnd.cyclonedx+json' : 'application/x-protobuf';
  t = performance.now();
  let termAt: number | undefined;
  const term = values['term-after-ms']
    ? setTimeout(() => {
        termAt = performance.now();
        server.kill('SIGTERM');
      }, Number(values['term-after-ms']))
    : undefined;
  const answer = await post(path, { 'content-type': type, authorization: `Bearer ${token}` }, body);
  const took = performance.now() - t;
  clearTimeout(term);
  await new Promise((r) => setTimeout(r, 200));
  const polled = await poller.stop();
  console.log(`answer ${answer.status} after ${(took / 1000).toFixed(2)} s: ${answer.body}`);
  console.log(`/healthz every 20 ms: ${JSON.stringify(waitStats(polled.waits))}`);
  if (values['cpu-prof']) console.log(`waits over 100 ms [monotonic µs, ms]: ${JSON.stringify(polled.long)}`);

  if (termAt === undefined) {
    termAt = performance.now();
    server.kill('SIGTERM');
  }
  const [code, signal] = await exited;
  console.log(`SIGTERM → exit (${signal ?? code}) in ${Math.round(performance.now() - termAt)} ms`);
} finally {
  await database.drop();
}
