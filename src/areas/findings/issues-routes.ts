// Issues of a workspace over HTTP: the index (grouped by rule and severity, or by other
// dimensions), one issue with its rule and first page of objects, an issue's objects, the
// instance-level details of one object within an issue (the spec's operation), one detail, and
// one instance by id.

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { instanceDetail, issueGroupMeasures, issueObject, workspaceIssue } from '../../catalog/rowsets.ts';
import { tabular } from '../../platform/http/tabular.ts';
import { getInstance, instanceHeader, instanceObject, instanceValues, objectKindsInIssue, type InstanceRow } from './instances.ts';
import { getIssue, issueDimensions, issueHeader, issueValues, type IssueDimension, type IssueRow } from './issues.ts';
import { issueGroups, issueObjectDetails, issueObjects, workspaceIssues } from './lists.ts';
import { getRule, ruleObject } from './rules.ts';
import { getScan, scanObject } from '../scans/reads.ts';
import { objectName } from '../inventory/entities-store.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { InstanceObject, InstanceView, RuleObject } from './schemas.ts';
import { SARIF_MEDIA_TYPE } from './sarif.ts';
import { SarifSchema, sendSarif } from './sarif-routes.ts';
import { answerList, listQuerySchema, listRoute, workspaceScope } from '../../platform/lists/list-route.ts';
import { errorResponses, Nullable, PathId, TabularFields, TenantWorkspaceParams } from '../../platform/http/schemas.ts';

/** Objects embedded in one issue. */
const SECTION_LIMIT = 100;
const tags = ['Findings'];

const base = '/api/v1/issues/tenants/:tenant_id/workspaces/:workspace_id';
const IssueParams = Type.Object({ ...TenantWorkspaceParams.properties, id: PathId('Issue id.') });
const ObjectParams = Type.Object({ ...IssueParams.properties, objectId: PathId('Id of an object the issue touches.') });
const DetailParams = Type.Object({ ...ObjectParams.properties, detailId: PathId('Instance id.') });
const InstanceParams = Type.Object({ ...TenantWorkspaceParams.properties, instanceId: PathId('Instance id.') });

const IssueView = Type.Object({
  ...TabularFields,
  rule: Nullable(RuleObject),
  objects: Type.Ref('TabularResult', {
    description: 'The first objects of the issue (most occurrences first); its cursor continues on `…/{id}/objects`.',
  }),
});

const IssueObjectDetails = Type.Object(
  {
    issue_id: Type.String({ description: 'The issue.' }),
    object_type: Type.String({ description: 'Kind of the object.' }),
    object_id: Type.String({ description: 'The object.' }),
    object_name: Nullable(Type.String({ description: 'Its name in the inventory, or null when the inventory does not hold it.' })),
    details: Type.Array(InstanceObject, { description: "A page of the object's instances in the issue, newest first." }),
    cursor: TabularFields.cursor,
    total: Type.Integer({ description: 'Instances of the object in the issue matching `status`, over all pages.' }),
    total_sampling: TabularFields.total_sampling,
  },
  { description: 'A page of the instance-level details of one object within one issue.' },
);

function parseGroupBy(text: string | undefined): IssueDimension[] {
  if (text === undefined || text.trim() === '') return ['rule_id', 'severity'];
  const dims: IssueDimension[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    if (!(issueDimensions as readonly string[]).includes(part)) {
      throw badRequest(`group_by: unknown dimension "${part.slice(0, 64)}"; allowed: ${issueDimensions.join(', ')}`);
    }
    if (dims.includes(part as IssueDimension)) throw badRequest(`group_by: dimension "${part}" is named twice`);
    dims.push(part as IssueDimension);
  }
  return dims;
}

/** Grouping by rule and severity is grouping by issue: the rows are the issues themselves. */
function isByIssue(dims: IssueDimension[]): boolean {
  return dims.length === 2 && dims.includes('rule_id') && dims.includes('severity');
}

/** The list the index answers for a `group_by`: the issues themselves, or their groups. */
function indexList(query: Record<string, unknown>) {
  const dims = parseGroupBy(query.group_by as string | undefined);
  return isByIssue(dims) ? workspaceIssues : issueGroups(dims);
}

