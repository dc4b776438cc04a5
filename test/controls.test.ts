// Controls (docs/CONTROLS.md), through HTTP and the real CLI on SQLite and PostgreSQL: eleven
// controls (list queries with related filters, paths queries with end filters, one disabled) are
// applied from YAML with `aispm controls apply`; after each of a series of ingests that make them
// answer more, fewer and none, every control's open findings are, object for object, what its
// query answers through the list or paths API itself (and its preview). Apply twice changes
// nothing; --dry-run writes nothing and says what would open and resolve; --prune deletes; a bad
// control is refused naming the problem; controls are rules in the rules list and the issues;
// every route keeps to its tenant and workspace.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { entity, relation, T1, T2, W1, W2 } from './helpers/fixtures.ts';
import { allPages, body, describeEngines } from './helpers/harness.ts';

interface Spec {
  id: string;
  title: string;
  severity: string;
  list?: string;
  paths?: string;
  enabled?: boolean;
  frameworks?: string[];
}

const controls: Spec[] = [
  { id: 'CTL-ant-agents', title: 'Agents on Anthropic models', severity: 'high', list: 'aispm-agents?models.provider=anthropic' },
  { id: 'CTL-prod-agents', title: 'Production agents', severity: 'low', list: 'aispm-agents?environment=production' },
  {
    id: 'CTL-prod-oai',
    title: 'Production agents on OpenAI',
    severity: 'medium',
    list: 'aispm-agents?environment=production&models.provider=openai',
  },
  { id: 'CTL-ant-models', title: 'Anthropic models', severity: 'low', list: 'aispm-models?provider=anthropic' },
  { id: 'CTL-bots', title: 'Agents named bot', severity: 'low', list: 'aispm-agents?name__ilk=bot' },
  { id: 'CTL-shell-tools', title: 'Shell tools', severity: 'high', list: 'aispm-tools?capabilities__in=shell,code_execution' },
  {
    id: 'CTL-shell-servers',
    title: 'MCP servers exposing a shell',
    severity: 'high',
    list: 'aispm-mcp-servers?tools.capabilities__in=shell',
    frameworks: ['LLM06'],
  },
  {
    id: 'CTL-agents-reach-shell',
    title: 'Agents reaching a shell through an MCP server',
    severity: 'high',
    paths: 'from=aispm-agents&to=aispm-tools&via=aispm-mcp-servers&max_hops=3&to.capabilities__in=shell',
  },
  {
    id: 'CTL-prod-to-openai',
    title: 'Production agents calling OpenAI',
    severity: 'medium',
    paths: 'from=aispm-agents&to=aispm-models&max_hops=1&from.environment=production&to.provider=openai',
  },
  {
    id: 'CTL-fs-tools-agents',
    title: 'Filesystem tools near agents',
    severity: 'low',
    paths: 'from=aispm-tools&to=aispm-agents&direction=any&max_hops=2&from.capabilities__in=filesystem',
  },
  { id: 'CTL-disabled', title: 'Every agent', severity: 'low', list: 'aispm-agents', enabled: false },
];

function yamlOf(specs: Spec[]): string {
  return specs
    .map((c) =>
      Object.entries(c)
        .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
        .join('\n'),
    )
    .join('\n---\n');
}

const agent = (id: string, name: string, environment: string) => entity('agent', id, name, 1, { environment });
const model = (id: string, provider: string) => entity('model', id, id, 1, { provider });
const tool = (id: string, capabilities: string[]) => entity('tool', id, id, 1, { capabilities });

