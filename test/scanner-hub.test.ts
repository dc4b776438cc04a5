// The scanners' outputs joined in one graph (issue 37's "done when"), once per engine, through the
// real CLI and HTTP: two repositories are scanned with `aispm scan` (one deployed to production,
// one to staging), ESLint (with eslint-plugin-security and Microsoft's SARIF formatter) runs for
// real over the production one and its log is imported, a real promptfoo run's results
// (test/fixtures/promptfoo/, against the tests' stand-in for the OpenAI API) are imported, and OSV
// records (valid per the published schema, which the service checks) are imported with `aispm
// advisories import`. Then "which
// production agents reach a package with a known critical advisory, and through what" is one call
// of the paths API, and its answer is checked against what the fixtures hold: the filesystem MCP
// server that both repositories' agents start from a vulnerable package, reached by the production
// agents directly or by a hand-off, never by the staging agent or by an agent that reaches nothing.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { type Run, runAispm } from './helpers/cli-run.ts';
import { body, engineNames, objects, startHarness, type Harness } from './helpers/harness.ts';
import { gitRepository, tempDir, writeTree } from './helpers/scan-trees.ts';

const require = createRequire(import.meta.url);
const T = 'acme';
const W = 'estate';

const CRITICAL = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'; // 9.8
const MEDIUM = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N'; // 6.1
const FS_ADVISORY = 'GHSA-hub1-fs00-crit';
const AGENTS_ADVISORY = 'GHSA-hub2-agts-medm';

/** An OSV 1.6 record of one npm package. */
function osv(id: string, name: string, fixed: string, score: string): Record<string, unknown> {
  return {
    schema_version: '1.6.0',
    id,
    modified: '2025-06-01T00:00:00Z',
    published: '2025-06-01T00:00:00Z',
    aliases: [],
    summary: `${name} advisory ${id}`,
    affected: [
      {
        package: { ecosystem: 'npm', name, purl: `pkg:npm/${name.replace('@', '%40')}` },
        ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed }] }],
      },
    ],
    severity: [{ type: 'CVSS_V3', score }],
    references: [{ type: 'ADVISORY', url: `https://example.test/advisories/${id}` }],
  };
}

// Production: Ops starts the filesystem server (a vulnerable version) and runs shell commands;
// Concierge hands off to Ops; Writer reaches neither.
const PROD_AGENTS = `import { exec } from 'node:child_process';
import { Agent, MCPServerStdio, tool } from '@openai/agents';
import { z } from 'zod';

export const files = new MCPServerStdio({
  name: 'Files',
  fullCommand: 'npx -y @modelcontextprotocol/server-filesystem@2025.3.28 /srv/data',
});

export const shell = tool({
  name: 'shell',
  description: 'Run a shell command',
  parameters: z.object({ cmd: z.string() }),
  execute: async ({ cmd }) => exec(cmd),
});

export const ops = new Agent({
  name: 'Ops',
  instructions: 'Keep the build green.',
  model: 'gpt-4o-mini',
  tools: [shell],
  mcpServers: [files],
});

export const concierge = new Agent({
  name: 'Concierge',
  instructions: 'Help the user; hand off to specialists.',
  model: 'gpt-4o-mini',
  handoffs: [ops],
});

export const writer = new Agent({
  name: 'Writer',
  instructions: 'Write release notes.',
  model: 'gpt-4o-mini',
});
`;

// Staging: Lab starts the same vulnerable server.
const LAB_AGENTS = `import { Agent, MCPServerStdio } from '@openai/agents';

export const labFiles = new MCPServerStdio({
  name: 'Lab files',
  fullCommand: 'npx -y @modelcontextprotocol/server-filesystem@2025.3.28 /tmp/lab',
});

export const lab = new Agent({
  name: 'Lab',
  instructions: 'Try things out.',
  model: 'gpt-4o-mini',
  mcpServers: [labFiles],
});
`;

const PACKAGE_JSON = (name: string) =>
  JSON.stringify({ name, private: true, type: 'module', dependencies: { '@openai/agents': '0.1.3', zod: '3.25.0' } });

