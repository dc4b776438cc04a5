// SARIF 2.1.0 import, once per engine, from logs the real tools write here: ESLint (with
// eslint-plugin-security's recommended rules and Microsoft's SARIF formatter, absolute file:// URIs)
// and secretlint (its SARIF formatter, paths relative to where it ran), over a small repository the
// test writes and `aispm scan` reads first. Asserted with exact values: the scan of each run, the
// external rules, each result as a finding on its location and on the objects declared around it
// (through the scan's instances), re-import updating rather than duplicating, the next run resolving
// what it no longer reports, fingerprints, suppressions and baseline states, the ingest route, and
// refusal of malformed or oversized logs with nothing written. Logs the tests edit (suppressions,
// baseline states, fingerprints) start from a real ESLint log and say so where they do.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { type Run, runAispm } from './helpers/cli-run.ts';
import { body, engineNames, objects, startHarness, type Harness } from './helpers/harness.ts';
import { gitRepository, synthetic, tempDir, writeTree } from './helpers/scan-trees.ts';

const require = createRequire(import.meta.url);
const T = 'acme';
const W = 'prod';
const REMOTE = 'git@github.com:acme/agents.git';
const REPO = 'https://github.com/acme/agents';
const COMMIT = '3f9c0a1b2c3d4e5f60718293a4b5c6d7e8f90123';
const ESLINT_VERSION = (require('eslint/package.json') as { version: string }).version;

// Line 10: exec inside the tool `shell` (lines 6-11); line 15: readFileSync inside the agent `Ops`
// (lines 13-18); line 21: eval inside a plain function, declared nowhere.
const AGENTS_JS = `import { readFileSync } from 'node:fs';
import { exec } from 'node:child_process';
import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

export const shell = tool({
  name: 'shell',
  description: 'Run a shell command',
  parameters: z.object({ cmd: z.string() }),
  execute: async ({ cmd }) => exec(cmd),
});

export const ops = new Agent({
  name: 'Ops',
  instructions: readFileSync(process.env.PROMPT_FILE, 'utf8'),
  model: 'gpt-5',
  tools: [shell],
});

export function calc(expr) {
  return eval(expr);
}
`;

const RULE = {
  childProcess: 'sarif:ESLint/security/detect-child-process',
  fs: 'sarif:ESLint/security/detect-non-literal-fs-filename',
  eval: 'sarif:ESLint/security/detect-eval-with-expression',
};

function node(args: string[], cwd: string): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

