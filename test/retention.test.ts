// Retention: raw interactions older than the age go (whole monthly partitions on PostgreSQL),
// sessions keep their totals, and the interactions list's totals follow.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CompiledQuery } from 'kysely';
import { applyRetention } from '../src/areas/runtime/retention.ts';
import { body, describeEngines, objects } from './helpers/harness.ts';
import { T1 } from './helpers/fixtures.ts';
import { expectedSessions, interaction, type InteractionSpec } from './helpers/runtime-fixtures.ts';

const DAY_MIN = 24 * 60;
// Minutes from 2026-01-01T00:00Z: November, early and late December, January.
const specs: InteractionSpec[] = [
  { id: 'n1', session: 'OLD', minute: -45 * DAY_MIN, agent: 'a', cost: 1 },
  { id: 'n2', session: 'OLD', minute: -45 * DAY_MIN + 5, agent: 'a', cost: 0.5 },
  { id: 'd1', session: 'MID', minute: -20 * DAY_MIN, agent: 'b', cost: 0.25 },
  { id: 'd2', session: 'MID', minute: -10 * DAY_MIN, agent: 'b', cost: 0.25 },
  { id: 'j1', session: 'NEW', minute: 5 * DAY_MIN, agent: 'a', cost: 2 },
];
const NOW = Date.parse('2026-01-15T00:00:00Z');

describeEngines('interaction retention', (h) => {
  it('deletes raw interactions older than the age and keeps session totals', async () => {
    const token = await h().token({ tenant: T1 });
    await h().ingest(T1, 'ret', specs.map(interaction));
    const url = `/api/v1/aispm-llm-sessions/tenants/${T1}/workspaces/ret?sort=session_id&sort_dir=asc`;
    const before = body(await h().get(url, token));
    if (h().engine === 'postgres') {
      assert.deepEqual((await h().db.dialect.partitions!.list(h().db, 'llm_interactions')).map((p) => p.name).sort(), [
        'llm_interactions_2025_11',
        'llm_interactions_2025_12',
        'llm_interactions_2026_01',
      ]);
    }

    // 30 days before 2026-01-15: the cutoff is 2025-12-16, so n1, n2 and d1 go.
    const result = await applyRetention(h().db, 30, NOW);
    assert.equal(result.cutoff, Date.parse('2025-12-16T00:00:00Z'));
    assert.equal(result.deleted, 3);
    assert.deepEqual(result.droppedPartitions, h().engine === 'postgres' ? ['llm_interactions_2025_11'] : []);

    const list = body(await h().get(`/api/v1/aispm-llm-interactions/tenants/${T1}/workspaces/ret`, token));
    assert.deepEqual(
      objects(list).map((r) => r.id),
      ['j1', 'd2'],
    );
    assert.equal(list.total, 2);
    assert.equal(body(await h().get(`/api/v1/aispm-llm-interactions/tenants/${T1}/workspaces/ret?agent_id=a`, token)).total, 1);
    assert.equal(body(await h().get(`/api/v1/aispm-llm-interactions/tenants/${T1}/workspaces/ret?agent_id=b`, token)).total, 1);
    assert.equal((await h().get(`/api/v1/aispm-llm-interactions/tenants/${T1}/workspaces/ret/n1`, token)).statusCode, 404);

    const after = body(await h().get(url, token));
    assert.deepEqual(after.rows, before.rows);
    assert.deepEqual(
      objects(after),
      [...expectedSessions(specs).values()].sort((a, b) => (a.session_id < b.session_id ? -1 : 1)),
    );

    // Running it again deletes nothing more; a new interaction still adds to its session.
    assert.equal((await applyRetention(h().db, 30, NOW)).deleted, 0);
    const j2: InteractionSpec = { id: 'j2', session: 'MID', minute: 6 * DAY_MIN, agent: 'b', cost: 0.5 };
    await h().ingest(T1, 'ret', [interaction(j2)]);
    const mid = objects(body(await h().get(url, token))).find((s) => s.session_id === 'MID');
    assert.deepEqual(mid, expectedSessions([...specs, j2]).get('MID'));
    assert.equal(body(await h().get(`/api/v1/aispm-llm-interactions/tenants/${T1}/workspaces/ret`, token)).total, 3);
    const raw = await h().db.execute<{ n: number }>(CompiledQuery.raw('select count(*) as n from llm_interactions'));
    assert.equal(Number(raw.rows[0]!.n), 3);
  });
});
