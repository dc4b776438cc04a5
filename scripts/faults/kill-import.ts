// kill -9 in the middle of `aispm import`: the database opens cleanly afterwards (SQLite
// integrity_check), holds exactly the batches the import acknowledged (plus, at most, the one whose
// acknowledgement the kill cut off), and running the same import again converges to the state of
// one clean import, with no duplicates.
//
//   node scripts/faults/kill-import.ts [--engine sqlite|postgres] [--after 5]

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createDatabase, type EngineName } from '../../test/helpers/harness.ts';
import { CLI, cli, compareStates, killScriptArgs, inspect, referenceState, rowCount, sleep, tempDir, writeDataset } from './common.ts';

export interface KillImportReport {
  engine: EngineName;
  lines: number;
  batchSize: number;
  /** Lines of the batches acknowledged before the kill. */
  acknowledged: number;
  /** Lines the database held after the kill: `acknowledged`, or one batch more. */
  found: number;
  integrity: string;
  /** Differences from the acknowledged state (empty when it matched). */
  afterKill: string[];
  /** Differences between the re-run's state and one clean import (empty when it converged). */
  afterRerun: string[];
  rows: number;
}

const TENANT = 'faults';
const WORKSPACE = 'import';

export async function killDuringImport(
  engine: EngineName,
  opts: { afterBatches?: number; batchSize?: number } = {},
): Promise<KillImportReport> {
  const batchSize = opts.batchSize ?? 250;
  const afterBatches = opts.afterBatches ?? 5;
  const dir = tempDir('kill-import');
  const target = await createDatabase(engine);
  // Each reference state is a clean import of a prefix of the file into a database of its own.
  const reference = async (n: number) => {
    const scratch = await createDatabase(engine);
    try {
      return await referenceState(scratch.url, dir, lines.slice(0, n), TENANT, WORKSPACE, batchSize);
    } finally {
      await scratch.drop();
    }
  };
  const { file, lines } = writeDataset(dir);
  try {
    // The import runs as its own process, which is killed with SIGKILL once `afterBatches` batches are
    // acknowledged, a few milliseconds into the next one.
    const child = spawn(
      process.execPath,
      [
        CLI,
        '--db',
        target.url,
        'import',
        file,
        '--tenant',
        TENANT,
        '--workspace',
        WORKSPACE,
        '--batch-size',
        String(batchSize),
        '--progress-json',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const exited = once(child, 'exit');
    let acknowledged = 0;
    let batches = 0;
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stderr! }).on('line', (line) => {
        if (!line.startsWith('{')) return;
        acknowledged = (JSON.parse(line) as { lines: number }).lines;
        if (++batches === afterBatches) {
          sleep(3 + Math.floor(Math.random() * 10)).then(() => {
            child.kill('SIGKILL');
            resolve();
          });
        }
      });
      exited.then(() => reject(new Error(`the import ended before ${afterBatches} batches`)));
    });
    const [, signal] = await exited;
    if (signal !== 'SIGKILL') throw new Error(`the import was not killed (${signal})`);

    const { integrity, state } = await inspect(target.url);
    // The database holds the acknowledged batches, or one more if the kill came between a commit and its line.
    let afterKill = compareStates(state, await reference(acknowledged));
    let found = acknowledged;
    if (afterKill.length) {
      const again = compareStates(state, await reference(acknowledged + batchSize));
      if (again.length === 0) {
        afterKill = [];
        found = Math.min(lines.length, acknowledged + batchSize);
      }
    }

    // The same import again, to the end: the result must be one clean import's, row for row.
    const rerun = await cli([
      '--db',
      target.url,
      'import',
      file,
      '--tenant',
      TENANT,
      '--workspace',
      WORKSPACE,
      '--batch-size',
      String(batchSize),
    ]);
    if (rerun.code !== 0) throw new Error(`the re-run failed: ${rerun.stderr} ${rerun.stdout}`);
    const clean = await reference(lines.length);
    const after = await inspect(target.url);
    return {
      engine,
      lines: lines.length,
      batchSize,
      acknowledged,
      found,
      integrity,
      afterKill,
      afterRerun: compareStates(after.state, clean),
      rows: rowCount(clean),
    };
  } finally {
    await target.drop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { engine, after } = killScriptArgs(5);
  const report = await killDuringImport(engine, { afterBatches: after });
  console.log(JSON.stringify(report, null, 2));
  process.exit(report.integrity.startsWith('ok') && report.afterKill.length === 0 && report.afterRerun.length === 0 ? 0 : 1);
}
