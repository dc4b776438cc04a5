// `aispm serve --workers N`: a primary process that migrates once, forks N HTTP workers sharing
// the port (node:cluster), restarts a worker that dies, and on SIGTERM / SIGINT stops them all
// gracefully (each finishes its in-flight requests and closes its database) before exiting 0.

import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, readSetting } from './config.ts';
import { migrate } from './compose.ts';
import { pendingMigrations } from './platform/db/migrate.ts';
import { openDb } from './platform/db/open.ts';

/** Worker 0 also runs the periodic maintenance (partitions, retention): once per deployment host. */
export function isMaintenanceWorker(): boolean {
  return !cluster.isWorker || readSetting('workerIndex') === '0';
}

export async function runPrimary(config: Config, logger: FastifyBaseLogger): Promise<void> {
  const db = openDb(config.db, { pgPool: 1 });
  try {
    if (config.migrate) await migrate(db);
    else if (await pendingMigrations(db))
      throw new Error('the database schema is not current; run `aispm migrate` or start without --no-migrate');
  } finally {
    await db.close();
  }
  let stopping = false;
  const workers = new Map<Worker, number>();
  const fork = (index: number) => {
    const w = cluster.fork({ AISPM_MIGRATE: 'false', AISPM_WORKER_INDEX: String(index) });
    workers.set(w, index);
    w.on('exit', (code, signal) => {
      workers.delete(w);
      if (stopping) return;
      logger.error({ worker: index, code, signal }, 'worker died; starting another');
      setTimeout(() => fork(index), 500).unref();
    });
  };
  for (let i = 0; i < config.workers; i++) fork(i);
  let listening = 0;
  cluster.on('listening', (_w, address) => {
    if (++listening === config.workers) logger.info({ workers: config.workers, port: address.port }, 'serving');
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: workers.size }, 'shutting down workers');
    for (const w of workers.keys()) w.process.kill('SIGTERM');
    const check = setInterval(() => {
      if (workers.size === 0) process.exit(0);
    }, 50);
    setTimeout(() => {
      clearInterval(check);
      process.exit(0);
    }, 15_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

export { cluster };
