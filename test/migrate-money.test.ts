// Upgrading a database that holds data: migration 020 turns stored dollars into whole
// micro-dollars (on PostgreSQL through a partitioned llm_interactions with a partition in use),
// and 021 dates existing relations from when they were stored. A database at 009 is built with
// the migrations' own DDL, filled with rows as the service wrote them then, and migrated.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CompiledQuery } from 'kysely';
import { migrate } from '../src/compose.ts';
import type { Db } from '../src/platform/db/database.ts';
import * as m001 from '../src/platform/db/migrations/001_init.ts';
import * as m002 from '../src/platform/db/migrations/002_client_storage_exact.ts';
import * as m003 from '../src/platform/db/migrations/003_findings_indexes.ts';
import * as m004 from '../src/platform/db/migrations/004_runtime.ts';
import * as m005 from '../src/platform/db/migrations/005_scans.ts';
import * as m006 from '../src/platform/db/migrations/006_entity_rows.ts';
import * as m007 from '../src/platform/db/migrations/007_workspaces.ts';
import * as m008 from '../src/platform/db/migrations/008_risk_score.ts';
import * as m009 from '../src/platform/db/migrations/009_filter_indexes.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createDatabase, engineNames, type TestDatabase } from './helpers/harness.ts';

const before020 = [m001, m002, m003, m004, m005, m006, m007, m008, m009];
const JAN = Date.UTC(2026, 0, 10);

const rows = async (db: Db, text: string) => (await db.execute<Record<string, unknown>>(CompiledQuery.raw(text))).rows;

for (const engine of engineNames) {
  describe(`migrations 020 and 021 on existing data [${engine}]`, () => {
    let database: TestDatabase;
    let db: Db;
    before(async () => {
      database = await createDatabase(engine);
      db = openDb(database.url);
      await db.exec(
        `create table schema_migrations (version integer primary key, name text not null, applied_at ${db.dialect.bigint} not null)`,
      );
      for (const [i, m] of before020.entries()) {
        await db.exec(m.up[db.dialect.name]);
        await db.exec(`insert into schema_migrations (version, name, applied_at) values (${i + 1}, 'm${i + 1}', 0)`);
      }
      if (engine === 'postgres')
        await db.exec(
          `create table llm_interactions_2026_01 partition of llm_interactions for values from (${Date.UTC(2026, 0, 1)}) to (${Date.UTC(2026, 1, 1)})`,
        );
      // As the service stored them before: dollars as doubles, a session's the float sum of its interactions'.
      for (const [id, cost] of [
        ['i1', 0.1],
        ['i2', 0.2],
      ] as const) {
        await db.exec(
          `insert into llm_interactions (tenant_id, workspace_id, id, time, session_id, agent_id, model, model_id, provider, duration_ms,
             input_tokens, output_tokens, total_tokens, cost, cost_source, prompt_outcome, response_outcome, outcome, categories,
             mcp_server_ids, prompt, response, attributes)
           values ('t', 'w', '${id}', ${JAN}, 's1', 'a1', 'gpt-4o', null, 'openai', 10, 1, 1, 2, ${cost}, 'reported', 'OK', 'OK', 'OK',
             '[]', '[]', null, null, '{}')`,
        );
      }
      await db.exec(
        `insert into llm_sessions (tenant_id, workspace_id, session_id, agent_id, start_time, end_time, duration_ms, turns, input_tokens,
           output_tokens, total_tokens, cost, ok, alerted, blocked, redacted, updated_at)
         values ('t', 'w', 's1', 'a1', ${JAN}, ${JAN + 10}, 10, 2, 2, 2, 4, ${0.1 + 0.2}, 2, 0, 0, 0, ${JAN})`,
      );
      await db.exec(
        `insert into llm_agent_daily (tenant_id, workspace_id, agent_id, day, interactions, sessions, input_tokens, output_tokens, cost)
         values ('t', 'w', 'a1', ${Date.UTC(2026, 0, 10)}, 2, 1, 2, 2, ${0.1 + 0.2})`,
      );
      await db.exec(
        `insert into relations (tenant_id, workspace_id, from_kind, from_id, relation, to_kind, to_id, updated_at)
         values ('t', 'w', 'agent', 'a1', 'uses_model', 'model', 'm1', ${JAN})`,
      );
    });
    after(async () => {
      await db?.close();
      await database?.drop();
    });

    it('converts every cost to whole micro-dollars and dates relations from when they were stored', async () => {
      assert.equal(0.1 + 0.2, 0.30000000000000004, 'float noise, as sums of doubles had');
      const { applied } = await migrate(db);
      assert.deepEqual(
        applied.filter((a) => a < '030'),
        ['010_runtime_discovery', '020_money_micros', '021_relation_first_seen'],
      );
      const cost = async (table: string) => (await rows(db, `select cost from ${table} order by 1`)).map((r) => Number(r.cost));
      assert.deepEqual(await cost('llm_interactions'), [100000, 200000]);
      assert.deepEqual(await cost('llm_sessions'), [300000]);
      assert.deepEqual(await cost('llm_agent_daily'), [300000]);
      assert.deepEqual(
        (await rows(db, 'select first_seen from relations')).map((r) => Number(r.first_seen)),
        [JAN],
      );
    });
  });
}
