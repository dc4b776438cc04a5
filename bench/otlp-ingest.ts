// node bench/otlp-ingest.ts [--engine sqlite|postgres] [--runs 2000] [--batch 512] [--rounds 4] [--ndjson-lines 1000]
//
// OTLP protobuf ingest with runtime discovery against NDJSON ingest of the same interactions
// (bench/otlp-workload.ts): --runs agent runs of the official OpenTelemetry SDK (4 spans, 2 model
// calls each) across 50 agents, 20 models and 30 tools, sent as OTLP/HTTP protobuf exports of
// --batch spans (the SDK batch processor's default size) through HTTP (Fastify's inject, no socket)
// into one workspace; the interactions those spans make are sent as NDJSON (--ndjson-lines a request)
// into another. Both paths are warmed up, then measured in --rounds alternating rounds. Prints
// spans/s and interactions/s for each. Short by design: the machine is shared. `npm run bench`
// runs the same workload against the service over a socket.

import { parseArgs } from 'node:util';
import { buildApp, migrate } from '../src/compose.ts';
import { loadConfig } from '../src/config.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createDatabase, type EngineName } from '../test/helpers/harness.ts';
import { measureOtlp, otlpWorkload, requestOf } from './otlp-workload.ts';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    runs: { type: 'string', default: '2000' },
    batch: { type: 'string', default: '512' },
    rounds: { type: 'string', default: '4' },
    'ndjson-lines': { type: 'string', default: '1000' },
  },
});
const engine = values.engine as EngineName;
const workload = otlpWorkload(Number(values.runs), Number(values.batch), Number(values.rounds), Number(values['ndjson-lines']));

const database = await createDatabase(engine);
const config = { ...loadConfig({}), db: database.url, authCacheMs: 0, ingestMaxBytes: 64 * 1024 * 1024 };
const db = openDb(config.db, { pgPool: config.pgPool });
try {
  await migrate(db);
  const { app } = await buildApp({ db, config, logger: false });
  const { token } = await createToken(db, { tenantId: 't', userId: 'bench', workspaces: ['*'], scopes: ['ingest'] });
  const { otlpSeconds, ndjsonSeconds, otlpCpuSeconds, ndjsonCpuSeconds } = await measureOtlp(workload, async (kind, workspace, payload) => {
    const { url, contentType } = requestOf('t', kind, workspace);
    const res = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    });
    if (res.statusCode !== 200) throw new Error(`${kind} ${res.statusCode} ${res.body}`);
  });
  const rate = (n: number, s: number) => Math.round(n / s);
  console.log(
    `${engine} OTLP protobuf + discovery: ${workload.spans} spans in ${otlpSeconds.toFixed(2)} s = ${rate(workload.spans, otlpSeconds)} spans/s`,
  );
  console.log(`${engine} OTLP: ${rate(workload.interactions, otlpSeconds)} interactions/s`);
  console.log(
    `${engine} NDJSON, the same interactions: ${workload.interactions} interactions in ${ndjsonSeconds.toFixed(2)} s = ${rate(workload.interactions, ndjsonSeconds)} interactions/s`,
  );
  console.log(
    `${engine} OTLP takes ${(otlpSeconds / ndjsonSeconds).toFixed(2)}× the time of NDJSON for the same interactions = ${(ndjsonSeconds / otlpSeconds).toFixed(2)} of its rate (target ≥ 0.8; OTLP also writes ${workload.spans / 2} spans' objects and relations)`,
  );
  // On SQLite the database works in this process too: its CPU time is the work of each path.
  if (engine === 'sqlite')
    console.log(
      `${engine} CPU of this process: OTLP ${otlpCpuSeconds.toFixed(2)} s, NDJSON ${ndjsonCpuSeconds.toFixed(2)} s = ${(ndjsonCpuSeconds / otlpCpuSeconds).toFixed(2)} of its rate by CPU`,
    );
  await app.close();
} finally {
  await db.close();
  await database.drop();
}
