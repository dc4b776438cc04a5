// Known vulnerabilities, once per engine, through the real CLI and HTTP: `aispm scan` records the
// packages of a small tree the test writes (an npm project whose agents and MCP server use
// @openai/agents 0.1.3, a Python one whose agent uses openai-agents 0.2.9), then `aispm advisories
// import` sends OSV records written here (each valid per the published OSV schema, which the
// service checks) as a directory, a file and a zip. Asserted: which objects each advisory affects
// (range boundaries of both ecosystems), the finding's exact shape with its blast radius, the
// per-advisory answer, re-import by `modified` and `withdrawn`, refusal of a malformed record with
// nothing written, and that nothing crosses workspaces or tenants. The version-order edge cases
// go through the ingest API on objects whose `packages` the test writes.

import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { body, describeEngines, engineNames, objects, startHarness, type Harness } from './helpers/harness.ts';
import { synthetic, tempDir, writeTree } from './helpers/scan-trees.ts';
import { zipOf } from './helpers/zip.ts';
import { type Run, runAispm } from './helpers/cli-run.ts';

const T = 'acme';
const W = 'prod';
const W2 = 'staging';

function aispm(env: Record<string, string | undefined>, args: string[]): Promise<Run> {
  return runAispm({ CI: 'true', ...env }, args);
}

const CRITICAL = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'; // 9.8 (CVSS 3.1 specification, example)
const MEDIUM = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N'; // 6.1

type Events = Array<Record<string, string>>;

/** An OSV 1.6 record of one package. */
function osv(
  id: string,
  modified: string,
  pkg: { ecosystem: 'npm' | 'PyPI'; name: string },
  ranges: Array<{ type: string; events: Events }>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    schema_version: '1.6.0',
    id,
    modified,
    published: '2025-03-01T00:00:00Z',
    aliases: [],
    summary: `${pkg.name} advisory ${id}`,
    affected: [
      { package: { ...pkg, purl: pkg.ecosystem === 'npm' ? `pkg:npm/${pkg.name.replace('@', '%40')}` : `pkg:pypi/${pkg.name}` }, ranges },
    ],
    references: [{ type: 'ADVISORY', url: `https://example.test/advisories/${id}` }],
    ...extra,
  };
}

const AGENTS_JS = 'GHSA-7x2w-4f5q-m2pq';
const AGENTS_JS_LATER = 'GHSA-9c3v-h8rw-2x6m';
const AGENTS_PY = 'PYSEC-2025-41';
const AGENTS_PY_FIXED = 'PYSEC-2025-42';

const records = {
  // @openai/agents below 0.1.4: the tree's 0.1.3 is affected.
  [AGENTS_JS]: osv(
    AGENTS_JS,
    '2025-03-02T10:00:00Z',
    { ecosystem: 'npm', name: '@openai/agents' },
    [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '0.1.4' }] }],
    {
      aliases: ['CVE-2025-31001'],
      summary: 'Prompt-supplied MCP arguments reach a shell',
      severity: [{ type: 'CVSS_V3', score: CRITICAL }],
      references: [
        { type: 'ADVISORY', url: 'https://github.com/advisories/GHSA-7x2w-4f5q-m2pq' },
        { type: 'FIX', url: 'https://github.com/openai/openai-agents-js/pull/1' },
      ],
    },
  ),
  // From 0.1.4 (the boundary: 0.1.3 is not in it).
  [AGENTS_JS_LATER]: osv(AGENTS_JS_LATER, '2025-03-02T10:00:00Z', { ecosystem: 'npm', name: '@openai/agents' }, [
    { type: 'SEMVER', events: [{ introduced: '0.1.4' }, { fixed: '0.2.0' }] },
  ]),
  // openai-agents 0.2.0 up to and including 0.2.9 (last_affected), named as its maintainers spell it.
  [AGENTS_PY]: osv(
    AGENTS_PY,
    '2025-03-03T10:00:00Z',
    { ecosystem: 'PyPI', name: 'OpenAI_Agents' },
    [{ type: 'ECOSYSTEM', events: [{ introduced: '0.2.0' }, { last_affected: '0.2.9' }] }],
    { aliases: ['CVE-2025-31002', 'GHSA-2f4r-88qv-wq5c'], severity: [{ type: 'CVSS_V3', score: MEDIUM }] },
  ),
  // Fixed in 0.2.9 itself: not affected.
  [AGENTS_PY_FIXED]: osv(AGENTS_PY_FIXED, '2025-03-03T10:00:00Z', { ecosystem: 'PyPI', name: 'openai-agents' }, [
    { type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '0.2.9' }] },
  ]),
};

