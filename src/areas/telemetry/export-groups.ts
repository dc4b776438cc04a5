// Group commit of OTLP exports (issue 39): the exports into one workspace that arrive together share
// one write transaction. A commit costs about the same for one export of 256 interactions as for
// four, so exporters sending at once (replicas of an application, an SDK's concurrent exports) pay
// for one commit instead of one each.
//
// The exports of a group are still read and written one at a time, in the order they joined, each
// seeing in the transaction what the ones before it wrote (the spans they left waiting): the rows
// are those each export would have written committing alone. A group takes every export already
// waiting, up to MAX_GROUP_RECORDS records; when none is waiting but one has arrived and is still
// sending its body, it waits for it, AISPM_OTLP_GROUP_WAIT_MS in all at most. Each export is
// answered once the group has committed. An export that fails alone (a body that cannot be decoded,
// its reading past the CPU budget) has written nothing and leaves the group; a group whose
// transaction fails (a statement, or the commit itself) fails every export in it with 503, which
// OTLP/HTTP exporters retry, and writes nothing of any. Workspaces (and tenants) never share a group.
//
// With a merge (the OTLP route's), an export joins with a preparation besides its work: each export
// is read and discovered in turn (against what the ones before it left waiting), then the group's
// records are applied at once, so an object every export names is upserted and rendered once a group.
// When the merge declines (its records were rejected, or the workspace's object cap refused some),
// what the preparations did is rolled back and each export does its whole work alone, as without one.

import type { Db, Executor } from '../../platform/db/database.ts';
import { ApiError } from '../../platform/errors.ts';
import type { OtlpHub } from './hub.ts';
import { oneAtATime } from './waiting-spans.ts';

/** Most records a group writes: past it the group commits and the exports still waiting form the next. */
export const MAX_GROUP_RECORDS = 20_000;

/** An export's part of a group, done in the group's transaction; `value` is its answer once the group has committed. */
export interface Staged<T> {
  value: T;
  records: number;
  committed(): void;
  failed(): void;
}

/** An export that failed on its own before writing anything (its error is its answer): the group goes on without it. */
export class ExportFailed extends Error {
  readonly error: unknown;
  constructor(error: unknown) {
    super('export failed on its own');
    this.error = error;
  }
}

/** An export read and discovered in the group's transaction, its records not yet applied. */
export interface Prepared {
  records: number;
}

/**
 * Applies the prepared exports of a group at once: their answers in order, or undefined when it
 * declines (it must then have written nothing the group's savepoint cannot roll back).
 */
export type GroupMerge = (tx: Executor, parts: Prepared[]) => Promise<Array<Staged<unknown>> | undefined>;

interface Member {
  work: (tx: Executor) => Promise<Staged<unknown>>;
  prepare?: (tx: Executor) => Promise<Prepared>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

interface Lane {
  tenant: string;
  workspace: string;
  /** Exports whose request has arrived and which have not joined (or given up) yet. */
  arriving: number;
  queue: Member[];
  running: boolean;
  /** Wakes a group waiting for an arriving export. */
  wake?: () => void;
}

/** An export's place: it arrived (its body is being read); it joins its workspace's next group, or leaves. */
export interface Arrival {
  join<T>(work: (tx: Executor) => Promise<Staged<T>>, prepare?: (tx: Executor) => Promise<Prepared>): Promise<T>;
  /** It will not join (its body failed, or it was answered): idempotent, and a no-op once it joined. */
  leave(): void;
}

export class ExportGroups {
  private readonly lanes = new Map<string, Lane>();
  private readonly db: Db;
  readonly waitMs: number;
  private readonly hub: OtlpHub | undefined;
  private readonly merge: GroupMerge | undefined;

  constructor(db: Db, waitMs: number, hub?: OtlpHub, merge?: GroupMerge) {
    this.db = db;
    this.waitMs = waitMs;
    this.hub = hub;
    this.merge = merge;
  }

  /** Called as an export's request arrives, before its body is read, so a group about to commit knows to wait for it. */
  arrive(tenant: string, workspace: string): Arrival {
    const key = `${tenant}\u0000${workspace}`;
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { tenant, workspace, arriving: 0, queue: [], running: false };
      this.lanes.set(key, lane);
    }
    const mine = lane;
    mine.arriving++;
    let here = true;
    const leave = () => {
      if (!here) return;
      here = false;
      mine.arriving--;
      this.forgetIfIdle(key, mine);
      mine.wake?.();
    };
    return {
      leave,
      join: <T>(work: (tx: Executor) => Promise<Staged<T>>, prepare?: (tx: Executor) => Promise<Prepared>) => {
        if (!here) throw new Error('an export joins its group once');
        here = false;
        mine.arriving--;
        const joined = new Promise<T>((resolve, reject) => {
          mine.queue.push({ work, prepare, resolve: resolve as (v: unknown) => void, reject });
        });
        mine.wake?.();
        if (!mine.running) void this.drain(key, mine);
        return joined;
      },
    };
  }

