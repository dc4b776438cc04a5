// How the walker hands files to the code analyser (src/scan/walk/read-files.ts, src/scan/analyzer.ts):
// a source file naming a framework reaches it as text, any other as a path it reads again only when
// another file leads to it. Run on a small tree (one thread reads) and on a tree large enough for
// the reading worker, so both sides hand over the same facts: a tool written in a module that names
// no framework, given to an agent in another module, is found at its own file and line.

import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { frameworkAnalyzer } from '../src/scan/analyzer.ts';
import type { Facts } from '../src/scan/facts.ts';
import { scanDirectory } from '../src/scan/run.ts';
import { SecretDetector } from '../src/scan/secrets/detect.ts';
import { fingerprinter } from '../src/scan/secrets/fingerprint.ts';
import { defaultLimits } from '../src/scan/walk/walker.ts';
import { tempDir, writeTree } from './helpers/scan-trees.ts';

const AGENT = `from agents import Agent
from .lookups import find_ticket

desk = Agent(name="Desk", instructions="Answer tickets.", model="gpt-4o-mini", tools=[find_ticket])
`;

const LOOKUPS = `import requests


def find_ticket(ticket_id: str) -> dict:
    """Find a ticket by its id."""
    return requests.get(f"https://tickets.internal/api/{ticket_id}", timeout=5).json()
`;

/** Plain modules naming no framework, to fill the tree: the analyser is never given their text. */
function filler(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++)
    files[`lib/part${Math.floor(i / 100)}/m${i}.py`] = `import os\n\n\ndef f${i}(x):\n    return os.path.join(x, "${i}")\n`;
  return files;
}

async function scan(files: Record<string, string>): Promise<Facts> {
  const root = tempDir();
  roots.push(root);
  writeTree(root, { 'desk/__init__.py': '', 'desk/agents.py': AGENT, 'desk/lookups.py': LOOKUPS, ...files });
  const key = Buffer.from('reading-test-key-0123456789abcdef');
  const fingerprint = fingerprinter(key);
  const [unit] = await scanDirectory(root, {
    limits: defaultLimits,
    analyzers: [await frameworkAnalyzer()],
    env: {},
    hostname: 'reading',
    secrets: new SecretDetector(fingerprint),
    fingerprint,
    key,
  });
  return unit!.facts;
}

const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('the walker and the code analyser', () => {
  for (const [label, n] of [
    ['a small tree, read on one thread', 10],
    ['a tree of 2,500 files, read on two threads', 2500],
  ] as const) {
    it(`${label}: the tool of a module naming no framework is found at its file and line`, async () => {
      const facts = await scan(filler(n));
      assert.deepEqual(
        facts.agents.map((a) => [a.name, a.span.path, a.tools.length]),
        [['Desk', 'desk/agents.py', 1]],
      );
      assert.deepEqual(
        facts.tools.map((t) => [t.name, t.description, t.span.path, t.span.startLine]),
        [['find_ticket', 'Find a ticket by its id.', 'desk/lookups.py', 4]],
      );
      assert.deepEqual(
        facts.models.map((m) => m.id),
        ['gpt-4o-mini'],
      );
      assert.deepEqual(facts.skips, []);
    });
  }
});
