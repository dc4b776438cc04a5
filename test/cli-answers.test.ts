// The CLI's answers in one call, run as processes against the service on 127.0.0.1, once per
// engine: `aispm costs` (per agent or model, in total or per day, over a window), `aispm
// compliance [FRAMEWORK [CONTROL]]` (unassessed controls read not_assessed) and "0 rows" for an
// empty answer. Each printed answer is compared with the API's own answer to the same question.

import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { body, engineNames, objects, startHarness, type Harness } from './helpers/harness.ts';
import { T1 } from './helpers/fixtures.ts';
import { loadEstate, NOW } from './helpers/findings-estate.ts';
import { interaction } from './helpers/runtime-fixtures.ts';
import { type Run, runAispm } from './helpers/cli-run.ts';

function aispm(env: Record<string, string | undefined>, args: string[]): Promise<Run> {
  return runAispm({ COLUMNS: '160', ...env }, args);
}

const jsonLines = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

for (const engine of engineNames) {
  describe(`cli answers [${engine}]`, () => {
    let h: Harness;
    let env: Record<string, string>;
    let token: string;
    const rt = ['--tenant', T1, '--workspace', 'rt'];
    before(async () => {
      // NOW is 2026-06-15T12:00Z; the interactions are on the 14th and the 15th, and one in May.
      h = await startHarness(engine, { now: () => NOW, config: { postureRules: false } });
      await loadEstate(h);
      const day = (d: number, hour: number) => new Date(Date.UTC(2026, 5, d, hour)).toISOString();
      const records = [
        { id: 'i1', agent: 'agent-a', model: 'gpt-4o', provider: 'openai', time: day(14, 9), cost: 0.5 },
        { id: 'i2', agent: 'agent-a', model: 'gpt-4o', provider: 'openai', time: day(15, 9), cost: 0.25 },
        { id: 'i3', agent: 'agent-b', model: 'claude-sonnet-4', provider: 'anthropic', time: day(15, 10), cost: 2 },
        { id: 'i4', agent: 'agent-b', model: 'claude-sonnet-4', provider: 'anthropic', time: day(1, 10).replace('-06-', '-05-'), cost: 8 },
      ].map((r) => ({
        ...interaction({ id: r.id, session: r.id, minute: 0, agent: r.agent, model: r.model, cost: r.cost }),
        time: r.time,
        provider: r.provider,
      }));
      const s = await h.ingest(T1, 'rt', records);
      assert.equal(s.rejected, 0, JSON.stringify(s));
      token = await h.token({ tenant: T1 });
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      env = { AISPM_URL: `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`, AISPM_TOKEN: token };
    });
    after(async () => {
      await h?.close();
    });

    it('aispm costs answers the costs list: per agent over the last 7 days, per model per day', async () => {
      const week = await aispm(env, ['costs', ...rt, '--days', '7', '--format', 'json']);
      assert.deepEqual([week.code, week.err], [0, '']);
      assert.deepEqual(jsonLines(week.out), [
        { agent_id: 'agent-b', interactions: 1, input_tokens: 100, output_tokens: 10, total_tokens: 110, cost: 2 },
        { agent_id: 'agent-a', interactions: 2, input_tokens: 200, output_tokens: 20, total_tokens: 220, cost: 0.75 },
      ]);
      const api = objects(body(await h.get(`/api/v1/aispm-llm-costs/tenants/${T1}/workspaces/rt?days=7`, token)));
      assert.deepEqual(jsonLines(week.out), api);

      const perDay = await aispm(env, ['costs', ...rt, '--by', 'model', '--per-day', '--since', '2026-06-14', '--format', 'csv']);
      assert.equal(perDay.code, 0, perDay.err);
      assert.deepEqual(perDay.out.trimEnd().split(/\r?\n/), [
        'provider,model,day,interactions,input_tokens,output_tokens,total_tokens,cost',
        // Newest day first; ties by provider and model in the same direction.
        'openai,gpt-4o,2026-06-15T00:00:00.000Z,1,100,10,110,0.25',
        'anthropic,claude-sonnet-4,2026-06-15T00:00:00.000Z,1,100,10,110,2',
        'openai,gpt-4o,2026-06-14T00:00:00.000Z,1,100,10,110,0.5',
      ]);

      const all = await aispm(env, ['costs', ...rt, '--agent', 'agent-b', '--columns', 'agent_id,interactions,cost']);
      assert.equal(all.code, 0, all.err);
      assert.deepEqual(
        all.out
          .trimEnd()
          .split('\n')
          .map((l) => l.split(/ {2,}/)),
        [
          ['agent_id', 'interactions', 'cost'],
          ['agent-b', '2', '10'],
        ],
      );
    });

    it('aispm compliance: the frameworks, the controls of one (not_assessed where no rule maps), the findings of one control', async () => {
      const posture = body(await h.get(`/api/v1/compliance/tenants/${T1}/workspaces/w1`, token));
      const frameworks = await aispm(env, ['compliance', '--tenant', T1, '--workspace', 'w1', '--format', 'csv']);
      assert.equal(frameworks.code, 0, frameworks.err);
      const lines = frameworks.out.trimEnd().split(/\r?\n/);
      assert.equal(
        lines[0],
        'framework,name,version,controls,controls_assessed,controls_not_assessed,controls_with_open_findings,objects_in_scope,objects_failing,posture_score,open_findings',
      );
      assert.deepEqual(
        lines.slice(1).map((l) => l.split(',')[0]),
        posture.frameworks.map((f: { framework: string }) => f.framework),
      );
      const llm = posture.frameworks.find((f: { framework: string }) => f.framework === 'owasp-llm-2025');
      assert.ok(
        lines.includes(
          [
            'owasp-llm-2025',
            llm.name,
            llm.version,
            llm.controls,
            llm.controls_assessed,
            llm.controls_not_assessed,
            llm.controls_with_open_findings,
            llm.objects_in_scope,
            llm.objects_failing,
            llm.posture_score ?? '',
            llm.open_findings.total,
          ].join(','),
        ),
        frameworks.out,
      );

      // `owasp-llm` is the start of one framework id alone.
      const controls = await aispm(env, ['compliance', 'OWASP-LLM', '--tenant', T1, '--workspace', 'w1', '--all', '--format', 'json']);
      assert.equal(controls.code, 0, controls.err);
      const api = objects(body(await h.get(`/api/v1/compliance/tenants/${T1}/workspaces/w1/owasp-llm-2025?page_size=1000`, token)));
      assert.deepEqual(jsonLines(controls.out), api);
      assert.deepEqual(
        api.filter((c) => c.status === 'not_assessed').map((c) => c.control_id),
        ['LLM04', 'LLM07', 'LLM08', 'LLM10'],
      );

      const findings = await aispm(env, [
        'compliance',
        'owasp-llm-2025',
        'LLM01',
        '--tenant',
        T1,
        '--workspace',
        'w1',
        '--all',
        '--format',
        'json',
      ]);
      assert.equal(findings.code, 0, findings.err);
      const apiFindings = objects(
        body(await h.get(`/api/v1/compliance/tenants/${T1}/workspaces/w1/owasp-llm-2025/LLM01?page_size=1000`, token)),
      );
      assert.ok(apiFindings.length > 0);
      assert.deepEqual(jsonLines(findings.out), apiFindings);

      const unknown = await aispm(env, ['compliance', 'owasp', '--tenant', T1, '--workspace', 'w1']);
      assert.equal(unknown.code, 2);
      assert.match(unknown.err, /unknown framework "owasp"; frameworks are owasp-llm-2025, owasp-agentic-2026, /);
    });

    it('aispm get agents ID models follows the edge by the name its related filter uses', async () => {
      const ws = ['--tenant', T1, '--workspace', 'w1', '--format', 'json', '--all'];
      const agents = objects(body(await h.get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/w1?page_size=1`, token)));
      const id = agents[0]!.id as string;
      const short = await aispm(env, ['get', 'agents', id, 'models', ...ws]);
      const long = await aispm(env, ['get', 'agents', id, 'aispm_model_dependencies', ...ws]);
      assert.deepEqual([short.code, short.err], [0, '']);
      assert.equal(short.out, long.out);
      assert.deepEqual(
        jsonLines(short.out),
        objects(
          body(await h.get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/w1/${encodeURIComponent(id)}/models?page_size=1000`, token)),
        ),
      );
    });

    it('an empty answer reads "0 rows" in a table, and keeps its header in CSV', async () => {
      const table = await aispm(env, ['costs', ...rt, '--agent', 'nobody']);
      assert.deepEqual([table.code, table.out, table.err], [0, '0 rows\n', '']);
      const csv = await aispm(env, ['costs', ...rt, '--agent', 'nobody', '--format', 'csv']);
      assert.equal(csv.out.trimEnd(), 'agent_id,interactions,input_tokens,output_tokens,total_tokens,cost');
    });
  });
}
