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
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
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

describe('code analyser facts (engine-independent: runs once)', () => {
  it('reports the OpenAI Agents SDK case fact by fact: refs, spans, hashes, approvals, MCP servers', async () => {
    const facts = await analyse('openai-agents-python');
    const triage = facts.agents.find((a) => a.name === 'Triage')!;
    assert.deepEqual(triage, {
      ref: 'app/agents_setup.py#agent:Triage',
      name: 'Triage',
      framework: 'openai-agents',
      language: 'python',
      instructionsSha256: createHash('sha256').update('Route the customer to the right specialist.').digest('hex'),
      models: ['app/agents_setup.py#model:gpt-4.1'],
      tools: ['app/agents_setup.py#tool:WebSearchTool'],
      mcpServers: ['app/agents_setup.py#mcp:docs'],
      delegatesTo: [
        'app/agents_setup.py#agent:Spanish translator',
        'app/agents_setup.py#agent:Billing',
        'app/agents_setup.py#agent:Refunds',
      ],
      span: { path: 'app/agents_setup.py', startLine: 42, startColumn: 1, endLine: 52, endColumn: 2 },
    });
    const diagnostics = facts.tools.find((t) => t.name === 'run_diagnostics')!;
    assert.deepEqual(diagnostics, {
      ref: 'app/tools.py#tool:run_diagnostics',
      name: 'run_diagnostics',
      description: 'Run the network diagnostics script against a host.',
      framework: 'openai-agents',
      language: 'python',
      type: 'function',
      capabilities: ['shell'],
      requiresApproval: true,
      span: { path: 'app/tools.py', startLine: 15, startColumn: 1, endLine: 18, endColumn: 25 },
    });
    assert.deepEqual(
      facts.mcpServers.find((s) => s.name === 'filesystem'),
      {
        ref: 'app/agents_setup.py#mcp:filesystem',
        name: 'filesystem',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', './data'],
        package: { ecosystem: 'npm', name: '@modelcontextprotocol/server-filesystem', pinned: false },
        envNames: ['LOG_LEVEL'],
        headerNames: [],
        tools: [],
        definedIn: 'code',
        span: { path: 'app/agents_setup.py', startLine: 11, startColumn: 1, endLine: 18, endColumn: 2 },
      },
    );
    const docs = facts.mcpServers.find((s) => s.name === 'docs')!;
    assert.deepEqual(
      [docs.transport, docs.url, docs.headerNames, docs.authenticated],
      ['streamable-http', 'https://docs.example.com/mcp', ['Authorization'], true],
    );
    assert.deepEqual(
      facts.models.map((m) => [m.id, m.provider]),
      [
        ['gpt-4o-mini', 'openai'],
        ['o3-mini', 'openai'],
        ['gpt-4.1', 'openai'],
      ],
    );
    assert.ok(!facts.agents.some((a) => a.name === 'Legacy helper'), 'a local class named Agent is no agent');
    assert.ok(
      !facts.models.some((m) => m.id === 'gpt-3.5-turbo' || m.id === 'gpt-4-turbo'),
      'ids in comments and in a local class are no models',
    );
  });

  it('reads each framework human-approval setting where it has one', async () => {
    const approval = async (name: string) => Object.fromEntries((await analyse(name)).agents.map((a) => [a.name, a.humanApproval]));
    assert.deepEqual(await approval('langgraph-python'), {
      flight_assistant: undefined,
      hotel_assistant: undefined,
      supervisor: undefined,
      travel_graph: true,
    });
    assert.deepEqual(await approval('crewai'), { researcher: false, reporting_analyst: true, 'Python developer': undefined });
    assert.deepEqual(await approval('ag2'), { assistant: false, user_proxy: false, critic: true });
    assert.equal((await approval('langchain-python')).ops, true);
    const tools = async (name: string) =>
      Object.fromEntries((await analyse(name)).tools.map((t) => [t.name, [t.requiresApproval, t.capabilities]]));
    assert.deepEqual((await tools('langgraph-python')).book_flight, [true, []]);
    assert.deepEqual((await tools('google-adk')).cancel_booking, [true, []]);
    assert.deepEqual((await tools('pydantic-ai')).block_card, [true, []]);
    assert.deepEqual((await tools('vercel-ai')).deleteRecord, [true, ['network']]);
    assert.deepEqual((await tools('mastra'))['issue-refund'], [true, []]);
    assert.deepEqual((await tools('smolagents')).python_interpreter, [undefined, ['code_execution']]);
    assert.deepEqual((await tools('crewai')).CodeInterpreterTool, [undefined, ['code_execution']]);
  });

  it('gives the same facts whatever order the files come in, and twice the same', async () => {
    const root = join(corpus, 'openai-agents-python');
    const files = filesOf(root)
      .map((p) => relative(root, p))
      .filter((p) => p !== 'expected.json');
    const run = async (order: string[]) => {
      const analyser = createCodeAnalyzer();
      for (const path of order) await analyser.add({ path, text: readFileSync(join(root, path), 'utf8') });
      const facts = await analyser.finish();
      const byRef = <T extends { ref: string }>(list: T[]) => [...list].sort((a, b) => a.ref.localeCompare(b.ref));
      return { agents: byRef(facts.agents), tools: byRef(facts.tools), models: byRef(facts.models), mcpServers: byRef(facts.mcpServers) };
    };
    const first = await run(files);
    assert.deepEqual(await run([...files].reverse()), first);
    assert.deepEqual(await run(files), first);
  });

  it('keeps values of MCP servers environment and headers out of every fact', async () => {
    const analyser = createCodeAnalyzer();
    const fake = 'not-a-real-key-0123456789abcdef';
    await analyser.add({
      path: 'client.py',
      text: `from mcp import StdioServerParameters\nparams = StdioServerParameters(command="npx", args=["-y", "@acme/mcp@1.2.3"], env={"ACME_API_KEY": "${fake}"})\n`,
    });
    await analyser.add({
      path: 'client.ts',
      text: `import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';\nexport const t = new StreamableHTTPClientTransport(new URL('https://mcp.acme.test/mcp'), { requestInit: { headers: { Authorization: 'Bearer ${fake}' } } });\n`,
    });
    const facts = await analyser.finish();
    assert.equal(facts.mcpServers.length, 2);
    assert.ok(!JSON.stringify(facts).includes(fake), 'no secret value in the facts');
    const stdio = facts.mcpServers.find((s) => s.transport === 'stdio')!;
    assert.deepEqual(
      [stdio.envNames, stdio.package, stdio.authenticated],
      [['ACME_API_KEY'], { ecosystem: 'npm', name: '@acme/mcp', version: '1.2.3', pinned: true }, true],
    );
    const http = facts.mcpServers.find((s) => s.transport === 'streamable-http')!;
    assert.deepEqual([http.headerNames, http.authenticated, http.url], [['Authorization'], true, 'https://mcp.acme.test/mcp']);
  });

  it('wants source files, manifests and CrewAI YAML, nothing else', () => {
    for (const path of [
      'a.py',
      'src/a.ts',
      'b.tsx',
      'c.mjs',
      'd.cjs',
      'e.jsx',
      'package.json',
      'x/package-lock.json',
      'pnpm-lock.yaml',
      'requirements-dev.txt',
      'pyproject.toml',
      'poetry.lock',
      'uv.lock',
      'config/agents.yaml',
      'config/tasks.yml',
    ]) {
      assert.equal(wantsFile(path), true, path);
    }
    for (const path of ['types.d.ts', 'README.md', 'tsconfig.json', '.cursor/mcp.json', 'settings.yaml', 'x.pyc', 'Makefile'])
      assert.equal(wantsFile(path), false, path);
  });

  it('turns malformed, binary and oversized files into skips naming the file and line, and reads the rest', async () => {
    const analyser = createCodeAnalyzer({ maxFileBytes: 4096 });
    await analyser.add({ path: 'broken.py', text: 'from agents import Agent\n\nagent = Agent(name="Half", model="gpt-4o"\n\ndef (:\n' });
    await analyser.add({ path: 'ok.py', text: 'from agents import Agent\nok = Agent(name="Fine", model="gpt-4o")\n' });
    await analyser.add({ path: 'broken.ts', text: "import { Agent } from '@openai/agents';\nconst a = new Agent({ name: 'Half' ;\n" });
    await analyser.add({ path: 'package.json', text: '{\n  "dependencies": {\n    "openai": "1.0.0",\n  }\n}\n' });
    await analyser.add({ path: 'pyproject.toml', text: '[project]\nname = "x"\ndependencies = ["openai"\n' });
    await analyser.add({ path: 'config/agents.yaml', text: 'researcher:\n  role: "a\n  goal: [\n' });
    await analyser.add({ path: 'blob.py', text: 'from agents import Agent\n\0\0\0' });
    await analyser.add({ path: 'huge.py', text: `from agents import Agent\n${'x = 1\n'.repeat(2000)}` });
    await analyser.add({
      path: 'dist/agent.js',
      text: "import { Agent } from '@openai/agents';\nnew Agent({ name: 'Twice' });\n//# sourceMappingURL=agent.js.map\n",
    });
    const facts = await analyser.finish();
    const skips = Object.fromEntries(facts.skips.map((s) => [s.path, [s.reason, s.line]]));
    assert.deepEqual(skips['broken.py']?.[0], 'malformed');
    assert.equal(typeof skips['broken.py']?.[1], 'number');
    assert.deepEqual(skips['broken.ts']?.[0], 'malformed');
    assert.deepEqual(skips['package.json'], ['malformed', 4]);
    assert.deepEqual(skips['pyproject.toml']?.[0], 'malformed');
    assert.deepEqual(skips['config/agents.yaml']?.[0], 'malformed');
    assert.deepEqual(skips['blob.py'], ['binary', undefined]);
    assert.deepEqual(skips['huge.py'], ['too_large', undefined]);
    assert.deepEqual(skips['dist/agent.js'], ['generated', undefined]);
    assert.ok(!facts.agents.some((a) => a.name === 'Twice'), 'compiled output is not read');
    assert.ok(
      facts.agents.some((a) => a.name === 'Fine'),
      'the well-formed file is read',
    );
  });

  it('never throws on arbitrary text in any file it wants, and every ref it reports resolves', async () => {
    const paths = [
      'a.py',
      'b.ts',
      'c.js',
      'package.json',
      'requirements.txt',
      'pyproject.toml',
      'uv.lock',
      'pnpm-lock.yaml',
      'config/agents.yaml',
      'config/tasks.yaml',
    ];
    const pieces = [
      'from agents import Agent, function_tool\n',
      "import { Agent, tool } from '@openai/agents';\n",
      'Agent(name=',
      'tools=[',
      '{',
      '}',
      '(',
      ')',
      '"',
      "'",
      '\n',
      '@function_tool\n',
      'def f(x):\n  pass\n',
      '[[package]]\n',
      'name: x\n',
      '\\',
      '\u0000',
      '\u{1F600}',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...paths), fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string()), { maxLength: 30 })), {
          maxLength: 6,
        }),
        async (files) => {
          const analyser = createCodeAnalyzer();
          for (const [path, parts] of files) await analyser.add({ path, text: parts.join('') });
          const facts = await analyser.finish();
          keys(facts);
          const refs = [...facts.agents, ...facts.tools, ...facts.models, ...facts.mcpServers].map((f) => f.ref);
          assert.equal(new Set(refs).size, refs.length, 'refs are unique');
        },
      ),
      { numRuns: 150 },
    );
  });
});
