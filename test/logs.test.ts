// Secrets and request ids in the service's own log output (pino, as `aispm serve` writes it,
// captured here): no Authorization header and no token value ever reaches a log line, tokens are
// never echoed in an answer, and every line logged while serving a request carries that request's
// id, which is also the X-Request-Id of its answer (an incoming sane one is kept).

import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/compose.ts';
import { makeLogger } from '../src/server.ts';
import { createToken, newTokenString, revokeKey, scopes } from '../src/platform/auth/tokens.ts';
import { describeEngines } from './helpers/harness.ts';

const T = 'tenant-log';
const W = 'ws-log';

describeEngines(
  'logs: no secrets, a request id on every line',
  (h) => {
    const lines: string[] = [];
    let app: FastifyInstance;
    let good: string;
    let revoked: string;
    const tokens: string[] = [];
    const answers: LightMyRequestResponse[] = [];

    before(async () => {
      const sink = new Writable({
        write(chunk, _enc, done) {
          lines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      });
      // The logger `aispm serve` uses, at its most talkative level, writing into the sink.
      const logger = makeLogger({ logLevel: 'trace' }, sink);
      await h().seed(T, W);
      app = (await buildApp({ db: h().db, config: { ...h().config, rateLimitMax: 3 }, logger })).app;
      good = (await createToken(h().db, { tenantId: T, userId: 'u', workspaces: [W], scopes })).token;
      const r = await createToken(h().db, { tenantId: T, userId: 'u', workspaces: [W], scopes: ['read'] });
      await revokeKey(h().db, r.key.id);
      revoked = r.token;
      tokens.push(good, revoked);
    });
    after(async () => {
      await app?.close();
    });

    async function send(opts: { method?: string; url: string; headers?: Record<string, string>; payload?: string }) {
      const res = await app.inject({
        method: (opts.method ?? 'GET') as 'GET',
        url: opts.url,
        headers: opts.headers,
        payload: opts.payload,
      });
      answers.push(res);
      return res;
    }

    it('serves requests that carry tokens in every place a client may put one', async () => {
      const unknown = newTokenString();
      const wrongSum = good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A');
      tokens.push(unknown, wrongSum);
      const list = `/api/v1/aispm-models/tenants/${T}/workspaces/${W}`;
      const statuses = [
        (await send({ url: list, headers: { authorization: `Bearer ${good}`, 'x-request-id': 'client-chosen-id-1' } })).statusCode,
        (await send({ url: list, headers: { authorization: `Bearer ${revoked}` } })).statusCode,
        (await send({ url: list, headers: { authorization: `Bearer ${unknown}` } })).statusCode,
        (await send({ url: list, headers: { authorization: `Bearer ${wrongSum}` } })).statusCode,
        (await send({ url: list, headers: { authorization: `Basic ${Buffer.from(`u:${good}`).toString('base64')}` } })).statusCode,
        (await send({ url: `${list}?token=${good}&access_token=${good}`, headers: { 'x-api-key': good } })).statusCode,
        // A token in a path segment and in a body, where a confused client might send it.
        (await send({ url: `${list}/${good}`, headers: { authorization: `Bearer ${good}` } })).statusCode,
        (
          await send({
            method: 'POST',
            url: `/api/v1/ingest/tenants/${T}/workspaces/${W}`,
            headers: { authorization: `Bearer ${good}`, 'content-type': 'application/x-ndjson' },
            payload: `{"type":"entity","kind":"model","id":"m","name":"${good}"}\n{"bad":"${good}"}\n`,
          })
        ).statusCode,
        // The rate limit (3 per window for this app) answers the rest with 429.
        (await send({ url: list, headers: { authorization: `Bearer ${good}` } })).statusCode,
        (await send({ url: '/api/v1/nowhere', headers: { authorization: `Bearer ${good}` } })).statusCode,
      ];
      assert.deepEqual(statuses, [200, 401, 401, 401, 401, 401, 404, 400, 429, 404]);
    });

    it('logs an internal error with its request id, and answers without internals', async () => {
      // A route that fails inside: the database is closed under a second app while it serves.
      const { openDb } = await import('../src/platform/db/open.ts');
      const db = openDb(h().config.db, { pgPool: 1 });
      const sink = new Writable({
        write(chunk, _enc, done) {
          lines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      });
      const broken = (await buildApp({ db, config: { ...h().config, rateLimitMax: 0 }, logger: makeLogger({ logLevel: 'trace' }, sink) }))
        .app;
      await db.close();
      const res = await broken.inject({
        method: 'GET',
        url: `/api/v1/aispm-models/tenants/${T}/workspaces/${W}`,
        headers: { authorization: `Bearer ${good}`, 'x-request-id': 'broken-db-1' },
      });
      answers.push(res);
      await broken.close().catch(() => {});
      assert.ok(res.statusCode >= 500, String(res.statusCode));
      assert.equal(JSON.parse(res.body).code, res.statusCode);
      assert.ok(!/\.ts:\d+|select |from "/i.test(res.body), res.body);
      const logged = lines.filter((l) => JSON.parse(l).reqId === 'broken-db-1');
      assert.ok(
        logged.some((l) => JSON.parse(l).level >= 50),
        'the failure is logged at error level with the request id',
      );
    });

    it('no log line and no answer carries a token or an Authorization header', () => {
      assert.ok(lines.length >= answers.length, `${lines.length} lines logged`);
      for (const line of lines) {
        for (const t of tokens) assert.ok(!line.includes(t) && !line.includes(t.slice(6, 30)), `a token in the log: ${line.slice(0, 300)}`);
        assert.ok(!/bearer\s+aispm_|basic\s+[a-z0-9+/=]{8,}/i.test(line), `an Authorization value in the log: ${line.slice(0, 300)}`);
      }
      for (const res of answers) {
        const text = res.body + JSON.stringify(res.headers);
        for (const t of tokens) assert.ok(!text.includes(t), `a token echoed in an answer (${res.statusCode}): ${text.slice(0, 300)}`);
      }
    });

    it("every line logged while serving carries the id of its request, which is the answer's X-Request-Id", () => {
      const ids = new Set(answers.map((r) => String(r.headers['x-request-id'])));
      assert.equal(ids.size, answers.length, 'one id per request');
      assert.ok(ids.has('client-chosen-id-1'), 'a sane incoming id is kept');
      for (const line of lines) {
        const entry = JSON.parse(line) as { reqId?: string; msg?: string };
        assert.ok(entry.reqId && ids.has(entry.reqId), `a line without its request's id: ${line.slice(0, 300)}`);
      }
      for (const id of ids)
        assert.ok(
          lines.some((l) => JSON.parse(l).reqId === id),
          `no log line for request ${id}`,
        );
    });
  },
  { config: { rateLimitMax: 0 } },
);
