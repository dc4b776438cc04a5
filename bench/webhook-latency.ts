// node bench/webhook-latency.ts [--engine sqlite|postgres] [--events 50]
//
// The delivery latency of a webhook from ingest to receipt: `aispm serve` runs as its own process
// (default job settings), a receiver on loopback verifies each delivery with the Standard
// Webhooks library, and each of `--events` HTTP ingests of one critical finding is timed from the
// moment the request is sent to the moment the receiver has the verified event. One at a time, so
// each measures the whole path: the ingest's transaction with the outbox, the runner woken after
// it, the claim, the signed POST.

import { parseArgs } from 'node:util';
import { cli, startService } from '../scripts/faults/common.ts';
import { createDatabase } from '../test/helpers/harness.ts';
import { Receiver } from '../test/helpers/webhook-receiver.ts';

const { values } = parseArgs({
  options: { engine: { type: 'string', default: 'sqlite' }, events: { type: 'string', default: '50' } },
  strict: true,
});
const engine = values.engine as 'sqlite' | 'postgres';
const events = Number(values.events);

const database = await createDatabase(engine);
const receiver = new Receiver();
await receiver.start();
const created = await cli([
  '--db',
  database.url,
  'token',
  'create',
  '--tenant',
  'bench',
  '--user',
  'bench',
  '--all-workspaces',
  '--scope',
  'read',
  'ingest',
  'webhooks',
  '--json',
]);
if (created.code !== 0) throw new Error(created.stderr);
const token = (JSON.parse(created.stdout) as { token: string }).token;
const service = await startService(database.url, { AISPM_WEBHOOK_ALLOW_HTTP: 'true', AISPM_WEBHOOK_ALLOW_PRIVATE: 'true' });
const headers = { authorization: `Bearer ${token}` };
try {
  const res = await fetch(`${service.url}/api/v1/webhooks/tenants/bench/workspaces/w1`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url('/bench'), events: ['finding.created'] }),
  });
  const sub = (await res.json()) as { secret: string };
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${JSON.stringify(sub)}`);
  receiver.expect('/bench', sub.secret);
  const ndjson = (records: object[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const ingest = (records: object[]) =>
    fetch(`${service.url}/api/v1/ingest/tenants/bench/workspaces/w1`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-ndjson' },
      body: ndjson(records),
    }).then(async (r) => {
      if (r.status !== 200) throw new Error(`ingest: ${r.status} ${await r.text()}`);
    });
  await ingest([{ type: 'entity', kind: 'agent', id: 'a1', name: 'A', last_seen: new Date().toISOString() }]);

  const latencies: number[] = [];
  for (let i = 0; i < events + 5; i++) {
    const before = receiver.on('/bench').length;
    const t0 = Date.now();
    await ingest([
      {
        type: 'finding',
        id: `b${i}`,
        rule_id: 'SR-aispm_hardcoded_credentials',
        object_kind: 'agent',
        object_id: 'a1',
        detected_at: new Date().toISOString(),
      },
    ]);
    while (receiver.on('/bench').length === before) await new Promise((r) => setImmediate(r));
    // The first five warm the statements up.
    if (i >= 5) latencies.push(receiver.on('/bench')[before]!.at - t0);
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  console.log(
    JSON.stringify({
      engine,
      events,
      p50_ms: at(0.5),
      p90_ms: at(0.9),
      max_ms: latencies[latencies.length - 1],
      rejected: receiver.rejected.length,
    }),
  );
} finally {
  service.child.kill('SIGTERM');
  await service.exited;
  await receiver.stop();
  await database.drop();
}
