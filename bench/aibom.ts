// How long the AI-BOM export of the benchmark-scale workspace takes and how much memory it holds:
// the benchmark dataset's inventory and findings (demo generator with bench/run.ts's mix, scale 80:
// about 100k objects, 300k relations, 160k open findings; its LLM interactions left out, since the
// BOM does not read them) loaded into a fresh database, then the service started as operators run
// it and the BOM fetched over HTTP three times, timed, with the server's peak resident set read
// from /proc before and after (Linux).
//
//   node bench/aibom.ts [--engine sqlite|postgres] [--scale 80] [--heap-mb N]
//
// --heap-mb caps the server's JavaScript heap (--max-old-space-size): the export still completes
// when its memory is bounded by its page size rather than by the size of the workspace.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { composeService, migrate } from '../src/compose.ts';
import { DEMO_TENANT, demoNdjson } from '../src/demo/estate.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createDatabase, type EngineName } from '../test/helpers/harness.ts';

const { values } = parseArgs({
  options: { engine: { type: 'string', default: 'sqlite' }, scale: { type: 'string', default: '80' }, 'heap-mb': { type: 'string' } },
});
const WS = 'bench';
const PORT = 18000 + Math.floor(Math.random() * 1000);
const peakKb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

const database = await createDatabase(values.engine as EngineName);
try {
  const db = openDb(database.url, {});
  await migrate(db);
  let t = performance.now();
  const loaded = await composeService().ingestor.ingest(
    db,
    demoNdjson({
      scale: Number(values.scale),
      seed: 42,
      now: Date.now(),
      workspace: WS,
      mix: { models: 28, findings: 2.1, sessions: 0, modelsPerAgent: [30, 50] },
    }),
    { tenant: DEMO_TENANT, workspace: WS, storePrompts: false, batchSize: 20_000, mode: 'batches', evaluateRules: false },
  );
  console.log(`loaded ${loaded.accepted} records in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const { token } = await createToken(db, { tenantId: DEMO_TENANT, userId: 'bench', workspaces: ['*'], scopes: ['read'] });
  await db.close();

  const server = spawn(
    process.execPath,
    [...(values['heap-mb'] ? [`--max-old-space-size=${values['heap-mb']}`] : []), 'src/cli.ts', 'serve'],
    {
      env: { ...process.env, AISPM_DB: database.url, AISPM_PORT: String(PORT) },
      stdio: 'ignore',
    },
  );
  const base = `http://127.0.0.1:${PORT}`;
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
    if (i > 100) throw new Error('the service did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  await (await fetch(`${base}/api/v1/aispm-models/tenants/${DEMO_TENANT}/workspaces/${WS}`, { headers })).arrayBuffer();
  console.log(`server peak RSS after start and one list: ${(peakKb(server.pid!) / 1024).toFixed(0)} MB`);
  for (let i = 0; i < 3; i++) {
    t = performance.now();
    const res = await fetch(`${base}/api/v1/aibom/tenants/${DEMO_TENANT}/workspaces/${WS}`, { headers });
    let bytes = 0;
    for await (const chunk of res.body!) bytes += chunk.length;
    console.log(
      `AI-BOM ${res.status}: ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - t) / 1000).toFixed(2)} s; server peak RSS ${(peakKb(server.pid!) / 1024).toFixed(0)} MB`,
    );
  }
  server.kill('SIGTERM');
  await once(server, 'exit');
} finally {
  await database.drop();
}
