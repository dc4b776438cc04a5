// Migration 140 on a database that holds sessions: `mcp_turns` is counted from each session's
// interactions, so sessions stored before it answer what the ingest path would have kept. The
// database is the service's own (ingested through it), taken back to before 140 by dropping the
// column and the migration's row, then migrated again.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CompiledQuery } from 'kysely';
import { migrate } from '../src/compose.ts';
import { describeEngines } from './helpers/harness.ts';
import { T1 } from './helpers/fixtures.ts';
import { interaction } from './helpers/runtime-fixtures.ts';

describeEngines('migration 140: sessions count their MCP turns', (h) => {
  it('counts the turns that named an MCP server in sessions stored before it', async () => {
    await h().ingest(T1, 'mcp-turns', [
      interaction({ id: 'a1', session: 'A', minute: 0, agent: 'x', mcp: ['srv-1'] }),
      interaction({ id: 'a2', session: 'A', minute: 1, agent: 'x', mcp: ['srv-1', 'srv-2'] }),
      interaction({ id: 'a3', session: 'A', minute: 2, agent: 'x' }),
      interaction({ id: 'b1', session: 'B', minute: 0, agent: 'x' }),
    ]);
    const db = h().db;
    const turns = async () =>
      (
        await db.execute<{ session_id: string; mcp_turns: number }>(
          CompiledQuery.raw(
            `select session_id, mcp_turns from llm_sessions where tenant_id = '${T1}' and workspace_id = 'mcp-turns' order by session_id`,
          ),
        )
      ).rows.map((r) => [r.session_id, Number(r.mcp_turns)]);
    assert.deepEqual(await turns(), [
      ['A', 2],
      ['B', 0],
    ]);

    await db.exec('alter table llm_sessions drop column mcp_turns');
    await db.exec('delete from schema_migrations where version = 140');
    const { applied } = await migrate(db);
    assert.deepEqual(applied, ['140_session_mcp_turns']);
    assert.deepEqual(await turns(), [
      ['A', 2],
      ['B', 0],
    ]);
  });
});
