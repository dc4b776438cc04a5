// Advisory matching at the size of OSV's npm set: a workspace whose agents, tools and MCP servers
// depend on AI packages (as `aispm scan` records them), then `aispm advisories import` of a zip of
// N OSV records (default 20,000, about the number of npm advisories that are not malware reports)
// over as many packages, some of them the workspace's. Reports the import's wall time and rate,
// the findings it opened, and the time of a scan-sized batch of objects matched afterwards.
//
//   node bench/advisories.ts [--engine sqlite|postgres] [--advisories N] [--objects N]

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startHarness } from '../test/helpers/harness.ts';
import { zipOf } from '../test/helpers/zip.ts';

const { values: flags } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    advisories: { type: 'string', default: '20000' },
    objects: { type: 'string', default: '5000' },
  },
});
const engine = flags.engine as 'sqlite' | 'postgres';
const N = Number(flags.advisories);
const OBJECTS = Number(flags.objects);
const T = 'bench';
const W = 'prod';
/** Packages the workspace uses (each object three of them, at one of a few versions). */
const USED = 200;

let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (n: number) => Math.floor(rand() * n);

const h = await startHarness(engine);
await h.app.listen({ host: '127.0.0.1', port: 0 });
const token = await h.token({ tenant: T, scopes: ['read', 'ingest'] });
const dir = mkdtempSync(join(tmpdir(), 'aispm-bench-adv-'));

async function ingest(records: object[]): Promise<number> {
  const t = performance.now();
  const res = await h.request({
    method: 'POST',
    url: `/api/v1/ingest/tenants/${T}/workspaces/${W}`,
    token,
    headers: { 'content-type': 'application/x-ndjson' },
    payload: records.map((r) => JSON.stringify(r)).join('\n'),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return performance.now() - t;
}

const seen = '2026-01-01T00:00:00Z';
const objectRecords = (versionShift: number) => {
  const out: object[] = [];
  for (let i = 0; i < OBJECTS; i++) {
    const kind = i % 5 === 0 ? 'mcp_server' : i % 5 === 1 ? 'tool' : 'agent';
    const packages = [0, 1, 2].map((k) => `npm:ai-pkg-${(i * 7 + k * 13) % USED}@1.${(i + k + versionShift) % 10}.0`);
    out.push({ type: 'entity', kind, id: `${kind}-${i}`, name: `${kind} ${i}`, last_seen: seen, attributes: { packages } });
  }
  for (let i = 0; i < OBJECTS; i += 5) {
    out.push({
      type: 'relation',
      from_kind: 'agent',
      from_id: `agent-${i + 2}`,
      relation: 'uses_mcp_server',
      to_kind: 'mcp_server',
      to_id: `mcp_server-${i}`,
    });
    out.push({
      type: 'relation',
      from_kind: 'mcp_server',
      from_id: `mcp_server-${i}`,
      relation: 'exposes_tool',
      to_kind: 'tool',
      to_id: `tool-${i + 1}`,
    });
  }
  return out;
};
const loadMs = await ingest(objectRecords(0));

// The OSV set: N records, one package each; 1 in 50 is about a package the workspace uses.
const files: Record<string, string> = {};
for (let i = 0; i < N; i++) {
  const id = `GHSA-${i.toString(36).padStart(4, '0')}-bnch-mark`;
  const name = i % 50 === 0 ? `ai-pkg-${pick(USED)}` : `other-pkg-${i}`;
  const introduced = `1.${pick(5)}.0`;
  files[`${id}.json`] = JSON.stringify({
    schema_version: '1.6.0',
    id,
    modified: '2025-06-01T00:00:00Z',
    published: '2025-05-01T00:00:00Z',
    aliases: [`CVE-2025-${10000 + i}`],
    summary: `Advisory ${i}`,
    details: 'x'.repeat(800),
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N' }],
    affected: [
      {
        package: { ecosystem: 'npm', name, purl: `pkg:npm/${name}` },
        ranges: [{ type: 'SEMVER', events: [{ introduced }, { fixed: `1.${5 + pick(5)}.0` }] }],
        database_specific: { source: 'bench' },
      },
    ],
    references: [{ type: 'ADVISORY', url: `https://example.test/${id}` }],
    database_specific: { severity: 'MODERATE' },
  });
}
const zip = join(dir, 'all.zip');
writeFileSync(zip, zipOf(files));

const port = (h.app.server.address() as AddressInfo).port;
const started = performance.now();
const run = await new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
  const child = spawn(process.execPath, ['src/cli.ts', 'advisories', 'import', zip], {
    env: { ...process.env, AISPM_URL: `http://127.0.0.1:${port}`, AISPM_TOKEN: token, AISPM_TENANT: T, AISPM_WORKSPACE: W },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  child.on('close', (code) => resolve({ code, out, err }));
});
const importMs = performance.now() - started;
if (run.code !== 0) throw new Error(run.err);
const count = async (sqlText: string) => Number((await h.db.execute<{ n: number }>({ sql: sqlText, parameters: [] } as never)).rows[0]!.n);
const open = await count(`select count(*) as n from issue_instances where source = 'advisory' and status = 'open'`);

// A scan-sized batch afterwards: 500 objects re-sent with other versions, matched against the whole set.
const rescan = objectRecords(3)
  .filter((r) => (r as { type: string }).type === 'entity')
  .slice(0, 500);
const rescanMs = await ingest(rescan);
const openAfter = await count(`select count(*) as n from issue_instances where source = 'advisory' and status = 'open'`);

console.log(
  JSON.stringify(
    {
      engine,
      advisories: N,
      zip_bytes: statSync(zip).size,
      objects: OBJECTS,
      load_objects_ms: Math.round(loadMs),
      import_ms: Math.round(importMs),
      advisories_per_s: Math.round(N / (importMs / 1000)),
      open_findings: open,
      rescan_500_objects_ms: Math.round(rescanMs),
      open_findings_after_rescan: openAfter,
    },
    null,
    1,
  ),
);
rmSync(dir, { recursive: true, force: true });
await h.close();
