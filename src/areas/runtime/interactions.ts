// Reading raw LLM interactions: a time-ordered list with optional agent, session and time-window
// filters, and one interaction by id. The list walks (tenant, workspace[, agent | session], time,
// id): the session index when a session is named, else the agent index, else the time index.

import Type from 'typebox';
import { llmInteraction } from '../../catalog/rowsets.ts';
import { rowValues, storedFields } from '../../platform/lists/row-values.ts';
import type { Db } from '../../platform/db/database.ts';
import { param, readJson } from '../../platform/db/database.ts';
import { defineList, fieldSql } from '../../platform/lists/list-spec.ts';
import { SortQuery } from '../../platform/http/schemas.ts';
import { runtimeCounts } from './sessions.ts';

const listed = storedFields(llmInteraction.columns) as Array<'id'>;
const detailed = [...listed, 'prompt', 'response', 'attributes'] as Array<'id'>;

/** A stored interaction as the list header describes it: each value by its column's type. */
export const interactionRow = rowValues(llmInteraction.columns);

export function interactionDetailRow(r: Record<string, unknown>): unknown[] {
  return [...interactionRow(r), r.prompt ?? null, r.response ?? null, readJson(r.attributes) ?? {}];
}

const Id = (what: string) => Type.String({ minLength: 1, maxLength: 512, description: what });
const TimeParam = (what: string) => Type.String({ maxLength: 64, description: `${what} (RFC 3339 with a zone, inclusive).` });

/** The interactions of a workspace. Scope arguments: tenant, workspace. */
export const interactionsList = defineList({
  name: 'interactions',
  columns: llmInteraction.columns,
  columnSql: () => fieldSql(llmInteraction.columns, ''),
  tie: ['id'],
  defaultSort: [{ column: 'time', dir: 'desc' }],
  filters: [
    { param: 'agent_id', column: 'agent_id', op: 'eq', schema: Id('Only the interactions of this agent.') },
    { param: 'session_id', column: 'session_id', op: 'eq', schema: Id('Only the interactions of this session.') },
    { param: 'start_time', column: 'time', op: 'gte', schema: TimeParam('Earliest interaction time') },
    { param: 'end_time', column: 'time', op: 'lte', schema: TimeParam('Latest interaction time') },
  ],
  pageSize: 100,
  base: (b) =>
    b.selectFrom('llm_interactions').select(listed).where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')),
  render: (_db, _scope, rows) => rows.map(interactionRow),
  // Without a session or time filter the count is kept by ingest and retention.
  total: async (db, scope, filters) => {
    if (filters.some((f) => f.decl.param !== 'agent_id')) return undefined;
    const agent = filters.find((f) => f.decl.param === 'agent_id')?.value as string | undefined;
    return (await runtimeCounts(db, scope.args.tenant as string, scope.args.workspace as string, agent)).interactions;
  },
  query: {
    order: ['filters', 'sort', 'paging'],
    sort: {
      sort: Type.Optional(Type.String({ maxLength: 64, description: 'Sort column: time (the only one).' })),
      sort_dir: SortQuery.sort_dir,
    },
  },
});

export async function getInteraction(db: Db, tenant: string, workspace: string, id: string): Promise<Record<string, unknown> | undefined> {
  const t = db.template('interactions.get', (b) =>
    b
      .selectFrom('llm_interactions')
      .select(detailed)
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('id', '=', param('id')),
  );
  return db.first(t, { tenant, workspace, id });
}
