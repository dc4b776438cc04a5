// Where the OTLP path spends the service's CPU that NDJSON ingest of the same interactions does not
// (issue 39 pt 4): one grouped service (bench/otlp-ingest.ts's), warmed up, its OTLP sends and its
// NDJSON sends each profiled alone with the inspector (main thread only: the body workers sat mostly
// idle in a whole-process --cpu-prof), and the top functions by self time printed side by side.
//
//   node bench/otlp-profile.ts [--engine sqlite|postgres] [--runs 2000] [--wait 5] [--top 30] [--out /tmp/otlp-profile]

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { buildApp, migrate } from '../src/compose.ts';
import { loadConfig } from '../src/config.ts';
import { createToken } from '../src/platform/auth/tokens.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createDatabase } from '../test/helpers/harness.ts';
import { otlpWorkload, requestOf, sendAll } from './otlp-workload.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self and inclusive milliseconds per function (inclusive counts a function once per sample, however deep it recurses). */
export function summarise(p: Profile): { total: number; self: Map<string, number>; inclusive: Map<string, number> } {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(src|node_modules|bench)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const ms = (p.timeDeltas[i] ?? 0) / 1000;
    total += ms;
    const key = name(byId.get(id)!);
    self.set(key, (self.get(key) ?? 0) + ms);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = name(byId.get(cur)!);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + ms);
    }
  });
  return { total, self, inclusive };
}

const top = (m: Map<string, number>, n: number, total: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'sqlite' },
      runs: { type: 'string', default: '2000' },
      wait: { type: 'string', default: '5' },
      top: { type: 'string', default: '30' },
      out: { type: 'string', default: '/tmp/otlp-profile' },
    },
  });
  const engine = values.engine === 'postgres' ? 'postgres' : 'sqlite';
  const workload = otlpWorkload(Number(values.runs), 512, 1);
  const database = await createDatabase(engine);
  const config = { ...loadConfig({}), db: database.url, ingestMaxBytes: 64 * 1024 * 1024, otlpGroupWaitMs: Number(values.wait) };
  const db = openDb(config.db, { pgPool: config.pgPool });
  await migrate(db);
  const { app } = await buildApp({ db, config, logger: false });
  const { token } = await createToken(db, { tenantId: 't', userId: 'bench', workspaces: ['*'], scopes: ['ingest'] });
  const send = async (kind: 'otlp' | 'ndjson', workspace: string, payload: Buffer | string) => {
    const { url, contentType } = requestOf('t', kind, workspace);
    const res = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    });
    if (res.statusCode !== 200) throw new Error(`${kind} ${res.statusCode} ${res.body.slice(0, 300)}`);
  };
  const session = new Session();
  session.connect();
  try {
    for (const b of workload.warmup.exports) await send('otlp', 'otlp-warmup', b);
    for (const b of workload.warmup.ndjson) await send('ndjson', 'ndjson-warmup', b);
    const round = workload.rounds[0]!;
    for (const kind of ['otlp', 'ndjson'] as const) {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      const t = performance.now();
      const bodies = kind === 'otlp' ? round.exports : round.ndjson;
      await sendAll(bodies, 8, (b) => send(kind, `${kind}-bench`, b));
      const wall = performance.now() - t;
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(`${values.out}-${kind}.cpuprofile`, JSON.stringify(profile));
      const s = summarise(profile as Profile);
      const n = Number(values.top);
      console.log(`== ${kind}: ${wall.toFixed(0)} ms wall, ${s.total.toFixed(0)} ms sampled (${values.out}-${kind}.cpuprofile)`);
      console.log(`-- self\n${top(s.self, n, s.total)}\n-- inclusive\n${top(s.inclusive, n, s.total)}`);
    }
  } finally {
    session.disconnect();
    await app.close();
    await db.close();
    await database.drop();
  }
}
