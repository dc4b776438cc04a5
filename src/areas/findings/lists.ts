// The findings' lists, one declaration each: the issues of a workspace and the same grouped by
// other dimensions, the objects of an issue and one object's instances in it, the results of a
// rule across the token's workspaces, the findings of a scan, and the three rule lists.

import Type from 'typebox';
import { instanceDetail, issueObject, ruleRow, workspaceIssue } from '../../catalog/rowsets.ts';
import { param } from '../../platform/db/database.ts';
import { whereScope, type ScopeShape } from '../../platform/db/workspace-scope.ts';
import { SortQuery, StringEnum } from '../../platform/http/schemas.ts';
import type { FilterDecl } from '../../platform/lists/filters.ts';
import { defineList, fieldSql, type ListSpec } from '../../platform/lists/list-spec.ts';
import { NameQuery } from '../../platform/http/schemas.ts';
import { WorkspaceNarrowing } from '../../platform/http/token-scope.ts';
import { instanceValues, selected, statusFilters } from './instances.ts';
import {
  dimensionSql,
  groupColumns,
  groupedBase,
  groupValues,
  type IssueDimension,
  issueDimensions,
  issueObjectsBase,
  issueObjectValues,
  issueColumns,
  issuesBase,
  issueSortSql,
  issueValues,
  measureSort,
  objectSortSql,
} from './issues.ts';
import { type RuleRow, ruleSelect, ruleSortSql, ruleValues, visibleIn } from './rules.ts';

const DEFAULT_PAGE = 100;

/** `sort` of the findings lists: `column[:asc|desc]` terms. */
const sortTerms = (description: string) => ({
  sort: Type.Optional(Type.String({ maxLength: 256, description })),
  sort_dir: SortQuery.sort_dir,
});
const termsDescription = 'Sort terms: `column[:asc|desc]`, comma-separated, e.g. `severity:desc,open_instances:desc`.';

// ---- issues of a workspace ---------------------------------------------------------------------

const bySeverity = [
  { column: 'severity', dir: 'desc' as const },
  { column: 'open_instances', dir: 'desc' as const },
];

const GroupBy = {
  group_by: Type.Optional(
    Type.String({
      maxLength: 128,
      description: `Dimensions to group by, comma-separated, from ${issueDimensions.join(', ')}. Default \`rule_id,severity\`: one row per issue.`,
    }),
  ),
};

/** The open issues of a workspace, one row per issue. Scope: tenant, workspace. */
export const workspaceIssues = defineList({
  name: 'issues',
  columns: workspaceIssue.columns,
  columnSql: () => fieldSql(workspaceIssue.columns, 'i.'),
  sortSql: (column) => issueSortSql[column],
  tie: ['i.id'],
  defaultSort: bySeverity,
  filters: [],
  pageSize: DEFAULT_PAGE,
  base: (b) => issuesBase(b),
  render: (_db, _scope, rows) => rows.map(issueValues),
  query: { order: [{ extra: GroupBy }, 'sort', 'paging'], sort: sortTerms(termsDescription) },
});

const groupLists = new Map<string, ListSpec<Record<string, unknown>>>();

/** The open issues of a workspace grouped by other dimensions: the dimensions, then the measures. */
export function issueGroups(dims: IssueDimension[]): ListSpec<Record<string, unknown>> {
  const key = dims.join(',');
  let spec = groupLists.get(key);
  if (!spec) {
    const groupRow = groupValues(dims);
    spec = defineList({
      name: `issues.groups:${key}`,
      columns: groupColumns(dims),
      columnSql: () => fieldSql(groupColumns(dims), 'g.'),
      sortSql: (column) => (Object.assign({}, measureSort, ...dims.map((d) => dimensionSql[d].sort)) as Record<string, string>)[column],
      // A group is identified by its dimension values.
      tie: dims.map((d) => `g.${d}`),
      defaultSort: dims.includes('severity') ? bySeverity : [{ column: 'open_instances', dir: 'desc' }],
      filters: [],
      pageSize: DEFAULT_PAGE,
      base: (b) => groupedBase(dims)(b),
      render: (_db, _scope, rows) => rows.map(groupRow),
      query: { order: [{ extra: GroupBy }, 'sort', 'paging'], sort: sortTerms(termsDescription) },
    });
    groupLists.set(key, spec);
  }
  return spec;
}

/** The columns of issues across workspaces: the workspace, then an issue's. */
const tokenIssueHeader = ['workspace_id', ...workspaceIssue.columns.map((c) => c.name)];

/**
 * The open issues of the workspaces a token may read (`GET /issues`): the workspace first, then
 * the issue's columns, most severe first. Issue ids name their workspace, so the id breaks ties.
 * Scope: the token's.
 */
