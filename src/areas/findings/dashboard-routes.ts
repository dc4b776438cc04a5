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

const Figures = Type.Object({
  inventory: Type.Integer({ description: 'Objects of the kind.' }),
  issues: Type.Integer({
    description: "Open issues on objects of the kind, counted once per object they touch (the sum of the objects' total_issues).",
  }),
  critical: Type.Integer({ description: 'Of those, critical ones.' }),
  high: Type.Integer({ description: 'Of those, high ones.' }),
});

const TopIssue = Type.Object({
  workspace_id: Type.String(),
  id: Type.String(),
  rule_id: Type.String(),
  rule_name: Type.String(),
  severity: Type.String(),
  category: Type.String(),
  open_instances: Type.Integer(),
  objects: Type.Integer(),
  last_detected: Nullable(Type.String({ format: 'date-time' })),
});

const AtRisk = Type.Object({
  workspace_id: Type.String(),
  id: Type.String(),
  name: Type.String(),
  critical_issues: Type.Integer(),
  high_issues: Type.Integer(),
  total_issues: Type.Integer(),
  risk_score: Type.Integer({
    description: 'The risk score (docs/POSTURE.md): open issues weighted by severity plus what the object reaches.',
  }),
});

/** The kinds whose riskiest objects the dashboard lists, under these names. */
const atRiskKinds: Array<[string, string]> = [
  ['agents', 'agent'],
  ['models', 'model'],
  ['tools', 'tool'],
  ['mcp_servers', 'mcp_server'],
];

export const sections: DashboardSection[] = [
  {
    name: 'objects_counts',
    schema: Type.Object(Object.fromEntries(routedKinds.map((k) => [k.name, Figures])), {
      description: 'Per object type: objects in the inventory and the open issues on them.',
    }),
    load: (ctx, r) =>
      figuresByKind(
        ctx.db,
        r.scope,
        routedKinds.map((k) => k.name),
      ),
  },
  {
    name: 'top_issues',
    schema: Type.Array(TopIssue, { description: 'The most severe open issues, then those with the most open instances.' }),
    load: (ctx, r) => topIssues(ctx.db, r.scope, r.top),
  },
  {
    name: 'top_at_risk',
    schema: Type.Object(Object.fromEntries(atRiskKinds.map(([name]) => [name, Type.Array(AtRisk)])), {
      description: 'Per type, the objects of highest risk score (docs/POSTURE.md), then most critical open issues, then high, then any.',
    }),
    load: async (ctx, r) =>
      Object.fromEntries(
        await Promise.all(atRiskKinds.map(async ([name, kind]) => [name, await topAtRisk(ctx.db, r.scope, kind, r.top)] as const)),
      ),
  },
  {
    name: 'issues_histogram',
    schema: HistogramCounts,
    load: async (ctx, r) => ({ counts: await issueHistogram(ctx.db, r.scope, r.now) }),
  },
  {
    name: 'scans_counts',
    schema: Type.Object(
      {
        current_scans: Type.Integer({
          description: 'Current AI-SPM scans: finished scans that are the current scan of their sensor for at least one asset.',
        }),
        with_ai_objects: Type.Integer({ description: 'Of those, the scans that reported at least one AI object (`ai_objects > 0`).' }),
        with_ai_objects_pct: Type.Number({
          description: 'with_ai_objects as a percentage of current_scans, to one decimal; 0 when there are no current scans.',
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
      config: { access: 'read', cache: 'principal' },
      schema: {
        operationId: 'GetHistogramsAispm',
        summary: 'Issue counts histogram for AI-SPM objects',
        tags,
        description:
          'Instances detected in each of the 12 calendar months (UTC) ending with the current one, oldest first, by ' +
          'severity: `critical`, `high`, and `other` (medium and low), resolved ones included; each entry carries its `month`. ' +
          "Covers the token's tenant and workspaces; `workspace_id` narrows it to one (403 when the token is not granted it).",
        querystring: HistogramQuery,
        response: { 200: Type.Object({ issues_histogram: HistogramCounts }), ...errorResponses() },
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
      config: { access: 'read' },
      schema: {
        operationId: 'GetSummaryAispmDashboard',
        summary: 'The AI-SPM dashboard',
        tags,
        description:
          'Counts per object type (inventory, issues, critical, high), the top open issues, the agents, models and MCP ' +
          'servers most at risk, the 12-month issue histogram, and the current scans and how many found AI objects, over the ' +
          "token's tenant and workspaces; `workspace_id` narrows it to one (403 when the token is not granted it).",
        querystring: DashboardQuery,
        response: { 200: Type.Object(Object.fromEntries(sections.map((s) => [s.name, s.schema]))), ...errorResponses() },
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
