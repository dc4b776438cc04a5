// Which data a commit may have changed, so answers kept in memory (the response cache's) are
// dropped only when a commit could have touched what they read, not on every commit anywhere (the
// shared totals and related sets of lists keep the same rule: kept-while-current.ts).
//
// Why: each commit dropped every kept answer of the process. A deployment ingesting into one
// workspace once a second made every answer of every other workspace and tenant stale as well:
// in the benchmark's honest cases (live ingest into a workspace of its own) the sessions page was
// answered from the cache 1 % of the time and each post-commit burst of misses held the event loop
// (BENCHMARKS.md). A commit that names the workspace it writes (ingest does) now leaves the answers
// of other workspaces and tenants alone.
//
// A change reaches one workspace of a tenant, or everything. What an answer depends on is a
// workspace, a whole tenant (answers across a token's workspaces), or everything (answers with
// no tenant in their key). A commit that names no workspace, another process's commit (SQLite) and
// a replica's that named none (PostgreSQL) reach everything. Every change moves one epoch; an answer
// read from epoch e is current while no change that reaches what it depends on came after e.

/**
 * The data a commit wrote, or an answer read: one workspace of a tenant, a tenant's workspaces, or
 * (undefined) everything. An answer may also read only tables that hold no workspace's rows
 * (`outsideWorkspaces`: a user's client storage): no commit that names its workspace writes them
 * (write-watch.ts widens one that does), so only a change to everything reaches it.
 */
export type Reach =
  | {
      tenant: string;
      /** Absent: every workspace of the tenant (an answer's dependency only; a commit always names its workspace). */
      workspace?: string;
    }
  | typeof outsideWorkspaces;

export const outsideWorkspaces = 'outside-workspaces';

/** The one workspace a commit wrote. */
export interface WrittenWorkspace {
  tenant: string;
  workspace: string;
}

/** Past this many workspaces remembered, the log forgets them and counts one change to everything. */
const MAX_WORKSPACES = 100_000;

export class ChangeLog {
  /** Moves on every change. */
  private now = 0;
  /** The epoch of the last change that reached everything. */
  private everything = 0;
  private readonly byTenant = new Map<string, number>();
  private readonly byWorkspace = new Map<string, number>();

  get epoch(): number {
    return this.now;
  }

  /** Records a change to one workspace or (undefined) to everything; returns the new epoch. */
  mark(written?: WrittenWorkspace): number {
    this.now++;
    if (!written || this.byWorkspace.size >= MAX_WORKSPACES) {
      this.everything = this.now;
      this.byWorkspace.clear();
      this.byTenant.clear();
      return this.now;
    }
    this.byWorkspace.set(workspaceKey(written.tenant, written.workspace), this.now);
    this.byTenant.set(written.tenant, this.now);
    return this.now;
  }

  /** Whether nothing an answer depending on `reach` (undefined: everything) read at `epoch` could have changed since. */
  unchangedSince(epoch: number, reach: Reach | undefined): boolean {
    if (this.everything > epoch) return false;
    if (!reach) return this.now <= epoch;
    if (reach === outsideWorkspaces) return true;
    if (reach.workspace === undefined) return (this.byTenant.get(reach.tenant) ?? 0) <= epoch;
    return (this.byWorkspace.get(workspaceKey(reach.tenant, reach.workspace)) ?? 0) <= epoch;
  }
}

function workspaceKey(tenant: string, workspace: string): string {
  return `${tenant}\u0000${workspace}`;
}
