// What a transaction that names its workspace (change-log.ts) really wrote: the tables its
// statements that changed rows insert into, copy into, update or delete from (an outbox insert that found no
// subscriber wrote nothing). A commit is counted as reaching one workspace only
// when every table it wrote holds rows of one workspace each, written by the caller for the
// workspace it named; a write to any other table (tenant-wide rules or storage, API keys, jobs,
// prices, webhook subscriptions, whose rows a workspace's answers read too) widens it to
// everything. So a caller naming its workspace can make answers stale too often, never too rarely
// because of a table it forgot.

import type { Database } from './schema.ts';
import { tableOwners } from './table-owners.ts';

/**
 * Tables whose every row belongs to one workspace (`workspace_id` never empty for a tenant-wide
 * row) and whose writers name that workspace: the inventory, findings, runtime and scan tables
 * ingest writes. Every other table of the schema (table-owners.ts names them all) reaches
 * everything. test/write-watch.test.ts checks each has a workspace column on both engines.
 */
export const workspaceTables: ReadonlySet<keyof Database> = new Set<keyof Database>([
  'entities',
  'relations',
  'kind_counts',
  'issues',
  'issue_instances',
  'issue_objects',
  'issue_monthly',
  'issue_monthly_rules',
  'llm_interactions',
  'llm_sessions',
  'llm_session_objects',
  'llm_runtime_counts',
  'llm_agent_daily',
  'llm_cost_daily',
  'otlp_pending_spans',
  'otlp_stats',
  'scans',
  'scan_assets',
  'workspaces',
  // Ingest's audit row names the batch's workspace; the audit trail is read across a tenant (whose
  // answers any commit into one of its workspaces makes stale), never in one workspace's answers.
  'audit_events',
]);

// The table after each writing keyword (Kysely quotes names; SQL written out may not). A word that
// names no table (`do update set`, `for update of`) is not a table and is passed over.
const WRITES = /\b(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update|delete\s+from|copy)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/gi;

/** Whether `sql` writes a table outside `workspaceTables`; remembered per text (templates repeat). */
const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 10_000;

export function writesOutsideWorkspace(sql: string): boolean {
  const known = verdicts.get(sql);
  if (known !== undefined) return known;
  let outside = false;
  for (const m of sql.matchAll(WRITES)) {
    const table = m[1]!.toLowerCase() as keyof Database;
    // Every other table of the schema (a word that names none is passed over).
    if (tableOwners.has(table) && !workspaceTables.has(table)) {
      outside = true;
      break;
    }
  }
  // Built-on-the-spot statements (multi-row inserts) vary in length: only short texts are remembered.
  if (sql.length < 4096) {
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    verdicts.set(sql, outside);
  }
  return outside;
}

/** Watches the statements of one transaction. */
export class WriteWatch {
  outside = false;
  saw(sql: string): void {
    if (!this.outside && writesOutsideWorkspace(sql)) this.outside = true;
  }
}
