// `aispm scan` end to end, once per engine: the real CLI, run as a process, scans trees the test
// writes (a repository with MCP client configurations, secrets, a key and certificates; a home
// directory with every client's configuration; a corpus of files that must be skipped) into the
// service listening on 127.0.0.1, and the results are read back through the API: the objects with
// their locations, the relations, the findings, the scan record; a re-scan after a change and after
// a deletion retires what is gone. The same scan written as NDJSON is accepted by `aispm import`,
// as SARIF validates against the 2.1.0 schema, as CycloneDX against the library's validator; no
// secret value appears in any of them, nor in what the CLI prints, nor in any API answer.

import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { execFileSync } from 'node:child_process';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import { allPages, body, engineNames, objects, startHarness, type Harness } from './helpers/harness.ts';
import { validateSarif } from './helpers/sarif-schema.ts';
import { certificatePem, gitRepository, privateKeyPem, synthetic, tempDir, writeTree } from './helpers/scan-trees.ts';
import { type Run, runAispm } from './helpers/cli-run.ts';

const T = 'acme';
const W = 'dev';
const REMOTE = 'https://github.com/acme/support-agent';
const SENSOR = 'SENSOR_TYPE_STATIC_CODE_SCAN';
/** `${NAME}`: how a client configuration refers to a variable of its environment instead of holding the value. */
const envRef = (name: string) => ['$', '{', name, '}'].join('');
const at = (prefix: string) => `/api/v1/${prefix}/tenants/${T}/workspaces/${W}`;

function aispm(env: Record<string, string | undefined>, args: string[]): Promise<Run> {
  return runAispm({ CI: 'true', ...env }, args);
}

/** The repository: Cursor and Claude Code configurations, a .env, a private key, certificates. */
function agentRepository(root: string, secrets: Record<string, string>) {
  const commit = gitRepository(root, `git@github.com:acme/support-agent.git`, 'main');
  writeTree(root, {
    '.gitignore': 'ignored-dir/\n*.log\n',
    'ignored-dir/notes.txt': `token ${secrets.ignored}\n`,
    'debug.log': `token ${secrets.ignored}\n`,
    '.cursor/mcp.json': [
      '{',
      '  // servers Cursor starts for this project',
      '  "mcpServers": {',
      '    "filesystem": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "."] },',
      '    "github": {',
      '      "command": "npx",',
      '      "args": ["-y", "@modelcontextprotocol/server-github"],',
      `      "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "${secrets.github}" }`,
      '    },',
      '    "crm": { "url": "http://crm.example.com/mcp" },',
      '  },',
      '}',
    ].join('\n'),
    '.mcp.json': JSON.stringify(
      {
        mcpServers: {
          docs: { type: 'http', url: 'https://docs.example.com/mcp', headers: { Authorization: `Bearer ${envRef('DOCS_TOKEN')}` } },
        },
      },
      null,
      2,
    ),
    '.env': `# local settings\nOPENAI_API_KEY=${secrets.openai}\nDEBUG=1\n`,
    'config/settings.py': `import os\n\nANTHROPIC_KEY = "${secrets.anthropic}"\nREGION = "eu"\n`,
    'deploy/id_ec.pem': privateKeyPem(),
    'certs/soon.crt': certificatePem(10, 'soon.example.test'),
    'certs/later.crt': certificatePem(400, 'later.example.test'),
    'node_modules/pkg/index.js': `module.exports = "${secrets.ignored}";\n`,
  });
  return commit;
}