const AGENTS_TS = `import { Agent, MCPServerStdio } from '@openai/agents';

export const gitServer = new MCPServerStdio({
  name: 'Git server',
  fullCommand: 'uvx mcp-server-git==2025.1.14 --repository .',
});

export const devopsAgent = new Agent({
  name: 'DevOps',
  instructions: 'You run commands to keep the build green.',
  model: 'gpt-5',
  mcpServers: [gitServer],
});

export const concierge = new Agent({
  name: 'Concierge',
  instructions: 'Help the user; hand off to specialists.',
  handoffs: [devopsAgent],
});
`;

const BILLING_PY = `from agents import Agent

billing_agent = Agent(
    name="Billing",
    instructions="You answer billing questions.",
    model="gpt-4o-mini",
)
`;

for (const engine of engineNames) {
  describe(`advisories [${engine}]`, () => {
    let h: Harness;
    let token: string;
    let dir: string;
    let env: Record<string, string>;
    const byName = new Map<string, { kind: string; id: string }>();

    const get = async (url: string, t = token) => body(await h.get(url, t));
    const advisory = (id: string, w = W) => h.get(`/api/v1/advisories/tenants/${T}/workspaces/${w}/${id}`, token);
    /** The open advisory findings of the workspace, as `rule_id object-name`. */
    const openFindings = async (w = W) => {
      const out: string[] = [];
      for (const prefix of ['aispm-agents', 'aispm-mcp-servers']) {
        for (const o of objects(await get(`/api/v1/${prefix}/tenants/${T}/workspaces/${w}?page_size=100`))) {
          for (const i of objects(await get(`/api/v1/${prefix}/tenants/${T}/workspaces/${w}/${o.id}/issues?page_size=100`))) {
            if (String(i.rule_id).startsWith('osv:')) out.push(`${i.rule_id} ${o.name}`);
          }
        }
      }
      return out.sort();
    };
    const importPath = (path: string, w = W) => aispm({ ...env, AISPM_WORKSPACE: w }, ['advisories', 'import', path]);

    before(async () => {
      h = await startHarness(engine);
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      token = await h.token({ tenant: T, scopes: ['read', 'ingest'] });
      dir = tempDir('aispm-advisories-');
      env = {
        AISPM_URL: `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`,
        AISPM_TOKEN: token,
        AISPM_TENANT: T,
        AISPM_SCAN_KEY: 'test-key-0123456789abcdef',
        HOME: join(dir, 'home'),
      };
      mkdirSync(env.HOME!, { recursive: true });
      writeTree(join(dir, 'repo'), {
        'web/package.json': JSON.stringify({ name: 'support', private: true, dependencies: { '@openai/agents': '0.1.3', zod: '^3.25.0' } }),
        'web/src/agents.ts': AGENTS_TS,
        'web/.env': `OPENAI_API_KEY=${synthetic.openai()}\n`,
        'py/requirements.txt': 'openai-agents==0.2.9\n',
        'py/app/billing.py': BILLING_PY,
      });
      for (const w of [W, W2]) {
        const scan = await aispm({ ...env, AISPM_WORKSPACE: w }, ['scan', join(dir, 'repo')]);
        assert.equal(scan.code, 0, scan.err);
      }
      for (const prefix of ['aispm-agents', 'aispm-mcp-servers']) {
        for (const o of objects(await get(`/api/v1/${prefix}/tenants/${T}/workspaces/${W}?page_size=100`)))
          byName.set(o.name, { kind: prefix === 'aispm-agents' ? 'agent' : 'mcp_server', id: o.id });
      }
    });
    after(async () => {
      await h?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('the scan recorded the packages the advisories are about', () => {
      assert.deepEqual([...byName.keys()].sort(), ['Billing', 'Concierge', 'DevOps', 'Git server']);
    });

    it('a malformed record in a directory is named and nothing is written', async () => {
      const bad = join(dir, 'bad');
      writeTree(bad, {
        [`${AGENTS_JS}.json`]: JSON.stringify(records[AGENTS_JS]),
        'PYSEC-2025-99.json': JSON.stringify({
          ...osv('PYSEC-2025-99', '2025-03-03T10:00:00Z', { ecosystem: 'PyPI', name: 'openai-agents' }, [
            { type: 'ECOSYSTEM', events: [{ introduced: '0' }] },
          ]),
          severity: [{ type: 'CVSS_V3', score: 'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
        }),
      });
      const run = await importPath(bad);
      assert.equal(run.code, 1);
      assert.match(
        run.err,
        /PYSEC-2025-99\.json: osv\.severity\.0\.score: "AV:N\/AC:L\/PR:N\/UI:N\/S:U\/C:H\/I:H\/A:H" does not match \^CVSS:3/,
      );
      assert.match(run.err, /nothing was written/);
      assert.equal((await advisory(AGENTS_JS)).statusCode, 404);
      assert.deepEqual(await openFindings(), []);

      // Bounded: a record past 4 MiB is refused before anything is sent.
      const big = join(dir, 'big');
      writeTree(big, {
        [`${AGENTS_JS}.json`]: JSON.stringify(records[AGENTS_JS]),
        'GHSA-big0-big0-big0.json': JSON.stringify({
          ...records[AGENTS_JS],
          id: 'GHSA-big0-big0-big0',
          details: 'x'.repeat(4 * 1024 * 1024),
        }),
      });
      const tooBig = await importPath(big);
      assert.equal(tooBig.code, 1);
      assert.match(tooBig.err, /GHSA-big0-big0-big0\.json: larger than 4194304 bytes; nothing was written/);
      assert.equal((await advisory(AGENTS_JS)).statusCode, 404);

      // The ingest route refuses the same record with a 400 naming the problem, and writes nothing either.
      const res = await h.request({
        method: 'POST',
        url: `/api/v1/ingest/tenants/${T}/workspaces/${W}`,
        token,
        headers: { 'content-type': 'application/x-ndjson' },
        payload: [
          JSON.stringify({ type: 'advisory', osv: records[AGENTS_JS] }),
          JSON.stringify({ type: 'advisory', osv: { ...records[AGENTS_PY], modified: 'yesterday' } }),
        ].join('\n'),
      });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(body(res), {
        accepted: 0,
        errors: [
          {
            line: 2,
            message: 'advisory.osv.modified: "yesterday" does not match [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?Z',
          },
        ],
        code: 400,
        message: '1 line is bad; nothing was written',
        // The batch is written whole or not at all: the valid first line is rejected with it.
        rejected: 2,
      });
      assert.equal((await advisory(AGENTS_JS)).statusCode, 404);
    });

    it('imports a directory of OSV records: each match is a finding on the object that depends on the package', async () => {
      const osvDir = join(dir, 'osv');
      writeTree(
        osvDir,
        Object.fromEntries(
          Object.entries(records).map(([id, r]) => [
            `${r.affected ? (id.startsWith('GHSA') ? 'npm' : 'pypi') : ''}/${id}.json`,
            JSON.stringify(r, null, 2),
          ]),
        ),
      );
      const run = await importPath(osvDir);
      assert.equal(run.code, 0, run.err);
      assert.match(run.out, /^4 advisories sent to acme\/prod in /);
      assert.deepEqual(await openFindings(), [
        `osv:${AGENTS_JS} Concierge`,
        `osv:${AGENTS_JS} DevOps`,
        `osv:${AGENTS_JS} Git server`,
        `osv:${AGENTS_PY} Billing`,
      ]);
    });

    it("the finding's exact shape: aliases, severity from the CVSS vector, fixed version, references and blast radius", async () => {
      const a = body(await advisory(AGENTS_JS));
      const git = a.objects.find((o: { name: string }) => o.name === 'Git server');
      const view = await get(`/api/v1/instances/tenants/${T}/workspaces/${W}/${git.finding_id}`);
      const [row] = objects(view);
      const devops = byName.get('DevOps')!;
      const concierge = byName.get('Concierge')!;
      const server = byName.get('Git server')!;
      assert.equal(row!.rule_id, `osv:${AGENTS_JS}`);
      assert.equal(row!.severity, 'critical');
      assert.equal(row!.status, 'open');
      assert.equal(row!.object_type, 'mcp_server');
      assert.equal(row!.object_id, server.id);
      assert.equal(row!.cvss_score, 9.8);
      assert.equal(row!.title, `${AGENTS_JS}: @openai/agents 0.1.3 in Git server`);
      assert.equal(row!.remediation, `Upgrade @openai/agents to 0.1.4 or later (${AGENTS_JS}).`);
      assert.equal(view.rule.rule_name, `${AGENTS_JS}: Prompt-supplied MCP arguments reach a shell`);
      assert.equal(view.rule.category, 'known-vulnerability');
      assert.equal(row!.source, 'advisory');
      assert.equal(
        row!.description,
        `Prompt-supplied MCP arguments reach a shell (${AGENTS_JS}, CVE-2025-31001). mcp_server Git server depends on npm package @openai/agents 0.1.3, which the advisory affects.`,
      );
      const ev = row!.evidence;
      assert.deepEqual(ev.advisory, {
        id: AGENTS_JS,
        aliases: ['CVE-2025-31001'],
        summary: 'Prompt-supplied MCP arguments reach a shell',
        severity: 'critical',
        cvss: { type: 'CVSS_V3', vector: CRITICAL, score: 9.8 },
        modified: '2025-03-02T10:00:00.000Z',
        references: records[AGENTS_JS]!.references,
      });
      assert.deepEqual(ev.package, {
        ecosystem: 'npm',
        name: '@openai/agents',
        version: '0.1.3',
        declared: '0.1.3',
        version_basis: 'exact',
      });
      assert.deepEqual(ev.fixed, ['0.1.4']);
      // DevOps uses the server; Concierge hands work to DevOps. Both reach the .env's key through the asset they run on.
      const [asset] = objects(await get(`/api/v1/assets/tenants/${T}/workspaces/${W}?page_size=100`));
      const secrets = objects(await get(`/api/v1/assets/tenants/${T}/workspaces/${W}/${asset!.id}/secrets?page_size=100`)).map((s) => s.id);
      assert.equal(secrets.length, 1);
      const names = new Map([...byName].map(([n, o]) => [o.id, n]));
      const node = (o: { kind: string; id: string }) => ({ kind: o.kind, id: o.id, name: names.get(o.id) });
      assert.deepEqual(ev.blast_radius, {
        agents: [
          {
            agent_id: devops.id,
            agent_name: 'DevOps',
            hops: 1,
            path: [node(devops), node(server)],
            relations: ['uses_mcp_server'],
            mcp_servers: [],
            tools: [],
            secrets,
          },
          {
            agent_id: concierge.id,
            agent_name: 'Concierge',
            hops: 2,
            path: [node(concierge), node(devops), node(server)],
            relations: ['delegates_to', 'uses_mcp_server'],
            mcp_servers: [],
            tools: [],
            secrets,
          },
        ],
      });
      // The vulnerable agent itself is in its own radius.
      const onDevops = a.objects.find((o: { name: string }) => o.name === 'DevOps');
      assert.deepEqual(
        onDevops.agents.map((x: { agent_name: string; hops: number }) => [x.agent_name, x.hops]),
        [
          ['DevOps', 0],
          ['Concierge', 1],
        ],
      );
    });

    it('the per-advisory answer: affected objects and every agent reaching them, through which MCP servers', async () => {
      const a = body(await advisory(AGENTS_JS));
      assert.equal(a.id, AGENTS_JS);
      assert.deepEqual(a.aliases, ['CVE-2025-31001']);
      assert.equal(a.severity, 'critical');
      assert.deepEqual(a.cvss, { type: 'CVSS_V3', vector: CRITICAL, score: 9.8 });
      assert.equal(a.withdrawn, null);
      assert.deepEqual(a.packages, [{ ecosystem: 'npm', name: '@openai/agents', fixed: ['0.1.4'] }]);
      assert.deepEqual(a.objects.map((o: { kind: string; name: string }) => `${o.kind} ${o.name}`).sort(), [
        'agent Concierge',
        'agent DevOps',
        'mcp_server Git server',
      ]);
      const server = byName.get('Git server')!;
      assert.deepEqual(
        a.agents.map((x: { name: string; mcp_servers: string[]; objects: string[] }) => [x.name, x.mcp_servers, x.objects.length]).sort(),
        [
          ['Concierge', [], 3],
          ['DevOps', [], 2],
        ],
      );
      // Through the graph: Concierge reaches the server by way of DevOps, which is no MCP server; the server is an end.
      assert.ok(a.agents.every((x: { objects: string[] }) => x.objects.includes(`mcp_server:${server.id}`)));
      const py = body(await advisory(AGENTS_PY));
      assert.equal(py.severity, 'medium');
      assert.equal(py.cvss.score, 6.1);
      assert.deepEqual(py.packages, [{ ecosystem: 'pypi', name: 'openai-agents', fixed: [] }]);
      assert.deepEqual(
        py.objects.map((o: { name: string; package: unknown }) => [o.name, o.package]),
        [['Billing', { ecosystem: 'pypi', name: 'openai-agents', version: '0.2.9', declared: '0.2.9', version_basis: 'exact' }]],
      );
      assert.equal((await advisory(AGENTS_JS_LATER)).statusCode, 200);
      assert.deepEqual(body(await advisory(AGENTS_JS_LATER)).objects, []);
    });

    it('nothing crosses workspaces or tenants', async () => {
      // The same tree scanned into another workspace has no advisory and no advisory finding.
      assert.equal((await advisory(AGENTS_JS, W2)).statusCode, 404);
      assert.deepEqual(await openFindings(W2), []);
      const other = await h.token({ tenant: 'other', scopes: ['read', 'ingest'] });
      const res = await h.get(`/api/v1/advisories/tenants/${T}/workspaces/${W}/${AGENTS_JS}`, other);
      assert.equal(res.statusCode, 403);
      const narrowed = await h.token({ tenant: T, workspaces: [W2], scopes: ['read'] });
      assert.equal((await h.get(`/api/v1/advisories/tenants/${T}/workspaces/${W}/${AGENTS_JS}`, narrowed)).statusCode, 403);
    });

    it('a newer record (by modified) updates the findings; an older one changes nothing; withdrawn resolves them', async () => {
      // Older than what is stored: ignored, whatever it says.
      const older = { ...records[AGENTS_JS], modified: '2025-03-01T00:00:00Z', affected: [] };
      writeFileSync(join(dir, 'older.json'), JSON.stringify(older));
      assert.equal((await importPath(join(dir, 'older.json'))).code, 0);
      assert.equal((await openFindings()).length, 4);

      // Newer: the range now starts at 0.1.3's successor, so the tree's 0.1.3 is no longer affected; and the Python one is re-graded.
      const zip = join(dir, 'all.zip');
      const newerJs = {
        ...records[AGENTS_JS],
        modified: '2025-04-01T00:00:00Z',
        affected: [
          {
            ...(records[AGENTS_JS]!.affected as object[])[0],
            ranges: [{ type: 'SEMVER', events: [{ introduced: '0.1.3-rc.1' }, { fixed: '0.1.3' }] }],
          },
        ],
      };
      const newerPy = { ...records[AGENTS_PY], modified: '2025-04-01T00:00:00Z', severity: [{ type: 'CVSS_V3', score: CRITICAL }] };
      writeFileSync(zip, zipOf({ [`${AGENTS_JS}.json`]: JSON.stringify(newerJs), [`${AGENTS_PY}.json`]: JSON.stringify(newerPy) }));
      const run = await importPath(zip);
      assert.equal(run.code, 0, run.err);
      assert.match(run.out, /^2 advisories sent/);
      assert.deepEqual(await openFindings(), [`osv:${AGENTS_PY} Billing`]);
      const py = body(await advisory(AGENTS_PY));
      assert.equal(py.severity, 'critical');
      const [row] = objects(await get(`/api/v1/instances/tenants/${T}/workspaces/${W}/${py.objects[0].finding_id}`));
      assert.equal(row!.severity, 'critical');
      assert.equal(row!.cvss_score, 9.8);
      const resolved = objects(
        await get(`/api/v1/aispm-agents/tenants/${T}/workspaces/${W}/${byName.get('DevOps')!.id}/issues?page_size=100`),
      ).filter((i) => String(i.rule_id).startsWith('osv:'));
      assert.deepEqual(resolved, []);

      // Withdrawn: its finding resolves, and the answer says so.
      const withdrawn = { ...newerPy, modified: '2025-05-01T00:00:00Z', withdrawn: '2025-05-01T00:00:00Z' };
      writeFileSync(join(dir, 'withdrawn.json'), JSON.stringify(withdrawn));
      assert.equal((await importPath(join(dir, 'withdrawn.json'))).code, 0);
      assert.deepEqual(await openFindings(), []);
      const after = body(await advisory(AGENTS_PY));
      assert.equal(after.withdrawn, '2025-05-01T00:00:00.000Z');
      assert.deepEqual(after.objects, []);
      const [finding] = objects(await get(`/api/v1/instances/tenants/${T}/workspaces/${W}/${py.objects[0].finding_id}`));
      assert.equal(finding!.status, 'resolved');
    });

    it('a scan that brings a vulnerable package matches the advisories already imported', async () => {
      writeTree(join(dir, 'repo'), { 'py/requirements.txt': 'openai-agents==0.2.8\n' });
      // The withdrawn one matches nothing; the one fixed in 0.2.9 now does, and so does a record naming 0.2.8 exactly (a versions list).
      const exact = osv('PYSEC-2025-43', '2025-03-03T10:00:00Z', { ecosystem: 'PyPI', name: 'openai-agents' }, [], { affected: undefined });
      exact.affected = [{ package: { ecosystem: 'PyPI', name: 'openai-agents' }, versions: ['0.2.8'] }];
      writeFileSync(join(dir, 'exact.json'), JSON.stringify(exact));
      assert.equal((await importPath(join(dir, 'exact.json'))).code, 0);
      assert.deepEqual(await openFindings(), []);
      const scan = await aispm({ ...env, AISPM_WORKSPACE: W }, ['scan', join(dir, 'repo')]);
      assert.equal(scan.code, 0, scan.err);
      assert.deepEqual(await openFindings(), [`osv:${AGENTS_PY_FIXED} Billing`, 'osv:PYSEC-2025-43 Billing']);
      // A scan where the project no longer depends on it resolves them.
      writeTree(join(dir, 'repo'), { 'py/requirements.txt': 'httpx==0.27.0\n' });
      const again = await aispm({ ...env, AISPM_WORKSPACE: W }, ['scan', join(dir, 'repo')]);
      assert.equal(again.code, 0, again.err);
      assert.deepEqual(await openFindings(), []);
    });
  });
}

// Version order at the boundaries, through the ingest API: one agent per version of one package,
// whose `packages` the test writes as a scan would; which agents the advisory affects is the answer.
describeEngines('advisories: version ranges of each ecosystem', (h) => {
  const T = 'edges';
  const W = 'w';
  // [declared versions of the agent, affected?]: the OSV evaluation with the ecosystem's own order.
  const npmCases: Array<[string[], boolean]> = [
    [['0.5.1'], true], // named in `versions`
    [['0.5.2'], false],
    [['1.0.0-beta.1'], false], // a pre-release before the introducing one
    [['1.0.0-beta.2'], true], // introduced: inclusive
    [['1.1.9'], true],
    [['1.2.0'], false], // fixed: exclusive
    [['1.10.0'], false], // after 1.2.0 (a string comparison would put it before)
    [['2.1.3'], true], // last_affected: inclusive
    [['2.1.4'], false],
    [['^1.1.0'], true], // no lock file: the lowest version the range allows, 1.1.0
    [['^1.1.0', '1.2.0'], false], // a lock file's exact version wins over the manifest's range
  ];
  const pypiCases: Array<[string[], boolean]> = [
    [['1.0'], true],
    [['1.0.post1'], false], // fixed: the post-release fixes it
    [['1.0.dev1'], true], // a dev release comes before 1.0
    [['1.0rc1'], true],
    [['1.0+ubuntu1'], true], // a local version sorts after 1.0, before 1.0.post1
    [['2.0'], false],
    [['1!0.0'], false], // epoch 1 is after every epoch-0 version, before 1!0.1
    [['1!0.2'], true],
    [['1!0.3.dev0'], true],
    [['1!0.3.dev1'], false],
    [['>=0.9,<1.0.post1'], true], // the lowest allowed: 0.9
  ];
  const agents = (eco: 'npm' | 'pypi', name: string, cases: Array<[string[], boolean]>) =>
    cases.map(([versions], i) => ({
      type: 'entity',
      kind: 'agent',
      id: `${eco}-${i}`,
      name: `${eco} ${versions.join(' + ')}`,
      last_seen: '2026-01-01T00:00:00Z',
      attributes: { packages: versions.map((v) => `${eco}:${name}@${v}`) },
    }));

  it('npm (semver) and PyPI (PEP 440) boundaries: introduced, fixed, last_affected, versions, pre-releases, epochs, post and dev releases', async () => {
    const token = await h().token({ tenant: T, scopes: ['read', 'ingest'] });
    const ingest = async (records: object[]) => {
      const res = await h().request({
        method: 'POST',
        url: `/api/v1/ingest/tenants/${T}/workspaces/${W}`,
        token,
        headers: { 'content-type': 'application/x-ndjson' },
        payload: records.map((r) => JSON.stringify(r)).join('\n'),
      });
      assert.equal(res.statusCode, 200, res.body);
    };
    await ingest([...agents('npm', 'vuln-lib', npmCases), ...agents('pypi', 'vuln-py', pypiCases)]);
    await ingest(
      [
        {
          type: 'advisory',
          osv: osv('x_npm-ranges', '2025-01-01T00:00:00Z', { ecosystem: 'npm', name: 'vuln-lib' }, [
            { type: 'SEMVER', events: [{ introduced: '1.0.0-beta.2' }, { fixed: '1.2.0' }] },
            { type: 'SEMVER', events: [{ introduced: '2.0.0' }, { last_affected: '2.1.3' }] },
          ]),
        },
        {
          type: 'advisory',
          osv: osv('x_pypi-ranges', '2025-01-01T00:00:00Z', { ecosystem: 'PyPI', name: 'Vuln_Py' }, [
            { type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1.0.post1' }] },
            { type: 'ECOSYSTEM', events: [{ introduced: '1!0.1' }, { fixed: '1!0.3.dev1' }] },
          ]),
        },
      ].map((r) => {
        // The npm record's `versions` list names one version outside its ranges.
        const affected = (r.osv.affected as Array<Record<string, unknown>>)[0]!;
        if (r.osv.id === 'x_npm-ranges') affected.versions = ['0.5.1'];
        return r;
      }),
    );
    for (const [id, eco, cases] of [
      ['x_npm-ranges', 'npm', npmCases],
      ['x_pypi-ranges', 'pypi', pypiCases],
    ] as const) {
      const a = body(await h().get(`/api/v1/advisories/tenants/${T}/workspaces/${W}/${id}`, token));
      const affected = a.objects.map((o: { name: string }) => o.name).sort();
      const expected = cases
        .filter(([, hit]) => hit)
        .map(([versions]) => `${eco} ${versions.join(' + ')}`)
        .sort();
      assert.deepEqual(affected, expected, id);
    }
    // The range's lowest version is what was matched, and the finding says so.
    const npm = body(await h().get(`/api/v1/advisories/tenants/${T}/workspaces/${W}/x_npm-ranges`, token));
    assert.deepEqual(npm.objects.find((o: { name: string }) => o.name === 'npm ^1.1.0').package, {
      ecosystem: 'npm',
      name: 'vuln-lib',
      version: '1.1.0',
      declared: '^1.1.0',
      version_basis: 'lowest allowed by ^1.1.0',
    });
    assert.deepEqual(npm.packages, [{ ecosystem: 'npm', name: 'vuln-lib', fixed: ['1.2.0'] }]);
    const py = body(await h().get(`/api/v1/advisories/tenants/${T}/workspaces/${W}/x_pypi-ranges`, token));
    // In PEP 440 order: 1.0.post1 (epoch 0) before 1!0.3.dev1.
    assert.deepEqual(py.packages, [{ ecosystem: 'pypi', name: 'vuln-py', fixed: ['1.0.post1', '1!0.3.dev1'] }]);
  });

  it("severity: the CVSS base score of the vector (v3, else v4), else the database's own rating", async () => {
    const token = await h().token({ tenant: T, scopes: ['read', 'ingest'] });
    const cases: Array<[string, Record<string, unknown>, string, unknown]> = [
      [
        'x_sev-v4',
        { severity: [{ type: 'CVSS_V4', score: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N' }] },
        'critical',
        9.3,
      ],
      [
        'x_sev-v3-first',
        {
          severity: [
            { type: 'CVSS_V4', score: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N' },
            { type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:H/PR:L/UI:R/S:U/C:L/I:N/A:N' },
          ],
        },
        'low',
        2.6,
      ],
      // A vector the schema allows but that gives no score (metrics missing): GitHub's rating is used.
      [
        'x_sev-partial',
        { severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L' }], database_specific: { severity: 'HIGH' } },
        'high',
        null,
      ],
      ['x_sev-none', {}, 'medium', null],
    ];
    const res = await h().request({
      method: 'POST',
      url: `/api/v1/ingest/tenants/${T}/workspaces/sev`,
      token,
      headers: { 'content-type': 'application/x-ndjson' },
      payload: cases
        .map(([id, extra]) =>
          JSON.stringify({ type: 'advisory', osv: osv(id, '2025-01-01T00:00:00Z', { ecosystem: 'npm', name: 'sev-lib' }, [], extra) }),
        )
        .join('\n'),
    });
    assert.equal(res.statusCode, 200, res.body);
    for (const [id, , severity, score] of cases) {
      const a = body(await h().get(`/api/v1/advisories/tenants/${T}/workspaces/sev/${id}`, token));
      assert.deepEqual([a.severity, a.cvss?.score ?? null], [severity, score], id);
    }
  });
});
