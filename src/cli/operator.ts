// What the operator's commands share (serve, start, migrate, demo, import, retention, rules
// evaluate, token, mcp): one line and an exit status for a failure, the service's settings (with
// `--db` over AISPM_DB), the database opened for the length of a command, and the modules of the
// service loaded by the commands that use them only, so that queries (`aispm get …`) start in a
// fraction of the time.

import { type Command, InvalidArgumentError } from 'commander';
import { ConfigError, loadConfig, processEnvironment, readSetting, type Config, type SettingKey } from '../config.ts';
import type { Db } from '../platform/db/database.ts';
import { openDb } from '../platform/db/open.ts';

/** The SQLite writer cache, in MiB, of the commands that write in bulk and exit. */
const BULK_WRITER_CACHE_MB = 64;

export type Fail = (message: string, code?: number) => never;

/** One line on standard error and the exit status: 2 a usage error (the default), 1 a refusal or a failure. */
export const fail: Fail = (message, code = 2) => {
  process.stderr.write(`aispm: ${message}\n`);
  process.exit(code);
};

/** "1 record", "2 records": counts in messages read as English. */
export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** An option's value that must be a whole number (0 included). */
export const wholeNumber = (name: string) => (v: string) => {
  if (!/^\d+$/.test(v)) throw new InvalidArgumentError(`${name} must be a whole number`);
  return Number(v);
};

/** A setting the command reads outside the service's Config; a bad value is one line and exit status 2. */
export function setting<K extends SettingKey>(key: K): ReturnType<typeof readSetting<K>> {
  try {
    return readSetting(key);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
}

export const modules = {
  server: () => import('../server.ts'),
  wiring: () => import('../compose.ts'),
  ingestFiles: () => import('../demo/load.ts'),
  migrate: async (db: Db) => (await import('../compose.ts')).migrate(db),
  loadConfiguredPrices: async (db: Db, path: string) => (await import('../areas/runtime/prices.ts')).loadConfiguredPrices(db, path),
  applyRetention: async (db: Db, days: number, now: number) =>
    (await import('../areas/runtime/retention.ts')).applyRetention(db, days, now),
};

export interface Operator {
  fail: Fail;
  count: typeof count;
  wholeNumber: typeof wholeNumber;
  setting: typeof setting;
  modules: typeof modules;
  /** The service's settings from the environment, `--db` and the command's own flags. */
  config(overrides?: Partial<Record<keyof Config, string | number | boolean | undefined>>): Config;
  /** Runs `fn` with the configured database open; one that cannot be opened is one line and exit status 2. */
  withDb<T>(cfg: Config, fn: (db: Db) => Promise<T>): Promise<T>;
}

export function operator(program: Command): Operator {
  const globalDb = () => program.opts<{ db?: string }>().db;
  return {
    fail,
    count,
    wholeNumber,
    setting,
    modules,
    config(overrides = {}) {
      try {
        return loadConfig(processEnvironment(), { db: globalDb(), ...overrides });
      } catch (err) {
        if (err instanceof ConfigError) fail(err.message);
        throw err;
      }
    },
    async withDb(cfg, fn) {
      // One-off commands that write in bulk (import, demo) keep a writer cache of at least
      // BULK_WRITER_CACHE_MB: their rate was measured with it, and the memory goes at exit.
      const db = openDb(cfg.db, { pgPool: cfg.pgPool, sqliteWriterCacheMb: Math.max(cfg.sqliteWriterCacheMb, BULK_WRITER_CACHE_MB) });
      try {
        return await fn(db);
      } catch (err) {
        const e = err as { code?: string; message?: string };
        if (e.code === 'ECONNREFUSED' || e.code === '3D000' || e.code === '28P01' || e.code === 'SQLITE_CANTOPEN') {
          fail(`cannot open the database ${cfg.db.replace(/\/\/[^@/]*@/, '//***@')}: ${e.message}`);
        }
        throw err;
      } finally {
        await db.close().catch(() => {});
      }
    },
  };
}
