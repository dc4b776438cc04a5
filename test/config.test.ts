// Configuration: defaults, parsing, one-line errors, and every variable documented.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { sections } from '../scripts/config-doc.ts';
import { sectionsOf } from '../scripts/generated-sections.ts';
import { ConfigError, envNames, loadConfig, readSetting, settingGroups } from '../src/config.ts';

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

  it('checks bounds and cross-checks naming the variable', () => {
    assert.throws(() => loadConfig({ AISPM_WORKERS: '0' }), new ConfigError('AISPM_WORKERS: expected 1..64, got 0'));
    assert.throws(
      () => loadConfig({ AISPM_WEBHOOK_MAX_PAYLOAD_BYTES: '100' }),
      new ConfigError('AISPM_WEBHOOK_MAX_PAYLOAD_BYTES: expected at least 4096, got 100'),
    );
    assert.throws(() => loadConfig({}, { workers: 65 }), new ConfigError('--workers: expected 1..64, got 65'));
    assert.throws(
      () => loadConfig({ AISPM_CORS_ORIGINS: 'https://a.example, https://b.example/path' }),
      new ConfigError('AISPM_CORS_ORIGINS: an origin (scheme://host[:port], no path) or *, got "https://b.example/path"'),
    );
    assert.throws(
      () => loadConfig({ AISPM_HEADERS_TIMEOUT_MS: '5000', AISPM_REQUEST_TIMEOUT_MS: '4000' }),
      new ConfigError('AISPM_HEADERS_TIMEOUT_MS: 5000 is longer than AISPM_REQUEST_TIMEOUT_MS (4000)'),
    );
    // A flag naming no setting, or an inherited name, is not a setting.
    assert.equal(Object.hasOwn(loadConfig({}, { constructor: '1' } as never), 'constructor'), false);
  });

  it('reads the settings outside the service the same way', () => {
    assert.equal(readSetting('url', {}), 'http://127.0.0.1:8080');
    assert.equal(readSetting('sqliteDriver', { AISPM_SQLITE_DRIVER: 'better' }), 'better');
    assert.throws(
      () => readSetting('sqliteDriver', { AISPM_SQLITE_DRIVER: 'duckdb' }),
      new ConfigError('AISPM_SQLITE_DRIVER: expected one of node, better, got "duckdb"'),
    );
    assert.throws(
      () => readSetting('url', { AISPM_URL: 'ftp://x' }),
      new ConfigError('AISPM_URL: expected an http:// or https:// URL, got "ftp://x"'),
    );
  });

  it('docs/CONFIG.md tables are the declarations (regenerate: node scripts/config-doc.ts)', () => {
    const { committed, generated } = sectionsOf('docs/CONFIG.md', sections);
    assert.equal(committed, generated);
  });

  it('nothing in src/ but the settings module reads the environment', () => {
    const readers: string[] = [];
    for (const file of readdirSync(new URL('../src/', import.meta.url), { recursive: true }) as string[]) {
      if (!file.endsWith('.ts') || file === 'config.ts') continue;
      if (readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8').includes('process.env')) readers.push(file);
    }
    assert.deepEqual(readers, []);
  });

  it('documents every variable in docs/CONFIG.md', () => {
    const doc = readFileSync(new URL('../docs/CONFIG.md', import.meta.url), 'utf8');
    for (const name of Object.values(envNames)) assert.ok(doc.includes(`\`${name}\``), `${name} missing from docs/CONFIG.md`);
  });

  it('declares every AISPM_ variable the tests, scripts and benchmarks read', () => {
    const declared = new Set(settingGroups.flatMap((g) => Object.values(g.settings).map((s) => s.env)));
    const read = new Set<string>();
    for (const dir of ['test', 'scripts', 'bench']) {
      for (const file of readdirSync(new URL(`../${dir}/`, import.meta.url), { recursive: true }) as string[]) {
        if (!file.endsWith('.ts')) continue;
        const text = readFileSync(new URL(`../${dir}/${file}`, import.meta.url), 'utf8');
        for (const m of text.matchAll(/process\.env\.(AISPM_[A-Z0-9_]+)/g)) read.add(m[1]!);
      }
    }
    assert.ok(read.has('AISPM_TEST_PG'));
    assert.deepEqual(
      [...read].filter((name) => !declared.has(name)),
      [],
    );
  });
});
