// The console's controls page in a real browser (Chromium), on both engines: the workspace's
// controls with their open findings as GET /controls answers them, a control's page with the
// objects its preview answers, and the editor: a draft previewed (the rows it would answer and the
// findings it would open, what POST …/preview answers, nothing written), a bad query refused in the
// API's words, then saved, after which its findings are open. A token without the `controls`
// scope sees the controls but cannot preview or save.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, seriousAxeViolations } from './helpers/browser.ts';
import { entity, relation, T1, W1 } from './helpers/fixtures.ts';
import { body, engineNames, startHarness, type Harness } from './helpers/harness.ts';

declare const document: any;
declare const location: any;

const agent = (id: string, name: string, environment: string) => entity('agent', id, name, 1, { environment });
const model = (id: string, name: string, provider: string) => entity('model', id, name, 1, { provider });
const ESTATE = [
  agent('a1', 'billing bot', 'production'),
  agent('a2', 'support bot', 'production'),
  agent('a3', 'lab bot', 'staging'),
  model('m-ant', 'claude', 'anthropic'),
  model('m-oai', 'gpt', 'openai'),
  relation('agent', 'a1', 'uses_model', 'model', 'm-ant'),
  relation('agent', 'a2', 'uses_model', 'model', 'm-oai'),
  relation('agent', 'a3', 'uses_model', 'model', 'm-ant'),
];
const CONTROLS = `/api/v1/controls/tenants/${T1}/workspaces/${W1}`;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

