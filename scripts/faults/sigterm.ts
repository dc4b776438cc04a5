// Graceful shutdown: on SIGTERM the service stops accepting connections, finishes the requests in
// flight (an ingest whose body is still arriving completes and is acknowledged), closes idle
// keep-alive connections and the database (SQLite's write-ahead log is checkpointed away), and
// exits 0. A request that never finishes does not hold the process past AISPM_SHUTDOWN_GRACE_MS.
//
//   node scripts/faults/sigterm.ts

import { existsSync, rmSync } from 'node:fs';
import { Agent, request, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { compareStates, createTokenCli, inspect, referenceState, sleep, startService, tempDir, writeDataset } from './common.ts';

export interface SigtermReport {
  /** Status of the ingest that was in flight when SIGTERM came, and what it accepted. */
  inFlightStatus: number;
  inFlightAccepted: number;
  /** Whether a new connection was refused while the in-flight request finished. */
  refusedNewConnections: boolean;
  exitCode: number | null;
  /** Whether the shutdown finished by itself (no "did not finish in time" warning). */
  finishedInTime: boolean;
  /** SQLite's -wal file is gone: the database was closed, not abandoned. */
  walRemoved: boolean;
  integrity: string;
  stateProblems: string[];
  /** Second run: a request that never finishes; the process still exits within the grace period. */
  stuckExitCode: number | null;
  stuckExitMs: number;
  stuckWarned: boolean;
  graceMs: number;
}

const TENANT = 'faults';
const WORKSPACE = 'sigterm';
const GRACE_MS = 3000;

/** Starts a POST whose body is sent in two halves; the second half is sent by `finish()`. */
function halfSentIngest(
  url: string,
  token: string,
  body: string,
): { finish(): void; result: Promise<{ status: number; body: string }>; req: ClientRequest } {
  const bytes = Buffer.from(body);
  let resolveResult!: (r: { status: number; body: string }) => void;
  const result = new Promise<{ status: number; body: string }>((r) => {
    resolveResult = r;
  });
  const req = request(
    `${url}/api/v1/ingest/tenants/${TENANT}/workspaces/${WORKSPACE}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson', 'content-length': bytes.length },
    },
    (res) => {
      let text = '';
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => resolveResult({ status: res.statusCode ?? 0, body: text }));
    },
  );
  req.on('error', () => resolveResult({ status: 0, body: '' }));
  const half = Math.floor(bytes.length / 2);
  req.write(bytes.subarray(0, half));
  return { finish: () => req.end(bytes.subarray(half)), result, req };
}

async function connectionRefused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return false;
  } catch (err) {
    return /ECONNREFUSED/.test(String((err as { cause?: { code?: string } }).cause?.code ?? err));
  }
}

export async function gracefulShutdown(): Promise<SigtermReport> {
  const dir = tempDir('sigterm');
  const path = join(dir, 'aispm.db');
  const db = `sqlite:${path}`;
  try {
    const { lines } = writeDataset(dir, 0.25);
    const batch = lines.slice(0, 400);
    const token = await createTokenCli(db, TENANT);
    const service = await startService(db, { AISPM_SHUTDOWN_GRACE_MS: String(GRACE_MS) });

    // An idle keep-alive connection, which must not hold the shutdown up.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    await new Promise<void>((resolve) =>
      request(`${service.url}/healthz`, { agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      }).end(),
    );

    const ingest = halfSentIngest(service.url, token, batch.join('\n') + '\n');
    await sleep(300);
    service.child.kill('SIGTERM');
    await sleep(300);
    const refusedNewConnections = await connectionRefused(service.url);
    ingest.finish();
    const answer = await ingest.result;
    const { code } = await service.exited;
    agent.destroy();

    const walRemoved = !existsSync(`${path}-wal`);
    const { integrity, state } = await inspect(db);
    const expected = await referenceState(`sqlite:${join(dir, 'reference.db')}`, dir, batch, TENANT, WORKSPACE, batch.length);
    const stateProblems = compareStates(state, expected);

    // A request that never finishes: its body stops half way, and SIGTERM comes.
    const stuckService = await startService(db, { AISPM_SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    const stuck = halfSentIngest(stuckService.url, token, batch.join('\n') + '\n');
    await sleep(300);
    const t0 = performance.now();
    stuckService.child.kill('SIGTERM');
    const stuckExit = await stuckService.exited;
    const stuckExitMs = Math.round(performance.now() - t0);
    stuck.req.destroy();

    return {
      inFlightStatus: answer.status,
      inFlightAccepted: answer.status === 200 ? (JSON.parse(answer.body) as { accepted: number }).accepted : 0,
      refusedNewConnections,
      exitCode: code,
      finishedInTime: !service.log.some((l) => l.includes('did not finish in time')),
      walRemoved,
      integrity,
      stateProblems,
      stuckExitCode: stuckExit.code,
      stuckExitMs,
      stuckWarned: stuckService.log.some((l) => l.includes('did not finish in time')),
      graceMs: GRACE_MS,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const report = await gracefulShutdown();
  console.log(JSON.stringify(report, null, 2));
  const ok =
    report.inFlightStatus === 200 &&
    report.refusedNewConnections &&
    report.exitCode === 0 &&
    report.finishedInTime &&
    report.walRemoved &&
    report.integrity === 'ok' &&
    report.stateProblems.length === 0 &&
    report.stuckExitCode === 0 &&
    report.stuckWarned;
  process.exit(ok ? 0 : 1);
}
