// The lists of the views area: the views of a workspace, and the exports of one view. Both are
// answered in the product family's page shape ({items, page_hrefs, total}) by the routes; the
// paging, cursor, sort and filters are the lists' own (src/platform/lists).

import type { ColumnDef } from '../../catalog/types.ts';
import { column } from '../../catalog/columns.ts';
import { param } from '../../platform/db/database.ts';
import { defineList } from '../../platform/lists/list-spec.ts';
import { exportOf, exportRows, viewOf, viewRows } from './store.ts';

export const viewColumns: ColumnDef[] = [
  column('id', 'string', 'View id.', true),
  column('name', 'string', 'Its name.', true),
  column('entity', 'string', 'The list it is a view of.', true),
  column('format', 'string', 'csv or ndjson: what its exports write.', true),
  column('created_at', 'time', 'When it was created.', true),
  column('updated_at', 'time', 'When it last changed.', true),
];

/** The views of a workspace, newest first. Scope: tenant, workspace. */
export const viewsList = defineList({
  name: 'views',
  columns: viewColumns,
  columnSql: () => ({
    id: 'v.id',
    name: 'v.name',
    entity: 'v.entity',
    format: 'v.format',
    created_at: 'v.created_at',
    updated_at: 'v.updated_at',
  }),
  tie: ['v.id'],
  defaultSort: [{ column: 'created_at', dir: 'desc' }],
  filters: [],
  pageSize: 100,
  base: (b) => viewRows(b).where('v.tenant_id', '=', param('tenant')).where('v.workspace_id', '=', param('workspace')),
  render: (_db, _scope, rows) => rows.map(viewOf),
});

export const exportColumns: ColumnDef[] = [
  column('id', 'string', 'Export id.', true),
  column('export_status', 'string', 'scheduled, running, retry_pending, completed or failed.', true),
  column('created_at', 'time', 'When it was asked for (or scheduled).', true),
  column('finished_at', 'time', 'When it completed.', true),
];

/** The exports of one view, newest first. Scope: tenant, view. */
export const exportsList = defineList({
  name: 'views.exports',
  columns: exportColumns,
  columnSql: () => ({ id: 'e.id', export_status: 'j.state', created_at: 'e.created_at', finished_at: 'e.finished_at' }),
  tie: ['e.id'],
  defaultSort: [{ column: 'created_at', dir: 'desc' }],
  filters: [],
  pageSize: 100,
  base: (b) => exportRows(b).where('e.tenant_id', '=', param('tenant')).where('e.view_id', '=', param('view')),
  render: (_db, _scope, rows) => rows.map(exportOf),
});
