// How long the posture rules take on the benchmark-scale workspace: the inventory of the
// benchmark dataset (demo generator, scale 80: about 100k objects and 300k relations; no findings,
// no runtime) loaded with evaluation off, then
//
//   1. a full evaluation of the workspace (`aispm rules evaluate`), then a second one (nothing to change);
//   2. a 1,000-record ingest batch that changes the graph (attribute flips on tools, MCP servers and
//      models, relations removed and added) with evaluation on, the hook timed on its own; and a
//      batch of the same shape on other objects with evaluation off, for comparison.
//
//   node bench/posture.ts [--engine sqlite|postgres] [--scale 80]

import type { BatchStep } from '../src/ingest/batch.ts';
import { Ingestor } from '../src/ingest/pipeline.ts';
import { composeService, migrate } from '../src/compose.ts';
import { demoRecords } from '../src/demo/estate.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createDatabase } from '../test/helpers/harness.ts';

// The posture step of the batch plan, timed on its own: the same plan with each reaction wrapped.
let hookMs = 0;
const timedStep =
  (step: BatchStep): BatchStep =>
  async (ctx, effects) => {
    const t = performance.now();
    try {
      await step(ctx, effects);
    } finally {
      hookMs += performance.now() - t;
    }
  };
const service = composeService();
const ingestor = new Ingestor({ ...service.ingestor.plan, react: service.ingestor.plan.react.map(timedStep) });
const { posture } = service;
const ingest = ingestor.ingest.bind(ingestor);
const evaluateWorkspace = posture.evaluateWorkspace.bind(posture);

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1]! : fallback;
};
const engine = opt('engine', 'sqlite') as 'sqlite' | 'postgres';
const scale = Number(opt('scale', '80'));
const T = 'bench';
const W = 'bench';
const now = Date.UTC(2026, 5, 15, 12);

type Rec = Record<string, any>;
const records = [...demoRecords({ scale, seed: 42, now, workspace: W, mix: { models: 28, findings: 2.1, sessions: 2.6 } })].filter(
  (r) => r.type === 'entity' || r.type === 'relation',
) as Rec[];
const entities = records.filter((r) => r.type === 'entity');
const relations = records.filter((r) => r.type === 'relation');

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

/**
 * 1,000 records changing the graph around the `part`-th slice of its objects: 250 tools, 150 MCP
 * servers and 100 models with an attribute flipped, 250 relations removed and 250 added.
 */
function changeBatch(part: number): Rec[] {
  const pick = <X>(xs: X[], n: number) => xs.slice(part * n, part * n + n);
  const of = (kind: string) => entities.filter((e) => e.kind === kind);
  const tools = pick(of('tool'), 250).map((e) => ({
    ...e,
    attributes: { ...e.attributes, capabilities: [...e.attributes.capabilities, 'shell'] },
  }));
  const mcps = pick(of('mcp_server'), 150).map((e) => ({
    ...e,
    attributes: { ...e.attributes, authentication: e.attributes.authentication === 'none' ? 'oauth' : 'none' },
  }));
  const models = pick(of('model'), 100).map((e) => ({ ...e, attributes: { ...e.attributes, pinned: !e.attributes.pinned } }));
  const agentEdges = relations.filter(
    (r) => r.from_kind === 'agent' && ['uses_tool', 'uses_mcp_server', 'input_guardrail', 'uses_model'].includes(r.relation),
  );
  const removed = pick(agentEdges, 250).map((r) => ({ ...r, op: 'delete' }));
  const agents = of('agent');
  const allTools = of('tool');
  const added = Array.from({ length: 250 }, (_, i) => ({
    type: 'relation',
    from_kind: 'agent',
    from_id: agents[(part * 250 + i * 7) % agents.length]!.id,
    relation: 'uses_tool',
    to_kind: 'tool',
    to_id: allTools[(part * 250 + i * 13 + 5) % allTools.length]!.id,
  }));
  return [...tools, ...mcps, ...models, ...removed, ...added];
}

const database = await createDatabase(engine);
const db = openDb(database.url);
try {
  await migrate(db);
  const kinds = new Map<string, number>();
  for (const e of entities) kinds.set(e.kind, (kinds.get(e.kind) ?? 0) + 1);
  console.log(
    `engine ${engine}, Node ${process.version}; workspace: ${entities.length} objects (${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')}), ${relations.length} relations`,
  );

  let t = performance.now();
  const loaded = await ingest(db, ndjson(records), {
    tenant: T,
    workspace: W,
    storePrompts: false,
    batchSize: 20_000,
    mode: 'batches',
    evaluateRules: false,
  });
  console.log(`load (evaluation off): ${loaded.accepted} records in ${secs(performance.now() - t)}`);

  t = performance.now();
  const full = await evaluateWorkspace(db, T, W, now);
  console.log(
    `full evaluation: ${secs(performance.now() - t)}  (${full.evaluated} rule×object evaluations, ${full.opened} instances opened)`,
  );
  t = performance.now();
  const again = await evaluateWorkspace(db, T, W, now + 1000);
  console.log(
    `full evaluation again: ${secs(performance.now() - t)}  (${again.evaluated} evaluations, ${again.opened} opened, ${again.resolved} resolved, ${again.updated} updated)`,
  );

  for (const [i, evaluateRules] of [
    [1, true],
    [2, false],
    [3, true],
  ] as const) {
    const batch = changeBatch(i);
    let evaluated = 0;
    const stop = posture.observe((e) => {
      evaluated += e.evaluated.length;
    });
    hookMs = 0;
    t = performance.now();
    const s = await ingest(db, ndjson(batch), {
      tenant: T,
      workspace: W,
      storePrompts: false,
      batchSize: 1000,
      mode: 'request',
      evaluateRules,
      now: () => now + 60_000 * i,
    });
    const total = performance.now() - t;
    stop();
    if (s.rejected) throw new Error(JSON.stringify(s.errors.slice(0, 3)));
    console.log(
      `ingest of ${s.accepted} records, evaluation ${evaluateRules ? 'on' : 'off'}: ${secs(total)}` +
        (evaluateRules ? `, of which re-evaluation ${secs(hookMs)} (${evaluated} rule×object evaluations)` : ''),
    );
  }
} finally {
  await db.close();
  await database.drop();
}
