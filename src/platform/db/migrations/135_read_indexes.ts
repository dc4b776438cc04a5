// Indexes for the counter sorts of inventory lists (issue 39).
//
// Not kept: the sessions list's indexes made covering (the page's fifteen columns in every order's
// index). Measured at scale 20 (bench/session-plans.ts --loop): a page statement 20 % less CPU on
// SQLite (about 6 µs of ~30, most of the rest turning the row into an object), against the
// sessions indexes twice their size (16 → 32 MB SQLite, 28 → 64 MB PostgreSQL; twelve wide copies
// of the table at ten million interactions) and about 10 % more CPU per imported interaction.
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

export const up: Ddl = {
  sqlite: counterIndexes(),
  postgres: counterIndexes(),
};
