// Reads summarised per actor and hour: each admitted GET or HEAD counts toward one row per
// (tenant, hour, actor, route pattern) of `audit_reads`. Counted in this process's memory and
// added to the rows every few seconds and when the app closes, so a read costs a Map increment,
// never a write. Written uncounted (Db.runUncounted): a summary of reads is in no cached answer,
// and writing it must not drop them. Rows of several processes add up (the upsert adds).

import { sql } from 'kysely';
import type { Builder, Db } from '../db/database.ts';
import { param } from '../db/database.ts';

const HOUR = 3_600_000;
/** Distinct rows held between flushes at most; past it a flush is started at once. */
const MAX_PENDING = 10_000;

type Row = {
  tenant: string;
  hour: number;
  actor: string;
  route: string;
  requests: number;
};

export class ReadSummary {
  /**
   * Rows by hour, route, tenant and actor: maps of maps, so that a read looks up strings it
   * already holds (their hashes cached by V8) instead of joining a key string per request.
   */
  private pending = new Map<number, Map<string, Map<string, Map<string, Row>>>>();
  private size = 0;
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private readonly db: Db;
  private readonly onError: (err: unknown) => void;

  constructor(db: Db, onError: (err: unknown) => void, everyMs = 5_000) {
    this.db = db;
    this.onError = onError;
    this.timer = setInterval(() => void this.flush(), everyMs);
    this.timer.unref();
  }

  note(tenant: string, actor: string, route: string, now: number): void {
    const hour = now - (now % HOUR);
    let routes = this.pending.get(hour);
    if (!routes) this.pending.set(hour, (routes = new Map()));
    let tenants = routes.get(route);
    if (!tenants) routes.set(route, (tenants = new Map()));
    let actors = tenants.get(tenant);
    if (!actors) tenants.set(tenant, (actors = new Map()));
    const row = actors.get(actor);
    if (row) row.requests++;
    else {
      actors.set(actor, { tenant, hour, actor, route, requests: 1 });
      if (++this.size >= MAX_PENDING) void this.flush();
    }
  }

  /** Adds what was counted to the rows; one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.size === 0) return;
      const rows: Row[] = [];
      for (const routes of this.pending.values())
        for (const tenants of routes.values()) for (const actors of tenants.values()) rows.push(...actors.values());
      this.pending = new Map();
      this.size = 0;
      const t = this.db.template('audit.reads.add', (b) =>
        b
          .insertInto('audit_reads')
          .values({
            tenant_id: param('tenant'),
            hour: param<number>('hour'),
            actor: param('actor'),
            route: param('route'),
            requests: param<number>('requests'),
          })
          .onConflict((oc) =>
            oc
              .columns(['tenant_id', 'hour', 'actor', 'route'])
              .doUpdateSet({ requests: sql<number>`audit_reads.requests + excluded.requests` }),
          ),
      );
      try {
        for (const r of rows) await this.db.runUncounted(t, r);
      } catch (err) {
        this.onError(err);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

/** Deletes the summaries of hours before the cutoff (every tenant); returns how many. */
export async function purgeReads(db: Db, cutoff: number): Promise<number> {
  const t = db.template('audit.reads.purge', (b) => b.deleteFrom('audit_reads').where('hour', '<', param<number>('cutoff')));
  return db.run(t, { cutoff });
}

/**
 * The base of the list of a tenant's reads per hour, actor and route (alias `r`). Tenant-wide,
 * like the key events: a key granted some workspaces (`all` false) reads none of them.
 */
export function readsListed(b: Builder, all: boolean) {
  const q = b
    .selectFrom('audit_reads as r')
    .select(['r.hour', 'r.actor', 'r.route', 'r.requests'])
    .where('r.tenant_id', '=', param('tenant'));
  return all ? q : q.where(sql<boolean>`1 = 0`);
}
