// Limits: the per-token rate limit (in memory, and in Redis shared by replicas), body sizes per
// endpoint, request and header timeouts, header size, keep-alive, and CORS (off unless origins are
// configured). Socket-level limits are exercised over a real TCP connection, since Node's HTTP
// parser enforces them before Fastify sees a request.

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/compose.ts';
import { scopes } from '../src/platform/auth/tokens.ts';
import { body, describeEngines, startHarness, type Harness } from './helpers/harness.ts';

const T = 'tenant-l';
const W = 'ws-l';
const LIST = `/api/v1/aispm-models/tenants/${T}/workspaces/${W}`;

function assertError(res: { statusCode: number; body: string; headers: Record<string, unknown> }, status: number, message: RegExp) {
  assert.equal(res.statusCode, status, res.body);
  const b = JSON.parse(res.body);
  assert.deepEqual(Object.keys(b).sort(), ['code', 'message']);
  assert.equal(b.code, status);
  assert.match(b.message, message);
  assert.ok(res.headers['x-request-id'], 'x-request-id');
}

describeEngines(
  'rate limit per token (memory)',
  (h) => {
    let a: string;
    let b: string;
    before(async () => {
      await h().seed(T, W);
      a = await h().token({ tenant: T, workspaces: [W] });
      b = await h().token({ tenant: T, workspaces: [W] });
    });

    it('answers 429 with Retry-After, the limit headers and the error contract past the limit', async () => {
      for (let i = 0; i < 5; i++) {
        const res = await h().get(LIST, a);
        assert.equal(res.statusCode, 200);
        // The limit headers go with the 429 only (they cost a hot-path request a fifth of its time).
        assert.equal(res.headers['x-ratelimit-limit'], undefined);
      }
      const res = await h().get(LIST, a);
      assertError(res, 429, /^rate limit exceeded: this token may make 5 requests per minute; retry in \d+ seconds?$/);
      assert.ok(
        Number(res.headers['retry-after']) > 0 && Number(res.headers['retry-after']) <= 60,
        `retry-after ${res.headers['retry-after']}`,
      );
      assert.equal(res.headers['x-ratelimit-limit'], '5');
      assert.equal(res.headers['x-ratelimit-remaining'], '0');
      assert.equal(res.headers['x-ratelimit-reset'], res.headers['retry-after']);
      // Every operation of the token counts against the same limit.
      assert.equal((await h().get(`/api/v1/aispm-agents/tenants/${T}/workspaces/${W}`, a)).statusCode, 429);
    });

    it('counts each token on its own', async () => {
      assert.equal((await h().get(LIST, b)).statusCode, 200);
    });

    it('does not limit health checks, the API document, or requests that fail authentication', async () => {
      for (let i = 0; i < 8; i++) {
        assert.equal((await h().get('/healthz')).statusCode, 200);
        assert.equal((await h().get('/api/v1/openapi.json')).statusCode, 200);
        assert.equal((await h().get(LIST)).statusCode, 401);
      }
    });
  },
  { config: { rateLimitMax: 5, rateLimitWindowMs: 60_000 } },
);

describeEngines(
  'rate limit shared by replicas through Redis',
  (h) => {
    let replica: FastifyInstance;
    let token: string;
    before(async () => {
      await h().seed(T, W);
      token = await h().token({ tenant: T, workspaces: [W] });
      // A second replica: its own process state, the same database and the same Redis.
      replica = (await buildApp({ db: h().db, config: h().config, logger: false })).app;
    });
    after(async () => {
      await replica?.close();
    });

    it("counts a token's requests over every replica", async () => {
      const apps = [h().app, replica];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await apps[i % 2]!.inject({ method: 'GET', url: LIST, headers: { authorization: `Bearer ${token}` } });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) assertError(res, 429, /rate limit exceeded/);
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
    });
  },
  { config: { rateLimitMax: 4, rateLimitWindowMs: 60_000, redisUrl: process.env.AISPM_TEST_REDIS ?? 'redis://127.0.0.1:6379' } },
);

describe('rate limit while Redis is unreachable', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness('sqlite', { config: { rateLimitMax: 2, redisUrl: 'redis://127.0.0.1:1' } });
    await h.seed(T, W);
  });
  after(async () => {
    await h.close();
  });

  it('lets requests through rather than failing them', async () => {
    const token = await h.token({ tenant: T, workspaces: [W] });
    for (let i = 0; i < 5; i++) assert.equal((await h.get(LIST, token)).statusCode, 200);
  });
});

