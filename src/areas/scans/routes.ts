// Scans over HTTP (docs/SCANS.md): every scan that covered an asset, across the token's
// workspaces; the current scans of a workspace by sensor type and/or CI/CD type; and the sensor
// types a workspace ever used. An asset's scans within one workspace are also its `scans` and
// `current_scans` edges (the inventory routes), and an instance shows its scan. One scan with the
// assets it covered and the findings it produced is areas/scan-results/, which reads both this
// area and the findings, so that neither of the two imports the other.

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { scan } from '../../catalog/rowsets.ts';
import { sensorsUsed } from './reads.ts';
import { objectHeld } from '../inventory/entities-store.ts';
import { assetScansAcross, currentScans } from './lists.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { listRoute, tokenListScope, workspaceScope } from '../../platform/lists/list-route.ts';
import { tokenScope } from '../../platform/http/token-scope.ts';
import { errorResponses, PathId, TenantWorkspaceParams } from '../../platform/http/schemas.ts';

const tags = ['Scans'];

const AssetParams = Type.Object({ id: PathId('Asset id.') });

const columnsDoc = '\n\nColumns:\n\n' + columnsTable(scan.columns);
export function registerScans(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  listRoute(app, ctx, {
    url: '/api/v1/scans/asset/:id',
    operationId: 'GetAllScansForAsset',
    summary: 'List the scans of an asset',
    tags,
    description:
      'Every scan, current or not, that covered the asset in the workspaces the token may read (`workspace_id` ' +
      'narrows to one it is granted; 403 otherwise), newest first, with the workspace as the first column. `is_current` ' +
      'says whether the scan is the current one of its sensor for this asset. 404 when no workspace of the token holds ' +
      'the asset, in its inventory or in a scan. `sort` takes `column[:asc|desc]` terms; `Accept: text/csv` answers CSV.' +
      columnsDoc,
    params: AssetParams,
    list: assetScansAcross,
    scope: (params, query, request) => tokenListScope(tokenScope(request, query.workspace_id as string | undefined), { id: params.id }),
    verify: async (params, scope, page) => {
      if (page.total === 0 && !(await objectHeld(ctx.db, scope.token!, 'asset', params.id))) {
        throw notFound('no asset with this id in the workspaces the token may read');
      }
    },
    answers: 'A page of scans.',
    errors: [404],
  });

  listRoute(app, ctx, {
    url: '/api/v1/scans/tenants/:tenant_id/workspaces/:workspace_id/current',
    operationId: 'GetAllCurrentScans',
    summary: 'List the current scans of a workspace',
    tags,
    description:
      'The current scans of the workspace (each is the current scan of its sensor for at least one asset: the ' +
      'finished scan that started last there), newest first, of a sensor type (`sensorType`), a CI/CD type (`cicdType`), or ' +
      'both; at least one is required (400 otherwise). `sort` takes `column[:asc|desc]` terms; `Accept: text/csv` answers CSV.' +
      columnsDoc,
    params: TenantWorkspaceParams,
    list: currentScans,
    scope: (params, query) => {
      if (query.sensorType === undefined && query.cicdType === undefined)
        throw badRequest('sensorType, cicdType: at least one of them is required');
      return workspaceScope(params);
    },
    answers: 'A page of current scans.',
  });

  api.get(
    '/api/v1/sensors-used/tenants/:tenant_id/workspaces/:workspace_id',
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetSensorsUsed',
        summary: 'List the sensor types a workspace used',
        tags,
        description:
          'The sensor types of every scan the workspace ever received, current or not, in alphabetical order, as a ' +
          'JSON array of strings (empty when it has no scans).',
        params: TenantWorkspaceParams,
        response: {
          200: Type.Array(Type.String(), {
            description: 'Sensor types, e.g. ["SENSOR_TYPE_GARAK_PROBE", "SENSOR_TYPE_STATIC_CODE_SCAN"].',
          }),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace } = request.params;
      return sensorsUsed(ctx.db, tenant, workspace);
    },
  );
}
