// An export survives the service: `aispm serve` runs as its own process, an export of a view of
// 20,000 models starts (read 5 rows a page, so it runs a while), the service is killed with
// SIGKILL while the export is running, and started again on the same database: the export's
// lease lapses, the job is taken up again, and the file it completes holds exactly the view's
// rows as the list reads them page by page, written once (no row twice, none missing). On SQLite
// and PostgreSQL.

import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { cli, startService, type Service } from '../scripts/faults/common.ts';
import { createDatabase, engineNames } from './helpers/harness.ts';
import { models } from './helpers/fixtures.ts';

const N = 6000;

async function api(s: Service, token: string, method: string, path: string, body?: string, type = 'application/json') {
  const res = await fetch(s.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': type } : {}) },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, body: res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : undefined };
}

for (const engine of engineNames) {
  it(`an export killed (SIGKILL) mid-run completes after the restart, its file whole [${engine}]`, async (t) => {
    const database = await createDatabase(engine);
    const dir = mkdtempSync(join(tmpdir(), 'aispm-views-restart-'));
    const env = {
      AISPM_EXPORT_DIR: dir,
      // PostgreSQL answers each page more slowly (a round trip per statement): larger pages keep the test short.
      AISPM_EXPORT_PAGE_ROWS: engine === 'sqlite' ? '5' : '25',
      AISPM_JOBS_POLL_MS: '50',
      AISPM_JOBS_LEASE_MS: '1500',
      AISPM_POSTURE_RULES: 'false',
    };
    let service: Service | undefined;
    try {
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
        'views',
        '--json',
      ]);
      assert.equal(created.code, 0, created.stderr);
      const token = (JSON.parse(created.stdout) as { token: string }).token;

      service = await startService(database.url, env);
      const ndjson =
        models(N)
          .map((m) => JSON.stringify(m))
          .join('\n') + '\n';
      const ingested = await api(service, token, 'POST', '/api/v1/ingest/tenants/t1/workspaces/w1', ndjson, 'application/x-ndjson');
      assert.equal(ingested.status, 200, ingested.text);
      const view = await api(
        service,
        token,
        'POST',
        '/api/v1/views/tenants/t1/workspaces/w1',
        JSON.stringify({ name: 'every model', entity: 'model', sort: 'id:asc', columns: ['id', 'name', 'provider'], format: 'ndjson' }),
      );
      assert.equal(view.status, 201, view.text);
      const exported = await api(service, token, 'POST', `/api/v1/views/${view.body.id}/export`);
      assert.equal(exported.status, 200, exported.text);
      const id = exported.body.export_workflow_id as string;
      const status = async (s: Service) => (await api(s, token, 'GET', `/api/v1/view-exports/${id}`)).body;

      // Running: kill the process without a chance to hand the job back.
      const until = Date.now() + 15_000;
      let running = await status(service);
      while (running.export_status !== 'running') {
        assert.ok(Date.now() < until, 'the export never ran');
        await new Promise((r) => setTimeout(r, 5));
        running = await status(service);
      }
      service.child.kill('SIGKILL');
      await service.exited;
      service = undefined;

      service = await startService(database.url, env);
      const before = await status(service);
      assert.notEqual(before.export_status, 'completed', 'the export finished before the kill: nothing was tested');
      assert.ok(running.rows_written < N);
      let done = before;
      const end = Date.now() + 30_000;
      while (done.export_status !== 'completed' && done.export_status !== 'failed') {
        assert.ok(Date.now() < end, `export still ${done.export_status}`);
        await new Promise((r) => setTimeout(r, 50));
        done = await status(service);
      }
      assert.equal(done.export_status, 'completed', JSON.stringify(done));
      assert.equal(done.attempts, 2);
      assert.equal(done.rows, N);

      // The file equals the list read page by page, and no partial file is left behind.
      const file = await api(service, token, 'GET', `/api/v1/view-exports/${id}/file`);
      const lines = file.text
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l));
      const expected: unknown[] = [];
      let cursor = '';
      do {
        const page = await api(
          service,
          token,
          'GET',
          `/api/v1/aispm-models/tenants/t1/workspaces/w1?sort=id:asc&page_size=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        const at = ['id', 'name', 'provider'].map((c) => page.body.header.indexOf(c));
        expected.push(...page.body.rows.map((r: unknown[]) => ({ id: r[at[0]!], name: r[at[1]!], provider: r[at[2]!] })));
        cursor = page.body.cursor;
      } while (cursor);
      assert.equal(lines.length, N);
      assert.deepEqual(lines, expected);
      assert.deepEqual(readdirSync(dir), [`${id}.ndjson`]);
    } catch (err) {
      if (service) t.diagnostic(service.log.slice(-20).join('\n'));
      throw err;
    } finally {
      if (service) {
        service.child.kill('SIGKILL');
        await service.exited;
      }
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    }
  });
}
