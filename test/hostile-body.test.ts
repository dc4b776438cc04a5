// Hostile request bodies (issue 33, rows 1, 2, 3 and 6), on both engines, against a listening
// server with `/healthz` polled from a separate process meanwhile: a large CycloneDX BOM, one
// nested 5,000 deep, a large OTLP export, and refusals before the body is read followed by a
// second request on the same keep-alive connection. The bodies are generated here; the sizes are
// the smallest that stalled the service before (8,000 components held `/healthz` 3.8 s).

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { buildApp, migrate } from '../src/compose.ts';
import { loadConfig } from '../src/config.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createDatabase, describeEngines, engineNames } from './helpers/harness.ts';
import { chatSpans, deepBom, flatBom, healthProbe, waitStats } from './helpers/hostile.ts';
import { rpcStatus } from './helpers/rpc-status.ts';

const BOM = 'application/vnd.cyclonedx+json';
const PROTOBUF = 'application/x-protobuf';
/**
 * The goal: `/healthz` answers within 100 ms at p99 and never later than 500 ms. Those bounds hold
 * on a machine with a core to spare. When other work shares it (the suite runs three files at a
 * time, other jobs may run beside), a wait measures the scheduler as much as the service, and the
 * test keeps only the bound that tells a frozen service from a busy machine (the freeze of issue 33
 * was 30 s): 2 s, no p99. A machine is taken as shared when, while the body was sent, some task
 * waited for a CPU at least half of the time (Linux's pressure stall information: 0.06-0.20 with the
 * file alone on a 2-core machine, 0.78-0.85 beside two other files), or, where that is not kept,
 * when its load average was past twice its cores as the file started. bench/hostile-healthz.ts
 * measures the goal itself, at the sizes.
 */
const load = loadavg()[0]! / availableParallelism();
const LOADED = load > 2;
/** The bounds of the waits measured with this share of CPU stall. */
function bounds(stalled: number | undefined): { p99: number; max: number } {
  const shared = stalled === undefined ? LOADED : stalled >= 0.5;
  return shared ? { p99: Number.POSITIVE_INFINITY, max: 2000 } : { p99: 100, max: 500 };
}

/** From now until called, the share of the time some task waited for a CPU (Linux's pressure stall information), or undefined where it is not kept. */
function cpuStall(): () => number | undefined {
  const read = () => {
    try {
      return Number(/^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1]);
    } catch {
      return Number.NaN;
    }
  };
  const t0 = performance.now();
  const s0 = read();
  return () => {
    const share = (read() - s0) / 1000 / (performance.now() - t0);
    return Number.isFinite(share) ? Math.round(share * 100) / 100 : undefined;
  };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request over a real connection (through `agent`, to reuse it), with its body sent whole. */
function send(agent: Agent, url: string, method: string, headers: Record<string, string>, body?: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    // The server may answer and close before the whole body is written: that is the point of row 6.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)));
    req.end(body);
  });
}