/** More: a first estate. */
const phase1 = [
  model('m-ant', 'anthropic'),
  model('m-oai', 'openai'),
  agent('a1', 'Support Bot', 'production'),
  agent('a2', 'Billing', 'staging'),
  agent('a3', 'Ops Bot', 'production'),
  entity('mcp_server', 's1', 'Server One', 1),
  tool('t-shell', ['shell']),
  tool('t-read', ['filesystem']),
  relation('agent', 'a1', 'uses_model', 'model', 'm-ant'),
  relation('agent', 'a2', 'uses_model', 'model', 'm-oai'),
  relation('agent', 'a3', 'uses_model', 'model', 'm-oai'),
  relation('agent', 'a1', 'uses_mcp_server', 'mcp_server', 's1'),
  relation('mcp_server', 's1', 'exposes_tool', 'tool', 't-shell'),
  relation('agent', 'a2', 'uses_tool', 'tool', 't-read'),
];
/** More again: another agent on the shell server and an Anthropic model, a second server. */
const phase2 = [
  agent('a4', 'Data Bot', 'production'),
  model('m-ant2', 'anthropic'),
  entity('mcp_server', 's2', 'Server Two', 1),
  tool('t-code', ['code_execution']),
  relation('agent', 'a4', 'uses_model', 'model', 'm-ant2'),
  relation('agent', 'a4', 'uses_mcp_server', 'mcp_server', 's1'),
  relation('mcp_server', 's2', 'exposes_tool', 'tool', 't-code'),
  relation('agent', 'a3', 'uses_mcp_server', 'mcp_server', 's2'),
];
/** Fewer: a production agent moves to staging, an Anthropic model becomes OpenAI's. */
const phase3 = [agent('a1', 'Support Bot', 'staging'), model('m-ant', 'openai'), tool('t-code', ['network'])];
/** None: nothing any control asks for is left. */
const phase4 = [
  agent('a1', 'Agent 1', 'development'),
  agent('a2', 'Agent 2', 'development'),
  agent('a3', 'Agent 3', 'development'),
  agent('a4', 'Agent 4', 'development'),
  model('m-ant', 'google'),
  model('m-oai', 'google'),
  model('m-ant2', 'google'),
  tool('t-shell', ['network']),
  tool('t-read', ['network']),
];

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function aispm(env: Record<string, string>, args: string[]): Promise<Run> {
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
    child.stdin.end();
  });
}

const base = (t: string, w: string) => `/api/v1/controls/tenants/${t}/workspaces/${w}`;

