// The audit rows of client storage, OTLP exports and posture rule settings (issue 38), on SQLite
// and PostgreSQL, through HTTP: a storage write or delete that changes an entry writes one row
// with the entry's names and the value's size, never the value, and a refused one (412, 404)
// none; an OTLP export that writes records one `ingest.batch` row with its counts; rule settings
// ingested a tenant-wide `rule.settings_changed` row naming the rules beside the batch's row.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { body, describeEngines, type Harness, objects } from './helpers/harness.ts';

const NOW = Date.parse('2026-03-01T10:00:00Z');
let clock = NOW;
const at = (s: number) => new Date(NOW + s * 1000).toISOString();
const UA = { 'user-agent': 'audit-changes/1.0' };
const where = { address: '127.0.0.1', user_agent: 'audit-changes/1.0', reason: null, outcome: 'success' };
const STORED = 'stored-value-never-audited';

async function call(h: Harness, second: number, method: string, url: string, token: string, payload?: object | string, headers = {}) {
  clock = NOW + second * 1000;
  return h.request({ method, url, token, payload, headers: { ...UA, ...headers } });
}

const ns = BigInt(NOW) * 1_000_000n;
/** One OTLP/JSON export: a GenAI chat span of a service. */
const otlpExport = {
  resourceSpans: [
    {
      resource: { attributes: [{ key: 'service.name', value: { stringValue: 'support-bot' } }] },
      scopeSpans: [
        {
          scope: { name: 'audit-test' },
          spans: [
            {
              traceId: '0af7651916cd43dd8448eb211c80319c',
              spanId: 'b7ad6b7169203331',
              name: 'chat gpt-4o',
              kind: 3,
              startTimeUnixNano: String(ns),
              endTimeUnixNano: String(ns + 1_500_000_000n),
              attributes: [
                { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } },
                { key: 'gen_ai.provider.name', value: { stringValue: 'openai' } },
                { key: 'gen_ai.request.model', value: { stringValue: 'gpt-4o' } },
                { key: 'gen_ai.usage.input_tokens', value: { intValue: '10' } },
                { key: 'gen_ai.usage.output_tokens', value: { intValue: '2' } },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describeEngines(
  'audit rows of storage, OTLP and rule settings',
  (harness) => {
    it('records each change with its names and counts, in its transaction, and never a stored value', async () => {
      const h = harness();
      const admin = await h.token({ scopes: ['read', 'admin'], user: 'ana' });
      const writer = await h.token({ scopes: ['read', 'ingest', 'storage'], workspaces: ['w1'], user: 'wes' });
      const writerId = body(await h.get('/api/v1/token', writer)).id;

      // Client storage: a workspace's entry written, then refused (If-None-Match), then deleted; a
      // user's entry written; a delete of nothing (404).
      const shared = '/api/v1/client-storage/tenants/t1/workspaces/w1/console/layout/a%2Fb';
      const mine = '/api/v1/client-storage/tenants/t1/users/console/prefs/theme';
      const value = { value: { note: STORED } };
      assert.equal((await call(h, 1, 'PUT', shared, writer, value)).statusCode, 204);
      assert.equal((await call(h, 2, 'PUT', shared, writer, value, { 'if-none-match': '*' })).statusCode, 412);
      assert.equal((await call(h, 3, 'PUT', mine, writer, value)).statusCode, 204);
      assert.equal((await call(h, 4, 'DELETE', shared, writer)).statusCode, 204);
      assert.equal((await call(h, 5, 'DELETE', shared, writer)).statusCode, 404);

      // Rule settings, through ingest: the batch's row and the settings' own.
      const settings = [
        { type: 'rule_setting', rule_id: 'SR-aispm_hardcoded_credentials', enabled: false },
        { type: 'rule_setting', rule_id: 'SR-aispm_missing_output_guardrails', severity: 'low' },
        { type: 'rule_setting', rule_id: 'SR-aispm_hardcoded_credentials', enabled: true, severity: 'high' },
      ];
      const ndjson = `${settings.map((r) => JSON.stringify(r)).join('\n')}\n`;
      const ingested = await call(h, 6, 'POST', '/api/v1/ingest/tenants/t1/workspaces/w1', writer, ndjson, {
        'content-type': 'application/x-ndjson',
      });
      assert.equal(ingested.statusCode, 200, ingested.body);

      // OTLP: one export that writes records.
      const otlp = await call(h, 7, 'POST', '/api/v1/otlp/tenants/t1/workspaces/w1/v1/traces', writer, otlpExport, {
        'content-type': 'application/json',
      });
      assert.equal(otlp.statusCode, 200, otlp.body);
      assert.deepEqual(body(otlp), {});

      const res = await h.get('/api/v1/audit/tenants/t1?sort=time&page_size=100', admin);
      assert.equal(res.statusCode, 200, res.body);
      // Rows of one instant in the order they were written (ids of one millisecond are random after the time).
      const order = ['storage.written', 'storage.deleted', 'ingest.batch', 'rule.settings_changed'];
      const rows = objects(body(res))
        .map(({ id: _id, ...r }) => r)
        .sort((a, b) => a.time.localeCompare(b.time) || order.indexOf(a.action) - order.indexOf(b.action));
      assert.deepEqual(rows, [
        {
          time: at(1),
          workspace_id: 'w1',
          actor: writerId,
          action: 'storage.written',
          target: 'client_storage/tenant_workspace/console/layout/a%2Fb',
          ...where,
          detail: { scope: 'tenant_workspace', bytes: JSON.stringify(value.value).length },
        },
        {
          time: at(3),
          workspace_id: null,
          actor: writerId,
          action: 'storage.written',
          target: 'client_storage/tenant_user/console/prefs/theme',
          ...where,
          detail: { scope: 'tenant_user', bytes: JSON.stringify(value.value).length },
        },
        {
          time: at(4),
          workspace_id: 'w1',
          actor: writerId,
          action: 'storage.deleted',
          target: 'client_storage/tenant_workspace/console/layout/a%2Fb',
          ...where,
          detail: { scope: 'tenant_workspace' },
        },
        {
          time: at(6),
          workspace_id: 'w1',
          actor: writerId,
          action: 'ingest.batch',
          target: 'workspaces/w1',
          ...where,
          detail: { format: 'ndjson', records: 3, types: { rule_setting: 3 } },
        },
        {
          time: at(6),
          workspace_id: null,
          actor: writerId,
          action: 'rule.settings_changed',
          target: 'rules',
          ...where,
          detail: {
            rules: 2,
            settings: [
              { rule_id: 'SR-aispm_missing_output_guardrails', enabled: true, severity: 'low' },
              { rule_id: 'SR-aispm_hardcoded_credentials', enabled: true, severity: 'high' },
            ],
            via: 'workspaces/w1',
          },
        },
        {
          time: at(7),
          workspace_id: 'w1',
          actor: writerId,
          action: 'ingest.batch',
          target: 'workspaces/w1',
          ...where,
          // The span became the service and the model it called, the edge between them and the model call.
          detail: { format: 'otlp', spans: 1, records: 4, types: { entity: 2, relation: 1, interaction: 1 } },
        },
      ]);
      assert.ok(!res.body.includes(STORED), 'no stored value in the trail');
    });
  },
  { now: () => clock, config: { postureRules: false } },
);
