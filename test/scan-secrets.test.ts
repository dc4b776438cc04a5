// The secret detectors on their own: every rule of secretlint's recommended preset finds its sample
// (test/helpers/secret-samples.ts), the byte prefilter lets every sample through (it must never
// hide a file a rule would report), and a preset update that adds a rule without a sample here
// fails, so the prefilter's anchors are reviewed with it. Facts carry fingerprints and previews,
// never values.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { rules } from '@secretlint/secretlint-rule-preset-recommend';
import { lint, SecretDetector } from '../src/scan/secrets/detect.ts';
import { fingerprinter, previewOf } from '../src/scan/secrets/fingerprint.ts';
import { mayHoldSecret } from '../src/scan/secrets/prefilter.ts';
import { secretSamples } from './helpers/secret-samples.ts';

const short = (id: string) => id.replace('@secretlint/secretlint-rule-', '');

it('every rule of the preset has a sample, finds it, and the prefilter lets it through', async () => {
  const samples = secretSamples();
  const presetRules = (rules as { meta: { id: string } }[]).map((r) => short(r.meta.id)).filter((id) => id !== 'filter-comments');
  assert.deepEqual(Object.keys(samples).sort(), presetRules.sort());
  for (const [rule, { file, text }] of Object.entries(samples)) {
    const found = (await lint(file, text)).map((m) => short(m.ruleId));
    assert.ok(found.includes(rule), `${rule}: ${found}`);
    assert.ok(mayHoldSecret(Buffer.from(text)), `the prefilter hides the ${rule} sample`);
  }
});

it('the prefilter passes over ordinary code, URLs without credentials and the word account', () => {
  for (const text of [
    'import os\nprint("https://example.com/path?x=1")\n',
    'const account = getAccount(user.id);\nfetch(new URL(account.path, "https://api.example.com/v1/"));\n',
    '# Secrets are read from the environment: see docs/secrets.md\n',
  ])
    assert.equal(mayHoldSecret(Buffer.from(text)), false, text);
});

it('a fact holds the fingerprint and a preview, never the value; the same value gives the same fingerprint', async () => {
  const detector = new SecretDetector(fingerprinter(Buffer.from('k'.repeat(32))));
  const { text } = secretSamples().github!;
  const value = /ghp_\w+/.exec(text)![0];
  const [a] = await detector.detect({ path: 'a.py', bytes: Buffer.from(text), binary: false });
  const [b] = await detector.detect({ path: 'b/c.py', bytes: Buffer.from(`\n\n${text}`), binary: false });
  assert.equal(a!.fingerprint, b!.fingerprint);
  assert.equal(a!.preview, previewOf(value));
  assert.equal(a!.preview, `ghp_…(${value.length})`);
  assert.equal(b!.span.startLine, 3);
  assert.ok(!JSON.stringify([a, b]).includes(value.slice(4)));
  const other = new SecretDetector(fingerprinter(Buffer.from('j'.repeat(32))));
  const [c] = await other.detect({ path: 'a.py', bytes: Buffer.from(text), binary: false });
  assert.notEqual(c!.fingerprint, a!.fingerprint, 'another key, another fingerprint');
});
