// The workspaces a token may see in its tenant: `GET /api/v1/tenants/{t}/workspaces`.

import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { workspace } from '../../catalog/rowsets.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { PathId } from '../../platform/http/schemas.ts';
import { tokenScope } from '../../platform/http/token-scope.ts';
import { listRoute, tokenListScope } from '../../platform/lists/list-route.ts';
import { workspacesList } from './workspaces.ts';

export function registerWorkspaces(app: FastifyInstance, ctx: AppContext): void {
  listRoute(app, ctx, {
    url: '/api/v1/tenants/:tenant_id/workspaces',
    operationId: 'GetWorkspaces',
    summary: 'List the workspaces of a tenant',
    tags: ['Workspaces'],
    description:
      'The workspaces of the tenant that the token may see and that hold data (any ingest ever reached them), with how many ' +
      'inventory objects of each kind they hold and when they were first and last ingested into. A path naming a workspace ' +
      'not listed here answers 404, naming the ones that are.\n\nColumns:\n\n' +
      columnsTable(workspace.columns),
    params: Type.Object({ tenant_id: PathId('Tenant (organisation) id.') }),
    list: workspacesList,
    // `workspace_id` names one the token must be granted (403 otherwise), as on every list across workspaces.
    scope: (_params, query, request) => tokenListScope(tokenScope(request, query.workspace_id as string | undefined)),
    answers: 'A page of workspaces.',
  });
}