describeEngines('hostile bodies', (h, engine) => {
  let base: string;
  let token: string;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  before(async () => {
    await h().app.listen({ host: '127.0.0.1', port: 0 });
    const address = h().app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    token = await h().token({ scopes: ['ingest', 'read'] });
  });
  after(() => agent.destroy());

  /** Sends a body while a side process polls /healthz; the answer and the waits. */
  async function whileProbed(path: string, type: string, body: Buffer | string) {
    const probe = healthProbe(`${base}/healthz`);
    await probe.ready;
    await new Promise((r) => setTimeout(r, 100));
    const stall = cpuStall();
    const answer = await send(new Agent(), `${base}${path}`, 'POST', { 'content-type': type, authorization: `Bearer ${token}` }, body);
    await new Promise((r) => setTimeout(r, 100));
    const waits = { ...waitStats(await probe.stop()), stalled: stall() };
    return { answer, waits, bound: bounds(waits.stalled) };
  }

  it('row 1: a BOM of 8,000 components is read beside the event loop, in linear time', async () => {
    const { answer, waits, bound } = await whileProbed('/api/v1/ingest/tenants/t1/workspaces/bom', BOM, flatBom(8000));
    assert.equal(answer.status, 200, answer.body.toString());
    assert.deepEqual(JSON.parse(answer.body.toString()), { accepted: 8000, rejected: 0, errors: [] });
    console.log(`[${engine}] row 1, 8,000 components: /healthz ${JSON.stringify(waits)}`);
    assert.equal(waits.failed, 0);
    assert.ok(waits.polls >= 5, `too few polls to measure: ${waits.polls}`);
    assert.ok(waits.max < bound.max, `/healthz waited ${waits.max} ms`);
    assert.ok(waits.p99 < bound.p99 || waits.polls < 100, `/healthz p99 ${waits.p99} ms`);
    const agents = await h().get('/api/v1/aispm-agents/tenants/t1/workspaces/bom?page_size=1', token);
    assert.equal(agents.statusCode, 200);
    assert.equal(JSON.parse(agents.body).total, 8000);
  });

  it('row 2: components nested 5,000 deep are a 400 naming the bound, nothing written', async () => {
    const { answer, waits, bound } = await whileProbed('/api/v1/ingest/tenants/t1/workspaces/deep', BOM, deepBom(5000));
    assert.equal(answer.status, 400);
    assert.deepEqual(JSON.parse(answer.body.toString()), { code: 400, message: 'the BOM nests more than 128 levels deep' });
    assert.ok(waits.max < bound.max, `/healthz waited ${waits.max} ms`);
    const objects = await h().get('/api/v1/aispm-agents/tenants/t1/workspaces/deep', token);
    assert.equal(objects.statusCode, 404);
  });

  it('row 3: an OTLP export of 30,000 chat spans is read beside the event loop; its errors are google.rpc.Status', async () => {
    const path = '/api/v1/otlp/tenants/t1/workspaces/otel/v1/traces';
    const { answer, waits, bound } = await whileProbed(path, PROTOBUF, chatSpans(30_000));
    assert.equal(answer.status, 200, answer.body.toString('latin1'));
    assert.equal(answer.headers['content-type'], PROTOBUF);
    assert.equal(answer.body.length, 0, 'a full success: an empty ExportTraceServiceResponse');
    console.log(`[${engine}] row 3, 30,000 spans: /healthz ${JSON.stringify(waits)}`);
    assert.ok(waits.max < bound.max, `/healthz waited ${waits.max} ms`);
    const stats = await h().get('/api/v1/otlp/tenants/t1/workspaces/otel/stats', token);
    assert.equal(JSON.parse(stats.body).today.spans_received, 30_000);
    // Malformed protobuf, and no token: both answered as google.rpc.Status with the HTTP status.
    const bad = await send(
      agent,
      `${base}${path}`,
      'POST',
      { 'content-type': PROTOBUF, authorization: `Bearer ${token}` },
      Buffer.from([0x0a, 0xff]),
    );
    assert.equal(bad.status, 400);
    assert.equal(bad.headers['content-type'], PROTOBUF);
    assert.equal(rpcStatus(bad.body).code, 3);
    const anonymous = await send(agent, `${base}${path}`, 'POST', { 'content-type': PROTOBUF }, chatSpans(1));
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.headers['content-type'], PROTOBUF);
    assert.deepEqual(rpcStatus(anonymous.body).code, 16);
  });

  it('row 6: a refusal before the body is read closes the connection; the next request on the agent is answered', async () => {
    const url = `${base}/api/v1/ingest/tenants/t1/workspaces/conn`;
    // 16 MiB of newlines in ~16 KiB of gzip (past the 8 MiB ingest limit), then a second gzip
    // member of 1 MiB that does not compress: the server refuses with most of the body unread.
    const bomb = Buffer.concat([
      gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x0a), { level: 9 }),
      gzipSync(randomBytes(1024 * 1024), { level: 1 }),
    ]);
    const junk = Buffer.alloc(1024 * 1024, 0x61);
    const cases: Array<[string, Record<string, string>, Buffer, number]> = [
      ['gzip bomb', { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip', authorization: `Bearer ${token}` }, bomb, 413],
      ['media type', { 'content-type': 'text/plain', authorization: `Bearer ${token}` }, junk, 415],
      ['no token', { 'content-type': 'application/x-ndjson' }, junk, 401],
    ];
    for (const [what, headers, body, status] of cases) {
      const refused = await send(agent, url, 'POST', headers, body);
      assert.equal(refused.status, status, `${what}: ${refused.body.toString()}`);
      assert.equal(refused.headers.connection, 'close', what);
      assert.equal(JSON.parse(refused.body.toString()).code, status, what);
      // The same agent (one socket at most): answered at once, not after the keep-alive timeout.
      const t = performance.now();
      const next = await send(agent, `${base}/healthz`, 'GET', {});
      assert.equal(next.status, 200, what);
      assert.ok(performance.now() - t < 2000, `${what}: the next request took ${Math.round(performance.now() - t)} ms`);
    }
  });
});

describeEngines(
  'hostile bodies past the CPU budget',
  (h) => {
    it('row 1: a body that takes more CPU than AISPM_INGEST_CPU_BUDGET_MS is a 413 naming it, nothing written', async () => {
      const token = await h().token({ scopes: ['ingest', 'read'] });
      const res = await h().request({
        method: 'POST',
        url: '/api/v1/ingest/tenants/t1/workspaces/budget',
        token,
        headers: { 'content-type': BOM },
        payload: flatBom(50_000),
      });
      assert.equal(res.statusCode, 413, res.body);
      assert.deepEqual(JSON.parse(res.body), {
        code: 413,
        message: 'reading the body took more than its CPU budget of 20 ms (AISPM_INGEST_CPU_BUDGET_MS); send less in one request',
      });
      assert.equal((await h().get('/api/v1/aispm-agents/tenants/t1/workspaces/budget', token)).statusCode, 404);
    });
  },
  { config: { ingestCpuBudgetMs: 20 } },
);

