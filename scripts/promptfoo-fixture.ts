// Regenerates test/fixtures/promptfoo/results.json: a real `promptfoo eval` of
// test/fixtures/promptfoo/promptfooconfig.yaml against the local stand-in for the OpenAI API that
// the tests use (test/helpers/mock-openai.ts), offline. promptfoo is not a dependency of this
// repository: install it in a scratch directory first and name that directory.
//
//   mkdir /tmp/pf && cd /tmp/pf && npm init -y && npm i promptfoo@0.121.20
//   node scripts/promptfoo-fixture.ts /tmp/pf

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startMockOpenAI } from '../test/helpers/mock-openai.ts';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: node scripts/promptfoo-fixture.ts DIR (where `npm i promptfoo` was run)\n');
  process.exit(2);
}
const fixtures = resolve(import.meta.dirname, '../test/fixtures/promptfoo');
const mock = await startMockOpenAI();
try {
  // Spawned, not run synchronously: this process's server answers promptfoo's requests meanwhile.
  const child = spawn(
    join(resolve(dir), 'node_modules/.bin/promptfoo'),
    // Relative paths, run from the fixture's folder: the results name their output path, and no path of this machine belongs there.
    ['eval', '-c', 'promptfooconfig.yaml', '-o', 'results.json', '--no-cache', '--no-progress-bar'],
    {
      cwd: fixtures,
      stdio: 'inherit',
      env: {
        ...process.env,
        OPENAI_API_KEY: 'sk-test-not-a-key',
        OPENAI_BASE_URL: mock.url,
        PROMPTFOO_DISABLE_TELEMETRY: '1',
        PROMPTFOO_DISABLE_UPDATE: '1',
        PROMPTFOO_DISABLE_SHARING: '1',
        PROMPTFOO_DISABLE_REMOTE_GENERATION: 'true',
        PROMPTFOO_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'promptfoo-')),
      },
    },
  );
  const status = await new Promise<number | null>((done) => child.on('exit', done));
  process.stderr.write(
    `promptfoo exited ${status} (100 when asserts failed, as they are meant to); ${mock.requests.length} requests answered\n`,
  );
} finally {
  await mock.close();
}
