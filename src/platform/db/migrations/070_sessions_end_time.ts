// Sessions by end time (issue 23, found by `npm run bench:scale`): a time window on the sessions
// list keeps the sessions that end at or after its start, and with no index on end_time the total
// of such a page counted every session of the workspace (992 ms at ten million interactions).

import { same } from './ddl.ts';

export const up = same(`
create index llm_sessions_end on llm_sessions (tenant_id, workspace_id, end_time, session_id);
`);
