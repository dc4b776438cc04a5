// Rules over HTTP: the rules a workspace sees (static and its external ones), one rule, the static
// rules, the external rules of the token's workspaces, and the results of one rule (the
// instances it produced) across the token's workspaces.

import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { instanceDetail, ruleRow } from '../../catalog/rowsets.ts';
import { staticRules } from '../../catalog/rules.ts';
import { keyOf, valuesOf } from '../../platform/db/paging/keyset-multi.ts';
import { tabular } from '../../platform/http/tabular.ts';
import {
  countRuleResults, instanceHeader, instanceValues, RESULTS_ORDER_TERMS, ruleResultsPage, type StatusFilter,
} from './instances.ts';
import {
  countRules, getRule, ruleHeader, ruleKnownIn, ruleObject, ruleOrder, rulesPage, ruleValues, type RuleRow, type RuleSet,
} from './rules.ts';
import { scopeSignature } from '../../platform/db/workspace-scope.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/errors.ts';
import { StatusQuery } from './schemas.ts';
import { needleOf, Pager, sendTabular } from '../../platform/lists/paged.ts';
import { tokenScope, WorkspaceNarrowing } from '../../platform/http/token-scope.ts';
import {
  errorResponses, NameQuery, pageSizeOf, PagingQuery, PathId, SortQuery, TabularOrCsv, TenantWorkspaceParams,
} from '../../platform/http/schemas.ts';
import { parseSortTerms, sortSignature, type SortTerm } from '../../platform/lists/sort-terms.ts';

const DEFAULT_PAGE = 100;
const tags = ['Rules'];

const SortText = {
  sort: Type.Optional(Type.String({ maxLength: 256, description: 'Sort terms: `column[:asc|desc]`, comma-separated (rule_id, rule_name, severity, category, source).' })),
  sort_dir: SortQuery.sort_dir,
};
const ListQuery = Type.Object({ ...NameQuery, ...SortText, ...PagingQuery });
const ExternalQuery = Type.Object({ ...NameQuery, ...WorkspaceNarrowing, ...SortText, ...PagingQuery });
const ResultsQuery = Type.Object({ ...WorkspaceNarrowing, ...StatusQuery('all'), ...PagingQuery });
const RuleParams = Type.Object({ ...TenantWorkspaceParams.properties, rule_id: PathId('Rule id.') });
const ResultsParams = Type.Object({ id: PathId('Rule id.') });

const bySortDefault: SortTerm[] = [{ column: 'rule_id', dir: 'asc' }];
const listColumnsDoc = '\n\nColumns:\n\n' + columnsTable(ruleRow.columns);

