// The inventory graph over HTTP: for every routed kind of the catalogue a list, a detail with its
// embedded sections, and an edge endpoint, generated from the kind's declaration. The agent's
// detail also carries its spend (the runtime area's agent cost), declared per kind below.

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type, { type TSchema } from 'typebox';
import { detailDescription, edgesDescription, listDescription } from '../../catalog/docs.ts';
import { edgeOf, edgeWord, routedKinds } from '../../catalog/kinds.ts';
import { withArticle } from '../../catalog/labels.ts';
import type { KindDef, SectionDef } from '../../catalog/types.ts';
import { tabularJson } from '../../platform/http/tabular.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { answerList, listRoute, workspaceScope } from '../../platform/lists/list-route.ts';
import { EdgeParams, errorResponses, ObjectParams, TabularFields, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { agentCost } from '../runtime/agent-cost.ts';
import { detailPlan, locationFields, readDetail, SECTION_LIMIT } from './detail.ts';
import { edgeList, edgeScope } from './edges.ts';
import { entityList } from './lists.ts';
import { entityFormatter, getEntity } from './reads.ts';

const AgentCostFields = {
  burn_rate: Type.Object({
    daily_spend_rate: Type.Number(),
    baseline_daily_spend: Type.Number(),
    status: Type.Unsafe<string>({ type: 'string', enum: ['no_data', 'increasing', 'stable', 'decreasing'] }),
  }),
  cost_history: Type.Object({
    current_month: Type.Number(),
    current_quarter: Type.Number(),
    ytd: Type.Number(),
    monthly: Type.Array(Type.Object({ period: Type.String(), cost: Type.Number() })),
  }),
  cost_per_session_history: Type.Array(Type.Object({ period: Type.String(), cost_per_session: Type.Number() })),
};

/** What a kind's detail carries beyond its row and sections: the agent's spend. The day moves it, so it is not cached. */
const detailExtras: Record<
  string,
  { fields: Record<string, TSchema>; load(ctx: AppContext, tenant: string, workspace: string, id: string): Promise<object> }
> = {
  agent: { fields: AgentCostFields, load: (ctx, tenant, workspace, id) => agentCost(ctx.db, tenant, workspace, id, ctx.now()) },
};

function detailSchema(kind: KindDef): TSchema {
  const sections: Record<string, TSchema> = {};
  for (const s of kind.sections) {
    sections[s.name] = Type.Ref(
      s.shape === 'items' ? 'EmbeddedSection' : s.shape === 'locations' ? 'EmbeddedLocationSection' : 'TabularResult',
    );
  }
  return Type.Object(
    { ...TabularFields, ...sections, ...(detailExtras[kind.name]?.fields ?? {}) },
    { description: `The ${kind.label} and its embedded sections.` },
  );
}

/** One embedded section of a detail read as its edge's first page, as JSON text (the sections one statement does not answer). */
async function loadSection(
  ctx: AppContext,
  kind: KindDef,
  section: SectionDef,
  tenant: string,
  workspace: string,
  id: string,
): Promise<string> {
  const edge = edgeOf(kind, section.edge)!;
  const spec = edgeList(edge);
  const { page, cursor } = await answerList(ctx, spec, edgeScope(kind, edge, tenant, workspace, id), { page_size: SECTION_LIMIT });
  const header = spec.columns.map((c) => c.name);
  const texts = page.rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r)));
  if (section.shape === 'tabular') return tabularJson(JSON.stringify(header), texts, cursor, page.total);
  const rows = texts.map((r) => JSON.parse(r) as unknown[]);
  const at = (name: string) => header.indexOf(name);
  if (section.shape === 'locations') {
    const idx = locationFields.map((f) => [f, at(f)] as const);
    return JSON.stringify({
      items: rows.map((r) => ({
        id: r[0] as string,
        codeLocation: Object.fromEntries(idx.map(([f, i]) => [f, i >= 0 ? (r[i] ?? null) : null])),
      })),
      total: page.total,
    });
  }
  return JSON.stringify({ items: rows.map((r) => ({ id: r[at('id')] as string, name: r[at('name')] as string })), total: page.total });
}

