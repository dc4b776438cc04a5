// The AI-BOM over HTTP and the CLI: CycloneDX 1.6 validated with the CycloneDX project's own
// library and published schema, every inventory object, relation and open finding of the demo
// estate accounted for; the known shapes of models, agents, services and vulnerabilities; the
// round trip (an export imported into an empty workspace exports again the same, timestamp and
// serial aside) through HTTP ingest and `aispm aibom export` / `aispm import --format cyclonedx`;
// another tool's BOM read for its models, applications, services and dependencies; and malformed
// or non-CycloneDX input refused naming the first problem, nothing written.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import { aibom } from '../src/areas/aibom/export.ts';
import { staticRuleControls } from '../src/catalog/rules/index.ts';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import type { Compilable } from 'kysely';
import { type Builder, param } from '../src/platform/db/database.ts';
import { body, describeEngines, type Harness } from './helpers/harness.ts';
import { validateSarif } from './helpers/sarif-schema.ts';
import { entity, relation } from './helpers/fixtures.ts';
import { finding, INPUT, NOW, PII, ruleRecord } from './helpers/findings-estate.ts';

const validator = new Validation.JsonStrictValidator(Spec.Version.v1dot6);
const T = DEMO_TENANT;
const BOM_TYPE = 'application/vnd.cyclonedx+json';
const url = (w: string) => `/api/v1/aibom/tenants/${T}/workspaces/${w}`;

/** What the database holds for a workspace: objects, relations and open findings. */
async function stored(h: Harness, w: string) {
  const args = { t: T, w };
  const q = (key: string, build: (b: Builder) => Compilable<Record<string, string>>) => h.db.all(h.db.template(key, build), args);
  const where = (b: any) => b.where('tenant_id', '=', param('t')).where('workspace_id', '=', param('w'));
  const entities = await q('test.aibom.entities', (b) => where(b.selectFrom('entities').select(['kind', 'id'])));
  const relations = await q('test.aibom.relations', (b) =>
    where(b.selectFrom('relations').select(['from_kind', 'from_id', 'to_kind', 'to_id'])),
  );
  const findings = await q('test.aibom.findings', (b) => where(b.selectFrom('issue_instances').select('id').where('status', '=', 'open')));
  return {
    objects: new Set(entities.map((e) => `${e.kind}/${e.id}`)),
    pairs: new Set(relations.map((r) => `${r.from_kind}/${r.from_id} -> ${r.to_kind}/${r.to_id}`)),
    findings: new Set(findings.map((f) => `finding/${f.id}`)),
  };
}

/** Runs `aispm …` as a process. */
function aispm(env: Record<string, string>, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
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
  });
}

/** A BOM without what changes on every export. */
const steady = (bom: any) => ({ ...bom, serialNumber: undefined, metadata: { ...bom.metadata, timestamp: undefined } });

