// GET /metrics: who may scrape it, and what it counts after a known series of requests and
// ingests: requests by route pattern and status (never a raw URL or an id), ingested records by
// type and outcome, the database pool, and the process's event-loop lag.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { IngestCounts } from '../src/ingest/pipeline.ts';
import { body, describeEngines } from './helpers/harness.ts';
import { entity, relation } from './helpers/fixtures.ts';

const LIST = '/api/v1/aispm-models/tenants/:tenant_id/workspaces/:workspace_id';
const DETAIL = `${LIST}/:id`;
const INGEST = '/api/v1/ingest/tenants/:tenant_id/workspaces/:workspace_id';

/** Samples of a Prometheus text exposition, keyed `name{a="x",b="y"}` with labels sorted by name. */
function parse(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    assert.ok(m, `not a sample line: ${line}`);
    const labels = m[2]
      ? [...m[2].matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)]
          .map((l) => `${l[1]}="${l[2]}"`)
          .sort()
          .join(',')
      : '';
    out.set(labels ? `${m[1]}{${labels}}` : m[1]!, Number(m[3]));
  }
  return out;
}

function key(name: string, labels: Record<string, string> = {}): string {
  const parts = Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}="${v}"`);
  return parts.length ? `${name}{${parts.join(',')}}` : name;
}

describeEngines('metrics', (h, engine) => {
  let reader: string;
  let scraper: string;
  let ingester: string;
  before(async () => {
    await h().seed('acme', 'prod');
    reader = await h().token({ tenant: 'acme' });
    scraper = await h().token({ tenant: 'ops', user: 'prometheus', scopes: ['metrics'] });
    ingester = await h().token({ tenant: 'acme', scopes: ['ingest'] });
  });

  const scrape = async () => {
    const res = await h().get('/metrics', scraper);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
    return { text: res.body, samples: parse(res.body) };
  };
  const ndjson = (lines: string[]) => ({ 'content-type': 'application/x-ndjson', payload: lines.join('\n') + '\n' });

  it('needs a token with the metrics scope', async () => {
    const none = await h().get('/metrics');
    assert.equal(none.statusCode, 401);
    const read = await h().get('/metrics', reader);
    assert.deepEqual([read.statusCode, body(read)], [403, { code: 403, message: 'token lacks the "metrics" scope this operation needs' }]);
    // The scope reaches nothing else.
    const data = await h().get('/api/v1/aispm-models/tenants/ops/workspaces/w', scraper);
    assert.deepEqual([data.statusCode, body(data).message], [403, 'token lacks the "read" scope this operation needs']);
  });

  it('counts requests by route pattern and status, never by URL', async () => {
    for (let i = 0; i < 2; i++)
      assert.equal((await h().get('/api/v1/aispm-models/tenants/acme/workspaces/prod?page_size=5', reader)).statusCode, 200);
    assert.equal((await h().get('/api/v1/aispm-models/tenants/acme/workspaces/prod/secret-model-id', reader)).statusCode, 404);
    assert.equal((await h().get('/api/v1/no-such-area/tenants/acme/hidden-path-42')).statusCode, 404);
    assert.equal((await h().get('/api/v1/aispm-models/tenants/other-tenant/workspaces/prod', reader)).statusCode, 403);

    const { text, samples } = await scrape();
    const count = (route: string, status: string) => samples.get(key('aispm_http_requests_total', { method: 'GET', route, status }));
    assert.equal(count(LIST, '200'), 2);
    // This one and the metrics-only token's attempt in the first test.
    assert.equal(count(LIST, '403'), 2);
    assert.equal(count(DETAIL, '404'), 1);
    assert.equal(count('(unmatched)', '404'), 1);
    assert.equal(samples.get(key('aispm_http_request_duration_seconds_count', { method: 'GET', route: LIST, status: '200' })), 2);
    assert.equal(
      samples.get(key('aispm_http_request_duration_seconds_bucket', { method: 'GET', route: LIST, status: '200', le: '+Inf' })),
      2,
    );
    assert.ok(samples.get(key('aispm_http_request_duration_seconds_sum', { method: 'GET', route: LIST, status: '200' }))! > 0);
    // The earlier test's refusals of /metrics itself are there too.
    assert.equal(count('/metrics', '401'), 1);
    assert.equal(count('/metrics', '403'), 1);
    // No id, tenant or raw path in any label.
    for (const secret of ['secret-model-id', 'hidden-path-42', 'acme', 'other-tenant', 'prod']) assert.ok(!text.includes(secret), secret);
  });

  it('counts ingested records by type, accepted and rejected', async () => {
    const ok = await h().request({
      method: 'POST',
      url: '/api/v1/ingest/tenants/acme/workspaces/prod',
      token: ingester,
      headers: { 'content-type': 'application/x-ndjson' },
      payload: ndjson([
        JSON.stringify(entity('agent', 'a1', 'A1', 1)),
        JSON.stringify(entity('model', 'm1', 'M1', 1)),
        JSON.stringify(relation('agent', 'a1', 'uses_model', 'model', 'm1')),
      ]).payload,
    });
    assert.deepEqual(body(ok), { accepted: 3, rejected: 0, errors: [] });
    // One good line, one that claims to be an entity but has no id, one that is not JSON: nothing is written.
    const bad = await h().request({
      method: 'POST',
      url: '/api/v1/ingest/tenants/acme/workspaces/prod',
      token: ingester,
      headers: { 'content-type': 'application/x-ndjson' },
      payload: ndjson([JSON.stringify(entity('tool', 't1', 'T1', 1)), '{"type":"entity","kind":"tool","name":"no id"}', 'not json'])
        .payload,
    });
    assert.equal(bad.statusCode, 400);

    const { samples } = await scrape();
    const records = (type: string, outcome: string) => samples.get(key('aispm_ingest_records_total', { type, outcome }));
    // Two here, one the suite seeded its workspace with.
    assert.equal(records('entity', 'accepted'), 3);
    assert.equal(records('relation', 'accepted'), 1);
    assert.equal(records('entity', 'rejected'), 2);
    assert.equal(records('invalid', 'rejected'), 1);
    assert.equal(records('relation', 'rejected'), undefined);
    assert.equal(samples.get(key('aispm_http_requests_total', { method: 'POST', route: INGEST, status: '200' })), 1);
    assert.equal(samples.get(key('aispm_http_requests_total', { method: 'POST', route: INGEST, status: '400' })), 1);
  });

  it('hears every ingest path: an import in batches counts each batch as it went', async () => {
    const heard: IngestCounts[] = [];
    const stop = h().service.ingestor.observe((c) => heard.push(c));
    try {
      const lines = [entity('agent', 'i1', 'I1', 1), entity('agent', 'i2', 'I2', 1), { type: 'nope' }, entity('agent', 'i3', 'I3', 1)];
      const summary = await h().service.ingestor.ingest(h().db, [Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n') + '\n')], {
        tenant: 'acme',
        workspace: 'import',
        storePrompts: true,
        batchSize: 2,
        mode: 'batches',
      });
      assert.deepEqual([summary.accepted, summary.rejected], [2, 2]);
    } finally {
      stop();
    }
    // Batch one written; batch two sunk by its bad line, its good line with it.
    assert.deepEqual(heard, [{ tenant: 'acme', workspace: 'import', accepted: { entity: 2 }, rejected: { invalid: 1, entity: 1 } }]);
    const { samples } = await scrape();
    assert.equal(samples.get(key('aispm_ingest_records_total', { type: 'entity', outcome: 'accepted' })), 5);
    assert.equal(samples.get(key('aispm_ingest_records_total', { type: 'entity', outcome: 'rejected' })), 3);
    assert.equal(samples.get(key('aispm_ingest_records_total', { type: 'invalid', outcome: 'rejected' })), 2);
  });

  it('shows the database pool and the event-loop lag', async () => {
    const { samples } = await scrape();
    const pool = (state: string) => samples.get(key('aispm_db_pool_connections', { state }));
    assert.equal(samples.get(key('aispm_build_info', { version: '1.0.0', engine, node: process.version })), 1);
    assert.equal(samples.get('aispm_db_pool_waiting'), 0);
    if (engine === 'sqlite') {
      assert.deepEqual([pool('max'), pool('open'), pool('idle'), pool('in_use')], [2, 2, 2, 0]);
      // Token creation and the two ingests took the write lock; nobody waited long on an idle service.
      assert.ok(samples.get('aispm_db_write_lock_acquired_total')! >= 5);
      assert.ok(samples.get('aispm_db_write_lock_wait_seconds_total')! < 5);
    } else {
      assert.equal(pool('max'), 4);
      assert.ok(pool('open')! >= 1 && pool('open')! <= 4);
      assert.equal(pool('in_use'), pool('open')! - pool('idle')!);
      assert.equal(samples.get('aispm_db_write_lock_acquired_total'), undefined);
    }
    assert.ok(samples.get('nodejs_eventloop_lag_seconds')! >= 0);
    assert.ok(samples.has('nodejs_eventloop_lag_p99_seconds'));
    assert.ok(samples.get('process_resident_memory_bytes')! > 0);
  });
});
