// Reading the issues of a workspace from the roll-ups ingest keeps: `issues` (one row per rule and
// severity with open instances) for the index and one issue, the same rows grouped by other
// dimensions (`group_by`), and `issue_objects` for the objects an issue touches.

import { type InferResult, sql } from 'kysely';
import { issueGroupDimensions, issueGroupMeasures, issueObject, workspaceIssue } from '../../catalog/rowsets.ts';
import type { ColumnDef } from '../../catalog/types.ts';
import type { Builder, Db } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import type { IssuesTable } from '../../platform/db/tables/findings.ts';
import { rowValues, selectList } from '../../platform/lists/row-values.ts';
import { withObjectName } from '../inventory/entities-store.ts';

// ---- issues of a workspace -------------------------------------------------------------------

/** An issue as `issuesBase` reads it. */
export type IssueRow = InferResult<ReturnType<typeof issuesBase>>[number];

export const issueSortSql: Record<string, string> = {
  id: 'i.id',
  rule_id: 'i.rule_id',
  rule_name: 'i.rule_name',
  severity: 'i.severity_rank',
  category: 'i.category',
  open_instances: 'i.open_instances',
  objects: 'i.objects',
  first_detected: 'i.first_detected',
  last_detected: 'i.last_detected',
};

export const issueHeader = workspaceIssue.columns.map((c) => c.name);

/** An issue as a row aligned to `issueHeader`. */
export const issueValues = rowValues(workspaceIssue.columns);

/** The stored fields of an issue row, read by every issue list and lookup. */
export const issueColumns = selectList(workspaceIssue.columns, 'i') as ReadonlyArray<`i.${keyof IssuesTable}`>;

export function issuesBase(b: Builder) {
  return b
    .selectFrom('issues as i')
    .select(issueColumns)
    .where('i.tenant_id', '=', param('tenant'))
    .where('i.workspace_id', '=', param('workspace'));
}

export async function getIssue(db: Db, tenant: string, workspace: string, id: string): Promise<IssueRow | undefined> {
  const t = db.template('issues.get', (b) => issuesBase(b).where('i.id', '=', param('id')));
  return db.first(t, { tenant, workspace, id });
}

// ---- issues grouped by other dimensions ------------------------------------------------------

export const issueDimensions = ['rule_id', 'severity', 'category', 'object_type'] as const;
export type IssueDimension = (typeof issueDimensions)[number];

interface DimensionSql {
  /** Output columns: name -> SQL (aggregated where it only follows from the grouping). */
  select: Array<[string, string]>;
  /** Grouping expression. */
  group: string;
  /** Column the group sorts by, in `g`. */
  sort: Record<string, string>;
}

export const dimensionSql: Record<IssueDimension, DimensionSql> = {
  rule_id: {
    select: [
      ['rule_id', 'i.rule_id'],
      ['rule_name', 'max(i.rule_name)'],
    ],
    group: 'i.rule_id',
    sort: { rule_id: 'g.rule_id', rule_name: 'g.rule_name' },
  },
  severity: {
    select: [
      ['severity', 'i.severity'],
      ['severity_rank', 'max(i.severity_rank)'],
    ],
    group: 'i.severity',
    sort: { severity: 'g.severity_rank' },
  },
  category: { select: [['category', 'i.category']], group: 'i.category', sort: { category: 'g.category' } },
  object_type: { select: [['object_type', 'o.object_kind']], group: 'o.object_kind', sort: { object_type: 'g.object_type' } },
};

// Over issue_objects so object_type can be a dimension and objects are counted once per group.
const measureSql: Array<[string, string]> = [
  ['issues', 'count(distinct i.id)'],
  ['open_instances', 'sum(o.occurrences)'],
  ['objects', "count(distinct o.object_kind || '/' || o.object_id)"],
  ['first_detected', 'min(o.first_detected)'],
  ['last_detected', 'max(o.last_detected)'],
];
export const measureSort: Record<string, string> = Object.fromEntries(measureSql.map(([name]) => [name, `g.${name}`]));

/** The header and columns of rows grouped by `dims` (in the order asked). */
export function groupColumns(dims: IssueDimension[]): ColumnDef[] {
  const names = dims.flatMap((d) => (d === 'rule_id' ? ['rule_id', 'rule_name'] : [d]));
  return [...names.map((n) => issueGroupDimensions.find((c) => c.name === n)!), ...issueGroupMeasures];
}

export function groupedBase(dims: IssueDimension[]) {
  return (b: Builder) => {
    const inner = b
      .selectFrom('issue_objects as o')
      .innerJoin('issues as i', (j) =>
        j.onRef('i.tenant_id', '=', 'o.tenant_id').onRef('i.workspace_id', '=', 'o.workspace_id').onRef('i.id', '=', 'o.issue_id'),
      )
      .select([...dims.flatMap((d) => dimensionSql[d].select), ...measureSql].map(([name, expr]) => sql.raw(expr).as(name)))
      .where('o.tenant_id', '=', param('tenant'))
      .where('o.workspace_id', '=', param('workspace'))
      .groupBy(dims.map((d) => sql.raw(dimensionSql[d].group)));
    return b.selectFrom(inner.as('g')).selectAll('g');
  };
}

/** A renderer of rows grouped by `dims`, aligned to `groupColumns(dims)`. */
export function groupValues(dims: IssueDimension[]): (r: Readonly<Record<string, unknown>>) => unknown[] {
  return rowValues(groupColumns(dims));
}

// ---- the objects an issue touches -------------------------------------------------------------

export const objectSortSql: Record<string, string> = {
  object_type: 'o.object_kind',
  object_id: 'o.object_id',
  occurrences: 'o.occurrences',
  last_detected: 'o.last_detected',
};

/** An object an issue touches as a row aligned to the `issueObject` columns. */
export const issueObjectValues = rowValues(issueObject.columns);

export function issueObjectsBase(b: Builder) {
  return withObjectName(b.selectFrom('issue_objects as o').select(['o.object_kind', 'o.object_id']), {
    alias: 'o',
    kind: { column: 'object_kind' },
    id: 'object_id',
  })
    .select(['o.occurrences', 'o.first_detected', 'o.last_detected'])
    .where('o.tenant_id', '=', param('tenant'))
    .where('o.workspace_id', '=', param('workspace'))
    .where('o.issue_id', '=', param('issue'));
}