describeEngines(
  'hostile bodies past the BOM object bound',
  (h) => {
    it('row 1: a BOM describing more objects than AISPM_BOM_MAX_OBJECTS is a 413 naming it, nothing written', async () => {
      const token = await h().token({ scopes: ['ingest', 'read'] });
      const send = (n: number, workspace: string) =>
        h().request({
          method: 'POST',
          url: `/api/v1/ingest/tenants/t1/workspaces/${workspace}`,
          token,
          headers: { 'content-type': BOM },
          payload: flatBom(n),
        });
      const over = await send(101, 'over');
      assert.equal(over.statusCode, 413, over.body);
      assert.deepEqual(JSON.parse(over.body), {
        code: 413,
        message: 'the BOM describes 101 objects, more than the limit of 100 (AISPM_BOM_MAX_OBJECTS); send it in parts',
      });
      assert.equal((await h().get('/api/v1/aispm-agents/tenants/t1/workspaces/over', token)).statusCode, 404);
      // At the bound: written whole.
      const at = await send(100, 'at');
      assert.equal(at.statusCode, 200, at.body);
      assert.deepEqual(JSON.parse(at.body), { accepted: 100, rejected: 0, errors: [] });
    });
  },
  { config: { bomMaxObjects: 100 } },
);

// SIGTERM while a large BOM is being read or written: the service started as operators run it
// exits within its shutdown timer, and the BOM is written whole or not at all.
for (const engine of engineNames) {
  describe(`SIGTERM during a hostile request [${engine}]`, () => {
    it('row 1: the service exits within AISPM_SHUTDOWN_GRACE_MS; the batch is all or nothing', async () => {
      const database = await createDatabase(engine);
      try {
        const db = openDb(database.url, {});
        await migrate(db);
        const { token } = await createToken(db, { tenantId: 't1', userId: 'u', workspaces: ['*'], scopes: ['ingest', 'read'] });
        await db.close();
        const port = 20000 + Math.floor(Math.random() * 5000);
        const graceMs = 1500;
        const server = spawn(process.execPath, ['src/cli.ts', 'serve'], {
          env: {
            ...process.env,
            AISPM_DB: database.url,
            AISPM_PORT: String(port),
            AISPM_SHUTDOWN_GRACE_MS: String(graceMs),
            AISPM_LOG_LEVEL: 'error',
          },
          stdio: 'ignore',
        });
        const exited = once(server, 'exit');
        const base = `http://127.0.0.1:${port}`;
        for (let i = 0; !(await fetch(`${base}/readyz`).catch(() => null))?.ok; i++) {
          assert.ok(i < 150, 'the service did not start');
          await new Promise((r) => setTimeout(r, 100));
        }
        const answer = new Promise<{ status: number; body: string } | Error>((resolve) => {
          // Its own request: `send` keeps waiting after a reset (the point of row 6), this one resolves.
          const req = httpRequest(
            `${base}/api/v1/ingest/tenants/t1/workspaces/term`,
            { method: 'POST', headers: { 'content-type': BOM, authorization: `Bearer ${token}` } },
            (res) => {
              const parts: Buffer[] = [];
              res.on('data', (d: Buffer) => parts.push(d));
              res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString() }));
              res.on('error', resolve);
            },
          );
          req.on('error', resolve);
          req.end(flatBom(20_000));
        });
        // Past the read in the body worker (a 503 then), most likely into the write.
        await new Promise((r) => setTimeout(r, 1500));
        const t = performance.now();
        server.kill('SIGTERM');
        await exited;
        const took = performance.now() - t;
        assert.ok(took < graceMs + 1000, `exit took ${Math.round(took)} ms`);
        // Cut short (the connection dropped, or a 503 while the body was still being read), or done.
        const got = await answer;
        console.log(
          `[${engine}] SIGTERM during a 20,000-component BOM: exit in ${Math.round(took)} ms, answer ${got instanceof Error ? got.message : got.status}`,
        );
        if (!(got instanceof Error)) assert.ok(got.status === 503 || got.status === 200, `${got.status} ${got.body}`);
        // All or nothing: the workspace holds no agent, or all 20,000.
        const reopened = openDb(database.url, {});
        try {
          const { app } = await buildApp({ db: reopened, config: { ...loadConfig({}), db: database.url, authCacheMs: 0 }, logger: false });
          const res = await app.inject({
            url: '/api/v1/aispm-agents/tenants/t1/workspaces/term?page_size=1',
            headers: { authorization: `Bearer ${token}` },
          });
          console.log(
            `[${engine}] after it, the workspace's agents: ${res.statusCode === 200 ? JSON.parse(res.body).total : res.statusCode}`,
          );
          if (res.statusCode === 200) assert.equal(JSON.parse(res.body).total, 20_000);
          else assert.equal(res.statusCode, 404, res.body);
          await app.close();
        } finally {
          await reopened.close();
        }
      } finally {
        await database.drop();
      }
    });
  });
}