export const tokenIssues = defineList({
  name: 'issues.token',
  columns: workspaceIssue.columns,
  header: tokenIssueHeader,
  columnSql: () => fieldSql(workspaceIssue.columns, 'i.'),
  sortSql: (column) => issueSortSql[column],
  tie: ['i.id', 'i.workspace_id'],
  defaultSort: bySeverity,
  filters: [],
  pageSize: DEFAULT_PAGE,
  base: (b, d, scope) =>
    whereScope(
      b
        .selectFrom('issues as i')
        .select(['i.workspace_id', ...issueColumns])
        .where('i.tenant_id', '=', param('tenant')),
      d,
      scope.key as ScopeShape,
      'i.workspace_id',
    ),
  render: (_db, _scope, rows) => rows.map((r) => [r.workspace_id, ...issueValues(r)]),
  query: { order: [{ extra: WorkspaceNarrowing }, 'sort', 'paging'], sort: sortTerms(termsDescription) },
});

const byOccurrences = [{ column: 'occurrences', dir: 'desc' as const }];

/** The objects an open issue touches. Scope: tenant, workspace, issue. */
export const issueObjects = defineList({
  name: 'issue.objects',
  columns: issueObject.columns,
  columnSql: () => fieldSql(issueObject.columns, 'o.', { object_name: 'e.name' }),
  sortSql: (column) => objectSortSql[column],
  tie: ['o.object_kind', 'o.object_id'],
  defaultSort: byOccurrences,
  filters: [],
  pageSize: DEFAULT_PAGE,
  base: (b) => issueObjectsBase(b),
  render: (_db, _scope, rows) => rows.map(issueObjectValues),
  query: { order: ['sort', 'paging'], sort: sortTerms(termsDescription) },
});

// ---- instances ----------------------------------------------------------------------------------

/** `status`: open, resolved or all (no filter), `fallback` when absent. */
export function statusFilter(fallback: string): FilterDecl {
  return {
    param: 'status',
    column: 'status',
    op: 'eq',
    none: 'all',
    default: fallback,
    schema: StringEnum(statusFilters, { description: `Which instances: open, waived, resolved or all (default ${fallback}).` }),
  };
}

export const instanceSql = fieldSql(instanceDetail.columns, 'i.');
const severityRankSql = "case i.severity when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end";
/** Severity sorts by rank; a missing CVSS score below every score. */
export const instanceSort = (column: string) =>
  column === 'severity' ? severityRankSql : column === 'cvss_score' ? 'coalesce(i.cvss_score, -1)' : undefined;
export const newestFirst = [{ column: 'detected_at', dir: 'desc' as const }];

/**
 * The instances of one issue on one object: the spec's issue object details (answered as objects,
 * not rows). Newest first, the order of the (issue, object, detected_at, id) index. Scope: tenant,
 * workspace, issue, kind, object.
 */
export const issueObjectDetails = defineList({
  name: 'issue.details',
  columns: instanceDetail.columns,
  columnSql: () => instanceSql,
  sortSql: instanceSort,
  tie: ['i.id'],
  defaultSort: newestFirst,
  filters: [statusFilter('open')],
  pageSize: DEFAULT_PAGE,
  base: (b) =>
    b
      .selectFrom('issue_instances as i')
      .select(selected)
      .where('i.tenant_id', '=', param('tenant'))
      .where('i.workspace_id', '=', param('workspace'))
      .where('i.issue_id', '=', param('issue'))
      .where('i.object_kind', '=', param('kind'))
      .where('i.object_id', '=', param('object')),
  render: (_db, _scope, rows) => rows,
  query: {
    order: [
      'paging',
      'filters',
      {
        extra: {
          object_type: Type.Optional(
            Type.String({ maxLength: 128, description: 'Kind of the object, needed only when objects of several kinds share the id.' }),
          ),
        },
      },
    ],
  },
});

/**
 * Instances across the workspaces a token may read, of one rule or one issue (`column` = the
 * scope argument), newest first across workspaces (ids are unique only within a workspace, so it
 * breaks ties too), the workspace as the first column. Scope: the token's, and the rule or issue.
 */
function instancesAcrossWorkspaces(name: string, column: 'rule_id' | 'issue_id', arg: string, sortable: boolean) {
  return defineList({
    name,
    columns: instanceDetail.columns,
    header: ['workspace_id', ...instanceDetail.columns.map((c) => c.name)],
    columnSql: () => instanceSql,
    sortSql: instanceSort,
    tie: ['i.id', 'i.workspace_id'],
    defaultSort: newestFirst,
    filters: [statusFilter('all')],
    pageSize: DEFAULT_PAGE,
    base: (b, d, scope) =>
      whereScope(
        b
          .selectFrom('issue_instances as i')
          .select(selected)
          .where('i.tenant_id', '=', param('tenant'))
          .where(`i.${column}`, '=', param(arg)),
        d,
        scope.key as ScopeShape,
        'i.workspace_id',
      ),
    render: (_db, _scope, rows) => rows.map((r) => [r.workspace_id, ...instanceValues(r)]),
    query: { order: [{ extra: WorkspaceNarrowing }, 'filters', ...(sortable ? (['sort'] as const) : []), 'paging'] },
  });
}

