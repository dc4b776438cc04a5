// A/B of the per-request floor in one process (issue 39): the service as another checkout builds it
// ("before", e.g. a worktree of the commit before a cut) and as this one does ("after"), with bare
// Fastify, all built here on one SQLite database and given the same cached URL by inject in
// alternating rounds of 2,000. Other processes on the machine slow both sides alike, so the least
// (and median) CPU µs per request of 25 rounds resolve a cut of a microsecond or two under load,
// where bench/floor-cpu.ts's runs one after the other do not. No sockets: the JavaScript path only.
//
//   node bench/floor-ab.ts <other checkout> [log level, default warn] [cases, default model-detail,storage-get]
//                          [profile file: a CPU profile of 40,000 requests to "after", last case]
import { DEMO_TENANT, demoNdjson } from '../src/demo/estate.ts';
import { buildApp, composeService, migrate } from '../src/compose.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import { makeLogger } from '../src/server.ts';
import { createDatabase } from '../test/helpers/harness.ts';
import { bareFastify } from './fastify-anchor.ts';
import { cases } from './cases.ts';
const baseDir = process.argv[2]!;
const level = process.argv[3] ?? 'warn';
const only = (process.argv[4] ?? 'model-detail,storage-get').split(',');
const profileFile = process.argv[5];
const B = {
  compose: await import(`${baseDir}/src/compose.ts`),
  open: await import(`${baseDir}/src/platform/db/open.ts`),
  server: await import(`${baseDir}/src/server.ts`),
};
const database = await createDatabase('sqlite');
const db = openDb(database.url, { pgPool: 4 });
await migrate(db);
const service = composeService();
await service.ingestor.ingest(
  db,
  demoNdjson({
    scale: 1,
    seed: 42,
    now: Date.now(),
    workspace: 'bench',
    mix: { models: 28, findings: 2.1, sessions: 2.6, modelsPerAgent: [30, 50] },
  }),
  { tenant: DEMO_TENANT, workspace: 'bench', storePrompts: false, batchSize: 20_000, mode: 'batches' },
);
const { token } = await createToken(db, {
  tenantId: DEMO_TENANT,
  userId: 'bench',
  workspaces: ['*'],
  scopes: ['read', 'storage', 'ingest'],
});
const config = loadConfig({ ...process.env, AISPM_DB: database.url, AISPM_RATE_LIMIT_MAX: '0', AISPM_LOG_LEVEL: level });
const devnull = (await import('pino')).default.destination({ dest: '/dev/null', minLength: 4096 });
const after = (await buildApp({ db, config, logger: makeLogger(config, devnull), service })).app;
const dbB = B.open.openDb(database.url, { pgPool: 4 });
const before = (
  await B.compose.buildApp({ db: dbB, config, logger: B.server.makeLogger(config, devnull), service: B.compose.composeService() })
).app;
const headers = { authorization: `Bearer ${token}` };
const N = 2000,
  ROUNDS = profileFile ? 1 : 25;
let lastPath = '';
const listenBase = await after.listen({ host: '127.0.0.1', port: 0 });
for (const c of cases({ db, tenant: DEMO_TENANT, workspace: 'bench' })) {
  if (!only.includes(c.id)) continue;
  const base = listenBase;
  const path = typeof c.path === 'function' ? await c.path(base, headers) : c.path;
  lastPath = path;
  const first = await after.inject({ method: 'GET', url: path, headers });
  const fastify = bareFastify(first.rawPayload, String(first.headers['content-type']), 200);
  const apps = { before, after, fastify } as Record<string, { inject: typeof after.inject }>;
  const us: Record<string, number[]> = { before: [], after: [], fastify: [] };
  for (const k of Object.keys(apps)) for (let i = 0; i < 1000; i++) await apps[k]!.inject({ method: 'GET', url: path, headers });
  for (let r = 0; r < ROUNDS; r++)
    for (const k of Object.keys(apps)) {
      const c0 = process.cpuUsage();
      for (let i = 0; i < N; i++) {
        const res = await apps[k]!.inject({ method: 'GET', url: path, headers });
        if (res.statusCode !== 200) throw new Error(`${k} ${res.statusCode}`);
      }
      const cu = process.cpuUsage(c0);
      us[k]!.push((cu.user + cu.system) / N);
    }
  const stat = (a: number[]) => {
    const s = [...a].sort((x, y) => x - y);
    return `least ${s[0]!.toFixed(1)} median ${s[s.length >> 1]!.toFixed(1)}`;
  };
  console.log(`${c.id} [log ${level}]: before ${stat(us.before!)} | after ${stat(us.after!)} | bare fastify ${stat(us.fastify!)}`);
}
if (profileFile) {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const path = lastPath;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
  for (let i = 0; i < 40000; i++) await after.inject({ method: 'GET', url: path, headers });
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(profileFile, JSON.stringify(profile));
}
process.exit(0);
