// The CLI's queries (`aispm get | issues | sessions | storage`) run as processes against the
// service listening on 127.0.0.1, once per engine: what they print in each format, how they follow
// cursors, and how they fail. The exact request of the sessions command is checked against a
// recording HTTP server (test/cli-commands.test.ts runs it against the service on the demo estate).

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { routedKinds } from '../src/catalog/kinds.ts';
import { storageScopes } from '../src/catalog/storage-scopes.ts';
import { inventoryPaths, storagePaths } from '../src/cli/query-params.ts';
import { issueIdOf } from '../src/catalog/rules/index.ts';
import { openApiDocument } from '../scripts/openapi.ts';
import { body, engineNames, objects, startHarness, type Harness } from './helpers/harness.ts';
import { entity, models, relation, T1, W1 } from './helpers/fixtures.ts';
import { CREDS, INPUT, loadEstate, NOW, PII, SHELL } from './helpers/findings-estate.ts';

const WIDTH = 100;

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** Runs `aispm …` as a process (asynchronously: the service answers from this process). */
function aispm(env: Record<string, string | undefined>, args: string[], stdin?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/cli.ts', ...args], {
      env: { ...process.env, AISPM_URL: undefined, AISPM_TOKEN: undefined, COLUMNS: String(WIDTH), ...env },
    });
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
    child.stdin.end(stdin ?? '');
  });
}

