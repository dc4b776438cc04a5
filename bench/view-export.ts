// How long the export of a 100,000-row saved view takes: a fresh database (SQLite by default, or
// the PostgreSQL URL given with --pg) gets N models through ingest, a view of every model is
// saved through the API, and its export is timed from `POST /views/{id}/export` to `completed`,
// run by the service's own job runner. Writes one line of figures.
//
//   node bench/view-export.ts [--rows 100000] [--format csv|ndjson] [--sort name:asc] [--pg postgres://…/db]

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp, migrate } from '../src/compose.ts';
import { loadConfig } from '../src/config.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import { openDb } from '../src/platform/db/open.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    format: { type: 'string', default: 'csv' },
    sort: { type: 'string' },
    pg: { type: 'string' },
  },
});
const rows = Number(values.rows);
const dir = mkdtempSync(join(tmpdir(), 'aispm-view-export-'));
const url = values.pg ?? `sqlite:${join(dir, 'bench.db')}`;
const config = { ...loadConfig({}), db: url, exportDir: join(dir, 'exports'), jobsPollMs: 20, postureRules: false };
const db = openDb(url);
try {
  await migrate(db);
  const { app, service, jobs } = await buildApp({ db, config, logger: false });
  const t0 = performance.now();
  async function* records() {
    const at = Date.UTC(2026, 0, 1);
    for (let i = 0; i < rows; i += 1000) {
      let chunk = '';
      for (let k = i; k < Math.min(rows, i + 1000); k++) {
        chunk += `${JSON.stringify({
          type: 'entity',
          kind: 'model',
          id: `model-${String(k).padStart(6, '0')}`,
          name: `Model ${k}`,
          last_seen: new Date(at + k * 1000).toISOString(),
          attributes: { provider: ['openai', 'anthropic', 'google'][k % 3], context_window: 1000 * (k % 7) },
        })}\n`;
      }
      yield Buffer.from(chunk);
    }
  }
  const summary = await service.ingestor.ingest(db, records(), {
    tenant: 't1',
    workspace: 'w1',
    storePrompts: false,
    batchSize: 10_000,
    mode: 'batches',
    evaluateRules: false,
  });
  const ingestS = (performance.now() - t0) / 1000;
  const { token } = await createToken(db, { tenantId: 't1', userId: 'bench', workspaces: ['*'], scopes: ['read', 'views'] });
  const headers = { authorization: `Bearer ${token}` };
  const view = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/views/tenants/t1/workspaces/w1',
      headers,
      payload: { name: 'every model', entity: 'model', format: values.format, sort: values.sort ?? null },
    })
  ).json();
  jobs.start();
  const started = performance.now();
  const exported = (await app.inject({ method: 'POST', url: `/api/v1/views/${view.id}/export`, headers })).json();
  let e: { export_status: string; rows: number; bytes: number };
  do {
    await new Promise((r) => setTimeout(r, 20));
    e = (await app.inject({ method: 'GET', url: `/api/v1/view-exports/${exported.export_workflow_id}`, headers })).json();
  } while (e.export_status !== 'completed' && e.export_status !== 'failed');
  const seconds = (performance.now() - started) / 1000;
  const size = statSync(join(config.exportDir, exported.export_path)).size;
  process.stdout.write(
    `${url.startsWith('sqlite') ? 'sqlite' : 'postgres'} ${values.format}${values.sort ? ` sort=${values.sort}` : ''}: ${summary.accepted} rows ingested in ${ingestS.toFixed(1)} s; ` +
      `export ${e.export_status}: ${e.rows} rows, ${(size / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s ` +
      `(${Math.round(e.rows / seconds)} rows/s, page ${config.exportPageRows} rows)\n`,
  );
  await app.close();
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
