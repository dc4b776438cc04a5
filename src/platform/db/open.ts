// Opening a database by URL: `sqlite:<path>` (embedded) or `postgres://…`.

import type { Db } from './database.ts';
import { PostgresDb } from './postgres/database.ts';
import { SqliteDb } from './sqlite/database.ts';

export interface OpenOptions {
  pgPool?: number;
  pgQueryTimeoutMs?: number;
  pgReadPipes?: number;
  /** SQLite: the writing connection's page cache in MiB (default: AISPM_SQLITE_WRITER_CACHE_MB). */
  sqliteWriterCacheMb?: number;
}

export function openDb(url: string, options: OpenOptions = {}): Db {
  if (url.startsWith('sqlite:')) return new SqliteDb(url.slice('sqlite:'.length), options.sqliteWriterCacheMb);
  return new PostgresDb(url, options.pgPool ?? 10, options.pgQueryTimeoutMs ?? 0, options.pgReadPipes ?? 0);
}
