// The one handler every list and edge answers through: it reads the request against the list's
// declaration (filters typed by their columns, sort, page size), checks the cursor against the
// fingerprint of everything that picks the rows, reads the page and its total, and sends a
// tabular result, or CSV when the client accepts text/csv. The route's query schema (and so the
// OpenAPI parameters) come from the same declaration.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type, { type TObject, type TSchema } from 'typebox';
import { valuesOf } from '../db/paging/keyset.ts';
import type { SqlDialect } from '../db/dialect.ts';
import { badRequest } from '../errors.ts';
import type { SortDir } from '../db/paging/keyset.ts';
import { scopeArgs, scopeShape, scopeSignature, type WorkspaceScope } from '../db/workspace-scope.ts';
import type { AppContext } from '../http/context.ts';
import type { Scope } from '../auth/tokens.ts';
import type { CacheVariant } from '../http/response-cache.ts';
import { errorResponses, PagingQuery, SortQuery, TabularOrCsv } from '../http/schemas.ts';
import { type FilterDecl, filterSignature, readFilters } from './filters.ts';
import { filtersOf, orderOf, readPage, type ListPage } from './list-page.ts';
import type { AnyListSpec, ListDecl, ListScope, ListSpec, QueryGroup, TabularRow } from './list-spec.ts';
import { Pager, sendTabular, sendTabularRows } from './paged.ts';
import { parseSortTerms, sortSignature } from './sort-terms.ts';
import { tabular } from '../http/tabular.ts';
import { rawQueryNames } from '../http/query-names.ts';

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

const schemaCache = new WeakMap<ListDecl, Record<string, TSchema>>();

/** The query parameters of a list, in the order its layout gives (filters and sort always present). */
export function listQueryProperties(spec: ListDecl, d: SqlDialect): Record<string, TSchema> {
  let props = schemaCache.get(spec);
  if (props) return props;
  props = {};
  const order: QueryGroup[] = [...(spec.query?.order ?? ['paging', 'sort', 'filters'])];
  if (!order.includes('sort')) order.push('sort');
  if (!order.includes('filters')) order.push('filters');
  for (const group of order) {
    if (group === 'paging') Object.assign(props, spec.query?.paging ?? PagingQuery);
    else if (group === 'sort') Object.assign(props, spec.query?.sort ?? SortQuery);
    else if (group === 'filters') for (const f of filtersOf(spec, d)) props[f.param] = Type.Optional(f.schema);
    else Object.assign(props, group.extra);
  }
  schemaCache.set(spec, props);
  return props;
}

/** The query schema of the lists a route answers: every parameter one of them takes. */
export function listQuerySchema(specs: ListDecl | readonly ListDecl[], d: SqlDialect): TObject<Record<string, TSchema>> {
  const props: Record<string, TSchema> = {};
  for (const spec of [specs].flat()) for (const [k, v] of Object.entries(listQueryProperties(spec, d))) props[k] ??= v;
  return Type.Object(props);
}

/**
 * The filters a request may apply: the list's, and those of its related-rows pattern the query
 * names (`names`: the parameter names the request sent, by default the parsed query's). A parameter
 * neither takes is a 400 naming it and what the list does take.
 */
export function requestFilters(
  spec: ListDecl,
  d: SqlDialect,
  query: Record<string, unknown>,
  names: readonly string[] = Object.keys(query),
): FilterDecl[] {
  const props = listQueryProperties(spec, d);
  const related: FilterDecl[] = [];
  let unknown: string | undefined;
  for (const k of names) {
    // An own property only: `constructor` or `__proto__` is found on every object with `in`.
    if (Object.hasOwn(props, k)) continue;
    const decl = spec.related?.filter(k, d);
    if (decl) related.push(decl);
    else unknown ??= k;
  }
  if (unknown === undefined) return [...filtersOf(spec, d), ...related];
  const own = Object.keys(props).filter((k) => !filtersOf(spec, d).some((f) => f.param === k && !spec.filters.includes(f)));
  const columns = [
    ...new Set(
      filtersOf(spec, d)
        .filter((f) => !spec.filters.includes(f))
        .map((f) => f.column),
    ),
  ];
  throw badRequest(
    `${unknown.slice(0, 64)}: unknown query parameter; this list takes ${own.join(', ')}` +
      (columns.length
        ? `, and filters on its columns (${columns.join(', ')}) as column=v, column__ne, column__in, column__only, column__ilk, ` +
          "column__gt, column__gte, column__lt, column__lte, as each column's type allows"
        : '') +
      (spec.related ? `; and ${spec.related.pattern}` : ''),
  );
}

