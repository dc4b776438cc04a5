// The SQLite WAL is checkpointed by the checkpoint thread (checkpoint-thread.js), not inside COMMIT:
// the service turns SQLite's automatic checkpoint off, so the database file only grows when that
// thread copies the WAL into it, and a write waits for that copy when the WAL is past its bound
// (wal-checkpointer.ts). SQLite only (PostgreSQL has no such thread).

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

  it('keeps the WAL within its 64 MiB bound while a writer never pauses', async () => {
    // Each transaction begins as soon as the last one committed, while the thread still copies it:
    // without the bound the WAL was never restarted and grew to all that was written (160 MiB here).
    const file = database.url.slice('sqlite:'.length);
    await db.execute(CompiledQuery.raw('create table w (id integer primary key, body blob)'));
    let largest = 0;
    for (let n = 0; n < 40; n++) {
      await db.transaction(async (tx) => {
        for (let i = 0; i < 64; i++) await tx.execute(CompiledQuery.raw('insert into w (body) values (randomblob(65536))'));
      });
      largest = Math.max(largest, statSync(`${file}-wal`).size);
    }
    const MiB = 1024 * 1024;
    // The bound, plus the one transaction (4 MiB of rows and their frames' headers) that crossed it.
    assert.ok(largest <= 72 * MiB, `the WAL reached ${(largest / MiB).toFixed(1)} MiB`);
    assert.ok(largest >= 60 * MiB, `the WAL only reached ${(largest / MiB).toFixed(1)} MiB: the bound was not what was tested`);
    const { rows } = await db.execute<{ n: number; bytes: number }>(
      CompiledQuery.raw('select count(*) as n, sum(length(body)) as bytes from w'),
    );
    assert.deepEqual({ n: Number(rows[0]!.n), bytes: Number(rows[0]!.bytes) }, { n: 40 * 64, bytes: 40 * 64 * 65536 });
  });
});
