// `GET /api/v1/graph/paths/tenants/{t}/workspaces/{w}`: one row per (from, to) pair with its
// shortest path (paths.ts), sorted and paged by keyset over the pairs, with `total`.

import type { FastifyInstance } from 'fastify';
import { column } from '../../catalog/columns.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { ColumnDef } from '../../catalog/types.ts';
import { valuesOf, type SortDir } from '../../platform/db/paging/keyset.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { errorResponses, PagingQuery, SortQuery, TabularOrCsv, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { tabular } from '../../platform/http/tabular.ts';
import { badRequest } from '../../platform/errors.ts';
import { rawQueryNames } from '../../platform/http/query-names.ts';
import type { ListDecl } from '../../platform/lists/list-spec.ts';
import { Pager, sendTabular } from '../../platform/lists/paged.ts';
import { parseSortTerms, sortSignature } from '../../platform/lists/sort-terms.ts';
import { type Direction, findPaths, PATH_LIMITS, type PathRow } from './paths.ts';
import { readPathsQuery } from './paths-query.ts';

/** The columns of a path row. */
export const pathColumns: ColumnDef[] = [
  column('from_id', 'string', 'The object the path starts from.', true),
  column('from_name', 'string', 'Its name.', true),
  column('to_id', 'string', 'The object the path ends at.', true),
  column('to_name', 'string', 'Its name.', true),
  column('hops', 'integer', 'Relations on the path (the shortest of the pair).', true),
  column('path', 'object', 'The objects on the path, from start to end: [{kind, id, name}].', false),
  column(
    'relations',
    'strings',
    'The relations between consecutive objects of the path (as stored: uses_tool, runs_on, contains, …).',
    false,
  ),
];

/** The path rows' sort (a list declaration without SQL or rows: the pairs are sorted in memory). */
const pathSort: ListDecl = {
  name: 'graph.paths',
  columns: pathColumns,
  columnSql: () => ({}),
  tie: [],
  defaultSort: [
    { column: 'hops', dir: 'asc' },
    { column: 'from_id', dir: 'asc' },
    { column: 'to_id', dir: 'asc' },
  ],
  filters: [],
  pageSize: 100,
};

const kindsDoc =
  'A kind: its URL prefix (`aispm-agents`, `aispm-models`, `aispm-tools`, `aispm-mcp-servers`, `assets`, `locations`), its plural (`secrets`, `certs`, `keys`, `guardrails`, …) or its name (`agent`, `secret`).';

const PathsQuery = Type.Object({
  from: Type.String({ maxLength: 64, description: `Where paths start. ${kindsDoc}` }),
  to: Type.String({ maxLength: 64, description: `Where paths end. ${kindsDoc}` }),
  via: Type.Optional(Type.String({ maxLength: 256, description: 'Kinds the path must pass through, in this order, comma-separated.' })),
  max_hops: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: PATH_LIMITS.maxHops,
      description: `Longest path, in relations (1–${PATH_LIMITS.maxHops}, default 4).`,
    }),
  ),
  direction: Type.Optional(
    Type.Unsafe<Direction>({
      type: 'string',
      enum: ['out', 'any'],
      description: '`out` (default): each relation the way it is stored (an agent uses a tool); `any`: either way.',
    }),
  ),
  ...SortQuery,
  ...PagingQuery,
});

type Query = Type.Static<typeof PathsQuery>;

const known = new Set(Object.keys(PathsQuery.properties));

export function registerGraph(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/graph/paths/tenants/:tenant_id/workspaces/:workspace_id',
    {
      // The `from.` and `to.` filters are checked here, against the kinds asked for.
      config: { access: 'read', checksOwnQuery: true },
      schema: {
        operationId: 'GetGraphPaths',
        summary: 'Find paths between kinds of objects',
        tags: ['Graph'],
        description:
          'One row per (from, to) pair: an object of kind `from` and an object of kind `to` it reaches within `max_hops` relations, ' +
          'with the shortest such path (`path`: the objects on it; `relations`: the relations between them). `via` names kinds the ' +
          'path must pass through, in order. `direction=out` follows each relation the way it is stored (agent → tool, tool ← MCP server ' +
          "is not followed back); `any` follows both ways. Either end takes the filters of its kind's list prefixed with `from.` or `to.`: " +
          '`from.environment=production`, `to.secret_type__in=api_key,token`, `from.critical_issues__gt=0`. Sorted by `hops`, then ' +
          '`from_id`, `to_id` unless `sort` says otherwise (hops, from_id, from_name, to_id, to_name); keyset paged. ' +
          `Bounded: more start objects, objects visited or pairs than the service allows (by default ${ctx.config.pathMaxStarts}, ${ctx.config.pathMaxVisits} and ${PATH_LIMITS.pairs}) is a ` +
          '400 naming the bound to tighten (docs/GRAPH.md).',
        params: TenantWorkspaceParams,
        querystring: PathsQuery,
        response: { 200: TabularOrCsv('A page of paths.'), ...errorResponses() },
      },
    },
    async (request, reply) => {
      const { tenant_id: tenant, workspace_id: workspace } = request.params;
      const query: Query & Record<string, unknown> = request.query;
      // The names as sent: the parsed query may lack `__proto__` and the like.
      for (const k of rawQueryNames(request)) {
        if (!known.has(k) && !k.startsWith('from.') && !k.startsWith('to.')) {
          throw badRequest(
            `${k.slice(0, 64)}: unknown query parameter; this operation takes ${[...known].join(', ')}, and from.<filter> / to.<filter>`,
          );
        }
      }
      const q = readPathsQuery(
        query,
        known,
        { tenant, workspace, bounds: { starts: ctx.config.pathMaxStarts, visits: ctx.config.pathMaxVisits } },
        ctx.db.dialect,
      );
      const sort = parseSortTerms(pathSort, query.sort, query.sort_dir as SortDir | undefined);
      const fingerprint = Object.entries(query)
        .filter(([k]) => !['cursor', 'page_size', 'pageSize', 'sort', 'sort_dir'].includes(k))
        .sort();
      const pager = new Pager(ctx, ['graph.paths', tenant, workspace, fingerprint, sortSignature(sort)], query.cursor);
      const after = valuesOf(pager.after, sort.length + 2);
      const rows = await findPaths(ctx.db, q);
      const keyOf = (r: PathRow) => [...sort.map((t) => r[t.column as keyof PathRow]), r.from_id, r.to_id];
      const compare = (a: unknown[], b: unknown[]) => {
        for (let i = 0; i < a.length; i++) {
          const dir = i < sort.length ? sort[i]!.dir : sort.at(-1)!.dir;
          const x = a[i] as string | number;
          const y = b[i] as string | number;
          if (x === y) continue;
          return (x < y ? -1 : 1) * (dir === 'desc' ? -1 : 1);
        }
        return 0;
      };
      // Each row's sort key made once, not twice per comparison.
      const keyed = rows.map((r) => ({ r, key: keyOf(r) }));
      keyed.sort((a, b) => compare(a.key, b.key));
      const rest = after ? keyed.filter((k) => compare(k.key, after) > 0) : keyed;
      const limit = query.page_size ?? query.pageSize ?? 100;
      const page = rest.slice(0, limit).map((k) => k.r);
      const next = rest.length > limit ? rest[limit - 1]!.key : null;
      return sendTabular(
        request,
        reply,
        tabular(
          pathColumns.map((c) => c.name),
          page.map((r) => [r.from_id, r.from_name, r.to_id, r.to_name, r.hops, r.path, r.relations]),
          pager.cursorFor(next ? [next, next.length] : null),
          rows.length,
        ),
      );
    },
  );
}
