// The operator's command line, run as a process: token create / list / revoke, migrate, import.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../src/compose.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/platform/db/open.ts';
import { createDatabase, engineNames, type TestDatabase } from './helpers/harness.ts';
import { entity } from './helpers/fixtures.ts';

function aispm(db: string, ...args: string[]) {
  const res = spawnSync(process.execPath, ['src/cli.ts', '--db', db, ...args], {
    encoding: 'utf8',
    env: { ...process.env, AISPM_LOG_LEVEL: 'silent', COLUMNS: '200' },
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

for (const engine of engineNames) {
  describe(`cli [${engine}]`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await createDatabase(engine);
    });
    after(async () => {
      await database.drop();
    });

    it('migrate applies once, then finds the schema current', () => {
      assert.deepEqual(aispm(database.url, 'migrate'), {
        code: 0,
        out: 'applied 001_init, 002_client_storage_exact, 003_findings_indexes, 004_runtime, 005_scans, 006_entity_rows, 007_workspaces, 008_risk_score, 009_filter_indexes, 010_runtime_discovery, 020_money_micros, 021_relation_first_seen, 030_jobs, 031_issue_reads, 032_views, 040_compliance, 050_webhooks, 070_sessions_end_time, 071_entity_name_search, 080_cost_daily, 085_identity, 095_advisories, 100_controls, 105_waivers, 110_rule_tags, 115_signin, 125_audit_reads, 130_audit_webhooks, 135_read_indexes, 140_session_mcp_turns\n',
        err: '',
      });
      assert.deepEqual(aispm(database.url, 'migrate'), { code: 0, out: 'schema is current\n', err: '' });
    });

    it('token create prints the token once; list never shows it; revoke stops it', async () => {
      const created = aispm(
        database.url,
        'token',
        'create',
        '--tenant',
        'acme',
        '--user',
        'ana',
        '--workspace',
        'prod',
        '--workspace',
        'dev',
        '--scope',
        'read',
        'storage',
        '--name',
        'ci',
        '--expires-in',
        '90d',
      );
      assert.equal(created.code, 0, created.err);
      const token = created.out.trim();
      assert.match(token, /^aispm_[0-9A-Za-z]{38}$/);
      assert.match(
        created.err,
        /created key_[0-9a-f]{16} for ana in tenant acme: workspaces prod, dev; scopes read, storage; expires 20\d\d-/,
      );

      const listed = aispm(database.url, 'token', 'list', '--format', 'json');
      assert.equal(listed.code, 0);
      assert.ok(!listed.out.includes(token), 'list never prints the secret');
      const keys = listed.out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      assert.equal(keys.length, 1);
      assert.deepEqual(Object.keys(keys[0]), [
        'id',
        'tenant',
        'user',
        'name',
        'workspaces',
        'scopes',
        'token',
        'created',
        'expires',
        'revoked',
        'status',
      ]);
      assert.deepEqual(
        { ...keys[0], id: undefined, created: undefined, expires: undefined },
        {
          id: undefined,
          tenant: 'acme',
          user: 'ana',
          name: 'ci',
          workspaces: ['prod', 'dev'],
          scopes: ['read', 'storage'],
          token: `${token.slice(0, 10)}…${token.slice(-4)}`,
          created: undefined,
          expires: undefined,
          revoked: null,
          status: 'active',
        },
      );
      assert.match(keys[0].id, /^key_[0-9a-f]{16}$/);
      assert.equal(Date.parse(keys[0].expires) - Date.parse(keys[0].created), 90 * 86_400_000);
      // One dialect with the queries: lower-case headers in tables, the same columns in CSV.
      const table = aispm(database.url, 'token', 'list');
      assert.match(table.out, /^id\s+tenant\s+user\s+name\s+workspaces\s+scopes\s+token\s+created\s+expires\s+revoked\s+status\n/);
      assert.match(table.out, /acme\s+ana\s+ci\s+prod,dev\s+read,storage\s+aispm_\S+\s+\S+\s+\S+\s+active/);
      const csv = aispm(database.url, 'token', 'list', '--format', 'csv', '--columns', 'tenant,user,status');
      assert.deepEqual(csv, { code: 0, out: 'tenant,user,status\r\nacme,ana,active\r\n', err: '' });

      // The token works against the service, until revoked.
      const db = openDb(database.url);
      const { app } = await buildApp({ db, config: { ...loadConfig({}), db: database.url, authCacheMs: 0 }, logger: false });
      const get = () =>
        app.inject({ url: '/api/v1/aispm-models/tenants/acme/workspaces/prod', headers: { authorization: `Bearer ${token}` } });
      // Past authentication: the workspace holds no data yet, so 404 (not 401 or 403).
      assert.equal((await get()).statusCode, 404);
      assert.deepEqual(aispm(database.url, 'token', 'revoke', keys[0].id), { code: 0, out: `revoked ${keys[0].id}\n`, err: '' });
      assert.equal((await get()).statusCode, 401);
      assert.deepEqual(aispm(database.url, 'token', 'revoke', keys[0].id), {
        code: 1,
        out: '',
        err: `aispm: no active token with id ${keys[0].id}\n`,
      });
      assert.match(aispm(database.url, 'token', 'list').out, /revoked/);
      await app.close();
      await db.close();
    });

    it('token create refuses bad input with one line', () => {
      assert.deepEqual(aispm(database.url, 'token', 'create', '--tenant', 't', '--user', 'u'), {
        code: 2,
        out: '',
        err: 'aispm: give --workspace <id> (repeatable) or --all-workspaces\n',
      });
      assert.deepEqual(aispm(database.url, 'token', 'create', '--tenant', 't', '--user', 'u', '--all-workspaces', '--scope', 'owner'), {
        code: 2,
        out: '',
        err: 'aispm: unknown scope "owner"; scopes are read, ingest, storage, metrics, webhooks, views, controls, admin\n',
      });
      assert.deepEqual(aispm(database.url, 'token', 'create', '--tenant', 't', '--user', 'u', '--all-workspaces', '--expires-in', 'soon'), {
        code: 2,
        out: '',
        err: 'aispm: --expires-in: expected a duration like 90d, 12h or 30m, got "soon"\n',
      });
    });

    it('import writes a file in batches and reports bad lines', () => {
      const dir = mkdtempSync(join(tmpdir(), 'aispm-cli-'));
      const file = join(dir, 'estate.ndjson');
      writeFileSync(
        file,
        [entity('agent', 'a1', 'A1', 1), entity('agent', 'a2', 'A2', 1)].map((r) => JSON.stringify(r)).join('\n') + '\n{"type":"nope"}\n',
      );
      const res = aispm(database.url, 'import', file, '--tenant', 'acme', '--workspace', 'prod', '--batch-size', '2');
      assert.equal(res.code, 1);
      assert.match(
        res.out,
        /^2 records written, 1 rejected in [\d.]+ s \(\d+ records\/s\)\n {2}1 line in error \(listed below\)\n {2}line 3: type: expected one of entity, relation, rule, rule_setting, price, finding, interaction, scan, advisory, code_finding, mcp_server_scan\n$/,
      );
      assert.deepEqual(aispm(database.url, 'import', join(dir, 'missing.ndjson'), '--tenant', 'a', '--workspace', 'b'), {
        code: 2,
        out: '',
        err: `aispm: no such file: ${join(dir, 'missing.ndjson')}\n`,
      });
      assert.deepEqual(aispm(database.url, 'import', dir, '--tenant', 'a', '--workspace', 'b'), {
        code: 2,
        out: '',
        err: `aispm: ${dir} is a directory: give one NDJSON file (import each file of it in turn), or - for standard input\n`,
      });
      const one = join(dir, 'one.ndjson');
      writeFileSync(one, JSON.stringify(entity('agent', 'a3', 'A3', 1)) + '\n');
      const single = aispm(database.url, 'import', one, '--tenant', 'acme', '--workspace', 'prod');
      assert.equal(single.code, 0, single.err);
      assert.match(single.out, /^1 record written, 0 rejected in [\d.]+ s/);

      // A CycloneDX BOM given as NDJSON: every line is refused, and the way to import it is said.
      const bom = join(dir, 'bom.json');
      writeFileSync(bom, JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', version: 1, components: [] }, null, 2) + '\n');
      const asNdjson = aispm(database.url, 'import', bom, '--tenant', 'acme', '--workspace', 'prod');
      assert.equal(asNdjson.code, 1);
      assert.match(asNdjson.out, /^0 records written, 6 rejected in /);
      assert.match(asNdjson.out, /\n {2}6 lines in error \(listed below\)\n/);
      assert.ok(
        asNdjson.out.endsWith(`\n  ${bom} looks like a CycloneDX BOM, not NDJSON: import it with --format cyclonedx\n`),
        asNdjson.out,
      );
      const compact = join(dir, 'bom-compact.json');
      writeFileSync(compact, JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', version: 1, components: [] }) + '\n');
      assert.match(
        aispm(database.url, 'import', compact, '--tenant', 'acme', '--workspace', 'prod').out,
        /import it with --format cyclonedx\n$/,
      );
    });
  });
}

describe('cli configuration errors', () => {
  it('a bad AISPM_DB stops with one line, not a stack trace', () => {
    const res = spawnSync(process.execPath, ['src/cli.ts', 'migrate'], {
      encoding: 'utf8',
      env: { ...process.env, AISPM_DB: 'mysql://x' },
    });
    assert.deepEqual(
      { code: res.status, err: res.stderr },
      { code: 2, err: 'aispm: AISPM_DB: expected sqlite:<path> or a postgres:// URL, got "mysql://x"\n' },
    );
    const port = spawnSync(process.execPath, ['src/cli.ts', 'serve', '--port', 'http'], { encoding: 'utf8', env: { ...process.env } });
    assert.deepEqual({ code: port.status, err: port.stderr }, { code: 2, err: 'aispm: --port: expected a whole number, got "http"\n' });
  });

  it('an unreachable PostgreSQL stops with one line', () => {
    const res = spawnSync(process.execPath, ['src/cli.ts', '--db', 'postgres://postgres@127.0.0.1:1/none', 'migrate'], {
      encoding: 'utf8',
    });
    assert.equal(res.status, 2);
    assert.match(res.stderr, /^aispm: cannot open the database postgres:\/\/\*\*\*@127\.0\.0\.1:1\/none: .*\n$/);
  });
});
