// What a workspace's controls cost at ingest: the inventory of the benchmark dataset (demo
// generator; --scale 80 is the benchmark's, about 100k objects) loaded with posture evaluation
// off, then 1,000-record change batches (attribute flips on tools, MCP servers and models)
// ingested with posture evaluation on, first with no control, then with 50 controls (list queries
// with filters and related filters, paths queries with end filters), and the time of one
// control's preview (what it answers now).
//
//   node bench/controls.ts [--engine sqlite|postgres] [--scale 80] [--batches 3] [--no-write]
//   npm run bench [-- --engine postgres]                    (after the service's cases)
//   npm run bench -- --cases controls [--engine postgres]   (alone)
//
// The figures go to BENCHMARKS.md, one section per engine (bench:controls-<engine>).

import { composeService, migrate } from '../src/compose.ts';
import { saveControl } from '../src/areas/controls/store.ts';
import { readQuery, runQuery } from '../src/areas/controls/query.ts';
import { demoRecords } from '../src/demo/estate.ts';
import { BatchContext } from '../src/ingest/batch-context.ts';
import { openDb } from '../src/platform/db/open.ts';
import { readSetting } from '../src/config.ts';
import { createDatabase } from '../test/helpers/harness.ts';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { writeSection } from './sections.ts';
import { analyzeIfNoAutovacuum } from './analyze.ts';

const T = 'bench';
const W = 'bench';
const now = Date.UTC(2026, 5, 15, 12);
const service = composeService();
/** The target: 50 controls cost at most 20 % of the ingest rate. */
const TARGET_KEPT = 0.8;

export interface ControlsCostOptions {
  engine: 'sqlite' | 'postgres';
  scale: number;
  batches: number;
  write: boolean;
}

type Rec = Record<string, any>;
const ndjson = (rs: Rec[]) => {
  const out: string[] = [];
  for (let i = 0; i < rs.length; i += 5000)
    out.push(
      rs
        .slice(i, i + 5000)
        .map((r) => JSON.stringify(r))
        .join('\n') + '\n',
    );
  return out;
};
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** 1,000 records: 500 tools, 300 MCP servers and 200 models of the `part`-th slice, an attribute flipped. */
function changeBatch(of: (kind: string) => Rec[], part: number): Rec[] {
  // Wrapping around: a small scale still gives whole batches.
  const pick = <X>(xs: X[], n: number) => Array.from({ length: Math.min(n, xs.length) }, (_, i) => xs[(part * n + i) % xs.length]!);
  const tools = pick(of('tool'), 500).map((e) => ({
    ...e,
    attributes: { ...e.attributes, capabilities: [...(e.attributes.capabilities ?? []), `cap-${part}`] },
  }));
  const mcps = pick(of('mcp_server'), 300).map((e) => ({
    ...e,
    attributes: { ...e.attributes, authentication: e.attributes.authentication === 'none' ? 'oauth' : 'none' },
  }));
  const models = pick(of('model'), 200).map((e) => ({ ...e, attributes: { ...e.attributes, pinned: !e.attributes.pinned } }));
  return [...tools, ...mcps, ...models];
}

/** Fifty controls: ten query shapes, each narrowed by five name fragments. */
const shapes: Array<['list' | 'paths', (frag: string) => string]> = [
  ['list', (f) => `aispm-agents?environment=production&name__ilk=${f}`],
  ['list', (f) => `aispm-agents?models.provider=anthropic&name__ilk=${f}`],
  ['list', (f) => `aispm-agents?tools.capabilities__in=shell,code_execution&name__ilk=${f}`],
  ['list', (f) => `aispm-mcp-servers?tools.capabilities__in=shell&name__ilk=${f}`],
  ['list', (f) => `aispm-tools?capabilities__in=shell&name__ilk=${f}`],
  ['list', (f) => `aispm-agents?critical_issues__gt=0&name__ilk=${f}`],
  ['list', (f) => `aispm-agents?mcp_servers.authentication=none&name__ilk=${f}`],
  ['list', (f) => `aispm-mcp-servers?authentication=none&name__ilk=${f}`],
  [
    'paths',
    (f) =>
      `from=aispm-agents&to=aispm-tools&via=aispm-mcp-servers&max_hops=3&to.capabilities__in=shell&from.environment=production&from.name__ilk=${f}`,
  ],
  ['paths', (f) => `from=aispm-agents&to=aispm-models&max_hops=1&from.environment=production&to.provider=anthropic&from.name__ilk=${f}`],
];
const fragments = ['a', 'e', 'o', 'bot', 'x'];

async function timedBatches(
  db: ReturnType<typeof openDb>,
  of: (kind: string) => Rec[],
  batches: number,
  from: number,
  label: string,
): Promise<number> {
  let records = 0;
  let ms = 0;
  for (let i = 0; i < batches; i++) {
    const batch = changeBatch(of, from + i);
    const t = performance.now();
    const s = await service.ingestor.ingest(db, ndjson(batch), {
      tenant: T,
      workspace: W,
      storePrompts: false,
      batchSize: 1000,
      mode: 'request',
      now: () => now + 60_000 * (from + i),
    });
    ms += performance.now() - t;
    if (s.rejected) throw new Error(JSON.stringify(s.errors.slice(0, 3)));
    records += s.accepted;
  }
  const rate = records / (ms / 1000);
  console.log(`${label}: ${records} records in ${batches} batches, ${secs(ms)}: ${rate.toFixed(0)} records/s`);
  return rate;
}

