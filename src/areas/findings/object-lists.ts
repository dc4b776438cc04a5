// The findings of one inventory object, as the inventory's `issues` and `instances` edges list
// them. Scope arguments: tenant, workspace, kind and id of the object.

import { instance, objectIssue } from '../../catalog/rowsets.ts';
import { param } from '../../platform/db/database.ts';
import { ilkOn } from '../../platform/lists/filters.ts';
import { defineList, fieldSql, sortableBy } from '../../platform/lists/list-spec.ts';
import type { IssueInstancesTable, IssuesTable } from '../../platform/db/tables/findings.ts';
import { rowValues, selectList } from '../../platform/lists/row-values.ts';

const severityRankSql = "case i.severity when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end";

const issueSortSql = {
  id: 'i.id',
  rule_id: 'i.rule_id',
  severity: 'i.severity_rank',
  occurrences: 'o.occurrences',
  first_detected: 'o.first_detected',
  last_detected: 'o.last_detected',
};

// An issue's fields from `issues as i`, the object's occurrences and detections from `issue_objects as o`.
const fromObject = { occurrences: 'o.occurrences', first_detected: 'o.first_detected', last_detected: 'o.last_detected' };
const objectIssueFields = selectList(objectIssue.columns, 'i', fromObject) as ReadonlyArray<`i.${keyof IssuesTable}`>;
const objectIssueRow = rowValues(objectIssue.columns);

/** Issues (findings grouped by rule and severity) that touch the object, with its occurrences in each. */
export const objectIssues = defineList({
  name: 'object.issues',
  columns: sortableBy(objectIssue.columns, issueSortSql),
  columnSql: () => fieldSql(objectIssue.columns, 'i.', fromObject),
  sortSql: (column) => issueSortSql[column as keyof typeof issueSortSql],
  tie: ['i.id'],
  defaultSort: [{ column: 'severity', dir: 'desc' }],
  filters: [ilkOn('rule_name', 'i.rule_name')],
  pageSize: 100,
  totalFromFirstPage: true,
  // CROSS JOIN: the object's few issue_objects rows drive (see the inventory's edges).
  base: (b) =>
    b
      .selectFrom('issue_objects as o')
      .crossJoin('issues as i')
      .whereRef('i.tenant_id', '=', 'o.tenant_id')
      .whereRef('i.workspace_id', '=', 'o.workspace_id')
      .whereRef('i.id', '=', 'o.issue_id')
      .select(objectIssueFields)
      .where('o.tenant_id', '=', param('tenant'))
      .where('o.workspace_id', '=', param('workspace'))
      .where('o.object_kind', '=', param('kind'))
      .where('o.object_id', '=', param('id')),
  render: (_db, _scope, rows) => rows.map(objectIssueRow),
});

const instanceSortSql = {
  id: 'i.id',
  rule_id: 'i.rule_id',
  severity: severityRankSql,
  status: 'i.status',
  detected_at: 'i.detected_at',
  cvss_score: 'coalesce(i.cvss_score, -1)',
};

const objectInstanceFields = selectList(instance.columns, 'i') as ReadonlyArray<`i.${keyof IssueInstancesTable}`>;
const objectInstanceRow = rowValues(instance.columns);

/** Issue instances (single findings) raised on the object. */
export const objectInstances = defineList({
  name: 'object.instances',
  columns: sortableBy(instance.columns, instanceSortSql),
  columnSql: () => fieldSql(instance.columns, 'i.', { object_type: 'i.object_kind' }),
  sortSql: (column) => instanceSortSql[column as keyof typeof instanceSortSql],
  tie: ['i.id'],
  defaultSort: [{ column: 'detected_at', dir: 'desc' }],
  filters: [ilkOn('title', 'i.title')],
  pageSize: 100,
  totalFromFirstPage: true,
  base: (b) =>
    b
      .selectFrom('issue_instances as i')
      .select(objectInstanceFields)
      .where('i.tenant_id', '=', param('tenant'))
      .where('i.workspace_id', '=', param('workspace'))
      .where('i.object_kind', '=', param('kind'))
      .where('i.object_id', '=', param('id')),
  render: (_db, _scope, rows) => rows.map(objectInstanceRow),
});
