// One scan over HTTP (docs/SCANS.md): the scan with the assets it covered and the findings it
// produced, and those two as lists of their own. It joins two areas, the scans (the scan and its
// assets) and the findings (the instances that name the scan), and lives apart from both so that
// neither imports the other.

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { instanceDetail, scan } from '../../catalog/rowsets.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { errorResponses, PathId, TabularFields, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { tabular } from '../../platform/http/tabular.ts';
import { notFound } from '../../platform/errors.ts';
import { answerList, listRoute, workspaceScope } from '../../platform/lists/list-route.ts';
import type { ListScope } from '../../platform/lists/list-spec.ts';
import { instanceHeader } from '../findings/instances.ts';
import { scanInstances } from '../findings/lists.ts';
import { scanAssets } from '../scans/lists.ts';
import { getScan, scanAssetHeader, scanHeader, scanValues } from '../scans/reads.ts';

/** Assets and instances embedded in one scan. */
const SECTION_LIMIT = 100;
const tags = ['Scans'];

const ScanParams = Type.Object({ ...TenantWorkspaceParams.properties, id: PathId('Scan id.') });
const ScanView = Type.Object(
  {
    ...TabularFields,
    assets: Type.Ref('TabularResult', {
      description: `The first ${SECTION_LIMIT} assets the scan covered, by id; its cursor continues on \`…/{id}/assets\`.`,
    }),
    instances: Type.Ref('TabularResult', {
      description: `The first ${SECTION_LIMIT} findings it produced, newest first; its cursor continues on \`…/{id}/instances\`.`,
    }),
  },
  { description: 'The scan as a tabular result with one row, with the assets it covered and the findings (issue instances) that name it.' },
);

const columnsDoc = '\n\nColumns:\n\n' + columnsTable(scan.columns);
const assetsDoc =
  "\n\nColumns: `asset_id`; `asset_name` (the inventory's, null when it does not hold the asset); `is_current` " +
  '(whether the scan is the current one of its sensor for the asset).';

export function registerScanResults(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  async function scanOr404(tenant: string, workspace: string, id: string) {
    const row = await getScan(ctx.db, tenant, workspace, id);
    if (!row) throw notFound('no scan with this id in the workspace');
    return row;
  }
  /** The scope of a scan's assets and findings; its row keeps how many assets it covered. */
  const scanScope = (p: { tenant_id: string; workspace_id: string; id: string }, assets?: number): ListScope => ({
    ...workspaceScope(p, { scan: p.id }),
    ...(assets === undefined ? {} : { args: { tenant: p.tenant_id, workspace: p.workspace_id, scan: p.id, assets } }),
  });
  const base = '/api/v1/scans/tenants/:tenant_id/workspaces/:workspace_id/:id';

  api.get(
    base,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetScan',
        summary: 'Get one scan',
        tags,
        description:
          'One scan as a tabular result with one row, with `assets` (the first ' +
          SECTION_LIMIT +
          ' assets it covered, as on ' +
          '`…/{id}/assets`) and `instances` (the first ' +
          SECTION_LIMIT +
          ' findings it produced, open or resolved, newest first, as on ' +
          '`…/{id}/instances`): what the run found. (A scan whose id is `current` is listed, but not reachable here.)' +
          columnsDoc,
        params: ScanParams,
        response: { 200: ScanView, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, id } = request.params;
      const row = await scanOr404(tenant, workspace, id);
      const first = { page_size: SECTION_LIMIT };
      const [assets, instances] = await Promise.all([
        answerList(ctx, scanAssets, scanScope(request.params, Number(row.assets)), first),
        answerList(ctx, scanInstances, scanScope(request.params), first),
      ]);
      return {
        ...tabular(scanHeader, [scanValues(row)], '', 1),
        assets: tabular(scanAssetHeader, assets.page.rows, assets.cursor, assets.page.total),
        instances: tabular(instanceHeader, instances.page.rows, instances.cursor, instances.page.total),
      };
    },
  );

  listRoute(app, ctx, {
    url: `${base}/assets`,
    operationId: 'GetScanAssets',
    summary: 'List the assets a scan covered',
    tags,
    description: 'The assets the scan covered, by asset id, paged by keyset cursor. `Accept: text/csv` answers CSV.' + assetsDoc,
    params: ScanParams,
    list: scanAssets,
    scope: async (params) => scanScope(params, Number((await scanOr404(params.tenant_id, params.workspace_id, params.id)).assets)),
    answers: 'A page of assets.',
    errors: [404],
  });

  listRoute(app, ctx, {
    url: `${base}/instances`,
    operationId: 'GetScanInstances',
    summary: 'List the findings a scan produced',
    tags,
    description:
      'The issue instances (open and resolved) that name the scan, newest first (ties by id), paged by keyset cursor. ' +
      '`Accept: text/csv` answers CSV.\n\nColumns:\n\n' +
      columnsTable(instanceDetail.columns),
    params: ScanParams,
    list: scanInstances,
    scope: (params) => scanScope(params),
    check: async (params) => {
      await scanOr404(params.tenant_id, params.workspace_id, params.id);
    },
    answers: 'A page of instances.',
    errors: [404],
  });
}