export function registerRules(app: FastifyInstance, ctx: AppContext): void {
  /** One paged rule list: its sort, cursor, page and total. */
  async function listRules(set: RuleSet, fingerprint: unknown[], q: Type.Static<typeof ListQuery>, withWorkspace: boolean) {
    const sort = parseSortTerms(ruleRow.columns, q.sort, q.sort_dir, bySortDefault);
    const order = ruleOrder(set, sort);
    const needle = needleOf(q.name__ilk);
    const pager = new Pager(ctx, [...fingerprint, needle ?? null, sortSignature(sort)], q.cursor);
    const [page, total] = await Promise.all([
      rulesPage(ctx.db, set, needle, order, valuesOf(pager.after, order.length), pageSizeOf(q, DEFAULT_PAGE)),
      countRules(ctx.db, set, needle),
    ]);
    const row = withWorkspace ? (r: RuleRow) => [r.workspace_id, ...ruleValues(r)] : ruleValues;
    return tabular(withWorkspace ? ['workspace_id', ...ruleHeader] : ruleHeader, page.rows.map(row), pager.cursorFor(keyOf(page.next)), total);
  }

  app.get('/api/v1/rules/tenants/:tenant_id/workspaces/:workspace_id', {
    config: { access: 'read' },
    schema: {
      operationId: 'GetAllRules', summary: 'List the rules of a workspace', tags,
      description: 'The static rules shipped with the service and the external rules ingested into the workspace, together, ' +
        'by rule id, each with the tenant\'s settings (enabled, severity override) laid over it. `name__ilk` keeps rules whose ' +
        'name contains it (any case); `sort` takes `column[:asc|desc]` terms. `Accept: text/csv` answers CSV.' + listColumnsDoc,
      params: TenantWorkspaceParams, querystring: ListQuery,
      response: { 200: TabularOrCsv('A page of rules.'), ...errorResponses() },
    },
  }, async (request, reply) => {
    const { tenant_id: tenant, workspace_id: workspace } = request.params as { tenant_id: string; workspace_id: string };
    const result = await listRules({ kind: 'workspace', tenant, workspace }, ['rules', tenant, workspace], request.query as Type.Static<typeof ListQuery>, false);
    return sendTabular(request, reply, result);
  });

  app.get('/api/v1/rules/tenants/:tenant_id/workspaces/:workspace_id/:rule_id', {
    config: { access: 'read' },
    schema: {
      operationId: 'GetRule', summary: 'Get one rule', tags,
      description: 'One rule as the workspace sees it (static, or external to the workspace): `{rule_id, rule_name, ' +
        'rule_description, object_types, source}` with its severity, category, OWASP category, remediation and whether the tenant enabled it.',
      params: RuleParams,
      response: { 200: Type.Ref('Rule'), ...errorResponses(404) },
    },
  }, async (request) => {
    const { tenant_id: tenant, workspace_id: workspace, rule_id: ruleId } = request.params as Type.Static<typeof RuleParams>;
    const rule = await getRule(ctx.db, tenant, workspace, ruleId);
    if (!rule) throw notFound('no rule with this id in the workspace');
    return ruleObject(rule);
  });

  app.get('/api/v1/static-rules', {
    config: { access: 'read' },
    schema: {
      operationId: 'GetStaticRules', summary: 'List the static rules', tags,
      description: `The ${staticRules.length} rules shipped with the service, with the token tenant's settings laid over them. ` +
        '`name__ilk`, `sort` and paging as on the workspace rules.' + listColumnsDoc,
      querystring: ListQuery,
      response: { 200: TabularOrCsv('A page of static rules.'), ...errorResponses() },
    },
  }, async (request, reply) => {
    const scope = tokenScope(request, undefined);
    const result = await listRules({ kind: 'static', tenant: scope.tenant }, ['static-rules', scope.tenant], request.query as Type.Static<typeof ListQuery>, false);
    return sendTabular(request, reply, result);
  });

  app.get('/api/v1/external-rules', {
    config: { access: 'read' },
    schema: {
      operationId: 'GetExternalRules', summary: 'List the external rules', tags,
      description: 'The rules ingested into the workspaces the token may read (`workspace_id` narrows to one it is granted; 403 ' +
        'otherwise), with the workspace as the first column. `name__ilk`, `sort` and paging as on the workspace rules.' + listColumnsDoc,
      querystring: ExternalQuery,
      response: { 200: TabularOrCsv('A page of external rules.'), ...errorResponses() },
    },
  }, async (request, reply) => {
    const q = request.query as Type.Static<typeof ExternalQuery>;
    const scope = tokenScope(request, q.workspace_id);
    const result = await listRules({ kind: 'external', scope }, ['external-rules', ...scopeSignature(scope)], q, true);
    return sendTabular(request, reply, result);
  });

  app.get('/api/v1/rules/:id/results', {
    config: { access: 'read' },
    schema: {
      operationId: 'GetRuleResults', summary: 'Get the results of one rule', tags,
      description: 'The instances the rule produced in the workspaces the token may read (`workspace_id` narrows to one it is ' +
        'granted; 403 otherwise), newest first, with the workspace as the first column. `status` keeps open or resolved ones ' +
        '(default all). 404 when the rule is neither static nor external to one of those workspaces. `Accept: text/csv` answers CSV.' +
        '\n\nColumns after `workspace_id`:\n\n' + columnsTable(instanceDetail.columns),
      params: ResultsParams, querystring: ResultsQuery,
      response: { 200: TabularOrCsv('A page of instances.'), ...errorResponses(404) },
    },
  }, async (request, reply) => {
    const { id } = request.params as Type.Static<typeof ResultsParams>;
    const q = request.query as Type.Static<typeof ResultsQuery>;
    const scope = tokenScope(request, q.workspace_id);
    const status: StatusFilter = q.status ?? 'all';
    const pager = new Pager(ctx, ['rule-results', id, ...scopeSignature(scope), status], q.cursor);
    const after = valuesOf(pager.after, RESULTS_ORDER_TERMS);
    if (!(await ruleKnownIn(ctx.db, scope, id))) throw notFound('no rule with this id in the token\'s workspaces');
    const query = { scope, ruleId: id, status };
    const [page, total] = await Promise.all([
      ruleResultsPage(ctx.db, query, after, pageSizeOf(q, DEFAULT_PAGE)), countRuleResults(ctx.db, query),
    ]);
    return sendTabular(request, reply, tabular(['workspace_id', ...instanceHeader], page.rows.map((r) => [r.workspace_id, ...instanceValues(r)]),
      pager.cursorFor(keyOf(page.next)), total));
  });
}
