// The API reference page (GET /docs) in a real browser: Debian's Chromium driven by playwright-core
// against the service listening on 127.0.0.1, once per engine. The page must list every operation
// of the OpenAPI document under its area, take a token under "Authorize", send a request to the
// models list and show its 200, and make no request to anywhere but the service itself. A
// screenshot of each run is saved under test-output/ and its path printed in the test output.
//
// Chromium is required, like PostgreSQL: `npm test` finds the system's or installs Debian's
// (scripts/test-prerequisites.ts) and passes its path as AISPM_CHROMIUM; run alone, the test uses
// AISPM_CHROMIUM or /usr/bin/chromium.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Request } from 'playwright-core';
import { engineNames, startHarness, type Harness } from './helpers/harness.ts';
import { models } from './helpers/fixtures.ts';

const CHROMIUM = process.env.AISPM_CHROMIUM ?? '/usr/bin/chromium';
const OUTPUT = fileURLToPath(new URL('../test-output/', import.meta.url));

let browser: Browser;

before(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is required for the reference page test but ${CHROMIUM} does not exist: apt-get install -y chromium, or set AISPM_CHROMIUM`,
    );
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Without these Chromium keeps trying to reach Google's services from a closed network.
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-default-apps',
      '--disable-domain-reliability',
      '--disable-breakpad',
      '--metrics-recording-only',
    ],
  });
  mkdirSync(OUTPUT, { recursive: true });
});

after(async () => {
  await browser?.close();
});

interface DocOperation {
  tag: string;
  operationId: string;
}

for (const engine of engineNames) {
  describe(`reference page [${engine}]`, () => {
    let h: Harness;
    let origin: string;
    let token: string;
    before(async () => {
      h = await startHarness(engine);
      const s = await h.ingest('acme', 'prod', models(3));
      assert.equal(s.rejected, 0);
      token = await h.token({ tenant: 'acme' });
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      const address = h.app.server.address();
      assert.ok(address && typeof address === 'object');
      origin = `http://127.0.0.1:${address.port}`;
    });
    after(async () => {
      await h?.close();
    });

    it("lists every area's operations, sends an authorised request to the models list and shows its 200, all from the service", async (t) => {
      const doc = (await (await fetch(`${origin}/api/v1/openapi.json`)).json()) as {
        paths: Record<string, Record<string, { tags: string[]; operationId: string }>>;
      };
      const expected: DocOperation[] = Object.values(doc.paths).flatMap((ops) =>
        Object.values(ops).map((o) => ({ tag: o.tags[0]!, operationId: o.operationId })),
      );
      const areas = [...new Set(expected.map((o) => o.tag))];
      assert.ok(areas.length >= 5, `areas in the document: ${areas.join(', ')}`);

      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      const requests: string[] = [];
      const foreign: string[] = [];
      // Anything not addressed to the service is recorded and refused, so a leak fails the test
      // instead of waiting on a network that is not there.
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(`${origin}/`)) return route.continue();
        foreign.push(url);
        return route.abort();
      });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      page.on('request', (r: Request) => requests.push(r.url()));
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console: ${m.text()}`);
      });

      try {
        const res = await page.goto(`${origin}/docs`);
        assert.equal(res?.status(), 200);
        assert.match(res!.headers()['content-security-policy'] ?? '', /default-src 'none'.*connect-src 'self'/);
        await page.locator('.swagger-ui .info .title').filter({ hasText: 'aispm-query' }).waitFor();

        // Every operation of the document, under its area (tag), as the page shows them.
        await page.locator('.opblock-summary-operation-id').first().waitFor();
        const shown: DocOperation[] = await page.$$eval('.opblock-tag-section', (sections) =>
          sections.flatMap((s) => {
            const tag = s.querySelector('h3.opblock-tag')?.getAttribute('data-tag') ?? '';
            return [...s.querySelectorAll('.opblock-summary-operation-id')].map((e) => ({ tag, operationId: e.textContent!.trim() }));
          }),
        );
        const key = (o: DocOperation) => `${o.tag} ${o.operationId}`;
        assert.deepEqual(shown.map(key).sort(), expected.map(key).sort());
        t.diagnostic(`areas shown: ${areas.map((a) => `${a} (${shown.filter((o) => o.tag === a).length})`).join(', ')}`);

        // Enter the token under Authorize (without "Bearer ": the page adds it).
        await page.locator('.auth-wrapper button.authorize').click();
        await page.locator('.modal-ux input[type=text]').fill(token);
        await page.locator('.modal-ux .auth-btn-wrapper button.authorize').click();
        await page.locator('.modal-ux button.btn-done').click();

        // Try the models list.
        const op = page
          .locator('.opblock')
          .filter({ has: page.locator('.opblock-summary-operation-id', { hasText: /^GetAllAispmModels$/ }) });
        await op.locator('.opblock-summary').first().click();
        await op.locator('button.try-out__btn').click();
        await op.locator('tr[data-param-name="tenant_id"] input').fill('acme');
        await op.locator('tr[data-param-name="workspace_id"] input').fill('prod');
        await op.locator('tr[data-param-name="page_size"] input').fill('2');
        const [answer] = await Promise.all([
          page.waitForResponse((r) => r.url().startsWith(`${origin}/api/v1/aispm-models/`)),
          op.locator('button.execute').click(),
        ]);
        assert.equal(answer.url(), `${origin}/api/v1/aispm-models/tenants/acme/workspaces/prod?page_size=2`);
        assert.equal(answer.status(), 200);
        assert.equal((await answer.request().allHeaders()).authorization, `Bearer ${token}`);
        const data = (await answer.json()) as { rows: unknown[][]; total: number; cursor: string };
        assert.deepEqual([data.rows.map((r) => r[0]), data.total, data.cursor !== ''], [['model-002', 'model-001'], 3, true]);

        // The page shows the status and the body it received.
        const live = op.locator('.live-responses-table tbody tr.response');
        await live
          .locator('.response-col_status')
          .filter({ hasText: /^\s*200\s*$/ })
          .waitFor();
        assert.match(await live.locator('.response-col_description').innerText(), /"model-002"/);

        // The request and its answer in view, and the whole page beside it.
        const shot = `${OUTPUT}reference-page-${engine}.png`;
        await op.locator('.curl-command').evaluate((e) => e.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: shot });
        await page.screenshot({ path: shot.replace(/\.png$/, '-full.png'), fullPage: true });
        t.diagnostic(`screenshot: ${shot} (whole page: ${shot.replace(/\.png$/, '-full.png')})`);
      } finally {
        await context.close();
      }

      assert.deepEqual(foreign, [], 'the page asked for something outside the service');
      assert.ok(requests.length > 0);
      for (const url of requests) assert.ok(url.startsWith(`${origin}/`), url);
      assert.deepEqual(problems, []);
    });

    it("serves the page's files from the service with long caching, gzipped when asked", async () => {
      const html = await (await fetch(`${origin}/docs`)).text();
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      assert.equal(assets.length, 4);
      for (const path of assets) {
        assert.match(path, /^\/docs\/assets\/\d+\.\d+\.\d+\//);
        const res = await fetch(origin + path);
        assert.equal(res.status, 200, path);
        assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
        await res.arrayBuffer();
      }
      const bundle = assets.find((a) => a.endsWith('swagger-ui-bundle.js'))!;
      const res = await fetch(origin + bundle, { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(res.headers.get('content-encoding'), 'gzip');
      assert.match((await res.text()).slice(0, 200000), /SwaggerUIBundle/);
      const missing = await fetch(`${origin}/docs/assets/0.0.0/swagger-ui-bundle.js`);
      assert.deepEqual([missing.status, await missing.json()], [404, { code: 404, message: 'no such file of the reference page' }]);
      const traversal = await fetch(`${origin}${assets[0]!.replace(/[^/]+$/, '..%2Fpackage.json')}`);
      assert.equal(traversal.status, 404);
    });
  });
}
