// Values kept in memory while no commit reached the data they were read from (change-log.ts):
// each records the data version it was read at and its reach, so a commit into another workspace
// or tenant leaves it current. The response cache's answers and the lists' shared totals and
// related sets (../lists/list-totals.ts, related-sets.ts) are kept by it.

import type { Db } from './database.ts';
import type { Reach } from './change-log.ts';

interface Held<V> {
  version: number;
  reach: Reach | undefined;
  value: V;
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
   * Sees the data version `version`: when newer than any seen, every value a change since reached
   * goes at once, rather than staying until the LRU order reaches it (one pass per version).
   */
  see(version: number): void {
    if (version <= this.newest) return;
    this.newest = version;
    for (const [k, held] of this.byKey) if (!this.db.unchangedSince(held.version, held.reach)) this.delete(k, held.value);
  }

  /** The current value under `key` at `version` (the data version read now), or undefined. */
  get(key: string, version: number): V | undefined {
    this.see(version);
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

  /**
   * Lets go of the least recently used values while `over()` holds (a bound passed: a count, or
   * the bytes or ids its owner counts as values go), stopping at `until` when it is reached.
   */
  trim(over: () => boolean, until?: V): void {
    for (const [k, held] of this.byKey) {
      if (!over() || held.value === until) return;
      this.delete(k, held.value);
    }
  }

  /** Whether a value is kept under `key` (current or not). */
  has(key: string): boolean {
    return this.byKey.has(key);
  }

  get size(): number {
    return this.byKey.size;
  }
}
