// The compliance lists: one row per control of a framework with the open findings behind it, and
// the findings behind one control. Both are lists like any other (src/platform/lists): filters,
// sort, cursor and CSV come from these declarations.

import { sql } from 'kysely';
import { column } from '../../catalog/columns.ts';
import { frameworkById } from '../../catalog/frameworks.ts';
import { visibleControls, withParams } from './framework-summary.ts';
import { instanceDetail } from '../../catalog/rowsets.ts';
import type { ColumnDef } from '../../catalog/types.ts';
import { param } from '../../platform/db/database.ts';
import { defineList } from '../../platform/lists/list-spec.ts';
import { rowValues } from '../../platform/lists/row-values.ts';
import { instanceSort, instanceSql, newestFirst, statusFilter } from '../findings/lists.ts';
import { type InstanceRow, instanceValues, selected } from '../findings/instances.ts';

export const controlColumns: ColumnDef[] = [
  column('control_id', 'string', 'The control id as the framework writes it (LLM01, ASI03, AML.T0051, MEASURE 2.7, Article 15).', true),
  column('name', 'string', 'Short name of the control.', true),
  column('rules', 'integer', 'Rules the workspace sees (static and its external ones) mapped to the control.', true),
  column('critical', 'integer', 'Open findings of critical severity of those rules.', true),
  column('high', 'integer', 'Open findings of high severity.', true),
  column('medium', 'integer', 'Open findings of medium severity.', true),
  column('low', 'integer', 'Open findings of low severity.', true),
  column('open_findings', 'integer', 'Open findings of those rules, every severity.', true),
  column('objects_failing', 'integer', 'Inventory objects with at least one of those open findings.', true),
  column(
    'status',
    'string',
    'failing (an open finding of a mapped rule), passing (rules mapped, none with an open finding) or not_assessed (no rule the ' +
      'workspace sees maps to the control: nothing checks it, which is not a pass).',
    true,
  ),
];

const controlValues = rowValues(controlColumns);

/**
 * Per control of a framework, the rules mapped, what is open against them and the status those two
 * make: a derived table, so every column sorts and filters as a plain column. Read from the
 * roll-ups (`issues`, `issue_objects`), never from the instances.
 */
const perControl = `(
  select y.*,
    case when y.rules = 0 then 'not_assessed' when y.open_findings > 0 then 'failing' else 'passing' end as status
  from (
  select c.control_id, c.name, c.position,
    (select count(*) from rule_controls rc where rc.framework_id = c.framework_id and rc.control_id = c.control_id
      and ${visibleControls('rc')}) as rules,
    coalesce(s.critical, 0) as critical, coalesce(s.high, 0) as high, coalesce(s.medium, 0) as medium, coalesce(s.low, 0) as low,
    coalesce(s.critical + s.high + s.medium + s.low, 0) as open_findings,
    coalesce(o.objects, 0) as objects_failing
  from framework_controls c
  left join (
    select rc.control_id,
      sum(case when i.severity = 'critical' then i.open_instances else 0 end) as critical,
      sum(case when i.severity = 'high' then i.open_instances else 0 end) as high,
      sum(case when i.severity = 'medium' then i.open_instances else 0 end) as medium,
      sum(case when i.severity = 'low' then i.open_instances else 0 end) as low
    from rule_controls rc
    join issues i on i.tenant_id = $tenant and i.workspace_id = $workspace and i.rule_id = rc.rule_id and i.open_instances > 0
    where rc.framework_id = $framework and ${visibleControls('rc')}
    group by rc.control_id
  ) s on s.control_id = c.control_id
  left join (
    select d.control_id, count(*) as objects from (
      select distinct rc.control_id, io.object_kind, io.object_id
      from rule_controls rc
      join issues i on i.tenant_id = $tenant and i.workspace_id = $workspace and i.rule_id = rc.rule_id and i.open_instances > 0
      join issue_objects io on io.tenant_id = i.tenant_id and io.workspace_id = i.workspace_id and io.issue_id = i.id
      join entities e on e.tenant_id = io.tenant_id and e.workspace_id = io.workspace_id and e.kind = io.object_kind and e.id = io.object_id
      where rc.framework_id = $framework and ${visibleControls('rc')}
    ) d group by d.control_id
  ) o on o.control_id = c.control_id
  where c.framework_id = $framework
  ) y
)`;

/** The controls of a framework in the framework's order. Scope: tenant, workspace, framework. */
export const controlsList = defineList<Record<string, unknown>>({
  name: 'compliance.controls',
  columns: controlColumns,
  columnSql: () => Object.fromEntries(controlColumns.map((c) => [c.name, `x.${c.name}`])),
  // The framework's own order, not the text of the ids (Article 9 before Article 10).
  sortSql: (column) => (column === 'control_id' ? 'x.position' : undefined),
  tie: ['x.position'],
  defaultSort: [{ column: 'control_id', dir: 'asc' }],
  filters: [],
  pageSize: 100,
  base: (b) => b.selectFrom(sql`${withParams(perControl)}`.as('x')).selectAll(),
  render: (_db, _scope, rows) => rows.map(controlValues),
  // Unfiltered, the total is the framework's number of controls: no second pass over the findings.
  total: async (_db, scope, filters) => (filters.length ? undefined : frameworkById.get(String(scope.args.framework))?.controls.length),
  query: { order: ['filters', 'sort', 'paging'] },
});

/** The findings behind one control: instances of the rules mapped to it, newest first. Scope: tenant, workspace, framework, control. */
export const controlFindings = defineList<InstanceRow>({
  name: 'compliance.findings',
  columns: instanceDetail.columns,
  columnSql: () => instanceSql,
  sortSql: instanceSort,
  tie: ['i.id'],
  defaultSort: newestFirst,
  filters: [statusFilter('open')],
  pageSize: 100,
  base: (b) =>
    b
      .selectFrom('issue_instances as i')
      .select(selected)
      .where('i.tenant_id', '=', param('tenant'))
      .where('i.workspace_id', '=', param('workspace'))
      .where(
        sql<boolean>`exists (select 1 from rule_controls rc where rc.rule_id = i.rule_id and rc.framework_id = ${param('framework')}
          and rc.control_id = ${param('control')} and ${withParams(visibleControls('rc'))})`,
      ),
  render: (_db, _scope, rows) => rows.map(instanceValues),
  query: { order: ['filters', 'sort', 'paging'] },
});
