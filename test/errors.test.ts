// The error contract: whatever goes wrong, the answer is {code, message} with that status.

import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { before, it } from 'node:test';
import { body, describeEngines } from './helpers/harness.ts';
import { models, T1, W1 } from './helpers/fixtures.ts';

const LIST = `/api/v1/aispm-models/tenants/${T1}/workspaces/${W1}`;

function assertError(res: { statusCode: number; body: string; headers: Record<string, unknown> }, status: number, message: RegExp) {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const b = JSON.parse(res.body);
  assert.deepEqual(Object.keys(b).sort(), ['code', 'message']);
  assert.equal(b.code, status);
  assert.match(b.message, message);
  assert.ok(!/\bat .*\.ts:\d+/.test(res.body), 'no stack trace');
}

describeEngines('error contract', (h) => {
  let token: string;
  let ingestToken: string;
  before(async () => {
    await h().ingest(T1, W1, models(5));
    token = await h().token({ tenant: T1, workspaces: [W1] });
    ingestToken = await h().token({ tenant: T1, workspaces: [W1], scopes: ['ingest'] });
  });

  it('unknown route: 404', async () => {
    assertError(await h().get('/api/v1/nothing-here', token), 404, /no route for GET \/api\/v1\/nothing-here/);
  });

  it('known path, wrong method: 405 with Allow', async () => {
    const res = await h().request({ method: 'DELETE', url: LIST, token });
    assertError(res, 405, /method DELETE is not allowed here; allowed: GET/);
    assert.equal(res.headers.allow, 'GET');
  });

  it('page_size 0, 10001 and "abc": 400 naming page_size', async () => {
    assertError(await h().get(`${LIST}?page_size=0`, token), 400, /^page_size: expected at least 1, not 0$/);
    assertError(await h().get(`${LIST}?page_size=10001`, token), 400, /^page_size: expected at most 10000, not 10001$/);
    assertError(await h().get(`${LIST}?page_size=abc`, token), 400, /^page_size: expected an integer, not "abc"$/);
    assertError(await h().get(`${LIST}?pageSize=10001`, token), 400, /^pageSize: expected at most 10000, not 10001$/);
  });

  it('a value the schema refuses is said in the words of the service, as docs/QUERIES.md shows them', async () => {
    assertError(await h().get(`${LIST}?context_window__gt=big`, token), 400, /^context_window__gt: expected an integer, not "big"$/);
    assertError(await h().get(`${LIST}?pinned=maybe`, token), 400, /^pinned: expected true or false, not "maybe"$/);
    assertError(
      await h().get(`/api/v1/aispm-llm-costs/tenants/${T1}/workspaces/${W1}?group_by=team`, token),
      400,
      /^group_by: expected one of agent, model, not "team"$/,
    );
  });

  it('a cursor that was never issued: 400', async () => {
    assertError(await h().get(`${LIST}?cursor=garbage`, token), 400, /cursor is invalid/);
  });

  it('a tampered cursor: 400', async () => {
    const first = body(await h().get(`${LIST}?page_size=2`, token));
    assert.ok(first.cursor);
    const [payload, sig] = first.cursor.split('.');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
    decoded[1][1] = 'model-999';
    const forged = `${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${sig}`;
    assertError(await h().get(`${LIST}?cursor=${forged}`, token), 400, /cursor is invalid: it was altered/);
  });

  it('a cursor from another query: 400', async () => {
    const first = body(await h().get(`${LIST}?page_size=2`, token));
    assertError(await h().get(`${LIST}?page_size=2&sort=name&cursor=${first.cursor}`, token), 400, /cursor belongs to another query/);
    assertError(await h().get(`${LIST}?page_size=2&name__ilk=model&cursor=${first.cursor}`, token), 400, /another query/);
    // The page size is not part of the query: a client may change it between pages.
    assert.equal((await h().get(`${LIST}?page_size=3&cursor=${first.cursor}`, token)).statusCode, 200);
  });

  it('bad sort and sort_dir: 400 naming the parameter', async () => {
    assertError(await h().get(`${LIST}?sort=nope`, token), 400, /sort: unknown column "nope"; sortable columns are id, name, provider/);
    assertError(await h().get(`${LIST}?sort=version`, token), 400, /sort: column cannot be sorted "version"/);
    assertError(await h().get(`${LIST}?sort_dir=up`, token), 400, /^sort_dir: expected one of asc, desc, not "up"$/);
  });

  it('invalid JSON body, wrong media type, empty body on ingest', async () => {
    const url = `/api/v1/ingest/tenants/${T1}/workspaces/${W1}`;
    // Whatever the body, a media type other than NDJSON is answered with the ones ingest takes.
    const takes = (type: string) =>
      `ingest takes application/x-ndjson (or application/ndjson, application/jsonl, application/x-jsonlines), one JSON record per line (or a model probe report with format=garak or format=promptfoo), a CycloneDX BOM as application/vnd.cyclonedx+json, a SARIF log as application/sarif+json, or an MCP scanner's results as application/vnd.aispm.mcp-scan+json or application/vnd.aispm.cisco-mcp-scanner+json, not "${type}"`;
    for (const [type, payload] of [
      ['application/xml', '<a/>'],
      ['application/json', '{"a":'],
      ['application/json', '{"a":1}'],
      ['text/plain', '{"type":"entity"}'],
    ]) {
      const res = await h().request({ method: 'POST', url, token: ingestToken, headers: { 'content-type': type! }, payload });
      assert.deepEqual([res.statusCode, body(res)], [415, { code: 415, message: takes(type!) }]);
    }
    // Elsewhere, Fastify's own refusal names what the operation takes.
    const storage = await h().request({
      method: 'PUT',
      url: '/api/v1/client-storage/users/c/n/k',
      token: await h().token({ tenant: T1, scopes: ['storage'] }),
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    assert.equal(storage.statusCode, 415);
    assert.match(body(storage).message, /^unsupported media type: application\/xml; this operation takes application\/json/);
  });

  it('a corrupt gzip body on ingest: 400', async () => {
    const url = `/api/v1/ingest/tenants/${T1}/workspaces/${W1}`;
    const res = await h().request({
      method: 'POST',
      url,
      token: ingestToken,
      headers: { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' },
      payload: Buffer.from('not gzip at all'),
    });
    assertError(res, 400, /not valid gzip/);
  });

  it('an unsupported content-encoding on ingest: 415', async () => {
    const url = `/api/v1/ingest/tenants/${T1}/workspaces/${W1}`;
    const res = await h().request({
      method: 'POST',
      url,
      token: ingestToken,
      headers: { 'content-type': 'application/x-ndjson', 'content-encoding': 'br' },
      payload: gzipSync('x'),
    });
    assertError(res, 415, /unsupported content-encoding "br"/);
  });

  it('every error carries the request id, no-store and nosniff', async () => {
    const res = await h().get('/api/v1/nothing-here', token, { 'x-request-id': 'abc-123' });
    assert.equal(res.headers['x-request-id'], 'abc-123');
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    const odd = await h().get('/api/v1/nothing-here', token, { 'x-request-id': 'bad id with spaces' });
    assert.match(String(odd.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('path ids longer than the limit: 400, not 500', async () => {
    assertError(await h().get(`${LIST}/${'x'.repeat(10_000)}`, token), 400, /^id: at most 512 characters$/);
  });
});
