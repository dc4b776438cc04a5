// Webhook deliveries survive the service: `aispm serve` runs as its own process, findings are
// ingested while the receiver is down (every delivery fails and waits for its next attempt), the
// service is killed with SIGKILL, the receiver comes up, the service starts again on the same
// database, and every event arrives: each once at the receiver (verified with the Standard
// Webhooks library), each delivered once in the delivery log. On SQLite and PostgreSQL.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { cli, startService, type Service } from '../scripts/faults/common.ts';
import { createDatabase, engineNames } from './helpers/harness.ts';
import { Receiver, waitFor } from './helpers/webhook-receiver.ts';

const N = 20;
const env = {
  AISPM_WEBHOOK_ALLOW_HTTP: 'true',
  AISPM_WEBHOOK_ALLOW_PRIVATE: 'true',
  AISPM_JOBS_POLL_MS: '100',
  AISPM_JOBS_LEASE_MS: '1500',
  AISPM_WEBHOOK_RETRY_BASE_MS: '200',
  AISPM_WEBHOOK_RETRY_MAX_MS: '400',
  AISPM_POSTURE_RULES: 'false',
};

async function api(s: Service, token: string, method: string, path: string, body?: string, type = 'application/json') {
  const res = await fetch(s.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': type } : {}) },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

for (const engine of engineNames) {
  it(`the service killed (SIGKILL) with deliveries pending: all delivered after the restart, none twice [${engine}]`, async (t) => {
    const database = await createDatabase(engine);
    const receiver = new Receiver();
    let service: Service | undefined;
    try {
      await receiver.start();
      await receiver.stop(); // down, its port known

      const created = await cli([
        '--db',
        database.url,
        'token',
        'create',
        '--tenant',
        't1',
        '--user',
        'ops',
        '--all-workspaces',
        '--scope',
        'read',
        'ingest',
        'webhooks',
        '--json',
      ]);
      assert.equal(created.code, 0, created.stderr);
      const token = (JSON.parse(created.stdout) as { token: string }).token;

      service = await startService(database.url, env);
      const sub = await api(
        service,
        token,
        'POST',
        '/api/v1/webhooks/tenants/t1/workspaces/w1',
        JSON.stringify({ url: receiver.url('/hook'), events: ['finding.created'] }),
      );
      assert.equal(sub.status, 201, JSON.stringify(sub.body));
      receiver.expect('/hook', sub.body.secret);

      const now = new Date().toISOString();
      const records = [
        { type: 'entity', kind: 'agent', id: 'a1', name: 'A', last_seen: now },
        ...Array.from({ length: N }, (_, i) => ({
          type: 'finding',
          id: `k${String(i).padStart(2, '0')}`,
          rule_id: 'SR-aispm_hardcoded_credentials',
          object_kind: 'agent',
          object_id: 'a1',
          detected_at: now,
        })),
      ];
      const ingested = await api(
        service,
        token,
        'POST',
        '/api/v1/ingest/tenants/t1/workspaces/w1',
        records.map((r) => JSON.stringify(r)).join('\n') + '\n',
        'application/x-ndjson',
      );
      assert.equal(ingested.status, 200, JSON.stringify(ingested.body));

      const log = `/api/v1/webhooks/tenants/t1/workspaces/w1/${sub.body.id}/deliveries?page_size=1000`;
      const s1 = service;
      await waitFor('every delivery failed at least once', async () => {
        const rows = (await api(s1, token, 'GET', log)).body.rows as unknown[][];
        return rows.length === N && rows.every((r) => (r[5] as number) >= 1 && r[4] === 'pending');
      });
      service.child.kill('SIGKILL');
      const exit = await service.exited;
      assert.equal(exit.signal, 'SIGKILL');
      service = undefined;

      await receiver.start(receiver.port);
      const restarted = Date.now();
      service = await startService(database.url, env);
      await waitFor(`${N} deliveries after the restart`, () => receiver.on('/hook').length >= N, 30_000);
      const after = Date.now() - restarted;
      const s2 = service;
      const rows = await waitFor('every delivery settled in the log', async () => {
        const r = (await api(s2, token, 'GET', log)).body.rows as unknown[][];
        return r.every((x) => x[4] === 'delivered') ? r : undefined;
      });
      await new Promise((r) => setTimeout(r, 1000));

      const ids = receiver.on('/hook').map((r) => r.event.data.finding.id as string);
      assert.equal(ids.length, N, 'no event arrived twice');
      assert.deepEqual(
        [...new Set(ids)].sort(),
        records
          .slice(1)
          .map((r) => r.id)
          .sort(),
      );
      assert.equal(new Set(receiver.on('/hook').map((r) => r.headers['webhook-id'])).size, N);
      assert.deepEqual(receiver.rejected, []);
      assert.equal(rows.length, N);
      for (const r of rows) {
        const detail: { attempt_log: Array<{ outcome: string }> } = (
          await api(service, token, 'GET', `/api/v1/webhook-deliveries/tenants/t1/workspaces/w1/${r[0]}`)
        ).body;
        const outcomes: string[] = detail.attempt_log.map((a) => a.outcome);
        assert.equal(outcomes.filter((o) => o === 'delivered').length, 1, `${r[0]}: ${outcomes.join(', ')}`);
        assert.equal(outcomes[outcomes.length - 1], 'delivered');
      }
      t.diagnostic(`${N} pending deliveries delivered ${after} ms after the restart began`);
    } finally {
      if (service) {
        service.child.kill('SIGTERM');
        await service.exited;
      }
      await receiver.stop();
      await database.drop();
    }
  });
}
