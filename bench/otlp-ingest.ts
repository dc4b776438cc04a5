// OTLP protobuf ingest with runtime discovery against NDJSON ingest of the same interactions
// (bench/otlp-workload.ts), with the exports into a workspace committed alone and grouped (group
// commit, AISPM_OTLP_GROUP_WAIT_MS): --runs agent runs of the official OpenTelemetry SDK (4 spans,
// 2 model calls each) across 50 agents, 20 models and 30 tools, sent as OTLP/HTTP protobuf exports
// of --batch spans (the SDK batch processor's default size) by --senders clients at once (replicas
// of an application, each exporting its batches one after another) through HTTP (Fastify's inject,
// no socket) into one workspace; the interactions those spans make go as NDJSON (--ndjson-lines a
// request, the same senders) into another. Two services, each on a database of its own: one with
// the group wait at 0 (every export commits alone: the path before group commit), one with it at
// its default. Both are warmed up, then measured in --rounds rounds, the four sends of a round one
// after another (a slow moment of the shared machine falls on all of them).
//
//   node bench/otlp-ingest.ts [--engine sqlite|postgres] [--runs 4000] [--batch 512] [--rounds 4] [--senders 8] [--no-write]
//   npm run bench -- --cases otlp-ingest [--engine postgres]   (alone)
//
// The figures go to BENCHMARKS.md, one section per engine (bench:otlp-ingest-<engine>).

import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp, migrate } from '../src/compose.ts';
import { loadConfig, readSetting } from '../src/config.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import type { Db } from '../src/platform/db/database.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createDatabase, type EngineName, type TestDatabase } from '../test/helpers/harness.ts';
import { otlpWorkload, requestOf, timedSend } from './otlp-workload.ts';
import { writeSection } from './sections.ts';

/** The issue's target (39 pt 4): OTLP protobuf ingest at least 0.8 of NDJSON's rate for the same interactions. */
const TARGET = 0.8;
/** The grouped case's wait when AISPM_OTLP_GROUP_WAIT_MS is set to 0 (grouping off). */
const GROUPED_WAIT_MS = 5;

export interface OtlpIngestOptions {
  engine: EngineName;
  runs: number;
  batch: number;
  rounds: number;
  ndjsonLines: number;
  senders: number;
  write: boolean;
}

interface Service {
  label: string;
  waitMs: number;
  database: TestDatabase;
  db: Db;
  app: FastifyInstance;
  token: string;
  metricsToken: string;
  otlp: { seconds: number; cpu: number };
  ndjson: { seconds: number; cpu: number };
}

async function start(engine: EngineName, label: string, waitMs: number): Promise<Service> {
  const database = await createDatabase(engine);
  const config = { ...loadConfig({}), db: database.url, ingestMaxBytes: 64 * 1024 * 1024, otlpGroupWaitMs: waitMs };
  const db = openDb(config.db, { pgPool: config.pgPool });
  await migrate(db);
  const { app } = await buildApp({ db, config, logger: false });
  const { token } = await createToken(db, { tenantId: 't', userId: 'bench', workspaces: ['*'], scopes: ['ingest'] });
  const metrics = await createToken(db, { tenantId: 't', userId: 'bench', workspaces: ['*'], scopes: ['metrics'] });
  return {
    label,
    waitMs,
    database,
    db,
    app,
    token,
    metricsToken: metrics.token,
    otlp: { seconds: 0, cpu: 0 },
    ndjson: { seconds: 0, cpu: 0 },
  };
}

async function send(s: Service, kind: 'otlp' | 'ndjson', workspace: string, payload: Buffer | string): Promise<void> {
  const { url, contentType } = requestOf('t', kind, workspace);
  const res = await s.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${s.token}`, 'content-type': contentType },
  });
  if (res.statusCode !== 200) throw new Error(`${s.label} ${kind} ${res.statusCode} ${res.body.slice(0, 300)}`);
}

/** Exports per shared commit, from the service's /metrics. */
async function exportsPerCommit(s: Service): Promise<number | undefined> {
  const res = await s.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${s.metricsToken}` } });
  const count = (name: string) => Number(new RegExp(`^${name}\\{outcome="committed"\\} (\\d+)$`, 'm').exec(res.body)?.[1] ?? 0);
  const commits = count('aispm_otlp_group_commits_total');
  return commits ? count('aispm_otlp_group_exports_total') / commits : undefined;
}

const rate = (n: number, seconds: number) => Math.round(n / seconds);
const fmt = (n: number) => n.toLocaleString('en');

