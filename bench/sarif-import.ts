// SARIF import at the size of a large code-scanning run: a workspace whose scan placed 2,000 objects
// (agents and tools) at declaration spans in 1,000 files, then a SARIF log of N results (default
// 10,000) over those files, shaped as Microsoft's ESLint formatter writes it (absolute file:// URIs,
// rules with help URIs) plus partial fingerprints, 20 rules. Timed: `aispm import --format sarif`
// (the whole command: start, validation against the schema, records, one transaction), the same
// log through the ingest route into another workspace, and the next run (one result in ten gone)
// imported over the first: updated findings and resolutions.
//
//   node bench/sarif-import.ts [--engine sqlite|postgres] [--results N]   (AISPM_SQL_PROFILE=1: the first import's time per statement)

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startHarness } from '../test/helpers/harness.ts';

const { values: flags } = parseArgs({
  options: { engine: { type: 'string', default: 'sqlite' }, results: { type: 'string', default: '10000' } },
});
const engine = flags.engine as 'sqlite' | 'postgres';
const N = Number(flags.results);
const T = 'bench';
const FILES = 1000;
const RULES = 20;
const REPO = 'https://github.com/acme/agents';
const ROOT = '/home/runner/work/agents/agents';

const h = await startHarness(engine, { config: { sarifMaxResults: Math.max(N, 50_000), ingestMaxBytes: 1024 * 1024 * 1024 } });
const token = await h.token({ tenant: T, scopes: ['read', 'ingest'] });
const dir = mkdtempSync(join(tmpdir(), 'aispm-bench-sarif-'));

/** The estate a scan would have sent: per file an agent (lines 10-40) and a tool (lines 50-70), each defined_in its location. */
function estate(): object[] {
  const seen = '2026-11-01T00:00:00Z';
  const out: object[] = [];
  for (let f = 0; f < FILES; f++) {
    const path = `src/module-${f}.ts`;
    for (const [kind, start, end] of [
      ['agent', 10, 40],
      ['tool', 50, 70],
    ] as const) {
      const id = `${kind}-${f}`;
      out.push({ type: 'entity', kind, id, name: `${kind} ${f}`, last_seen: seen, source: 'static_code_scan' });
      out.push({
        type: 'entity',
        kind: 'location',
        id: `loc-${id}`,
        name: `${path}:${start}`,
        last_seen: seen,
        attributes: { type: 'code', repository: REPO, path, start_line: start, end_line: end },
      });
      out.push({ type: 'relation', from_kind: kind, from_id: id, relation: 'defined_in', to_kind: 'location', to_id: `loc-${id}` });
    }
  }
  return out;
}

/** An ESLint-shaped log of `n` results; `drop` leaves out every tenth result (the next run). */
function log(n: number, drop: boolean): string {
  const rules = Array.from({ length: RULES }, (_, i) => ({
    id: `security/rule-${i}`,
    helpUri: `https://example.test/rules/rule-${i}.md`,
    properties: { category: 'Possible Security Vulnerability', tags: ['security', `external/cwe/cwe-${78 + i}`] },
    shortDescription: { text: `Rule ${i}` },
  }));
  const results = [];
  for (let i = 0; i < n; i++) {
    if (drop && i % 10 === 0) continue;
    const file = i % FILES;
    const line = 5 + ((i * 7) % 80);
    results.push({
      level: 'warning',
      message: { text: `Finding ${i} of rule ${i % RULES}` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: pathToFileURL(`${ROOT}/src/module-${file}.ts`).href, index: file },
            region: { startLine: line, startColumn: 3, endLine: line, endColumn: 20 },
          },
        },
      ],
      ruleId: `security/rule-${i % RULES}`,
      ruleIndex: i % RULES,
      partialFingerprints: { primaryLocationLineHash: `h${i}` },
    });
  }
  return JSON.stringify({
    version: '2.1.0',
    $schema: 'http://json.schemastore.org/sarif-2.1.0-rtm.5',
    runs: [
      {
        tool: { driver: { name: 'ESLint', informationUri: 'https://eslint.org', rules, version: '10.15.0' } },
        artifacts: Array.from({ length: FILES }, (_, f) => ({ location: { uri: pathToFileURL(`${ROOT}/src/module-${f}.ts`).href } })),
        results,
      },
    ],
  });
}

function aispm(args: string[]): Promise<{ code: number | null; out: string; err: string; ms: number }> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/cli.ts', ...args], {
      env: { ...process.env, AISPM_DB: h.config.db, AISPM_SARIF_MAX_RESULTS: String(Math.max(N, 50_000)) },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err, ms: performance.now() - t }));
  });
}

try {
  for (const w of ['cli', 'http']) {
    const summary = await h.ingest(T, w, estate());
    if (summary.rejected) throw new Error(JSON.stringify(summary.errors.slice(0, 3)));
  }
  const first = join(dir, 'run-1.sarif');
  const second = join(dir, 'run-2.sarif');
  writeFileSync(first, log(N, false));
  writeFileSync(second, log(N, true));
  const size = (f: string) => `${(statSync(f).size / 1e6).toFixed(1)} MB`;
  const rate = (ms: number, n: number) => `${(ms / 1000).toFixed(2)} s (${Math.round(n / (ms / 1000)).toLocaleString('en')} results/s)`;

  const cli = await aispm([
    'import',
    '--format',
    'sarif',
    '--tenant',
    T,
    '--workspace',
    'cli',
    '--root',
    ROOT,
    '--repository',
    REPO,
    first,
  ]);
  if (cli.code !== 0) throw new Error(cli.err);
  // AISPM_SQL_PROFILE=1: the first import's time per statement (printed on its standard error).
  if (process.env.AISPM_SQL_PROFILE === '1') process.stderr.write(cli.err);
  console.log(`${engine}: aispm import --format sarif, ${N} results (${size(first)}): ${rate(cli.ms, N)}; ${cli.out.trim()}`);

  const t = performance.now();
  const res = await h.request({
    method: 'POST',
    url: `/api/v1/ingest/tenants/${T}/workspaces/http?root=${encodeURIComponent(ROOT)}&repository=${encodeURIComponent(REPO)}`,
    token,
    headers: { 'content-type': 'application/sarif+json' },
    payload: log(N, false),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  console.log(`${engine}: POST /api/v1/ingest (application/sarif+json), ${N} results: ${rate(performance.now() - t, N)}`);

  const next = await aispm([
    'import',
    '--format',
    'sarif',
    '--tenant',
    T,
    '--workspace',
    'cli',
    '--root',
    ROOT,
    '--repository',
    REPO,
    second,
  ]);
  if (next.code !== 0) throw new Error(next.err);
  console.log(`${engine}: the next run (${Math.round(N * 0.9)} results, ${N / 10} gone) over the first: ${rate(next.ms, N * 0.9)}`);

  const counts = await h.db.all<{ status: string; n: number }>(
    h.db.template('bench.sarif-counts', (b) =>
      b
        .selectFrom('issue_instances')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('tenant_id', '=', T)
        .where('workspace_id', '=', 'cli')
        .where('source', '=', 'sarif')
        .groupBy('status'),
    ),
    {},
  );
  console.log(`${engine}: findings afterwards: ${counts.map((c) => `${c.status} ${Number(c.n)}`).join(', ')}`);
  console.log(`peak RSS of this process (the server side of the HTTP import): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
} finally {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
}
