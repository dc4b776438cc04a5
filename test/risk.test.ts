// The risk score through HTTP on both engines: the documented formula on a small graph worked by
// hand (open issues weighted by severity plus weighted reach), following the graph as findings
// open and resolve and as a tool two hops away changes, sortable and filterable on the lists, the
// dashboard's at-risk lists ranked by it, and every workspace scored again at migrate when the
// formula is new.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { riskTable } from '../src/catalog/risk.ts';
import { migrate } from '../src/compose.ts';
import { issueCountColumns } from '../src/areas/findings/findings-writer.ts';
import { renderEntityRows } from '../src/areas/inventory/entity-rows.ts';
import { riskScoreColumn } from '../src/areas/risk/scores.ts';
import type { Executor } from '../src/platform/db/database.ts';
import { body, describeEngines, objects } from './helpers/harness.ts';
import { entity, relation } from './helpers/fixtures.ts';

const T = 'risk-t';
const W = 'w';
const e = (kind: string, id: string, name: string, attributes: Record<string, unknown> = {}) => entity(kind, id, name, 5, attributes);
const list = (kind: string, query = '') => `/api/v1/${kind}/tenants/${T}/workspaces/${W}${query}`;

describe('risk score documentation', () => {
  it('docs/POSTURE.md gives the weights as the catalogue declares them (regenerate: node scripts/posture-doc.ts)', () => {
    assert.ok(readFileSync(new URL('../docs/POSTURE.md', import.meta.url), 'utf8').includes(`\n${riskTable()}\n`));
  });
});

