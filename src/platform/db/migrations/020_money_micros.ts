// Money in whole micro-dollars (src/catalog/money.ts): the cost of each interaction, session and
// agent-day, which were dollars as doubles whose sums carried float noise (0.7611819999999999).
// PostgreSQL stores them as bigint; SQLite keeps its REAL columns (a type change there means
// rebuilding the tables), which hold whole numbers exactly below 2^53. The cost sort indexes of
// sessions are rebuilt by PostgreSQL's type change and stay valid on SQLite (same order).

import type { Ddl } from './ddl.ts';

const tables = ['llm_interactions', 'llm_sessions', 'llm_agent_daily'];

export const up: Ddl = {
  sqlite: tables.map((t) => `update ${t} set cost = round(cost * 1000000);`).join('\n'),
  // On the partitioned llm_interactions the change reaches every partition.
  postgres: tables.map((t) => `alter table ${t} alter column cost type bigint using round(cost * 1000000)::bigint;`).join('\n'),
};
