// The compliance lists: one row per control of a framework with the open findings behind it, and
// the findings behind one control. Both are lists like any other (src/platform/lists): filters,
// sort, cursor and CSV come from these declarations.

import { sql } from 'kysely';
import { column } from '../../catalog/columns.ts';
import { frameworkById } from '../../catalog/frameworks.ts';
import { instanceDetail } from '../../catalog/rowsets.ts';
import type { ColumnDef } from '../../catalog/types.ts';
import { defineList } from '../../platform/lists/list-spec.ts';
import { rowValues } from '../../platform/lists/row-values.ts';
import { instanceSort, instanceSql, newestFirst, statusFilter } from '../findings/lists.ts';
import { controlInstances, controlRowsSql, withParams } from '../findings/framework-mapping-store.ts';
import { instanceValues } from '../findings/instances.ts';
import { heldObjectJoin } from '../inventory/entities-store.ts';

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

/** Per control of a framework, its row (the findings' statement over the controls the inventory holds objects of). */
const perControl = controlRowsSql(heldObjectJoin);

/** The controls of a framework in the framework's order. Scope: tenant, workspace, framework. */
export const controlsList = defineList({
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
export const controlFindings = defineList({
  name: 'compliance.findings',
  columns: instanceDetail.columns,
  columnSql: () => instanceSql,
  sortSql: instanceSort,
  tie: ['i.id'],
  defaultSort: newestFirst,
  filters: [statusFilter('open')],
  pageSize: 100,
  base: controlInstances,
  render: (_db, _scope, rows) => rows.map(instanceValues),
  query: { order: ['filters', 'sort', 'paging'] },
});
