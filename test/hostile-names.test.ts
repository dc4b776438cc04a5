// Names a client sends are data, never property keys (issue 33, rows 4, 5, 11 and 12): JavaScript's
// special names (`__proto__`, `constructor`, `toString`, …) as sort columns, as query parameter
// names, as MCP arguments; a missing path segment; CSV cells that a spreadsheet would run as a
// formula after leading white space or in fullwidth form. Then a property: every named parameter
// (path and query) of every GET operation of the OpenAPI document the service serves, and unknown
// parameter names, fed the special names and random Unicode, answer a 2xx or a 4xx with the
// {code, message} body, never a 5xx. Fixed seed, bounded runs per operation.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { scopes } from '../src/platform/auth/tokens.ts';
import { entity, T1, W1 } from './helpers/fixtures.ts';
import { body, describeEngines, type Harness } from './helpers/harness.ts';
import { interaction } from './helpers/runtime-fixtures.ts';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const SEED = 20261128;
/** Generated requests per GET operation and engine (about 70 operations). */
const RUNS_PER_ROUTE = 40;

/** Names every JavaScript object answers through its prototype, and the prototype itself. */
const SPECIAL = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
];

const ws = (prefix: string) => `/api/v1/${prefix}/tenants/${T1}/workspaces/${W1}`;

/** Lists of the table's row 4, and the issues index. */
const LISTS = [
  ws('aispm-models'),
  ws('aispm-agents'),
  ws('locations'),
  ws('assets'),
  ws('aispm-llm-sessions'),
  '/api/v1/static-rules',
  '/api/v1/issues',
];

/** The {code, message} error body with the answer's status, and its message. */
function errorMessage(res: LightMyRequestResponse, status: number): string {
  assert.equal(res.statusCode, status, res.body);
  const b = body(res);
  assert.deepEqual(Object.keys(b).sort(), ['code', 'message']);
  assert.equal(b.code, status);
  assert.equal(typeof b.message, 'string');
  return b.message as string;
}

/** A string a URL can carry: lone surrogates made whole (encodeURIComponent refuses them). */
const wellFormed = (s: string) => s.toWellFormed();

