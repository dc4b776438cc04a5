// Opening a database by URL: `sqlite:<path>` (embedded) or `postgres://…`.

import type { Db } from './database.ts';
import { PostgresDb } from './postgres/database.ts';
import { SqliteDb } from './sqlite/database.ts';

export function openDb(url: string, options: { pgPool?: number; pgQueryTimeoutMs?: number; pgReadPipes?: number } = {}): Db {
  if (url.startsWith('sqlite:')) return new SqliteDb(url.slice('sqlite:'.length));
  return new PostgresDb(url, options.pgPool ?? 10, options.pgQueryTimeoutMs ?? 0, options.pgReadPipes ?? 0);
}
