// Audit records forwarded to a SIEM (issue 38, docs/IDENTITY.md), on both engines, through HTTP
// with the real loopback receiver (every delivery verified with the Standard Webhooks reference
// library): only a key with the `admin` scope may subscribe to `audit.recorded` (403 otherwise,
// and the refusal is itself recorded); an admin of every workspace receives every row of the
// tenant, tenant-wide ones included, an admin of one workspace the rows of that workspace only,
// another tenant none; each delivery carries exactly the audit row the list answers, and never
// the token of the key it records. The job runner polls once a minute here: the deliveries
// arrive because the request that queued them wakes it.

import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { entity } from './helpers/fixtures.ts';
import { body, describeEngines, type Harness, objects } from './helpers/harness.ts';
import { Receiver, type Received, waitFor } from './helpers/webhook-receiver.ts';

const hooks = (t: string, w: string) => `/api/v1/webhooks/tenants/${t}/workspaces/${w}`;
const UA = { 'user-agent': 'siem-test/1.0' };
const where = { address: '127.0.0.1', user_agent: 'siem-test/1.0' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEngines(
  'audit records forwarded by webhook',
  (harness: () => Harness) => {
    const receiver = new Receiver();
    let h: Harness;
    const tokens: Record<string, string> = {};
    const ids: Record<string, string> = {};

    const call = (method: string, url: string, token: string, payload?: object | string, headers: Record<string, string> = {}) =>
      h.request({ method, url, token, payload, headers: { ...UA, ...headers } });

    async function subscribe(token: string, tenant: string, workspace: string, path: string) {
      const res = await call('POST', hooks(tenant, workspace), token, { url: receiver.url(path), events: ['audit.recorded'] });
      assert.equal(res.statusCode, 201, res.body);
      const sub = body(res);
      assert.deepEqual(sub.events, ['audit.recorded']);
      receiver.expect(path, sub.secret);
      return sub as { id: string; secret: string };
    }

    before(async () => {
      h = harness();
      await receiver.start();
      const make = async (name: string, spec: Parameters<Harness['token']>[0]) => {
        tokens[name] = await h.token(spec);
        ids[name] = body(await h.get('/api/v1/token', tokens[name])).id;
      };
      await make('admin', { scopes: ['read', 'webhooks', 'admin', 'ingest'], user: 'ana' });
      await make('w2admin', { scopes: ['read', 'webhooks', 'admin'], workspaces: ['w2'], user: 'wil' });
      await make('manager', { scopes: ['read', 'webhooks', 'ingest'], user: 'max' });
      await make('other', { tenant: 't2', scopes: ['read', 'webhooks', 'admin'], user: 'oli' });
      h.jobs.start();
    });

    after(async () => {
      await receiver.stop();
    });

    it('only an admin subscribes; each delivery is the audit row, signed, without the token it records', async () => {
      // Not an admin: refused with the usual error body, alone or beside events it may have.
      for (const events of [['audit.recorded'], ['finding.created', 'audit.recorded']]) {
        const res = await call('POST', hooks('t1', 'w1'), tokens.manager, { url: receiver.url('/nope'), events });
        assert.equal(res.statusCode, 403, res.body);
        assert.deepEqual(body(res), { code: 403, message: 'only a token with the "admin" scope may subscribe to audit.recorded' });
      }
      assert.equal(objects(body(await h.get(hooks('t1', 'w1'), tokens.manager))).length, 0, 'nothing was made');

      const siem = await subscribe(tokens.admin, 't1', 'w1', '/siem');
      const w2 = await subscribe(tokens.w2admin, 't1', 'w2', '/w2');
      const t2 = await subscribe(tokens.other, 't2', 'w1', '/t2');

      // A key made and revoked (tenant-wide rows), a refusal, an ingest in each workspace.
      const made = await call('POST', '/api/v1/api-keys/tenants/t1', tokens.admin, { name: 'ci', scopes: ['read'], workspaces: ['w1'] });
      assert.equal(made.statusCode, 201, made.body);
      const key = body(made);
      assert.match(key.token, /^aispm_/);
      assert.equal((await call('DELETE', `/api/v1/api-keys/tenants/t1/${key.id}`, tokens.admin)).statusCode, 204);
      const refused = await call('POST', hooks('t1', 'w1'), tokens.manager, { url: receiver.url('/nope'), events: ['audit.recorded'] });
      assert.equal(refused.statusCode, 403);
      const ndjson = (records: object[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
      const ingest = (w: string, token: string, records: object[]) =>
        call('POST', `/api/v1/ingest/tenants/t1/workspaces/${w}`, token, ndjson(records), { 'content-type': 'application/x-ndjson' });
      assert.equal((await ingest('w1', tokens.admin, [entity('model', 'm1', 'M1', 0), entity('agent', 'a1', 'A1', 0)])).statusCode, 200);
      assert.equal((await ingest('w2', tokens.manager, [entity('model', 'm2', 'M2', 0)])).statusCode, 200);

      const audit = objects(body(await h.get('/api/v1/audit/tenants/t1?page_size=1000', tokens.admin))).reverse();
      const forwarded = audit.filter((r) => r.time >= audit.find((a) => a.target === `webhooks/w1/${siem.id}`)!.time);
      // What the trail holds since the admin subscribed, oldest first: exactly these.
      const expected = [
        {
          workspace_id: 'w1',
          actor: ids.admin,
          action: 'webhook.created',
          target: `webhooks/w1/${siem.id}`,
          outcome: 'success',
          reason: null,
          detail: { host: `127.0.0.1:${receiver.port}`, events: ['audit.recorded'], min_severity: 'low' },
        },
        {
          workspace_id: 'w2',
          actor: ids.w2admin,
          action: 'webhook.created',
          target: `webhooks/w2/${w2.id}`,
          outcome: 'success',
          reason: null,
          detail: { host: `127.0.0.1:${receiver.port}`, events: ['audit.recorded'], min_severity: 'low' },
        },
        {
          workspace_id: null,
          actor: ids.admin,
          action: 'api_key.created',
          target: `api_keys/${key.id}`,
          outcome: 'success',
          reason: null,
          detail: { name: 'ci', scopes: ['read'], workspaces: ['w1'], expires_in: null },
        },
        {
          workspace_id: null,
          actor: ids.admin,
          action: 'api_key.revoked',
          target: `api_keys/${key.id}`,
          outcome: 'success',
          reason: null,
          detail: { name: 'ci' },
        },
        {
          workspace_id: 'w1',
          actor: ids.manager,
          action: 'webhook.created',
          target: 'webhooks/w1',
          outcome: 'refused',
          reason: 'only a token with the "admin" scope may subscribe to audit.recorded',
          detail: { host: `127.0.0.1:${receiver.port}`, events: ['audit.recorded'] },
        },
        {
          workspace_id: 'w1',
          actor: ids.admin,
          action: 'ingest.batch',
          target: 'workspaces/w1',
          outcome: 'success',
          reason: null,
          detail: { format: 'ndjson', records: 2, types: { entity: 2 } },
        },
        {
          workspace_id: 'w2',
          actor: ids.manager,
          action: 'ingest.batch',
          target: 'workspaces/w2',
          outcome: 'success',
          reason: null,
          detail: { format: 'ndjson', records: 1, types: { entity: 1 } },
        },
      ];
      assert.deepEqual(
        forwarded.map(({ time: _t, id: _i, address: _a, user_agent: _u, ...r }) => r),
        expected,
      );

      // Each subscription gets the rows it may see, once each, as the list answers them.
      const byTime = (rs: Received[]) => rs.map((r) => r.event).sort((a, b) => a.data.audit.id.localeCompare(b.data.audit.id));
      const check = async (path: string, want: typeof forwarded) => {
        await waitFor(`${want.length} deliveries on ${path}`, () => receiver.on(path).length >= want.length);
        const got = byTime(receiver.on(path));
        assert.deepEqual(
          got.map((e) => e.data.audit),
          want.map(({ workspace_id: _w, ...r }) => ({ ...r, ...where })),
          path,
        );
        for (const [i, e] of got.entries()) {
          const { workspace_id: workspace, ...row } = want[i]!;
          const source = workspace === null ? '/tenants/t1' : `/tenants/t1/workspaces/${workspace}`;
          assert.deepEqual(e, {
            specversion: '1.0',
            id: e.id,
            source,
            type: 'aispm.audit.recorded',
            subject: `audit/${row.id}`,
            time: row.time,
            datacontenttype: 'application/json',
            tenantid: 't1',
            ...(workspace === null ? {} : { workspaceid: workspace }),
            data: {
              tenant_id: 't1',
              workspace_id: workspace,
              audit: { ...row, ...where },
              links: { audit: '/api/v1/audit/tenants/t1' },
            },
          });
        }
        for (const r of receiver.on(path)) {
          assert.match(r.event.id, /^evt_/);
          assert.equal(r.headers['webhook-id'], r.event.id);
          assert.equal(r.headers['content-type'], 'application/cloudevents+json; charset=utf-8');
        }
      };
      await check('/siem', forwarded);
      await check(
        '/w2',
        forwarded.filter((r) => r.workspace_id === 'w2'),
      );
      await waitFor('the other tenant', () => receiver.on('/t2').length >= 1);
      assert.deepEqual(
        receiver.on('/t2').map((r) => [r.event.data.audit.action, r.event.data.audit.target]),
        [['webhook.created', `webhooks/w1/${t2.id}`]],
      );

      // Nothing more arrives, nothing failed verification, and no secret is in any body.
      await sleep(300);
      assert.equal(receiver.on('/siem').length, forwarded.length);
      assert.equal(receiver.on('/w2').length, 2);
      assert.equal(receiver.on('/t2').length, 1);
      assert.equal(receiver.on('/nope').length, 0);
      assert.deepEqual(receiver.rejected, []);
      for (const r of receiver.received) {
        assert.ok(!r.body.includes(key.token), 'the created token is not in a delivery');
        for (const s of [siem.secret, w2.secret, t2.secret, ...Object.values(tokens)]) assert.ok(!r.body.includes(s));
      }

      // The deliveries are in the subscription's log like any other event's.
      const log = objects(body(await h.get(`${hooks('t1', 'w1')}/${siem.id}/deliveries?page_size=100`, tokens.admin)));
      assert.equal(log.length, forwarded.length);
      assert.deepEqual(new Set(log.map((d) => `${d.event_type} ${d.status}`)), new Set(['audit.recorded delivered']));
    });
  },
  { config: { webhookAllowHttp: true, webhookAllowPrivate: true, jobsPollMs: 60_000, postureRules: false } },
);
