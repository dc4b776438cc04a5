// Compliance posture over HTTP: per framework for a workspace (with its 12-month trend), one row
// per control of a framework, and the findings behind one control. The frameworks and their
// controls are the catalogue's (src/catalog/frameworks.ts, docs/COMPLIANCE.md).

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { controlById, frameworkById, frameworks } from '../../catalog/frameworks.ts';
import { compliancePosture } from './framework-summary.ts';
import { instanceDetail } from '../../catalog/rowsets.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/errors.ts';
import { errorResponses, Nullable, StringEnum, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { listRoute, workspaceScope } from '../../platform/lists/list-route.ts';
import { controlColumns, controlFindings, controlsList } from './lists.ts';

const tags = ['Compliance'];
const base = '/api/v1/compliance/tenants/:tenant_id/workspaces/:workspace_id';
const frameworkIds = frameworks.map((f) => f.id);
const FrameworkParam = StringEnum(frameworkIds, { description: `Framework id: ${frameworkIds.join(', ')}.` });
const FrameworkParams = Type.Object({ ...TenantWorkspaceParams.properties, framework: FrameworkParam });
const ControlParams = Type.Object({
  ...FrameworkParams.properties,
  control: Type.String({ minLength: 1, maxLength: 64, description: 'Control id (URL-encoded: `MEASURE%202.7`, `Article%2015`).' }),
});

const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Severities = {
  critical: Count('Critical.'),
  high: Count('High.'),
  medium: Count('Medium.'),
  low: Count('Low.'),
};
const FrameworkPosture = Type.Object(
  {
    framework: FrameworkParam,
    name: Type.String(),
    version: Type.String(),
    controls: Count('Controls of the framework in the table.'),
    controls_assessed: Count('Controls that at least one rule the workspace sees (static or its external ones) maps to.'),
    controls_not_assessed: Count('Controls no rule the workspace sees maps to: nothing checks them, which is not a pass.'),
    controls_with_open_findings: Count('Controls with at least one open finding of a rule mapped to them.'),
    open_findings: Type.Object(
      { ...Severities, total: Count('Every severity.') },
      { description: 'Open findings of the mapped rules, each once.' },
    ),
    objects_in_scope: Count('Inventory objects of the kinds the mapped rules apply to (and any other a finding of theirs names).'),
    objects_failing: Count('Of those, the objects with at least one open finding of a mapped rule.'),
    posture_score: Nullable(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: '(objects_in_scope − objects_failing) / objects_in_scope, to 4 decimals; null when nothing is in scope.',
      }),
    ),
    trend: Type.Array(Type.Object({ month: Type.String({ description: 'YYYY-MM (UTC).' }), ...Severities }), {
      description: 'Findings of the mapped rules detected each month (resolved ones included), the past 12 months, oldest first.',
    }),
  },
  { description: 'The posture of the workspace against one framework.' },
);

export function registerCompliance(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    base,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetCompliancePosture',
        summary: 'Compliance posture of a workspace, per framework',
        tags,
        description:
          'For each framework (OWASP LLM 2025, OWASP agentic 2026, MITRE ATLAS, NIST AI RMF 1.0, EU AI Act): its controls, ' +
          'those assessed (a rule maps to them) and not, those with open findings, the open findings by severity, the objects ' +
          'failing, the posture score and the 12-month trend. See docs/COMPLIANCE.md.',
        params: TenantWorkspaceParams,
        response: { 200: Type.Object({ frameworks: Type.Array(FrameworkPosture) }), ...errorResponses() },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace } = request.params;
      return { frameworks: await compliancePosture(ctx.db, tenant, workspace, ctx.now()) };
    },
  );

  listRoute(app, ctx, {
    url: `${base}/:framework`,
    operationId: 'GetComplianceControls',
    summary: 'The controls of one framework with the open findings against them',
    tags,
    description:
      "One row per control of the framework, in the framework's order: the rules mapped to it, its open findings by severity, " +
      'the objects failing it and its status (failing, passing, or not_assessed when no rule maps to it: `status=not_assessed`). ' +
      'Every column sorts and filters. `Accept: text/csv` answers CSV.\n\nColumns:\n\n' +
      columnsTable(controlColumns),
    params: FrameworkParams,
    list: controlsList,
    scope: (params) => workspaceScope(params, { framework: params.framework }),
    answers: 'A page of controls.',
  });

  listRoute(app, ctx, {
    url: `${base}/:framework/:control`,
    operationId: 'GetComplianceControlFindings',
    summary: 'The findings behind one control',
    tags,
    description:
      'The instances of the rules mapped to the control, newest first; `status` keeps open (default), resolved or all. ' +
      '404 when the framework has no such control. `Accept: text/csv` answers CSV.\n\nColumns:\n\n' +
      columnsTable(instanceDetail.columns),
    params: ControlParams,
    list: controlFindings,
    scope: (params) => {
      if (controlById.get(params.control)?.framework !== frameworkById.get(params.framework))
        throw notFound(`framework ${params.framework} has no control "${params.control.slice(0, 64)}"`);
      return workspaceScope(params, { framework: params.framework, control: params.control });
    },
    answers: 'A page of instances.',
    errors: [404],
  });
}
