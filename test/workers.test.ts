// `aispm serve --workers 2`: a primary migrates once and forks two workers sharing the port;
// both answer; SIGTERM stops them all and the primary exits 0.

import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createDatabase, engineNames, type TestDatabase } from './helpers/harness.ts';

async function freePort(): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const port = (s.address() as { port: number }).port;
  s.close();
  return port;
}

for (const engine of engineNames) {
  describe(`serve --workers [${engine}]`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await createDatabase(engine);
    });
    after(async () => {
      await database.drop();
    });

    it('forks the workers, answers from both, and stops cleanly on SIGTERM', async () => {
      const port = await freePort();
      const proc = spawn(process.execPath, ['src/cli.ts', '--db', database.url, 'serve', '--workers', '2', '--port', String(port)], {
        env: { ...process.env, AISPM_LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // Whatever an assertion does, the service does not outlive the test.
      after(() => {
        if (proc.exitCode === null) proc.kill('SIGKILL');
      });
      let log = '';
      proc.stdout!.on('data', (d) => {
        log += d;
      });
      // Up to 30 s: the primary migrates first, which on a loaded machine takes seconds.
      for (let i = 0; i < 600 && !/"workers":2,"port"/.test(log); i++) await new Promise((r) => setTimeout(r, 50));
      assert.match(log, /"workers":2,"port":\d+,"msg":"serving"/);
      // `aispm serve` replaces itself with node given V8's flags (src/cli.ts): the process started is the primary, whose children are the workers.
      const childrenOf = (pid: string | number) =>
        spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
          .stdout.trim()
          .split('\n')
          .filter(Boolean);
      const workers = childrenOf(proc.pid!);
      assert.equal(workers.length, 2);
      for (const w of workers) assert.deepEqual(childrenOf(w), []);
      for (let i = 0; i < 40; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`, { headers: { connection: 'close' } });
        assert.equal(res.status, 200);
        await res.arrayBuffer();
      }
      // Request lines reach the log within a flush interval (they are written in blocks).
      const pids = new Set<string>();
      for (let i = 0; i < 100; i++) {
        pids.clear();
        let lines = 0;
        for (const line of log.split('\n')) {
          const m = /"pid":(\d+).*"route":"\/readyz"/.exec(line);
          if (m) {
            pids.add(m[1]!);
            lines++;
          }
        }
        if (lines >= 40) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.equal(pids.size, 2, `answers came from ${[...pids].join(', ')}`);
      proc.kill('SIGTERM');
      const [code] = await once(proc, 'exit');
      assert.equal(code, 0);
      assert.match(log, /shutting down workers/);
      // Migrated once, by the primary: the workers were told not to.
      assert.equal((log.match(/Server listening/g) ?? []).length, 2);
    });
  });
}