for (const engine of engineNames) {
  describe(`scanner hub: one graph from a scan, ESLint's SARIF and OSV [${engine}]`, () => {
    let h: Harness;
    let token: string;
    let dir: string;
    let env: Record<string, string>;
    const get = async (url: string) => body(await h.get(url, token));
    const aispm = (args: string[], extra: Record<string, string> = {}): Promise<Run> => runAispm({ ...env, ...extra }, args);
    const idsOf = async (prefix: string) =>
      new Map(
        objects(await get(`/api/v1/${prefix}/tenants/${T}/workspaces/${W}?page_size=100`)).map((o) => [o.name as string, o.id as string]),
      );

    before(async () => {
      h = await startHarness(engine);
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      token = await h.token({ tenant: T, scopes: ['read', 'ingest'] });
      dir = tempDir('aispm-hub-');
      env = {
        CI: 'true',
        AISPM_URL: `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`,
        AISPM_TOKEN: token,
        AISPM_TENANT: T,
        AISPM_WORKSPACE: W,
        AISPM_DB: h.config.db,
        AISPM_SCAN_KEY: 'test-key-0123456789abcdef',
        HOME: join(dir, 'home'),
      };
      mkdirSync(env.HOME!, { recursive: true });
      const prod = join(dir, 'support');
      const lab = join(dir, 'lab');
      gitRepository(prod, 'git@github.com:acme/support.git', 'main', '1'.repeat(40));
      gitRepository(lab, 'git@github.com:acme/lab.git', 'main', '2'.repeat(40));
      writeTree(prod, { 'package.json': PACKAGE_JSON('support'), 'src/agents.js': PROD_AGENTS });
      writeTree(lab, { 'package.json': PACKAGE_JSON('lab'), 'src/agents.js': LAB_AGENTS });

      for (const [root, environment] of [
        [prod, 'production'],
        [lab, 'staging'],
      ] as const) {
        const scan = await aispm(['scan', '--environment', environment, root]);
        assert.equal(scan.code, 0, scan.err);
      }

      // ESLint, for real, over the production repository; its SARIF log imported.
      writeFileSync(
        join(dir, 'eslint.config.js'),
        `import security from ${JSON.stringify(pathToFileURL(require.resolve('eslint-plugin-security')).href)};\nexport default [security.configs.recommended];\n`,
      );
      const log = join(dir, 'eslint.sarif');
      const eslint = spawnSync(
        process.execPath,
        [
          join(dirname(require.resolve('eslint/package.json')), 'bin/eslint.js'),
          '-c',
          join(dir, 'eslint.config.js'),
          '-f',
          require.resolve('@microsoft/eslint-formatter-sarif/sarif.js'),
          '-o',
          log,
          'src',
        ],
        { cwd: prod, encoding: 'utf8' },
      );
      assert.equal(eslint.status, 0, eslint.stderr);
      assert.ok(JSON.parse(readFileSync(log, 'utf8')).runs[0].results.length > 0);
      const sarif = await aispm(['import', '--format', 'sarif', '--tenant', T, '--workspace', W, log]);
      assert.equal(sarif.code, 0, sarif.err);

      // promptfoo's real results: its target gpt-4o-mini is the model the scanned agents call.
      const promptfoo = await aispm([
        'import',
        '--format',
        'promptfoo',
        '--tenant',
        T,
        '--workspace',
        W,
        'test/fixtures/promptfoo/results.json',
      ]);
      assert.equal(promptfoo.code, 0, promptfoo.err);

      // OSV: the filesystem server's version is critically vulnerable; the agents SDK's moderately.
      writeTree(join(dir, 'osv'), {
        [`${FS_ADVISORY}.json`]: JSON.stringify(osv(FS_ADVISORY, '@modelcontextprotocol/server-filesystem', '2025.7.1', CRITICAL)),
        [`${AGENTS_ADVISORY}.json`]: JSON.stringify(osv(AGENTS_ADVISORY, '@openai/agents', '0.1.4', MEDIUM)),
      });
      const advisories = await aispm(['advisories', 'import', join(dir, 'osv')]);
      assert.equal(advisories.code, 0, advisories.err);
    });
    after(async () => {
      await h?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('the graph holds every source: scanned agents with their environment, code findings, probe results, advisory findings', async () => {
      // The scanned agents (promptfoo's target label names one more, with no environment).
      const agents = objects(
        await get(`/api/v1/aispm-agents/tenants/${T}/workspaces/${W}?page_size=100&sort=name&environment__in=production,staging`),
      );
      assert.deepEqual(
        agents.map((a) => [a.name, a.environment]),
        [
          ['Concierge', 'production'],
          ['Lab', 'staging'],
          ['Ops', 'production'],
          ['Writer', 'production'],
        ],
      );
      const tools = await idsOf('aispm-tools');
      const toolIssues = objects(await get(`/api/v1/aispm-tools/tenants/${T}/workspaces/${W}/${tools.get('shell')}/issues?page_size=100`));
      assert.ok(
        toolIssues.some((i) => i.rule_id === 'sarif:ESLint/security/detect-child-process'),
        `the shell tool carries ESLint's finding: ${JSON.stringify(toolIssues.map((i) => i.rule_id))}`,
      );
      const models = objects(await get(`/api/v1/aispm-models/tenants/${T}/workspaces/${W}?page_size=100&name=gpt-4o-mini`));
      assert.ok(models.length > 0);
      for (const m of models) {
        const issues = objects(await get(`/api/v1/aispm-models/tenants/${T}/workspaces/${W}/${m.id}/issues?page_size=100`));
        assert.ok(
          issues.some((i) => i.rule_id === 'promptfoo:prompt-injection'),
          `the model ${m.id} carries promptfoo's failed probe: ${JSON.stringify(issues.map((i) => i.rule_id))}`,
        );
      }
      const servers = await idsOf('aispm-mcp-servers');
      for (const name of ['Files', 'Lab files']) {
        const issues = objects(
          await get(`/api/v1/aispm-mcp-servers/tenants/${T}/workspaces/${W}/${servers.get(name)}/issues?page_size=100`),
        );
        assert.deepEqual(
          issues
            .filter((i) => String(i.rule_id).startsWith('osv:'))
            .map((i) => [i.rule_id, i.severity])
            .sort(),
          [
            [`osv:${FS_ADVISORY}`, 'critical'],
            [`osv:${AGENTS_ADVISORY}`, 'medium'],
          ],
          name,
        );
      }
    });

    it('"which production agents reach a package with a known critical advisory, and through what" is one call', async () => {
      const answer = await get(
        `/api/v1/graph/paths/tenants/${T}/workspaces/${W}?from=agent&from.environment=production&to=mcp-servers&to.critical_issues__gt=0`,
      );
      const rows = objects(answer);
      assert.equal(answer.total, 2);
      assert.deepEqual(
        rows.map((r) => [r.from_name, r.to_name, r.hops, r.path.map((n: { name: string }) => n.name), r.relations]),
        [
          ['Ops', 'Files', 1, ['Ops', 'Files'], ['uses_mcp_server']],
          ['Concierge', 'Files', 2, ['Concierge', 'Ops', 'Files'], ['delegates_to', 'uses_mcp_server']],
        ],
      );
      // The advisory's own answer agrees: both servers are affected, and the agents reaching them
      // include the staging one, which the production filter above leaves out.
      const advisory = await get(`/api/v1/advisories/tenants/${T}/workspaces/${W}/${FS_ADVISORY}`);
      assert.equal(advisory.severity, 'critical');
      assert.deepEqual(
        advisory.objects.map((o: { kind: string; name: string; package: { name: string; version: string } }) => [
          o.kind,
          o.name,
          o.package.name,
          o.package.version,
        ]),
        [
          ['mcp_server', 'Files', '@modelcontextprotocol/server-filesystem', '2025.3.28'],
          ['mcp_server', 'Lab files', '@modelcontextprotocol/server-filesystem', '2025.3.28'],
        ].sort(),
      );
      assert.deepEqual(advisory.agents.map((a: { name: string }) => a.name).sort(), ['Concierge', 'Lab', 'Ops']);
    });
  });
}
