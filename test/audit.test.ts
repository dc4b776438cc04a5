// The audit trail, on SQLite and PostgreSQL, through HTTP: every wired action writes one row with
// who (key id), when, from where, what, the outcome and a detail free of secrets and stored values;
// a refused wider key is recorded as refused; a change rolled back (a bad ingest) writes none; the
// list is an admin-only tabular result with filters, sorts, a cursor and CSV, and one tenant never
// sees another's rows; retention removes rows past their age.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { startAuditRetention } from '../src/platform/audit/audit.ts';
import { entity } from './helpers/fixtures.ts';
import { body, describeEngines, type Harness, objects } from './helpers/harness.ts';

const NOW = Date.parse('2026-03-01T10:00:00Z');
let clock = NOW;
const at = (s: number) => new Date(NOW + s * 1000).toISOString();
const UA = { 'user-agent': 'audit-test/1.0' };
const auditUrl = (t: string) => `/api/v1/audit/tenants/${t}`;

async function call(h: Harness, second: number, method: string, url: string, token: string, payload?: object | string, headers = {}) {
  clock = NOW + second * 1000;
  return h.request({ method, url, token, payload, headers: { ...UA, ...headers } });
}

async function keyId(h: Harness, token: string): Promise<string> {
  return body(await h.get('/api/v1/token', token)).id;
}

/** The whole audit list, first page first, as objects. */
async function auditRows(h: Harness, token: string, query = '', tenant = 't1') {
  const res = await h.get(`${auditUrl(tenant)}${query}`, token);
  assert.equal(res.statusCode, 200, res.body);
  return objects(body(res));
}

