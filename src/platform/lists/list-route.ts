// The one handler every list and edge answers through: it reads the request against the list's
// declaration (filters typed by their columns, sort, page size), checks the cursor against the
// fingerprint of everything that picks the rows, reads the page and its total, and sends a
// tabular result, or CSV when the client accepts text/csv. The route's query schema (and so the
// OpenAPI parameters) come from the same declaration.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type, { type TObject, type TSchema } from 'typebox';
import { valuesOf } from '../db/paging/keyset.ts';
import type { SortDir } from '../db/paging/keyset.ts';
import { scopeArgs, scopeShape, scopeSignature, type WorkspaceScope } from '../db/workspace-scope.ts';
import type { AppContext } from '../http/context.ts';
import type { CacheVariant } from '../http/response-cache.ts';
import { errorResponses, PagingQuery, SortQuery, TabularOrCsv } from '../http/schemas.ts';
import { filterSignature, readFilters } from './filters.ts';
import { orderOf, readPage, type ListPage } from './list-page.ts';
import type { ListScope, ListSpec, QueryGroup } from './list-spec.ts';
import { Pager, sendTabular, sendTabularRows } from './paged.ts';
import { parseSortTerms, sortSignature } from './sort-terms.ts';
import { tabular } from '../http/tabular.ts';

/** The scope of a list under `…/tenants/{t}/workspaces/{w}`: that workspace. */
export function workspaceScope(params: { tenant_id: string; workspace_id: string }, extra: Record<string, string> = {}): ListScope {
  return {
    args: { tenant: params.tenant_id, workspace: params.workspace_id, ...extra },
    key: '',
    fingerprint: [params.tenant_id, params.workspace_id, ...Object.values(extra)],
  };
}

/** The scope of a list over the workspaces a token may read (its shape is part of the SQL). */
export function tokenListScope(scope: WorkspaceScope, extra: Record<string, string> = {}): ListScope {
  return {
    args: { ...scopeArgs(scope), ...extra },
    key: scopeShape(scope),
    fingerprint: [...scopeSignature(scope), ...Object.values(extra)],
    token: scope,
  };
}

/** The query schema of a list: its parameters in the order its layout gives. */
export function listQuerySchema(spec: ListSpec<any>): TObject<Record<string, TSchema>> {
  const layout = spec.query ?? { order: ['paging', 'sort', 'filters'] as QueryGroup[] };
  const props: Record<string, TSchema> = {};
  for (const group of layout.order) {
    if (group === 'paging') Object.assign(props, layout.paging ?? PagingQuery);
    else if (group === 'sort') Object.assign(props, layout.sort ?? SortQuery);
    else if (group === 'filters') for (const f of spec.filters) props[f.param] = Type.Optional(f.schema);
    else Object.assign(props, group.extra);
  }
  return Type.Object(props);
}

export interface ListRouteOptions<P extends TObject> {
  url: string;
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  params?: P;
  /** The list; or the list a request asks for among several (the issues index's `group_by`), with the one whose parameters the route documents. */
  list: ListSpec<any> | { documented: ListSpec<any>; pick(query: Record<string, unknown>, params: Type.Static<P>): ListSpec<any> };
  /** Where a request lists from (it may read the parent object, and 404 when there is none). */
  scope(params: Type.Static<P>, query: Record<string, unknown>, request: FastifyRequest): ListScope | Promise<ListScope>;
  /** Checks before the page is read (the parent object exists). */
  check?(params: Type.Static<P>, scope: ListScope): Promise<void>;
  /** Checks once the page is read (an empty list whose parent does not exist is a 404). */
  verify?(params: Type.Static<P>, scope: ListScope, page: ListPage): Promise<void>;
  /** Description of the 200 answer. */
  answers: string;
  /** Error statuses beyond the ones every operation has. */
  errors?: number[];
  cache?: CacheVariant;
}

/** Reads a list request: the page and what the next cursor continues. */
export async function answerList(
  ctx: AppContext,
  spec: ListSpec<any>,
  scope: ListScope,
  query: Record<string, unknown>,
  check?: () => Promise<void>,
): Promise<{ page: ListPage; cursor: string }> {
  const filters = readFilters(spec.filters, spec.columns, query);
  const sort = parseSortTerms(spec, query.sort as string | undefined, query.sort_dir as SortDir | undefined);
  const pager = new Pager(
    ctx,
    [spec.name, ...scope.fingerprint, filterSignature(filters), sortSignature(sort)],
    query.cursor as string | undefined,
  );
  const after = valuesOf(pager.after, orderOf(spec, ctx.db.dialect, sort, filters).length);
  await check?.();
  const limit = (query.page_size ?? query.pageSize ?? spec.pageSize) as number;
  const page = await readPage(ctx.db, spec, scope, { filters, sort, after, limit });
  return { page, cursor: pager.cursorFor(page.next ? [page.next, page.next.length] : null) };
}

/** Sends a page as JSON (rows sent as stored when they are JSON texts) or CSV. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, spec: ListSpec<any>, page: ListPage, cursor: string): FastifyReply {
  const header = [...(spec.header ?? spec.columns.map((c) => c.name))];
  if (page.rows.length > 0 && typeof page.rows[0] === 'string') {
    return sendTabularRows(request, reply, header, JSON.stringify(header), page.rows as string[], cursor, page.total);
  }
  return sendTabular(request, reply, tabular(header, page.rows as unknown[][], cursor, page.total));
}

export function listRoute<P extends TObject>(app: FastifyInstance, ctx: AppContext, route: ListRouteOptions<P>): void {
  const documented = 'documented' in route.list ? route.list.documented : route.list;
  const pick = 'pick' in route.list ? route.list.pick : () => documented;
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    route.url,
    {
      config: { access: 'read', cache: route.cache },
      schema: {
        operationId: route.operationId,
        summary: route.summary,
        tags: route.tags,
        description: route.description,
        params: route.params ?? Type.Object({}),
        querystring: listQuerySchema(documented),
        response: { 200: TabularOrCsv(route.answers), ...errorResponses(...(route.errors ?? [])) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      // The route validated the path against `route.params`; inside this generic function the type
      // provider cannot name the result, so it is stated here, once, for every list route.
      const params = request.params as Type.Static<P>;
      const spec = pick(query, params);
      const scope = await route.scope(params, query, request);
      const { page, cursor } = await answerList(ctx, spec, scope, query, route.check && (() => route.check!(params, scope)));
      await route.verify?.(params, scope, page);
      return sendPage(request, reply, spec, page, cursor);
    },
  );
}