describeEngines(
  'body size per endpoint',
  (h) => {
    let token: string;
    before(async () => {
      token = await h().token({ tenant: T, workspaces: [W], scopes });
    });
    const put = (payload: string | Buffer, headers: Record<string, string> = {}) =>
      h().request({
        method: 'PUT',
        url: '/api/v1/client-storage/users/app/ns/key',
        token,
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });

    it("client storage: a value over its limit, and a body over the operation's limit, are 413", async () => {
      assertError(
        await put(JSON.stringify({ value: { a: 'x'.repeat(2000) } })),
        413,
        /value is \d+ bytes as compact JSON, over the limit of 1024 bytes/,
      );
      const limit = Math.max(h().config.bodyLimit, 3 * 1024 + 64 * 1024);
      assertError(await put(JSON.stringify({ value: { a: 'x'.repeat(limit) } })), 413, /request body is/);
      assert.equal((await put(JSON.stringify({ value: { a: 'x' } }))).statusCode, 204);
    });

    it('ingest: over AISPM_INGEST_MAX_BYTES, plain or after decompression, is 413 and writes nothing', async () => {
      const url = `/api/v1/ingest/tenants/${T}/workspaces/${W}`;
      const line = JSON.stringify({ type: 'entity', kind: 'model', id: 'big', name: 'x'.repeat(200) }) + '\n';
      const text = line.repeat(Math.ceil((64 * 1024 + 1) / line.length));
      for (const [payload, headers] of [
        [text, {}],
        [gzipSync(text), { 'content-encoding': 'gzip' }],
      ] as const) {
        const res = await h().request({
          method: 'POST',
          url,
          token,
          headers: { 'content-type': 'application/x-ndjson', ...headers },
          payload,
        });
        assertError(res, 413, /larger than the ingest limit of 65536 bytes \(after decompression\)/);
      }
      assert.equal((await h().get(`${LIST}/big`, token)).statusCode, 404);
    });

    it('OTLP: over the same limit is 413', async () => {
      const url = `/api/v1/otlp/tenants/${T}/workspaces/${W}/v1/traces`;
      const res = await h().request({
        method: 'POST',
        url,
        token,
        headers: { 'content-type': 'application/json' },
        payload: `{"resourceSpans":[],"pad":"${'x'.repeat(70 * 1024)}"}`,
      });
      assertError(res, 413, /ingest limit of 65536 bytes/);
    });
  },
  { config: { rateLimitMax: 0, ingestMaxBytes: 64 * 1024, storageValueMaxBytes: 1024 } },
);

// ---- over a real socket ------------------------------------------------------------------------

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  closed: boolean;
}

