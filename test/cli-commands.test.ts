// The CLI as a new user meets it, run as processes against the service (listening on 127.0.0.1)
// over the demo estate, once per engine: --version, the tenant and workspace from the environment,
// a command for every read area (each printing what the API answers), --filter and multi-term
// --sort passed through, the sort column kept in tables, --columns honoured at any width, the
// ETag of a stored entry, and usage errors (one line, the --help hint, exit 2).

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import { body, engineNames, objects, startHarness, type Harness } from './helpers/harness.ts';
import { NOW } from './helpers/findings-estate.ts';

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function aispm(env: Record<string, string | undefined>, args: string[], width = 100): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/cli.ts', ...args], {
      env: {
        ...process.env,
        AISPM_URL: undefined,
        AISPM_TOKEN: undefined,
        AISPM_TENANT: undefined,
        AISPM_WORKSPACE: undefined,
        COLUMNS: String(width),
        ...env,
      },
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
    child.stdin.end();
  });
}

const jsonLines = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

const W = `tenants/${DEMO_TENANT}/workspaces/default`;

for (const engine of engineNames) {
  describe(`cli commands on the demo estate [${engine}]`, () => {
    let h: Harness;
    let env: Record<string, string>;
    let token: string;
    before(async () => {
      h = await startHarness(engine, { now: () => NOW });
      await loadDemo(h.db, { scale: 0.25, seed: 3, now: NOW, storePrompts: false });
      token = await h.token({ tenant: DEMO_TENANT, user: 'ana', scopes: ['read', 'storage'] });
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      env = {
        AISPM_URL: `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`,
        AISPM_TOKEN: token,
        AISPM_TENANT: DEMO_TENANT,
        AISPM_WORKSPACE: 'default',
      };
    });
    after(async () => {
      await h?.close();
    });

    const api = async (path: string) => {
      const res = await h.get(path, token);
      assert.equal(res.statusCode, 200, res.body);
      return body(res);
    };

    it('--version prints the package version', async () => {
      const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
      assert.deepEqual(await aispm({}, ['--version']), { code: 0, out: `${version}\n`, err: '' });
    });

    it('the tenant and workspace come from AISPM_TENANT / AISPM_WORKSPACE; a flag wins', async () => {
      const run = await aispm(env, ['get', 'agents', '--format', 'json', '--page-size', '20']);
      assert.deepEqual([run.code, run.err.split('\n')[0]], [0, run.err.split('\n')[0]]);
      assert.deepEqual(jsonLines(run.out), objects(await api(`/api/v1/aispm-agents/${W}?page_size=20`)));
      const staging = await aispm(env, ['get', 'agents', '--workspace', 'staging', '--format', 'json', '--page-size', '5']);
      assert.deepEqual(
        jsonLines(staging.out),
        objects(await api(`/api/v1/aispm-agents/tenants/${DEMO_TENANT}/workspaces/staging?page_size=5`)),
      );
    });

    it('--filter passes any list filter; --sort takes several terms', async () => {
      const url = `/api/v1/aispm-agents/${W}?models.provider=openai&critical_issues__gt=0&sort=critical_issues:desc,name&page_size=1000`;
      const expected = objects(await api(url));
      assert.ok(expected.length > 1, 'the demo has agents with critical issues on openai models');
      const run = await aispm(env, [
        'get',
        'agents',
        '--filter',
        'models.provider=openai',
        '--filter',
        'critical_issues__gt=0',
        '--sort',
        'critical_issues:desc',
        '--sort',
        'name',
        '--all',
        '--format',
        'json',
      ]);
      assert.deepEqual([run.code, run.err], [0, '']);
      assert.deepEqual(jsonLines(run.out), expected);
      const unknown = await aispm(env, ['get', 'agents', '--filter', 'colour=red']);
      assert.equal(unknown.code, 1);
      assert.match(unknown.err, /^aispm: .*colour.* \(HTTP 400\)\n$/);
    });

    it('a table keeps the column it is sorted by, whatever the width', async () => {
      const header = async (args: string[]) => (await aispm(env, args)).out.split('\n')[0]!.split(/ {2,}/);
      const byCritical = await header(['get', 'agents', '--sort', 'critical_issues:desc']);
      assert.ok(byCritical.includes('critical_issues'), byCritical.join(' '));
      assert.ok((await header(['get', 'agents'])).includes('last_seen'));
      assert.ok((await header(['sessions'])).includes('start_time'));
      const byCost = await header(['sessions', '--sort', 'cost', '--sort-dir', 'desc']);
      assert.ok(byCost.includes('cost'), byCost.join(' '));
    });

    it('--columns shows every named column, narrowing cells to fit, never dropping one', async () => {
      const names = ['id', 'name', 'framework', 'environment', 'last_seen'];
      const run = await aispm(env, ['get', 'agents', '--columns', names.join(','), '--page-size', '5'], 40);
      assert.deepEqual([run.code, run.err.split('\n').length], [0, 2]); // only the paging note
      const lines = run.out.trimEnd().split('\n');
      assert.equal(lines.length, 6);
      for (const l of lines) {
        assert.ok(l.length <= 40, `${l.length}: ${l}`);
        assert.equal(l.split(/ {2,}/).length, 5, l);
      }
      assert.match(lines[0]!, /^id +name +frame… +enviro… +last_s…$/);
    });

    it('histogram, dashboard: what the API answers', async () => {
      const hist = await api(`/api/v1/histograms/aispm?workspace_id=default`);
      const csv = await aispm(env, ['histogram', '--format', 'csv']);
      assert.deepEqual([csv.code, csv.err], [0, '']);
      assert.equal(
        csv.out,
        [
          'month,critical,high,other',
          ...hist.issues_histogram.counts.map((c: Record<string, unknown>) => Object.values(c).join(',')),
          '',
        ].join('\r\n'),
      );
      const all = await aispm(env, ['histogram', '--all-workspaces', '--format', 'json']);
      assert.deepEqual(JSON.parse(all.out), await api('/api/v1/histograms/aispm'));
      const dash = await aispm(env, ['dashboard', '--top', '3', '--format', 'json']);
      assert.deepEqual(JSON.parse(dash.out), await api('/api/v1/aispm-dashboard?workspace_id=default&top=3'));
      const table = await aispm(env, ['dashboard']);
      assert.equal(table.code, 0);
      // Arrays of the answer print as tables of their own under their name.
      const counts = (await api('/api/v1/aispm-dashboard?workspace_id=default')).aispm_objects_counts as Array<Record<string, number>>;
      assert.match(table.out, new RegExp(`^aispm_objects_counts \\(${counts.length}\\)\nobject_type +total_inventory_count +`, 'm'));
      const agents = counts.find((c) => (c.object_type as unknown) === 'agent')!;
      assert.match(table.out, new RegExp(`^agent +${agents.total_inventory_count} +${agents.total_issues_count} +`, 'm'));
    });

    it('interactions, scans, rules and paths: lists and single objects as the API answers them', async () => {
      const cases: Array<[string[], string]> = [
        [['interactions', '--page-size', '30'], `/api/v1/aispm-llm-interactions/${W}?page_size=30`],
        [
          ['scans', '--sensor-type', 'SENSOR_TYPE_STATIC_CODE_SCAN', '--page-size', '30'],
          `/api/v1/scans/${W}/current?sensorType=SENSOR_TYPE_STATIC_CODE_SCAN&page_size=30`,
        ],
        [['rules', 'list', '--page-size', '30'], `/api/v1/rules/${W}?page_size=30`],
        [
          ['rules', 'results', 'SR-aispm_hardcoded_credentials', '--page-size', '30'],
          `/api/v1/rules/SR-aispm_hardcoded_credentials/results?workspace_id=default&page_size=30`,
        ],
        [['workspaces'], `/api/v1/tenants/${DEMO_TENANT}/workspaces`],
        [['rules', 'static', '--page-size', '30'], '/api/v1/static-rules?page_size=30'],
        [['scans', '--asset', 'asset-00001', '--page-size', '30'], `/api/v1/scans/asset/asset-00001?workspace_id=default&page_size=30`],
        [
          ['paths', '--from', 'agents', '--to', 'models', '--max-hops', '2', '--page-size', '30'],
          `/api/v1/graph/paths/${W}?from=agents&to=models&max_hops=2&page_size=30`,
        ],
      ];
      for (const [args, url] of cases) {
        const run = await aispm(env, [...args, '--format', 'json']);
        assert.equal(run.code, 0, `${args.join(' ')}: ${run.err}`);
        const expected = objects(await api(url));
        assert.ok(expected.length > 0, url);
        assert.deepEqual(jsonLines(run.out), expected, args.join(' '));
      }
      const [interaction] = objects(await api(`/api/v1/aispm-llm-interactions/${W}?page_size=1`));
      const one = await aispm(env, ['interactions', interaction!.id, '--format', 'json']);
      assert.deepEqual(JSON.parse(one.out), await api(`/api/v1/aispm-llm-interactions/${W}/${interaction!.id}`));
      const [scan] = objects(await api(`/api/v1/scans/${W}/current?sensorType=SENSOR_TYPE_STATIC_CODE_SCAN&page_size=1`));
      const shown = await aispm(env, ['scans', scan!.id, '--format', 'json']);
      assert.deepEqual(JSON.parse(shown.out), await api(`/api/v1/scans/${W}/${scan!.id}`));
      const [rule] = objects(await api(`/api/v1/rules/${W}?page_size=1`));
      const ruleShown = await aispm(env, ['rules', 'show', rule!.rule_id, '--format', 'json']);
      assert.deepEqual(JSON.parse(ruleShown.out), await api(`/api/v1/rules/${W}/${rule!.rule_id}`));
      const [instance] = objects(await api(`/api/v1/rules/SR-aispm_hardcoded_credentials/results?workspace_id=default&page_size=1`));
      const instanceShown = await aispm(env, ['instances', instance!.id, '--format', 'json']);
      assert.deepEqual(JSON.parse(instanceShown.out), await api(`/api/v1/instances/${W}/${instance!.id}`));
      // Objects the API answers whole: the token, the guardrail dashboards, the sensors.
      for (const [args, url] of [
        [['whoami'], '/api/v1/token'],
        [
          ['guardrails', 'counts', '--since', '2026-05-16T00:00:00Z'],
          `/api/v1/aispm-llm-interactions-dash/${W}/counts?start_time=2026-05-16T00:00:00Z`,
        ],
        [['guardrails', 'categories'], `/api/v1/aispm-llm-interactions-dash/${W}/categories`],
        [['guardrails', 'outcomes'], `/api/v1/aispm-llm-interactions-dash/${W}/outcomes`],
        [['sensors'], `/api/v1/sensors-used/${W}`],
      ] as Array<[string[], string]>) {
        const run = await aispm(env, [...args, '--format', 'json']);
        assert.equal(run.code, 0, `${args.join(' ')}: ${run.err}`);
        assert.deepEqual(JSON.parse(run.out), await api(url), args.join(' '));
      }
    });

    it('storage get shows the ETag the next conditional write needs (table and JSON)', async () => {
      const put = await aispm(env, ['storage', 'put', 'dash', 'filters', 'mine', '{"a":1}']);
      assert.equal(put.code, 0, put.err);
      const etag = put.out.trim();
      const json = await aispm(env, ['storage', 'get', 'dash', 'filters', 'mine']);
      assert.deepEqual({ ...JSON.parse(json.out), created_at: 0, updated_at: 0 }, { etag, created_at: 0, updated_at: 0, value: { a: 1 } });
      const table = await aispm(env, ['storage', 'get', 'dash', 'filters', 'mine', '--format', 'table']);
      assert.match(table.out, new RegExp(`^etag {2,}${etag}\n`));
      const next = await aispm(env, ['storage', 'put', 'dash', 'filters', 'mine', '{"a":2}', '--if-match', etag]);
      assert.equal(next.code, 0, next.err);
    });

    it('usage errors: one line naming the problem and the --help hint, exit 2', async () => {
      const noScope = { AISPM_URL: env.AISPM_URL, AISPM_TOKEN: token };
      assert.deepEqual(await aispm(noScope, ['sessions']), {
        code: 2,
        out: '',
        err: 'aispm: give --tenant <id> or set AISPM_TENANT (see `aispm sessions --help`)\n',
      });
      assert.deepEqual(await aispm(env, ['get', 'models', '--colour', 'red']), {
        code: 2,
        out: '',
        err: "aispm: unknown option '--colour' (see `aispm get --help`)\n",
      });
      assert.deepEqual(await aispm(env, ['rules', 'list', '--format', 'xml']), {
        code: 2,
        out: '',
        err: "aispm: option '--format <format>' argument 'xml' is invalid. Allowed choices are table, json, csv. (see `aispm rules list --help`)\n",
      });
      assert.deepEqual(await aispm(env, ['get', 'models', '--filter', 'provider']), {
        code: 2,
        out: '',
        err: 'aispm: --filter: expected key=value (such as models.provider=anthropic or critical_issues__gt=0), got "provider"\n',
      });
      assert.deepEqual(await aispm(env, ['paths', '--to', 'models']), {
        code: 2,
        out: '',
        err: "aispm: required option '--from <kind>' not specified (see `aispm paths --help`)\n",
      });
      const help = await aispm(env, ['get', '--help']);
      assert.equal(help.code, 0);
      assert.match(help.out, /^Usage: aispm get \[options\] <kind> \[id\] \[edge\]/);
    });
  });
}