describeEngines(
  'audit trail',
  (harness) => {
    let admin: string;
    let writer: string;
    let adminId: string;
    let writerId: string;
    const seen: Record<string, string> = {};

    it('records each wired action with its exact row', async () => {
      const h = harness();
      admin = await h.token({ scopes: ['read', 'admin'], user: 'ana' });
      writer = await h.token({ scopes: ['read', 'ingest', 'webhooks', 'views'], workspaces: ['w1'], user: 'wes' });
      adminId = await keyId(h, admin);
      writerId = await keyId(h, writer);

      // Keys: made, refused for being wider, revoked.
      const made = body(
        await call(h, 1, 'POST', '/api/v1/api-keys/tenants/t1', writer, { name: 'ci', scopes: ['read'], workspaces: ['w1'] }),
      );
      seen.key = made.id;
      const wider = await call(h, 2, 'POST', '/api/v1/api-keys/tenants/t1', writer, {
        name: 'root',
        scopes: ['admin'],
        all_workspaces: true,
      });
      assert.equal(wider.statusCode, 403);
      assert.equal((await call(h, 3, 'DELETE', `/api/v1/api-keys/tenants/t1/${made.id}`, admin)).statusCode, 204);

      // Webhooks: created (its URL's query holds a receiver's token), rotated, enabled, deleted.
      const hooks = '/api/v1/webhooks/tenants/t1/workspaces/w1';
      const hook = body(
        await call(h, 4, 'POST', hooks, writer, {
          url: 'https://hooks.example.com/aispm?token=receiver-secret',
          events: ['finding.created'],
        }),
      );
      seen.hookSecret = hook.secret;
      const rotated = body(await call(h, 5, 'POST', `${hooks}/${hook.id}/rotate-secret`, writer));
      seen.rotatedSecret = rotated.secret;
      assert.equal((await call(h, 6, 'POST', `${hooks}/${hook.id}/enable`, writer)).statusCode, 200);
      assert.equal((await call(h, 7, 'DELETE', `${hooks}/${hook.id}`, writer)).statusCode, 204);

      // Views: created, replaced, deleted.
      const views = '/api/v1/views/tenants/t1/workspaces/w1';
      const viewBody = { name: 'vendor models', entity: 'model', saved_filters: { provider: 'openai' } };
      const view = body(await call(h, 8, 'POST', views, writer, viewBody));
      assert.equal((await call(h, 9, 'PUT', `/api/v1/views/${view.id}`, writer, { ...viewBody, name: 'Vendor models' })).statusCode, 200);
      assert.equal((await call(h, 10, 'DELETE', `/api/v1/views/${view.id}`, writer)).statusCode, 200);

      // Ingest: one batch of three records; a bad request writes nothing and so no row.
      const ndjson = (records: object[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';
      const ingest = '/api/v1/ingest/tenants/t1/workspaces/w1';
      const lines = ndjson([entity('model', 'm1', 'M1', 0), entity('model', 'm2', 'M2', 0), entity('agent', 'a1', 'A1', 0)]);
      const ok = await call(h, 11, 'POST', ingest, writer, lines, { 'content-type': 'application/x-ndjson' });
      assert.equal(ok.statusCode, 200, ok.body);
      const bad = await call(h, 12, 'POST', ingest, writer, lines + '{"type":"model"}\n', { 'content-type': 'application/x-ndjson' });
      assert.equal(bad.statusCode, 400, bad.body);

      const where = { address: '127.0.0.1', user_agent: 'audit-test/1.0', reason: null };
      const rows = await auditRows(h, admin);
      assert.deepEqual(rows[0] && Object.keys(rows[0]), [
        'time',
        'workspace_id',
        'actor',
        'action',
        'target',
        'outcome',
        'reason',
        'address',
        'user_agent',
        'id',
        'detail',
      ]);
      for (const r of rows) assert.match(r.id, /^aud_[0-9a-z]{9}[0-9a-f]{12}$/);
      assert.deepEqual(
        rows.map(({ id: _id, ...r }) => r),
        [
          {
            time: at(11),
            actor: writerId,
            workspace_id: 'w1',
            action: 'ingest.batch',
            target: 'workspaces/w1',
            outcome: 'success',
            ...where,
            detail: { format: 'ndjson', records: 3, types: { entity: 3 } },
          },
          {
            time: at(10),
            actor: writerId,
            workspace_id: 'w1',
            action: 'view.deleted',
            target: `views/${view.id}`,
            outcome: 'success',
            ...where,
            detail: { workspace: 'w1', name: 'Vendor models', entity: 'model', format: 'csv', interval_seconds: null },
          },
          {
            time: at(9),
            actor: writerId,
            workspace_id: 'w1',
            action: 'view.updated',
            target: `views/${view.id}`,
            outcome: 'success',
            ...where,
            detail: { workspace: 'w1', name: 'Vendor models', entity: 'model', format: 'csv', interval_seconds: null },
          },
          {
            time: at(8),
            actor: writerId,
            workspace_id: 'w1',
            action: 'view.created',
            target: `views/${view.id}`,
            outcome: 'success',
            ...where,
            detail: { workspace: 'w1', name: 'vendor models', entity: 'model', format: 'csv', interval_seconds: null },
          },
          {
            time: at(7),
            actor: writerId,
            workspace_id: 'w1',
            action: 'webhook.deleted',
            target: `webhooks/w1/${hook.id}`,
            outcome: 'success',
            ...where,
            detail: null,
          },
          {
            time: at(6),
            actor: writerId,
            workspace_id: 'w1',
            action: 'webhook.enabled',
            target: `webhooks/w1/${hook.id}`,
            outcome: 'success',
            ...where,
            detail: null,
          },
          {
            time: at(5),
            actor: writerId,
            workspace_id: 'w1',
            action: 'webhook.secret_rotated',
            target: `webhooks/w1/${hook.id}`,
            outcome: 'success',
            ...where,
            detail: null,
          },
          {
            time: at(4),
            actor: writerId,
            workspace_id: 'w1',
            action: 'webhook.created',
            target: `webhooks/w1/${hook.id}`,
            outcome: 'success',
            ...where,
            detail: { host: 'hooks.example.com', events: ['finding.created'], min_severity: 'low' },
          },
          {
            time: at(3),
            actor: adminId,
            workspace_id: null,
            action: 'api_key.revoked',
            target: `api_keys/${made.id}`,
            outcome: 'success',
            ...where,
            detail: { name: 'ci' },
          },
          {
            time: at(2),
            actor: writerId,
            workspace_id: null,
            action: 'api_key.created',
            target: 'api_keys',
            outcome: 'refused',
            ...where,
            reason: 'the key asked for is wider than this token: scopes admin; all_workspaces',
            detail: { name: 'root', scopes: ['admin'], workspaces: ['*'], expires_in: null },
          },
          {
            time: at(1),
            actor: writerId,
            workspace_id: null,
            action: 'api_key.created',
            target: `api_keys/${made.id}`,
            outcome: 'success',
            ...where,
            detail: { name: 'ci', scopes: ['read'], workspaces: ['w1'], expires_in: null },
          },
        ],
      );
      seen.token = made.token;
    });

    it('never holds a secret, a token or a stored value', async () => {
      const h = harness();
      const text = (await h.get(auditUrl('t1'), admin)).body;
      for (const secret of [seen.token!, seen.hookSecret!, seen.rotatedSecret!, 'receiver-secret', 'openai', admin, writer]) {
        assert.ok(!text.includes(secret), `the audit list holds ${secret.slice(0, 12)}…`);
      }
    });

    it('filters, sorts, pages with a cursor and answers CSV', async () => {
      const h = harness();
      const created = await auditRows(h, admin, '?action=api_key.created&sort=time&sort_dir=asc');
      assert.deepEqual(
        created.map((r) => [r.time, r.outcome]),
        [
          [at(1), 'success'],
          [at(2), 'refused'],
        ],
      );
      assert.deepEqual(
        (await auditRows(h, admin, `?actor=${adminId}`)).map((r) => r.action),
        ['api_key.revoked'],
      );
      assert.deepEqual(
        (await auditRows(h, admin, `?time__gte=${encodeURIComponent(at(10))}`)).map((r) => r.action),
        ['ingest.batch', 'view.deleted'],
      );
      // Page by page, the cursor walks the whole list once.
      const all = (await auditRows(h, admin)).map((r) => r.id);
      const paged: string[] = [];
      let cursor = '';
      for (let i = 0; i < 10; i++) {
        const res = body(await h.get(`${auditUrl('t1')}?page_size=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, admin));
        paged.push(...objects(res).map((r) => r.id));
        cursor = res.cursor;
        if (!cursor) break;
      }
      assert.deepEqual(paged, all);

      const csv = await h.get(`${auditUrl('t1')}?action=api_key.revoked`, admin, { accept: 'text/csv' });
      assert.equal(csv.statusCode, 200, csv.body);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      const revokedId = (await auditRows(h, admin, '?action=api_key.revoked'))[0]!.id;
      assert.equal(
        csv.body.replace(/\r\n/g, '\n'),
        'time,workspace_id,actor,action,target,outcome,reason,address,user_agent,id,detail\n' +
          `${at(3)},,${adminId},api_key.revoked,api_keys/${seen.key},success,,127.0.0.1,audit-test/1.0,${revokedId},"{""name"":""ci""}"\n`,
      );
      const unknown = await h.get(`${auditUrl('t1')}?secret=1`, admin);
      assert.equal(unknown.statusCode, 400);
    });

    it('needs the admin scope, and one tenant never sees another tenant’s rows', async () => {
      const h = harness();
      for (const token of [writer, await h.token({ scopes: ['read', 'ingest', 'storage', 'metrics', 'webhooks', 'views'] })]) {
        const res = await h.get(auditUrl('t1'), token);
        assert.equal(res.statusCode, 403);
        assert.deepEqual(body(res), { code: 403, message: 'token lacks the "admin" scope this operation needs' });
      }
      const admin2 = await h.token({ tenant: 't2', scopes: ['read', 'admin'] });
      await call(h, 20, 'POST', '/api/v1/api-keys/tenants/t2', admin2, { name: 'theirs', scopes: ['read'], all_workspaces: true });
      const res = await h.get(auditUrl('t1'), admin2);
      assert.equal(res.statusCode, 403);
      assert.deepEqual(body(res), { code: 403, message: 'token has no access to this tenant' });
      const theirs = await auditRows(h, admin2, '', 't2');
      assert.deepEqual(
        theirs.map((r) => [r.action, r.time]),
        [['api_key.created', at(20)]],
      );
      assert.ok(!(await auditRows(h, admin)).some((r) => r.time === at(20)));
    });

    it('an admin key of some workspaces reads the rows of those only, and manages only the keys it made', async () => {
      const h = harness();
      const w1Admin = await h.token({ scopes: ['read', 'admin'], workspaces: ['w1'] });
      const w2Admin = await h.token({ scopes: ['read', 'admin'], workspaces: ['w2'] });
      const all = await auditRows(h, admin, '?page_size=1000');
      assert.deepEqual(
        (await auditRows(h, w1Admin, '?page_size=1000')).map((r) => r.id),
        all.filter((r) => r.workspace_id === 'w1').map((r) => r.id),
      );
      assert.deepEqual(await auditRows(h, w2Admin), []);
      const keys = objects(body(await h.get('/api/v1/api-keys/tenants/t1', w1Admin)));
      assert.deepEqual(keys, []);
      const res = await call(h, 13, 'DELETE', `/api/v1/api-keys/tenants/t1/${writerId}`, w1Admin);
      assert.equal(res.statusCode, 404);
    });

    it('retention removes rows older than its age, and only those', async () => {
      const h = harness();
      const before = await auditRows(h, admin, '?page_size=1000');
      // A day after the ingest (second 11), with one day of retention: rows up to second 10 go.
      const errors: unknown[] = [];
      // No onResult: the purge must run without one (as a first version of it did not).
      const retention = startAuditRetention(h.db, { days: 1, now: () => NOW + 86_400_000 + 10_500, onError: (e) => errors.push(e) });
      await retention.done;
      retention.stop();
      assert.deepEqual(errors, []);
      const after = await auditRows(h, admin, '?page_size=1000');
      assert.deepEqual(
        after.map((r) => r.id),
        before.filter((r) => Date.parse(r.time) >= NOW + 10_500).map((r) => r.id),
      );
      // The refused revoke of the test before (second 13), then the ingest (second 11).
      assert.deepEqual(
        after.map((r) => [r.action, r.outcome]),
        [
          ['api_key.revoked', 'refused'],
          ['ingest.batch', 'success'],
        ],
      );
    });
  },
  { now: () => clock },
);