describeEngines(
  'aibom',
  (h) => {
    let token: string;
    let ingest: string;
    let dir: string;
    before(async () => {
      await loadDemo(h().db, { scale: 0.25, seed: 5, now: NOW, storePrompts: false, evaluateRules: false });
      const s = await h().ingest(T, 'small', [
        entity('agent', 'a1', 'Support Triage', 10, { version: '2.1', framework: 'langchain' }),
        entity('model', 'md1', 'gpt-4o', 20, {
          provider: 'openai',
          model_family: 'gpt-4o',
          type: 'chat',
          version: '2024-08-06',
          license: 'proprietary',
        }),
        entity('mcp_server', 'm1', 'files', 30, {
          publisher: 'acme',
          url: 'https://mcp.acme.test/sse',
          authentication: 'none',
          version: '1.0.0',
        }),
        entity('tool', 'tl1', 'run_shell', 40, { description: 'Runs a command', capabilities: ['shell'] }),
        entity('guardrail', 'g1', 'llm-guard', 50, { provider: 'llm-guard' }),
        entity('location', 'l1', 'triage.py', 60, { repository: 'acme/support', path: 'agents/triage.py', start_line: 12 }),
        entity('asset', 'h1', 'host-1', 70, { type: 'container' }),
        relation('agent', 'a1', 'uses_model', 'model', 'md1'),
        relation('agent', 'a1', 'uses_mcp_server', 'mcp_server', 'm1'),
        relation('agent', 'a1', 'input_guardrail', 'guardrail', 'g1'),
        relation('agent', 'a1', 'output_guardrail', 'guardrail', 'g1'),
        relation('agent', 'a1', 'defined_in', 'location', 'l1'),
        relation('agent', 'a1', 'runs_on', 'asset', 'h1'),
        relation('mcp_server', 'm1', 'exposes_tool', 'tool', 'tl1'),
        ruleRecord(PII, 'PII written to logs', 'medium', 'privacy', ['agent']),
        finding({
          id: 'f1',
          rule: INPUT,
          kind: 'agent',
          object: 'a1',
          at: '2026-06-01T00:00:00Z',
          extra: { cvss_score: 7.5, code_location: { path: 'agents/triage.py' } },
        }),
        finding({ id: 'f2', rule: PII, kind: 'agent', object: 'a1', at: '2026-06-02T00:00:00Z', severity: 'low' }),
        finding({ id: 'f3', rule: INPUT, kind: 'agent', object: 'a1', at: '2026-06-03T00:00:00Z', resolvedAt: '2026-06-04T00:00:00Z' }),
      ]);
      assert.equal(s.rejected, 0, JSON.stringify(s.errors));
      token = await h().token({ tenant: T });
      ingest = await h().token({ tenant: T, scopes: ['read', 'ingest'] });
      dir = mkdtempSync(join(tmpdir(), 'aispm-aibom-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('the demo estate: valid CycloneDX 1.6 with every object, relation and open finding', async () => {
      const res = await h().get(url('default'), token);
      assert.equal(res.statusCode, 200);
      assert.match(res.headers['content-type'] as string, /^application\/vnd\.cyclonedx\+json; version=1\.6/);
      assert.equal(await validator.validate(res.body), null);
      const bom = body(res);
      assert.equal(bom.bomFormat, 'CycloneDX');
      assert.equal(bom.specVersion, '1.6');
      assert.match(bom.serialNumber, /^urn:uuid:[0-9a-f-]{36}$/);
      assert.equal(bom.metadata.timestamp, new Date(NOW).toISOString());
      assert.equal(bom.metadata.tools.components[0].name, 'aispm-query');
      const db = await stored(h(), 'default');
      assert.ok(db.objects.size > 100 && db.findings.size > 10, `${db.objects.size} objects, ${db.findings.size} findings`);
      const refs = [...bom.components, ...bom.services].map((c: any) => c['bom-ref']);
      assert.equal(new Set(refs).size, refs.length);
      assert.deepEqual(new Set(refs), db.objects);
      const pairs = new Set(bom.dependencies.flatMap((d: any) => d.dependsOn.map((to: string) => `${d.ref} -> ${to}`)));
      assert.deepEqual(pairs, db.pairs);
      assert.deepEqual(new Set(bom.vulnerabilities.map((v: any) => v['bom-ref'])), db.findings);
      // A second export differs in its serial number only (and the time).
      const again = body(await h().get(url('default'), token));
      assert.notEqual(again.serialNumber, bom.serialNumber);
      assert.deepEqual(steady(again), steady(bom));
      // Read a few rows at a time, across every page boundary, the BOM is the same.
      let paged = '';
      for await (const part of aibom(h().db, T, 'default', { now: NOW, pageSize: 7 })) paged += part;
      assert.deepEqual(steady(JSON.parse(paged)), steady(bom));
    });

    it('the demo estate: the compliance page and the SARIF file answer and validate', async () => {
      const posture = body(await h().get(`/api/v1/compliance/tenants/${T}/workspaces/default`, token)).frameworks;
      assert.equal(posture.length, 5);
      const issues = body(await h().get(`/api/v1/issues/tenants/${T}/workspaces/default?page_size=10000`, token));
      const open = issues.rows.reduce((n: number, r: unknown[]) => n + Number(r[issues.header.indexOf('open_instances')]), 0);
      // Every static rule maps to every framework: each framework summarises every open finding of a static rule.
      const agentic = posture.find((f: any) => f.framework === 'owasp-agentic-2026');
      assert.equal(agentic.open_findings.total, open);
      for (const f of posture) {
        assert.ok(f.objects_failing > 0 && f.objects_failing <= f.objects_in_scope, f.framework);
        assert.equal(f.posture_score, Math.round(((f.objects_in_scope - f.objects_failing) / f.objects_in_scope) * 10000) / 10000);
        const controls = body(await h().get(`/api/v1/compliance/tenants/${T}/workspaces/default/${f.framework}?page_size=100`, token));
        assert.equal(controls.total, f.controls);
      }
      const sarif = await h().get(`/api/v1/issues/tenants/${T}/workspaces/default/sarif`, token);
      assert.equal(sarif.statusCode, 200);
      const log = body(sarif);
      assert.ok(validateSarif(log), JSON.stringify(validateSarif.errors?.slice(0, 3)));
      assert.ok(log.runs[0].results.length > 0);
    });

    it('models, agents, services, occurrences, dependencies and vulnerabilities as CycloneDX writes them', async () => {
      const bom = body(await h().get(url('small'), token));
      const byRef = new Map([...bom.components, ...bom.services].map((c: any) => [c['bom-ref'], c]));
      const model = byRef.get('model/md1');
      assert.equal(model.type, 'machine-learning-model');
      assert.deepEqual(model.supplier, { name: 'openai' });
      assert.equal(model.version, '2024-08-06');
      assert.deepEqual(model.licenses, [{ license: { name: 'proprietary' } }]);
      assert.deepEqual(model.modelCard.modelParameters, { architectureFamily: 'gpt-4o', task: 'chat' });
      const agent = byRef.get('agent/a1');
      assert.equal(agent.type, 'application');
      assert.equal(agent.version, '2.1');
      assert.deepEqual(agent.evidence, {
        occurrences: [{ location: 'acme/support:agents/triage.py', line: 12, additionalContext: 'location/l1' }],
      });
      assert.deepEqual(
        agent.properties.filter((p: any) => p.name === 'aispm:relation'),
        [
          { name: 'aispm:relation', value: 'input_guardrail guardrail/g1' },
          { name: 'aispm:relation', value: 'output_guardrail guardrail/g1' },
        ],
      );
      assert.equal(byRef.get('asset/h1').type, 'container');
      assert.equal(byRef.get('location/l1').type, 'file');
      assert.equal(byRef.get('guardrail/g1').type, 'application');
      const server = byRef.get('mcp_server/m1');
      assert.deepEqual(
        {
          provider: server.provider,
          name: server.name,
          version: server.version,
          endpoints: server.endpoints,
          authenticated: server.authenticated,
        },
        { provider: { name: 'acme' }, name: 'files', version: '1.0.0', endpoints: ['https://mcp.acme.test/sse'], authenticated: false },
      );
      assert.equal(byRef.get('tool/tl1').description, 'Runs a command');
      assert.deepEqual(
        bom.services.map((s: any) => s['bom-ref']),
        ['tool/tl1', 'mcp_server/m1'],
      );
      assert.deepEqual(bom.dependencies, [
        { ref: 'agent/a1', dependsOn: ['asset/h1', 'guardrail/g1', 'location/l1', 'mcp_server/m1', 'model/md1'] },
        { ref: 'mcp_server/m1', dependsOn: ['tool/tl1'] },
      ]);
      assert.deepEqual(
        bom.vulnerabilities.map((v: any) => v['bom-ref']),
        ['finding/f1', 'finding/f2'],
      );
      const [f1, f2] = bom.vulnerabilities;
      assert.equal(f1.id, INPUT);
      assert.deepEqual(f1.source, { name: 'aispm-query' });
      assert.deepEqual(f1.ratings, [{ severity: 'high', score: 7.5, method: 'CVSSv31' }]);
      assert.deepEqual(
        f1.references.map((r: any) => r.id),
        staticRuleControls.get(INPUT),
      );
      assert.deepEqual(f1.references[0].source, {
        name: 'OWASP Top 10 for LLM Applications 2025',
        url: 'https://genai.owasp.org/llm-top-10/',
      });
      assert.deepEqual(f1.affects, [{ ref: 'agent/a1' }]);
      assert.equal(f1.created, '2026-06-01T00:00:00.000Z');
      assert.deepEqual(f2.ratings, [{ severity: 'low', method: 'other' }]);
      assert.deepEqual(JSON.parse(f2.properties.find((p: any) => p.name === 'aispm:rule').value).name, 'PII written to logs');
    });

    it('round trip over HTTP: an export imported into an empty workspace exports again the same', async () => {
      for (const [from, to] of [
        ['small', 'small-copy'],
        ['default', 'default-copy'],
      ]) {
        const exported = (await h().get(url(from), token)).body;
        const res = await h().request({
          method: 'POST',
          url: `/api/v1/ingest/tenants/${T}/workspaces/${to}`,
          token: ingest,
          headers: { 'content-type': `${BOM_TYPE}; version=1.6` },
          payload: exported,
        });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(body(res).rejected, 0);
        const again = body(await h().get(url(to), token));
        assert.deepEqual(steady(again), steady(JSON.parse(exported)), `${from} -> ${to}`);
      }
    });

    it('aispm aibom export writes the BOM to a file; aispm import --format cyclonedx reads it back', async () => {
      await h().app.listen({ host: '127.0.0.1', port: 0 });
      const env = {
        AISPM_URL: `http://127.0.0.1:${(h().app.server.address() as AddressInfo).port}`,
        AISPM_TOKEN: token,
        AISPM_DB: h().config.db,
        AISPM_POSTURE_RULES: 'false',
      };
      const file = join(dir, 'small.cdx.json');
      const exported = await aispm(env, ['aibom', 'export', '--tenant', T, '--workspace', 'small', '-o', file]);
      assert.deepEqual([exported.code, exported.err], [0, '']);
      assert.equal(await validator.validate(readFileSync(file, 'utf8')), null);
      const imported = await aispm(env, ['import', '--format', 'cyclonedx', '--tenant', T, '--workspace', 'cli-copy', file]);
      assert.equal(imported.code, 0, imported.err);
      assert.match(imported.out, /^\d+ records written from the BOM/);
      assert.deepEqual(steady(body(await h().get(url('cli-copy'), token))), steady(JSON.parse(readFileSync(file, 'utf8'))));
      // A malformed file through the CLI: the first problem named, nothing written.
      const bad = join(dir, 'bad.cdx.json');
      writeFileSync(
        bad,
        JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', version: 1, components: [{ type: 'gadget', name: 'x' }] }),
      );
      const refused = await aispm(env, ['import', '--format', 'cyclonedx', '--tenant', T, '--workspace', 'cli-bad', bad]);
      assert.equal(refused.code, 1);
      assert.match(refused.err, /not valid CycloneDX 1\.6: \/components\/0\/type: must be equal to one of the allowed values/);
      assert.match(refused.err, /nothing was written/);
      assert.equal((await stored(h(), 'cli-bad')).objects.size, 0);
    });

    it("another tool's BOM: its models, applications, services and dependencies", async () => {
      const foreign = {
        bomFormat: 'CycloneDX',
        specVersion: '1.6',
        version: 1,
        components: [
          {
            type: 'machine-learning-model',
            'bom-ref': 'pkg:huggingface/meta-llama/Llama-3-8B',
            name: 'Llama-3-8B',
            version: '3.0',
            supplier: { name: 'meta' },
            modelCard: { modelParameters: { task: 'text-generation', architectureFamily: 'llama' } },
          },
          {
            type: 'application',
            'bom-ref': 'app-1',
            name: 'Chat App',
            evidence: { occurrences: [{ location: 'src/app.py', line: 3 }] },
          },
          { type: 'library', 'bom-ref': 'lib-1', name: 'requests' },
        ],
        services: [{ 'bom-ref': 'svc-1', name: 'search-mcp', endpoints: ['https://search.test/mcp'], provider: { name: 'search-co' } }],
        dependencies: [{ ref: 'app-1', dependsOn: ['pkg:huggingface/meta-llama/Llama-3-8B', 'svc-1', 'lib-1'] }],
        vulnerabilities: [{ id: 'CVE-2024-0001', affects: [{ ref: 'lib-1' }] }],
      };
      const res = await h().request({
        method: 'POST',
        url: `/api/v1/ingest/tenants/${T}/workspaces/foreign`,
        token: ingest,
        headers: { 'content-type': BOM_TYPE },
        payload: JSON.stringify(foreign),
      });
      assert.equal(res.statusCode, 200, res.body);
      const model = body(
        await h().get(`/api/v1/aispm-models/tenants/${T}/workspaces/foreign/pkg:huggingface%2Fmeta-llama%2FLlama-3-8B`, token),
      );
      const row = Object.fromEntries(model.header.map((c: string, i: number) => [c, model.rows[0][i]]));
      assert.deepEqual(
        [row.name, row.provider, row.model_family, row.type, row.version],
        ['Llama-3-8B', 'meta', 'llama', 'text-generation', '3.0'],
      );
      const db = await stored(h(), 'foreign');
      const location = [...db.objects].find((o) => o.startsWith('location/'))!;
      assert.deepEqual(db.objects, new Set(['model/pkg:huggingface/meta-llama/Llama-3-8B', 'agent/app-1', 'mcp_server/svc-1', location]));
      assert.deepEqual(
        db.pairs,
        new Set([
          'agent/app-1 -> model/pkg:huggingface/meta-llama/Llama-3-8B',
          'agent/app-1 -> mcp_server/svc-1',
          `agent/app-1 -> ${location}`,
        ]),
      );
      assert.equal(db.findings.size, 0);
    });

    it('malformed or non-CycloneDX input is refused naming the first problem, and nothing is written', async () => {
      const post = (payload: string) =>
        h().request({
          method: 'POST',
          url: `/api/v1/ingest/tenants/${T}/workspaces/refused`,
          token: ingest,
          headers: { 'content-type': BOM_TYPE },
          payload,
        });
      const good = JSON.parse((await h().get(url('small'), token)).body);
      const cases: Array<[string, string]> = [
        ['{"bomFormat":', 'not valid JSON: '],
        [JSON.stringify({ spdxVersion: 'SPDX-2.3' }), 'not a CycloneDX BOM: bomFormat is null, not "CycloneDX"'],
        [JSON.stringify({ ...good, specVersion: '2.0' }), 'specVersion "2.0" is not supported; send 1.4, 1.5 or 1.6'],
        [
          JSON.stringify({ ...good, components: [{ ...good.components[0], type: 'gadget' }, ...good.components.slice(1)] }),
          'not valid CycloneDX 1.6: /components/0/type: must be equal to one of the allowed values',
        ],
        [
          JSON.stringify({ ...good, services: [{ ...good.services[0], colour: 'red' }] }),
          'not valid CycloneDX 1.6: /services/0: must NOT have additional properties "colour"',
        ],
        [
          // Valid CycloneDX, but an attribute the inventory refuses: named where it is in the BOM.
          JSON.stringify({
            ...good,
            components: good.components.map((c: any) =>
              c['bom-ref'] === 'model/md1'
                ? {
                    ...c,
                    properties: c.properties.map((p: any) =>
                      p.name === 'aispm:attributes' ? { ...p, value: '{"context_window":"big"}' } : p,
                    ),
                  }
                : c,
            ),
          }),
          '/components/',
        ],
      ];
      for (const [payload, message] of cases) {
        const res = await post(payload);
        assert.equal(res.statusCode, 400, payload.slice(0, 80));
        assert.equal(body(res).code, 400);
        assert.ok(body(res).message.startsWith(message), `${body(res).message} <> ${message}`);
      }
      assert.equal((await stored(h(), 'refused')).objects.size, 0);
      const type = await h().request({
        method: 'POST',
        url: `/api/v1/ingest/tenants/${T}/workspaces/refused`,
        token: ingest,
        headers: { 'content-type': 'application/xml' },
        payload: '<bom/>',
      });
      assert.equal(type.statusCode, 415);
    });

    it('other tenants are refused', async () => {
      const other = await h().token({ tenant: 'other' });
      assert.equal((await h().get(url('small'), other)).statusCode, 403);
    });
  },
  { now: () => NOW, config: { postureRules: false } },
);
