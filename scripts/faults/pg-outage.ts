// PostgreSQL going away under load, and coming back. The service reaches PostgreSQL through a TCP
// proxy this script controls (the machine's PostgreSQL is shared and stays up): the proxy is cut
// (every connection reset, new ones refused, as when PostgreSQL stops) while reads, client-storage
// writes and ingest run, then restored. While it is cut, every answer that needed the database is
// 503 with the error contract and Retry-After, and /readyz fails; once it is back, the same process
// answers again by itself.
//
//   node scripts/faults/pg-outage.ts [--outage-ms 4000]

import { createServer, connect, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/server.ts';
import { createToken } from '../../src/store/tokens.ts';
import { createDatabase } from '../../test/helpers/harness.ts';
import { sleep } from './common.ts';

const PG_HOST = '127.0.0.1';
const PG_PORT = 5432;
const TENANT = 'faults';
const WORKSPACE = 'outage';

/** A TCP proxy to PostgreSQL that can be cut and restored on the same port. */
export class Proxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(PG_PORT, PG_HOST);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => { client.destroy(); upstream.destroy(); });
      }
      client.pipe(upstream).pipe(client);
    });
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Resets every open connection and stops listening: what clients see when PostgreSQL stops. */
  async cut(): Promise<void> {
    const closed = new Promise((r) => this.server!.close(r));
    for (const s of this.sockets) s.resetAndDestroy();
    await closed;
  }
}

interface Answer { at: number; end: number; kind: string; status: number; problem?: string }

export interface OutageReport {
  outageMs: number;
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

export async function postgresOutage(opts: { outageMs?: number; concurrency?: number } = {}): Promise<OutageReport> {
  const outageMs = opts.outageMs ?? 4000;
  const concurrency = opts.concurrency ?? 6;
  const database = await createDatabase('postgres');
  const proxy = new Proxy();
  await proxy.start();
  const url = new URL(database.url);
  url.host = `127.0.0.1:${proxy.port}`;
  const config = { ...loadConfig({}), db: url.toString(), port: 0, logLevel: 'silent', rateLimitMax: 0, pgPool: 4 };
  const server = await startServer(config);
  try {
    const { token } = await createToken(server.db, { tenantId: TENANT, userId: 'faults', workspaces: ['*'], scopes: ['read', 'ingest', 'storage'] });
    const headers = { authorization: `Bearer ${token}` };
    const base = server.url;
    const answers: Answer[] = [];
    let stop = false;
    let n = 0;

    const requests: Array<{ kind: string; send: () => Promise<Response> }> = [
      { kind: 'read', send: () => fetch(`${base}/api/v1/aispm-models/tenants/${TENANT}/workspaces/${WORKSPACE}`, { headers }) },
      { kind: 'storage', send: () => fetch(`${base}/api/v1/client-storage/users/faults/ns/k${n % 50}`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ value: { n } }) }) },
      { kind: 'ingest', send: () => fetch(`${base}/api/v1/ingest/tenants/${TENANT}/workspaces/${WORKSPACE}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-ndjson' }, body: `{"type":"entity","kind":"model","id":"m${n % 200}","name":"model ${n}","last_seen":"${new Date().toISOString()}"}\n` }) },
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
            else if (b.code !== 503 || typeof b.message !== 'string') problem = `${r.kind} 503 without the error body: ${text.slice(0, 200)}`;
            else if (!res.headers.get('retry-after')) problem = `${r.kind} 503 without Retry-After`;
          }
          answers.push({ at, end: performance.now(), kind: r.kind, status: res.status, problem });
        } catch (err) {
          answers.push({ at, end: performance.now(), kind: r.kind, status: 0, problem: `${r.kind}: no answer (${(err as Error).message})` });
        }
      }
    }

    const workers = Array.from({ length: concurrency }, () => worker());
    await sleep(1500);
    const cutAt = performance.now();
    await proxy.cut();
    const cutDone = performance.now();
    await sleep(outageMs);
    const restoreAt = performance.now();
    await proxy.start();
    let readyAt = Infinity;
    while (performance.now() - restoreAt < 30_000) {
      const res = await fetch(`${base}/readyz`).catch(() => undefined);
      if (res?.status === 200) {
        readyAt = performance.now();
        break;
      }
      await sleep(50);
    }
    await sleep(2000);
    stop = true;
    await Promise.all(workers);

    const phaseOf = (a: Answer) => a.end < cutAt ? 'before' : a.at >= cutDone && a.end < restoreAt ? 'outage' : a.at >= readyAt ? 'after' : 'transition';
    const statuses: Record<string, Record<string, number>> = {};
    const problems: string[] = [];
    for (const a of answers) {
      const phase = phaseOf(a);
      statuses[phase] ??= {};
      statuses[phase]![a.status] = (statuses[phase]![a.status] ?? 0) + 1;
      if (a.problem) problems.push(`[${phase}] ${a.problem}`);
      if ((phase === 'before' || phase === 'after') && a.status >= 300) problems.push(`[${phase}] ${a.kind} answered ${a.status} while PostgreSQL was up`);
      if (phase === 'outage' && a.status !== 503) problems.push(`[outage] ${a.kind} answered ${a.status} while PostgreSQL was away`);
    }
    return {
      outageMs, requests: answers.length, statuses, problems: [...new Set(problems)].slice(0, 20),
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
  const report = await postgresOutage({ outageMs });
  console.log(JSON.stringify(report, null, 2));
  process.exit(report.problems.length === 0 && report.recoveryMs >= 0 && report.failuresAfterRecovery === 0 ? 0 : 1);
}
