// Scans over HTTP (docs/SCANS.md): every scan that covered an asset, across the token's
// workspaces; the current scans of a workspace by sensor type and/or CI/CD type; and the sensor
// types a workspace ever used. An asset's scans within one workspace are also its `scans` and
// `current_scans` edges (the inventory routes), and an instance shows its scan.

import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { scan } from '../../catalog/rowsets.ts';
import { keyOf, valuesOf } from '../../query/keyset-multi.ts';
import { tabular } from '../../query/tabular.ts';
import {
  assetInInventory, assetScansOrder, assetScansPage, countAssetScans, countCurrentScans, currentScansOrder, currentScansPage,
  scanHeader, scanValues, sensorsUsed, type ScanRow,
} from '../../store/scans.ts';
import { scopeSignature } from '../../store/scope.ts';
import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { Pager, sendTabular } from '../paged.ts';
import { tokenScope, WorkspaceNarrowing } from '../scope.ts';
import { errorResponses, pageSizeOf, PagingQuery, PathId, SortQuery, TabularOrCsv, TenantWorkspaceParams } from '../schemas.ts';
import { parseSortTerms, sortSignature, type SortTerm } from '../sort-terms.ts';

const DEFAULT_PAGE = 100;
const tags = ['Scans'];
const newestFirst: SortTerm[] = [{ column: 'started_at', dir: 'desc' }];
const sortable = scan.columns.filter((c) => c.sortable).map((c) => c.name).join(', ');

const SortText = {
  sort: Type.Optional(Type.String({ maxLength: 256, description: `Sort terms: \`column[:asc|desc]\`, comma-separated, from ${sortable}. Default \`started_at:desc\` (newest first).` })),
  sort_dir: SortQuery.sort_dir,
};
const FilterText = (what: string) => Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: what }));

const AssetParams = Type.Object({ id: PathId('Asset id.') });
const AssetQuery = Type.Object({ ...WorkspaceNarrowing, ...SortText, ...PagingQuery });
const CurrentQuery = Type.Object({
  sensorType: FilterText('Only scans of this sensor type (e.g. SENSOR_TYPE_STATIC_CODE_SCAN).'),
  cicdType: FilterText('Only scans run in this CI/CD system (CICD_TYPE_GITHUB_ACTION, CICD_TYPE_GITLAB_CI).'),
  ...SortText, ...PagingQuery,
});

const columnsDoc = '\n\nColumns:\n\n' + columnsTable(scan.columns);

export function registerScans(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/scans/asset/:id', {
    config: { access: 'read' },
    schema: {
      operationId: 'GetAssetScans', summary: 'List the scans of an asset', tags,
      description: 'Every scan, current or not, that covered the asset in the workspaces the token may read (`workspace_id` ' +
        'narrows to one it is granted; 403 otherwise), newest first, with the workspace as the first column. `is_current` ' +
        'says whether the scan is the current one of its sensor for this asset. 404 when no workspace of the token holds ' +
        'the asset, in its inventory or in a scan. `sort` takes `column[:asc|desc]` terms; `Accept: text/csv` answers CSV.' +
        columnsDoc,
      params: AssetParams, querystring: AssetQuery,
      response: { 200: TabularOrCsv('A page of scans.'), ...errorResponses(404) },
    },
  }, async (request, reply) => {
    const { id } = request.params as Type.Static<typeof AssetParams>;
    const q = request.query as Type.Static<typeof AssetQuery>;
    const scope = tokenScope(request, q.workspace_id);
    const sort = parseSortTerms(scan.columns, q.sort, q.sort_dir, newestFirst);
    const order = assetScansOrder(sort);
    const pager = new Pager(ctx, ['asset-scans', ...scopeSignature(scope), id, sortSignature(sort)], q.cursor);
    const query = { scope, assetId: id };
    const [page, total] = await Promise.all([
      assetScansPage(ctx.db, query, order, valuesOf(pager.after, order.length), pageSizeOf(q, DEFAULT_PAGE)),
      countAssetScans(ctx.db, query),
    ]);
    if (total === 0 && !(await assetInInventory(ctx.db, scope, id))) throw notFound('no asset with this id in the workspaces the token may read');
    const rows = page.rows.map((r: ScanRow) => [r.workspace_id, ...scanValues(r)]);
    return sendTabular(request, reply, tabular(['workspace_id', ...scanHeader], rows, pager.cursorFor(keyOf(page.next)), total));
  });

  app.get('/api/v1/scans/tenants/:tenant_id/workspaces/:workspace_id/current', {
    config: { access: 'read' },
    schema: {
      operationId: 'GetCurrentScans', summary: 'List the current scans of a workspace', tags,
      description: 'The current scans of the workspace (each is the current scan of its sensor for at least one asset: the ' +
        'finished scan that started last there), newest first, of a sensor type (`sensorType`), a CI/CD type (`cicdType`), or ' +
        'both; at least one is required (400 otherwise). `sort` takes `column[:asc|desc]` terms; `Accept: text/csv` answers CSV.' +
        columnsDoc,
      params: TenantWorkspaceParams, querystring: CurrentQuery,
      response: { 200: TabularOrCsv('A page of current scans.'), ...errorResponses() },
    },
  }, async (request, reply) => {
    const { tenant_id: tenant, workspace_id: workspace } = request.params as Type.Static<typeof TenantWorkspaceParams>;
    const q = request.query as Type.Static<typeof CurrentQuery>;
    if (q.sensorType === undefined && q.cicdType === undefined) throw badRequest('sensorType, cicdType: at least one of them is required');
    const sort = parseSortTerms(scan.columns, q.sort, q.sort_dir, newestFirst);
    const order = currentScansOrder(sort);
    const pager = new Pager(ctx, ['current-scans', tenant, workspace, q.sensorType ?? null, q.cicdType ?? null, sortSignature(sort)], q.cursor);
    const query = { tenant, workspace, sensorType: q.sensorType, cicdType: q.cicdType };
    const [page, total] = await Promise.all([
      currentScansPage(ctx.db, query, order, valuesOf(pager.after, order.length), pageSizeOf(q, DEFAULT_PAGE)),
      countCurrentScans(ctx.db, query),
    ]);
    return sendTabular(request, reply, tabular(scanHeader, page.rows.map(scanValues), pager.cursorFor(keyOf(page.next)), total));
  });

  app.get('/api/v1/sensors-used/tenants/:tenant_id/workspaces/:workspace_id', {
    config: { access: 'read' },
    schema: {
      operationId: 'GetSensorsUsed', summary: 'List the sensor types a workspace used', tags,
      description: 'The sensor types of every scan the workspace ever received, current or not, in alphabetical order, as a ' +
        'JSON array of strings (empty when it has no scans).',
      params: TenantWorkspaceParams,
      response: { 200: Type.Array(Type.String(), { description: 'Sensor types, e.g. ["SENSOR_TYPE_GARAK_PROBE", "SENSOR_TYPE_STATIC_CODE_SCAN"].' }), ...errorResponses() },
    },
  }, async (request) => {
    const { tenant_id: tenant, workspace_id: workspace } = request.params as Type.Static<typeof TenantWorkspaceParams>;
    return sensorsUsed(ctx.db, tenant, workspace);
  });
}