function registerKind(app: FastifyInstance, ctx: AppContext, kind: KindDef): void {
  const base = `/api/v1/${kind.prefix}/tenants/:tenant_id/workspaces/:workspace_id`;
  const format = entityFormatter(kind);
  const headerJson = JSON.stringify(kind.columns.map((c) => c.name));
  const ops = kind.operation!;
  const tags = ['Inventory'];
  const extras = detailExtras[kind.name];
  const plan = detailPlan(kind, ctx.db.dialect);

  listRoute(app, ctx, {
    url: base,
    operationId: `GetAll${ops.plural}`,
    summary: `List ${kind.label}s`,
    tags,
    description: listDescription(kind),
    params: TenantWorkspaceParams,
    list: entityList(kind),
    scope: (params) => workspaceScope(params),
    answers: `A page of ${kind.label}s.`,
    cache: 'path',
  });

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    `${base}/:id`,
    {
      config: { access: 'read', cache: extras ? undefined : 'path' },
      schema: {
        operationId: `Get${ops.singular}Details`,
        summary: `Get one ${kind.label}`,
        tags,
        description: detailDescription(kind),
        params: ObjectParams,
        response: { 200: detailSchema(kind), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { tenant_id: tenant, workspace_id: workspace, id } = request.params;
      const row = await readDetail(ctx.db, kind, tenant, workspace, id);
      if (!row) throw notFound(`no ${kind.label} with this id in the workspace`);
      const texts = new Map<string, string>();
      for (const { section, column } of plan.sql) {
        const text = row[column] as string;
        const colon = text.indexOf(':');
        const n = Number(text.slice(0, colon));
        // Past the embedded size the section is its edge's first page and its edge's count.
        texts.set(
          section.name,
          n <= SECTION_LIMIT
            ? `{"items":[${text.slice(colon + 1)}],"total":${n}}`
            : await loadSection(ctx, kind, section, tenant, workspace, id),
        );
      }
      for (const s of plan.rest) texts.set(s.name, await loadSection(ctx, kind, s, tenant, workspace, id));
      const sections = kind.sections.map((s) => `,${JSON.stringify(s.name)}:${texts.get(s.name)}`);
      const extra = extras ? `,${JSON.stringify(await extras.load(ctx, tenant, workspace, id)).slice(1, -1)}` : '';
      const rowJson = row.row_json ?? JSON.stringify(format(row));
      return reply.type('application/json; charset=utf-8').send(tabularJson(headerJson, [rowJson], '', 1, sections.join('') + extra));
    },
  );

  const edgeNames = kind.edges.map((e) => edgeWord(kind, e));
  const edgeOr400 = (name: string) => {
    const edge = edgeOf(kind, name);
    if (!edge)
      throw badRequest(
        `edge: unknown edge "${name.slice(0, 64)}" for ${withArticle(kind.label)}; allowed edges are ${edgeNames.join(', ')}`,
      );
    return edge;
  };
  listRoute(app, ctx, {
    url: `${base}/:id/:edge`,
    operationId: ops.edges ?? `Get${ops.singular}Edges`,
    summary: `Follow an edge from ${withArticle(kind.label)}`,
    tags,
    description: edgesDescription(kind),
    params: EdgeParams,
    // The document lists every parameter of every edge; each edge takes its own (a filter on a column of another edge is a 400).
    list: { all: kind.edges.map(edgeList), pick: (_query, params) => edgeList(edgeOr400(params.edge)) },
    scope: ({ tenant_id: tenant, workspace_id: workspace, id, edge }) => edgeScope(kind, edgeOr400(edge), tenant, workspace, id),
    check: async ({ tenant_id: tenant, workspace_id: workspace, id }) => {
      if (!(await getEntity(ctx.db, kind, tenant, workspace, id))) throw notFound(`no ${kind.label} with this id in the workspace`);
    },
    answers: 'A page of neighbours.',
    errors: [404],
    cache: 'path',
  });
}

export function registerInventory(app: FastifyInstance, ctx: AppContext): void {
  for (const kind of routedKinds) registerKind(app, ctx, kind);
}
