// The database as seen from inside a transaction, for the list and paths readers. Controls are
// evaluated inside the ingest batch's transaction, after its stored rows are rendered; the
// readers take a `Db` and read on it, which outside the transaction would not see the batch's
// rows (SQLite reads on another connection, PostgreSQL on another session). This `Db` compiles
// templates as the real one does and runs them on the transaction. Its data version is null so
// that no cached answer (related-filter id sets) taken before the batch is reused.

import type { Db, Executor } from '../../platform/db/database.ts';

const onTransaction = new Set<PropertyKey>(['all', 'first', 'run', 'execute', 'exec']);

export function readerIn(db: Db, tx: Executor): Db {
  if ((tx as unknown) === db) return db;
  return new Proxy(db, {
    get(target, prop) {
      if (onTransaction.has(prop)) return (tx[prop as keyof Executor] as (...a: unknown[]) => unknown).bind(tx);
      if (prop === 'dataVersion') return () => null;
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}