/** Runs the measurement; answers BENCHMARKS.md's section (written there unless `write` is off). */
export async function otlpIngest(o: OtlpIngestOptions): Promise<string> {
  const workload = otlpWorkload(o.runs, o.batch, o.rounds, o.ndjsonLines);
  const loadBefore = loadavg()[0]!;
  const services: Service[] = [];
  try {
    services.push(await start(o.engine, 'alone', 0));
    services.push(await start(o.engine, 'grouped', readSetting('otlpGroupWaitMs') || GROUPED_WAIT_MS));
    for (const s of services) {
      for (const b of workload.warmup.exports) await send(s, 'otlp', 'otlp-warmup', b);
      for (const b of workload.warmup.ndjson) await send(s, 'ndjson', 'ndjson-warmup', b);
    }
    for (const round of workload.rounds)
      for (const s of services) {
        const a = await timedSend(round.exports, o.senders, (b) => send(s, 'otlp', 'otlp-bench', b));
        const b = await timedSend(round.ndjson, o.senders, (x) => send(s, 'ndjson', 'ndjson-bench', x));
        s.otlp.seconds += a.seconds;
        s.otlp.cpu += a.cpu;
        s.ndjson.seconds += b.seconds;
        s.ndjson.cpu += b.cpu;
      }
    const loadAfter = loadavg()[0]!;
    const rows: string[] = [];
    for (const s of services) {
      const otlpRate = rate(workload.interactions, s.otlp.seconds);
      const ndjsonRate = rate(workload.interactions, s.ndjson.seconds);
      const share = s.ndjson.seconds / s.otlp.seconds;
      const perCommit = await exportsPerCommit(s);
      const line =
        `${o.engine} ${s.label} (AISPM_OTLP_GROUP_WAIT_MS=${s.waitMs}): OTLP ${fmt(otlpRate)} interactions/s (${fmt(rate(workload.spans, s.otlp.seconds))} spans/s), ` +
        `NDJSON ${fmt(ndjsonRate)}/s: ${share.toFixed(2)} of NDJSON` +
        (o.engine === 'sqlite' ? ` (by CPU ${(s.ndjson.cpu / s.otlp.cpu).toFixed(2)})` : '') +
        (perCommit ? `; ${perCommit.toFixed(1)} exports a commit` : '');
      console.log(line);
      rows.push(
        `| ${s.label === 'alone' ? 'each export commits alone (wait 0: the path before)' : `grouped (wait ${s.waitMs} ms)`} | ` +
          `${fmt(otlpRate)} | ${fmt(ndjsonRate)} | **${share.toFixed(2)}** (${share >= TARGET ? 'met' : 'not met'})` +
          `${o.engine === 'sqlite' ? `; by CPU ${(s.ndjson.cpu / s.otlp.cpu).toFixed(2)}` : ''} | ${perCommit ? perCommit.toFixed(1) : '1'} |`,
      );
    }
    const name = o.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const section = [
      `<!-- bench:otlp-ingest-${o.engine}:start -->`,
      `## OTLP ingest against NDJSON, group commit, ${name} (${new Date().toISOString().slice(0, 10)})`,
      '',
      `\`npm run bench -- --cases otlp-ingest --engine ${o.engine}\` (bench/otlp-ingest.ts): ${fmt(workload.spans)} SDK spans in exports of ${o.batch} = ` +
        `${fmt(workload.interactions)} model calls, sent by ${o.senders} clients at once into one workspace, against the same interactions as NDJSON ` +
        `(${o.ndjsonLines} lines a request, the same clients) into another; in-process (Fastify's inject), ${o.rounds} rounds. ` +
        `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
        `load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (the cores are shared). Target (issue 39): ≥ ${TARGET} of NDJSON.`,
      '',
      '| exports | OTLP interactions/s | NDJSON interactions/s | OTLP share of NDJSON | exports a commit |',
      '|---|---:|---:|---|---:|',
      ...rows,
      `<!-- bench:otlp-ingest-${o.engine}:end -->`,
    ].join('\n');
    if (o.write) writeSection(`otlp-ingest-${o.engine}`, section);
    return section;
  } finally {
    for (const s of services) {
      await s.app.close();
      await s.db.close();
      await s.database.drop();
    }
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'sqlite' },
      runs: { type: 'string', default: '4000' },
      batch: { type: 'string', default: '512' },
      rounds: { type: 'string', default: '4' },
      senders: { type: 'string', default: '8' },
      'ndjson-lines': { type: 'string', default: '1000' },
      'no-write': { type: 'boolean', default: false },
    },
  });
  const section = await otlpIngest({
    engine: values.engine === 'postgres' ? 'postgres' : 'sqlite',
    runs: Number(values.runs),
    batch: Number(values.batch),
    rounds: Number(values.rounds),
    senders: Number(values.senders),
    ndjsonLines: Number(values['ndjson-lines']),
    write: !values['no-write'],
  });
  process.stdout.write(`${section}\n`);
}