for (const engine of engineNames) {
  describe(`cli queries [${engine}]`, () => {
    let h: Harness;
    let env: Record<string, string>;
    let token: string;
    before(async () => {
      h = await startHarness(engine, { now: () => NOW, config: { postureRules: false } });
      await loadEstate(h);
      const s = await h.ingest(T1, 'inv', [
        ...models(250),
        entity('agent', 'a1', 'Agent One', 5),
        relation('agent', 'a1', 'uses_model', 'model', 'model-000'),
      ]);
      assert.equal(s.rejected, 0);
      token = await h.token({ tenant: T1 });
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      env = { AISPM_URL: `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`, AISPM_TOKEN: token };
    });
    after(async () => {
      await h?.close();
    });

    const inv = ['--tenant', T1, '--workspace', 'inv'];
    const serverCsv = async (url: string) => (await h.get(url, token, { accept: 'text/csv' })).body;

    it("get models --all --format csv prints every model: the service's own CSV, across pages", async () => {
      const run = await aispm(env, ['get', 'models', ...inv, '--all', '--format', 'csv', '--page-size', '100']);
      assert.deepEqual([run.code, run.err], [0, '']);
      assert.equal(run.out, await serverCsv(`/api/v1/aispm-models/tenants/${T1}/workspaces/inv?page_size=10000`));
      const lines = run.out.split('\r\n');
      assert.equal(lines.length, 252); // header, 250 models, and the empty string after the last CRLF
      assert.match(lines[1]!, /^model-249,Model 249,/);
      assert.match(lines[250]!, /^model-000,Model 0,/);
    });

    it('a table fits the terminal, keeps the column it is sorted by, names the columns left out, and tells how to go on', async () => {
      const run = await aispm(env, ['get', 'models', ...inv]);
      assert.equal(run.code, 0);
      const lines = run.out.trimEnd().split('\n');
      assert.equal(lines.length, 101);
      for (const l of lines) assert.ok(l.length <= WIDTH, `${l.length} > ${WIDTH}: ${l}`);
      assert.match(lines[0]!, /^id {7,}name {2,}provider {2,}/);
      assert.match(lines[1]!, /^model-249 {2,}Model 249 {2,}openai {2,}/);
      const [hidden, more] = run.err.trimEnd().split('\n');
      assert.match(hidden!, /^\d+ more columns do not fit \(.*first_seen.*\): use --columns, or --format csv\|json$/);
      // Newest first: last_seen, the sort column, is kept though further right than columns left out.
      assert.match(lines[0]!, / {2}last_seen$/);
      const cursor = /^100 of 250 rows: --all for every row, or --cursor (\S+) for the next page$/.exec(more!)?.[1];
      assert.ok(cursor, run.err);

      const next = await aispm(env, ['get', 'models', ...inv, '--cursor', cursor, '--columns', 'id,provider,pinned']);
      assert.equal(next.code, 0);
      const rows = next.out.trimEnd().split('\n');
      assert.deepEqual(
        rows.slice(0, 3).map((l) => l.split(/ {2,}/)),
        [
          ['id', 'provider', 'pinned'],
          ['model-149', 'google', 'false'],
          ['model-148', 'anthropic', 'true'],
        ],
      );
      assert.equal(rows.length, 101);
    });

    it('--format json prints one object per row; --columns picks and orders them', async () => {
      const run = await aispm(env, ['get', 'models', ...inv, '--all', '--format', 'json']);
      assert.deepEqual([run.code, run.err], [0, '']);
      const rows = run.out
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l));
      assert.equal(rows.length, 250);
      assert.deepEqual(rows, objects(body(await h.get(`/api/v1/aispm-models/tenants/${T1}/workspaces/inv?page_size=10000`, token))));
      const picked = await aispm(env, ['get', 'models', ...inv, '--format', 'json', '--columns', 'name,id', '--page-size', '2']);
      assert.equal(picked.out, '{"name":"Model 249","id":"model-249"}\n{"name":"Model 248","id":"model-248"}\n');
      const bad = await aispm(env, ['get', 'models', ...inv, '--columns', 'id,colour']);
      assert.equal(bad.code, 2);
      assert.match(bad.err, /^aispm: --columns: no column "colour"; columns are id, name, provider, /);
    });

    it('shows one object with its sections, and follows an edge', async () => {
      const json = await aispm(env, ['get', 'model', 'model-000', ...inv, '--format', 'json']);
      assert.equal(json.code, 0);
      assert.deepEqual(JSON.parse(json.out), body(await h.get(`/api/v1/aispm-models/tenants/${T1}/workspaces/inv/model-000`, token)));

      const table = await aispm(env, ['get', 'aispm-models', 'model-000', ...inv]);
      assert.equal(table.code, 0);
      const lines = table.out.split('\n');
      assert.match(lines[0]!, /^id {2,}model-000$/);
      assert.match(lines[1]!, /^name {2,}Model 0$/);
      assert.ok(lines.includes('agents (1)'), table.out);
      assert.match(lines[lines.indexOf('agents (1)') + 2]!, /^a1 {2,}Agent One$/);
      assert.ok(lines.includes('locations (0)'));

      const edge = await aispm(env, ['get', 'models', 'model-000', 'aispm_agents', ...inv, '--format', 'csv']);
      assert.equal(edge.code, 0);
      assert.equal(edge.out, await serverCsv(`/api/v1/aispm-models/tenants/${T1}/workspaces/inv/model-000/aispm_agents`));
      assert.match(edge.out, /\r\na1,Agent One,/);
    });

    it("exits 1 with the service's message when it refuses, 2 on a usage error", async () => {
      assert.deepEqual(await aispm(env, ['get', 'models', 'nope', ...inv]), {
        code: 1,
        out: '',
        err: 'aispm: no AI model with this id in the workspace (HTTP 404)\n',
      });
      const edge = await aispm(env, ['get', 'models', 'model-000', 'friends', ...inv]);
      assert.equal(edge.code, 1);
      assert.match(edge.err, /^aispm: edge: unknown edge "friends" for an AI model; allowed edges are .*, agents \(HTTP 400\)\n$/);
      assert.deepEqual(await aispm(env, ['get', 'models', '--tenant', 'someone-else', '--workspace', 'inv']), {
        code: 1,
        out: '',
        err: 'aispm: token has no access to this tenant (HTTP 403)\n',
      });
      const sort = await aispm(env, ['get', 'models', ...inv, '--sort', 'colour']);
      assert.deepEqual([sort.code, sort.out], [1, '']);
      assert.match(sort.err, /^aispm: sort: unknown column "colour"; sortable columns are id, name, .* \(HTTP 400\)\n$/);
      assert.deepEqual(await aispm(env, ['get', 'widgets', ...inv]), {
        code: 2,
        out: '',
        err: 'aispm: unknown kind "widgets"; kinds are agents, models, tools, mcp-servers, assets, locations\n',
      });
      assert.deepEqual(await aispm({ ...env, AISPM_TOKEN: '' }, ['get', 'models', ...inv]), {
        code: 2,
        out: '',
        err: 'aispm: set AISPM_TOKEN to an API token (create one with `aispm token create`)\n',
      });
      assert.deepEqual(await aispm({ ...env, AISPM_TOKEN: 'aispm_0000' }, ['get', 'models', ...inv]), {
        code: 1,
        out: '',
        err: 'aispm: malformed token: expected aispm_ followed by 38 letters and digits (HTTP 401)\n',
      });
      // A port nobody listens on.
      const closed = createServer();
      await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((r) => closed.close(r));
      assert.deepEqual(await aispm({ ...env, AISPM_URL: `http://127.0.0.1:${port}` }, ['get', 'models', ...inv]), {
        code: 1,
        out: '',
        err: `aispm: cannot reach http://127.0.0.1:${port}: ECONNREFUSED\n`,
      });
    });

    it('issues: the index, one issue, and every detail of one object in it', async () => {
      const w1 = ['--tenant', T1, '--workspace', W1];
      const index = await aispm(env, ['issues', ...w1, '--format', 'csv', '--columns', 'rule_id,severity,open_instances']);
      assert.deepEqual([index.code, index.err], [0, '']);
      assert.equal(
        index.out,
        [
          'rule_id,severity,open_instances',
          `${CREDS},critical,2`,
          `${INPUT},critical,1`,
          `${INPUT},high,8`,
          `${SHELL},high,2`,
          `${PII},medium,1`,
          `${PII},low,1`,
          '',
        ].join('\r\n'),
      );

      const issue = issueIdOf(T1, W1, INPUT, 'high');
      const one = await aispm(env, ['issues', issue, ...w1]);
      assert.equal(one.code, 0);
      assert.match(one.out, new RegExp(`^id {2,}${issue}\n`));
      assert.match(one.out, /\nrule\.rule_name {2,}Agent without input guardrails\n/);
      assert.match(one.out, /\nobjects \(2\)\nobject_type {2,}object_id/);

      const details = await aispm(env, [
        'issues',
        issue,
        'details',
        'a1',
        ...w1,
        '--all',
        '--page-size',
        '3',
        '--format',
        'json',
        '--columns',
        'id,status',
      ]);
      assert.equal(details.code, 0);
      assert.deepEqual(
        details.out
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l).id),
        ['f01', 'f02', 'f13', 'f12', 'f14', 'f15', 'f16'],
      );
      const resolved = await aispm(env, [
        'issues',
        issue,
        'details',
        'a1',
        ...w1,
        '--status',
        'resolved',
        '--format',
        'csv',
        '--columns',
        'id,status',
      ]);
      assert.equal(resolved.out, 'id,status\r\nf17,resolved\r\n');

      const objectsOf = await aispm(env, ['issues', issue, 'objects', ...w1, '--format', 'csv', '--columns', 'object_id,occurrences']);
      assert.equal(objectsOf.out, 'object_id,occurrences\r\na1,7\r\na2,1\r\n');
      assert.equal((await aispm(env, ['issues', issue, 'sideways', ...w1])).code, 2);
    });

    it('storage: put prints the ETag, get prints the entry, list the keys, delete removes it', async () => {
      const ana = { ...env, AISPM_TOKEN: await h.token({ tenant: T1, user: 'ana', scopes: ['read', 'storage'] }) };
      const at = ['--tenant', T1];
      const put = await aispm(ana, ['storage', 'put', 'dash', 'filters', 'saved/default', '{"severity":["critical","high"]}', ...at]);
      assert.equal(put.code, 0, put.err);
      assert.match(put.out, /^"\d+"\n$/);
      const got = await aispm(ana, ['storage', 'get', 'dash', 'filters', 'saved/default', ...at]);
      const entry = JSON.parse(got.out);
      assert.deepEqual(entry.value, { severity: ['critical', 'high'] });
      assert.equal(entry.created_at, entry.updated_at);
      // From standard input, in the workspace scope, only if absent.
      const piped = await aispm(
        ana,
        ['storage', 'put', 'dash', 'layout', 'k', '-', '--scope', 'tenant-workspace', ...at, '--workspace', W1, '--if-none-match', '*'],
        '{"cols":3}',
      );
      assert.equal(piped.code, 0, piped.err);
      const again = await aispm(ana, [
        'storage',
        'put',
        'dash',
        'layout',
        'k',
        '{}',
        '--scope',
        'tenant-workspace',
        ...at,
        '--workspace',
        W1,
        '--if-none-match',
        '*',
      ]);
      assert.equal(again.code, 1);
      assert.match(again.err, /\(HTTP 412\)\n$/);
      const listed = await aispm(ana, ['storage', 'list', 'dash', 'filters', ...at, '--format', 'csv', '--columns', 'key,etag']);
      assert.equal(listed.out, `key,etag\r\nsaved/default,"""${put.out.trim().slice(1, -1)}"""\r\n`);
      // Another user does not see ana's entry.
      assert.equal((await aispm(env, ['storage', 'get', 'dash', 'filters', 'saved/default', ...at])).code, 1);
      assert.deepEqual(await aispm(ana, ['storage', 'delete', 'dash', 'filters', 'saved/default', ...at]), { code: 0, out: '', err: '' });
      assert.deepEqual(await aispm(ana, ['storage', 'get', 'dash', 'filters', 'saved/default', ...at]), {
        code: 1,
        out: '',
        err: 'aispm: no client-storage entry under this client_id, namespace and key (HTTP 404)\n',
      });
      assert.deepEqual(await aispm(ana, ['storage', 'put', 'dash', 'filters', 'x', 'not json', ...at]), {
        code: 2,
        out: '',
        err: 'aispm: value: not JSON (Unexpected token \'o\', "not json" is not valid JSON)\n',
      });
      assert.deepEqual(await aispm(ana, ['storage', 'get', 'a', 'b', 'c', '--scope', 'tenant-workspace', ...at]), {
        code: 2,
        out: '',
        err: 'aispm: --scope tenant-workspace needs --workspace\n',
      });
    });
  });
}