for (const engine of engineNames) {
  describe(`console: controls [${engine}]`, () => {
    let h: Harness;
    let origin: string;
    let editor: string;
    let reader: string;
    let context: BrowserContext;
    let page: Page;
    const problems: string[] = [];

    before(async () => {
      h = await startHarness(engine);
      await h.ingest(T1, W1, ESTATE);
      editor = await h.token({ tenant: T1, scopes: ['read', 'controls'] });
      reader = await h.token({ tenant: T1, scopes: ['read'] });
      const saved = await h.request({
        method: 'PUT',
        url: `${CONTROLS}/CTL-prod-on-anthropic`,
        token: editor,
        payload: {
          title: 'Production agents on Anthropic',
          severity: 'high',
          list: 'aispm-agents?environment=production&models.provider=anthropic',
        },
      });
      assert.equal(saved.statusCode, 201, saved.body);
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      const address = h.app.server.address() as { port: number };
      origin = `http://127.0.0.1:${address.port}`;
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      page = await context.newPage();
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error' && !/status of 400/.test(m.text())) problems.push(`console: ${m.text()}`);
      });
    });
    after(async () => {
      await context?.close();
      await h?.close();
    });

    async function signIn(token: string): Promise<void> {
      await page.goto(`${origin}/ui#/${T1}/${W1}/controls`);
      await page.fill('#token', token);
      await page.click('form button[type=submit]');
      await page.waitForSelector('main[data-route]');
    }
    async function settled(): Promise<void> {
      await page.waitForFunction(() => {
        const main = document.querySelector('main');
        return main?.dataset.route === location.hash && !main.querySelector('.loading');
      });
    }
    const texts = (selector: string) => page.$$eval(selector, (els: any[]) => els.map((e) => e.textContent.trim()));

    it('lists the controls with their open findings, as GET /controls answers', async () => {
      await signIn(editor);
      await settled();
      const api = body(await h.get(CONTROLS, editor));
      assert.deepEqual(
        api.items.map((c: any) => [c.id, c.open_findings]),
        [['CTL-prod-on-anthropic', 1]],
      );
      await page.waitForSelector('[data-testid=controls-table]');
      assert.deepEqual(await texts('[data-testid=controls-table] tbody td[data-col=id]'), ['CTL-prod-on-anthropic']);
      assert.deepEqual(await texts('[data-testid=controls-table] tbody td[data-col=open_findings]'), ['1']);
      assert.deepEqual(await texts('[data-testid=controls-table] tbody td[data-col=query]'), [
        'list: aispm-agents?environment=production&models.provider=anthropic',
      ]);
    });

    it("opens a control's page: the objects it answers now, as its preview answers", async () => {
      await page.click('[data-testid=controls-table] a[href$="/control/CTL-prod-on-anthropic"]');
      await settled();
      const preview = body(await h.get(`${CONTROLS}/CTL-prod-on-anthropic/preview`, editor));
      assert.deepEqual(
        preview.items.map((i: any) => [i.object_kind, i.object_id, i.name]),
        [['agent', 'a1', 'billing bot']],
      );
      await page.waitForSelector('[data-testid=control-answers]');
      assert.deepEqual(await texts('[data-testid=control-answers] tbody td[data-col=name] a'), ['billing bot']);
      assert.deepEqual(await seriousAxeViolations(page), []);
    });

    it('previews a draft (the rows it would answer, the findings it would open), refuses a bad one in the API words, and saves it', async () => {
      await page.goto(`${origin}/ui#/${T1}/${W1}/controls`);
      await settled();
      const form = '[data-testid=control-editor]';
      await page.fill(`${form} input[name=id]`, 'CTL-prod-bots');
      await page.fill(`${form} input[name=title]`, 'Production bots');
      await page.selectOption(`${form} select[name=severity]`, 'medium');
      // A filter the agents list does not have: the API's 400, shown as it says it.
      await page.fill(`${form} input[name=query]`, 'aispm-agents?colour=red');
      await page.click(`${form} button[value=preview]`);
      await page.waitForSelector('.editor .error');
      const refused = await h.request({
        method: 'POST',
        url: `${CONTROLS}/preview`,
        token: editor,
        payload: { id: 'CTL-prod-bots', title: 'Production bots', severity: 'medium', list: 'aispm-agents?colour=red' },
      });
      assert.equal(refused.statusCode, 400);
      assert.equal((await texts('.editor .error'))[0], `Error 400: ${body(refused).message}`);

      await page.fill(`${form} input[name=query]`, 'aispm-agents?environment=production&name__ilk=bot');
      await page.click(`${form} button[value=preview]`);
      await page.waitForSelector('[data-testid=draft-preview]');
      assert.deepEqual(
        [await texts('[data-testid=draft-answers]'), await texts('[data-testid=draft-open]'), await texts('[data-testid=draft-resolve]')],
        [['2'], ['2'], ['0']],
      );
      assert.deepEqual(await texts('[data-testid=draft-rows] tbody td[data-col=name] a'), ['billing bot', 'support bot']);
      // Previewing wrote nothing.
      assert.equal((await h.get(`${CONTROLS}/CTL-prod-bots`, editor)).statusCode, 404);

      await page.click(`${form} button[value=save]`);
      await page.waitForSelector('[data-testid=control-saved], .editor .error');
      assert.deepEqual(await texts('.editor .error'), []);
      const saved = body(await h.get(`${CONTROLS}/CTL-prod-bots`, editor));
      assert.deepEqual(
        [saved.severity, saved.list, saved.open_findings],
        ['medium', 'aispm-agents?environment=production&name__ilk=bot', 2],
      );
      assert.match((await texts('[data-testid=control-saved]'))[0]!, /^Saved CTL-prod-bots: 2 open findings\.$/);
      assert.deepEqual(await seriousAxeViolations(page), []);
    });

    it('a token without the controls scope sees the controls but cannot preview or save', async () => {
      await page.evaluate(() => (globalThis as any).sessionStorage.clear());
      await page.reload();
      await signIn(reader);
      await settled();
      await page.waitForSelector('[data-testid=controls-table]');
      assert.deepEqual(await texts('[data-testid=controls-table] tbody td[data-col=id]'), ['CTL-prod-bots', 'CTL-prod-on-anthropic']);
      assert.match((await texts('[data-testid=editor-scope]'))[0]!, /need a token with the controls scope; this one has read\./);
      assert.equal(await page.$eval('[data-testid=control-editor] button[value=save]', (b: any) => b.disabled), true);
    });

    it('logged no error in the page', () => {
      assert.deepEqual(problems, []);
    });
  });
}
