// The token-scoped overview endpoints: the 12-month issue histogram (the spec's) and the AI-SPM
// dashboard. Neither names a tenant: the token's tenant and workspaces bound them, and an
// optional `workspace_id` narrows them to one workspace the token is granted (403 otherwise).
//
// The dashboard is a list of sections, each a name, a schema and a loader: adding a section
// (as `scans_counts` was) is one more entry in `sections`.

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type, { type TSchema } from 'typebox';
import { routedKinds } from '../../catalog/kinds.ts';
import { figuresByKind, topAtRisk, topIssues } from './dashboard.ts';
import { issueHistogram } from './histogram.ts';
import { scanCounts } from '../scans/reads.ts';
import type { WorkspaceScope } from '../../platform/db/workspace-scope.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { HistogramCounts } from './schemas.ts';
import { tokenScope, WorkspaceNarrowing } from '../../platform/http/token-scope.ts';
import { errorResponses, Nullable } from '../../platform/http/schemas.ts';

const tags = ['Findings'];
const DEFAULT_TOP = 5;
const MAX_TOP = 100;

const HistogramQuery = Type.Object({ ...WorkspaceNarrowing });
const DashboardQuery = Type.Object({
  ...WorkspaceNarrowing,
  top: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_TOP, description: `Length of the top lists, 1–${MAX_TOP} (default ${DEFAULT_TOP}).` }),
  ),
});

export interface DashboardRequest {
  scope: WorkspaceScope;
  top: number;
  now: number;
}

export interface DashboardSection {
  name: string;
  schema: TSchema;
  load(ctx: AppContext, r: DashboardRequest): Promise<unknown>;
}

// The sections and their fields carry the product family's names (its dashboard document); the
// fields after those are the service's own (workspace, category, counts, risk score).

const Figures = Type.Object({
  object_type: Type.String({ description: 'The object type (agent, model, tool, mcp_server, asset, location).' }),
  total_inventory_count: Type.Integer({ description: 'Objects of the type.' }),
  total_issues_count: Type.Integer({
    description: "Open issues on objects of the type, counted once per object they touch (the sum of the objects' total_issues).",
  }),
  critical_issues_count: Type.Integer({ description: 'Of those, critical ones.' }),
  high_issues_count: Type.Integer({ description: 'Of those, high ones.' }),
});

const TopIssue = Type.Object({
  issue_id: Type.String({ description: 'The issue (one rule at one severity in one workspace).' }),
  rule_id: Type.String(),
  rule_name: Type.String(),
  rule_description: Type.String({ description: "The rule's description ('' when the rule is not known to the workspace)." }),
  definitive_severity: Type.String({ description: 'The severity of the issue.' }),
  critical_element_count: Type.Integer({ description: 'Objects the issue touches when it is critical, else 0.' }),
  high_element_count: Type.Integer({ description: 'Objects the issue touches when it is high, else 0.' }),
  total_priority_affected_elements: Type.Integer({ description: 'critical_element_count + high_element_count.' }),
  workspace_id: Type.String(),
  category: Type.String(),
  open_instances: Type.Integer(),
  objects: Type.Integer({ description: 'Objects the issue touches.' }),
  last_detected: Nullable(Type.String({ format: 'date-time' })),
});

const AtRisk = Type.Object({
  aispm_object_id: Type.String({ description: 'The object.' }),
  aispm_friendly_name: Type.String({ description: 'Its name.' }),
  critical_count: Type.Integer({ description: 'Open critical issues on it.' }),
  high_count: Type.Integer({ description: 'Open high issues on it.' }),
  total_critical_high_occurrences: Type.Integer({ description: 'critical_count + high_count.' }),
  workspace_id: Type.String(),
  total_issues: Type.Integer({ description: 'Open issues on it, any severity.' }),
  risk_score: Type.Integer({
    description: 'The risk score (docs/POSTURE.md): open issues weighted by severity plus what the object reaches.',
  }),
});

/** The kinds whose riskiest objects the dashboard lists, each under its section (tools are the service's addition). */
const atRiskKinds: Array<[string, string]> = [
  ['aispm_top_at_risk_agents', 'agent'],
  ['aispm_top_at_risk_models', 'model'],
  ['aispm_top_at_risk_mcp_servers', 'mcp_server'],
  ['aispm_top_at_risk_tools', 'tool'],
];

