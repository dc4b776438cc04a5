// Precision and recall of `aispm scan` per object type over the labelled corpus of
// test/fixtures/scan/<case>/: each case is a small project with `expected.json` beside its files
// (docs/SCAN.md, "Accuracy"). A case is copied to a temporary directory and scanned there, with
// `{{secret:<kind>}}`, `{{private-key}}` and `{{certificate:<days>}}` in its files replaced by
// values made for the run, so no secret-shaped string is committed. A case whose expected.json
// says `"host": true` is read as a home directory (`aispm scan --host`).
//
// An object matches when its type, name (or id, or rule), path and line agree; a relation when its
// two ends' types and names and the relation do; a package by ecosystem, name and version.
//
//   node scripts/scan-accuracy.ts [--json]      prints the table (or JSON); exit 1 under 0.95

import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { frameworkAnalyzer } from '../src/scan/analyzer.ts';
import type { Facts } from '../src/scan/facts.ts';
import { scanDirectory, scanHost } from '../src/scan/run.ts';
import { SecretDetector } from '../src/scan/secrets/detect.ts';
import { fingerprinter } from '../src/scan/secrets/fingerprint.ts';
import { defaultLimits } from '../src/scan/walk/walker.ts';
import { certificatePem, privateKeyPem, synthetic, tempDir } from '../test/helpers/scan-trees.ts';

export const TYPES = ['agents', 'tools', 'models', 'mcpServers', 'secrets', 'relations', 'packages'] as const;
export type ObjectType = (typeof TYPES)[number];
export const THRESHOLD = 0.95;

interface Expected {
  host?: boolean;
  agents?: { name: string; path: string; line: number }[];
  tools?: { name: string; path: string; line: number }[];
  models?: { id: string; path: string; line: number }[];
  mcpServers?: { name: string; path: string; line: number }[];
  secrets?: { rule: string; path: string; line: number }[];
  relations?: { from: string; relation: string; to: string }[];
  packages?: { ecosystem: string; name: string; version?: string }[];
}

export interface Score {
  type: ObjectType;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
}

const CORPUS = new URL('../test/fixtures/scan/', import.meta.url).pathname;

/** The keys a case's facts are compared by, per type. */
function keysOfFacts(f: Facts): Record<ObjectType, string[]> {
  const byRef = new Map<string, string>();
  for (const a of f.agents) byRef.set(a.ref, `agent:${a.name}`);
  for (const t of f.tools) byRef.set(t.ref, `tool:${t.name}`);
  for (const m of f.models) byRef.set(m.ref, `model:${m.id}`);
  for (const s of f.mcpServers) byRef.set(s.ref, `mcp_server:${s.name}`);
  const relations: string[] = [];
  const rel = (from: string, relation: string, refs: string[]) => {
    for (const r of refs) if (byRef.has(r)) relations.push(`${from} ${relation} ${byRef.get(r)}`);
  };
  for (const a of f.agents) {
    const from = byRef.get(a.ref)!;
    rel(from, 'uses_model', a.models);
    rel(from, 'uses_tool', a.tools);
    rel(from, 'uses_mcp_server', a.mcpServers);
    rel(from, 'delegates_to', a.delegatesTo);
  }
  for (const s of f.mcpServers) rel(byRef.get(s.ref)!, 'exposes_tool', s.tools);
  return {
    agents: f.agents.map((a) => `${a.name}@${a.span.path}:${a.span.startLine}`),
    tools: f.tools.map((t) => `${t.name}@${t.span.path}:${t.span.startLine}`),
    models: f.models.map((m) => `${m.id}@${m.span.path}:${m.span.startLine}`),
    mcpServers: f.mcpServers.map((s) => `${s.name}@${s.span.path}:${s.span.startLine}`),
    secrets: f.secrets.map((s) => `${s.rule}@${s.span.path}:${s.span.startLine}`),
    relations,
    packages: f.packages.map((p) => `${p.ecosystem}:${p.name}@${p.version ?? ''}`),
  };
}

function keysOfExpected(e: Expected): Record<ObjectType, string[]> {
  return {
    agents: (e.agents ?? []).map((a) => `${a.name}@${a.path}:${a.line}`),
    tools: (e.tools ?? []).map((t) => `${t.name}@${t.path}:${t.line}`),
    models: (e.models ?? []).map((m) => `${m.id}@${m.path}:${m.line}`),
    mcpServers: (e.mcpServers ?? []).map((s) => `${s.name}@${s.path}:${s.line}`),
    secrets: (e.secrets ?? []).map((s) => `${s.rule}@${s.path}:${s.line}`),
    relations: (e.relations ?? []).map((r) => `${r.from} ${r.relation} ${r.to}`),
    packages: (e.packages ?? []).map((p) => `${p.ecosystem}:${p.name}@${p.version ?? ''}`),
  };
}

