// PostgreSQL going away under load, and coming back. The service reaches PostgreSQL through a TCP
// proxy this script controls (the machine's PostgreSQL is shared and stays up): the proxy is cut
// (every connection reset, new ones refused, as when PostgreSQL stops) while reads, client-storage
// writes and ingest run, then restored. While it is cut, every answer that needed the database is
// 503 with the error contract and Retry-After, and /readyz fails; once it is back, the same process
// answers again by itself.
//
// With --partition the proxy goes silent instead (nothing closed, nothing answered, as in a network
// partition): requests then fail with 503 once AISPM_PG_QUERY_TIMEOUT_MS (or the 5 s connect timeout)
// passes, and /readyz within 2 s.
//
//   node scripts/faults/pg-outage.ts [--outage-ms 4000] [--partition]

import { createServer, connect, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/server.ts';
import { createToken } from '../../src/platform/auth/tokens.ts';
import { createDatabase } from '../../test/helpers/harness.ts';
import { sleep } from './common.ts';

const PG_HOST = '127.0.0.1';
const PG_PORT = 5432;
const TENANT = 'faults';
const WORKSPACE = 'outage';

/**
 * A TCP proxy to PostgreSQL that can be cut (connections reset, new ones refused: PostgreSQL
 * stopped), or turned into a black hole (bytes stop moving both ways and nothing is closed: a
 * network partition), and restored, on the same port.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private silent = false;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(PG_PORT, PG_HOST);
      const pair = { client, upstream };
      this.pairs.add(pair);
      // A side that closes closes the other too (in a real partition the FIN arrives once it heals):
      // otherwise PostgreSQL would keep the session, and any transaction it had open, forever.
      for (const s of [client, upstream]) {
        s.on('close', () => {
          this.pairs.delete(pair);
          client.destroy();
          upstream.destroy();
        });
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      // Bytes are forwarded by hand so that a black hole can hold them without closing anything.
      client.on('data', (d) => {
        if (!this.silent) upstream.write(d);
      });
      upstream.on('data', (d) => {
        if (!this.silent) client.write(d);
      });
    });
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Resets every open connection and stops listening: what clients see when PostgreSQL stops. */
  async cut(): Promise<void> {
    const closed = new Promise((r) => this.server!.close(r));
    for (const { client, upstream } of this.pairs) {
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    await closed;
  }

  /** From now on nothing gets through either way, and nothing is closed. */
  blackHole(): void {
    this.silent = true;
  }

  /** The partition heals: connections still open carry bytes again (what was dropped stays dropped). */
  heal(): void {
    this.silent = false;
  }
}

interface Answer {
  at: number;
  end: number;
  kind: string;
  status: number;
  problem?: string;
}

export interface OutageReport {
  mode: 'stop' | 'partition';
  outageMs: number;
  /** Slowest answer to a request that started during the outage. */
  slowestOutageAnswerMs: number;
  requests: number;
  /**
   * Statuses by phase of the request, e.g. {"outage": {"503": 120}}: `before` ended before the cut,
   * `outage` started after the cut and ended before the restore, `after` started once /readyz said ready
   * again; `transition` is everything else (in flight across the cut or the restore).
   */
  statuses: Record<string, Record<string, number>>;
  /**
   * Answers that broke the contract: any 5xx but 503, a 503 without the error body or Retry-After, a
   * dropped connection, a failure while PostgreSQL was up, a success that needed PostgreSQL while it was away.
   */
  problems: string[];
  /** From restoring the proxy to the first /readyz 200. */
  recoveryMs: number;
  /** Failed answers to requests sent after /readyz said ready again. */
  failuresAfterRecovery: number;
}

export async function postgresOutage(
  opts: { outageMs?: number; concurrency?: number; mode?: 'stop' | 'partition' } = {},
): Promise<OutageReport> {
  const outageMs = opts.outageMs ?? 4000;
  const mode = opts.mode ?? 'stop';
  const concurrency = opts.concurrency ?? 6;
  const database = await createDatabase('postgres');
  const proxy = new TcpProxy();
  await proxy.start();
  const url = new URL(database.url);
  url.host = `127.0.0.1:${proxy.port}`;
  // A short query timeout: in a partition, requests wait that long before their 503.
  const config = { ...loadConfig({}), db: url.toString(), port: 0, logLevel: 'silent', rateLimitMax: 0, pgPool: 4, pgQueryTimeoutMs: 1000 };
  const server = await startServer(config);
  try {
    const { token } = await createToken(server.db, {
      tenantId: TENANT,
      userId: 'faults',
      workspaces: ['*'],
      scopes: ['read', 'ingest', 'storage'],
    });
    const headers = { authorization: `Bearer ${token}` };
    const base = server.url;
    // The workspace read holds data from the start (a workspace with none answers 404).
    const seeded = await fetch(`${base}/api/v1/ingest/tenants/${TENANT}/workspaces/${WORKSPACE}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-ndjson' },
      body: `${JSON.stringify({ type: 'entity', kind: 'model', id: 'seed', name: 'seed', last_seen: new Date().toISOString() })}\n`,
    });
    if (seeded.status !== 200) throw new Error(`seeding the workspace: ${seeded.status} ${await seeded.text()}`);
    const answers: Answer[] = [];
    let stop = false;
    let n = 0;

    const requests: Array<{ kind: string; send: () => Promise<Response> }> = [
      { kind: 'read', send: () => fetch(`${base}/api/v1/aispm-models/tenants/${TENANT}/workspaces/${WORKSPACE}`, { headers }) },
      {
        kind: 'storage',
        send: () =>
          fetch(`${base}/api/v1/client-storage/users/faults/ns/k${n % 50}`, {
            method: 'PUT',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ value: { n } }),
          }),
      },
      {
        kind: 'ingest',
        send: () =>
          fetch(`${base}/api/v1/ingest/tenants/${TENANT}/workspaces/${WORKSPACE}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/x-ndjson' },
            body: `{"type":"entity","kind":"model","id":"m${n % 200}","name":"model ${n}","last_seen":"${new Date().toISOString()}"}\n`,
          }),
      },
      { kind: 'readyz', send: () => fetch(`${base}/readyz`) },
    ];

    async function worker(): Promise<void> {
      while (!stop) {
        const r = requests[n++ % requests.length]!;
        const at = performance.now();
        try {
          const res = await r.send();
          const text = await res.text();
          let problem: string | undefined;
          // The workload is valid: a 4xx would mean an outage was misreported as the client's fault.
          if (res.status >= 400 && res.status < 500) problem = `${r.kind} answered ${res.status}: ${text.slice(0, 200)}`;
          if (res.status >= 500) {
            const b = JSON.parse(text) as { code?: number; message?: string };
            if (res.status !== 503) problem = `${r.kind} answered ${res.status}: ${text.slice(0, 200)}`;
            else if (b.code !== 503 || typeof b.message !== 'string')
              problem = `${r.kind} 503 without the error body: ${text.slice(0, 200)}`;
            else if (!res.headers.get('retry-after')) problem = `${r.kind} 503 without Retry-After`;
          }
          answers.push({ at, end: performance.now(), kind: r.kind, status: res.status, problem });
        } catch (err) {
          answers.push({
            at,
            end: performance.now(),
            kind: r.kind,
            status: 0,
            problem: `${r.kind}: no answer (${(err as Error).message})`,
          });
        }
      }
    }

    const workers = Array.from({ length: concurrency }, () => worker());
    await sleep(1500);
    const cutAt = performance.now();
    if (mode === 'stop') await proxy.cut();
    else proxy.blackHole();
    const cutDone = performance.now();
    await sleep(outageMs);
    const restoreAt = performance.now();
    if (mode === 'stop') await proxy.start();
    else proxy.heal();
    let readyAt = Infinity;
    while (performance.now() - restoreAt < 30_000) {
      const res = await fetch(`${base}/readyz`).catch(() => undefined);
      if (res?.status === 200) {
        readyAt = performance.now();
        break;
      }
      await sleep(50);
    }
    // After a partition, requests already waiting on a dead connection take up to the connect timeout (5 s) to fail.
    await sleep(mode === 'partition' ? 8000 : 2000);
    stop = true;
    await Promise.all(workers);

    const phaseOf = (a: Answer) =>
      a.end < cutAt ? 'before' : a.at >= cutDone && a.end < restoreAt ? 'outage' : a.at >= readyAt ? 'after' : 'transition';
    const statuses: Record<string, Record<string, number>> = {};
    const problems: string[] = [];
    for (const a of answers) {
      const phase = phaseOf(a);
      statuses[phase] ??= {};
      statuses[phase]![a.status] = (statuses[phase]![a.status] ?? 0) + 1;
      if (a.problem) problems.push(`[${phase}] ${a.problem}`);
      if ((phase === 'before' || phase === 'after') && a.status >= 300)
        problems.push(`[${phase}] ${a.kind} answered ${a.status} while PostgreSQL was up`);
      if (phase === 'outage' && a.status !== 503) problems.push(`[outage] ${a.kind} answered ${a.status} while PostgreSQL was away`);
    }
    // Requests that started during the outage but were answered after it (a partition holds them up to
    // the query timeout) must still have failed cleanly or succeeded: the checks above cover their contract.
    for (const a of answers) {
      if (a.at >= cutDone && a.at < restoreAt && a.status === 0) problems.push(`[outage] ${a.kind} got no answer at all`);
    }
    return {
      mode,
      outageMs,
      requests: answers.length,
      slowestOutageAnswerMs: Math.round(
        Math.max(0, ...answers.filter((a) => a.at >= cutDone && a.at < restoreAt).map((a) => a.end - a.at)),
      ),
      statuses,
      problems: [...new Set(problems)].slice(0, 20),
      recoveryMs: Number.isFinite(readyAt) ? Math.round(readyAt - restoreAt) : -1,
      failuresAfterRecovery: answers.filter((a) => phaseOf(a) === 'after' && a.status >= 300).length,
    };
  } finally {
    await server.close().catch(() => {});
    await proxy.cut().catch(() => {});
    await database.drop();
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const outageMs = args.includes('--outage-ms') ? Number(args[args.indexOf('--outage-ms') + 1]) : 4000;
  const mode = args.includes('--partition') ? 'partition' : 'stop';
  const report = await postgresOutage({ outageMs, mode });
  console.log(JSON.stringify(report, null, 2));
  process.exit(report.problems.length === 0 && report.recoveryMs >= 0 && report.failuresAfterRecovery === 0 ? 0 : 1);
}
