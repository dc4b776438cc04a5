// The inventory graph over HTTP: for every routed kind of the catalogue a list, a detail with its
// embedded sections, and an edge endpoint. One generic handler per operation; nothing here names
// a kind.

import type { FastifyInstance } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { detailDescription, edgesDescription, listDescription } from '../../catalog/docs.ts';
import { edgeOf, routedKinds } from '../../catalog/kinds.ts';
import type { KindDef, SectionDef } from '../../catalog/types.ts';
import { agentCost } from '../runtime/agent-cost.ts';
import { edgeSource } from './edges.ts';
import { countEntities, entityFormatter, getEntity, listEntities, rowsJson } from './reads.ts';
import type { SortDir } from '../../platform/db/paging/keyset.ts';
import { tabularJson } from '../../platform/http/tabular.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { needleOf, Pager, resolveSort, sendTabularRows } from '../../platform/lists/paged.ts';
import {
  EdgeParams, errorResponses, NameQuery, ObjectParams, pageSizeOf, PagingQuery, SortQuery, TabularFields, TenantWorkspaceParams,
} from '../../platform/http/schemas.ts';

const SECTION_LIMIT = 100;
const DEFAULT_PAGE = 100;

const ListQuery = Type.Object({ ...PagingQuery, ...SortQuery, ...NameQuery });

function tabularOrCsv(description: string): TSchema {
  return Type.Unsafe({
    description,
    content: {
      'application/json': { schema: Type.Ref('TabularResult') },
      'text/csv': { schema: { type: 'string', description: 'The same rows as CSV, header first.' } },
    },
  });
}

const AgentCostFields = {
  burn_rate: Type.Object({
    daily_spend_rate: Type.Number(), baseline_daily_spend: Type.Number(),
    status: Type.Unsafe<string>({ type: 'string', enum: ['no_data', 'increasing', 'stable', 'decreasing'] }),
  }),
  cost_history: Type.Object({
    current_month: Type.Number(), current_quarter: Type.Number(), ytd: Type.Number(),
    monthly: Type.Array(Type.Object({ period: Type.String(), cost: Type.Number() })),
  }),
  cost_per_session_history: Type.Array(Type.Object({ period: Type.String(), cost_per_session: Type.Number() })),
};

function detailSchema(kind: KindDef): TSchema {
  const sections: Record<string, TSchema> = {};
  for (const s of kind.sections) {
    sections[s.name] = Type.Ref(s.shape === 'items' ? 'EmbeddedSection' : s.shape === 'locations' ? 'EmbeddedLocationSection' : 'TabularResult');
  }
  return Type.Object({ ...TabularFields, ...sections, ...(kind.name === 'agent' ? AgentCostFields : {}) },
    { description: `The ${kind.label} and its embedded sections.` });
}

function edgeFingerprint(kind: KindDef, tenant: string, workspace: string, id: string, edge: string, sort: string, dir: SortDir, needle?: string) {
  return ['edge', kind.name, tenant, workspace, id, edge, sort, dir, needle ?? null];
}

const locationFields = ['repository', 'path', 'start_line', 'end_line', 'branch', 'commit', 'url', 'host'] as const;

/** One embedded section of a detail, as JSON text. */
async function loadSection(ctx: AppContext, kind: KindDef, section: SectionDef, tenant: string, workspace: string, id: string): Promise<string> {
  const edge = edgeOf(kind, section.edge)!;
  const source = edgeSource(kind, edge);
  const sort = resolveSort(source.columns, source.defaultSort, undefined, undefined);
  const q = { tenant, workspace, id, sort: sort.column, dir: sort.dir, after: null, limit: SECTION_LIMIT };
  const page = await source.page(ctx.db, q);
  const total = page.total ?? await source.count(ctx.db, q);
  if (section.shape === 'tabular') {
    const pager = new Pager(ctx, edgeFingerprint(kind, tenant, workspace, id, edge.name, sort.column.name, sort.dir), undefined);
    return tabularJson(JSON.stringify(source.header), page.rows, pager.cursorFor(page.next), total);
  }
  const rows = page.rows.map((r) => JSON.parse(r) as unknown[]);
  const at = (name: string) => source.header.indexOf(name);
  if (section.shape === 'locations') {
    const idx = locationFields.map((f) => [f, at(f)] as const);
    return JSON.stringify({
      items: rows.map((r) => ({ id: r[0] as string, codeLocation: Object.fromEntries(idx.map(([f, i]) => [f, i >= 0 ? r[i] ?? null : null])) })),
      total,
    });
  }
  return JSON.stringify({ items: rows.map((r) => ({ id: r[at('id')] as string, name: r[at('name')] as string })), total });
}

