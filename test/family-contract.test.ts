// The product family's document is true of the service: a client generated from it (the same
// generator as the project's own client, over test/contract/family-schema.ts) calls every one of
// its operations against the service, unchanged, and every answer validates against the
// document's schema for it, with every field the schema lists present (each listed property is
// treated as required). The service's own document carries each of the family's operation ids
// on the same method and path. On SQLite and PostgreSQL, over the demo estate.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, it } from 'node:test';
import { Ajv, type ValidateFunction } from 'ajv';
import createClient from 'openapi-fetch';
import { CONTRACT_FILE, familyTypes, TYPES_FILE } from '../scripts/family-contract.ts';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import type { paths } from './contract/family-schema.ts';
import { injectFetch } from './helpers/client.ts';
import { body, describeEngines } from './helpers/harness.ts';

const NOW = Date.UTC(2026, 5, 15, 12);
const T = DEMO_TENANT;
const W = 'default';

interface Operation {
  method: string;
  path: string;
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

const contract = JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
};

const operations: Operation[] = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
);

/**
 * A schema in which every property an object lists is required, references pointing into the
 * contract: "every field the schema lists present".
 */
function allListed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(allListed);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$ref' && typeof v === 'string') out[k] = `family${v}`;
    else if (k === 'properties') out[k] = Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, allListed(s)]));
    else out[k] = allListed(v);
  }
  if (out.properties && typeof out.properties === 'object') out.required = Object.keys(out.properties);
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'family', components: allListed(contract.components) });
const validators = new Map<string, ValidateFunction>();
function validatorOf(op: Operation, status: string): ValidateFunction | undefined {
  const key = `${op.operationId} ${status}`;
  if (!validators.has(key)) {
    const schema = op.responses[status]?.content?.['application/json']?.schema;
    if (schema) validators.set(key, ajv.compile(allListed(schema) as object));
  }
  return validators.get(key);
}

/**
 * Options for an operation whose path parameters the document leaves undeclared (the guardrail
 * dashboards, sensors used, current scans): openapi-fetch fills the path's placeholders
 * from `params.path` all the same, but the generated types allow none.
 */
const undeclared = (options: object) => options as Record<never, never>;

const byId = new Map(operations.map((o) => [o.operationId, o]));

