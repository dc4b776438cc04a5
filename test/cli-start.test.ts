// `aispm start` (npm start) run as a process, as a new user runs it: the banner, a second start
// while the first runs (it must change nothing, above all not the first one's token), a port held
// by another program, and a start after the first stopped. The database is given a model first so
// the start does not spend seconds loading the demo estate.

import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createDatabase, engineNames, type TestDatabase } from './helpers/harness.ts';
import { entity } from './helpers/fixtures.ts';

const env = { ...process.env, AISPM_LOG_LEVEL: 'silent', AISPM_PORT: undefined, AISPM_HOST: undefined, AISPM_DB: undefined };

function aispm(db: string, ...args: string[]) {
  const res = spawnSync(process.execPath, ['src/cli.ts', '--db', db, ...args], { encoding: 'utf8', env });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

interface Started {
  child: ChildProcessWithoutNullStreams;
  banner: string;
  url: string;
  token: string;
}

/** Starts `aispm start` and waits for its banner. */
function start(db: string, port: number, extraEnv: Record<string, string> = {}): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/cli.ts', '--db', db, 'start', '--port', String(port)], { env: { ...env, ...extraEnv } });
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.stdout.on('data', (d) => {
      out += d;
      if (!out.includes('Stop with Ctrl-C.')) return;
      const url = /serving (http:\/\/127\.0\.0\.1:\d+) /.exec(out)?.[1];
      const token = /^ {2}(aispm_\S+)$/m.exec(out)?.[1];
      if (url && token) resolve({ child, banner: out, url, token });
      else reject(new Error(`no URL or token in the banner:\n${out}`));
    });
    child.on('exit', (code) => reject(new Error(`start exited ${code} before its banner: ${err}`)));
  });
}

const stop = (s: Started) =>
  new Promise<void>((resolve) => {
    s.child.removeAllListeners('exit');
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  });

const models = (s: Started, token = s.token) =>
  fetch(`${s.url}/api/v1/aispm-models/tenants/demo/workspaces/default`, { headers: { authorization: `Bearer ${token}` } }).then(
    (r) => r.status,
  );

const startTokens = (db: string) =>
  aispm(db, 'token', 'list', '--tenant', 'demo', '--format', 'json')
    .out.trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { name: string; revoked: string | null })
    .filter((k) => k.name === 'npm start');

for (const engine of engineNames) {
  describe(`aispm start [${engine}]`, () => {
    let database: TestDatabase;
    let first: Started | undefined;
    before(async () => {
      database = await createDatabase(engine);
      const file = join(mkdtempSync(join(tmpdir(), 'aispm-start-')), 'one.ndjson');
      writeFileSync(file, JSON.stringify(entity('model', 'm1', 'M1', 1, { provider: 'openai' })) + '\n');
      assert.equal(aispm(database.url, 'import', file, '--tenant', 'demo', '--workspace', 'default').code, 0);
    });
    after(async () => {
      if (first) await stop(first);
      await database.drop();
    });

    it('prints the API, /docs, the token, a curl line and the export line for the CLI', async () => {
      first = await start(database.url, 0);
      const { url, token, banner } = first;
      assert.ok(banner.includes(`  API            ${url}/api/v1   (OpenAPI document: ${url}/api/v1/openapi.json)\n`), banner);
      assert.ok(banner.includes(`  Reference      ${url}/docs\n`), banner);
      assert.ok(
        banner.includes(`  curl -H "Authorization: Bearer ${token}" ${url}/api/v1/aispm-models/tenants/demo/workspaces/default\n`),
        banner,
      );
      assert.ok(banner.includes(`  export AISPM_URL=${url} AISPM_TOKEN=${token} AISPM_TENANT=demo AISPM_WORKSPACE=default\n`), banner);
      assert.equal(await models(first), 200);
      assert.equal((await fetch(`${url}/docs`)).status, 200);
    });

    it('a second start on the same port changes nothing and says so in one line', async () => {
      assert.ok(first);
      const port = new URL(first.url).port;
      const second = aispm(database.url, 'start', '--port', port);
      assert.deepEqual(second, {
        code: 1,
        out: '',
        err: `aispm: port ${port} on 127.0.0.1 is already in use (another aispm running?): choose another with --port <n> or AISPM_PORT=<n>\n`,
      });
      // The first server's token still answers, and no token was made or revoked.
      assert.equal(await models(first), 200);
      assert.deepEqual(
        startTokens(database.url).map((k) => k.revoked),
        [null],
      );
    });

    it('a port held by another program: start and serve say so, AISPM_PORT named', async () => {
      const other = createServer();
      await new Promise<void>((r) => other.listen({ host: '127.0.0.1', port: 0 }, r));
      const port = (other.address() as { port: number }).port;
      try {
        const line = `aispm: port ${port} on 127.0.0.1 is already in use (another aispm running?): choose another with --port <n> or AISPM_PORT=<n>\n`;
        assert.deepEqual(aispm(database.url, 'start', '--port', String(port)), { code: 1, out: '', err: line });
        assert.deepEqual(aispm(database.url, 'serve', '--port', String(port)), { code: 1, out: '', err: line });
      } finally {
        await new Promise((r) => other.close(r));
      }
    });

    it('a start after the first stopped makes a new token; the earlier one stays valid', async () => {
      assert.ok(first);
      const port = Number(new URL(first.url).port);
      const earlier = first.token;
      await stop(first);
      first = await start(database.url, port);
      assert.notEqual(first.token, earlier);
      assert.equal(await models(first), 200);
      assert.equal(await models(first, earlier), 200);
      assert.deepEqual(
        startTokens(database.url).map((k) => k.revoked),
        [null, null],
      );
    });
  });
}

