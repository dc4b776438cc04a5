// The WAL checkpoint of a SQLite database, in a worker thread with its own connection. SQLite's
// automatic checkpoint runs inside the COMMIT that crosses its threshold, on the thread that
// commits: after a batch of 100,000 objects it copied the whole WAL into the database file (about
// a second) while the event loop waited. Here it runs beside the event loop; PASSIVE never blocks
// readers or the writer, and a checkpoint cut short (shutdown) leaves the WAL authoritative.
// wal-checkpointer.ts runs it.
//
// Plain JavaScript on purpose: a worker started from a .ts file loads Node's type stripper into its
// own isolate, 10 MB of the process's resident memory for these few lines (a worker from this
// file added 20 MB to the process, the same code as .ts 30 MB; docs/OPERATIONS.md).

import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync } from 'node:sqlite';

const db = new DatabaseSync(workerData.path, { timeout: 5000 });
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');

// Each run answers with the WAL's length and how much of it is now in the database file
// (wal-checkpointer.ts bounds the WAL with them), or null when it could not run.
parentPort.on('message', () => {
  let report = null;
  try {
    const row = checkpoint.get();
    report = { log: Number(row.log), checkpointed: Number(row.checkpointed) };
  } catch {
    // Busy or locked: the next commit asks again.
  }
  parentPort.postMessage(report);
});
