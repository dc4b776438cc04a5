// The console's Audit page in a real browser (Chromium), on both engines: an admin token sees
// "Audit" in the navigation and the trail as GET /audit answers it, newest first; a filter in the
// address is the API's filter; a token without the admin scope has no Audit in its navigation,
// and the page, opened by its address, says which scope it needs.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, seriousAxeViolations } from './helpers/browser.ts';
import { T1, W1 } from './helpers/fixtures.ts';
import { body, engineNames, objects, startHarness, type Harness } from './helpers/harness.ts';

declare const document: any;
declare const location: any;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

for (const engine of engineNames) {
  describe(`console: audit [${engine}]`, () => {
    let h: Harness;
    let origin: string;
    let admin: string;
    let reader: string;
    let context: BrowserContext;
    let page: Page;
    const problems: string[] = [];
    const AUDIT = `/api/v1/audit/tenants/${T1}`;

    before(async () => {
      h = await startHarness(engine);
      await h.seed(T1, W1);
      admin = await h.token({ tenant: T1, scopes: ['read', 'admin'], user: 'ana' });
      reader = await h.token({ tenant: T1, scopes: ['read'], user: 'rob' });
      // Three audited changes: two keys made, one revoked.
      const made: string[] = [];
      for (const name of ['first', 'second']) {
        const res = await h.request({
          method: 'POST',
          url: `/api/v1/api-keys/tenants/${T1}`,
          token: admin,
          payload: { name, scopes: ['read'], workspaces: [W1] },
        });
        assert.equal(res.statusCode, 201, res.body);
        made.push(body(res).id);
      }
      assert.equal((await h.request({ method: 'DELETE', url: `/api/v1/api-keys/tenants/${T1}/${made[0]}`, token: admin })).statusCode, 204);
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      origin = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      page = await context.newPage();
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console: ${m.text()}`);
      });
    });
    after(async () => {
      await context?.close();
      await h?.close();
    });

    async function signIn(token: string, view: string): Promise<void> {
      await page.goto(`${origin}/ui#/${T1}/${W1}/${view}`);
      await page.fill('#token', token);
      await page.click('form button[type=submit]');
      await page.waitForFunction(() => {
        const main = document.querySelector('main');
        return main?.dataset.route === location.hash && !main.querySelector('.loading');
      });
    }
    const texts = (selector: string) => page.$$eval(selector, (els: any[]) => els.map((e) => e.textContent.trim()));

    it('shows an admin the trail as GET /audit answers it, and a filter in the address is the API filter', async () => {
      await signIn(admin, 'audit');
      assert.ok((await texts('nav a')).includes('Audit'));
      await page.waitForSelector('[data-testid=audit-table]');
      const api = objects(body(await h.get(AUDIT, admin)));
      assert.deepEqual(
        api.map((r) => r.action),
        ['api_key.revoked', 'api_key.created', 'api_key.created'],
      );
      assert.deepEqual(
        await texts('[data-testid=audit-table] tbody td[data-col=action]'),
        api.map((r) => r.action),
      );
      assert.deepEqual(await texts('[data-testid=audit-table] tbody td[data-col=outcome]'), ['success', 'success', 'success']);
      assert.deepEqual(await seriousAxeViolations(page), []);

      await page.goto(`${origin}/ui#/${T1}/${W1}/audit?action=api_key.created`);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=audit-table] tbody tr').length === 2);
      const created = objects(body(await h.get(`${AUDIT}?action=api_key.created`, admin)));
      assert.deepEqual(
        await texts('[data-testid=audit-table] tbody td[data-col=target]'),
        created.map((r) => r.target),
      );
    });

    it('has no Audit for a token without the admin scope, and the page says which scope it needs', async () => {
      await context.clearCookies();
      await page.evaluate(() => (globalThis as any).sessionStorage.clear());
      await page.reload();
      await signIn(reader, 'audit');
      assert.ok(!(await texts('nav a')).includes('Audit'));
      assert.match((await texts('[data-testid=audit-scope]'))[0]!, /needs a token with the admin scope; this one has read\./);
    });

    it('logged no error in the page', () => {
      assert.deepEqual(problems, []);
    });
  });
}
