// Reading issue instances in full: one by id, the page of one object's instances within one issue
// (the spec's issue object details), everything one rule produced across the workspaces a token
// may read (rule results), and the instances one scan produced. Rows carry every field of
// `instanceDetail` in the catalogue.

import { instanceDetail } from '../../catalog/rowsets.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { IssueInstancesTable } from '../../platform/db/tables/findings.ts';
import { param } from '../../platform/db/database.ts';
import { rowObject, rowValues, selectList } from '../../platform/lists/row-values.ts';

/** Which instances a list shows: open ones, waived ones, resolved ones, or all. */
export type StatusFilter = 'open' | 'waived' | 'resolved' | 'all';
export const statusFilters: StatusFilter[] = ['open', 'waived', 'resolved', 'all'];

/** An instance as `selected` reads it (its workspace and the stored fields of `instanceDetail`), typed as the table's row. */
export type InstanceRow = Selectable<IssueInstancesTable> & Record<string, unknown>;

/** The stored fields of every `instanceDetail` column, after the workspace (lists over several workspaces lead with it). */
export const selected = ['i.workspace_id', ...selectList(instanceDetail.columns, 'i')] as ReadonlyArray<`i.${keyof IssueInstancesTable}`>;

export const instanceHeader = instanceDetail.columns.map((c) => c.name);

/** An instance as a row aligned to `instanceHeader`. */
export const instanceValues = rowValues(instanceDetail.columns);

/** An instance as an object keyed by the `instanceHeader` names. */
export const instanceObject = rowObject(instanceDetail.columns);

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