export function registerIssues(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  async function issueOr404(tenant: string, workspace: string, id: string): Promise<IssueRow> {
    const issue = await getIssue(ctx.db, tenant, workspace, id);
    if (!issue) throw notFound('no open issue with this id in the workspace');
    return issue;
  }

  async function instanceView(tenant: string, workspace: string, row: InstanceRow) {
    const [rule, scan] = await Promise.all([
      getRule(ctx.db, tenant, workspace, row.rule_id),
      row.scan_id === null ? undefined : getScan(ctx.db, tenant, workspace, row.scan_id),
    ]);
    return {
      ...tabular(instanceHeader, [instanceValues(row)], '', 1),
      rule: rule ? ruleObject(rule) : null,
      scan: scan ? scanObject(scan) : null,
    };
  }

  listRoute(app, ctx, {
    url: base,
    operationId: 'GetIssuesIndex',
    summary: 'List the issues of a workspace',
    tags,
    description:
      'The open issues of the workspace (findings grouped by rule and severity), most severe first, then most open ' +
      'instances; paged by keyset cursor. `group_by` groups them by other dimensions instead (any of ' +
      `${issueDimensions.join(', ')}): each row is then a group, its dimensions first, then ${issueGroupMeasures.map((c) => `\`${c.name}\``).join(', ')}. ` +
      '`sort` takes `column[:asc|desc]` terms, comma-separated, over the columns of the answer. `Accept: text/csv` answers CSV; ' +
      '`Accept: application/sarif+json` answers the open findings with a code location as SARIF 2.1.0 (as `…/sarif`; the list parameters do not apply).\n\n' +
      'Columns of issue rows:\n\n' +
      columnsTable(workspaceIssue.columns) +
      '\n\nMeasures of group rows:\n\n' +
      columnsTable(issueGroupMeasures),
    params: TenantWorkspaceParams,
    list: { all: [workspaceIssues, issueGroups([...issueDimensions])], pick: indexList },
    scope: (params) => workspaceScope(params),
    answers: 'A page of issues or issue groups.',
    // `Accept: application/sarif+json`: the open findings with a code location as SARIF (sarif-routes.ts).
    alternatives: [
      {
        type: SARIF_MEDIA_TYPE,
        schema: SarifSchema,
        send: async (_request, reply, params) => sendSarif(ctx, reply, params.tenant_id, params.workspace_id),
      },
    ],
  });

  const objectsScope = (p: { tenant_id: string; workspace_id: string; id: string }) => workspaceScope(p, { issue: p.id });

  api.get(
    `${base}/:id`,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetIssueSingle',
        summary: 'Get one issue',
        tags,
        description:
          'One open issue as a tabular result with one row, with `rule` (the metadata of its rule) and `objects` ' +
          `(the first ${SECTION_LIMIT} objects it touches, as on \`…/{id}/objects\`). An issue exists while it has open instances.`,
        params: IssueParams,
        response: { 200: IssueView, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, id } = request.params;
      const issue = await issueOr404(tenant, workspace, id);
      const [rule, objects] = await Promise.all([
        getRule(ctx.db, tenant, workspace, issue.rule_id),
        answerList(ctx, issueObjects, objectsScope(request.params), { page_size: SECTION_LIMIT }),
      ]);
      return {
        ...tabular(issueHeader, [issueValues(issue)], '', 1),
        rule: rule ? ruleObject(rule) : null,
        objects: tabular(
          issueObject.columns.map((c) => c.name),
          objects.page.rows,
          objects.cursor,
          Number(issue.objects),
        ),
      };
    },
  );

  listRoute(app, ctx, {
    url: `${base}/:id/objects`,
    operationId: 'GetIssueObjects',
    summary: 'List the objects an issue touches',
    tags,
    description:
      'The inventory objects with open instances of the issue, most occurrences first, paged by keyset cursor. ' +
      '`sort` takes `column[:asc|desc]` terms. `Accept: text/csv` answers CSV.\n\nColumns:\n\n' +
      columnsTable(issueObject.columns),
    params: IssueParams,
    list: issueObjects,
    scope: (params) => objectsScope(params),
    check: async (params) => {
      await issueOr404(params.tenant_id, params.workspace_id, params.id);
    },
    answers: 'A page of objects.',
    errors: [404],
  });

  /** The one kind of object `objectId` names in the issue, or a 404 / 400 saying why not. */
  async function objectKind(tenant: string, workspace: string, issueId: string, objectId: string, objectType: string | undefined) {
    const kinds = await objectKindsInIssue(ctx.db, tenant, workspace, issueId, objectId);
    const matching = objectType === undefined ? kinds : kinds.filter((k) => k === objectType);
    if (matching.length === 0) throw notFound('the issue has no instance on an object with this id');
    if (matching.length > 1) {
      throw badRequest(`object_type: objects of several types have this id in the issue (${matching.join(', ')}); name one`);
    }
    return matching[0]!;
  }

  api.get(
    `${base}/:id/objects/:objectId/details`,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetIssueObjectDetails',
        summary: 'List the instance-level details of an object within an issue',
        tags,
        description:
          'A JSON object holding one page of the instances of the issue on the object, newest first, each with every ' +
          "field, and the cursor of the next page and the total. `status` picks open (the default, as counted in the object's " +
          'occurrences), resolved or all instances. 404 when the issue is not open or has never had an instance on the object.\n\n' +
          'Fields of each detail:\n\n' +
          columnsTable(instanceDetail.columns),
        params: ObjectParams,
        querystring: listQuerySchema(issueObjectDetails, ctx.db.dialect),
        response: { 200: IssueObjectDetails, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, id, objectId } = request.params;
      const query = request.query;
      // Both lookups at once; the issue's 404 comes first.
      const [issue, kind] = await Promise.allSettled([
        issueOr404(tenant, workspace, id),
        objectKind(tenant, workspace, id, objectId, query.object_type as string | undefined),
      ]);
      if (issue.status === 'rejected') throw issue.reason;
      if (kind.status === 'rejected') throw kind.reason;
      const scope = workspaceScope(request.params, { issue: id, kind: kind.value, object: objectId });
      const [{ page, cursor }, entity] = await Promise.all([
        answerList(ctx, issueObjectDetails, scope, query),
        objectName(ctx.db, tenant, workspace, kind.value, objectId),
      ]);
      return {
        issue_id: id,
        object_type: kind.value,
        object_id: objectId,
        object_name: entity,
        details: page.rows.map(instanceObject),
        cursor,
        total: page.total,
        total_sampling: 1,
      };
    },
  );

  api.get(
    `${base}/:id/objects/:objectId/details/:detailId`,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetIssueObjectDetail',
        summary: 'Get one instance-level detail of an object within an issue',
        tags,
        description:
          'One instance of the issue on the object, as `GET /instances/…/{instanceId}` answers it. 404 when the ' +
          'issue is not open, or the instance is not of this issue and object.',
        params: DetailParams,
        response: { 200: InstanceView, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, id, objectId, detailId } = request.params;
      const [, row] = await Promise.all([issueOr404(tenant, workspace, id), getInstance(ctx.db, tenant, workspace, detailId)]);
      if (!row || row.issue_id !== id || row.object_id !== objectId) throw notFound('no instance with this id on this object in the issue');
      return instanceView(tenant, workspace, row);
    },
  );

  api.get(
    '/api/v1/instances/tenants/:tenant_id/workspaces/:workspace_id/:instanceId',
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetInstanceDetailsV2',
        summary: 'Get one issue instance',
        tags,
        description:
          'One instance (open or resolved) as a tabular result with one row holding every field, `rule`: the ' +
          'metadata of the rule that raised it as the workspace sees it, and `scan`: the scan that produced it (or null).' +
          '\n\nColumns:\n\n' +
          columnsTable(instanceDetail.columns),
        params: InstanceParams,
        response: { 200: InstanceView, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, instanceId } = request.params;
      const row = await getInstance(ctx.db, tenant, workspace, instanceId);
      if (!row) throw notFound('no instance with this id in the workspace');
      return instanceView(tenant, workspace, row);
    },
  );
}
