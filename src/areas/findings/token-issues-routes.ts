// The issues of the token's workspaces over HTTP, in the product family's shapes: `GET /issues`
// (a tabular page, filtered and sorted like every list), `GET /issues/{id}` (an array of arrays:
// the header, then the issue's row) and `GET /issues/{id}/instances` (a tabular page of the
// issue's instances). `workspace_id` narrows them to one workspace the token is granted.

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { instanceDetail, workspaceIssue } from '../../catalog/rowsets.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/errors.ts';
import { listRoute, tokenListScope } from '../../platform/lists/list-route.ts';
import { tokenScope, WorkspaceNarrowing } from '../../platform/http/token-scope.ts';
import { errorResponses, PathId } from '../../platform/http/schemas.ts';
import { issueValues } from './issues.ts';
import { tokenIssueInstances, tokenIssues } from './lists.ts';
import { findIssue } from './token-issues.ts';

const tags = ['Findings'];
const IdParams = Type.Object({ id: PathId('Issue id (as the issues index and `GET /issues` answer it).') });
const header = ['workspace_id', ...workspaceIssue.columns.map((c) => c.name)];

export function registerTokenIssues(app: FastifyInstance, ctx: AppContext): void {
  listRoute(app, ctx, {
    url: '/api/v1/issues',
    operationId: 'GetAllIssues',
    summary: "List the issues of the token's workspaces",
    tags,
    description:
      'The open issues of the workspaces the token may read (`workspace_id` narrows to one it is granted; 403 otherwise), ' +
      'most severe first, then most open instances, with the workspace as the first column; paged by keyset cursor, ' +
      'filtered on any column (`severity=critical`, `category__in=…`, `open_instances__gte=…`) and sorted by `sort` terms ' +
      'as the other lists are. `Accept: text/csv` answers CSV.\n\nColumns after `workspace_id`:\n\n' +
      columnsTable(workspaceIssue.columns),
    list: tokenIssues,
    scope: (_params, query, request) => tokenListScope(tokenScope(request, query.workspace_id as string | undefined)),
    cache: 'principal',
    answers: 'A page of issues.',
  });

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/issues/:id',
    {
      config: { access: 'read', cache: 'principal' },
      schema: {
        operationId: 'GetIssueDetails',
        summary: 'Get one issue',
        tags,
        description:
          'One open issue of the workspaces the token may read, as an array of arrays: the column names first, then ' +
          "the issue's row (`workspace_id`, then the columns of the issues index). 404 when no open issue of those " +
          'workspaces has the id.',
        params: IdParams,
        querystring: Type.Object(WorkspaceNarrowing),
        response: {
          200: Type.Array(Type.Array(Type.Unknown()), { description: 'The header, then one row.' }),
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const issue = await findIssue(ctx.db, tokenScope(request, request.query.workspace_id), request.params.id);
      if (!issue) throw notFound("no open issue with this id in the token's workspaces");
      return [header, [issue.workspace_id, ...issueValues(issue)]];
    },
  );

  listRoute(app, ctx, {
    url: '/api/v1/issues/:id/instances',
    operationId: 'GetIssueInstances',
    summary: 'List the instances of an issue',
    tags,
    description:
      'The instances of the issue (open and resolved; `status` keeps one kind) in the workspaces the token may read, ' +
      'newest first, with the workspace as the first column; paged, filtered and sorted as the other lists are. 404 when ' +
      'no open issue of those workspaces has the id. `Accept: text/csv` answers CSV.\n\nColumns after `workspace_id`:\n\n' +
      columnsTable(instanceDetail.columns),
    params: IdParams,
    list: tokenIssueInstances,
    scope: (params, query, request) => tokenListScope(tokenScope(request, query.workspace_id as string | undefined), { issue: params.id }),
    check: async (params, scope) => {
      if (!(await findIssue(ctx.db, scope.token!, params.id))) throw notFound("no open issue with this id in the token's workspaces");
    },
    cache: 'principal',
    answers: 'A page of instances.',
    errors: [404],
  });
}