for (const engine of engineNames) {
  describe(`aispm scan [${engine}]`, () => {
    let h: Harness;
    let env: Record<string, string>;
    let token: string;
    let dir: string;
    const secrets: Record<string, string> = {};
    /** What the CLI printed, and the files it wrote. */
    const printed: string[] = [];
    const outputs: string[] = [];
    const seen = (run: Run) => {
      printed.push(run.out, run.err);
      return run;
    };

    before(async () => {
      h = await startHarness(engine);
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      token = await h.token({ tenant: T, scopes: ['read', 'ingest'] });
      dir = tempDir();
      Object.assign(secrets, {
        github: synthetic.github(),
        openai: synthetic.openai(),
        anthropic: synthetic.anthropic(),
        ignored: synthetic.gitlab(),
      });
      env = {
        AISPM_URL: `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`,
        AISPM_TOKEN: token,
        AISPM_TENANT: T,
        AISPM_WORKSPACE: W,
        AISPM_SCAN_KEY: 'test-key-0123456789abcdef',
        HOME: join(dir, 'empty-home'),
      };
      mkdirSync(env.HOME!, { recursive: true });
    });
    after(async () => {
      await h?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const list = async (prefix: string) => objects((await allPages(h, `${at(prefix)}?page_size=1000`, token)) as never);
    const edge = async (prefix: string, id: string, name: string) =>
      objects(body(await h.get(`${at(prefix)}/${encodeURIComponent(id)}/${name}?page_size=1000`, token)));

    it('scans a repository into the service: objects at their lines, relations, findings and the scan record', async () => {
      const repo = join(dir, 'repo');
      const commit = agentRepository(repo, secrets);
      const run = seen(await aispm(env, ['scan', repo]));
      assert.equal(run.code, 0, run.err + run.out);
      assert.match(run.out, /https:\/\/github\.com\/acme\/support-agent\s+\d+\s+\d+\s+2\s+0\s+0\s+4\s+3\s+1\s+2/);
      assert.match(run.out, /sent 1 scan to http:\/\/127\.0\.0\.1:\d+ acme\/dev: \d+ records accepted/);

      const servers = await list('aispm-mcp-servers');
      assert.deepEqual(servers.map((s) => s.name).sort(), ['crm', 'docs', 'filesystem', 'github']);
      const github = servers.find((s) => s.name === 'github')!;
      assert.equal(github.transport, 'stdio');
      assert.equal(github.package, 'npm:@modelcontextprotocol/server-github');
      assert.deepEqual(github.sources, ['static_code_scan']);
      const fs = servers.find((s) => s.name === 'filesystem')!;
      assert.equal(fs.version, '2025.8.21');
      assert.equal(servers.find((s) => s.name === 'crm')!.url, 'http://crm.example.com/mcp');

      // The server's location: the file, the span of its declaration, the repository and commit.
      const [loc] = await edge('aispm-mcp-servers', github.id, 'locations');
      assert.equal(loc.path, '.cursor/mcp.json');
      assert.equal(loc.start_line, 5);
      assert.equal(loc.end_line, 9);
      assert.equal(loc.repository, REMOTE);
      assert.equal(loc.commit, commit);
      assert.equal(loc.branch, 'main');
      assert.equal(loc.url, `${REMOTE}/blob/${commit}/.cursor/mcp.json#L5-L9`);

      const agents = await list('aispm-agents');
      assert.deepEqual(agents.map((a) => [a.name, a.framework]).sort(), [
        ['Claude Code', 'claude-code'],
        ['Cursor', 'cursor'],
      ]);
      const cursor = agents.find((a) => a.name === 'Cursor')!;
      assert.deepEqual((await edge('aispm-agents', cursor.id, 'aispm_mcp_server_dependencies')).map((s) => s.name).sort(), [
        'crm',
        'filesystem',
        'github',
      ]);

      // Findings of the scanner's rules, each on its object with its code location.
      const mcpSecret = await edge('aispm-mcp-servers', github.id, 'instances');
      const ruleIds = mcpSecret.map((i) => i.rule_id).sort();
      assert.ok(ruleIds.includes('SR-aispm_secret_in_mcp_configuration'), JSON.stringify(ruleIds));
      assert.ok(ruleIds.includes('SR-aispm_mcp_server_unpinned_package'), JSON.stringify(ruleIds));
      assert.ok(!(await edge('aispm-mcp-servers', fs.id, 'instances')).some((i) => i.rule_id === 'SR-aispm_mcp_server_unpinned_package'));
      const crm = servers.find((s) => s.name === 'crm')!;
      const insecure = (await edge('aispm-mcp-servers', crm.id, 'instances')).find(
        (i) => i.rule_id === 'SR-aispm_mcp_server_insecure_remote',
      )!;
      assert.equal(insecure.severity, 'high');

      // The scan record: current for the repository's asset.
      const current = objects(body(await h.get(`/api/v1/scans/tenants/${T}/workspaces/${W}/current?sensorType=${SENSOR}`, token)));
      assert.equal(current.length, 1);
      const scan = current[0]!;
      assert.equal(scan.repository, REMOTE);
      assert.equal(scan.commit, commit);
      assert.equal(scan.branch, 'main');
      assert.equal(scan.status, 'succeeded');
      assert.equal(scan.ai_objects, 6);
      assert.equal(scan.attributes.skipped.ignored, 2);
      assert.equal(scan.attributes.skipped.vendored, 1);
      const detail = body(await h.get(`/api/v1/scans/tenants/${T}/workspaces/${W}/${scan.id}/instances?page_size=100`, token));
      const rules = objects(detail).map((i) => i.rule_id);
      for (const r of [
        'SR-aispm_hardcoded_credentials',
        'SR-aispm_secret_in_mcp_configuration',
        'SR-aispm_private_key_in_repository',
        'SR-aispm_certificate_expiring',
        'SR-aispm_mcp_server_unpinned_package',
        'SR-aispm_mcp_server_insecure_remote',
      ])
        assert.ok(rules.includes(r), `${r} in ${rules}`);
      assert.equal(
        rules.filter((r) => r === 'SR-aispm_hardcoded_credentials').length,
        2,
        'the .env key and the Python one, nothing from ignored files',
      );
      assert.equal(rules.filter((r) => r === 'SR-aispm_certificate_expiring').length, 1, 'the certificate valid 400 days is fine');
      const hardcoded = objects(detail).find((i) => i.rule_id === 'SR-aispm_hardcoded_credentials' && i.code_location.path === '.env')!;
      assert.equal(hardcoded.code_location.start_line, 2);
      assert.equal(hardcoded.object_type, 'location');
      // The secret contained in its location, with its preview and fingerprint only.
      const [secret] = await edge('locations', hardcoded.object_id, 'secrets');
      assert.equal(secret.secret_type, 'api_key');
      assert.equal(secret.provider, 'openai');
      assert.equal(
        (await edge('locations', objects(detail).find((i) => i.rule_id === 'SR-aispm_private_key_in_repository')!.object_id, 'keys'))[0]
          .algorithm,
        'ec',
      );
      const [assetId] = objects(body(await h.get(`/api/v1/scans/tenants/${T}/workspaces/${W}/${scan.id}/assets`, token))).map(
        (a) => a.asset_id,
      );
      const [asset] = objects(body(await h.get(`${at('assets')}/${encodeURIComponent(assetId)}`, token)));
      assert.equal(asset!.type, 'repository');
      assert.equal(asset!.name, REMOTE);
      assert.deepEqual((await edge('assets', assetId, 'aispm_agents')).map((a) => a.name).sort(), ['Claude Code', 'Cursor']);
    });

    it('a second scan after a change and after a deletion: what is gone is retired and its findings resolve', async () => {
      const repo = join(dir, 'repo');
      const before = await list('aispm-mcp-servers');
      // The github server loses its secret and gets a version; the crm server is removed; .env is deleted.
      writeFileSync(
        join(repo, '.cursor/mcp.json'),
        JSON.stringify(
          {
            mcpServers: {
              filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem@2025.8.21', '.'] },
              github: {
                command: 'npx',
                args: ['-y', '@modelcontextprotocol/server-github@2025.4.8'],
                env: { GITHUB_PERSONAL_ACCESS_TOKEN: envRef('GITHUB_TOKEN') },
              },
            },
          },
          null,
          2,
        ),
      );
      unlinkSync(join(repo, '.env'));
      const run = seen(await aispm(env, ['scan', repo]));
      assert.equal(run.code, 0, run.err + run.out);
      assert.match(run.out, /objects no longer found retired, \d+ findings resolved/);
      const after = await list('aispm-mcp-servers');
      assert.deepEqual(after.map((s) => s.name).sort(), ['docs', 'filesystem', 'github']);
      // Same ids for what stayed: the second scan updated the first one's objects.
      for (const s of after) assert.equal(s.id, before.find((b) => b.name === s.name)!.id);
      const github = after.find((s) => s.name === 'github')!;
      const open = (await edge('aispm-mcp-servers', github.id, 'instances')).filter((i) => i.status === 'open').map((i) => i.rule_id);
      assert.deepEqual(open, []);
      const scans = objects(body(await h.get(`/api/v1/scans/tenants/${T}/workspaces/${W}/current?sensorType=${SENSOR}`, token)));
      assert.equal(scans.length, 1);
      const all = objects(
        body(
          await h.get(
            `/api/v1/scans/asset/${encodeURIComponent(objects(body(await h.get(`/api/v1/scans/tenants/${T}/workspaces/${W}/${scans[0]!.id}/assets`, token)))[0]!.asset_id)}`,
            token,
          ),
        ),
      );
      assert.equal(all.length, 2);
      const first = all.find((s) => !s.is_current)!;
      const resolved = objects(body(await h.get(`/api/v1/scans/tenants/${T}/workspaces/${W}/${first.id}/instances?page_size=100`, token)));
      const byRule = (rule: string) => resolved.filter((i) => i.rule_id === rule).map((i) => i.status);
      assert.deepEqual(byRule('SR-aispm_secret_in_mcp_configuration'), ['resolved']);
      assert.deepEqual(byRule('SR-aispm_mcp_server_insecure_remote'), ['resolved']);
      assert.ok(
        resolved
          .filter((i) => i.rule_id === 'SR-aispm_hardcoded_credentials' && i.code_location.path === '.env')
          .every((i) => i.status === 'resolved'),
      );
      // Still there: the Python secret's finding, raised again by the second scan with its first detection time.
      const python = objects(
        body(await h.get(`/api/v1/scans/tenants/${T}/workspaces/${W}/${scans[0]!.id}/instances?page_size=100`, token)),
      ).find((i) => i.code_location?.path === 'config/settings.py')!;
      assert.equal(python.status, 'open');
      assert.equal(python.detected_at, resolved.find((i) => i.id === python.id)?.detected_at ?? python.detected_at);
    });

    it('--host reads every MCP client configuration of a home directory; a malformed one is skipped with its line', async () => {
      const home = join(dir, 'home');
      const server = (name: string) => ({ [name]: { command: 'npx', args: ['-y', `${name}-mcp@1.0.0`] } });
      const vscode = '.config/Code/User';
      writeTree(home, {
        '.config/Claude/claude_desktop_config.json': JSON.stringify({ mcpServers: server('claude-desktop') }),
        '.claude.json': JSON.stringify({
          mcpServers: server('claude-code-user'),
          projects: { [`${home}/code/app`]: { mcpServers: server('claude-code-project') } },
        }),
        '.cursor/mcp.json': JSON.stringify({ mcpServers: server('cursor') }),
        [`${vscode}/mcp.json`]:
          '{\n  // user servers\n  "servers": { "vscode": { "type": "stdio", "command": "npx", "args": ["-y", "vscode-mcp@1.0.0"] }, },\n}',
        [`${vscode}/settings.json`]: JSON.stringify({ 'editor.fontSize': 13, mcp: { servers: server('vscode-settings') } }),
        [`${vscode}/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json`]: JSON.stringify({
          mcpServers: server('cline'),
        }),
        [`${vscode}/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json`]: JSON.stringify({ mcpServers: server('roo') }),
        '.codeium/windsurf/mcp_config.json': JSON.stringify({
          mcpServers: {
            windsurf: { serverUrl: 'https://windsurf.example.com/mcp', headers: { Authorization: `Bearer ${envRef('TOKEN')}` } },
          },
        }),
        '.continue/config.yaml': 'name: local\nmcpServers:\n  - name: continue\n    command: npx\n    args: ["-y", "continue-mcp@1.0.0"]\n',
        '.continue/mcpServers/extra.yaml': 'mcpServers:\n  - name: continue-extra\n    command: uvx\n    args: ["extra-mcp"]\n',
        '.config/zed/settings.json':
          '{\n  "context_servers": {\n    "zed": { "command": { "path": "npx", "args": ["-y", "zed-mcp@1.0.0"], "env": {} } },\n  }\n}',
        '.gemini/settings.json': JSON.stringify({
          mcpServers: { gemini: { httpUrl: 'https://gemini.example.com/mcp', headers: { 'X-Api-Key': synthetic.password() } } },
        }),
        '.codex/config.toml': '[mcp_servers.codex]\ncommand = "npx"\nargs = ["-y", "codex-mcp@1.0.0"]\n\n[mcp_servers.broken\n',
      });
      const run = seen(await aispm({ ...env, HOME: home }, ['scan', '--host', '--verbose']));
      assert.equal(run.code, 0, run.err + run.out);
      assert.match(run.out, /skipped ~\/\.codex\/config\.toml:6: malformed \(not valid TOML: Unterminated table-key\)/);
      const agents = (await list('aispm-agents')).filter((a) => a.context?.startsWith('host '));
      assert.deepEqual(agents.map((a) => a.name).sort(), [
        'Claude Code',
        'Claude Desktop',
        'Cline',
        'Continue',
        'Cursor',
        'Gemini CLI',
        'Roo Code',
        'VS Code',
        'Windsurf',
        'Zed',
      ]);
      const servers = new Map((await list('aispm-mcp-servers')).map((s) => [s.name, s]));
      const expected: [string, string][] = [
        ['Claude Desktop', 'claude-desktop'],
        ['Claude Code', 'claude-code-user'],
        ['Claude Code', 'claude-code-project'],
        ['Cursor', 'cursor'],
        ['VS Code', 'vscode'],
        ['VS Code', 'vscode-settings'],
        ['Cline', 'cline'],
        ['Roo Code', 'roo'],
        ['Windsurf', 'windsurf'],
        ['Continue', 'continue'],
        ['Continue', 'continue-extra'],
        ['Zed', 'zed'],
        ['Gemini CLI', 'gemini'],
      ];
      for (const [client, name] of expected) {
        const s = servers.get(name);
        assert.ok(s, `${name} of ${client}`);
        const users = (await edge('aispm-mcp-servers', s.id, 'aispm_agents')).map((a) => a.name);
        assert.deepEqual(users, [client], name);
      }
      const [loc] = await edge('aispm-mcp-servers', servers.get('zed')!.id, 'locations');
      assert.equal(loc.path, '~/.config/zed/settings.json');
      assert.equal(loc.start_line, 3);
      assert.ok(loc.host);
      assert.equal(servers.get('windsurf')!.transport, 'streamable-http');
      assert.equal(servers.get('gemini')!.authentication, 'api_key');
      // The literal key in Gemini's headers is a secret in an MCP configuration.
      assert.ok(
        (await edge('aispm-mcp-servers', servers.get('gemini')!.id, 'instances')).some(
          (i) => i.rule_id === 'SR-aispm_secret_in_mcp_configuration',
        ),
      );
      assert.ok(
        (await edge('aispm-mcp-servers', servers.get('continue-extra')!.id, 'instances')).some(
          (i) => i.rule_id === 'SR-aispm_mcp_server_unpinned_package',
        ),
      );
    });

    it('malformed, binary, oversized, unreadable and looping files are skipped and reported, never a crash', async () => {
      const bad = join(dir, 'bad');
      writeTree(bad, {
        '.cursor/mcp.json': '{ "mcpServers": { "x": { "command": "npx" ',
        '.continue/mcpServers/bad.yaml': 'mcpServers:\n  - name: a\n   command: [unclosed\n',
        'blob.dat': Buffer.from([0x89, 0x50, 0x00, 0x01, 0x02, 0x00, 0xff]),
        'image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
        'ok.py': 'print("hello")\n',
      });
      // 100 MB, sparse: its size is all the scanner may read of it.
      writeFileSync(join(bad, 'huge.txt'), '');
      truncateSync(join(bad, 'huge.txt'), 100 * 1024 * 1024);
      mkdirSync(join(bad, 'loop'));
      symlinkSync('..', join(bad, 'loop', 'up'));
      symlinkSync('/etc', join(bad, 'outside'));
      symlinkSync('/etc/hostname', join(bad, 'outside-file'));
      symlinkSync('missing-target', join(bad, 'dangling'));
      execFileSync('mkfifo', [join(bad, 'pipe')]);
      const out = join(dir, 'bad.ndjson');
      const run = seen(await aispm(env, ['scan', bad, '--output', out, '--verbose']));
      assert.equal(run.code, 0, run.err + run.out);
      for (const line of [
        /skipped \.continue\/mcpServers\/bad\.yaml:3: malformed/,
        /skipped \.cursor\/mcp\.json:1: malformed \(not valid JSON/,
        /skipped blob\.dat: binary \(NUL byte/,
        /skipped image\.png: binary \(by extension\)/,
        /skipped huge\.txt: too_large \(104857600 bytes/,
        /skipped loop\/up: symlink_loop/,
        /skipped outside: symlink_outside/,
        /skipped outside-file: symlink_outside/,
        /skipped dangling: unreadable \(dangling link\)/,
        /skipped pipe: unreadable \(not a regular file\)/,
      ])
        assert.match(run.out, line);
      const scan = readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .find((r) => r.type === 'scan');
      assert.equal(scan.attributes.files_read, 3, 'ok.py, and the two configurations (read for secrets too)');
      assert.deepEqual(scan.attributes.skipped, {
        malformed: 2,
        binary: 2,
        too_large: 1,
        symlink_loop: 1,
        symlink_outside: 2,
        unreadable: 2,
      });
    });

    it('writes NDJSON that aispm import accepts, SARIF that validates, CycloneDX that validates; --fail-on sets the exit code', async () => {
      const repo = join(dir, 'repo');
      const nd = join(dir, 'scan.ndjson');
      const sarif = join(dir, 'scan.sarif');
      const cdx = join(dir, 'scan.cdx.json');
      for (const [file, format] of [
        [nd, 'ndjson'],
        [sarif, 'sarif'],
        [cdx, 'cyclonedx'],
      ] as const) {
        const run = seen(await aispm(env, ['scan', repo, '--output', file, '--format', format]));
        assert.equal(run.code, 0, run.err);
        outputs.push(readFileSync(file, 'utf8'));
      }
      const imported = seen(await aispm({ ...env, AISPM_DB: h.config.db }, ['import', nd, '--tenant', T, '--workspace', 'imported']));
      assert.equal(imported.code, 0, imported.out + imported.err);
      assert.match(imported.out, /^\d+ records written, 0 rejected/);
      const log = JSON.parse(readFileSync(sarif, 'utf8'));
      assert.ok(validateSarif(log), JSON.stringify(validateSarif.errors?.slice(0, 3)));
      const results = log.runs[0].results as {
        ruleId: string;
        locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
      }[];
      const py = results.find((r) => r.locations[0]!.physicalLocation.artifactLocation.uri === 'config/settings.py')!;
      assert.equal(py.ruleId, 'SR-aispm_hardcoded_credentials');
      assert.equal(py.locations[0]!.physicalLocation.region.startLine, 3);
      assert.ok(
        log.runs[0].tool.driver.rules.some(
          (r: { id: string; properties: { tags: string[] } }) =>
            r.id === 'SR-aispm_private_key_in_repository' && r.properties.tags.includes('ASI03'),
        ),
      );
      const validator = new Validation.JsonStrictValidator(Spec.Version.v1dot6);
      assert.equal(await validator.validate(readFileSync(cdx, 'utf8')), null);
      const bom = JSON.parse(readFileSync(cdx, 'utf8'));
      assert.ok(bom.services.some((s: { name: string }) => s.name === 'github'));
      assert.ok(bom.vulnerabilities.some((v: { id: string }) => v.id === 'SR-aispm_private_key_in_repository'));
      const cdxImport = seen(
        await aispm({ ...env, AISPM_DB: h.config.db }, ['import', '--format', 'cyclonedx', cdx, '--tenant', T, '--workspace', 'from-bom']),
      );
      assert.equal(cdxImport.code, 0, cdxImport.err);

      const failing = seen(await aispm(env, ['scan', repo, '--output', join(dir, 'x.ndjson'), '--fail-on', 'critical']));
      assert.equal(failing.code, 3, failing.out);
      assert.match(failing.out, /findings? at or above critical \(--fail-on\): exit 3/);
      const clean = join(dir, 'clean');
      writeTree(clean, { 'main.py': 'print("hi")\n' });
      assert.equal(seen(await aispm(env, ['scan', clean, '--output', join(dir, 'y.ndjson'), '--fail-on', 'low'])).code, 0);
      const usage = seen(await aispm(env, ['scan', clean, '--fail-on', 'severe']));
      assert.equal(usage.code, 2);
      assert.match(usage.err, /--fail-on/);
    });

    it('with a token that may only ingest, the scan is sent and the CLI says nothing was retired', async () => {
      const ingestOnly = await h.token({ tenant: T, scopes: ['ingest'] });
      const run = seen(await aispm({ ...env, AISPM_TOKEN: ingestOnly }, ['scan', join(dir, 'repo')]));
      assert.equal(run.code, 0, run.err);
      assert.match(run.out, /warning: cannot read the previous scan .*not retired; give the token the read scope too/);
    });

    it('no secret value anywhere: outputs, what the CLI printed, and every answer of the API', async () => {
      const answers: string[] = [];
      for (const prefix of ['aispm-agents', 'aispm-mcp-servers', 'aispm-tools', 'aispm-models', 'assets', 'locations']) {
        const rows = await list(prefix);
        answers.push(JSON.stringify(rows));
        for (const r of rows) {
          answers.push((await h.get(`${at(prefix)}/${encodeURIComponent(r.id)}`, token)).body);
          if (prefix === 'locations' || prefix === 'assets') {
            for (const e of ['secrets', 'keys', 'certs']) {
              const res = await h.get(`${at(prefix)}/${encodeURIComponent(r.id)}/${e}`, token);
              if (res.statusCode === 200) answers.push(res.body);
            }
          }
        }
      }
      answers.push((await h.get(`/api/v1/issues/tenants/${T}/workspaces/${W}/sarif`, token)).body);
      answers.push((await h.get(`/api/v1/aibom/tenants/${T}/workspaces/${W}`, token)).body);
      const scans = objects(body(await h.get(`/api/v1/scans/tenants/${T}/workspaces/${W}/current?sensorType=${SENSOR}`, token)));
      for (const s of scans) answers.push((await h.get(`/api/v1/scans/tenants/${T}/workspaces/${W}/${s.id}`, token)).body);
      const everything = [...printed, ...outputs, ...answers].join('\n');
      assert.ok(everything.length > 10_000);
      for (const [name, value] of Object.entries(secrets)) {
        assert.ok(!everything.includes(value), `${name} leaked`);
        assert.ok(!everything.includes(value.slice(8, 30)), `part of ${name} leaked`);
      }
      assert.ok(!everything.includes('BEGIN PRIVATE KEY'));
      // What is sent or written names no path of this machine (the CLI may echo the paths it was given).
      const sent = [...outputs, ...answers].join('\n');
      const leak = sent.indexOf(dir);
      assert.equal(leak, -1, `no absolute path of this machine: ${sent.slice(Math.max(0, leak - 200), leak + 100)}`);
    });
  });
}