describeEngines('the family document, whole', (h) => {
  let api: ReturnType<typeof createClient<paths>>;
  let storage: ReturnType<typeof createClient<paths>>;
  const called = new Set<string>();
  const ws = { tenant_id: T, workspace_id: W };

  /** Checks one answer of an operation: a 2xx the document gives, and its body valid against the schema with every listed field. */
  function check<D>(operationId: string, result: { data?: D; error?: unknown; response: Response }): D {
    const op = byId.get(operationId);
    assert.ok(op, `${operationId} is not in the document`);
    const status = String(result.response.status);
    assert.ok(status in op.responses && status.startsWith('2'), `${operationId}: ${status} ${JSON.stringify(result.error)}`);
    const validate = validatorOf(op, status);
    if (validate) {
      const ok = validate(result.data);
      assert.ok(ok, `${operationId}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
    } else {
      assert.equal(result.data, undefined, `${operationId}: ${status} has no body in the document`);
    }
    called.add(operationId);
    return result.data as D;
  }

  /** The first row of a tabular answer, by column. */
  const first = (page: { header: string[]; rows: unknown[][] }) => {
    assert.ok(page.rows.length > 0, 'expected a row');
    return Object.fromEntries(page.header.map((c, i) => [c, page.rows[0]![i]])) as Record<string, any>;
  };

  before(async () => {
    await loadDemo(h().db, { scale: 0.05, seed: 3, now: NOW, storePrompts: false });
    const fetch = injectFetch(h().app);
    api = createClient<paths>({
      baseUrl: 'http://aispm.test/api/v1',
      fetch,
      headers: { authorization: `Bearer ${await h().token({ tenant: T, scopes: ['read'] })}` },
    });
    storage = createClient<paths>({
      baseUrl: 'http://aispm.test/api/v1',
      fetch,
      headers: { authorization: `Bearer ${await h().token({ tenant: T, scopes: ['read', 'storage'] })}` },
    });
  });

  it("the service's own document carries each of the family's operation ids on the same method and path", async () => {
    const own = body(await h().get('/api/v1/openapi.json')) as { paths: Record<string, Record<string, { operationId: string }>> };
    const missing: string[] = [];
    const seen = new Set<string>();
    for (const op of operations) {
      const mine = own.paths[`/api/v1${op.path}`]?.[op.method.toLowerCase()];
      if (mine?.operationId !== op.operationId) missing.push(`${op.method} ${op.path} ${op.operationId} (service: ${mine?.operationId})`);
    }
    for (const item of Object.values(own.paths))
      for (const op of Object.values(item)) {
        assert.ok(!seen.has(op.operationId), `operation id ${op.operationId} twice`);
        seen.add(op.operationId);
      }
    assert.deepEqual(missing, []);
    assert.equal(operations.length, 55);
  });

  it('the committed client types are what the generator makes of the contract', async () => {
    assert.equal(readFileSync(TYPES_FILE, 'utf8'), await familyTypes(contract));
  });

  it('inventory: lists, details and edges of agents, models, tools, MCP servers, assets and locations', async () => {
    const p = { params: { path: ws } };
    const agent = first(check('GetAllAispmAgents', await api.GET('/aispm-agents/tenants/{tenant_id}/workspaces/{workspace_id}', p)));
    const agentPath = { ...ws, id: agent.id as string };
    check(
      'GetAispmAgentDetails',
      await api.GET('/aispm-agents/tenants/{tenant_id}/workspaces/{workspace_id}/{id}', { params: { path: agentPath } }),
    );
    check(
      'GetAISPMAgentEdges',
      await api.GET('/aispm-agents/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/{edge}', {
        params: { path: { ...agentPath, edge: 'issues' } },
      }),
    );
    const model = first(check('GetAllAispmModels', await api.GET('/aispm-models/tenants/{tenant_id}/workspaces/{workspace_id}', p)));
    const modelPath = { ...ws, id: model.id as string };
    check(
      'GetAispmModelDetails',
      await api.GET('/aispm-models/tenants/{tenant_id}/workspaces/{workspace_id}/{id}', { params: { path: modelPath } }),
    );
    check(
      'GetAISPMModelEdges',
      await api.GET('/aispm-models/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/{edge}', {
        params: { path: { ...modelPath, edge: 'issues' } },
      }),
    );
    const tool = first(check('GetAllAispmTools', await api.GET('/aispm-tools/tenants/{tenant_id}/workspaces/{workspace_id}', p)));
    const toolPath = { ...ws, id: tool.id as string };
    check(
      'GetAispmToolDetails',
      await api.GET('/aispm-tools/tenants/{tenant_id}/workspaces/{workspace_id}/{id}', { params: { path: toolPath } }),
    );
    check(
      'GetAISPMToolEdges',
      await api.GET('/aispm-tools/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/{edge}', {
        params: { path: { ...toolPath, edge: 'agents' } },
      }),
    );
    const mcp = first(check('GetAllAispmMcpServers', await api.GET('/aispm-mcp-servers/tenants/{tenant_id}/workspaces/{workspace_id}', p)));
    const mcpPath = { ...ws, id: mcp.id as string };
    check(
      'GetAispmMcpServerDetails',
      await api.GET('/aispm-mcp-servers/tenants/{tenant_id}/workspaces/{workspace_id}/{id}', { params: { path: mcpPath } }),
    );
    check(
      'GetAISPMMcpServerEdges',
      await api.GET('/aispm-mcp-servers/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/{edge}', {
        params: { path: { ...mcpPath, edge: 'aispm_tools' } },
      }),
    );
    const asset = first(check('GetAllAssets', await api.GET('/assets/tenants/{tenant_id}/workspaces/{workspace_id}', p)));
    const assetPath = { ...ws, id: asset.id as string };
    check('GetAssetDetails', await api.GET('/assets/tenants/{tenant_id}/workspaces/{workspace_id}/{id}', { params: { path: assetPath } }));
    check(
      'GetAssetEdges',
      await api.GET('/assets/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/{edge}', {
        params: { path: { ...assetPath, edge: 'aispm_agents' } },
      }),
    );
    const location = first(check('GetAllLocations', await api.GET('/locations/tenants/{tenant_id}/workspaces/{workspace_id}', p)));
    check(
      'GetLocationEdges',
      await api.GET('/locations/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/{edge}', {
        params: { path: { ...ws, id: location.id as string, edge: 'secrets' } },
      }),
    );
  });

  it('runtime: interactions, one interaction, sessions, and the guardrail dashboards', async () => {
    const interaction = first(
      check(
        'GetAllAispmLlmInteractions',
        await api.GET('/aispm-llm-interactions/tenants/{tenant_id}/workspaces/{workspace_id}', { params: { path: ws } }),
      ),
    );
    check(
      'GetAispmLlmInteractionDetails',
      await api.GET('/aispm-llm-interactions/tenants/{tenant_id}/workspaces/{workspace_id}/{id}', {
        params: { path: { ...ws, id: interaction.id as string } },
      }),
    );
    const sessions = check(
      'GetAispmLlmSessions',
      await api.GET('/aispm-llm-sessions/tenants/{tenant_id}/workspaces/{workspace_id}', {
        params: { path: ws, query: { agent_id: interaction.agent_id as string, sort: 'cost', sort_dir: 'desc', pageSize: 5 } },
      }),
    );
    assert.ok(sessions.rows.length > 0);
    const window = { start_time: '2026-04-01T00:00:00Z', end_time: '2026-06-15T12:00:00Z' };
    const dash = '/aispm-llm-interactions-dash/tenants/{tenant_id}/workspaces/{workspace_id}' as const;
    check('GetAispmGuardrailCategories', await api.GET(`${dash}/categories`, undeclared({ params: { path: ws, query: window } })));
    check('GetAispmGuardrailInteractionCounts', await api.GET(`${dash}/counts`, undeclared({ params: { path: ws, query: window } })));
    check('GetAispmGuardrailOutcomes', await api.GET(`${dash}/outcomes`, undeclared({ params: { path: ws, query: window } })));
  });

  it('findings: the dashboard, the histogram, the issues of a workspace and of the token, instances and details', async () => {
    const dashboard = check('GetSummaryAispmDashboard', await api.GET('/aispm-dashboard'));
    assert.ok((dashboard.aispm_objects_counts ?? []).length > 0);
    check('GetHistogramsAispm', await api.GET('/histograms/aispm'));
    const base = '/issues/tenants/{tenant_id}/workspaces/{workspace_id}' as const;
    const issue = first(
      check('GetIssuesIndex', await api.GET(base, { params: { path: ws, query: { sort: 'severity:desc', page_size: 5 } } })) as any,
    );
    const issuePath = { ...ws, id: issue.id as string };
    check('GetIssueSingle', await api.GET(`${base}/{id}`, { params: { path: issuePath } }));
    const object = first(
      check('GetIssueObjects', await api.GET(`${base}/{id}/objects`, { params: { path: issuePath, query: { page_size: 5 } } })) as any,
    );
    const objectPath = { ...issuePath, objectId: object.object_id as string };
    const details = check(
      'GetIssueObjectDetails',
      await api.GET(`${base}/{id}/objects/{objectId}/details`, { params: { path: objectPath, query: { page_size: 5 } } }),
    ) as any;
    const detail = check(
      'GetIssueObjectDetail',
      await api.GET(`${base}/{id}/objects/{objectId}/details/{detailId}`, {
        params: { path: { ...objectPath, detailId: details.details[0].id } },
      }),
    ) as any;
    check(
      'GetInstanceDetailsV2',
      await api.GET('/instances/tenants/{tenant_id}/workspaces/{workspace_id}/{instanceId}', {
        params: { path: { ...ws, instanceId: details.details[0].id } },
      }),
    );
    assert.equal(detail.rows.length, 1);

    const all = check('GetAllIssues', await api.GET('/issues'));
    assert.ok(all.rows.length > 0);
    const one = check('GetIssueDetails', await api.GET('/issues/{id}', { params: { path: { id: issue.id as string } } }));
    assert.ok(one.length > 1);
    const instances = check('GetIssueInstances', await api.GET('/issues/{id}/instances', { params: { path: { id: issue.id as string } } }));
    assert.ok(instances.rows.length > 0);
  });

  it('rules: the rules of a workspace, one rule, static and external rules, and the results of a rule', async () => {
    const rules = check(
      'GetAllRules',
      await api.GET('/rules/tenants/{tenant_id}/workspaces/{workspace_id}', { params: { path: ws, query: { page_size: 5 } } }),
    ) as any;
    const rule = first(rules);
    check(
      'GetRule',
      await api.GET('/rules/tenants/{tenant_id}/workspaces/{workspace_id}/{rule_id}', {
        params: { path: { ...ws, rule_id: rule.rule_id } },
      }),
    );
    check('GetStaticRules', await api.GET('/static-rules', { params: { query: { name__ilk: 'guardrail' } } }));
    check('GetExternalRules', await api.GET('/external-rules', {}));
    check('GetRuleInstances', await api.GET('/rules/{id}/results', { params: { path: { id: rule.rule_id } } }));
  });

  it('scans: the scans of an asset, the current scans, the sensors used', async () => {
    const sensors = check(
      'GetSensorsUsed',
      await api.GET('/sensors-used/tenants/{tenant_id}/workspaces/{workspace_id}', undeclared({ params: { path: ws } })),
    );
    assert.ok(sensors.length > 0);
    let scan: Record<string, any> | undefined;
    for (const sensorType of sensors) {
      const current = check(
        'GetAllCurrentScans',
        await api.GET(
          '/scans/tenants/{tenant_id}/workspaces/{workspace_id}/current',
          undeclared({ params: { path: ws, query: { sensorType } } }),
        ),
      );
      if (current.rows.length > 0) scan ??= first(current);
    }
    assert.ok(scan, 'a current scan');
    // An asset some scan covered: the first of the workspace's assets with scans.
    const assets = check('GetAllAssets', await api.GET('/assets/tenants/{tenant_id}/workspaces/{workspace_id}', { params: { path: ws } }));
    let scanned = 0;
    for (const row of assets.rows) {
      const scans = check('GetAllScansForAsset', await api.GET('/scans/asset/{id}', { params: { path: { id: row[0] as string } } }));
      scanned += scans.rows.length;
      if (scanned > 0) break;
    }
    assert.ok(scanned > 0, 'an asset with scans');
  });

  it('client storage: put, get and delete in each of the four scopes', async () => {
    const key = { client_id: 'family', namespace: 'contract', key: 'k1' };
    const body = { value: { theme: 'dark' } };
    const scopes = [
      ['TenantUser', '/client-storage/tenants/{tenant_id}/users/{client_id}/{namespace}/{key}', { tenant_id: T, ...key }],
      ['TenantWorkspace', '/client-storage/tenants/{tenant_id}/workspaces/{workspace_id}/{client_id}/{namespace}/{key}', { ...ws, ...key }],
      ['Tenant', '/client-storage/tenants/{tenant_id}/{client_id}/{namespace}/{key}', { tenant_id: T, ...key }],
      ['User', '/client-storage/users/{client_id}/{namespace}/{key}', key],
    ] as const;
    for (const [name, path, params] of scopes) {
      check(`PutClientStorage${name}`, await storage.PUT(path as any, { params: { path: params }, body } as any));
      const got = check(`GetClientStorage${name}`, await storage.GET(path as any, { params: { path: params } } as any)) as any;
      assert.deepEqual(got.value, body.value);
      check(`DeleteClientStorage${name}`, await storage.DELETE(path as any, { params: { path: params } } as any));
    }
  });

  it('views: a view of the workspace exported through the document’s operation', async () => {
    const writer = createClient<paths>({
      baseUrl: 'http://aispm.test/api/v1',
      fetch: injectFetch(h().app),
      headers: { authorization: `Bearer ${await h().token({ tenant: T, scopes: ['read', 'views'] })}` },
    });
    const created = await h().request({
      method: 'POST',
      url: `/api/v1/views/tenants/${T}/workspaces/${W}`,
      token: await h().token({ tenant: T, scopes: ['read', 'views'] }),
      payload: { name: 'critical issues', entity: 'issues', saved_filters: { severity: 'critical' } },
    });
    assert.equal(created.statusCode, 201, created.body);
    const exported = check('ExportView', await writer.POST('/views/{id}/export', { params: { path: { id: body(created).id } } }));
    assert.equal(exported.export_status, 'scheduled');
  });

  it('every operation of the document was called', () => {
    assert.deepEqual(
      operations.map((o) => o.operationId).filter((id) => !called.has(id)),
      [],
    );
  });
});