describeEngines('risk score', (h, engine) => {
  let token: string;
  const scores = async (kind: string) =>
    Object.fromEntries(objects(body(await h().get(list(kind, '?sort=id'), token))).map((r) => [r.id, r.risk_score]));

  before(async () => {
    token = await h().token({ tenant: T });
    const s = await h().ingest(T, W, [
      // Coder: no input guardrail (high 5), no output guardrail (medium 2), a shell tool through an
      // MCP server (agent_reaches_code_execution_via_mcp high 5, the toxic combination critical 10),
      // and the tool itself in its reach (code_execution_tools 5): 27.
      e('agent', 'coder', 'Coder', { human_approval: true }),
      e('mcp_server', 's1', 'shell-mcp', { authentication: 'oauth' }),
      e('tool', 't1', 'run_shell', { capabilities: ['shell'], input_validation: true }),
      relation('agent', 'coder', 'uses_mcp_server', 'mcp_server', 's1'),
      relation('mcp_server', 's1', 'exposes_tool', 'tool', 't1'),
      // Reader: both guardrails, a pinned model, nothing it reaches but the model: 0.
      e('agent', 'reader', 'Reader', { human_approval: true }),
      e('guardrail', 'g1', 'Shield'),
      e('model', 'm1', 'gpt-4o', { pinned: true }),
      relation('agent', 'reader', 'input_guardrail', 'guardrail', 'g1'),
      relation('agent', 'reader', 'output_guardrail', 'guardrail', 'g1'),
      relation('agent', 'reader', 'uses_model', 'model', 'm1'),
    ]);
    assert.equal(s.rejected, 0, JSON.stringify(s.errors));
  });

  it('is the open issues weighted by severity plus the weighted reach, on every scored kind', async () => {
    assert.deepEqual(await scores('aispm-agents'), { coder: 27, reader: 0 });
    // The server: its shell tool (5) and the agent using it (1). The tool: tool_shell_or_code_execution
    // (high 5) and the agent reaching it through the server (1). The model: the agent calling it (1).
    assert.deepEqual(await scores('aispm-mcp-servers'), { s1: 6 });
    assert.deepEqual(await scores('aispm-tools'), { t1: 6 });
    assert.deepEqual(await scores('aispm-models'), { m1: 1 });
  });

  it('sorts and filters like any other column', async () => {
    const sorted = objects(body(await h().get(list('aispm-agents', '?sort=risk_score:desc'), token)));
    assert.deepEqual(
      sorted.map((r) => [r.id, r.risk_score]),
      [
        ['coder', 27],
        ['reader', 0],
      ],
    );
    const risky = body(await h().get(list('aispm-agents', '?risk_score__gte=10'), token));
    assert.deepEqual([objects(risky).map((r) => r.id), risky.total], [['coder'], 1]);
    const bad = await h().get(list('aispm-agents', '?risk_score__gt=high'), token);
    assert.equal(bad.statusCode, 400);
    assert.match(body(bad).message, /risk_score/);
  });

  it("the dashboard's at-risk lists rank by it and leave out what scores 0", async () => {
    const d = body(await h().get(`/api/v1/aispm-dashboard?workspace_id=${W}`, token));
    const row = (id: string, name: string, critical: number, high: number, total_issues: number, risk_score: number) => ({
      aispm_object_id: id,
      aispm_friendly_name: name,
      critical_count: critical,
      high_count: high,
      total_critical_high_occurrences: critical + high,
      workspace_id: W,
      total_issues,
      risk_score,
    });
    assert.deepEqual(d.aispm_top_at_risk_agents, [row('coder', 'Coder', 1, 2, 4, 27)]);
    assert.deepEqual(d.aispm_top_at_risk_models, [row('m1', 'gpt-4o', 0, 0, 0, 1)]);
    assert.deepEqual(d.aispm_top_at_risk_tools, [row('t1', 'run_shell', 0, 1, 1, 6)]);
    assert.deepEqual(d.aispm_top_at_risk_mcp_servers, [row('s1', 'shell-mcp', 0, 0, 0, 6)]);
  });

  it('follows the findings and the graph after each batch', async () => {
    // An input guardrail: the guardrail finding (5) and the toxic combination (10) resolve.
    let s = await h().ingest(T, W, [relation('agent', 'coder', 'input_guardrail', 'guardrail', 'g1')]);
    assert.equal(s.rejected, 0);
    assert.deepEqual(await scores('aispm-agents'), { coder: 12, reader: 0 });

    // Two hops away, the tool stops running code: the agent loses the MCP finding (5) and the reach
    // (5); the server its reach (5); the tool its finding (5).
    s = await h().ingest(T, W, [e('tool', 't1', 'run_shell', { capabilities: ['network'], input_validation: true })]);
    assert.equal(s.rejected, 0);
    assert.deepEqual(await scores('aispm-agents'), { coder: 2, reader: 0 });
    assert.deepEqual(await scores('aispm-mcp-servers'), { s1: 1 });
    assert.deepEqual(await scores('aispm-tools'), { t1: 1 });

    // The reader starts delegating to the coder: a sub-agent (1), and through it nothing that runs code.
    s = await h().ingest(T, W, [relation('agent', 'reader', 'delegates_to', 'agent', 'coder')]);
    assert.equal(s.rejected, 0);
    assert.deepEqual(await scores('aispm-agents'), { coder: 2, reader: 1 });

    // The relation to the server goes: the tool and the server no longer serve an agent.
    s = await h().ingest(T, W, [{ ...relation('agent', 'coder', 'uses_mcp_server', 'mcp_server', 's1'), op: 'delete' }]);
    assert.equal(s.rejected, 0);
    assert.deepEqual([await scores('aispm-mcp-servers'), await scores('aispm-tools')], [{ s1: 0 }, { t1: 0 }]);
  });

  it('a finished object is written once, and only when its row or a computed column changes', async () => {
    // The issue counts, the score and the rendered row are computed in one read and written in one
    // update, for the objects where something differs. On PostgreSQL every write of a row is a new
    // row version (a new xmin) with an entry in each index covering it.
    const { db } = h();
    const version = db.template('test.risk-row-version', (b) =>
      b
        .selectFrom('entities')
        .select([
          'id',
          'risk_score',
          'total_issues',
          'row_json',
          sql<string>`${sql.raw(engine === 'postgres' ? 'xmin::text' : "''")}`.as('version'),
        ])
        .where('tenant_id', '=', T)
        .where('kind', '=', 'agent')
        .orderBy('id'),
    );
    type Row = { id: string; risk_score: number; total_issues: number; row_json: string | null; version: string };
    const read = async () => (await db.all<Row>(version)).map((r) => ({ ...r, risk_score: Number(r.risk_score) }));
    const finish = (tx: Executor) =>
      renderEntityRows(
        db,
        tx,
        T,
        W,
        [
          ['agent', 'coder'],
          ['agent', 'reader'],
        ],
        [...issueCountColumns, riskScoreColumn],
      );
    const [coder, reader] = await read();
    assert.deepEqual([coder!.risk_score, reader!.risk_score], [2, 1]);
    // The reader's stored score made wrong: finishing both writes the reader back, and not the coder.
    await db.transaction(async (tx) => {
      await tx.exec("update entities set risk_score = 99 where kind = 'agent' and id = 'reader'");
      await finish(tx);
    });
    const [coderAfter, readerAfter] = await read();
    assert.deepEqual(coderAfter, coder);
    assert.equal(readerAfter!.risk_score, 1);
    assert.equal(readerAfter!.row_json, reader!.row_json);
    // Nothing differs: nothing is written.
    await db.transaction(finish);
    assert.deepEqual(await read(), [coder, readerAfter]);
  });

  it('is computed for every workspace at migrate when the formula is new', async () => {
    const before = await scores('aispm-agents');
    const { db } = h();
    await db.transaction(async (tx) => {
      await tx.exec('update entities set risk_reach = 0, risk_score = 0');
      await tx.exec("delete from service_settings where key = 'risk_formula'");
    });
    assert.deepEqual(await scores('aispm-agents'), before, 'rows show what was rendered, until rendered again');
    await migrate(db);
    const stored = db.template('test.risk-scores', (b) =>
      b.selectFrom('entities').select(['id', 'risk_score']).where('kind', '=', 'agent').orderBy('id'),
    );
    const raw = await db.all<{ id: string; risk_score: number }>(stored);
    assert.deepEqual(
      raw.map((r) => [r.id, Number(r.risk_score)]),
      [
        ['coder', 2],
        ['reader', 1],
      ],
    );
    assert.deepEqual(await scores('aispm-agents'), before);
  });
});
