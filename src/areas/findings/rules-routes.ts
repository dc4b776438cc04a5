// Rules over HTTP: the rules a workspace sees (static and its external ones), one rule, the static
// rules, the external rules of the token's workspaces, and the results of one rule (the
// instances it produced) across the token's workspaces.

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { instanceDetail, ruleRow } from '../../catalog/rowsets.ts';
import { staticRules } from '../../catalog/rules/index.ts';
import { getRule, ruleKnownIn, ruleObject } from './rules.ts';
import { externalRules, ruleResults, staticRuleList, workspaceRules } from './lists.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/errors.ts';
import { listRoute, tokenListScope, workspaceScope } from '../../platform/lists/list-route.ts';
import { tokenScope } from '../../platform/http/token-scope.ts';
import { errorResponses, PathId, TenantWorkspaceParams } from '../../platform/http/schemas.ts';

const tags = ['Rules'];
const RuleParams = Type.Object({ ...TenantWorkspaceParams.properties, rule_id: PathId('Rule id.') });
const ResultsParams = Type.Object({ id: PathId('Rule id.') });

const listColumnsDoc = '\n\nColumns:\n\n' + columnsTable(ruleRow.columns);

export function registerRules(app: FastifyInstance, ctx: AppContext): void {
  listRoute(app, ctx, {
    url: '/api/v1/rules/tenants/:tenant_id/workspaces/:workspace_id',
    operationId: 'GetAllRules',
    summary: 'List the rules of a workspace',
    tags,
    description:
      'The static rules shipped with the service and the external rules ingested into the workspace, together, ' +
      "by rule id, each with the tenant's settings (enabled, severity override) laid over it. `name__ilk` keeps rules whose " +
      'name contains it (any case); `sort` takes `column[:asc|desc]` terms. `Accept: text/csv` answers CSV.' +
      listColumnsDoc,
    params: TenantWorkspaceParams,
    list: workspaceRules,
    scope: (params) => workspaceScope(params),
    answers: 'A page of rules.',
  });

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/rules/tenants/:tenant_id/workspaces/:workspace_id/:rule_id',
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetRule',
        summary: 'Get one rule',
        tags,
        description:
          'One rule as the workspace sees it (static, or external to the workspace): `{rule_id, rule_name, ' +
          'rule_description, object_types, source}` with its severity, category, OWASP category, remediation and whether the tenant enabled it.',
        params: RuleParams,
        response: { 200: Type.Ref('Rule'), ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, rule_id: ruleId } = request.params;
      const rule = await getRule(ctx.db, tenant, workspace, ruleId);
      if (!rule) throw notFound('no rule with this id in the workspace');
      return ruleObject(rule);
    },
  );

  listRoute(app, ctx, {
    url: '/api/v1/static-rules',
    operationId: 'GetStaticRules',
    summary: 'List the static rules',
    tags,
    description:
      `The ${staticRules.length} rules shipped with the service, with the token tenant's settings laid over them. ` +
      '`name__ilk`, `sort` and paging as on the workspace rules.' +
      listColumnsDoc,
    list: staticRuleList,
    scope: (_params, _query, request) => {
      const { tenant } = tokenScope(request, undefined);
      return { args: { tenant }, key: '', fingerprint: [tenant] };
    },
    answers: 'A page of static rules.',
  });

  listRoute(app, ctx, {
    url: '/api/v1/external-rules',
    operationId: 'GetExternalRules',
    summary: 'List the external rules',
    tags,
    description:
      'The rules ingested into the workspaces the token may read (`workspace_id` narrows to one it is granted; 403 ' +
      'otherwise), with the workspace as the first column. `name__ilk`, `sort` and paging as on the workspace rules.' +
      listColumnsDoc,
    list: externalRules,
    scope: (_params, query, request) => tokenListScope(tokenScope(request, query.workspace_id as string | undefined)),
    answers: 'A page of external rules.',
  });

  listRoute(app, ctx, {
    url: '/api/v1/rules/:id/results',
    operationId: 'GetRuleInstances',
    summary: 'Get the results of one rule',
    tags,
    description:
      'The instances the rule produced in the workspaces the token may read (`workspace_id` narrows to one it is ' +
      'granted; 403 otherwise), newest first, with the workspace as the first column. `status` keeps open or resolved ones ' +
      '(default all). 404 when the rule is neither static nor external to one of those workspaces. `Accept: text/csv` answers CSV.' +
      '\n\nColumns after `workspace_id`:\n\n' +
      columnsTable(instanceDetail.columns),
    params: ResultsParams,
    list: ruleResults,
    scope: (params, query, request) => tokenListScope(tokenScope(request, query.workspace_id as string | undefined), { rule: params.id }),
    check: async (params, scope) => {
      if (!(await ruleKnownIn(ctx.db, scope.token!, params.id))) throw notFound("no rule with this id in the token's workspaces");
    },
    answers: 'A page of instances.',
    errors: [404],
  });
}
