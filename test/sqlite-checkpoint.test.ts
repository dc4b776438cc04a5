// The SQLite WAL is checkpointed by the checkpoint thread (checkpoint-thread.js), not inside COMMIT:
// the service turns SQLite's automatic checkpoint off, so the database file only grows when that
// thread copies the WAL into it. SQLite only (PostgreSQL has no such thread).

import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { CompiledQuery } from 'kysely';
import type { Db } from '../src/platform/db/database.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createDatabase, type TestDatabase } from './helpers/harness.ts';

describe('SQLite WAL checkpoint thread', () => {
  let database: TestDatabase;
  let db: Db;
  before(async () => {
    database = await createDatabase('sqlite');
    db = openDb(database.url);
  });
  after(async () => {
    await db.close();
    await database.drop();
  });

  it('copies committed pages into the database file beside the event loop', async () => {
    const file = database.url.slice('sqlite:'.length);
    await db.execute(CompiledQuery.raw('create table t (id integer primary key, body blob)'));
    const before = statSync(file).size;
    // 4 MB committed: in the WAL at COMMIT, in the database file once the thread checkpointed it.
    await db.transaction(async (tx) => {
      for (let i = 0; i < 64; i++) await tx.execute(CompiledQuery.raw('insert into t (body) values (randomblob(65536))'));
    });
    const deadline = Date.now() + 10_000;
    while (statSync(file).size < before + 4 * 1024 * 1024 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.ok(statSync(file).size >= before + 4 * 1024 * 1024, `database file ${statSync(file).size} bytes, was ${before}`);
    const { rows } = await db.execute<{ n: number }>(CompiledQuery.raw('select count(*) as n from t'));
    assert.equal(Number(rows[0]!.n), 64);
  });
});
