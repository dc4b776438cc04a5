// Hostile input, property-based (fast-check) over every route of the server's route table: path
// segments with traversal, NUL, broken percent-encodings, odd Unicode and 10 KB ids; query
// parameters of the wrong type, repeated, out of range, huge; bodies malformed, deeply nested,
// huge, of the wrong media type, gzip bombs. The property: never a 5xx, every error keeps the
// {code, message} contract (OTLP/protobuf errors: a google.rpc.Status with the message), every
// answer carries a request id, and the service still answers /healthz afterwards.
//
// AISPM_FUZZ_RUNS sets the requests per engine (default 6,000: 12,000 a run), AISPM_FUZZ_SEED the
// seed (default fixed so runs are repeatable; `random` for a new one, printed on failure).

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { RouteEntry } from '../src/platform/http/route-table.ts';
import { ALL_WORKSPACES, createToken, scopes } from '../src/platform/auth/tokens.ts';
import { describeEngines } from './helpers/harness.ts';
import { type HostileRequest, hostileRequest, makePayloads, type Payloads, type Tokens } from './helpers/hostile.ts';
import { dataset, markedRecords } from './helpers/marked-estate.ts';
import { callableRoutes } from './helpers/route-requests.ts';

const RUNS = Number(process.env.AISPM_FUZZ_RUNS ?? 6000);
const SEED =
  process.env.AISPM_FUZZ_SEED === 'random' ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(process.env.AISPM_FUZZ_SEED ?? 20260815);
const INGEST_MAX = 4 * 1024 * 1024;

/** Reads a google.rpc.Status (code = field 1, message = field 2) from an OTLP protobuf error body. */
function protobufStatus(body: Buffer): { code: number; message: string } | undefined {
  let i = 0;
  let code = 0;
  let message: string | undefined;
  const varint = () => {
    let v = 0;
    for (let shift = 0; i < body.length; shift += 7) {
      const b = body[i++]!;
      v += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return v;
    }
    throw new Error('truncated varint');
  };
  try {
    while (i < body.length) {
      const tag = varint();
      if (tag === 0x08) code = varint();
      else if (tag === 0x12) {
        const n = varint();
        message = body.subarray(i, i + n).toString('utf8');
        i += n;
      } else return undefined;
    }
  } catch {
    return undefined;
  }
  return message === undefined ? undefined : { code, message };
}

/** What is wrong with an answer, or undefined when it keeps the contract. */
export function contractProblem(req: { method: string }, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  if (!res.headers['x-request-id']) return 'no x-request-id';
  if (res.statusCode < 400 || req.method === 'HEAD') return undefined;
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('application/x-protobuf')) {
    const status = protobufStatus(res.rawPayload);
    return status && status.message.length > 0
      ? undefined
      : `protobuf error body is not a google.rpc.Status: ${res.rawPayload.toString('hex').slice(0, 80)}`;
  }
  if (!type.startsWith('application/json')) return `error with content-type ${type}`;
  let b: { code?: unknown; message?: unknown };
  try {
    b = JSON.parse(res.body);
  } catch {
    return `error body is not JSON: ${res.body.slice(0, 100)}`;
  }
  if (b.code !== res.statusCode || typeof b.message !== 'string' || b.message.length === 0)
    return `error body is not {code, message}: ${res.body.slice(0, 200)}`;
  if (/\bat .*\.[jt]s:\d+/.test(res.body) || /\b(select|insert|update)\b.*\bfrom\b/i.test(b.message))
    return `error leaks internals: ${b.message.slice(0, 200)}`;
  return undefined;
}