describeEngines('hostile names', (h: () => Harness) => {
  let token = '';

  before(async () => {
    const s = await h().ingest(T1, W1, [
      entity('agent', 'a1', 'Support Agent', 5, { framework: 'langchain' }),
      entity('model', 'pkg:huggingface/meta/llama-3', 'llama-3', 4, { provider: 'meta' }),
      entity('location', 'loc-1', 'seed', 3),
      interaction({ id: 'i1', session: 'sess-1', minute: 1, agent: 'a1', cost: 0.5 }),
    ]);
    assert.equal(s.rejected, 0, JSON.stringify(s.errors));
    token = await h().token({ tenant: T1, scopes: [...scopes] });
  });

  it('row 4: a special name as a sort column is a 400 naming it, on every list, with or without a direction', async () => {
    for (const list of LISTS) {
      for (const name of SPECIAL) {
        for (const sort of [name, `${name}:desc`, `${name}:asc`]) {
          const res = await h().get(`${list}?sort=${encodeURIComponent(sort)}`, token);
          const message = errorMessage(res, 400);
          assert.ok(message.startsWith(`sort: unknown column "${name}"; sortable columns are `), `${list}?sort=${sort}: ${message}`);
        }
      }
    }
    // The sessions' aliases still sort.
    const bySessions = await h().get(`${ws('aispm-llm-sessions')}?sort=time:desc`, token);
    assert.equal(bySessions.statusCode, 200, bySessions.body);
    assert.deepEqual(
      body(bySessions).rows.map((r: unknown[]) => r[0]),
      ['sess-1'],
    );
  });

  it('row 5: a special name as a query parameter is a 400 naming it, on lists and on other operations', async () => {
    const others = ['/api/v1/histograms/aispm', `/api/v1/aispm-agents/tenants/${T1}/workspaces/${W1}/a1`, '/api/v1/aispm-dashboard'];
    for (const url of [...LISTS, ...others]) {
      for (const name of SPECIAL) {
        const res = await h().get(`${url}?${encodeURIComponent(name)}=1`, token);
        const message = errorMessage(res, 400);
        assert.ok(message.startsWith(`${name}: unknown query parameter; this `), `${url}?${name}=1: ${message}`);
        // After a parameter the operation takes, too.
        const after = await h().get(`${url}?page_size=5&${encodeURIComponent(name)}=x`, token);
        const second = after.statusCode === 400 ? errorMessage(after, 400) : '';
        assert.ok(second.startsWith(`${name}: unknown`) || second.startsWith('page_size: unknown'), `${url}: ${after.body}`);
      }
    }
    // A filter on a related list's column with a special name is no filter either.
    const related = await h().get(`${ws('aispm-agents')}?models.__proto__=x`, token);
    assert.match(errorMessage(related, 400), /^models\.__proto__: /);
    // Graph paths check their own parameters.
    const paths = await h().get(`/api/v1/graph/paths/tenants/${T1}/workspaces/${W1}?from=agent&to=model&__proto__=1`, token);
    assert.ok(errorMessage(paths, 400).startsWith('__proto__: unknown query parameter; this operation takes '));
    const fromProto = await h().get(`/api/v1/graph/paths/tenants/${T1}/workspaces/${W1}?from=agent&to=model&from.constructor=1`, token);
    assert.ok(errorMessage(fromProto, 400).startsWith('from.constructor: AI agents take no filter "constructor"'), fromProto.body);
    // The special names as values of parameters that name kinds, edges and frameworks.
    for (const name of SPECIAL) {
      const edge = await h().get(`${ws('aispm-agents')}/a1/${encodeURIComponent(name)}`, token);
      assert.ok(errorMessage(edge, 400).startsWith(`edge: unknown edge "${name}" for an AI agent; allowed edges are `), edge.body);
      const kind = await h().get(`/api/v1/graph/paths/tenants/${T1}/workspaces/${W1}?from=${encodeURIComponent(name)}&to=model`, token);
      assert.ok(errorMessage(kind, 400).startsWith(`from: unknown kind "${name}"; kinds are `), kind.body);
      const framework = await h().get(`${ws('compliance')}/${encodeURIComponent(name)}`, token);
      assert.equal(framework.statusCode, 400, framework.body);
      errorMessage(framework, 400);
      const group = await h().get(`${ws('issues')}?group_by=${encodeURIComponent(name)}`, token);
      assert.ok(errorMessage(group, 400).startsWith(`group_by: unknown dimension "${name}"`), group.body);
    }
  });

  it('row 11: a missing path segment is a 404, and a method a path does not take still a 405', async () => {
    for (const url of [
      `/api/v1/aispm-agents/tenants/${T1}/workspaces/`,
      `/api/v1/webhooks/tenants/${T1}/workspaces/`,
      `/api/v1/views/tenants/${T1}/workspaces/`,
    ]) {
      const res = await h().get(url, token);
      assert.equal(errorMessage(res, 404), `no route for GET ${url}`);
      assert.equal(res.headers.allow, undefined);
    }
    // An empty segment inside the path matches the route: its parameter is refused by name.
    const inside = await h().get(`/api/v1/aispm-agents/tenants/${T1}/workspaces//a1`, token);
    assert.equal(errorMessage(inside, 400), 'workspace_id: must not be empty');
    const wrong = await h().request({ method: 'DELETE', url: ws('aispm-agents'), token });
    assert.equal(errorMessage(wrong, 405), 'method DELETE is not allowed here; allowed: GET');
    assert.equal(wrong.headers.allow, 'GET');
  });

  it("row 11 through MCP: get_object refuses '.' and '..' naming the argument, and reads ids holding '/'", async () => {
    await h().app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(h().app.server.address() as { port: number }).port}`;
    const client = new Client({ name: 'hostile-names', version: '0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
    );
    type Answer = { isError?: boolean; content: Array<{ text: string }>; structuredContent?: any };
    const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Answer;
    try {
      for (const id of ['.', '..']) {
        const r = await call('get_object', { workspace: W1, kind: 'agent', id });
        assert.equal(r.isError, true, JSON.stringify(r));
        assert.equal(r.content[0]!.text, `id: "${id}" is not an id (it would name another path)`);
        const n = await call('list_neighbours', { workspace: W1, kind: 'agent', id: 'a1', edge: id });
        assert.equal(n.content[0]!.text, `edge: "${id}" is not an id (it would name another path)`);
        const w = await call('search_inventory', { workspace: id, kind: 'agent' });
        assert.equal(w.content[0]!.text, `workspace: "${id}" is not an id (it would name another path)`);
      }
      const model = await call('get_object', { workspace: W1, kind: 'model', id: 'pkg:huggingface/meta/llama-3' });
      assert.notEqual(model.isError, true, model.content[0]?.text);
      assert.equal(model.structuredContent.object.id, 'pkg:huggingface/meta/llama-3');
      // A special name as a filter reaches the API, which refuses it by name.
      const filtered = await call('search_inventory', { workspace: W1, kind: 'agent', filters: { constructor: 'x' } });
      assert.equal(filtered.isError, true, JSON.stringify(filtered));
      assert.match(filtered.content[0]!.text, /^constructor: unknown query parameter; this list takes .* \(HTTP 400\)$/);
      // A `__proto__` key anywhere in the body is refused by the JSON body parser before any tool runs.
      await assert.rejects(
        call('search_inventory', { workspace: W1, kind: 'agent', filters: JSON.parse('{"__proto__": "x"}') }),
        (err: { data?: { status?: number } }) => err.data?.status === 400,
      );
      const sorted = await call('search_inventory', { workspace: W1, kind: 'agent', sort: 'constructor:desc' });
      assert.equal(sorted.isError, true, JSON.stringify(sorted));
      assert.match(sorted.content[0]!.text, /^sort: unknown column "constructor"; sortable columns are .* \(HTTP 400\)$/);
    } finally {
      await client.close();
    }
  });

  it("MCP over stdio (reading the database): a '__proto__' filter reaches the API and is refused by name", async () => {
    const client = new Client({ name: 'hostile-names', version: '0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'mcp', '--direct'],
        env: { PATH: process.env.PATH ?? '', AISPM_DB: h().config.db, AISPM_TOKEN: token },
        stderr: 'ignore',
      }),
    );
    try {
      const r = (await client.callTool({
        name: 'search_inventory',
        arguments: { workspace: W1, kind: 'agent', filters: JSON.parse('{"__proto__": "x"}') },
      })) as { isError?: boolean; content: Array<{ text: string }> };
      assert.equal(r.isError, true, JSON.stringify(r));
      assert.match(r.content[0]!.text, /^__proto__: unknown query parameter; this list takes .* \(HTTP 400\)$/);
      const up = (await client.callTool({ name: 'get_object', arguments: { workspace: W1, kind: 'agent', id: '..' } })) as {
        isError?: boolean;
        content: Array<{ text: string }>;
      };
      assert.equal(up.isError, true);
      assert.equal(up.content[0]!.text, 'id: ".." is not an id (it would name another path)');
    } finally {
      await client.close();
    }
  });

  it('row 12: CSV neutralises formulas after leading white space and in fullwidth form', async () => {
    const names = [
      ' =1+1',
      '\u00a0=HYPERLINK("http://x")',
      '\u3000+1',
      '\u2003\u200b@SUM(A1)',
      '\n-1',
      '\t=1',
      '\r=1',
      '＝1+1',
      '＋1',
      '－1',
      '＠SUM(A1)',
      ' ＝1',
      'plain',
      'a = b',
      '  spaced',
    ];
    const tenant = 'csv';
    const s = await h().ingest(
      tenant,
      W1,
      names.map((name, i) => entity('location', `c${String(i).padStart(2, '0')}`, name, i)),
    );
    assert.equal(s.rejected, 0, JSON.stringify(s.errors));
    const reader = await h().token({ tenant });
    const res = await h().get(`/api/v1/locations/tenants/${tenant}/workspaces/${W1}?sort=id&page_size=100`, reader, { accept: 'text/csv' });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    // Each record's id and name; the CSV quotes a cell holding a quote, comma, CR or LF.
    const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
    const neutral = names.map((n) => (['plain', 'a = b', '  spaced'].includes(n) ? n : `'${n}`));
    const lines = res.body.split('\r\n');
    assert.ok(lines[0]!.startsWith('id,name,'), lines[0]);
    for (const [i, n] of neutral.entries()) {
      const id = `c${String(i).padStart(2, '0')}`;
      const cell = quote(n);
      const at = res.body.indexOf(`\r\n${id},${cell},`);
      assert.ok(at >= 0, `${JSON.stringify(names[i])} should be written as ${JSON.stringify(cell)} in\n${res.body}`);
    }
  });

  it('property: every named parameter of every GET operation, and unknown names, fed special names and Unicode: never a 5xx', async () => {
    const doc = body(await h().get('/api/v1/openapi.json'));
    type Param = { name: string; in: string; schema?: { enum?: string[] } };
    const operations = Object.entries(doc.paths as Record<string, { get?: { parameters?: Param[] } }>).flatMap(([path, item]) =>
      item.get ? [{ path, params: (item.get.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query') }] : [],
    );
    assert.ok(operations.length > 50, `only ${operations.length} GET operations in the document`);
    // A value each path parameter takes (known where the estate has it), so the special value lands on one at a time.
    const baseValue = (p: Param): string =>
      p.schema?.enum?.[0] ??
      ({ tenant_id: T1, workspace_id: W1, id: 'a1', edge: 'issues', namespace: 'ns', key: 'k', client_id: 'c' } as const)[p.name as 'id'] ??
      'x';
    const special = fc.constantFrom(...SPECIAL);
    const unicode = fc.string({ unit: 'binary', minLength: 1, maxLength: 24 }).map(wellFormed);
    const value = fc.oneof(
      special,
      unicode,
      fc.tuple(special, unicode).map(([a, b]) => `${a}${b}`),
    );
    let requests = 0;
    for (const op of operations) {
      const pathParams = op.params.filter((p) => p.in === 'path');
      const target = fc.oneof(
        ...(op.params.length ? [fc.constantFrom(...op.params)] : []),
        fc.oneof(special, unicode).map((name): Param => ({ name, in: 'unknown' })),
      );
      await fc.assert(
        fc.asyncProperty(target, value, async (param, v) => {
          let url = op.path;
          for (const p of pathParams) {
            const text = p === param ? v : baseValue(p);
            url = url.replace(`{${p.name}}`, encodeURIComponent(text));
          }
          if (param.in !== 'path') url += `?${encodeURIComponent(param.name)}=${encodeURIComponent(v)}`;
          requests++;
          const res = await h().get(url, token);
          assert.ok(res.statusCode < 500, `GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          if (res.statusCode >= 400) {
            const b = body(res);
            assert.deepEqual(Object.keys(b).sort(), ['code', 'message'], `GET ${url}: ${res.body.slice(0, 300)}`);
            assert.equal(b.code, res.statusCode);
          } else {
            assert.ok(res.statusCode >= 200 && res.statusCode < 300, `GET ${url}: ${res.statusCode}`);
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    assert.ok(requests >= operations.length * RUNS_PER_ROUTE);
  });
});
