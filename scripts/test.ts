// npm test: every behaviour suite under test/, on SQLite and PostgreSQL, with node's test runner.
// Files run three at a time: each owns its databases, so they never share state.
//
// First it makes sure of what the suites need besides node_modules (scripts/test-prerequisites.ts):
// PostgreSQL running (started when installed but down) and, when a browser suite is among
// the files, a Chromium to drive (Debian's installed when it can be). What is missing and cannot be
// obtained is said in one line, before any test runs.

import { spawnSync } from 'node:child_process';
import { ensureChromium, ensurePostgres, Missing } from './test-prerequisites.ts';

/** The suites that drive Chromium: the reference page and the console's. */
const BROWSER_SUITES = /reference-page|console/;

const extra = process.argv.slice(2);
const files = extra.filter((a) => !a.startsWith('-'));
const flags = extra.filter((a) => a.startsWith('-'));
const env = { ...process.env };
try {
  await ensurePostgres();
  if (files.length === 0 || files.some((f) => BROWSER_SUITES.test(f))) env.AISPM_CHROMIUM = ensureChromium();
} catch (err) {
  if (!(err instanceof Missing)) throw err;
  process.stderr.write(`npm test: ${err.message}\n`);
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--test', '--test-concurrency=3', '--test-reporter=spec', ...flags, ...(files.length ? files : ['test/**/*.test.ts'])],
  { stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