/** What one rule produced in the workspaces a token may read (the spec's rule results). */
export const ruleResults = instancesAcrossWorkspaces('rule.results', 'rule_id', 'rule', false);

/** The instances of one issue in the workspaces a token may read (`GET /issues/{id}/instances`). */
export const tokenIssueInstances = instancesAcrossWorkspaces('issue.instances', 'issue_id', 'issue', true);

/** Every instance of a workspace, open and resolved, newest first (a saved view's rows). Scope: tenant, workspace. */
export const workspaceInstances = defineList({
  name: 'workspace.instances',
  columns: instanceDetail.columns,
  columnSql: () => instanceSql,
  sortSql: instanceSort,
  tie: ['i.id'],
  defaultSort: newestFirst,
  filters: [statusFilter('all')],
  pageSize: DEFAULT_PAGE,
  base: (b) =>
    b
      .selectFrom('issue_instances as i')
      .select(selected)
      .where('i.tenant_id', '=', param('tenant'))
      .where('i.workspace_id', '=', param('workspace')),
  render: (_db, _scope, rows) => rows.map(instanceValues),
  query: { order: ['filters', 'sort', 'paging'] },
});

/** The findings one scan produced, newest first: the order of the (scan, detected_at, id) index. Scope: tenant, workspace, scan. */
export const scanInstances = defineList({
  name: 'scan.instances',
  columns: instanceDetail.columns,
  columnSql: () => instanceSql,
  sortSql: instanceSort,
  tie: ['i.id'],
  defaultSort: newestFirst,
  filters: [],
  pageSize: DEFAULT_PAGE,
  base: (b) =>
    b
      .selectFrom('issue_instances as i')
      .select(selected)
      .where('i.tenant_id', '=', param('tenant'))
      .where('i.workspace_id', '=', param('workspace'))
      .where('i.scan_id', '=', param('scan')),
  render: (_db, _scope, rows) => rows.map(instanceValues),
  query: { order: ['paging'] },
});

// ---- rules --------------------------------------------------------------------------------------

const ruleNameIlk: FilterDecl = { param: 'name__ilk', column: 'rule_name', op: 'ilk', sql: 'r.name_lower', schema: NameQuery.name__ilk };
const ruleSort = sortTerms('Sort terms: `column[:asc|desc]`, comma-separated (rule_id, rule_name, severity, category, source).');
const byRuleId = [{ column: 'rule_id', dir: 'asc' as const }];

function ruleList(name: string, base: ListSpec<RuleRow>['base'], extra: Partial<ListSpec<RuleRow>> = {}): ListSpec<RuleRow> {
  return defineList({
    name,
    columns: ruleRow.columns,
    columnSql: () =>
      fieldSql(ruleRow.columns, 'r.', {
        rule_name: 'r.name',
        rule_description: 'r.description',
        severity: 'coalesce(s.severity, r.severity)',
        default_severity: 'r.severity',
        enabled: 'coalesce(s.enabled, 1)',
      }),
    sortSql: (column) => ruleSortSql[column],
    tie: ['r.rule_id'],
    defaultSort: byRuleId,
    filters: [ruleNameIlk],
    pageSize: DEFAULT_PAGE,
    base,
    render: (_db, _scope, rows) => rows.map(ruleValues),
    query: { order: ['filters', 'sort', 'paging'], sort: ruleSort },
    ...extra,
  });
}

/** The static rules and the external rules of one workspace. Scope: tenant, workspace. */
export const workspaceRules = ruleList('rules', (b) => visibleIn(b));

/** The rules shipped with the service, with the token tenant's settings. Scope: tenant. */
export const staticRuleList = ruleList('static-rules', (b) =>
  ruleSelect(b).where('r.tenant_id', '=', '*').where('r.workspace_id', '=', '*'),
);

/** The rules ingested into the workspaces a token may read, workspace first. Scope: the token's. */
export const externalRules = ruleList(
  'external-rules',
  (b, d, scope) =>
    whereScope(
      ruleSelect(b).where('r.tenant_id', '=', param('tenant')).where('r.source', '=', 'external'),
      d,
      scope.key as ScopeShape,
      'r.workspace_id',
    ),
  {
    header: ['workspace_id', ...ruleRow.columns.map((c) => c.name)],
    tie: ['r.rule_id', 'r.workspace_id'],
    render: (_db, _scope, rows) => rows.map((r) => [r.workspace_id, ...ruleValues(r)]),
    query: { order: ['filters', { extra: WorkspaceNarrowing }, 'sort', 'paging'], sort: ruleSort },
  },
);