/** Sends raw bytes (in parts, with pauses) and reads one HTTP answer, or notes that the server closed. */
async function raw(port: number, parts: Array<string | Buffer | number>): Promise<RawAnswer> {
  const socket: Socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let data = '';
  socket.on('data', (d) => {
    data += d.toString('latin1');
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  for (const p of parts) {
    if (typeof p === 'number') await new Promise((r) => setTimeout(r, p));
    else if (!socket.destroyed) socket.write(p);
  }
  await Promise.race([closed, new Promise((r) => setTimeout(r, 5000))]);
  socket.destroy();
  const [head = '', ...rest] = data.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n'), closed: true };
}

function assertRawError(a: RawAnswer, status: number, message: RegExp) {
  assert.equal(a.status, status, JSON.stringify(a));
  const b = JSON.parse(a.body);
  assert.equal(b.code, status);
  assert.match(b.message, message);
  assert.match(a.headers['content-type'] ?? '', /^application\/json/);
  assert.ok(a.headers['x-request-id'], 'x-request-id');
  assert.equal(a.headers['cache-control'], 'no-store');
  assert.equal(a.headers['x-content-type-options'], 'nosniff');
}

describe('socket limits: headers, timeouts, malformed HTTP', () => {
  let h: Harness;
  let port: number;
  let token: string;
  before(async () => {
    h = await startHarness('sqlite', {
      config: {
        rateLimitMax: 0,
        maxHeaderBytes: 4096,
        headersTimeoutMs: 400,
        requestTimeoutMs: 800,
        keepAliveTimeoutMs: 300,
        connectionTimeoutMs: 5000,
      },
    });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as { port: number }).port;
    token = await h.token({ tenant: T, workspaces: [W], scopes });
  });
  after(async () => {
    await h.close();
  });

  it('headers over AISPM_MAX_HEADER_BYTES: 431 with the error contract', async () => {
    const a = await raw(port, [`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(8000)}\r\n\r\n`]);
    assertRawError(a, 431, /request headers are larger than the limit/);
  });

  it('headers that do not arrive within AISPM_HEADERS_TIMEOUT_MS: 408', async () => {
    const a = await raw(port, ['GET /healthz HTTP/1.1\r\nHost: x\r\n', 3000]);
    assertRawError(a, 408, /not received in time/);
  });

  it('a body that does not arrive within AISPM_REQUEST_TIMEOUT_MS: the connection is closed, nothing is written', async () => {
    const url = `/api/v1/ingest/tenants/${T}/workspaces/${W}`;
    const line = JSON.stringify({ type: 'entity', kind: 'model', id: 'slow', name: 'slow' }) + '\n';
    const a = await raw(port, [
      `POST ${url} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/x-ndjson\r\nContent-Length: ${line.length + 100}\r\n\r\n${line}`,
      3000,
    ]);
    assert.ok(a.status === 0 || a.status === 408 || a.status === 400, `status ${a.status}`);
    if (a.status) assert.equal(JSON.parse(a.body).code, a.status);
    assert.equal((await h.get(`${LIST}/slow`, token)).statusCode, 404);
  });

  it('malformed HTTP and control characters in the request line: 400 with the error contract', async () => {
    assertRawError(await raw(port, ['GARBAGE\r\n\r\n']), 400, /not valid HTTP/);
    assertRawError(await raw(port, ['GET /healthz\u0000 HTTP/1.1\r\nHost: x\r\n\r\n']), 400, /not valid HTTP/);
    assertRawError(await raw(port, ['GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n']), 400, /not valid HTTP/);
  });

  it('an idle keep-alive connection is closed after AISPM_KEEP_ALIVE_TIMEOUT_MS', async () => {
    const a = await raw(port, ['GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n']);
    assert.equal(a.status, 200);
    assert.equal(a.closed, true);
  });
});

describeEngines('CORS', (h) => {
  it('is off unless origins are configured: no CORS headers, no preflight', async () => {
    if (h().config.corsOrigins) return;
    const res = await h().get('/healthz', undefined, { origin: 'https://app.example' });
    assert.equal(res.headers['access-control-allow-origin'], undefined);
    const pre = await h().request({
      method: 'OPTIONS',
      url: LIST,
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
    });
    assert.ok(pre.statusCode === 404 || pre.statusCode === 405, String(pre.statusCode));
    assert.equal(pre.headers['access-control-allow-origin'], undefined);
  });
});

describeEngines(
  'CORS with configured origins',
  (h) => {
    let token: string;
    before(async () => {
      await h().seed(T, W);
      token = await h().token({ tenant: T, workspaces: [W] });
    });

    it('answers an allowed origin with its CORS headers, errors included', async () => {
      const ok = await h().get(LIST, token, { origin: 'https://app.example' });
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.headers['access-control-allow-origin'], 'https://app.example');
      assert.equal(ok.headers.vary, 'Origin');
      assert.match(String(ok.headers['access-control-expose-headers']), /x-request-id/);
      const denied = await h().get(LIST, undefined, { origin: 'https://app.example' });
      assert.equal(denied.statusCode, 401);
      assert.equal(denied.headers['access-control-allow-origin'], 'https://app.example');
    });

    it('answers a preflight before authentication', async () => {
      const pre = await h().request({
        method: 'OPTIONS',
        url: LIST,
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      assert.equal(pre.statusCode, 204);
      assert.equal(pre.headers['access-control-allow-origin'], 'https://app.example');
      assert.match(String(pre.headers['access-control-allow-headers']), /authorization/);
      assert.match(String(pre.headers['access-control-allow-methods']), /GET/);
    });

    it('gives nothing to other origins', async () => {
      const res = await h().get(LIST, token, { origin: 'https://evil.example' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['access-control-allow-origin'], undefined);
      const pre = await h().request({
        method: 'OPTIONS',
        url: LIST,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      assert.notEqual(pre.statusCode, 204);
      assert.equal(body(pre).code, pre.statusCode);
    });
  },
  { config: { rateLimitMax: 0, corsOrigins: 'https://app.example, https://admin.example' } },
);

describe('requests that arrive while the service shuts down', () => {
  it('are answered 503 with the error contract and Connection: close, after the request in flight is finished', async () => {
    const h = await startHarness('sqlite', { config: { rateLimitMax: 0, ingestMaxBytes: 64 * 1024 * 1024 } });
    try {
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (h.app.server.address() as { port: number }).port;
      const token = await h.token({ tenant: T, workspaces: [W], scopes });
      // A large ingest (it takes a while to apply) with a GET pipelined behind it on the same connection.
      const lines =
        Array.from({ length: 30_000 }, (_, i) =>
          JSON.stringify({ type: 'entity', kind: 'model', id: `drain-${i}`, name: `m${i}`, last_seen: '2026-01-01T00:00:00Z' }),
        ).join('\n') + '\n';
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      let data = '';
      socket.on('data', (d) => {
        data += d.toString('latin1');
      });
      const closed = once(socket, 'close');
      socket.write(
        `POST /api/v1/ingest/tenants/${T}/workspaces/${W} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/x-ndjson\r\nContent-Length: ${Buffer.byteLength(lines)}\r\n\r\n${lines}` +
          `GET ${LIST} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      );
      await new Promise((r) => setTimeout(r, 100));
      const closing = h.app.close();
      await closed;
      await closing;
      const answers = data.split(/(?=HTTP\/1\.1 )/);
      assert.equal(answers.length, 2, data.slice(0, 500));
      assert.match(answers[0]!, /^HTTP\/1\.1 200 /);
      assert.match(answers[0]!, /"accepted":30000/);
      assert.match(answers[1]!, /^HTTP\/1\.1 503 /);
      assert.match(answers[1]!, /\r\nconnection: close\r\n/i);
      assert.match(answers[1]!, /\r\nretry-after: 1\r\n/i);
      assert.match(answers[1]!, /\r\nx-request-id: /i);
      assert.deepEqual(JSON.parse(answers[1]!.slice(answers[1]!.indexOf('\r\n\r\n') + 4)), {
        code: 503,
        message: 'the service is shutting down; retry the request',
      });
    } finally {
      await h.close().catch(() => {});
    }
  });
});