export interface ListRouteOptions<P extends TObject> {
  url: string;
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  params?: P;
  /** The list; or the list a request asks for among several (the issues index's `group_by`, an edge), and all of them for the document. */
  list: AnyListSpec | { all: readonly AnyListSpec[]; pick(query: Record<string, unknown>, params: Type.Static<P>): AnyListSpec };
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
  /** Serves workspaces that hold no data too (client storage). */
  anyWorkspace?: boolean;
  /** The token scope the list needs (default `read`; webhook subscriptions need `webhooks`). */
  access?: Scope | 'any';
  /**
   * Other media types the operation answers in place of the list when `Accept` names one first
   * (the issues index as SARIF): the type, its schema for the document, and what sends it.
   */
  alternatives?: Array<{
    type: string;
    schema: TSchema;
    send(request: FastifyRequest, reply: FastifyReply, params: Type.Static<P>): Promise<FastifyReply>;
  }>;
}

/** Whether the first media range of `Accept` is this type. */
function acceptsFirst(accept: string | undefined, type: string): boolean {
  return !!accept && (accept.split(',')[0] ?? '').split(';')[0]!.trim().toLowerCase() === type;
}

/** Reads a list request: the page and what the next cursor continues. */
export async function answerList<R extends object, Out>(
  ctx: AppContext,
  spec: ListSpec<R, Out>,
  scope: ListScope,
  query: Record<string, unknown>,
  check?: () => Promise<void>,
  names?: readonly string[],
): Promise<{ page: ListPage<Out>; cursor: string }> {
  const filters = readFilters(requestFilters(spec, ctx.db.dialect, query, names), spec.columns, query);
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
export function sendPage(request: FastifyRequest, reply: FastifyReply, spec: ListDecl, page: ListPage, cursor: string): FastifyReply {
  const header = [...(spec.header ?? spec.columns.map((c) => c.name))];
  const rows = tabularRows(page.rows);
  if ('texts' in rows) return sendTabularRows(request, reply, header, JSON.stringify(header), rows.texts, cursor, page.total);
  return sendTabular(request, reply, tabular(header, rows.arrays, cursor, page.total));
}

/**
 * A page's rows as JSON texts of arrays (stored rows, sent as they are) or as arrays. A route may
 * answer lists of either, so the type says only "one or the other" of each row; but a list renders
 * every row the one way, so the first row tells for the page (an empty page is sent as arrays).
 * The one place a page's rows are taken for more than their type says.
 */
function tabularRows(rows: TabularRow[]): { texts: string[] } | { arrays: unknown[][] } {
  return rows.length > 0 && typeof rows[0] === 'string' ? { texts: rows as string[] } : { arrays: rows as unknown[][] };
}

export function listRoute<P extends TObject>(app: FastifyInstance, ctx: AppContext, route: ListRouteOptions<P>): void {
  const all = 'all' in route.list ? route.list.all : [route.list];
  const pick = 'pick' in route.list ? route.list.pick : () => all[0]!;
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    route.url,
    {
      config: { access: route.access ?? 'read', cache: route.cache, checksOwnQuery: true, anyWorkspace: route.anyWorkspace },
      schema: {
        operationId: route.operationId,
        summary: route.summary,
        tags: route.tags,
        description: route.description,
        params: route.params ?? Type.Object({}),
        querystring: listQuerySchema(all, ctx.db.dialect),
        response: { 200: withAlternatives(TabularOrCsv(route.answers), route.alternatives), ...errorResponses(...(route.errors ?? [])) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      // The route validated the path against `route.params`; inside this generic function the type
      // provider cannot name the result, so it is stated here, once, for every list route.
      const params = request.params as Type.Static<P>;
      const alternative = route.alternatives?.find((a) => acceptsFirst(request.headers.accept, a.type));
      if (alternative) return alternative.send(request, reply, params);
      const spec = pick(query, params);
      const scope = await route.scope(params, query, request);
      const { page, cursor } = await answerList(
        ctx,
        spec,
        scope,
        query,
        route.check && (() => route.check!(params, scope)),
        // The names as sent: the parsed query may lack `__proto__` and the like.
        rawQueryNames(request),
      );
      await route.verify?.(params, scope, page);
      return sendPage(request, reply, spec, page, cursor);
    },
  );
}

/** The 200 answer's content, with the alternatives' media types added. */
function withAlternatives(schema: TSchema, alternatives: ListRouteOptions<TObject>['alternatives']): TSchema {
  if (!alternatives?.length) return schema;
  const content = { ...(schema as { content: Record<string, unknown> }).content };
  for (const a of alternatives) content[a.type] = { schema: a.schema };
  return Type.Unsafe({ ...schema, content });
}
