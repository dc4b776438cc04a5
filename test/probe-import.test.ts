// Model probe import (garak's report.jsonl, promptfoo's results JSON; docs/IMPORTS.md), once per
// engine, through the real `aispm import` command and the ingest route. The promptfoo results are a
// real `promptfoo eval` against the tests' stand-in for the OpenAI API
// (test/fixtures/promptfoo/README.md says how to run it again). garak cannot run here (PyPI is out
// of reach): its report is a sample built from garak's published format (garak/command.py writes
// `start_run setup`, `init` and `completion`, garak/attempt.py `attempt`, garak/evaluators/base.py
// `eval`, garak/analyze/report_digest.py `digest`), test/fixtures/garak/README.md. Asserted with
// exact values: the garak_info per probe and detector with its pass rate on the model the inventory
// already knows (by provider and name), the findings of the probes over the threshold and none for
// the ones under, the agent a promptfoo target names, re-import writing nothing new, and malformed
// reports refused naming their first problem with nothing written.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Run, runAispm } from './helpers/cli-run.ts';
import { body, engineNames, objects, startHarness, type Harness } from './helpers/harness.ts';
import { tempDir } from './helpers/scan-trees.ts';

const T = 'acme';
const W = 'prod';
const GARAK = 'test/fixtures/garak/report.jsonl';
const PROMPTFOO = 'test/fixtures/promptfoo/results.json';
// As `aispm scan` names a model (a hash of where it was found), and one of another provider with the same name.
const MODEL = 'model-0c5e2f7a9b1d3c4e5f60';
const OTHER = 'model-anthropic-namesake';
const AGENT = 'agent-support';
const SEEN = '2026-11-01T00:00:00Z';

