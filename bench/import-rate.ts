// How fast `aispm import` writes interactions: a quick, repeatable measurement of the benchmark's
// import case (bench/run.ts) without the rest of the run. Writes N interaction lines like the
// benchmark does, creates a fresh database of the engine, migrates it, and times the real CLI
// importing the file into a fresh workspace (prompts not stored, as in the benchmark).
//
//   node bench/import-rate.ts [--engine sqlite|postgres] [--count 300000] [--runs 1] [--batch-size N] [--again]
//                             [--preload N]
//
// --preload N first imports N other interactions (untimed) into the workspace `default`, as the
// benchmark imports beside its loaded dataset (about a million interactions of the same weeks).
// --again imports the same file a second time into the same workspace (every line an unchanged
// re-send) and reports that rate too. AISPM_SQL_PROFILE=1 prints the import's time per statement.
// --node-flags="--cpu-prof --cpu-prof-dir=DIR" runs the import under those node flags. Besides the
// process's CPU the report gives its main thread's (bench/main-thread-cpu.ts): the import parses in
// a worker thread, and on SQLite the main thread, which writes, is the bound.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrate } from '../src/compose.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createDatabase, type EngineName } from '../test/helpers/harness.ts';
import { writeInteractions } from './interactions-file.ts';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    count: { type: 'string', default: '300000' },
    runs: { type: 'string', default: '1' },
    'batch-size': { type: 'string' },
    again: { type: 'boolean', default: false },
    preload: { type: 'string', default: '0' },
    'node-flags': { type: 'string', default: '' },
  },
});
const engine = values.engine as EngineName;
const count = Number(values.count);
const dir = mkdtempSync(join(tmpdir(), 'aispm-import-rate-'));
const file = join(dir, 'interactions.ndjson');
await writeInteractions(file, count, 'imp');
const preload = Number(values.preload);
const preloadFile = join(dir, 'preload.ndjson');
if (preload) await writeInteractions(preloadFile, preload, 'pre');

/** Run under /usr/bin/time where there is one: the import's own CPU seconds, less sensitive than wall time to a busy machine. */
const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

function importOnce(url: string, workspace: string, from = file): { seconds: number; cpu: number | null; mainCpu: number | null } {
  const flags = ['--import', './bench/main-thread-cpu.ts', ...(values['node-flags'] ?? '').split(' ').filter(Boolean)];
  const args = [...flags, 'src/cli.ts', '--db', url, 'import', from, '--tenant', 'demo', '--workspace', workspace];
  if (values['batch-size']) args.push('--batch-size', values['batch-size']);
  const t0 = performance.now();
  const env = { ...process.env, AISPM_STORE_PROMPTS: 'false' };
  const run = timeBin
    ? spawnSync(timeBin, ['-f', 'cpu %U %S', process.execPath, ...args], { encoding: 'utf8', env })
    : spawnSync(process.execPath, args, { encoding: 'utf8', env });
  const seconds = (performance.now() - t0) / 1000;
  const used = /^cpu ([\d.]+) ([\d.]+)\s*$/m.exec(run.stderr);
  const main = /^main-thread cpu ([\d.]+)$/m.exec(run.stderr);
  if (run.status !== 0) throw new Error(`import failed: ${run.stdout}${run.stderr}`);
  // AISPM_SQL_PROFILE=1: the import's time per statement (printed on its standard error).
  if (process.env.AISPM_SQL_PROFILE === '1' && from === file) process.stderr.write(run.stderr);
  return { seconds, cpu: used ? Number(used[1]) + Number(used[2]) : null, mainCpu: main ? Number(main[1]) : null };
}

const report = (what: string, n: number, r: { seconds: number; cpu: number | null; mainCpu: number | null }) =>
  `${engine}: ${what} ${n} interactions in ${r.seconds.toFixed(2)} s = ${Math.round(n / r.seconds)}/s` +
  (r.cpu === null ? '' : ` (import process CPU ${r.cpu.toFixed(2)} s`) +
  (r.mainCpu === null ? '' : `${r.cpu === null ? ' (' : ', '}main thread ${r.mainCpu.toFixed(2)} s`) +
  `, load ${loadavg()[0]!.toFixed(1)})`;

try {
  for (let r = 0; r < Number(values.runs); r++) {
    const database = await createDatabase(engine);
    try {
      const db = openDb(database.url);
      await migrate(db);
      await db.close();
      if (preload) {
        console.log(report('preloaded (workspace default)', preload, importOnce(database.url, 'default', preloadFile)));
      }
      console.log(report('imported', count, importOnce(database.url, 'import-bench')));
      if (values.again) console.log(report('imported again (unchanged)', count, importOnce(database.url, 'import-bench')));
    } finally {
      await database.drop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