/** Node's own flags of a process: its command line before the script (Linux /proc). */
const nodeFlags = (pid: number | string) => {
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  return args.slice(
    1,
    args.findIndex((a) => a.endsWith('cli.ts')),
  );
};

/** Processes `aispm` started running the command again (none: it replaces itself). */
const services = (s: Started) =>
  spawnSync('pgrep', ['-P', String(s.child.pid)], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .filter((pid) => pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('cli.ts'));

// The V8 flags are the same whatever the engine: one engine is enough.
describe("aispm start: V8's flags for the service (docs/OPERATIONS.md)", () => {
  let database: TestDatabase;
  before(async () => {
    database = await createDatabase('sqlite');
    const file = join(mkdtempSync(join(tmpdir(), 'aispm-start-')), 'one.ndjson');
    writeFileSync(file, JSON.stringify(entity('model', 'm1', 'M1', 1, { provider: 'openai' })) + '\n');
    assert.equal(aispm(database.url, 'import', file, '--tenant', 'demo', '--workspace', 'default').code, 0);
  });
  after(async () => {
    await database.drop();
  });

  it('replaces itself with node given the young generation and the old generation growth bounded (one process, the same pid), or runs as it is when both are 0', async () => {
    const cases: Array<[Record<string, string>, string[]]> = [
      [{}, ['--max-semi-space-size=4', '--heap-growing-percent=50']],
      [{ AISPM_HEAP_GROWTH_PERCENT: '25', AISPM_SEMI_SPACE_MB: '8' }, ['--max-semi-space-size=8', '--heap-growing-percent=25']],
      [{ AISPM_HEAP_GROWTH_PERCENT: '0' }, ['--max-semi-space-size=4']],
      [{ AISPM_HEAP_GROWTH_PERCENT: '0', AISPM_SEMI_SPACE_MB: '0' }, []],
    ];
    for (const [extra, flags] of cases) {
      const s = await start(database.url, 0, extra);
      try {
        // No second node process: the command itself is the service, with the flags.
        assert.deepEqual(services(s), [], JSON.stringify(extra));
        assert.deepEqual(nodeFlags(s.child.pid!), flags, JSON.stringify(extra));
        assert.equal(await models(s), 200);
      } finally {
        await stop(s);
      }
    }
  });

  it("gives the service glibc's malloc tuning in its environment, keeping a variable the operator set", async () => {
    const cases: Array<[Record<string, string>, Record<string, string | undefined>, string[]]> = [
      [
        {},
        { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' },
        ['--max-semi-space-size=4', '--heap-growing-percent=50'],
      ],
      [
        { MALLOC_ARENA_MAX: '4', AISPM_MALLOC_TRIM_KB: '256' },
        { MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '262144', MALLOC_TRIM_THRESHOLD_: '262144' },
        ['--max-semi-space-size=4', '--heap-growing-percent=50'],
      ],
      // Only the malloc tuning to give: the command still replaces itself, with no V8 flags.
      [{ AISPM_HEAP_GROWTH_PERCENT: '0', AISPM_SEMI_SPACE_MB: '0' }, { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }, []],
      [
        { AISPM_HEAP_GROWTH_PERCENT: '0', AISPM_SEMI_SPACE_MB: '0', AISPM_MALLOC_ARENA_MAX: '0', AISPM_MALLOC_TRIM_KB: '0' },
        { MALLOC_ARENA_MAX: undefined, MALLOC_MMAP_THRESHOLD_: undefined, MALLOC_TRIM_THRESHOLD_: undefined },
        [],
      ],
    ];
    for (const [extra, want, flags] of cases) {
      const s = await start(database.url, 0, extra);
      try {
        assert.deepEqual(services(s), [], JSON.stringify(extra));
        const environ = new Map(
          readFileSync(`/proc/${s.child.pid}/environ`, 'utf8')
            .split('\0')
            .filter(Boolean)
            .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as const),
        );
        for (const [name, value] of Object.entries(want)) assert.equal(environ.get(name), value, `${name} with ${JSON.stringify(extra)}`);
        assert.deepEqual(nodeFlags(s.child.pid!), flags, JSON.stringify(extra));
        assert.equal(await models(s), 200);
      } finally {
        await stop(s);
      }
    }
  });
});