const atRiskDescription =
  'The objects of the type of highest risk score (docs/POSTURE.md), then most critical open issues, then high, then any.';

export const sections: DashboardSection[] = [
  {
    name: 'aispm_objects_counts',
    schema: Type.Array(Figures, { description: 'Per object type: objects in the inventory and the open issues on them.' }),
    load: (ctx, r) =>
      figuresByKind(
        ctx.db,
        r.scope,
        routedKinds.map((k) => k.name),
      ),
  },
  {
    name: 'aispm_objects_top_issues',
    schema: Type.Array(TopIssue, { description: 'The most severe open issues, then those with the most open instances.' }),
    load: (ctx, r) => topIssues(ctx.db, r.scope, r.top),
  },
  ...atRiskKinds.map(
    ([name, kind]): DashboardSection => ({
      name,
      schema: Type.Array(AtRisk, { description: atRiskDescription }),
      load: (ctx, r) => topAtRisk(ctx.db, r.scope, kind, r.top),
    }),
  ),
  {
    name: 'issues_histogram',
    schema: HistogramCounts,
    load: async (ctx, r) => ({ counts: await issueHistogram(ctx.db, r.scope, r.now) }),
  },
  {
    name: 'scans_counts',
    schema: Type.Object(
      {
        total_current_aispm_scans: Type.Integer({
          description: 'Current AI-SPM scans: finished scans that are the current scan of their sensor for at least one asset.',
        }),
        scans_with_ai_objects_count: Type.Integer({
          description: 'Of those, the scans that reported at least one AI object (`ai_objects > 0`).',
        }),
        percent_scans_with_ai_objects: Type.Number({
          description: 'scans_with_ai_objects_count as a percentage of total_current_aispm_scans, to one decimal; 0 when there are none.',
        }),
      },
      { description: 'The current scans and how many of them found AI objects (docs/SCANS.md).' },
    ),
    load: (ctx, r) => scanCounts(ctx.db, r.scope),
  },
];

export function registerDashboard(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/v1/histograms/aispm',
    {
      // Depends on the token's workspaces and the month: both are in its cache key.
      config: { access: 'read', cache: 'principal', workspaceQuery: true },
      schema: {
        operationId: 'GetHistogramsAispm',
        summary: 'Issue counts histogram for AI-SPM objects',
        tags,
        description:
          'Instances detected in each of the 12 calendar months (UTC) ending with the current one, oldest first, by ' +
          'severity: `critical`, `high`, and `other` (medium and low), resolved ones included; each entry carries its `month`. ' +
          "Covers the token's tenant and workspaces; `workspace_id` narrows it to one (403 when the token is not granted it, 404 " +
          'when it never received data, as in the lists).',
        querystring: HistogramQuery,
        response: { 200: Type.Object({ issues_histogram: HistogramCounts }), ...errorResponses(404) },
      },
    },
    async (request) => {
      const q = request.query;
      const scope = tokenScope(request, q.workspace_id);
      return { issues_histogram: { counts: await issueHistogram(ctx.db, scope, ctx.now()) } };
    },
  );

  api.get(
    '/api/v1/aispm-dashboard',
    {
      config: { access: 'read', workspaceQuery: true },
      schema: {
        operationId: 'GetSummaryAispmDashboard',
        summary: 'The AI-SPM dashboard',
        tags,
        description:
          'Counts per object type (inventory, issues, critical, high), the top open issues, the agents, models and MCP ' +
          'servers most at risk, the 12-month issue histogram, and the current scans and how many found AI objects, over the ' +
          "token's tenant and workspaces; `workspace_id` narrows it to one (403 when the token is not granted it, 404 when it " +
          'never received data, as in the lists).',
        querystring: DashboardQuery,
        response: { 200: Type.Object(Object.fromEntries(sections.map((s) => [s.name, s.schema]))), ...errorResponses(404) },
      },
    },
    async (request) => {
      const q = request.query;
      const r: DashboardRequest = { scope: tokenScope(request, q.workspace_id), top: q.top ?? DEFAULT_TOP, now: ctx.now() };
      const loaded = await Promise.all(sections.map(async (s) => [s.name, await s.load(ctx, r)] as const));
      return Object.fromEntries(loaded);
    },
  );
}
