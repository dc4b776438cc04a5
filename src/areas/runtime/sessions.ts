// Reading LLM sessions: the rows ingest keeps in llm_sessions, one per session id, paged in any
// of the sortable orders. Every order, with and without an agent filter, has an index that
// starts (tenant_id, workspace_id[, agent_id]) and continues (sort column, session_id), so a page
// is an index walk from the cursor (see docs/RUNTIME.md for the plans on both engines).

import { keysetPage, type KeysetPage, type SortDir } from '../../platform/db/paging/keyset.ts';
import type { SortKey } from '../../platform/db/paging/cursor.ts';
import type { Db } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';

/** The columns a session list can be ordered by, as stored. */
export const sessionSortColumns = ['session_id', 'start_time', 'total_tokens', 'cost', 'turns', 'duration_ms'] as const;
export type SessionSortColumn = (typeof sessionSortColumns)[number];

export interface SessionQuery {
  tenant: string;
  workspace: string;
  agent?: string;
  sort: SessionSortColumn;
  dir: SortDir;
  after: SortKey | null;
  limit: number;
}

const selected = ['session_id', 'agent_id', 'start_time', 'end_time', 'duration_ms', 'turns', 'input_tokens', 'output_tokens',
  'total_tokens', 'cost', 'ok', 'alerted', 'blocked', 'redacted'] as const;

export async function listSessions(db: Db, q: SessionQuery): Promise<KeysetPage<Record<string, unknown>>> {
  const byAgent = q.agent !== undefined;
  return keysetPage(db, {
    key: `sessions.list:${byAgent}`,
    base: (b) => {
      let s = b.selectFrom('llm_sessions').select(selected)
        .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace'));
      if (byAgent) s = s.where('agent_id', '=', param('agent'));
      return s;
    },
    // By session id within one agent, order by (agent_id, session_id): the same order, since the
    // agent is fixed, but one only the agent index gives, so no engine walks the primary key and
    // filters the other agents out.
    sort: byAgent && q.sort === 'session_id' ? 'agent_id' : q.sort,
    tie: 'session_id',
    dir: q.dir,
  }, { tenant: q.tenant, workspace: q.workspace, agent: q.agent }, q.after, q.limit);
}

/** Sessions and stored interactions of a workspace, or of one agent in it, kept by ingest. */
export async function runtimeCounts(db: Db, tenant: string, workspace: string, agent?: string): Promise<{ sessions: number; interactions: number }> {
  const t = db.template('runtime.counts', (b) => b.selectFrom('llm_runtime_counts').select(['sessions', 'interactions'])
    .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace'))
    .where('scope', '=', param('scope')).where('agent_id', '=', param('agent')));
  const row = await db.first<{ sessions: number; interactions: number }>(t, {
    tenant, workspace, scope: agent === undefined ? 'workspace' : 'agent', agent: agent ?? '',
  });
  return { sessions: Number(row?.sessions ?? 0), interactions: Number(row?.interactions ?? 0) };
}
