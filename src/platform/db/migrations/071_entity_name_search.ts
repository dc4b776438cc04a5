// `name__ilk` (contains, in any case) over the stored lower-cased name, counted from the name index
// on PostgreSQL (issue 23): the filter's total had to read every row of the kind from the table,
// 98 ms for the 53,760 models of the benchmark, where the name index carrying name_lower answers
// it without the table in 10 ms. SQLite reads its tables in far fewer pages and is left as it is.

import type { Ddl } from './ddl.ts';

export const up: Ddl = {
  sqlite: '',
  postgres: `
drop index entities_name;
create index entities_name on entities (tenant_id, workspace_id, kind, name, id) include (name_lower);
`,
};
