// kill -9 of the service in the middle of HTTP ingest: after a restart the database opens cleanly
// (SQLite integrity_check), every batch the service answered 200 for is there (and at most the one
// in flight besides), and sending every batch again converges to the state of one clean ingest.
//
//   node scripts/faults/kill-ingest.ts [--engine sqlite|postgres] [--after 8]

import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { createDatabase, type EngineName } from '../../test/helpers/harness.ts';
import {
  compareStates,
  createTokenCli,
  killScriptArgs,
  inspect,
  referenceState,
  rowCount,
  sleep,
  startService,
  tempDir,
  writeDataset,
} from './common.ts';

export interface KillIngestReport {
  engine: EngineName;
  batches: number;
  batchLines: number;
  /** Batches answered 200 before the kill. */
  acknowledged: number;
  /** Batches the database held after the kill: `acknowledged`, or one more (answered but not heard). */
  found: number;
  integrity: string;
  afterKill: string[];
  afterResend: string[];
  rows: number;
  restartReady: boolean;
}

const TENANT = 'faults';
const WORKSPACE = 'http';

/** POSTs one NDJSON batch; resolves with the status, or with 0 when the connection dies. */
function post(url: string, token: string, body: string, onSent?: () => void): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      `${url}/api/v1/ingest/tenants/${TENANT}/workspaces/${WORKSPACE}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body, onSent);
  });
}

export async function killDuringIngest(
  engine: EngineName,
  opts: { afterBatches?: number; batchLines?: number; share?: number } = {},
): Promise<KillIngestReport> {
  const batchLines = opts.batchLines ?? 500;
  const afterBatches = opts.afterBatches ?? 8;
  const dir = tempDir('kill-ingest');
  const target = await createDatabase(engine);
  const { lines } = writeDataset(dir, opts.share ?? 1);
  const batches: string[] = [];
  for (let i = 0; i < lines.length; i += batchLines) batches.push(lines.slice(i, i + batchLines).join('\n') + '\n');
  // A clean ingest of the first n batches, each one transaction like a request, in a database of its own.
  const reference = async (n: number) => {
    const scratch = await createDatabase(engine);
    try {
      return await referenceState(scratch.url, dir, lines.slice(0, n * batchLines), TENANT, WORKSPACE, batchLines);
    } finally {
      await scratch.drop();
    }
  };
  try {
    const migrateFirst = await createTokenCli(target.url, TENANT);
    let service = await startService(target.url);
    let acknowledged = 0;
    for (; acknowledged < afterBatches; acknowledged++) {
      const status = await post(service.url, migrateFirst, batches[acknowledged]!);
      if (status !== 200) throw new Error(`batch ${acknowledged} answered ${status}`);
    }
    // The next batch is sent whole; the service is killed while it reads or writes it.
    const inFlight = post(service.url, migrateFirst, batches[acknowledged]!, () => {
      sleep(Math.floor(Math.random() * 4)).then(() => service.child.kill('SIGKILL'));
    });
    const lastStatus = await inFlight;
    const { signal } = await service.exited;
    if (signal !== 'SIGKILL') throw new Error(`the service was not killed (${signal})`);
    if (lastStatus === 200) acknowledged++;

    const { integrity, state } = await inspect(target.url);
    let afterKill = compareStates(state, await reference(acknowledged));
    let found = acknowledged;
    if (afterKill.length && compareStates(state, await reference(acknowledged + 1)).length === 0) {
      afterKill = [];
      found = acknowledged + 1;
    }

    // Restart on the same database and send every batch again.
    service = await startService(target.url);
    const ready = await fetch(`${service.url}/readyz`);
    for (let i = 0; i < batches.length; i++) {
      const status = await post(service.url, migrateFirst, batches[i]!);
      if (status !== 200) throw new Error(`re-sent batch ${i} answered ${status}`);
    }
    service.child.kill('SIGTERM');
    const stopped = await service.exited;
    if (stopped.code !== 0) throw new Error(`the restarted service exited ${stopped.code} on SIGTERM`);
    const clean = await reference(batches.length);
    const after = await inspect(target.url);
    return {
      engine,
      batches: batches.length,
      batchLines,
      acknowledged,
      found,
      integrity,
      afterKill,
      afterResend: compareStates(after.state, clean),
      rows: rowCount(clean),
      restartReady: ready.status === 200,
    };
  } finally {
    await target.drop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { engine, after } = killScriptArgs(8);
  const report = await killDuringIngest(engine, { afterBatches: after });
  console.log(JSON.stringify(report, null, 2));
  process.exit(
    report.integrity.startsWith('ok') && report.afterKill.length === 0 && report.afterResend.length === 0 && report.restartReady ? 0 : 1,
  );
}
