// Precision and recall of `aispm scan` over the labelled corpus of test/fixtures/scan/ (the script
// scripts/scan-accuracy.ts computes them; docs/SCAN.md reports them): each at 0.95 or more for
// every type the corpus labels, the MCP servers of every client format and the secrets of every
// kind among them. The code analysers' cases (agents, tools and models in code) join the same
// corpus and are held to the same bar.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { measure, THRESHOLD } from '../scripts/scan-accuracy.ts';

it('precision and recall are at least 0.95 for every labelled type', { timeout: 300_000 }, async () => {
  const { scores, cases } = await measure();
  const types = scores.map((s) => s.type);
  for (const t of ['agents', 'mcpServers', 'secrets', 'relations']) assert.ok(types.includes(t as never), `${t} is labelled`);
  assert.ok(cases.length >= 12);
  for (const s of scores) {
    const misses = cases.flatMap((c) => [
      ...(c.missed[s.type] ?? []).map((k) => `${c.name} missed ${k}`),
      ...(c.extra[s.type] ?? []).map((k) => `${c.name} unexpected ${k}`),
    ]);
    assert.ok(s.precision >= THRESHOLD, `${s.type} precision ${s.precision}: ${misses.join('; ')}`);
    assert.ok(s.recall >= THRESHOLD, `${s.type} recall ${s.recall}: ${misses.join('; ')}`);
  }
});
