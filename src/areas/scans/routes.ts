// Scans over HTTP (docs/SCANS.md): every scan that covered an asset, across the token's
// workspaces; the current scans of a workspace by sensor type and/or CI/CD type; the sensor types
// a workspace ever used; and one scan with the assets it covered and the findings it produced. An
// asset's scans within one workspace are also its `scans` and `current_scans` edges (the
// inventory routes), and an instance shows its scan.

import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { instanceDetail, scan } from '../../catalog/rowsets.ts';
import { keyOf, valuesOf } from '../../platform/db/paging/keyset-multi.ts';
import { tabular } from '../../platform/http/tabular.ts';
import { countScanInstances, instanceHeader, instanceValues, SCAN_INSTANCES_ORDER_TERMS, scanInstancesPage } from '../findings/instances.ts';
import {
  assetInInventory, assetScansOrder, assetScansPage, countAssetScans, countCurrentScans, currentScansOrder, currentScansPage, getScan,
  SCAN_ASSETS_ORDER_TERMS, scanAssetHeader, scanAssetsPage, scanAssetValues, scanHeader, scanValues, sensorsUsed, type ScanRow,
} from './reads.ts';
import { scopeSignature } from '../../platform/db/workspace-scope.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Pager, sendTabular } from '../../platform/lists/paged.ts';
import { tokenScope, WorkspaceNarrowing } from '../../platform/http/token-scope.ts';
import { errorResponses, pageSizeOf, PagingQuery, PathId, SortQuery, TabularFields, TabularOrCsv, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { parseSortTerms, sortSignature, type SortTerm } from '../../platform/lists/sort-terms.ts';

const DEFAULT_PAGE = 100;
/** Assets and instances embedded in one scan. */
const SECTION_LIMIT = 100;
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

const ScanParams = Type.Object({ ...TenantWorkspaceParams.properties, id: PathId('Scan id.') });
const PageQuery = Type.Object({ ...PagingQuery });
const ScanView = Type.Object({
  ...TabularFields,
  assets: Type.Ref('TabularResult', { description: `The first ${SECTION_LIMIT} assets the scan covered, by id; its cursor continues on \`…/{id}/assets\`.` }),
  instances: Type.Ref('TabularResult', { description: `The first ${SECTION_LIMIT} findings it produced, newest first; its cursor continues on \`…/{id}/instances\`.` }),
}, { description: 'The scan as a tabular result with one row, with the assets it covered and the findings (issue instances) that name it.' });

const columnsDoc = '\n\nColumns:\n\n' + columnsTable(scan.columns);
const assetsDoc = '\n\nColumns: `asset_id`; `asset_name` (the inventory\'s, null when it does not hold the asset); `is_current` ' +
  '(whether the scan is the current one of its sensor for the asset).';

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

  async function scanOr404(tenant: string, workspace: string, id: string) {
    const row = await getScan(ctx.db, tenant, workspace, id);
    if (!row) throw notFound('no scan with this id in the workspace');
    return row;
  }
  const assetsPager = (tenant: string, workspace: string, id: string, cursor?: string) => new Pager(ctx, ['scan-assets', tenant, workspace, id], cursor);
  const instancesPager = (tenant: string, workspace: string, id: string, cursor?: string) => new Pager(ctx, ['scan-instances', tenant, workspace, id], cursor);
  const base = '/api/v1/scans/tenants/:tenant_id/workspaces/:workspace_id/:id';

  app.get(base, {
    config: { access: 'read' },
    schema: {
      operationId: 'GetScan', summary: 'Get one scan', tags,
      description: 'One scan as a tabular result with one row, with `assets` (the first ' + SECTION_LIMIT + ' assets it covered, as on ' +
        '`…/{id}/assets`) and `instances` (the first ' + SECTION_LIMIT + ' findings it produced, open or resolved, newest first, as on ' +
        '`…/{id}/instances`): what the run found. (A scan whose id is `current` is listed, but not reachable here.)' + columnsDoc,
      params: ScanParams,
      response: { 200: ScanView, ...errorResponses(404) },
    },
  }, async (request) => {
    const { tenant_id: tenant, workspace_id: workspace, id } = request.params as Type.Static<typeof ScanParams>;
    const row = await scanOr404(tenant, workspace, id);
    const [assets, instances, instanceTotal] = await Promise.all([
      scanAssetsPage(ctx.db, tenant, workspace, id, null, SECTION_LIMIT),
      scanInstancesPage(ctx.db, tenant, workspace, id, null, SECTION_LIMIT),
      countScanInstances(ctx.db, tenant, workspace, id),
    ]);
    return {
      ...tabular(scanHeader, [scanValues(row)], '', 1),
      assets: tabular(scanAssetHeader, assets.rows.map(scanAssetValues), assetsPager(tenant, workspace, id).cursorFor(keyOf(assets.next)), Number(row.assets)),
      instances: tabular(instanceHeader, instances.rows.map(instanceValues), instancesPager(tenant, workspace, id).cursorFor(keyOf(instances.next)), instanceTotal),
    };
  });

  app.get(`${base}/assets`, {
    config: { access: 'read' },
    schema: {
      operationId: 'GetScanAssets', summary: 'List the assets a scan covered', tags,
      description: 'The assets the scan covered, by asset id, paged by keyset cursor. `Accept: text/csv` answers CSV.' + assetsDoc,
      params: ScanParams, querystring: PageQuery,
      response: { 200: TabularOrCsv('A page of assets.'), ...errorResponses(404) },
    },
  }, async (request, reply) => {
    const { tenant_id: tenant, workspace_id: workspace, id } = request.params as Type.Static<typeof ScanParams>;
    const q = request.query as Type.Static<typeof PageQuery>;
    const pager = assetsPager(tenant, workspace, id, q.cursor);
    const after = valuesOf(pager.after, SCAN_ASSETS_ORDER_TERMS);
    const [row, page] = await Promise.all([scanOr404(tenant, workspace, id), scanAssetsPage(ctx.db, tenant, workspace, id, after, pageSizeOf(q, DEFAULT_PAGE))]);
    return sendTabular(request, reply, tabular(scanAssetHeader, page.rows.map(scanAssetValues), pager.cursorFor(keyOf(page.next)), Number(row.assets)));
  });

  app.get(`${base}/instances`, {
    config: { access: 'read' },
    schema: {
      operationId: 'GetScanInstances', summary: 'List the findings a scan produced', tags,
      description: 'The issue instances (open and resolved) that name the scan, newest first (ties by id), paged by keyset cursor. ' +
        '`Accept: text/csv` answers CSV.\n\nColumns:\n\n' + columnsTable(instanceDetail.columns),
      params: ScanParams, querystring: PageQuery,
      response: { 200: TabularOrCsv('A page of instances.'), ...errorResponses(404) },
    },
  }, async (request, reply) => {
    const { tenant_id: tenant, workspace_id: workspace, id } = request.params as Type.Static<typeof ScanParams>;
    const q = request.query as Type.Static<typeof PageQuery>;
    const pager = instancesPager(tenant, workspace, id, q.cursor);
    const after = valuesOf(pager.after, SCAN_INSTANCES_ORDER_TERMS);
    const [, page, total] = await Promise.all([
      scanOr404(tenant, workspace, id),
      scanInstancesPage(ctx.db, tenant, workspace, id, after, pageSizeOf(q, DEFAULT_PAGE)),
      countScanInstances(ctx.db, tenant, workspace, id),
    ]);
    return sendTabular(request, reply, tabular(instanceHeader, page.rows.map(instanceValues), pager.cursorFor(keyOf(page.next)), total));
  });
}