/** Runs the measurement on a database of its own; answers BENCHMARKS.md's section (written there unless `write` is off). */
export async function controlsCost({ engine, scale, batches, write }: ControlsCostOptions): Promise<string> {
  const records = [...demoRecords({ scale, seed: 42, now, workspace: W, mix: { models: 28, findings: 2.1, sessions: 2.6 } })].filter(
    (r) => r.type === 'entity' || r.type === 'relation',
  ) as Rec[];
  const entities = records.filter((r) => r.type === 'entity');
  const of = (kind: string) => entities.filter((e) => e.kind === kind);
  let kept = 0;
  let rates = { without: 0, withControls: 0, opened: 0 };
  const previews: string[] = [];
  const database = await createDatabase(engine);
  const db = openDb(database.url);
  try {
    await migrate(db);
    console.log(
      `engine ${engine}, Node ${process.version}, scale ${scale}: ${entities.length} objects, ${records.length - entities.length} relations`,
    );
    let t = performance.now();
    const loaded = await service.ingestor.ingest(db, ndjson(records), {
      tenant: T,
      workspace: W,
      storePrompts: false,
      batchSize: 20_000,
      mode: 'batches',
      evaluateRules: false,
    });
    console.log(`load (evaluation off): ${loaded.accepted} records in ${secs(performance.now() - t)}`);
    // As run.ts after its load: a default server's autovacuum analyses the tables the load filled; on
    // a server without it (this machine's) the service's own ANALYZEs during the load are all there
    // is. At scale 80 on PostgreSQL the last one saw 80,454 of 179,679 relations and no `uses_tool`
    // row, and a control's related set of tools (`select distinct r.from_id … cross join relations
    // r`, 11,185 relations × 6,400 tools) was planned as a nested loop filtering every tool for
    // each relation: it ran for minutes, twice on 2026-11-29.
    if (await analyzeIfNoAutovacuum(db)) console.log('vacuum analyze after the load (the server runs without autovacuum)');

    const without = await timedBatches(db, of, batches, 1, 'change batches, no control');

    t = performance.now();
    const bounds = { starts: readSetting('pathMaxStarts'), visits: readSetting('pathMaxVisits') };
    let opened = 0;
    await db.transaction(async (tx) => {
      const ctx = new BatchContext(db, tx, T, W, now, { storePrompts: false });
      for (const [s, [kind, query]] of shapes.entries()) {
        for (const f of fragments) {
          const q = query(f);
          const id = `CTL-bench-${s}-${f}`;
          const object = readQuery(kind, q, db.dialect, bounds).object.name;
          const fields = {
            id,
            title: id,
            severity: 'medium' as const,
            description: '',
            remediation: '',
            frameworks: [],
            enabled: true,
            queryKind: kind,
            query: q,
          };
          await saveControl(db, tx, { tenant: T, workspace: W, by: 'bench', now, objectKind: object }, fields);
          const control = { ...fields, tenant: T, workspace: W, createdBy: 'bench', createdAt: now, updatedAt: now };
          try {
            opened += (await service.controls.settle(ctx, id, control)).opened;
          } catch (err) {
            console.log(`${id}: ${(err as Error).message.slice(0, 120)}`);
          }
        }
      }
    });
    console.log(`50 controls saved and evaluated once: ${secs(performance.now() - t)}, ${opened} findings opened`);

    const withControls = await timedBatches(db, of, batches, 1 + batches, 'change batches, 50 controls');
    kept = withControls / without;
    console.log(`ingest rate with 50 controls: ${(kept * 100).toFixed(0)} % of the rate without (cost ${((1 - kept) * 100).toFixed(0)} %)`);
    rates = { without, withControls, opened };

    for (const [kind, query] of [shapes[1]!, shapes[8]!]) {
      const q = readQuery(kind, query('a'), db.dialect, bounds);
      t = performance.now();
      const run = await runQuery(db, q, T, W);
      const ms = performance.now() - t;
      previews.push(`${kind} ${ms.toFixed(0)} ms (${run.answers.size} objects)`);
      console.log(`preview of ${kind} ${query('a')}: ${ms.toFixed(0)} ms, ${run.answers.size} objects`);
    }
  } finally {
    await db.close();
    await database.drop();
  }
  const section = [
    `<!-- bench:controls-${engine}:start -->`,
    `## Controls at ingest, ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} (${new Date().toISOString().slice(0, 10)})`,
    '',
    `\`npm run bench -- --cases controls --engine ${engine}\` (bench/controls.ts): scale ${scale}, ${entities.length.toLocaleString('en')} objects; ` +
      `${batches} change batches of 1,000 records without a control, then 50 controls saved (${rates.opened.toLocaleString('en')} findings opened) and ${batches} more batches. ` +
      `Node ${process.version}, ${cpus().length} cores. Target (issue 36): the controls keep at least ${TARGET_KEPT * 100} % of the ingest rate.`,
    '',
    '| ingest without controls | with 50 controls | share kept | preview (list / paths) |',
    '|---|---|---|---|',
    `| ${Math.round(rates.without).toLocaleString('en')} records/s | ${Math.round(rates.withControls).toLocaleString('en')} records/s | **${(kept * 100).toFixed(0)} %** (${kept >= TARGET_KEPT ? 'met' : 'NOT MET'}) | ${previews.join(' / ')} |`,
    `<!-- bench:controls-${engine}:end -->`,
  ].join('\n');
  if (write) writeSection(`controls-${engine}`, section);
  return section;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'sqlite' },
      scale: { type: 'string', default: '80' },
      batches: { type: 'string', default: '3' },
      'no-write': { type: 'boolean', default: false },
    },
  });
  const engine = values.engine === 'postgres' ? 'postgres' : 'sqlite';
  process.stdout.write(
    `${await controlsCost({ engine, scale: Number(values.scale), batches: Number(values.batches), write: !values['no-write'] })}\n`,
  );
}