describeEngines(
  'hostile input',
  (h) => {
    let routes: RouteEntry[];
    let tokens: Tokens;
    let payloads: Payloads;
    const statuses = new Map<number, number>();
    let sent = 0;
    let unsendable = 0;

    before(async () => {
      routes = callableRoutes(h().ctx.routes);
      payloads = makePayloads(INGEST_MAX);
      const d = dataset('F', 'tenant-f', 'ws-f', 'user-f');
      await h().ingest(d.tenant, d.workspace, markedRecords(d));
      const { token } = await createToken(h().db, { tenantId: d.tenant, userId: d.user, workspaces: [ALL_WORKSPACES], scopes });
      tokens = { good: token, tenant: d.tenant, workspace: d.workspace };
    });

    async function send(r: HostileRequest): Promise<LightMyRequestResponse | undefined> {
      try {
        const res = await h().app.inject({ method: r.method as 'GET', url: r.url, headers: r.headers, payload: r.payload });
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        return res;
      } catch (err) {
        // The injector refuses what no HTTP client could send (a NUL in a header value): not a request.
        if (/Invalid character|Invalid value|ERR_INVALID_CHAR|ERR_HTTP_INVALID_HEADER_VALUE/i.test(String((err as Error).message ?? err))) {
          unsendable++;
          return undefined;
        }
        throw err;
      }
    }

    it(`${RUNS} generated requests: never a 5xx, every error {code, message}, every answer with a request id`, async (t) => {
      await fc.assert(
        fc.asyncProperty(hostileRequest(routes, tokens, payloads), async (r) => {
          const res = await send(r);
          if (!res) return;
          const problem = contractProblem(r, res);
          assert.equal(problem, undefined, `${r.method} ${r.url.slice(0, 300)} (${r.note}) answered ${res.statusCode}: ${problem}`);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      const summary = [...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ');
      t.diagnostic(
        `seed ${SEED}: ${sent} requests over ${routes.length} routes and methods (${unsendable} not sendable); statuses ${summary}`,
      );
      assert.ok(sent >= RUNS * 0.95, `only ${sent} of ${RUNS} requests could be sent`);
    });

    it('gzip bombs on every route that reads a compressed body: 413 after the limit, memory bounded', async () => {
      const compressed = routes.filter((r) => r.method === 'POST' && r.access === 'ingest');
      assert.ok(compressed.length >= 2, 'ingest and OTLP are in the route table');
      for (const r of compressed) {
        const type = ((r.schema as { consumes?: string[] }).consumes ?? ['application/json'])[0]!;
        const url = r.url.replace(':tenant_id', tokens.tenant).replace(':workspace_id', tokens.workspace);
        const before = process.memoryUsage().rss;
        const res = await send({
          route: r,
          method: 'POST',
          url,
          note: 'bomb',
          payload: payloads.gzipBombNewlines,
          headers: { authorization: `Bearer ${tokens.good}`, 'content-type': type, 'content-encoding': 'gzip' },
        });
        assert.ok(res);
        assert.equal(res.statusCode, 413, `${url}: ${res.body.slice(0, 200)}`);
        assert.equal(contractProblem({ method: 'POST' }, res), undefined);
        // A 12 MB bomb under a 4 MB limit: decompression stops at the limit instead of inflating it all.
        assert.ok(process.memoryUsage().rss - before < 64 * 1024 * 1024, 'memory stayed bounded');
      }
    });

    it('the service still answers afterwards', async () => {
      const health = await h().app.inject({ method: 'GET', url: '/healthz' });
      assert.equal(health.statusCode, 200);
      const ready = await h().app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 200);
      const list = await h().app.inject({
        method: 'GET',
        url: `/api/v1/aispm-models/tenants/${tokens.tenant}/workspaces/${tokens.workspace}`,
        headers: { authorization: `Bearer ${tokens.good}` },
      });
      assert.equal(list.statusCode, 200);
    });
    // The rate limit is on (its hook runs on every request, as in production) but high enough not to
    // turn the run into 429s; the 429 answer itself is tested in limits.test.ts.
  },
  { config: { rateLimitMax: 1500, rateLimitWindowMs: 1000, ingestMaxBytes: INGEST_MAX, storageMaxEntriesPerUser: 0 } },
);
