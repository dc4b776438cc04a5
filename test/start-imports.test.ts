// What `aispm serve` loads to start. Most of a start is loading modules (BENCHMARKS.md, start to
// /readyz), so packages that only some commands or settings need are imported where they are used:
// Redis (AISPM_REDIS_URL), the OIDC client (a provider configured, at the first sign-in), YAML
// (`controls apply`), the CVSS calculator (advisory imports) and the zip reader (OSV zips). This
// starts the service as an operator does and checks that none of them was loaded, and that the
// ones a request needs were. Likewise Node's bundled undici, which an ES-module import of node:http
// loads (src/platform/http/node-http.ts). And TypeBox and Kysely come from the bundles `npm install`
// made of them (src/platform/bundled-packages.ts), not from their ~940 files.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createDatabase, engineNames, type TestDatabase } from './helpers/harness.ts';

const hook = fileURLToPath(new URL('./helpers/module-log.mjs', import.meta.url));
const notAtStart = ['ioredis', 'openid-client', 'jose', 'ae-cvss-calculator', 'yauzl'];

/**
 * The packages (by their node_modules folder) a started `aispm serve` had loaded when it answered
 * /readyz, and Node's internal modules it had loaded (`node:internal/…`).
 */
async function packagesAtStart(db: string): Promise<Set<string>> {
  const log = join(mkdtempSync(join(tmpdir(), 'aispm-modules-')), 'modules.txt');
  const child = spawn(process.execPath, ['--import', hook, 'bin/aispm.js', '--db', db, 'serve', '--port', '0'], {
    env: { ...process.env, AISPM_LOG_LEVEL: 'info', AISPM_MODULE_LOG: log, AISPM_REDIS_URL: undefined, AISPM_DB: undefined },
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const found = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"serving"/.exec(out)?.[1];
      if (found) resolve(found);
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code} before serving: ${out}`)));
  });
  assert.equal((await fetch(`${url}/readyz`)).status, 200);
  child.removeAllListeners('exit');
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  const packages = new Set<string>();
  for (const u of readFileSync(log, 'utf8').split('\n')) {
    const bundle = /\/node_modules\/\.cache\/aispm-bundles\/([^/]+)\.mjs$/.exec(u);
    const m = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u);
    if (bundle) packages.add(`bundle:${bundle[1]}`);
    else if (m) packages.add(m[1]!);
    else if (u.startsWith('node:internal/')) packages.add(u);
  }
  return packages;
}

for (const engine of engineNames) {
  describe(`aispm serve loads what a start needs [${engine}]`, () => {
    let database: TestDatabase;
    let packages: Set<string>;
    before(async () => {
      database = await createDatabase(engine);
      packages = await packagesAtStart(database.url);
    });
    after(() => database.drop());

    it('loads the server, the database driver, and the schema library and query builder from their bundles', () => {
      for (const p of [
        'fastify',
        engine === 'sqlite' ? 'better-sqlite3' : 'pg',
        'bundle:kysely',
        'bundle:typebox',
        'bundle:typebox-compile',
      ])
        assert.ok(packages.has(p), p);
      // Not one file of either package itself: one process never holds two copies of a package.
      assert.deepEqual(
        ['kysely', 'typebox'].filter((p) => packages.has(p)),
        [],
      );
    });

    it('leaves the packages of other commands and settings unloaded', () => {
      assert.deepEqual(
        notAtStart.filter((p) => packages.has(p)),
        [],
      );
    });

    it('does not load the undici bundled with Node (fetch, WebSocket)', () => {
      assert.ok(packages.has('node:internal/errors'), 'the internal modules were recorded');
      assert.deepEqual(
        [...packages].filter((p) => p.includes('undici')),
        [],
      );
    });
  });
}
