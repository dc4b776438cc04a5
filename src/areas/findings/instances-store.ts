// The stored findings as their writers read them back before writing (issue 34): one read shape
// and one reader of `issue_instances` for every writer of findings (ingest, SARIF and MCP scanner
// imports, advisories, posture rules), instead of a column list and a row type per writer. Each
// writer says which instances it needs (by id, by scan, by object, by rule; of one source; open
// only) and whether it compares their wording (description, evidence, score).

import { type BatchContext, splitKey } from '../../ingest/batch-context.ts';
import { chunks } from '../../platform/db/bulk.ts';
import { param } from '../../platform/db/database.ts';
import type { Selectable } from 'kysely';
import type { IssueInstancesTable } from '../../platform/db/tables/findings.ts';

/** An instance as stored: the head a change names (InstanceHead), and its status. */
export type StoredInstance = Pick<Selectable<IssueInstancesTable>, (typeof headColumns)[number]>;

/**
 * With its wording, for writers that rewrite an open instance when what it says changes. The
 * evidence as the engine returns it: JSON text on SQLite, parsed on PostgreSQL.
 */
export type StoredWording = Pick<Selectable<IssueInstancesTable>, (typeof wordingColumns)[number]>;

const headColumns = ['id', 'issue_id', 'rule_id', 'severity', 'object_kind', 'object_id', 'status', 'detected_at', 'title'] as const;
const wordingColumns = [...headColumns, 'description', 'evidence', 'cvss_score'] as const;

/** What identifies the instances read: their ids, their scans' ids, their objects' ids, their rules' ids, or their objects' keys (`objectKey`). */
export type StoredBy = 'id' | 'scan_id' | 'object_id' | 'rule_id' | 'object';

export interface StoredQuery {
  by: StoredBy;
  values: Iterable<string>;
  /** Only the instances of this source (`static`, `osv`, a scanner's). */
  source?: string;
  /** Only open instances, or only live ones (open or waived: a waived finding stays while its rule holds). */
  status?: 'open' | 'live';
}

/** Where the instances are read: a batch's transaction, or any executor of the database. */
export type StoredAt = Pick<BatchContext, 'db' | 'tx' | 'tenant' | 'workspace'>;

export function readStored(at: StoredAt, q: StoredQuery & { wording: true }): Promise<StoredWording[]>;
export function readStored(at: StoredAt, q: StoredQuery & { wording?: false }): Promise<StoredInstance[]>;
export async function readStored(at: StoredAt, q: StoredQuery & { wording?: boolean }): Promise<StoredInstance[]> {
  const { db, tx, tenant, workspace } = at;
  const source = q.source !== undefined;
  const key = `findings.stored.${q.by}${q.wording ? '.wording' : ''}${source ? '.source' : ''}${q.status ? `.${q.status}` : ''}`;
  const t = db.template(key, (b, d) => {
    let s = b
      .selectFrom('issue_instances')
      .select(q.wording ? [...wordingColumns] : [...headColumns])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(q.by === 'object' ? d.inKeys(['object_kind', 'object_id'], param('values')) : d.inList(q.by, param('values')));
    if (source) s = s.where('source', '=', param('source'));
    if (q.status === 'open') s = s.where('status', '=', 'open');
    if (q.status === 'live') s = s.where('status', 'in', ['open', 'waived']);
    return s;
  });
  const out: StoredInstance[] = [];
  for (const part of chunks([...new Set(q.values)])) {
    const values = q.by === 'object' ? JSON.stringify(part.map(splitKey)) : part;
    // PostgreSQL returns a bigint as text.
    for (const r of await tx.all(t, { tenant, workspace, values, source: q.source }))
      out.push({ ...r, detected_at: Number(r.detected_at) });
  }
  return out;
}