/** A copy of the case with its placeholders filled. */
function materialise(caseDir: string): string {
  const dir = tempDir('aispm-accuracy-');
  cpSync(caseDir, dir, { recursive: true, filter: (src) => !src.endsWith('expected.json') });
  const fill = (path: string) => {
    for (const name of readdirSync(path)) {
      const p = join(path, name);
      if (statSync(p).isDirectory()) fill(p);
      else {
        const text = readFileSync(p, 'utf8');
        if (!text.includes('{{')) continue;
        writeFileSync(
          p,
          text
            .replace(/\{\{secret:(\w+)\}\}/g, (_, kind: keyof typeof synthetic) => {
              if (!synthetic[kind]) throw new Error(`${p}: no synthetic secret of kind ${kind}`);
              return synthetic[kind]();
            })
            .replace(/\{\{private-key\}\}\n?/g, () => privateKeyPem())
            .replace(/\{\{certificate:(\d+)\}\}\n?/g, (_, days: string) => certificatePem(Number(days))),
        );
      }
    }
  };
  fill(dir);
  return dir;
}

export interface CaseResult {
  name: string;
  missed: Partial<Record<ObjectType, string[]>>;
  extra: Partial<Record<ObjectType, string[]>>;
}

export async function measure(): Promise<{ scores: Score[]; cases: CaseResult[] }> {
  const fingerprint = fingerprinter(Buffer.from('accuracy-corpus-key-0123456789'));
  const analyzer = await frameworkAnalyzer();
  const options = {
    limits: defaultLimits,
    analyzers: analyzer ? [analyzer] : [],
    env: {},
    hostname: 'accuracy',
    secrets: new SecretDetector(fingerprint),
    fingerprint,
  };
  const totals = new Map<ObjectType, { tp: number; fp: number; fn: number }>(TYPES.map((t) => [t, { tp: 0, fp: 0, fn: 0 }]));
  const cases: CaseResult[] = [];
  for (const name of readdirSync(CORPUS).sort()) {
    const caseDir = join(CORPUS, name);
    if (!statSync(caseDir).isDirectory()) continue;
    const expected = JSON.parse(readFileSync(join(caseDir, 'expected.json'), 'utf8')) as Expected;
    const dir = materialise(caseDir);
    try {
      const facts = expected.host ? (await scanHost(dir, options)).facts : mergeUnits(await scanDirectory(dir, options));
      const got = keysOfFacts(facts);
      const want = keysOfExpected(expected);
      const result: CaseResult = { name, missed: {}, extra: {} };
      for (const t of TYPES) {
        // A type the case does not label is not scored on it (a secrets case says nothing of agents).
        if (!(t in expected)) continue;
        const left = [...want[t]];
        let tp = 0;
        const extra: string[] = [];
        for (const k of got[t]) {
          const i = left.indexOf(k);
          if (i >= 0) {
            left.splice(i, 1);
            tp++;
          } else extra.push(k);
        }
        const s = totals.get(t)!;
        s.tp += tp;
        s.fp += extra.length;
        s.fn += left.length;
        if (left.length) result.missed[t] = left;
        if (extra.length) result.extra[t] = extra;
      }
      cases.push(result);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const scores = TYPES.filter((t) => {
    const s = totals.get(t)!;
    return s.tp + s.fp + s.fn > 0;
  }).map((type) => {
    const { tp, fp, fn } = totals.get(type)!;
    return {
      type,
      truePositives: tp,
      falsePositives: fp,
      falseNegatives: fn,
      precision: tp + fp ? tp / (tp + fp) : 1,
      recall: tp + fn ? tp / (tp + fn) : 1,
    };
  });
  return { scores, cases };
}

function mergeUnits(units: { facts: Facts }[]): Facts {
  const [first, ...rest] = units.map((u) => u.facts);
  for (const f of rest) for (const k of Object.keys(f) as (keyof Facts)[]) (first![k] as unknown[]).push(...(f[k] as unknown[]));
  return first!;
}

export function table(scores: Score[]): string {
  const rows = [
    '| type | precision | recall | true positives | false positives | false negatives |',
    '|---|---|---|---|---|---|',
    ...scores.map(
      (s) =>
        `| ${s.type} | ${s.precision.toFixed(3)} | ${s.recall.toFixed(3)} | ${s.truePositives} | ${s.falsePositives} | ${s.falseNegatives} |`,
    ),
  ];
  return rows.join('\n');
}

if (import.meta.main) {
  const { scores, cases } = await measure();
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify({ scores, cases }, null, 2)}\n`);
  else {
    process.stdout.write(`${table(scores)}\n`);
    for (const c of cases) {
      for (const [t, keys] of Object.entries(c.missed)) process.stdout.write(`  ${c.name}: missed ${t}: ${keys.join(', ')}\n`);
      for (const [t, keys] of Object.entries(c.extra)) process.stdout.write(`  ${c.name}: unexpected ${t}: ${keys.join(', ')}\n`);
    }
  }
  if (scores.some((s) => s.precision < THRESHOLD || s.recall < THRESHOLD)) process.exitCode = 1;
}
