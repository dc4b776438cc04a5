// The runtime record over HTTP: LLM interactions (list and one by id) and LLM sessions.

import type { FastifyInstance } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { interactionDetailColumns, llmInteraction, llmSession } from '../../catalog/rowsets.ts';
import type { SortDir } from '../../platform/db/paging/keyset.ts';
import { tabular } from '../../platform/http/tabular.ts';
import { sessionRow } from '../inventory/edges.ts';
import { countInteractions, getInteraction, interactionDetailRow, interactionRow, listInteractions } from './interactions.ts';
import { listSessions, runtimeCounts, type SessionSortColumn } from './sessions.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Pager, sendTabular } from '../../platform/lists/paged.ts';
import { checkOrder, timeParam } from '../../platform/http/time-params.ts';
import { registerGuardrails } from './guardrails-routes.ts';
import {
  errorResponses, MAX_PAGE_SIZE, ObjectParams, pageSizeOf, PagingQuery, PathId, StringEnum, TabularFields, TenantWorkspaceParams,
} from '../../platform/http/schemas.ts';

const tags = ['Runtime'];
const SESSIONS_PAGE = 10;
const INTERACTIONS_PAGE = 100;

function tabularOrCsv(description: string): TSchema {
  return Type.Unsafe({
    description,
    content: {
      'application/json': { schema: Type.Ref('TabularResult') },
      'text/csv': { schema: { type: 'string', description: 'The same rows as CSV, header first.' } },
    },
  });
}

/** The spec's sort names, and the column names the header uses, to the stored column. */
const sessionSorts: Record<string, SessionSortColumn> = {
  session_id: 'session_id', time: 'start_time', tokens: 'total_tokens', cost: 'cost', turns: 'turns', duration_ms: 'duration_ms',
  start_time: 'start_time', total_tokens: 'total_tokens',
};
const SPEC_SORTS = ['session_id', 'time', 'tokens', 'cost', 'turns', 'duration_ms'];

const TimeParam = (what: string) => Type.Optional(Type.String({ maxLength: 64, description: `${what} (RFC 3339 with a zone, inclusive).` }));
const SortDirParam = Type.Optional(StringEnum(['asc', 'desc'] as const, { description: 'Sort direction.' }));

const SessionsQuery = Type.Object({
  agent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'Only the sessions of this agent.' })),
  sort: Type.Optional(Type.String({ maxLength: 64, description: `Sort column: ${SPEC_SORTS.join(', ')} (time is the session start; tokens is total_tokens). Default time.` })),
  sort_dir: SortDirParam,
  cursor: PagingQuery.cursor,
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: `Sessions per page, 1–${MAX_PAGE_SIZE}; default ${SESSIONS_PAGE}.` })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: 'Alias of pageSize.' })),
});

const InteractionsQuery = Type.Object({
  agent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'Only the interactions of this agent.' })),
  session_id: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'Only the interactions of this session.' })),
  start_time: TimeParam('Earliest interaction time'),
  end_time: TimeParam('Latest interaction time'),
  sort: Type.Optional(Type.String({ maxLength: 64, description: 'Sort column: time (the only one).' })),
  sort_dir: SortDirParam,
  ...PagingQuery,
});

