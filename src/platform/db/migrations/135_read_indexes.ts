// Indexes for two honest read cases (issue 39).
//
// The sessions list's indexes made covering: a page was an index walk of ten entries,
// each row then read from the table (on SQLite 57 µs of a ~197 µs request under load, issue 23's
// profile). Each order's index now carries the columns the page selects, so the page is read from
// the index alone: SQLite as trailing key columns (it has no INCLUDE), PostgreSQL as INCLUDE
// columns (an Index Only Scan while the visibility map says the pages are all-visible). The
// session-id order without an agent walked the primary key, which cannot carry them: it gets an
// index of its own. The cost is at ingest: a session's update now rewrites the entries of the
// time and agent indexes too (the counter indexes changed with every update already), with wider
// entries.
//
// The counter sorts of inventory lists: `critical_issues:desc,name` (most critical first, then by
// name, the id breaking ties) had only (kind, critical_issues, id) to walk, so PostgreSQL read every
// model of the workspace, 13,440 at scale 20, and sorted each counter value's group by name
// (Incremental Sort, 66 ms a page); each commit's cache misses paid it. An index per counter
// column, (kind, <counter> desc, name, id), gives that order forward and `<counter>,name:desc`
// backward; the (kind, <counter>, id) indexes stay for the counter alone. One index for all
// kinds rather than the catalogue's partial index per kind: every row is in one kind, so the
// writes are the same, and these are stored columns, not attribute expressions. Nor do they get
// the catalogue's extended statistics on PostgreSQL (kindStatistics): its per-column statistics of
// a stored column already serve these walks (at scale 20 each counter sort walks its index and
// stops at the page, 0.15–0.5 ms), and statistics over (kind, risk_score) turned the agents'
// `risk_score__gte=10` filter from its index into a walk of last_seen (test/filter-plans.test.ts).

import type { Ddl } from './ddl.ts';

/** The columns the page selects beyond an index's key (sessions.ts `selected`). */
const PAGE = [
  'session_id',
  'agent_id',
  'start_time',
  'end_time',
  'duration_ms',
  'turns',
  'input_tokens',
  'output_tokens',
  'total_tokens',
  'cost',
  'ok',
  'alerted',
  'blocked',
  'redacted',
  'unpriced_turns',
];

/** Index name and key after (tenant_id, workspace_id): one per order, with and without an agent. */
const ORDERS: Array<[string, string[]]> = [
  ['llm_sessions_id', ['session_id']],
  ['llm_sessions_time', ['start_time', 'session_id']],
  ['llm_sessions_tokens', ['total_tokens', 'session_id']],
  ['llm_sessions_cost', ['cost', 'session_id']],
  ['llm_sessions_turns', ['turns', 'session_id']],
  ['llm_sessions_duration', ['duration_ms', 'session_id']],
  ['llm_sessions_agent', ['agent_id', 'session_id']],
  ['llm_sessions_agent_time', ['agent_id', 'start_time', 'session_id']],
  ['llm_sessions_agent_tokens', ['agent_id', 'total_tokens', 'session_id']],
  ['llm_sessions_agent_cost', ['agent_id', 'cost', 'session_id']],
  ['llm_sessions_agent_turns', ['agent_id', 'turns', 'session_id']],
  ['llm_sessions_agent_duration', ['agent_id', 'duration_ms', 'session_id']],
];

/** The inventory counter columns, and the index each gets. */
const COUNTERS: Array<[string, string]> = [
  ['entities_critical_name', 'critical_issues'],
  ['entities_high_name', 'high_issues'],
  ['entities_total_name', 'total_issues'],
  ['entities_risk_name', 'risk_score'],
];

function counterIndexes(): string {
  return COUNTERS.map(
    ([name, column]) => `create index ${name} on entities (tenant_id, workspace_id, kind, ${column} desc, name, id);`,
  ).join('\n');
}

function sessionIndexes(include: boolean): string {
  return ORDERS.map(([name, key]) => {
    const rest = PAGE.filter((c) => !key.includes(c));
    const columns = include
      ? `(tenant_id, workspace_id, ${key.join(', ')}) include (${rest.join(', ')})`
      : `(tenant_id, workspace_id, ${[...key, ...rest].join(', ')})`;
    return `drop index if exists ${name};\ncreate index ${name} on llm_sessions ${columns};`;
  }).join('\n');
}

export const up: Ddl = {
  sqlite: `${sessionIndexes(false)}\n${counterIndexes()}`,
  postgres: `${sessionIndexes(true)}\n${counterIndexes()}`,
};
