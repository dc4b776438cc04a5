// The first minute of a new user, in a real browser: `aispm start` (what `npm start` runs) on a
// fresh database of each engine prints the console's address beside the curl line; the console at
// that address signs in with the printed token and shows the demo estate it loaded.
//
// Chromium is required, like PostgreSQL: `apt-get install -y chromium`, or set AISPM_CHROMIUM.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './helpers/browser.ts';
import { createDatabase, engineNames } from './helpers/harness.ts';

type Json = Record<string, any>;

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

for (const engine of engineNames) {
  describe(`npm start and the console [${engine}]`, () => {
    it('prints the console address beside the curl line; the printed token signs in and shows the demo estate', async (t) => {
      const db = await createDatabase(engine);
      const child = spawn(process.execPath, [fileURLToPath(new URL('../src/cli.ts', import.meta.url)), 'start', '--port', '0'], {
        env: { ...process.env, AISPM_DB: db.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        const deadline = Date.now() + 25_000;
        while (!out.includes('Stop with Ctrl-C.') && Date.now() < deadline && child.exitCode === null)
          await new Promise((r) => setTimeout(r, 50));
        const lines = out.split('\n');
        const curl = lines.findIndex((l) => l.trimStart().startsWith('curl '));
        assert.ok(curl > 0, out);
        // The console's address on the line after the curl line, on the same origin.
        const consoleLine = lines[curl + 1]!;
        const m = /\b(http:\/\/127\.0\.0\.1:\d+)\/ui\b/.exec(consoleLine);
        assert.ok(m && /console/i.test(consoleLine), consoleLine);
        assert.ok(lines[curl]!.includes(`${m[1]}/api/v1/`), lines[curl]);
        const token = /Bearer (aispm_\w+)/.exec(lines[curl]!)![1]!;
        t.diagnostic(consoleLine.trim());

        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        try {
          const page = await context.newPage();
          await page.goto(`${m[1]}/ui`);
          await page.locator('#token').fill(token);
          await page.locator('form button[type=submit]').click();
          await page.locator('[data-kind=agent] [data-testid=count]').waitFor();
          // The agents the demo loaded, as the agents list counts them.
          const res = await fetch(`${m[1]}/api/v1/aispm-agents/tenants/demo/workspaces/default?page_size=1`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const agents = ((await res.json()) as Json).total;
          assert.ok(agents > 0);
          assert.equal(await page.locator('[data-kind=agent] [data-testid=count]').innerText(), String(agents));
          assert.deepEqual(await page.locator('[data-testid=workspace-picker] option').evaluateAll((os) => os.map((o) => o.value)), [
            'default',
            'staging',
          ]);
        } finally {
          await context.close();
        }
      } finally {
        child.kill('SIGTERM');
        await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
        await db.drop();
      }
    });
  });
}
