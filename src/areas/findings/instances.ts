// Reading issue instances in full: one by id, the page of one object's instances within one issue
// (the spec's issue object details), everything one rule produced across the workspaces a token
// may read (rule results), and the instances one scan produced. Rows carry every field of
// `instanceDetail` in the catalogue.

import { instanceDetail } from '../../catalog/rowsets.ts';
import { rfc3339 } from '../../platform/values.ts';
import type { Selectable } from 'kysely';
import type { Db, Unqualified } from '../../platform/db/database.ts';
import type { IssueInstancesTable } from '../../platform/db/tables/findings.ts';
import { param, readJson } from '../../platform/db/database.ts';

/** Which instances a list shows: open ones, waived ones, resolved ones, or all. */
export type StatusFilter = 'open' | 'waived' | 'resolved' | 'all';
export const statusFilters: StatusFilter[] = ['open', 'waived', 'resolved', 'all'];

/** An instance as `selected` reads it. */
export type InstanceRow = Pick<Selectable<IssueInstancesTable>, Unqualified<(typeof selected)[number]>> & Record<string, unknown>;

export const selected = [
  'i.workspace_id',
  'i.id',
  'i.issue_id',
  'i.rule_id',
  'i.severity',
  'i.status',
  'i.title',
  'i.object_kind',
  'i.object_id',
  'i.detected_at',
  'i.resolved_at',
  'i.cvss_score',
  'i.owasp_category',
  'i.scan_id',
  'i.source',
  'i.category',
  'i.description',
  'i.code_location',
  'i.evidence',
  'i.remediation',
  'i.waiver',
] as const;

/** Stored field behind each `instanceDetail` column, and how it goes on the wire. */
const wire: Record<string, (r: InstanceRow) => unknown> = {
  object_type: (r) => r.object_kind,
  detected_at: (r) => rfc3339(r.detected_at),
  resolved_at: (r) => rfc3339(r.resolved_at),
  cvss_score: (r) => (r.cvss_score === null ? null : Number(r.cvss_score)),
  code_location: (r) => readJson(r.code_location) ?? null,
  evidence: (r) => readJson(r.evidence) ?? null,
  waiver: (r) => readJson(r.waiver) ?? null,
};
const getters = instanceDetail.columns.map((c) => wire[c.name] ?? ((r: InstanceRow) => r[c.name] ?? null));

export const instanceHeader = instanceDetail.columns.map((c) => c.name);

/** An instance as a row aligned to `instanceHeader`. */
export function instanceValues(r: InstanceRow): unknown[] {
  return getters.map((g) => g(r));
}

/** An instance as an object keyed by the `instanceHeader` names. */
export function instanceObject(r: InstanceRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  instanceHeader.forEach((name, i) => {
    out[name] = getters[i]!(r);
  });
  return out;
}

export async function getInstance(db: Db, tenant: string, workspace: string, id: string): Promise<InstanceRow | undefined> {
  const t = db.template('instances.get', (b) =>
    b
      .selectFrom('issue_instances as i')
      .select(selected)
      .where('i.tenant_id', '=', param('tenant'))
      .where('i.workspace_id', '=', param('workspace'))
      .where('i.id', '=', param('id')),
  );
  return db.first(t, { tenant, workspace, id });
}

/**
 * The kinds of object with this id that have instances (any status) of the issue. Usually one;
 * more only when objects of different kinds share an id.
 */
export async function objectKindsInIssue(db: Db, tenant: string, workspace: string, issueId: string, objectId: string): Promise<string[]> {
  const t = db.template('instances.object-kinds', (b) =>
    b
      .selectFrom('issue_instances')
      .select('object_kind')
      .distinct()
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('issue_id', '=', param('issue'))
      .where('object_id', '=', param('object'))
      .orderBy('object_kind'),
  );
  return (await db.all(t, { tenant, workspace, issue: issueId, object: objectId })).map((r) => r.object_kind);
}