const sessionsDescription = 'LLM sessions of the workspace, one row per session id, rolled up at ingest from the interactions that share it: ' +
  'start and end, duration, turns, tokens, cost and how many interactions each guardrail outcome got. ' +
  `\`sort\` is one of ${SPEC_SORTS.map((s) => `\`${s}\``).join(', ')} (\`time\` is the session start; the header names \`start_time\` and \`total_tokens\` are accepted too), ` +
  '`sort_dir` `asc` or `desc` (default: `time` `desc`; a `sort` given without `sort_dir` is ascending, as on every list); ties are broken by session id in the same direction. ' +
  `\`agent_id\` keeps one agent's sessions. \`pageSize\` (alias \`page_size\`) ${SESSIONS_PAGE} by default, at most ${MAX_PAGE_SIZE}. ` +
  '`Accept: text/csv` answers the same page as CSV.\n\nColumns:\n\n' + columnsTable(llmSession.columns);

const interactionsDescription = 'LLM interactions (one LLM call each), newest first, paged by keyset cursor. Filters: `agent_id`, `session_id`, ' +
  '`start_time` and `end_time` (RFC 3339, inclusive). `sort_dir=asc` lists oldest first. Prompt and response text are not listed: ' +
  'read them from the single-interaction endpoint.\n\nColumns:\n\n' + columnsTable(llmInteraction.columns);

const interactionDescription = 'One LLM interaction as a tabular result with a single row: the list columns, then `prompt`, `response` ' +
  '(null when not sent, or when the service is configured to drop them at ingest) and `attributes`.\n\n' +
  columnsTable([...llmInteraction.columns, ...interactionDetailColumns].map((c) => ({ ...c, sortable: false })));

/** The runtime area: interactions, sessions and guardrail dashboards. */
export function registerRuntime(app: FastifyInstance, ctx: AppContext): void {
  registerSessionsAndInteractions(app, ctx);
  registerGuardrails(app, ctx);
}

function registerSessionsAndInteractions(app: FastifyInstance, ctx: AppContext): void {
  const sessionsHeader = llmSession.columns.map((c) => c.name);
  const listHeader = llmInteraction.columns.map((c) => c.name);
  const detailHeader = [...listHeader, ...interactionDetailColumns.map((c) => c.name)];

  app.get('/api/v1/aispm-llm-sessions/tenants/:tenant_id/workspaces/:workspace_id', {
    config: { access: 'read', cache: 'path' },
    schema: {
      operationId: 'GetAispmLlmSessions', summary: 'List LLM sessions', tags, description: sessionsDescription,
      params: TenantWorkspaceParams, querystring: SessionsQuery,
      response: { 200: tabularOrCsv('A page of sessions.'), ...errorResponses() },
    },
  }, async (request, reply) => {
    const { tenant_id: tenant, workspace_id: workspace } = request.params as { tenant_id: string; workspace_id: string };
    const q = request.query as Type.Static<typeof SessionsQuery>;
    const sort = sessionSorts[q.sort ?? 'time'];
    if (!sort) throw badRequest(`sort: unknown column "${q.sort!.slice(0, 64)}"; sortable columns are ${SPEC_SORTS.join(', ')}`);
    // As on every list: the default order keeps its direction; a `sort` named alone is ascending.
    const dir: SortDir = q.sort_dir ?? (q.sort === undefined ? 'desc' : 'asc');
    const pager = new Pager(ctx, ['sessions', tenant, workspace, q.agent_id ?? null, sort, dir], q.cursor);
    const [page, counts] = await Promise.all([
      listSessions(ctx.db, { tenant, workspace, agent: q.agent_id, sort, dir, after: pager.after, limit: q.pageSize ?? q.page_size ?? SESSIONS_PAGE }),
      runtimeCounts(ctx.db, tenant, workspace, q.agent_id),
    ]);
    return sendTabular(request, reply, tabular(sessionsHeader, page.rows.map(sessionRow), pager.cursorFor(page.next), counts.sessions));
  });

  app.get('/api/v1/aispm-llm-interactions/tenants/:tenant_id/workspaces/:workspace_id', {
    config: { access: 'read' },
    schema: {
      operationId: 'GetAllAispmLlmInteractions', summary: 'List LLM interactions', tags, description: interactionsDescription,
      params: TenantWorkspaceParams, querystring: InteractionsQuery,
      response: { 200: tabularOrCsv('A page of interactions.'), ...errorResponses() },
    },
  }, async (request, reply) => {
    const { tenant_id: tenant, workspace_id: workspace } = request.params as { tenant_id: string; workspace_id: string };
    const q = request.query as Type.Static<typeof InteractionsQuery>;
    if (q.sort !== undefined && q.sort !== 'time') throw badRequest(`sort: unknown column "${q.sort.slice(0, 64)}"; sortable columns are time`);
    const start = timeParam('start_time', q.start_time);
    const end = timeParam('end_time', q.end_time);
    checkOrder(start, end);
    const dir: SortDir = q.sort_dir ?? 'desc';
    const filter = { tenant, workspace, agent: q.agent_id, session: q.session_id, start, end };
    const pager = new Pager(ctx, ['interactions', tenant, workspace, q.agent_id ?? null, q.session_id ?? null, start ?? null, end ?? null, dir], q.cursor);
    const [page, total] = await Promise.all([
      listInteractions(ctx.db, filter, dir, pager.after, pageSizeOf(q, INTERACTIONS_PAGE)),
      countInteractions(ctx.db, filter),
    ]);
    return sendTabular(request, reply, tabular(listHeader, page.rows.map(interactionRow), pager.cursorFor(page.next), total));
  });

  app.get('/api/v1/aispm-llm-interactions/tenants/:tenant_id/workspaces/:workspace_id/:id', {
    config: { access: 'read' },
    schema: {
      operationId: 'GetAispmLlmInteractionDetails', summary: 'Get one LLM interaction', tags, description: interactionDescription,
      params: Type.Object({ ...ObjectParams.properties, id: PathId('Interaction id.') }),
      response: { 200: Type.Object(TabularFields, { description: 'The interaction as one row.' }), ...errorResponses(404) },
    },
  }, async (request) => {
    const { tenant_id: tenant, workspace_id: workspace, id } = request.params as { tenant_id: string; workspace_id: string; id: string };
    const row = await getInteraction(ctx.db, tenant, workspace, id);
    if (!row) throw notFound('no LLM interaction with this id in the workspace');
    return tabular(detailHeader, [interactionDetailRow(row)], '', 1);
  });
}
