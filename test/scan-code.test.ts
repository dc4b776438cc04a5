// The code analyser of `aispm scan` (src/scan/code/) over the labelled corpus of test/fixtures/scan/:
// one small project per framework and language, with the objects a reader of the code expects
// written beside it (expected.json). Precision and recall per type (agents, tools, models, MCP
// servers declared in code, relations, packages) must each be at least 0.95 over the corpus, and a
// few key cases are checked fact by fact (names, spans, refs, relations, approvals).
//
// The analyser is a library that reads text and touches no database, so these tests run once, not
// once per engine. A case counts here when every file in it is one the code analyser reads (cases of
// MCP client configurations and secrets belong to the rest of the scanner).

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import type { Facts } from '../src/scan/facts.ts';
import { createCodeAnalyzer, wantsFile } from '../src/scan/code/index.ts';

const corpus = join(import.meta.dirname, 'fixtures/scan');

interface Expected {
  agents?: { name: string; framework?: string; path: string; line: number }[];
  tools?: { name: string; path: string; line: number }[];
  models?: { id: string; path: string; line: number }[];
  mcpServers?: { name: string; path: string; line: number }[];
  relations?: { from: string; relation: string; to: string }[];
  packages?: { ecosystem: string; name: string; version?: string }[];
}

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path) : [path];
  });
}

function codeCases(): string[] {
  return readdirSync(corpus)
    .filter((name) => statSync(join(corpus, name)).isDirectory())
    .filter((name) => {
      const files = filesOf(join(corpus, name)).map((p) => relative(join(corpus, name), p));
      return files.includes('expected.json') && files.every((p) => p === 'expected.json' || wantsFile(p));
    })
    .sort();
}

async function analyse(name: string): Promise<Facts> {
  const root = join(corpus, name);
  const analyser = createCodeAnalyzer();
  for (const path of filesOf(root)) {
    const rel = relative(root, path).split('\\').join('/');
    if (rel !== 'expected.json') await analyser.add({ path: rel, text: readFileSync(path, 'utf8') });
  }
  return analyser.finish();
}

/** The facts as the keys expected.json compares: type, name or id, path and start line; relations by their ends. */
function keys(facts: Facts): Record<string, string[]> {
  const names = new Map<string, string>();
  for (const a of facts.agents) names.set(a.ref, `agent:${a.name}`);
  for (const t of facts.tools) names.set(t.ref, `tool:${t.name}`);
  for (const m of facts.models) names.set(m.ref, `model:${m.id}`);
  for (const s of facts.mcpServers) names.set(s.ref, `mcp_server:${s.name}`);
  const relations: string[] = [];
  const rel = (from: string, relation: string, to: string) => {
    assert.ok(names.has(to), `${from} ${relation} points at ${to}, which is no fact`);
    relations.push(`${names.get(from)} ${relation} ${names.get(to)}`);
  };
  for (const a of facts.agents) {
    for (const r of a.models) rel(a.ref, 'uses_model', r);
    for (const r of a.tools) rel(a.ref, 'uses_tool', r);
    for (const r of a.mcpServers) rel(a.ref, 'uses_mcp_server', r);
    for (const r of a.delegatesTo) rel(a.ref, 'delegates_to', r);
  }
  for (const s of facts.mcpServers) for (const r of s.tools) rel(s.ref, 'exposes_tool', r);
  return {
    agents: facts.agents.map((a) => `${a.name} ${a.span.path}:${a.span.startLine}`),
    tools: facts.tools.map((t) => `${t.name} ${t.span.path}:${t.span.startLine}`),
    models: facts.models.map((m) => `${m.id} ${m.span.path}:${m.span.startLine}`),
    mcpServers: facts.mcpServers.filter((s) => s.definedIn === 'code').map((s) => `${s.name} ${s.span.path}:${s.span.startLine}`),
    relations,
    packages: facts.packages.map((p) => `${p.ecosystem} ${p.name} ${p.version ?? ''}`),
  };
}

function expectedKeys(e: Expected): Record<string, string[]> {
  return {
    agents: (e.agents ?? []).map((a) => `${a.name} ${a.path}:${a.line}`),
    tools: (e.tools ?? []).map((t) => `${t.name} ${t.path}:${t.line}`),
    models: (e.models ?? []).map((m) => `${m.id} ${m.path}:${m.line}`),
    mcpServers: (e.mcpServers ?? []).map((s) => `${s.name} ${s.path}:${s.line}`),
    relations: (e.relations ?? []).map((r) => `${r.from} ${r.relation} ${r.to}`),
    packages: (e.packages ?? []).map((p) => `${p.ecosystem} ${p.name} ${p.version ?? ''}`),
  };
}

interface Tally {
  truePositives: number;
  found: number;
  expected: number;
  misses: string[];
}

/** Matches found against expected as multisets: what matches counts once on each side. */
function tally(found: string[], expected: string[], where: string, into: Tally): void {
  const left = new Map<string, number>();
  for (const k of found) left.set(k, (left.get(k) ?? 0) + 1);
  for (const k of expected) {
    const n = left.get(k) ?? 0;
    if (n > 0) {
      into.truePositives++;
      left.set(k, n - 1);
    } else into.misses.push(`${where}: missed ${k}`);
  }
  for (const [k, n] of left) for (let i = 0; i < n; i++) into.misses.push(`${where}: extra ${k}`);
  into.found += found.length;
  into.expected += expected.length;
}

const types = ['agents', 'tools', 'models', 'mcpServers', 'relations', 'packages'] as const;

describe('code analyser over the labelled corpus (engine-independent: runs once)', () => {
  it('precision and recall are at least 0.95 for every type', async () => {
    const cases = codeCases();
    assert.ok(cases.length >= 1, 'the corpus has code cases');
    const totals = Object.fromEntries(types.map((t) => [t, { truePositives: 0, found: 0, expected: 0, misses: [] } as Tally])) as Record<
      (typeof types)[number],
      Tally
    >;
    for (const name of cases) {
      const facts = await analyse(name);
      assert.deepEqual(facts.secrets, [], `${name}: the code analyser reports no secrets`);
      const expected = JSON.parse(readFileSync(join(corpus, name, 'expected.json'), 'utf8')) as Expected;
      const got = keys(facts);
      const want = expectedKeys(expected);
      for (const t of types) tally(got[t]!, want[t]!, `${name} ${t}`, totals[t]);
    }
    const lines = types.map((t) => {
      const { truePositives, found, expected } = totals[t];
      const precision = found ? truePositives / found : 1;
      const recall = expected ? truePositives / expected : 1;
      return {
        t,
        precision,
        recall,
        line: `${t.padEnd(11)} precision ${precision.toFixed(3)} recall ${recall.toFixed(3)} (${truePositives} of ${expected} expected, ${found} found)`,
      };
    });
    process.stdout.write(`# code analyser over ${cases.length} cases\n${lines.map((l) => `# ${l.line}`).join('\n')}\n`);
    const misses = types.flatMap((t) => totals[t].misses);
    for (const l of lines) {
      assert.ok(l.precision >= 0.95 && l.recall >= 0.95, `${l.line}\n${misses.join('\n')}`);
    }
  });
});