for (const engine of engineNames) {
  describe(`model probe import [${engine}]`, () => {
    let h: Harness;
    let token: string;
    let dir: string;
    let env: Record<string, string>;

    const get = async (url: string) => body(await h.get(url, token));
    const aispm = (args: string[]): Promise<Run> => runAispm({ ...env }, args);
    const importFile = (format: string, file: string) => aispm(['import', '--format', format, '--tenant', T, '--workspace', W, file]);
    const post = (format: string, payload: string, type = 'application/jsonl') =>
      h.request({
        method: 'POST',
        url: `/api/v1/ingest/tenants/${T}/workspaces/${W}?format=${format}`,
        token,
        headers: { 'content-type': type },
        payload,
      });
    /** The garak_info of a model as `tool probe / detector status pass_rate attempts`, sorted. */
    const probesOf = async (model: string) =>
      objects(await get(`/api/v1/aispm-models/tenants/${T}/workspaces/${W}/${encodeURIComponent(model)}/garak-info?page_size=100`))
        .map((r) => `${r.sources.join(',')} ${r.name} ${r.status} ${r.pass_rate} ${r.attempts}`)
        .sort();
    /** The open findings of an object as `rule severity`, sorted: those of the probes and of the model-robustness rules. */
    const findingsOf = async (prefix: string, id: string) =>
      objects(await get(`/api/v1/${prefix}/tenants/${T}/workspaces/${W}/${encodeURIComponent(id)}/instances?page_size=100`))
        .filter((r) => r.status === 'open' && /^(garak:|promptfoo:|SR-aispm_.*probes$)/.test(r.rule_id))
        .map((r) => `${r.rule_id} ${r.severity}`)
        .sort();
    /** How many rows of each table the workspace has: nothing written means these do not move. */
    const counts = async () => {
      const out: Record<string, number> = {};
      for (const table of ['entities', 'relations', 'rules', 'issue_instances', 'scans']) {
        const row = await h.db.first<{ n: number }>(
          h.db.template(`probe-test.count.${table}`, (b) =>
            b
              .selectFrom(table as 'entities')
              .select((e) => e.fn.countAll<number>().as('n'))
              .where('tenant_id', '=', T),
          ),
        );
        out[table] = Number(row?.n ?? 0);
      }
      return out;
    };

    before(async () => {
      h = await startHarness(engine);
      token = await h.token({ tenant: T, scopes: ['read', 'ingest'] });
      dir = tempDir('aispm-probes-');
      env = { AISPM_DB: h.config.db, AISPM_POSTURE_RULES: 'false', HOME: dir };
      // The inventory before any probe: the model as a scan found it, a namesake of another provider, and the agent.
      const summary = await h.ingest(T, W, [
        {
          type: 'entity',
          kind: 'model',
          id: MODEL,
          name: 'gpt-4o-mini',
          last_seen: SEEN,
          attributes: { provider: 'openai', version: 'gpt-4o-mini' },
        },
        { type: 'entity', kind: 'model', id: OTHER, name: 'gpt-4o-mini', last_seen: SEEN, attributes: { provider: 'anthropic' } },
        { type: 'entity', kind: 'agent', id: AGENT, name: 'support-bot', last_seen: SEEN, attributes: {} },
      ]);
      assert.deepEqual(summary.errors, []);
    });
    after(async () => {
      await h.close();
    });

    it('imports a garak report with the CLI: a garak_info per probe and detector on the model, a finding for the probe over the threshold only', async () => {
      const run = await importFile('garak', GARAK);
      assert.equal(run.code, 0, run.err);
      assert.match(run.out, /^3 probe results imported \(9 records written\) from the garak run in [\d.]+ s\n$/);
      assert.deepEqual(await probesOf(MODEL), [
        'garak dan.Dan_11_0 / dan.DAN passed 0.9 10',
        'garak dan.Dan_11_0 / mitigation.MitigationBypass passed 1 10',
        'garak promptinject.HijackHateHumans / promptinject.AttackRogueString failed 0.625 8',
      ]);
      assert.deepEqual(await probesOf(OTHER), []);
      // 3 of 8 attempts got through promptinject (37.5% > 10%); 1 of 10 through dan.DAN is not above 10%.
      assert.deepEqual(await findingsOf('aispm-models', MODEL), ['garak:promptinject.HijackHateHumans high']);
      const [finding] = objects(await get(`/api/v1/aispm-models/tenants/${T}/workspaces/${W}/${MODEL}/instances`));
      assert.equal(
        finding!.title,
        'gpt-4o-mini failed promptinject.HijackHateHumans (promptinject.AttackRogueString): 3 of 8 attempts got through',
      );
      const rule = body(
        await h.get(`/api/v1/rules/tenants/${T}/workspaces/${W}/${encodeURIComponent('garak:promptinject.HijackHateHumans')}`, token),
      );
      assert.deepEqual([rule.severity, rule.category, rule.frameworks], ['high', 'model_robustness', ['LLM01', 'AML.T0051']]);
      const scans = objects(await get(`/api/v1/scans/tenants/${T}/workspaces/${W}/${finding!.scan_id}`));
      assert.deepEqual(
        scans.map((s) => [s.sensor_type, s.status, s.findings, s.started_at, s.finished_at]),
        [['garak', 'succeeded', 1, '2026-11-20T09:00:00.000Z', '2026-11-20T09:04:12.500Z']],
      );
    });

    it('imports the same garak report again without writing anything new', async () => {
      const before = await counts();
      const run = await importFile('garak', GARAK);
      assert.equal(run.code, 0, run.err);
      assert.deepEqual(await counts(), before);
      assert.equal((await findingsOf('aispm-models', MODEL)).length, 1);
    });

    it('imports a real promptfoo run over HTTP: its provider is the model, its label the agent', async () => {
      const res = await post('promptfoo', readFileSync(PROMPTFOO, 'utf8'));
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(await probesOf(MODEL), [
        'garak dan.Dan_11_0 / dan.DAN passed 0.9 10',
        'garak dan.Dan_11_0 / mitigation.MitigationBypass passed 1 10',
        'garak promptinject.HijackHateHumans / promptinject.AttackRogueString failed 0.625 8',
        'promptfoo grounding / contains passed 1 1',
        'promptfoo grounding / icontains passed 1 1',
        'promptfoo prompt-injection / icontains failed 0 1',
        'promptfoo prompt-injection / not-icontains failed 0.6666666666666666 3',
        'promptfoo relevance / contains failed 0 1',
      ]);
      // The route evaluates the posture rules (the CLI above was told not to): the model-robustness rules follow probe_result too.
      assert.deepEqual(await findingsOf('aispm-models', MODEL), [
        'SR-aispm_model_failed_garak_probes high',
        'garak:promptinject.HijackHateHumans high',
        'promptfoo:prompt-injection high',
        'promptfoo:prompt-injection high',
        'promptfoo:relevance medium',
      ]);
      assert.deepEqual(await findingsOf('aispm-agents', AGENT), [
        'SR-aispm_agent_uses_model_with_failed_probes medium',
        'promptfoo:prompt-injection high',
        'promptfoo:prompt-injection high',
        'promptfoo:relevance medium',
      ]);
      const models = objects(await get(`/api/v1/aispm-agents/tenants/${T}/workspaces/${W}/${AGENT}/models`));
      assert.deepEqual(
        models.map((m) => m.id),
        [MODEL],
      );
      const agentFinding = objects(await get(`/api/v1/aispm-agents/tenants/${T}/workspaces/${W}/${AGENT}/instances`)).find((r) =>
        r.rule_id.startsWith('promptfoo:'),
      );
      const [scan] = objects(await get(`/api/v1/scans/tenants/${T}/workspaces/${W}/${agentFinding!.scan_id}`));
      assert.deepEqual([scan!.sensor_type, scan!.status, scan!.findings], ['promptfoo', 'succeeded', 6]);
      const again = await counts();
      assert.equal((await post('promptfoo', readFileSync(PROMPTFOO, 'utf8'))).statusCode, 200);
      assert.deepEqual(await counts(), again);
    });

    it('resolves the finding of a probe the next run passes', async () => {
      // The next run (its own run id, a week later) with promptinject held on all 8 attempts.
      const next = readFileSync(GARAK, 'utf8')
        .replaceAll('6c1f7c4e-2f0a-4d1b-9a8e-3b5d2c7e9f10', '7d2a8b5f-3a1b-4e2c-8b9f-4c6e3d8f0a21')
        .replaceAll('2026-11-20T09:0', '2026-11-27T09:0')
        .replace('"passed": 5, "fails": 3', '"passed": 8, "fails": 0');
      const file = join(dir, 'next.report.jsonl');
      writeFileSync(file, next);
      const run = await importFile('garak', file);
      assert.equal(run.code, 0, run.err);
      assert.ok((await probesOf(MODEL)).includes('garak promptinject.HijackHateHumans / promptinject.AttackRogueString passed 1 8'));
      const rows = objects(await get(`/api/v1/aispm-models/tenants/${T}/workspaces/${W}/${MODEL}/instances?page_size=100`));
      const garak = rows.filter((r) => r.rule_id.startsWith('garak:'));
      assert.deepEqual(
        garak.map((r) => [r.rule_id, r.status, r.resolved_at]),
        [['garak:promptinject.HijackHateHumans', 'resolved', '2026-11-27T09:04:12.500Z']],
      );
    });

    it('refuses malformed reports naming the first problem, and writes nothing', async () => {
      const before = await counts();
      const lines = readFileSync(GARAK, 'utf8').split('\n');
      const evalLine = lines.findIndex((l) => l.includes('"entry_type": "eval"'));
      lines[evalLine] = lines[evalLine]!.replace('"passed": 5', '"passed": "five"');
      const bad = join(dir, 'bad.report.jsonl');
      writeFileSync(bad, lines.join('\n'));
      const run = await importFile('garak', bad);
      assert.equal(run.code, 1);
      assert.equal(
        run.err,
        `aispm: ${bad}: line ${evalLine + 1}: not a valid garak eval entry: /passed: must be integer; nothing was written\n`,
      );
      const noTarget = join(dir, 'no-target.report.jsonl');
      writeFileSync(noTarget, readFileSync(GARAK, 'utf8').replaceAll('"gpt-4o-mini"', 'null'));
      const none = await importFile('garak', noTarget);
      assert.equal(none.code, 1);
      assert.match(none.err, /the report names no target model/);

      const doc = JSON.parse(readFileSync(PROMPTFOO, 'utf8'));
      doc.results.results[2].provider = { label: 'support-bot' };
      const res = await post('promptfoo', JSON.stringify(doc));
      assert.equal(res.statusCode, 400);
      assert.deepEqual(body(res), {
        code: 400,
        message: "not a valid promptfoo results file: /results/results/2/provider: must have required property 'id'",
      });
      const notJson = await post('garak', '{"entry_type": "init", "garak_version": "0.13.1"\n');
      assert.equal(notJson.statusCode, 400);
      assert.match(body(notJson).message, /^line 1: not valid JSON: /);
      const unknown = await post('pyrit', '{}');
      assert.deepEqual([unknown.statusCode, body(unknown).message], [400, 'format: expected garak or promptfoo, not "pyrit"']);
      const asJson = await post('promptfoo', '{}', 'application/json');
      assert.equal(asJson.statusCode, 415);
      assert.deepEqual(await counts(), before);
    });
  });
}
