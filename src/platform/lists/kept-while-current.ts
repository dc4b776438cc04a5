// What lists share between requests (totals, related sets), kept while no commit reached the
// data it was read from: the response cache's rule (../db/change-log.ts). Each value records the
// data version it was read at and its reach, the tenant and workspace its scope binds; a commit
// into another workspace or tenant leaves it current.
//
// Why: these were dropped whenever the data version moved. Under an ingest into one workspace a
// second, every other workspace's totals and related sets were read again after each commit: a
// count of 49,920 models was 25 ms on PostgreSQL, the related walk of a provider 15 ms.

import type { Db } from '../db/database.ts';
import type { Reach } from '../db/change-log.ts';
import type { ListScope } from './list-spec.ts';

interface Held<V> {
  version: number;
  reach: Reach | undefined;
  value: V;
}

/** The data a scope's statements read: the workspace its arguments bind, else its tenant, else everything. */
export function reachOfScope(scope: ListScope): Reach | undefined {
  const { args } = scope;
  const tenant = Object.hasOwn(args, 'tenant') ? args.tenant : undefined;
  if (typeof tenant !== 'string') return undefined;
  // A token's lists bind its workspaces under other names: they read across the tenant.
  const workspace = !scope.token && Object.hasOwn(args, 'workspace') ? args.workspace : undefined;
  return typeof workspace === 'string' ? { tenant, workspace } : { tenant };
}

/** Values by key, in least recently used order, each dropped once a change reaches its data. */
export class KeptWhileCurrent<V> {
  private readonly byKey = new Map<string, Held<V>>();
  private newest = -1;
  private readonly db: Pick<Db, 'unchangedSince'>;
  /** Told of every value that goes (its bookkeeping: the ids related sets hold). */
  private readonly dropped: (value: V) => void;
  constructor(db: Pick<Db, 'unchangedSince'>, dropped: (value: V) => void = () => {}) {
    this.db = db;
    this.dropped = dropped;
  }

  /**
   * The current value under `key` at `version` (the data version read now), or undefined. A newer
   * version than any seen first lets go of every value a change since reached: one pass per version.
   */
  get(key: string, version: number): V | undefined {
    if (version > this.newest) {
      this.newest = version;
      for (const [k, held] of this.byKey) if (!this.db.unchangedSince(held.version, held.reach)) this.delete(k, held.value);
    }
    const held = this.byKey.get(key);
    if (!held) return undefined;
    if (!this.db.unchangedSince(held.version, held.reach)) {
      this.delete(key, held.value);
      return undefined;
    }
    // Most recently used last.
    this.byKey.delete(key);
    this.byKey.set(key, held);
    return held.value;
  }

  /** Keeps `value`, read at `version` from the data `reach` names. */
  set(key: string, version: number, reach: Reach | undefined, value: V): void {
    const old = this.byKey.get(key);
    if (old) this.delete(key, old.value);
    this.byKey.set(key, { version, reach, value });
  }

  /** Forgets the value under `key` if it is still `value`. */
  delete(key: string, value: V): void {
    if (this.byKey.get(key)?.value !== value) return;
    this.byKey.delete(key);
    this.dropped(value);
  }

  /** The least recently used entry. */
  oldest(): [string, V] | undefined {
    for (const [k, held] of this.byKey) return [k, held.value];
    return undefined;
  }

  /** Entries, least recently used first. */
  *entries(): IterableIterator<[string, V]> {
    for (const [k, held] of this.byKey) yield [k, held.value];
  }

  get size(): number {
    return this.byKey.size;
  }
}