describeEngines(
  'controls',
  (h) => {
    let reader: string;
    let writer: string;
    let env: Record<string, string>;
    const dir = mkdtempSync(join(tmpdir(), 'aispm-controls-'));
    const file = join(dir, 'controls.yaml');
    const cli = (...args: string[]) => aispm(env, ['controls', ...args, '--tenant', T1, '--workspace', W1]);
    after(() => rmSync(dir, { recursive: true, force: true }));

    before(async () => {
      assert.equal((await h().ingest(T1, W1, phase1)).rejected, 0);
      reader = await h().token({ tenant: T1 });
      writer = await h().token({ tenant: T1, scopes: ['read', 'controls'] });
      await h().app.listen({ host: '127.0.0.1', port: 0 });
      env = { AISPM_URL: `http://127.0.0.1:${(h().app.server.address() as AddressInfo).port}`, AISPM_TOKEN: writer };
    });

    /** The object ids a control's query answers through the list or paths API itself. */
    async function answered(c: Spec): Promise<string[]> {
      if (c.enabled === false) return [];
      if (c.list) {
        const [prefix, query] = c.list.split('?');
        const page = await allPages(h(), `/api/v1/${prefix}/tenants/${T1}/workspaces/${W1}?${query ?? ''}&page_size=2`, reader);
        const at = page.header.indexOf('id');
        return page.rows.map((r) => String(r[at])).sort();
      }
      const page = await allPages(h(), `/api/v1/graph/paths/tenants/${T1}/workspaces/${W1}?${c.paths}&page_size=2`, reader);
      const at = page.header.indexOf('from_id');
      return [...new Set(page.rows.map((r) => String(r[at])))].sort();
    }

    /** The objects of a control's open findings, through the rule's results. */
    async function openFindings(id: string): Promise<string[]> {
      const page = await allPages(h(), `/api/v1/rules/${id}/results?workspace_id=${W1}&status=open&page_size=3`, reader);
      const at = page.header.indexOf('object_id');
      assert.ok(at >= 0, page.header.join(','));
      return page.rows.map((r) => String(r[at])).sort();
    }

    async function preview(id: string): Promise<string[]> {
      const res = await h().get(`${base(T1, W1)}/${id}/preview`, reader);
      assert.equal(res.statusCode, 200, res.body);
      return body(res)
        .items.map((i: { object_id: string }) => i.object_id)
        .sort();
    }

    /** Every control's open findings equal its answers; the answers per control. */
    async function checkAll(): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>();
      for (const c of controls) {
        const want = await answered(c);
        assert.deepEqual(await openFindings(c.id), want, `${c.id}: open findings`);
        if (c.enabled !== false) assert.deepEqual(await preview(c.id), want, `${c.id}: preview`);
        out.set(c.id, want);
      }
      return out;
    }

    it('applies eleven controls from YAML, and a second apply changes nothing', async () => {
      writeFileSync(file, yamlOf(controls));
      const first = await cli('apply', file);
      assert.equal(first.code, 0, first.err);
      assert.match(first.out, /11 created, 0 updated, 0 unchanged, 0 deleted\n$/);
      const listed = body(await h().get(base(T1, W1), reader));
      assert.deepEqual(
        listed.items.map((c: { id: string }) => c.id),
        controls.map((c) => c.id).sort(),
      );
      const before = JSON.stringify(listed);
      const again = await cli('apply', file);
      assert.equal(again.code, 0, again.err);
      assert.match(again.out, /0 created, 0 updated, 11 unchanged, 0 deleted\n$/);
      assert.equal(JSON.stringify(body(await h().get(base(T1, W1), reader))), before);
    });

    it('opens exactly what each query answers, after ingests that answer more, fewer and none', async () => {
      const p1 = await checkAll();
      assert.deepEqual(p1.get('CTL-ant-agents'), ['a1']);
      assert.deepEqual(p1.get('CTL-prod-oai'), ['a3']);
      assert.deepEqual(p1.get('CTL-agents-reach-shell'), ['a1']);
      assert.deepEqual(p1.get('CTL-shell-servers'), ['s1']);
      assert.deepEqual(p1.get('CTL-fs-tools-agents'), ['t-read']);
      assert.deepEqual(p1.get('CTL-disabled'), []);

      assert.equal((await h().ingest(T1, W1, phase2)).rejected, 0);
      const p2 = await checkAll();
      assert.deepEqual(p2.get('CTL-ant-agents'), ['a1', 'a4']);
      assert.deepEqual(p2.get('CTL-agents-reach-shell'), ['a1', 'a4']);
      assert.deepEqual(p2.get('CTL-shell-tools'), ['t-code', 't-shell']);
      assert.deepEqual(p2.get('CTL-bots'), ['a1', 'a3', 'a4']);

      assert.equal((await h().ingest(T1, W1, phase3)).rejected, 0);
      const p3 = await checkAll();
      assert.deepEqual(p3.get('CTL-ant-agents'), ['a4']);
      assert.deepEqual(p3.get('CTL-prod-agents'), ['a3', 'a4']);
      assert.deepEqual(p3.get('CTL-shell-tools'), ['t-shell']);
      assert.deepEqual(p3.get('CTL-ant-models'), ['m-ant2']);

      assert.equal((await h().ingest(T1, W1, phase4)).rejected, 0);
      const p4 = await checkAll();
      for (const [id, ids] of p4) assert.deepEqual(ids, [], id);
      const listed = body(await h().get(base(T1, W1), reader));
      for (const c of listed.items) assert.equal(c.open_findings, 0, c.id);

      // And back: the same estate as after the first ingests answers again, as new findings.
      assert.equal((await h().ingest(T1, W1, [...phase1, ...phase2])).rejected, 0);
      const back = await checkAll();
      assert.deepEqual(back.get('CTL-ant-agents'), ['a1', 'a4']);
    });

    it('is a rule like the shipped ones: in the rules list, the issues and the instance detail', async () => {
      const rules = await allPages(h(), `/api/v1/rules/tenants/${T1}/workspaces/${W1}?page_size=500`, reader);
      const at = rules.header.indexOf('rule_id');
      const row = rules.rows.find((r) => r[at] === 'CTL-ant-agents');
      assert.ok(row, 'the control is a rule of the workspace');
      assert.equal(row[rules.header.indexOf('source')], 'control');
      assert.equal(row[rules.header.indexOf('severity')], 'high');
      const issues = await allPages(h(), `/api/v1/issues/tenants/${T1}/workspaces/${W1}?page_size=100`, reader);
      const issue = issues.rows.find((r) => r[issues.header.indexOf('rule_id')] === 'CTL-ant-agents');
      assert.ok(issue, 'the control has an issue');
      const results = await allPages(h(), `/api/v1/rules/CTL-ant-agents/results?workspace_id=${W1}&status=open`, reader);
      const id = results.rows[0]![results.header.indexOf('id')];
      const detail = body(await h().get(`/api/v1/instances/tenants/${T1}/workspaces/${W1}/${id}`, reader));
      assert.equal(JSON.stringify(detail).includes('models.provider=anthropic'), true, 'the evidence names the query');
      // Its frameworks map its findings to compliance controls: LLM06 lists the MCP servers it answers.
      const llm06 = await allPages(h(), `/api/v1/compliance/tenants/${T1}/workspaces/${W1}/owasp-llm-2025/LLM06?page_size=100`, reader);
      const mine = llm06.rows.filter((r) => r[llm06.header.indexOf('rule_id')] === 'CTL-shell-servers');
      assert.deepEqual(mine.map((r) => r[llm06.header.indexOf('object_id')]).sort(), await openFindings('CTL-shell-servers'));
      assert.ok(mine.length > 0);
      // The objects' issue counts include them: a1 has open findings of three high controls.
      const a1 = body(await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/${W1}?id=a1`, reader));
      let open = 0;
      for (const c of controls) if ((await openFindings(c.id)).includes('a1')) open++;
      assert.ok(open > 0);
      assert.equal(a1.rows[0][a1.header.indexOf('total_issues')], open);
    });

    it('--dry-run writes nothing and says what would open and resolve; --prune deletes', async () => {
      const changed = controls.map((c) => (c.id === 'CTL-prod-agents' ? { ...c, list: 'aispm-agents?environment=staging' } : c));
      writeFileSync(file, yamlOf(changed.filter((c) => c.id !== 'CTL-bots')));
      const before = JSON.stringify(body(await h().get(base(T1, W1), reader)));
      const staging = (await answered({ id: 'x', title: 'x', severity: 'low', list: 'aispm-agents?environment=staging' })).map(
        (id) => `agent/${id}`,
      );
      const dry = await cli('apply', file, '--prune', '--dry-run');
      assert.equal(dry.code, 0, dry.err);
      assert.equal(JSON.stringify(body(await h().get(base(T1, W1), reader))), before, 'a dry run writes nothing');
      const open = await openFindings('CTL-prod-agents');
      assert.match(
        dry.out,
        new RegExp(`update CTL-prod-agents: would open ${staging.length} \\(${staging.join(', ')}\\), resolve ${open.length} `),
      );
      assert.match(dry.out, new RegExp(`delete CTL-bots: would resolve ${(await openFindings('CTL-bots')).length}\n`));
      assert.match(dry.out, /would be: 0 created, 1 updated, 9 unchanged, 1 deleted\n$/);

      const real = await cli('apply', file, '--prune');
      assert.equal(real.code, 0, real.err);
      assert.match(real.out, /0 created, 1 updated, 9 unchanged, 1 deleted\n$/);
      assert.equal((await h().get(`${base(T1, W1)}/CTL-bots`, reader)).statusCode, 404);
      // A deleted control is no rule any more; its findings were resolved, and leave the issues.
      assert.equal((await h().get(`/api/v1/rules/CTL-bots/results?workspace_id=${W1}`, reader)).statusCode, 404);
      const issues = await allPages(h(), `/api/v1/issues/tenants/${T1}/workspaces/${W1}?page_size=100`, reader);
      assert.equal(issues.rows.filter((r) => r[issues.header.indexOf('rule_id')] === 'CTL-bots').length, 0);
      assert.deepEqual(await openFindings('CTL-prod-agents'), staging.map((k) => k.slice('agent/'.length)).sort());
      const list = await cli('list');
      assert.equal(list.out.trim().split('\n').length, 10);
      const shown = JSON.parse((await cli('show', 'CTL-prod-agents')).out);
      assert.equal(shown.list, 'aispm-agents?environment=staging');
      const tested = JSON.parse((await cli('test', 'CTL-prod-agents')).out);
      assert.deepEqual(tested.items.map((i: { object_id: string }) => i.object_id).sort(), await openFindings('CTL-prod-agents'));
    });

    it('refuses a bad control, naming the problem', async () => {
      const put = (payload: object) =>
        h().request({
          method: 'PUT',
          url: `${base(T1, W1)}/CTL-bad`,
          token: writer,
          payload: { title: 'Bad', severity: 'low', ...payload },
        });
      const cases: Array<[object, RegExp]> = [
        [{ list: 'aispm-agents?colour=red' }, /list: colour is not a filter of the aispm-agents list/],
        [{ list: 'aispm-agents?critical_issues__gt=many' }, /list: critical_issues__gt/],
        [{ list: 'aispm-agents?models.colour=red' }, /colour/],
        [{ list: 'aispm-robots?x=1' }, /list: unknown list "aispm-robots"/],
        [{ list: 'aispm-agents?sort=name' }, /list: sort is not a filter/],
        [{ paths: 'from=aispm-agents&to=robots' }, /paths: to: unknown kind "robots"/],
        [{ paths: 'from=aispm-agents&to=secrets&max_hops=99' }, /paths: max_hops must be 1–/],
        [{ paths: 'from=aispm-agents&to=secrets&from.colour=red' }, /paths: from.colour: AI agents take no filter "colour"/],
        [{ paths: 'from=aispm-agents&to=secrets&cursor=x' }, /paths: cursor: unknown query parameter/],
        [{ list: 'aispm-agents', paths: 'from=aispm-agents&to=secrets' }, /exactly one of list and paths/],
        [{}, /exactly one of list and paths/],
        [{ list: 'aispm-agents', frameworks: ['NOPE-1'] }, /frameworks: unknown control "NOPE-1"/],
      ];
      for (const [payload, message] of cases) {
        const res = await put(payload);
        assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
        assert.deepEqual(Object.keys(body(res)), ['code', 'message']);
        assert.match(body(res).message, message);
      }
      const badId = await h().request({
        method: 'POST',
        url: base(T1, W1),
        token: writer,
        payload: { id: 'no-prefix', title: 'x', severity: 'low', list: 'aispm-agents' },
      });
      assert.equal(badId.statusCode, 400, badId.body);
      assert.equal((await h().get(`${base(T1, W1)}/CTL-bad`, reader)).statusCode, 404, 'nothing was saved');
      // And through the CLI: the file and the service's message.
      const bad = join(dir, 'bad.yaml');
      writeFileSync(bad, 'id: CTL-bad\ntitle: Bad\nseverity: low\nlist: aispm-agents?colour=red\n');
      const run = await cli('apply', bad);
      assert.equal(run.code, 1);
      assert.match(run.err, /CTL-bad: list: colour is not a filter of the aispm-agents list; .* \(HTTP 400\)/);
      writeFileSync(bad, 'id: CTL-bad\ntitle: Bad\nseverity: low\nlimit: 3\n');
      const field = await cli('apply', bad);
      assert.notEqual(field.code, 0);
      assert.match(field.err, /document 1: unknown field "limit"/);
    });

    it('keeps every route to its tenant and workspace, and changes to the controls scope', async () => {
      await h().seed(T1, W2);
      await h().seed(T2, W1);
      const w2Only = await h().token({ tenant: T1, workspaces: [W2], scopes: ['read', 'controls'] });
      const other = await h().token({ tenant: T2, scopes: ['read', 'controls'] });
      const id = 'CTL-ant-agents';
      const payload = { title: 'x', severity: 'low', list: 'aispm-agents' };
      const routes: Array<[string, string, object?]> = [
        ['GET', base(T1, W1)],
        ['POST', base(T1, W1), { id: 'CTL-new', ...payload }],
        ['POST', `${base(T1, W1)}/preview`, { id: 'CTL-new', ...payload }],
        ['GET', `${base(T1, W1)}/${id}`],
        ['PUT', `${base(T1, W1)}/${id}`, payload],
        ['DELETE', `${base(T1, W1)}/${id}`],
        ['GET', `${base(T1, W1)}/${id}/preview`],
      ];
      for (const [method, url, p] of routes) {
        for (const token of [w2Only, other]) {
          const res = await h().request({ method, url, token, payload: p });
          assert.ok([403, 404].includes(res.statusCode), `${method} ${url}: ${res.statusCode} ${res.body}`);
        }
        if (method !== 'GET') {
          const res = await h().request({ method, url, token: reader, payload: p });
          assert.equal(res.statusCode, 403, `${method} ${url} with a read token: ${res.body}`);
        }
      }
      // Another workspace of the tenant does not see W1's control, and has its own of the same id.
      assert.equal((await h().get(`${base(T1, W2)}/${id}`, writer)).statusCode, 404);
      assert.equal((await h().get(`${base(T1, W2)}/${id}/preview`, writer)).statusCode, 404);
      assert.deepEqual(body(await h().get(base(T1, W2), writer)).items, []);
      const own = await h().request({ method: 'PUT', url: `${base(T1, W2)}/${id}`, token: writer, payload });
      assert.equal(own.statusCode, 201, own.body);
      assert.equal(body(await h().get(`${base(T1, W1)}/${id}`, reader)).list, 'aispm-agents?models.provider=anthropic');
      const deleted = await h().request({ method: 'DELETE', url: `${base(T1, W2)}/${id}`, token: writer });
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.equal((await h().get(`${base(T1, W1)}/${id}`, reader)).statusCode, 200);
      assert.equal(body(await h().get(base(T2, W1), other)).total, 0);
    });
  },
  { config: { postureRules: false } },
);