  private forgetIfIdle(key: string, lane: Lane): void {
    if (!lane.running && lane.arriving === 0 && lane.queue.length === 0 && this.lanes.get(key) === lane) this.lanes.delete(key);
  }

  private async drain(key: string, lane: Lane): Promise<void> {
    lane.running = true;
    try {
      // One group at a time per workspace, in the queue the demo loader's exports take too.
      while (lane.queue.length) await oneAtATime(lane.tenant, lane.workspace, () => this.group(lane));
    } finally {
      lane.running = false;
      this.forgetIfIdle(key, lane);
    }
  }

  /** The group's prepared exports applied at once, or, when the merge declines, each export's whole work alone. */
  private async applyPrepared(
    tx: Executor,
    members: Array<{ member: Member; staged?: Staged<unknown>; prepared?: Prepared }>,
  ): Promise<void> {
    const prepared = members.filter((m) => m.prepared);
    const merged =
      prepared.length === members.length && members.length
        ? await this.merge!(
            tx,
            prepared.map((m) => m.prepared!),
          )
        : undefined;
    if (merged) {
      merged.forEach((staged, i) => {
        members[i]!.staged = staged;
      });
      await tx.exec('RELEASE SAVEPOINT export_group');
      return;
    }
    await tx.exec('ROLLBACK TO SAVEPOINT export_group');
    await tx.exec('RELEASE SAVEPOINT export_group');
    for (const entry of [...members]) {
      entry.prepared = undefined;
      try {
        entry.staged = await entry.member.work(tx);
      } catch (err) {
        if (!(err instanceof ExportFailed)) throw err;
        members.splice(members.indexOf(entry), 1);
        entry.member.reject(err.error);
      }
    }
  }

  /** One group: its exports, one after another in one transaction, then the commit and their answers. */
  private async group(lane: Lane): Promise<void> {
    const members: Array<{ member: Member; staged?: Staged<unknown>; prepared?: Prepared }> = [];
    try {
      await this.db.transaction(
        async (tx) => {
          const merging = this.merge !== undefined;
          if (merging) await tx.exec('SAVEPOINT export_group');
          let records = 0;
          let waitLeft = this.waitMs;
          while (records < MAX_GROUP_RECORDS) {
            const member = lane.queue.shift();
            if (!member) {
              // None waiting: wait for one whose body is still coming, within the group's bound.
              if (lane.arriving === 0 || waitLeft <= 0) break;
              const t0 = performance.now();
              await new Promise<void>((resolve) => {
                const timer = setTimeout(resolve, waitLeft);
                lane.wake = () => {
                  clearTimeout(timer);
                  resolve();
                };
              });
              lane.wake = undefined;
              waitLeft -= performance.now() - t0;
              continue;
            }
            const entry: { member: Member; staged?: Staged<unknown>; prepared?: Prepared } = { member };
            members.push(entry);
            try {
              if (merging && member.prepare) {
                entry.prepared = await member.prepare(tx);
                records += entry.prepared.records;
              } else {
                entry.staged = await member.work(tx);
                records += entry.staged.records;
              }
            } catch (err) {
              if (!(err instanceof ExportFailed)) throw err;
              members.pop();
              member.reject(err.error);
            }
          }
          if (merging) await this.applyPrepared(tx, members);
          // A group is one workspace's: answers of the others stay current when it commits.
        },
        { tenant: lane.tenant, workspace: lane.workspace },
      );
    } catch (err) {
      if (!members.length) {
        // The transaction failed before any export's turn (it could not begin: the database is
        // unreachable): the exports waiting are answered with that error rather than tried again at once.
        for (const member of lane.queue.splice(0)) member.reject(err);
        return;
      }
      const failure = new ApiError(
        503,
        `the write transaction this export shared with ${members.length - 1} other export(s) into the workspace failed, and nothing of any of them was written; send it again`,
        { headers: { 'retry-after': '1' } },
      );
      Object.defineProperty(failure, 'cause', { value: err });
      for (const { member, staged } of members) {
        staged?.failed();
        member.reject(failure);
      }
      this.hub?.group('failed', members.length);
      return;
    }
    for (const { member, staged } of members) {
      staged!.committed();
      member.resolve(staged!.value);
    }
    if (members.length) this.hub?.group('committed', members.length);
  }
}
