// The stored findings as their writers read them back before writing (issue 34): one read shape
// and one reader of `issue_instances` for every writer of findings (ingest, SARIF and MCP scanner
// imports, advisories, posture rules), instead of a column list and a row type per writer. Each
// writer says which instances it needs (by id, by scan, by object, by rule; of one source; open
// only) and whether it compares their wording (description, evidence, score).

import { type BatchContext, splitKey } from '../../ingest/batch-context.ts';
import type { Selectable } from 'kysely';
import { chunks } from '../../platform/db/bulk.ts';
import type { IssueInstancesTable } from '../../platform/db/tables/findings.ts';
import { type Db, type Executor, param } from '../../platform/db/database.ts';
import { withObjectName } from '../inventory/entities-store.ts';

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

/** An open finding of one rule as a page shows it: its object with the object's inventory name (null when not held). */
export interface OpenFindingOfRule {
  id: string;
  object_kind: string;
  object_id: string;
  /** As the engine returns it: JSON text on SQLite, parsed on PostgreSQL. */
  evidence: unknown;
  name: string | null;
}

/** The open findings of one rule from one source, by object kind and id. */
export function openFindingsOfRule(db: Db, tenant: string, workspace: string, rule: string, source: string): Promise<OpenFindingOfRule[]> {
  const t = db.template('findings.open-of-rule', (b) =>
    withObjectName(b.selectFrom('issue_instances as i').select(['i.id', 'i.object_kind', 'i.object_id', 'i.evidence']), {
      alias: 'i',
      kind: { column: 'object_kind' },
      id: 'object_id',
    })
      .where('i.tenant_id', '=', param('tenant'))
      .where('i.workspace_id', '=', param('workspace'))
      .where('i.rule_id', '=', param('rule'))
      .where('i.source', '=', param('source'))
      .where('i.status', '=', 'open')
      .orderBy('i.object_kind')
      .orderBy('i.object_id'),
  );
  return db.all(t, { tenant, workspace, rule, source });
}

/** The number of open findings of each of these rules in a workspace (rules without any are absent). */
export async function openCountsByRule(
  db: Db,
  ex: Executor,
  tenant: string,
  workspace: string,
  rules: string[],
): Promise<Map<string, number>> {
  const t = db.template('findings.open-counts-by-rule', (b, d) =>
    b
      .selectFrom('issue_instances')
      .select(['rule_id'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inList('rule_id', param('rules')))
      .where('status', '=', 'open')
      .groupBy('rule_id'),
  );
  const out = new Map<string, number>();
  for (const part of chunks(rules)) for (const r of await ex.all(t, { tenant, workspace, rules: part })) out.set(r.rule_id, Number(r.n));
  return out;
}

/** An open finding as an export writes it. */
export interface ExportedFinding {
  id: string;
  rule_id: string;
  severity: string;
  object_kind: string;
  object_id: string;
  detected_at: number;
  title: string;
  description: string;
  remediation: string;
  /** As the engine returns it: JSON text on SQLite, parsed on PostgreSQL. */
  code_location: unknown;
  cvss_score: number | null;
  owasp_category: string | null;
}

/** The open findings of a workspace after id `after` (none: ''), at most `limit`, in id order. */
export function openFindingPage(db: Db, tenant: string, workspace: string, after: string, limit: number): Promise<ExportedFinding[]> {
  const t = db.template('findings.open-page', (b) =>
    b
      .selectFrom('issue_instances')
      .select([
        'id',
        'rule_id',
        'severity',
        'object_kind',
        'object_id',
        'detected_at',
        'title',
        'description',
        'remediation',
        'code_location',
        'cvss_score',
        'owasp_category',
      ])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('status', '=', 'open')
      .where('id', '>', param('after'))
      .orderBy('id')
      .limit(param<number>('limit')),
  );
  return db.all(t, { tenant, workspace, after, limit });
}