function registerKind(app: FastifyInstance, ctx: AppContext, kind: KindDef): void {
  const base = `/api/v1/${kind.prefix}/tenants/:tenant_id/workspaces/:workspace_id`;
  const format = entityFormatter(kind);
  const header = kind.columns.map((c) => c.name);
  const headerJson = JSON.stringify(header);
  const ops = kind.operation!;
  const tags = ['Inventory'];

  app.get(base, {
    config: { access: 'read', cache: 'path' },
    schema: {
      operationId: `GetAll${ops.plural}`, summary: `List ${kind.label}s`, tags, description: listDescription(kind),
      params: TenantWorkspaceParams, querystring: ListQuery,
      response: { 200: tabularOrCsv(`A page of ${kind.label}s.`), ...errorResponses() },
    },
  }, async (request, reply) => {
    const { tenant_id: tenant, workspace_id: workspace } = request.params as { tenant_id: string; workspace_id: string };
    const q = request.query as Type.Static<typeof ListQuery>;
    const sort = resolveSort(kind.columns, { column: 'last_seen', dir: 'desc' }, q.sort, q.sort_dir);
    const needle = needleOf(q.name__ilk);
    const pager = new Pager(ctx, ['list', kind.name, tenant, workspace, sort.column.name, sort.dir, needle ?? null], q.cursor);
    const [page, total] = await Promise.all([
      listEntities(ctx.db, kind, { tenant, workspace, sort: sort.column, dir: sort.dir, needle, after: pager.after, limit: pageSizeOf(q, DEFAULT_PAGE) }),
      countEntities(ctx.db, kind, tenant, workspace, needle),
    ]);
    const rows = await rowsJson(ctx.db, tenant, workspace, page.rows);
    return sendTabularRows(request, reply, header, headerJson, rows, pager.cursorFor(page.next), total);
  });

  app.get(`${base}/:id`, {
    // The agent's cost sections depend on the day: not cached.
    config: { access: 'read', cache: kind.name === 'agent' ? undefined : 'path' },
    schema: {
      operationId: `Get${ops.singular}Details`, summary: `Get one ${kind.label}`, tags, description: detailDescription(kind),
      params: ObjectParams,
      response: { 200: detailSchema(kind), ...errorResponses(404) },
    },
  }, async (request, reply) => {
    const { tenant_id: tenant, workspace_id: workspace, id } = request.params as { tenant_id: string; workspace_id: string; id: string };
    const row = await getEntity(ctx.db, kind, tenant, workspace, id);
    if (!row) throw notFound(`no ${kind.label} with this id in the workspace`);
    const sections = await Promise.all(kind.sections.map(async (s) => `,${JSON.stringify(s.name)}:${await loadSection(ctx, kind, s, tenant, workspace, id)}`));
    const cost = kind.name === 'agent' ? await agentCost(ctx.db, tenant, workspace, id, ctx.now()) : undefined;
    const costJson = cost ? `,${JSON.stringify(cost).slice(1, -1)}` : '';
    const rowJson = row.row_json ?? JSON.stringify(format(row));
    return reply.type('application/json; charset=utf-8').send(tabularJson(headerJson, [rowJson], '', 1, sections.join('') + costJson));
  });

  const edgeNames = kind.edges.map((e) => e.name);
  app.get(`${base}/:id/:edge`, {
    config: { access: 'read', cache: 'path' },
    schema: {
      operationId: `Get${ops.singular}Edges`, summary: `Follow an edge from a ${kind.label}`, tags,
      description: edgesDescription(kind),
      params: EdgeParams, querystring: ListQuery,
      response: { 200: tabularOrCsv('A page of neighbours.'), ...errorResponses(404) },
    },
  }, async (request, reply) => {
    const { tenant_id: tenant, workspace_id: workspace, id, edge: edgeName } = request.params as Type.Static<typeof EdgeParams>;
    const edge = edgeOf(kind, edgeName);
    if (!edge) throw badRequest(`edge: unknown edge "${edgeName.slice(0, 64)}" for a ${kind.label}; allowed edges are ${edgeNames.join(', ')}`);
    const q = request.query as Type.Static<typeof ListQuery>;
    const source = edgeSource(kind, edge);
    const sort = resolveSort(source.columns, source.defaultSort, q.sort, q.sort_dir);
    const needle = needleOf(q.name__ilk);
    const pager = new Pager(ctx, edgeFingerprint(kind, tenant, workspace, id, edge.name, sort.column.name, sort.dir, needle), q.cursor);
    if (!(await getEntity(ctx.db, kind, tenant, workspace, id))) throw notFound(`no ${kind.label} with this id in the workspace`);
    const query = { tenant, workspace, id, sort: sort.column, dir: sort.dir, needle, after: pager.after, limit: pageSizeOf(q, DEFAULT_PAGE) };
    const page = await source.page(ctx.db, query);
    const total = page.total ?? await source.count(ctx.db, query);
    return sendTabularRows(request, reply, source.header, JSON.stringify(source.header), page.rows, pager.cursorFor(page.next), total);
  });
}

export function registerInventory(app: FastifyInstance, ctx: AppContext): void {
  for (const kind of routedKinds) registerKind(app, ctx, kind);
}
