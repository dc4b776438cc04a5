// npm test: every behaviour suite under test/, on SQLite and PostgreSQL, with node's test runner.
// Files run three at a time: each owns its databases, so they never share state.

import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const files = extra.filter((a) => !a.startsWith('-'));
const flags = extra.filter((a) => a.startsWith('-'));
const result = spawnSync(
  process.execPath,
  ['--test', '--test-concurrency=3', '--test-reporter=spec', ...flags, ...(files.length ? files : ['test/**/*.test.ts'])],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
