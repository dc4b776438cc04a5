// Sessions count their turns that involved an MCP server (`mcp_turns`), kept at ingest like their
// other counts (src/areas/runtime/sessions-writer.ts); sessions stored before are counted here from
// their interactions. The backfill reads only the interactions that name a server.

import { typed } from './ddl.ts';

export const up = typed(`
alter table llm_sessions add column mcp_turns integer not null default 0;
update llm_sessions set mcp_turns = (select count(*) from llm_interactions i where i.tenant_id = llm_sessions.tenant_id
  and i.workspace_id = llm_sessions.workspace_id and i.session_id = llm_sessions.session_id and i.mcp_server_ids <> '[]')
where exists (select 1 from llm_interactions i where i.tenant_id = llm_sessions.tenant_id
  and i.workspace_id = llm_sessions.workspace_id and i.session_id = llm_sessions.session_id and i.mcp_server_ids <> '[]');
`);
