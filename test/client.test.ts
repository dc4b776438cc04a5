// The typed client (src/client) against the service, one area after another: inventory, ingest,
// findings, rules and client storage. Every call goes through openapi-fetch with the types
// generated from the OpenAPI document, so a document that disagreed with the server (a path, a
// parameter name, a body's media type, an answer's shape) would show here as a type error or a
// failed call. The answers are compared with the raw HTTP ones and with values the fixtures fix.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { AispmError, ndjson, objects, pages, rows, unwrap, zip, type AispmClient } from '../src/client/index.ts';
import { issueIdOf, staticRules } from '../src/catalog/rules/index.ts';
import { allPages, body, describeEngines } from './helpers/harness.ts';
import { clientFor } from './helpers/client.ts';
import { entity, models, relation, T1, W1 } from './helpers/fixtures.ts';
import { CREDS, INPUT, loadEstate, MONTHS, NOW, PII } from './helpers/findings-estate.ts';

const INV = 'inv';
const inventory = { tenant_id: T1, workspace_id: INV };
const MODELS = '/api/v1/aispm-models/tenants/{tenant_id}/workspaces/{workspace_id}' as const;

describeEngines(
  'typed client',
  (h) => {
    let api: AispmClient;
    let ingester: AispmClient;
    let storage: AispmClient;
    let token: string;
    before(async () => {
      await loadEstate(h());
      const s = await h().ingest(T1, INV, [
        ...models(250),
        entity('agent', 'a1', 'Agent One', 5),
        relation('agent', 'a1', 'uses_model', 'model', 'model-000'),
      ]);
      assert.equal(s.rejected, 0);
      token = await h().token({ tenant: T1 });
      api = clientFor(h(), token);
      ingester = clientFor(h(), await h().token({ tenant: T1, scopes: ['ingest', 'read'] }));
      storage = clientFor(h(), await h().token({ tenant: T1, user: 'ana', scopes: ['read', 'storage'] }));
    });

    it('inventory: objects() follows every cursor of a list and zips each row with the header', async () => {
      const all = [];
      for await (const m of objects(api, MODELS, { params: { path: inventory, query: { page_size: 100 } } })) all.push(m);
      assert.equal(all.length, 250);
      // Newest last_seen first, ties by id in the same direction: model-249 … model-000.
      assert.deepEqual(
        all.map((m) => m.id),
        Array.from({ length: 250 }, (_, i) => `model-${String(249 - i).padStart(3, '0')}`),
      );
      assert.equal(all[249]!.name, 'Model 0');
      assert.equal(all[249]!.provider, 'openai');
      // The same rows as a client of the raw HTTP API gets.
      const raw = await allPages(h(), `/api/v1/aispm-models/tenants/${T1}/workspaces/${INV}?page_size=100`, token);
      assert.deepEqual(
        all,
        raw.rows.map((r) => zip(raw.header, r)),
      );
    });

    it('inventory: pages() yields each page with its total and starts from a given cursor', async () => {
      const seen: Array<[number, number, boolean]> = [];
      for await (const page of pages(api, MODELS, {
        params: { path: inventory, query: { page_size: 100, sort: 'id', sort_dir: 'asc' } },
      })) {
        seen.push([page.rows.length, page.total, page.cursor === '']);
      }
      assert.deepEqual(seen, [
        [100, 250, false],
        [100, 250, false],
        [50, 250, true],
      ]);
      const first = unwrap(await api.GET(MODELS, { params: { path: inventory, query: { page_size: 200, sort: 'id', sort_dir: 'asc' } } }));
      const rest = [];
      for await (const row of rows(api, MODELS, {
        params: { path: inventory, query: { page_size: 200, sort: 'id', sort_dir: 'asc', cursor: first.cursor } },
      }))
        rest.push(row[0]);
      assert.deepEqual(
        rest,
        Array.from({ length: 50 }, (_, i) => `model-${200 + i}`),
      );
    });

    it("inventory: a detail with its typed sections, an edge, and the server's errors", async () => {
      const detail = unwrap(await api.GET(`${MODELS}/{id}`, { params: { path: { ...inventory, id: 'model-000' } } }));
      assert.deepEqual(zip(detail.header, detail.rows[0]!).id, 'model-000');
      assert.deepEqual(detail.agents, { items: [{ id: 'a1', name: 'Agent One' }], total: 1 });
      assert.deepEqual(detail.locations, { items: [], total: 0 });

      const agents = [];
      for await (const a of objects(api, `${MODELS}/{id}/{edge}`, {
        params: { path: { ...inventory, id: 'model-000', edge: 'aispm_agents' } },
      }))
        agents.push(a);
      assert.deepEqual(
        agents.map((a) => [a.id, a.name]),
        [['a1', 'Agent One']],
      );

      await assert.rejects(
        api.GET(`${MODELS}/{id}`, { params: { path: { ...inventory, id: 'nope' } } }).then(unwrap),
        (err: AispmError) =>
          err instanceof AispmError &&
          err.status === 404 &&
          err.message === 'no AI model with this id in the workspace' &&
          typeof err.requestId === 'string',
      );
      await assert.rejects(
        api.GET(`${MODELS}/{id}/{edge}`, { params: { path: { ...inventory, id: 'model-000', edge: 'friends' } } }).then(unwrap),
        (err: AispmError) =>
          err.status === 400 && err.message.startsWith('edge: unknown edge "friends" for an AI model; allowed edges are '),
      );
    });

    it('ingest: records sent as NDJSON through the client, all or nothing', async () => {
      const path = { tenant_id: T1, workspace_id: 'fed' };
      const ok = unwrap(
        await ingester.POST('/api/v1/ingest/tenants/{tenant_id}/workspaces/{workspace_id}', {
          params: { path },
          ...ndjson([entity('tool', 't1', 'Search', 1), entity('tool', 't2', 'Mail', 2)]),
        }),
      );
      assert.deepEqual(ok, { accepted: 2, rejected: 0, errors: [] });
      const tools = [];
      for await (const t of objects(api, '/api/v1/aispm-tools/tenants/{tenant_id}/workspaces/{workspace_id}', { params: { path } }))
        tools.push(t.id);
      assert.deepEqual(tools, ['t2', 't1']);

      await assert.rejects(
        ingester
          .POST('/api/v1/ingest/tenants/{tenant_id}/workspaces/{workspace_id}', {
            params: { path },
            ...ndjson([entity('tool', 't3', 'Shell', 3), { type: 'entity', kind: 'tool', name: 'no id' }]),
          })
          .then(unwrap),
        (err: AispmError) => {
          assert.equal(err.status, 400);
          assert.equal(err.message, '1 line is bad; nothing was written');
          assert.deepEqual((err.body as { rejected: number }).rejected, 2);
          return true;
        },
      );
      // The read token may not ingest: the scope is named.
      await assert.rejects(
        api.POST('/api/v1/ingest/tenants/{tenant_id}/workspaces/{workspace_id}', { params: { path }, ...ndjson([]) }).then(unwrap),
        (err: AispmError) => err.status === 403 && err.message === 'token lacks the "ingest" scope this operation needs',
      );
    });

    it('findings: the issues index through every cursor, and the histogram', async () => {
      const issues = [];
      for await (const i of objects(api, '/api/v1/issues/tenants/{tenant_id}/workspaces/{workspace_id}', {
        params: { path: { tenant_id: T1, workspace_id: W1 }, query: { page_size: 2 } },
      }))
        issues.push([i.id, i.severity, i.open_instances]);
      assert.deepEqual(issues, [
        [issueIdOf(T1, W1, CREDS, 'critical'), 'critical', 2],
        [issueIdOf(T1, W1, INPUT, 'critical'), 'critical', 1],
        [issueIdOf(T1, W1, INPUT, 'high'), 'high', 8],
        [issueIdOf(T1, W1, 'SR-aispm_tool_shell_or_code_execution', 'high'), 'high', 2],
        [issueIdOf(T1, W1, PII, 'medium'), 'medium', 1],
        [issueIdOf(T1, W1, PII, 'low'), 'low', 1],
      ]);

      const details = [];
      for await (const page of pages(api, '/api/v1/issues/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/objects/{objectId}/details', {
        params: {
          path: { tenant_id: T1, workspace_id: W1, id: issueIdOf(T1, W1, INPUT, 'high'), objectId: 'a1' },
          query: { page_size: 3 },
        },
      }))
        details.push(...page.details.map((d) => d.id));
      assert.deepEqual(details, ['f01', 'f02', 'f13', 'f12', 'f14', 'f15', 'f16']);

      const histogram = unwrap(await api.GET('/api/v1/histograms/aispm', { params: { query: { workspace_id: W1 } } }));
      assert.deepEqual(
        histogram.issues_histogram.counts.map((c) => c.month),
        MONTHS,
      );
    });

    it('rules: the rules of a workspace and one rule', async () => {
      const ids = [];
      for await (const row of rows(api, '/api/v1/rules/tenants/{tenant_id}/workspaces/{workspace_id}', {
        params: { path: { tenant_id: T1, workspace_id: W1 }, query: { page_size: 5 } },
      }))
        ids.push(row[0]);
      assert.deepEqual(ids, [PII, ...staticRules.map((r) => r.id).sort()]);
      const rule = unwrap(
        await api.GET('/api/v1/rules/tenants/{tenant_id}/workspaces/{workspace_id}/{rule_id}', {
          params: { path: { tenant_id: T1, workspace_id: W1, rule_id: PII } },
        }),
      );
      assert.deepEqual([rule.rule_name, rule.source, rule.severity], ['PII written to logs', 'external', 'medium']);
    });

    it('client storage: put, get, list, delete, then 404', async () => {
      const path = { tenant_id: T1, client_id: 'dashboard', namespace: 'filters', key: 'saved/default' };
      const put = await storage.PUT('/api/v1/client-storage/tenants/{tenant_id}/users/{client_id}/{namespace}/{key}', {
        params: { path },
        body: { value: { severity: ['critical', 'high'] } },
      });
      unwrap(put);
      assert.equal(put.response.status, 204);
      assert.match(put.response.headers.get('etag') ?? '', /^"\d+"$/);

      const entry = unwrap(
        await storage.GET('/api/v1/client-storage/tenants/{tenant_id}/users/{client_id}/{namespace}/{key}', { params: { path } }),
      );
      assert.deepEqual(entry.value, { severity: ['critical', 'high'] });
      assert.equal(entry.created_at, entry.updated_at);

      const keys = [];
      for await (const k of objects(storage, '/api/v1/client-storage/tenants/{tenant_id}/users/{client_id}/{namespace}', {
        params: { path: { tenant_id: T1, client_id: 'dashboard', namespace: 'filters' } },
      }))
        keys.push(k.key);
      assert.deepEqual(keys, ['saved/default']);
      // The entry is the token's user's: another user of the tenant does not see it.
      await assert.rejects(
        api.GET('/api/v1/client-storage/tenants/{tenant_id}/users/{client_id}/{namespace}/{key}', { params: { path } }).then(unwrap),
        (err: AispmError) => err.status === 404,
      );

      const del = await storage.DELETE('/api/v1/client-storage/tenants/{tenant_id}/users/{client_id}/{namespace}/{key}', {
        params: { path },
      });
      assert.equal(del.response.status, 204);
      await assert.rejects(
        storage.GET('/api/v1/client-storage/tenants/{tenant_id}/users/{client_id}/{namespace}/{key}', { params: { path } }).then(unwrap),
        (err: AispmError) => err.status === 404,
      );
    });

    it('the raw answer and the client agree on a body', async () => {
      const viaClient = unwrap(
        await api.GET('/api/v1/rules/tenants/{tenant_id}/workspaces/{workspace_id}/{rule_id}', {
          params: { path: { tenant_id: T1, workspace_id: W1, rule_id: CREDS } },
        }),
      );
      assert.deepEqual(viaClient, body(await h().get(`/api/v1/rules/tenants/${T1}/workspaces/${W1}/${CREDS}`, token)));
    });
  },
  { now: () => NOW, config: { postureRules: false } },
);
