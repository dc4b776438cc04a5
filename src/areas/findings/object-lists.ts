// The findings of one inventory object, as the inventory's `issues` and `instances` edges list
// them. Scope arguments: tenant, workspace, kind and id of the object.

import { instance, objectIssue } from '../../catalog/rowsets.ts';
import { param } from '../../platform/db/database.ts';
import { ilkOn } from '../../platform/lists/filters.ts';
import { defineList, fieldSql, sortableBy } from '../../platform/lists/list-spec.ts';
import { rfc3339 } from '../../platform/values.ts';

const severityRankSql = "case i.severity when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end";

const issueSortSql = {
  id: 'i.id',
  rule_id: 'i.rule_id',
  severity: 'i.severity_rank',
  occurrences: 'o.occurrences',
  first_detected: 'o.first_detected',
  last_detected: 'o.last_detected',
};

/** Issues (findings grouped by rule and severity) that touch the object, with its occurrences in each. */
export const objectIssues = defineList({
  name: 'object.issues',
  columns: sortableBy(objectIssue.columns, issueSortSql),
  columnSql: () =>
    fieldSql(objectIssue.columns, 'i.', {
      occurrences: 'o.occurrences',
      first_detected: 'o.first_detected',
      last_detected: 'o.last_detected',
    }),
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
      .select(['i.id', 'i.rule_id', 'i.rule_name', 'i.severity', 'i.category', 'o.occurrences', 'o.first_detected', 'o.last_detected'])
      .where('o.tenant_id', '=', param('tenant'))
      .where('o.workspace_id', '=', param('workspace'))
      .where('o.object_kind', '=', param('kind'))
      .where('o.object_id', '=', param('id')),
  render: (_db, _scope, rows) =>
    rows.map((r) => [
      r.id,
      r.rule_id,
      r.rule_name,
      r.severity,
      r.category,
      Number(r.occurrences),
      rfc3339(r.first_detected as number),
      rfc3339(r.last_detected as number),
    ]),
});

const instanceSortSql = {
  id: 'i.id',
  rule_id: 'i.rule_id',
  severity: severityRankSql,
  status: 'i.status',
  detected_at: 'i.detected_at',
  cvss_score: 'coalesce(i.cvss_score, -1)',
};

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
      .select([
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
      ])
      .where('i.tenant_id', '=', param('tenant'))
      .where('i.workspace_id', '=', param('workspace'))
      .where('i.object_kind', '=', param('kind'))
      .where('i.object_id', '=', param('id')),
  render: (_db, _scope, rows) =>
    rows.map((r) => [
      r.id,
      r.issue_id,
      r.rule_id,
      r.severity,
      r.status,
      r.title,
      r.object_kind,
      r.object_id,
      rfc3339(r.detected_at as number),
      rfc3339(r.resolved_at as number | null),
      r.cvss_score === null ? null : Number(r.cvss_score),
      r.owasp_category,
      r.scan_id,
      r.source,
    ]),
});