describe('cli sessions', () => {
  // A server that records what it is asked and answers two pages checks the request the command
  // sends (API.md's parameter names) and that it follows cursors.
  it('asks the API.md path with its parameter names and follows the cursor', async () => {
    const seen: Array<{ url: string; auth: string | undefined }> = [];
    const header = ['session_id', 'agent_id', 'tokens', 'cost'];
    const server = createServer((req: IncomingMessage, res) => {
      seen.push({ url: req.url!, auth: req.headers.authorization });
      const page = new URL(req.url!, 'http://x').searchParams.get('cursor')
        ? { header, rows: [['s3', 'agent-1', 10, 0.5]], cursor: '', total: 3, total_sampling: 1 }
        : {
            header,
            rows: [
              ['s1', 'agent-1', 900, 4.25],
              ['s2', 'agent-1', 300, 1],
            ],
            cursor: 'next-page',
            total: 3,
            total_sampling: 1,
          };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const env = { AISPM_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, AISPM_TOKEN: 'aispm_test' };
      const run = await aispm(env, [
        'sessions',
        '--tenant',
        'acme',
        '--workspace',
        'prod',
        '--agent',
        'agent-1',
        '--sort',
        'cost',
        '--sort-dir',
        'desc',
        '--all',
        '--page-size',
        '2',
        '--format',
        'csv',
      ]);
      assert.deepEqual(run, {
        code: 0,
        out: 'session_id,agent_id,tokens,cost\r\ns1,agent-1,900,4.25\r\ns2,agent-1,300,1\r\ns3,agent-1,10,0.5\r\n',
        err: '',
      });
      assert.deepEqual(seen, [
        {
          url: '/api/v1/aispm-llm-sessions/tenants/acme/workspaces/prod?pageSize=2&agent_id=agent-1&sort=cost&sort_dir=desc',
          auth: 'Bearer aispm_test',
        },
        {
          url: '/api/v1/aispm-llm-sessions/tenants/acme/workspaces/prod?cursor=next-page&pageSize=2&agent_id=agent-1&sort=cost&sort_dir=desc',
          auth: 'Bearer aispm_test',
        },
      ]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('cli paths', () => {
  it('every path the commands build from the catalogue is an operation of the OpenAPI document', async () => {
    const doc = (await openApiDocument()) as { paths: Record<string, Record<string, unknown>> };
    const has = (path: string, method: string) => assert.ok(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`);
    for (const kind of routedKinds) {
      const p = inventoryPaths(kind);
      for (const path of [p.list, p.detail, p.edge]) has(path, 'get');
    }
    for (const scope of storageScopes) {
      const p = storagePaths(scope);
      has(p.keys, 'get');
      for (const m of ['get', 'put', 'delete']) has(p.entry, m);
    }
  });
});