for (const engine of engineNames) {
  describe(`SARIF import [${engine}]`, () => {
    let h: Harness;
    let token: string;
    let dir: string;
    let repo: string;
    let env: Record<string, string>;
    const ids = new Map<string, string>();

    const get = async (url: string) => body(await h.get(url, token));
    const aispm = (args: string[]): Promise<Run> => runAispm({ ...env }, args);
    const importLog = (file: string, extra: string[] = []) =>
      aispm(['import', '--format', 'sarif', '--tenant', T, '--workspace', W, ...extra, file]);
    /** ESLint run for real over the repository's src/, its SARIF log written to `file`. */
    const eslint = (file: string) => {
      const run = node(
        [
          join(dirname(require.resolve('eslint/package.json')), 'bin/eslint.js'),
          '-c',
          join(dir, 'eslint.config.js'),
          '-f',
          require.resolve('@microsoft/eslint-formatter-sarif/sarif.js'),
          '-o',
          file,
          'src',
        ],
        repo,
      );
      assert.equal(run.code, 0, run.err);
      return JSON.parse(readFileSync(file, 'utf8'));
    };
    /** The scans of a sensor, current first. */
    const scansOf = async (sensor: string) =>
      objects(await get(`/api/v1/scans/tenants/${T}/workspaces/${W}/current?sensorType=${encodeURIComponent(sensor)}`));
    /** A scan's findings as `status rule object-kind object-name line`, sorted. */
    const findingsOf = async (scanId: string) => {
      const rows = objects(await get(`/api/v1/scans/tenants/${T}/workspaces/${W}/${scanId}/instances?page_size=100`));
      return rows
        .map(
          (r) =>
            `${r.status} ${r.rule_id} ${r.object_type} ${ids.get(r.object_id) ?? r.object_id} ${r.code_location.path}:${r.code_location.start_line}`,
        )
        .sort();
    };
    /** Every code-scanning finding of the workspace, open and resolved, by id. */
    const allFindings = async () => {
      const out = new Map<string, Record<string, any>>();
      for (const rule of Object.values(RULE)) {
        for (const r of objects(await get(`/api/v1/rules/${encodeURIComponent(rule)}/results?page_size=100`))) out.set(r.id, r);
      }
      return out;
    };

    before(async () => {
      h = await startHarness(engine, { config: { sarifMaxResults: 50 } });
      token = await h.token({ tenant: T, scopes: ['read', 'ingest'] });
      dir = tempDir('aispm-sarif-');
      repo = join(dir, 'repo');
      env = { AISPM_DB: h.config.db, AISPM_POSTURE_RULES: 'false', AISPM_SCAN_KEY: 'test-key-0123456789abcdef', HOME: dir };
      gitRepository(repo, REMOTE, 'main', COMMIT);
      writeTree(repo, {
        'package.json': JSON.stringify({
          name: 'ops',
          private: true,
          type: 'module',
          dependencies: { '@openai/agents': '0.1.3', zod: '3.25.0' },
        }),
        'src/agents.js': AGENTS_JS,
        'src/keys.js': `export const token = '${synthetic.github()}';\n`,
      });
      writeFileSync(
        join(dir, 'eslint.config.js'),
        `import security from ${JSON.stringify(pathToFileURL(require.resolve('eslint-plugin-security')).href)};\nexport default [security.configs.recommended];\n`,
      );
      const scan = await aispm(['scan', repo, '--output', join(dir, 'scan.ndjson'), '--format', 'ndjson']);
      assert.equal(scan.code, 0, scan.err);
      const imported = await aispm(['import', '--tenant', T, '--workspace', W, join(dir, 'scan.ndjson')]);
      assert.equal(imported.code, 0, imported.out);
      for (const prefix of ['aispm-agents', 'aispm-tools'])
        for (const o of objects(await get(`/api/v1/${prefix}/tenants/${T}/workspaces/${W}?page_size=100`))) ids.set(o.id, o.name);
    });
    after(async () => {
      await h?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("ESLint's log: one scan, its rules, each result on its location and on the object declared there", async () => {
      assert.deepEqual([...ids.values()].sort(), ['Ops', 'shell']);
      const log = eslint(join(dir, 'eslint-1.sarif'));
      // What ESLint wrote: absolute file:// URIs, no version-control provenance, no fingerprints.
      assert.equal(
        log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri,
        pathToFileURL(join(repo, 'src/agents.js')).href,
      );
      const run = await importLog(join(dir, 'eslint-1.sarif'));
      assert.equal(run.code, 0, run.err);
      assert.match(run.out, /^3 results imported \(10 records written\) from the log in \d+\.\d\d s\n$/);

      const [scan, ...others] = await scansOf('ESLint');
      assert.equal(others.length, 0);
      assert.deepEqual(
        {
          ...scan,
          id: typeof scan!.id,
          started_at: typeof scan!.started_at,
          finished_at: typeof scan!.finished_at,
          attributes: { ...scan!.attributes, sarif_run: typeof scan!.attributes.sarif_run },
        },
        {
          id: 'string',
          sensor_type: 'ESLint',
          cicd_type: null,
          repository: REPO,
          branch: 'main',
          commit: COMMIT,
          status: 'succeeded',
          started_at: 'string',
          finished_at: 'string',
          is_current: true,
          assets: 1,
          current_assets: 1,
          ai_objects: 0,
          findings: 3,
          attributes: {
            format: 'sarif',
            sarif_run: 'string',
            tool: { name: 'ESLint', version: ESLINT_VERSION, information_uri: 'https://eslint.org' },
            results: { results: 3, open: 3, suppressed: 0, absent: 0, not_a_problem: 0, unplaced: 0 },
          },
        },
      );
      ids.set(scan!.id, 'eslint-1');

      const rule = body(await h.get(`/api/v1/rules/tenants/${T}/workspaces/${W}/${encodeURIComponent(RULE.eval)}`, token));
      assert.deepEqual(rule, {
        rule_id: RULE.eval,
        rule_name: 'Detects "eval(variable)" which can allow an attacker to run arbitrary code inside your process.',
        rule_description: 'Detects "eval(variable)" which can allow an attacker to run arbitrary code inside your process.',
        severity: 'medium',
        default_severity: 'medium',
        category: 'code-scanning',
        object_types: ['location', 'agent', 'tool', 'mcp_server', 'model'],
        owasp_category: null,
        remediation: '',
        source: 'external',
        enabled: true,
        frameworks: [],
        tags: [],
        help_uri: 'https://github.com/eslint-community/eslint-plugin-security/blob/main/docs/rules/detect-eval-with-expression.md',
      });

      const [loc10, loc15, loc21] = [
        await locationOf('src/agents.js', 10),
        await locationOf('src/agents.js', 15),
        await locationOf('src/agents.js', 21),
      ];
      assert.deepEqual(
        await findingsOf(scan!.id),
        [
          `open ${RULE.childProcess} location ${loc10} src/agents.js:10`,
          `open ${RULE.childProcess} tool shell src/agents.js:10`,
          `open ${RULE.eval} location ${loc21} src/agents.js:21`,
          `open ${RULE.fs} agent Ops src/agents.js:15`,
          `open ${RULE.fs} location ${loc15} src/agents.js:15`,
        ].sort(),
      );

      // The finding on the agent: where the result is, and where the agent is declared.
      const onAgent = [...(await allFindings()).values()].find((f) => f.object_type === 'agent')!;
      assert.deepEqual(
        {
          severity: onAgent.severity,
          title: onAgent.title,
          source: onAgent.source,
          category: onAgent.category,
          code_location: { ...onAgent.code_location, location_id: typeof onAgent.code_location.location_id },
          evidence: { ...onAgent.evidence, result_id: typeof onAgent.evidence.result_id, declared_at: typeof onAgent.evidence.declared_at },
        },
        {
          severity: 'medium',
          title: 'Found readFileSync from package "node:fs" with non literal argument at index 0',
          source: 'sarif',
          category: 'code-scanning',
          code_location: {
            repository: REPO,
            path: 'src/agents.js',
            start_line: 15,
            end_line: 15,
            start_column: 17,
            end_column: 62,
            location_id: 'string',
          },
          evidence: {
            tool: { name: 'ESLint', version: ESLINT_VERSION },
            rule: 'security/detect-non-literal-fs-filename',
            level: 'warning',
            result_id: 'string',
            declared_at: 'string',
            declared_lines: [13, 18],
          },
        },
      );

      // Which agents have open code findings: the agents list, by their issue counts (the finding is the agent's own).
      const agents = objects(await get(`/api/v1/aispm-agents/tenants/${T}/workspaces/${W}?total_issues__gt=0`));
      assert.deepEqual(
        agents.map((a) => a.name),
        ['Ops'],
      );
      const issues = objects(await get(`/api/v1/aispm-agents/tenants/${T}/workspaces/${W}/${agents[0]!.id}/issues?page_size=100`));
      assert.ok(issues.some((i) => i.rule_id === RULE.fs));
    });

    /** The SARIF import's location of a file and line (its name is `path:line`). */
    async function locationOf(path: string, line: number): Promise<string> {
      const rows = objects(await get(`/api/v1/locations/tenants/${T}/workspaces/${W}?page_size=500`));
      const found = rows.filter((r) => r.name === `${path}:${line}` && String(r.sources).includes('sarif'));
      assert.equal(found.length, 1, `${path}:${line}`);
      ids.set(found[0]!.id, `loc:${path}:${line}`);
      return `loc:${path}:${line}`;
    }

    it('importing the same log again changes nothing; the next run resolves what it no longer reports', async () => {
      const before = await allFindings();
      const again = await importLog(join(dir, 'eslint-1.sarif'));
      assert.equal(again.code, 0, again.err);
      assert.deepEqual(await allFindings(), before);
      assert.equal((await scansOf('ESLint')).length, 1);

      // The eval goes; ESLint runs again.
      writeTree(repo, { 'src/agents.js': AGENTS_JS.replace('return eval(expr);', 'return Number(expr);') });
      eslint(join(dir, 'eslint-2.sarif'));
      const next = await importLog(join(dir, 'eslint-2.sarif'));
      assert.equal(next.code, 0, next.err);
      const [current] = await scansOf('ESLint');
      assert.notEqual(current!.id, [...ids].find(([, v]) => v === 'eslint-1')![0]);
      const after = await allFindings();
      assert.equal(after.size, 5);
      for (const [id, f] of after) {
        const was = before.get(id)!;
        if (f.rule_id === RULE.eval) {
          assert.equal(f.status, 'resolved');
          assert.equal(typeof f.resolved_at, 'string');
        } else {
          // Raised again: the same finding, its first detection kept, now naming the latest run.
          assert.equal(f.status, 'open');
          assert.equal(f.detected_at, was.detected_at);
          assert.equal(f.scan_id, current!.id);
        }
      }
    });

    it('fingerprints make a moved result the same finding; suppressions and baseline states are honoured', async () => {
      // A real ESLint log, edited as a tool that writes fingerprints would have written it.
      const log = eslint(join(dir, 'eslint-3.sarif'));
      const results = log.runs[0].results as Array<Record<string, any>>;
      results.forEach((r, i) => {
        r.partialFingerprints = { primaryLocationLineHash: `hash-${r.ruleId}` };
        r.locations[0].physicalLocation.region.startLine += i === 0 ? 100 : 0;
        r.locations[0].physicalLocation.region.endLine += i === 0 ? 100 : 0;
      });
      writeFileSync(join(dir, 'fp-1.sarif'), JSON.stringify(log));
      assert.equal((await importLog(join(dir, 'fp-1.sarif'))).code, 0);
      const first = [...(await allFindings()).values()].filter((f) => f.status === 'open' && f.object_type === 'location');
      // Moved back by 100 lines (the file changed above it): the same fingerprints, the same findings.
      results[0]!.locations[0].physicalLocation.region.startLine -= 100;
      results[0]!.locations[0].physicalLocation.region.endLine -= 100;
      writeFileSync(join(dir, 'fp-2.sarif'), JSON.stringify(log));
      assert.equal((await importLog(join(dir, 'fp-2.sarif'))).code, 0);
      const second = [...(await allFindings()).values()].filter((f) => f.status === 'open' && f.object_type === 'location');
      assert.deepEqual(second.map((f) => f.id).sort(), first.map((f) => f.id).sort());
      const moved = second.find((f) => f.rule_id === results[0]!.ruleId.replace(/^/, 'sarif:ESLint/'))!;
      assert.equal(moved.code_location.start_line, 10);

      // One result suppressed (accepted), one absent from the baseline: both resolve; one under review stays open.
      results[0]!.suppressions = [{ kind: 'external', status: 'accepted', justification: 'runs only fixed commands' }];
      results[1]!.baselineState = 'absent';
      writeFileSync(join(dir, 'fp-3.sarif'), JSON.stringify(log));
      const run = await importLog(join(dir, 'fp-3.sarif'));
      assert.equal(run.code, 0, run.err);
      assert.match(run.out, /^2 results imported/);
      const [scan] = await scansOf('ESLint');
      assert.deepEqual(scan!.attributes.results, { results: 2, open: 0, suppressed: 1, absent: 1, not_a_problem: 0, unplaced: 0 });
      assert.equal(scan!.findings, 0);
      assert.deepEqual(
        [...(await allFindings()).values()].filter((f) => f.status === 'open'),
        [],
      );
      results[0]!.suppressions = [{ kind: 'inSource', status: 'underReview' }];
      delete results[1]!.baselineState;
      writeFileSync(join(dir, 'fp-4.sarif'), JSON.stringify(log));
      assert.equal((await importLog(join(dir, 'fp-4.sarif'))).code, 0);
      assert.deepEqual(
        [...(await allFindings()).values()]
          .filter((f) => f.status === 'open' && f.object_type === 'location')
          .map((f) => f.rule_id)
          .sort(),
        [RULE.childProcess, RULE.fs],
      );
    });

    it("secretlint's log through the ingest route: relative paths, the repository named on the query string, nothing of the secret kept", async () => {
      const run = node(
        [
          join(dirname(require.resolve('secretlint/package.json')), 'bin/secretlint.js'),
          '--secretlintrcJSON',
          JSON.stringify({ rules: [{ id: '@secretlint/secretlint-rule-preset-recommend' }] }),
          '--format',
          '@secretlint/secretlint-formatter-sarif',
          '--output',
          join(dir, 'secretlint.sarif'),
          'src/**/*',
        ],
        repo,
      );
      assert.equal(run.code, 0, run.err);
      const text = readFileSync(join(dir, 'secretlint.sarif'), 'utf8');
      // What secretlint wrote: one result, its path relative to where it ran, no repository.
      const log = JSON.parse(text);
      assert.deepEqual(
        [
          log.runs[0].results.length,
          log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri,
          log.runs[0].versionControlProvenance,
        ],
        [1, 'src/keys.js', undefined],
      );
      const secret = /'(ghp_[A-Za-z0-9]+)'/.exec(readFileSync(join(repo, 'src/keys.js'), 'utf8'))![1]!;
      const res = await h.request({
        method: 'POST',
        url: `/api/v1/ingest/tenants/${T}/workspaces/${W}?repository=${encodeURIComponent(REMOTE)}&branch=main&commit=${COMMIT}`,
        token,
        headers: { 'content-type': 'application/sarif+json' },
        payload: text,
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(body(res), { accepted: 4, rejected: 0, errors: [] });
      const [scan] = await scansOf('secretlint');
      assert.deepEqual([scan!.repository, scan!.branch, scan!.commit, scan!.findings], [REPO, 'main', COMMIT, 1]);
      const rows = objects(await get(`/api/v1/scans/tenants/${T}/workspaces/${W}/${scan!.id}/instances`));
      assert.deepEqual(
        rows.map((r) => [r.rule_id, r.severity, r.object_type, r.code_location.path, r.code_location.start_line]),
        [
          [
            'sarif:secretlint/@secretlint/secretlint-rule-preset-recommend > @secretlint/secretlint-rule-github',
            'high',
            'location',
            'src/keys.js',
            1,
          ],
        ],
      );
      assert.ok(!JSON.stringify(rows).includes(secret));
    });

    it('paths relative to originalUriBaseIds, chained bases, versionControlProvenance and fingerprints (a real ESLint log, rewritten as CodeQL lays out its locations)', async () => {
      const log = JSON.parse(readFileSync(join(dir, 'eslint-1.sarif'), 'utf8'));
      const run = log.runs[0];
      run.originalUriBaseIds = { REPOROOT: { uri: 'file:///ci/work/' }, SRC: { uri: 'src/', uriBaseId: 'REPOROOT' } };
      run.versionControlProvenance = [
        {
          repositoryUri: 'https://GitHub.com/acme/agents.git',
          revisionId: 'abc1234',
          branch: 'release',
          mappedTo: { uriBaseId: 'REPOROOT' },
        },
      ];
      run.automationDetails = { id: 'eslint/ci/run-7' };
      delete run.artifacts;
      (run.results as Array<Record<string, any>>).forEach((r, i) => {
        r.locations[0].physicalLocation.artifactLocation = { uri: 'agents.js', uriBaseId: 'SRC' };
        r.fingerprints = { 'eslint/v1': `fp-${i}` };
      });
      const post = (query: string) =>
        h.request({
          method: 'POST',
          url: `/api/v1/ingest/tenants/${T}/workspaces/ci${query}`,
          token,
          headers: { 'content-type': 'application/sarif+json' },
          payload: JSON.stringify(log),
        });
      const first = await post('?root=/ci/work');
      assert.equal(first.statusCode, 200, first.body);
      const [scan] = objects(await get(`/api/v1/scans/tenants/${T}/workspaces/ci/current?sensorType=ESLint`));
      assert.deepEqual(
        [scan!.repository, scan!.branch, scan!.commit, scan!.attributes.automation_id, scan!.attributes.category],
        [REPO, 'release', 'abc1234', 'eslint/ci/run-7', 'eslint/ci'],
      );
      const rows = objects(await get(`/api/v1/scans/tenants/${T}/workspaces/ci/${scan!.id}/instances`));
      assert.deepEqual(rows.map((r) => `${r.code_location.path}:${r.code_location.start_line}`).sort(), [
        'src/agents.js:10',
        'src/agents.js:15',
        'src/agents.js:21',
      ]);
      // Without a root the base stands for the repository's top: the same paths, the same findings (their fingerprints).
      const again = await post('');
      assert.equal(again.statusCode, 200, again.body);
      const rowsAgain = objects(await get(`/api/v1/scans/tenants/${T}/workspaces/ci/${scan!.id}/instances`));
      assert.deepEqual(
        rowsAgain.map((r) => [r.id, r.status, r.code_location.path]),
        rows.map((r) => [r.id, r.status, r.code_location.path]),
      );
    });

    it('a malformed or oversized log is refused naming the first problem, and nothing is written', async () => {
      const url = `/api/v1/ingest/tenants/${T}/workspaces/${W}`;
      const post = (payload: string, query = '') =>
        h.request({ method: 'POST', url: `${url}${query}`, token, headers: { 'content-type': 'application/sarif+json' }, payload });
      const scansBefore = (await scansOf('ESLint')).length;
      const bad = JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { version: '1' } }, results: [] }] });
      assert.deepEqual(body(await post(bad)), {
        code: 400,
        message: "not valid SARIF 2.1.0: /runs/0/tool/driver: must have required property 'name'",
      });
      assert.deepEqual(body(await post('{"version":"2.0.0","runs":[]}')), {
        code: 400,
        message: 'version "2.0.0" is not supported; send SARIF 2.1.0',
      });
      assert.deepEqual(body(await post('{"version":"2.1.0","runs":[]}', '?since=yesterday')), {
        code: 400,
        message: 'since: unknown query parameter; this operation takes root, repository, branch, commit, format',
      });
      // ESLint's absolute paths over HTTP need the root they are relative to.
      const eslintLog = readFileSync(join(dir, 'eslint-1.sarif'), 'utf8');
      assert.deepEqual(body(await post(eslintLog, '?repository=other')), {
        code: 400,
        message: `/runs/0/results/0/locations/0/physicalLocation/artifactLocation: ${pathToFileURL(join(repo, 'src/agents.js')).href} is an absolute path: give the repository's top directory (--root, or root= on the ingest route)`,
      });
      // Past AISPM_SARIF_MAX_RESULTS (50 here): 413, nothing written.
      const many = JSON.parse(eslintLog);
      many.runs[0].results = Array.from({ length: 51 }, () => many.runs[0].results[0]);
      const tooMany = await post(JSON.stringify(many), `?root=${encodeURIComponent(repo)}`);
      assert.equal(tooMany.statusCode, 413);
      assert.equal(
        body(tooMany).message,
        'the log holds 51 results, more than the limit of 50 (AISPM_SARIF_MAX_RESULTS); send it in parts',
      );
      assert.equal((await scansOf('ESLint')).length, scansBefore);

      // The CLI: exit 1, the problem named, nothing written.
      writeFileSync(join(dir, 'bad.sarif'), bad);
      const refused = await importLog(join(dir, 'bad.sarif'));
      assert.equal(refused.code, 1);
      assert.equal(
        refused.err,
        `aispm: ${join(dir, 'bad.sarif')}: not valid SARIF 2.1.0: /runs/0/tool/driver: must have required property 'name'; nothing was written\n`,
      );
      const outside = await importLog(join(dir, 'eslint-1.sarif'), ['--root', join(repo, 'src', 'nested')]);
      assert.equal(outside.code, 1);
      assert.match(outside.err, /is outside the repository's top directory .*nested; nothing was written/);
      assert.equal((await scansOf('ESLint')).length, scansBefore);
    });
  });
}
