// Running the HTTP service: open the database, migrate unless told not to, listen, and shut down
// cleanly on SIGTERM / SIGINT (stop accepting, finish in-flight requests within a bound, close
// the database, exit 0).

import pino from 'pino';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { buildApp, migrate } from './compose.ts';
import type { Db } from './platform/db/database.ts';
import { pendingMigrations } from './platform/db/migrate.ts';
import { openDb } from './platform/db/open.ts';
import { loadConfiguredPrices } from './areas/runtime/prices.ts';
import { startRuntimeMaintenance } from './areas/runtime/retention.ts';
import { startAuditRetention } from './platform/audit/audit.ts';
import { isMaintenanceWorker } from './cluster.ts';

/**
 * Standard output, written in blocks of up to 4 KiB rather than one write(2) per line: a request
 * line each would otherwise cost a system call per request. Flushed every 250 ms and at exit, so a
 * line reaches the log within a quarter of a second (a crash may lose that much).
 */
function logDestination() {
  const dest = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const timer = setInterval(() => dest.flush(), 250);
  timer.unref();
  process.on('exit', () => {
    try {
      dest.flushSync();
    } catch {
      /* not writable any more */
    }
  });
  return dest;
}

/** The service's JSON logger; `destination` (tests) replaces standard output. */
export function makeLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): FastifyBaseLogger {
  const options = {
    level: config.logLevel,
    // Tokens must never reach the logs, whatever a future log line includes.
    redact: { paths: ['req.headers.authorization', 'headers.authorization', 'authorization', 'token'], censor: '[redacted]' },
  };
  return pino(options, destination ?? logDestination()) as unknown as FastifyBaseLogger;
}

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config, logger: FastifyBaseLogger = makeLogger(config)): Promise<RunningServer> {
  const db = openDb(config.db, {
    pgPool: config.pgPool,
    pgQueryTimeoutMs: config.pgQueryTimeoutMs,
    pgReadPipes: config.pgReadPipes,
    sqliteWriterCacheMb: config.sqliteWriterCacheMb,
  });
  try {
    if (config.migrate) await migrate(db);
    else if (await pendingMigrations(db))
      throw new Error('the database schema is not current; run `aispm migrate` or start without --no-migrate');
    await loadConfiguredPrices(db, config.pricesFile);
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  const { app, jobs } = await buildApp({ db, config, logger });
  await app.listen({ host: config.host, port: config.port });
  // Background jobs (src/platform/jobs): every process runs its share; stopped when the app closes.
  jobs.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  // Interaction partitions ahead of time, and retention when AISPM_RETENTION_DAYS is set: now, then
  // hourly; with several workers, only worker 0 does it.
  const maintenance = startRuntimeMaintenance(db, {
    enabled: isMaintenanceWorker(),
    retentionDays: config.retentionDays,
    now: Date.now,
    onResult: (r) =>
      logger.info({ cutoff: new Date(r.cutoff).toISOString(), deleted: r.deleted, dropped: r.droppedPartitions }, 'interaction retention'),
    onError: (err) => logger.error({ err }, 'runtime maintenance failed'),
  });
  // Audit trail retention (AISPM_AUDIT_RETENTION_DAYS): now, then hourly; only worker 0.
  const auditRetention = startAuditRetention(db, {
    days: isMaintenanceWorker() ? config.auditRetentionDays : 0,
    now: Date.now,
    onResult: (deleted) => {
      if (deleted) logger.info({ deleted }, 'audit retention');
    },
    onError: (err) => logger.error({ err }, 'audit retention failed'),
  });
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      maintenance.stop();
      auditRetention.stop();
      const stopped = app.close();
      // Idle keep-alive connections are closed when closing starts; one whose request finishes later
      // would stay open until its keep-alive timeout and hold the shutdown up, so close those too.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      try {
        await stopped;
      } finally {
        clearInterval(idle);
      }
      await maintenance.done;
      await auditRetention.done;
      await db.close();
    })());
  return { app, db, url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`, close };
}

/** SIGTERM / SIGINT: finish what is in flight (within AISPM_SHUTDOWN_GRACE_MS), close, exit 0. */
export function exitOnSignals(server: RunningServer, logger: FastifyBaseLogger, graceMs: number): void {
  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.warn({ graceMs }, 'in-flight requests did not finish in time; exiting');
      process.exit(0);
    }, graceMs);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  // Once: a signal repeated while shutting down (a terminal's Ctrl-C reaches both `aispm` and the
  // service it started, src/cli.ts, which also forwards it) does not cut the graceful close short.
  let stopping = false;
  const onSignal = (signal: string) => () => {
    if (stopping) return;
    stopping = true;
    stop(signal);
  };
  process.on('SIGTERM', onSignal('SIGTERM'));
  process.on('SIGINT', onSignal('SIGINT'));
}
