// The runtime record over HTTP: LLM interactions (list and one by id) and LLM sessions.

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { columnsTable } from '../../catalog/docs.ts';
import { interactionDetailColumns, llmInteraction, llmSession } from '../../catalog/rowsets.ts';
import { tabular } from '../../platform/http/tabular.ts';
import { getInteraction, interactionDetailRow, interactionsList } from './interactions.ts';
import { sessionsList } from './sessions.ts';
import { costLists, costScope, MAX_DAYS, pickCostList } from './costs.ts';
import { llmCost } from '../../catalog/rowsets.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/errors.ts';
import { listRoute, workspaceScope } from '../../platform/lists/list-route.ts';
import { registerGuardrails } from './guardrails-routes.ts';
import { errorResponses, MAX_PAGE_SIZE, ObjectParams, PathId, TabularFields, TenantWorkspaceParams } from '../../platform/http/schemas.ts';

const tags = ['Runtime'];
const SESSIONS_PAGE = 10;
const SPEC_SORTS = ['session_id', 'time', 'tokens', 'cost', 'turns', 'duration_ms'];

const sessionsDescription =
  'LLM sessions of the workspace, one row per session id, rolled up at ingest from the interactions that share it: ' +
  'start and end, duration, turns, tokens, cost and how many interactions each guardrail outcome got. ' +
  `\`sort\` is one of ${SPEC_SORTS.map((s) => `\`${s}\``).join(', ')} (\`time\` is the session start; the header names \`start_time\` and \`total_tokens\` are accepted too), ` +
  '`sort_dir` `asc` or `desc` (default: `time` `desc`; a `sort` given without `sort_dir` is ascending, as on every list); ties are broken by session id in the same direction. ' +
  `\`agent_id\` keeps one agent's sessions. \`pageSize\` (alias \`page_size\`) ${SESSIONS_PAGE} by default, at most ${MAX_PAGE_SIZE}. ` +
  '`Accept: text/csv` answers the same page as CSV.\n\nColumns:\n\n' +
  columnsTable(llmSession.columns);

const interactionsDescription =
  'LLM interactions (one LLM call each), newest first, paged by keyset cursor. Filters: `agent_id`, `session_id`, ' +
  '`start_time` and `end_time` (RFC 3339, inclusive). `sort_dir=asc` lists oldest first. Prompt and response text are not listed: ' +
  'read them from the single-interaction endpoint.\n\nColumns:\n\n' +
  columnsTable(llmInteraction.columns);

const costsDescription =
  'Cost and tokens of LLM interactions per agent (`group_by=agent`, the default) or per model (`group_by=model`: provider and model), ' +
  'in total over a window (`interval=total`, the default) or per UTC day (`interval=day`). Read from the per-day roll-up ingest keeps, ' +
  'so a window is whole UTC days: `days=N` (the last N days, today included, at most ' +
  MAX_DAYS +
  '), or `start_time` and `end_time` ' +
  '(RFC 3339 or YYYY-MM-DD; the days that hold them, included); no window is all time. The roll-up keeps its totals when retention ' +
  'deletes raw interactions. Every column filters and sorts as on any list (`agent_id=…`, `cost__gt=1`, `sort=cost&sort_dir=desc`); ' +
  'the default order is cost, highest first (per day: newest day first). `Accept: text/csv` answers the same page as CSV.\n\nColumns:\n\n' +
  columnsTable(llmCost.columns);

const interactionDescription =
  'One LLM interaction as a tabular result with a single row: the list columns, then `prompt`, `response` ' +
  '(null when not sent, or when the service is configured to drop them at ingest) and `attributes`.\n\n' +
  columnsTable([...llmInteraction.columns, ...interactionDetailColumns].map((c) => ({ ...c, sortable: false })));

/** The runtime area: interactions, sessions and guardrail dashboards. */
export function registerRuntime(app: FastifyInstance, ctx: AppContext): void {
  registerSessionsAndInteractions(app, ctx);
  registerGuardrails(app, ctx);
}

function registerSessionsAndInteractions(app: FastifyInstance, ctx: AppContext): void {
  const listHeader = llmInteraction.columns.map((c) => c.name);
  const detailHeader = [...listHeader, ...interactionDetailColumns.map((c) => c.name)];

  listRoute(app, ctx, {
    url: '/api/v1/aispm-llm-sessions/tenants/:tenant_id/workspaces/:workspace_id',
    operationId: 'GetAispmLlmSessions',
    summary: 'List LLM sessions',
    tags,
    description: sessionsDescription,
    params: TenantWorkspaceParams,
    list: sessionsList,
    scope: (params) => workspaceScope(params),
    answers: 'A page of sessions.',
    cache: 'path',
  });

  listRoute(app, ctx, {
    url: '/api/v1/aispm-llm-interactions/tenants/:tenant_id/workspaces/:workspace_id',
    operationId: 'GetAllAispmLlmInteractions',
    summary: 'List LLM interactions',
    tags,
    description: interactionsDescription,
    params: TenantWorkspaceParams,
    list: interactionsList,
    scope: (params) => workspaceScope(params),
    answers: 'A page of interactions.',
  });

  listRoute(app, ctx, {
    url: '/api/v1/aispm-llm-costs/tenants/:tenant_id/workspaces/:workspace_id',
    operationId: 'GetAispmLlmCosts',
    summary: 'Cost and tokens per agent or model',
    tags,
    description: costsDescription,
    params: TenantWorkspaceParams,
    list: { all: [...costLists.values()], pick: (query) => pickCostList(query) },
    scope: (params, query) => costScope(params, query, ctx.now()),
    answers: 'A page of cost rows.',
  });

  const InteractionParams = Type.Object({ ...ObjectParams.properties, id: PathId('Interaction id.') });
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/aispm-llm-interactions/tenants/:tenant_id/workspaces/:workspace_id/:id',
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetAispmLlmInteractionDetails',
        summary: 'Get one LLM interaction',
        tags,
        description: interactionDescription,
        params: InteractionParams,
        response: { 200: Type.Object(TabularFields, { description: 'The interaction as one row.' }), ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, id } = request.params;
      const row = await getInteraction(ctx.db, tenant, workspace, id);
      if (!row) throw notFound('no LLM interaction with this id in the workspace');
      return tabular(detailHeader, [interactionDetailRow(row)], '', 1);
    },
  );
}
