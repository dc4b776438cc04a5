// SARIF over HTTP on the known findings estate plus findings with code locations: the log validates
// against the SARIF 2.1.0 JSON schema (Microsoft's SARIF SDK ships it), holds exactly the open
// findings with a path, with their rules, help and framework tags, and fingerprints that are equal
// across exports and differ between findings. The same through `Accept` on the issues index.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, it } from 'node:test';
import { staticRuleControls } from '../src/catalog/rules/index.ts';
import { body, describeEngines } from './helpers/harness.ts';
import { validateSarif } from './helpers/sarif-schema.ts';
import { T1, T2, W1, W2 } from './helpers/fixtures.ts';
import { CREDS, finding, INPUT, loadEstate, NOW, SHELL } from './helpers/findings-estate.ts';

const validate = validateSarif;

/** Runs `aispm …` as a process against the harness listening on a port. */
function aispm(env: Record<string, string>, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/cli.ts', ...args], { env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

const SARIF = `/api/v1/issues/tenants/${T1}/workspaces/${W1}/sarif`;

const extra = [
  finding({
    id: 'f20',
    rule: SHELL,
    kind: 'tool',
    object: 'tl1',
    at: '2026-06-10T00:00:00Z',
    extra: {
      title: 'run_shell executes input',
      code_location: { repository: 'https://github.com/acme/tools', path: '/tools/shell.py', start_line: 4, end_line: 9, commit: 'abc123' },
    },
  }),
  // Resolved, and without a path: neither is in the log.
  finding({
    id: 'f21',
    rule: CREDS,
    kind: 'tool',
    object: 'tl1',
    at: '2026-06-10T00:00:00Z',
    resolvedAt: '2026-06-11T00:00:00Z',
    extra: { code_location: { path: 'a.py' } },
  }),
  finding({
    id: 'f22',
    rule: CREDS,
    kind: 'mcp_server',
    object: 'm1',
    at: '2026-06-10T00:00:00Z',
    extra: { code_location: { host: 'mcp.internal' } },
  }),
  finding({
    id: 'f23',
    rule: CREDS,
    kind: 'mcp_server',
    object: 'm1',
    at: '2026-06-12T00:00:00Z',
    extra: { code_location: { path: 'mcp/config.yaml' } },
  }),
];

describeEngines(
  'sarif',
  (h) => {
    let token: string;
    before(async () => {
      await loadEstate(h());
      const s = await h().ingest(T1, W1, extra);
      assert.equal(s.rejected, 0, JSON.stringify(s.errors));
      token = await h().token({ tenant: T1 });
    });

    it('answers a SARIF 2.1.0 log that validates, with exactly the open findings that have a path', async () => {
      const res = await h().get(SARIF, token);
      assert.equal(res.statusCode, 200);
      assert.match(res.headers['content-type'] as string, /^application\/sarif\+json/);
      const log: any = body(res);
      assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 3)));
      // The schema does refuse what is not SARIF.
      assert.equal(validate({ ...log, runs: [{ ...log.runs[0], results: [{ message: 'text' }] }] }), false);
      assert.equal(log.version, '2.1.0');
      assert.equal(log.runs.length, 1);
      const run = log.runs[0];
      assert.deepEqual(
        run.results.map((r: any) => [r.properties.instance_id, r.ruleId, r.level, r.locations[0].physicalLocation]),
        [
          ['f01', INPUT, 'error', { artifactLocation: { uri: 'agents/triage.py' }, region: { startLine: 12 } }],
          ['f20', SHELL, 'error', { artifactLocation: { uri: 'tools/shell.py' }, region: { startLine: 4, endLine: 9 } }],
          ['f23', CREDS, 'error', { artifactLocation: { uri: 'mcp/config.yaml' } }],
        ],
      );
      const rules = run.tool.driver.rules;
      assert.deepEqual(
        rules.map((r: any) => r.id),
        [CREDS, INPUT, SHELL],
      );
      for (const r of run.results) assert.equal(rules[r.ruleIndex].id, r.ruleId);
      const input = rules[1];
      assert.equal(input.name, 'Agent without input guardrails');
      assert.equal(input.defaultConfiguration.level, 'error');
      assert.equal(input.properties['security-severity'], '8.0');
      assert.deepEqual(input.properties.tags, ['security', 'guardrails', ...staticRuleControls.get(INPUT)!]);
      assert.match(input.help.text, /Remediation: Attach an input guardrail/);
      assert.match(input.help.markdown, /\| owasp-llm-2025 \| LLM01 \|/);
      assert.equal(run.results[1].message.text, 'run_shell executes input');
      assert.deepEqual(run.results[1].properties, {
        instance_id: 'f20',
        issue_id: run.results[1].properties.issue_id,
        severity: 'high',
        object_type: 'tool',
        object_id: 'tl1',
        detected_at: '2026-06-10T00:00:00.000Z',
        repository: 'https://github.com/acme/tools',
        commit: 'abc123',
      });
    });

    it('fingerprints are equal across exports and differ between findings', async () => {
      const one = body(await h().get(SARIF, token)).runs[0].results;
      const two = body(await h().get(SARIF, token)).runs[0].results;
      const prints = (rs: any[]) => rs.map((r) => r.partialFingerprints['aispmFinding/v1']);
      assert.deepEqual(prints(one), prints(two));
      assert.equal(new Set(prints(one)).size, one.length);
      for (const p of prints(one)) assert.match(p, /^[0-9a-f]{32}$/);
      // The same instance id in another workspace is another finding.
      const w2 = body(await h().get(`/api/v1/issues/tenants/${T1}/workspaces/${W2}/sarif`, token)).runs[0].results;
      assert.deepEqual(w2, []);
    });

    it('Accept: application/sarif+json on the issues index answers the same log', async () => {
      const index = await h().get(`/api/v1/issues/tenants/${T1}/workspaces/${W1}`, token, { accept: 'application/sarif+json' });
      assert.equal(index.statusCode, 200);
      assert.match(index.headers['content-type'] as string, /^application\/sarif\+json/);
      assert.equal(index.body, (await h().get(SARIF, token)).body);
      // JSON stays the default.
      const json = await h().get(`/api/v1/issues/tenants/${T1}/workspaces/${W1}`, token);
      assert.ok(Array.isArray(body(json).rows));
    });

    it('aispm findings sarif writes the same log to a file; a refusal writes nothing', async () => {
      await h().app.listen({ host: '127.0.0.1', port: 0 });
      const env = { AISPM_URL: `http://127.0.0.1:${(h().app.server.address() as AddressInfo).port}`, AISPM_TOKEN: token };
      const dir = mkdtempSync(join(tmpdir(), 'aispm-sarif-'));
      try {
        const file = join(dir, 'out.sarif');
        const run = await aispm(env, ['findings', 'sarif', '--tenant', T1, '--workspace', W1, '-o', file]);
        assert.deepEqual([run.code, run.err], [0, '']);
        assert.equal(readFileSync(file, 'utf8'), (await h().get(SARIF, token)).body);
        const refused = join(dir, 'refused.sarif');
        const bad = await aispm(env, ['findings', 'sarif', '--tenant', T2, '--workspace', W1, '-o', refused]);
        assert.equal(bad.code, 1);
        assert.match(bad.err, /HTTP 403/);
        assert.equal(existsSync(refused), false);
        assert.equal(existsSync(`${refused}.partial`), false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('an empty workspace answers a valid empty log; other tenants and unknown parameters are refused', async () => {
      await h().seed(T1, 'empty');
      const empty: any = body(await h().get(`/api/v1/issues/tenants/${T1}/workspaces/empty/sarif`, token));
      assert.ok(validate(empty));
      assert.deepEqual(empty.runs[0].results, []);
      assert.deepEqual(empty.runs[0].tool.driver.rules, []);
      const t2 = await h().token({ tenant: T2 });
      assert.equal((await h().get(SARIF, t2)).statusCode, 403);
      const bad = await h().get(`${SARIF}?level=error`, token);
      assert.equal(bad.statusCode, 400);
      assert.equal(body(bad).code, 400);
    });
  },
  { now: () => NOW, config: { postureRules: false } },
);
