// Configuration: defaults, parsing, one-line errors, and every variable documented.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ConfigError, envNames, loadConfig } from '../src/config.ts';

describe('config', () => {
  it('has documented defaults', () => {
    const c = loadConfig({});
    assert.equal(c.db, 'sqlite:./data/aispm.db');
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.port, 8080);
  });

  it('reads the environment, then flags', () => {
    const c = loadConfig({ AISPM_PORT: '9000', AISPM_DB: 'postgres://x@y/z', AISPM_STORE_PROMPTS: 'false' }, { port: '9100' });
    assert.deepEqual([c.port, c.db, c.storePrompts], [9100, 'postgres://x@y/z', false]);
  });

  it('refuses bad values naming the variable', () => {
    assert.throws(() => loadConfig({ AISPM_PORT: 'eighty' }), new ConfigError('AISPM_PORT: expected a whole number, got "eighty"'));
    assert.throws(() => loadConfig({ AISPM_DB: 'oracle:x' }), /^Error: AISPM_DB: expected sqlite:<path> or a postgres:\/\/ URL/);
    assert.throws(() => loadConfig({ AISPM_MIGRATE: 'maybe' }), new ConfigError('AISPM_MIGRATE: expected true or false, got "maybe"'));
    assert.throws(() => loadConfig({ AISPM_LOG_LEVEL: 'loud' }), /AISPM_LOG_LEVEL: expected one of/);
  });

  it('documents every variable in docs/CONFIG.md', () => {
    const doc = readFileSync(new URL('../docs/CONFIG.md', import.meta.url), 'utf8');
    for (const name of Object.values(envNames)) assert.ok(doc.includes(`\`${name}\``), `${name} missing from docs/CONFIG.md`);
  });

  it('documents every AISPM_ variable the code reads outside the config too (CLI queries, tests, tools)', () => {
    const doc = readFileSync(new URL('../docs/CONFIG.md', import.meta.url), 'utf8');
    const read = new Set<string>();
    for (const dir of ['src', 'test', 'scripts', 'bench']) {
      for (const file of readdirSync(new URL(`../${dir}/`, import.meta.url), { recursive: true }) as string[]) {
        if (!file.endsWith('.ts')) continue;
        const text = readFileSync(new URL(`../${dir}/${file}`, import.meta.url), 'utf8');
        for (const m of text.matchAll(/process\.env\.(AISPM_[A-Z0-9_]+)/g)) read.add(m[1]!);
      }
    }
    assert.ok(read.has('AISPM_URL') && read.has('AISPM_TOKEN'));
    for (const name of read) assert.ok(doc.includes(`\`${name}\``), `${name} missing from docs/CONFIG.md`);
  });
});
