// Reading LLM sessions: the rows ingest keeps in llm_sessions, one per session id (aggregated by
// sessions-writer.ts), paged in any of the sortable orders. Every order, with and without an
// agent filter, has an index that starts (tenant_id, workspace_id[, agent_id]) and continues
// (sort column, session_id), so a page is an index walk from the cursor (docs/RUNTIME.md gives
// the plans on both engines).

import Type from 'typebox';
import { llmSession } from '../../catalog/rowsets.ts';
import type { Db } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import { ilkOn } from '../../platform/lists/filters.ts';
import { defineList, fieldSql, sortableBy } from '../../platform/lists/list-spec.ts';
import { MAX_PAGE_SIZE, PagingQuery, StringEnum } from '../../platform/http/schemas.ts';
import { rowValues, storedFields } from '../../platform/lists/row-values.ts';
import type { LlmSessionsTable } from '../../platform/db/tables/runtime.ts';

/** The columns a session list can be ordered by, as stored. */
export const sessionSortColumns = ['session_id', 'start_time', 'total_tokens', 'cost', 'turns', 'duration_ms'] as const;

/** The spec's sort names (`time` is the session start; `tokens` is total_tokens). */
const SPEC_SORTS = ['session_id', 'time', 'tokens', 'cost', 'turns', 'duration_ms'];
const SESSIONS_PAGE = 10;

// The stored columns a session row is read from and the renderer of its values: both from the row
// set, so a column added there (and to the table) is selected and answered with nothing added here.
const selected = storedFields(llmSession.columns) as ReadonlyArray<keyof LlmSessionsTable>;
const sessionRow = rowValues(llmSession.columns);

/** Sessions and stored interactions of a workspace, or of one agent in it, kept by ingest. */
export async function runtimeCounts(
  db: Db,
  tenant: string,
  workspace: string,
  agent?: string,
): Promise<{ sessions: number; interactions: number }> {
  const t = db.template('runtime.counts', (b) =>
    b
      .selectFrom('llm_runtime_counts')
      .select(['sessions', 'interactions'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('scope', '=', param('scope'))
      .where('agent_id', '=', param('agent')),
  );
  const row = await db.first(t, {
    tenant,
    workspace,
    scope: agent === undefined ? 'workspace' : 'agent',
    agent: agent ?? '',
  });
  return { sessions: Number(row?.sessions ?? 0), interactions: Number(row?.interactions ?? 0) };
}

const AgentFilter = Type.String({ minLength: 1, maxLength: 512, description: 'Only the sessions of this agent.' });
const WindowTime = (what: string) => Type.String({ maxLength: 64, description: `${what} (RFC 3339 with a zone).` });

/** The sessions of a workspace. Scope arguments: tenant, workspace. */
export const sessionsList = defineList({
  name: 'sessions',
  columns: llmSession.columns,
  columnSql: () => fieldSql(llmSession.columns, ''),
  sortAliases: { time: 'start_time', tokens: 'total_tokens' },
  sortNames: SPEC_SORTS,
  tie: ['session_id'],
  defaultSort: [{ column: 'start_time', dir: 'desc' }],
  filters: [
    { param: 'agent_id', column: 'agent_id', op: 'eq', schema: AgentFilter },
    // The sessions that overlap the window: they end at or after its start and start at or before its end.
    { param: 'start_time', column: 'end_time', op: 'gte', schema: WindowTime('Only sessions that end at or after this time') },
    { param: 'end_time', column: 'start_time', op: 'lte', schema: WindowTime('Only sessions that start at or before this time') },
  ],
  pageSize: SESSIONS_PAGE,
  // By session id within one agent, order by (agent_id, session_id): the same order, since the
  // agent is fixed, but one only the agent index gives, so no engine walks the primary key and
  // filters the other agents out.
  sortSql: (column, filters) => (column === 'session_id' && filters.some((f) => f.decl.param === 'agent_id') ? 'agent_id' : undefined),
  base: (b) =>
    b.selectFrom('llm_sessions').select(selected).where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')),
  render: (_db, _scope, rows) => rows.map(sessionRow),
  // Kept by ingest for the workspace and each agent; any other filter counts.
  total: async (db, scope, filters) => {
    if (filters.some((f) => f.decl.param !== 'agent_id')) return undefined;
    const agent = filters.find((f) => f.decl.param === 'agent_id')?.value as string | undefined;
    return (await runtimeCounts(db, scope.args.tenant as string, scope.args.workspace as string, agent)).sessions;
  },
  query: {
    order: ['filters', 'sort', 'paging'],
    sort: {
      sort: Type.Optional(
        Type.String({
          maxLength: 64,
          description: `Sort column: ${SPEC_SORTS.join(', ')} (time is the session start; tokens is total_tokens). Default time.`,
        }),
      ),
      sort_dir: Type.Optional(StringEnum(['asc', 'desc'] as const, { description: 'Sort direction.' })),
    },
    paging: {
      cursor: PagingQuery.cursor,
      pageSize: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_PAGE_SIZE,
          description: `Sessions per page, 1–${MAX_PAGE_SIZE}; default ${SESSIONS_PAGE}.`,
        }),
      ),
      page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: 'Alias of pageSize.' })),
    },
  },
});

const objectSessionSql = {
  session_id: 'so.session_id',
  start_time: 'so.start_time',
  duration_ms: 's.duration_ms',
  turns: 's.turns',
  total_tokens: 's.total_tokens',
  cost: 's.cost',
};

/** LLM sessions an inventory object took part in (its `sessions` edge). Scope: tenant, workspace, kind, id. */
export const objectSessions = defineList({
  name: 'object.sessions',
  columns: sortableBy(llmSession.columns, objectSessionSql),
  columnSql: () => fieldSql(llmSession.columns, 's.', { session_id: 'so.session_id', start_time: 'so.start_time' }),
  // The link table keeps each session's start, so newest-first walks its index.
  tie: ['so.session_id'],
  defaultSort: [{ column: 'start_time', dir: 'desc' }],
  filters: [ilkOn('session_id', 's.session_id')],
  pageSize: 100,
  totalFromFirstPage: true,
  base: (b) =>
    b
      .selectFrom('llm_session_objects as so')
      .crossJoin('llm_sessions as s')
      .whereRef('s.tenant_id', '=', 'so.tenant_id')
      .whereRef('s.workspace_id', '=', 'so.workspace_id')
      .whereRef('s.session_id', '=', 'so.session_id')
      .select(selected.map((c) => `s.${c}` as const))
      .where('so.tenant_id', '=', param('tenant'))
      .where('so.workspace_id', '=', param('workspace'))
      .where('so.object_kind', '=', param('kind'))
      .where('so.object_id', '=', param('id')),
  render: (_db, _scope, rows) => rows.map(sessionRow),
});
