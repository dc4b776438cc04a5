// Planner statistics after bulk ingest (PostgreSQL): a table that ingest fills faster than
// autovacuum analyses it gets analysed by the ingest itself (src/platform/db/postgres/statistics.ts), so the first
// queries after a large import are planned for the table's real size. SQLite needs none.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CompiledQuery } from 'kysely';
import { body, describeEngines } from './helpers/harness.ts';
import { entity, relation, T1 } from './helpers/fixtures.ts';

describeEngines('planner statistics after a bulk ingest', (h) => {
  it('analyses the tables a large ingest filled, and the edge answers from them', async () => {
    const token = await h().token({ tenant: T1 });
    const records = [entity('agent', 'a1', 'Agent one', 0)];
    for (let i = 0; i < 6000; i++) {
      const id = `m${String(i).padStart(5, '0')}`;
      records.push(entity('model', id, `Model ${i}`, i));
      records.push(relation('agent', 'a1', 'uses_model', 'model', id) as never);
    }
    await h().ingest(T1, 'stats', records);
    if (h().engine === 'postgres') {
      const analysed = await h().db.execute<{ tablename: string }>(
        CompiledQuery.raw(
          "select distinct tablename from pg_stats where schemaname = current_schema() and tablename in ('entities', 'relations') order by tablename",
        ),
      );
      assert.deepEqual(
        analysed.rows.map((r) => r.tablename),
        ['entities', 'relations'],
      );
    }
    const edge = body(await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/stats/a1/aispm_model_dependencies?page_size=3`, token));
    assert.equal(edge.total, 6000);
    const id = edge.header.indexOf('id');
    assert.deepEqual(
      edge.rows.map((r: unknown[]) => r[id]),
      ['m05999', 'm05998', 'm05997'],
    );
  });
});
