// The console's finding page (`#/<t>/<w>/finding/<id>`) in a real browser, on both engines: a
// token with the `controls` scope sees the waiver form, waives a finding (the page then shows the
// waiver the API answers, and the API reads it waived), sees the API's refusal of a date in the
// past, and lifts the waiver; a read-only token sees the waiver and no form or button. axe-core
// finds no serious or critical violation on the page.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './helpers/browser.ts';
import { entity, T1, W1 } from './helpers/fixtures.ts';
import { body, describeEngines, type Harness, objects } from './helpers/harness.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
declare const document: any;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describeEngines('console: a finding and its waiver', (h: () => Harness) => {
  let origin = '';
  let triage = '';
  let reader = '';
  const problems: string[] = [];

  before(async () => {
    const s = await h().ingest(T1, W1, [
      { type: 'rule', id: 'EXT-leak', name: 'System prompt leak', severity: 'high', object_types: ['agent'] },
      entity('agent', 'a1', 'Support Bot', 1),
      { type: 'finding', id: 'f1', rule_id: 'EXT-leak', object_kind: 'agent', object_id: 'a1', detected_at: new Date().toISOString() },
    ]);
    assert.equal(s.rejected, 0);
    triage = await h().token({ tenant: T1, user: 'ana', scopes: ['read', 'controls'] });
    reader = await h().token({ tenant: T1 });
    await h().app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(h().app.server.address() as AddressInfo).port}`;
  });

  async function signedIn(token: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    await page.goto(`${origin}/ui`);
    await page.locator('#token').fill(token);
    await page.locator('form button[type=submit]').click();
    await page.locator('nav[aria-label=Views]').waitFor();
    await page.goto(`${origin}/ui#/${T1}/${W1}/finding/f1`);
    await page.locator('[data-testid=finding-status]').waitFor();
    return page;
  }

  const status = async () =>
    objects(body(await h().get(`/api/v1/instances/tenants/${T1}/workspaces/${W1}/f1`, reader)))[0]!.status as string;

  it('waives a finding from its page, shows the waiver, refuses a past date in the API’s words, and lifts it', async () => {
    const page = await signedIn(triage);
    assert.equal(await page.locator('[data-testid=finding-status]').innerText(), 'open');
    const form = page.locator('[data-testid=waive-form]');
    await form.locator('textarea[name=reason]').fill('pilot, reviewed by Ana');
    await form.locator('input[name=until]').fill('2001-01-01');
    await form.locator('button[type=submit]').click();
    const alert = form.locator('[role=alert]');
    await alert.waitFor();
    assert.match(await alert.innerText(), /^Error 400: until: 2001-01-01T00:00:00\.000Z is in the past/);
    assert.equal(await status(), 'open');

    const next = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    await form.locator('input[name=until]').fill(next);
    await form.locator('input[name=false_positive]').check();
    await form.locator('button[type=submit]').click();
    const waiver = page.locator('[data-testid=waiver]');
    await waiver.waitFor();
    const shown = await waiver.innerText();
    assert.match(shown, /False positive/);
    assert.match(shown, /waived by ana/);
    assert.match(shown, /pilot, reviewed by Ana/);
    assert.equal(await page.locator('[data-testid=finding-status]').innerText(), 'waived');
    assert.equal(await status(), 'waived');
    await page.evaluate(AXE);
    const bad = (await page.evaluate(async () => {
      const r = await (globalThis as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] } });
      return r.violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical').map((v: any) => v.id);
    })) as string[];
    assert.deepEqual(bad, []);

    await page.locator('[data-testid=lift-waiver]').click();
    await form.waitFor();
    assert.equal(await page.locator('[data-testid=finding-status]').innerText(), 'open');
    assert.equal(await status(), 'open');
    await page.context().close();
  });

  it('a read-only token sees the waiver, and neither the form nor the lift button', async () => {
    const res = await h().request({
      method: 'POST',
      url: `/api/v1/instances/tenants/${T1}/workspaces/${W1}/f1/waiver`,
      token: triage,
      payload: { reason: 'accepted for the pilot' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const page = await signedIn(reader);
    await page.locator('[data-testid=waiver]').waitFor();
    assert.match(await page.locator('[data-testid=waiver]').innerText(), /Accepted risk.*until lifted/s);
    assert.equal(await page.locator('[data-testid=lift-waiver]').count(), 0);
    assert.equal(await page.locator('[data-testid=waive-form]').count(), 0);
    // The findings view lists it among the waived findings, linking to its page.
    await page.goto(`${origin}/ui#/${T1}/${W1}/findings`);
    const link = page.locator('[data-testid=waived-table] td[data-col=title] a');
    await link.waitFor();
    assert.equal(await link.innerText(), 'System prompt leak');
    await link.click();
    await page.locator('[data-testid=waiver]').waitFor();
    await page.context().close();
    assert.deepEqual(problems, []);
  });
});
