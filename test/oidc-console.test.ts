// The console signed in through a real OpenID Connect provider, in Chromium (playwright-core),
// on both engines: a new user of the organisation clicks "Sign in with your organisation's
// account", logs in at the provider (oidc-provider on loopback), lands in the console signed in by
// an http-only session cookie, makes an API key on the Settings → API keys page (the console sends
// the session's CSRF token) and uses it from a script with a plain HTTP request; an admin then finds the sign-in and the key in the audit
// trail and revokes the key, which answers 401; signing out ends the session. Screenshots go to a
// temporary directory (their paths are printed), never into the repository.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './helpers/browser.ts';
import { engineNames, type Harness, startHarness } from './helpers/harness.ts';
import { startProvider, type TestProvider } from './helpers/oidc-provider.ts';

const SHOTS = mkdtempSync(join(tmpdir(), 'aispm-oidc-console-'));

declare const document: any;

/** A free loopback port: the redirect URI must be known before the service starts. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

for (const engine of engineNames) {
  describe(`console sign-in through the identity provider, in Chromium [${engine}]`, () => {
    let h: Harness;
    let idp: TestProvider;
    let origin: string;
    let admin: string;

    before(async () => {
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      idp = await startProvider({
        redirectUris: [`${origin}/api/v1/auth/oidc/callback`],
        accounts: { ana: { email: 'ana@example.com', name: 'Ana', groups: ['platform'] } },
      });
      h = await startHarness(engine, {
        config: {
          oidcIssuer: idp.issuer,
          oidcClientId: idp.clientId,
          oidcClientSecret: idp.clientSecret,
          oidcRedirectBase: origin,
          oidcAllowHttp: true,
          oidcTenant: 't1',
          oidcScopes: 'openid email profile groups',
          oidcRoles: 'platform=editor',
          oidcAllowedDomains: 'example.com',
        },
      });
      await h.seed('t1', 'prod');
      admin = await h.token({ scopes: ['admin', 'read'] });
      await h.app.listen({ host: '127.0.0.1', port });
    });
    after(async () => {
      await h?.close();
      await idp?.close();
    });

    it('signs in at the provider, makes a key with the session, uses it from a script; an admin audits and revokes it', async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      // Nothing but the service and the provider (the provider's page asks for a web font: refused).
      await context.route('**/*', (route) => {
        const url = route.request().url();
        return url.startsWith(`${origin}/`) || url.startsWith(`${idp.issuer}/`) ? route.continue() : route.abort();
      });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      const shot = async (name: string) => {
        const path = join(SHOTS, `${engine}-${name}.png`);
        await page.screenshot({ path });
        console.log(`screenshot: ${path}`);
      };

      await page.goto(`${origin}/ui`);
      const button = page.locator('#oidc-signin');
      await button.waitFor();
      assert.equal(await button.textContent(), "Sign in with your organisation's account");
      // The pasted-token form is there too by default.
      assert.equal(await page.locator('input#token').count(), 1);
      await shot('1-sign-in');

      await button.click();
      await page.waitForURL((u) => u.href.startsWith(idp.issuer));
      await page.fill('input[name=login]', 'ana');
      await page.fill('input[name=password]', 'any password');
      await shot('2-provider-login');
      await page.click('button[type=submit]');
      await page.waitForURL((u) => u.href.startsWith(`${origin}/ui`));
      await page.locator('.who').waitFor();
      assert.equal(await page.locator('.who').textContent(), 'ana@example.com');
      await shot('3-signed-in');

      // The session cookie is http-only and SameSite=Lax; scripts in the page cannot read it.
      const cookie = (await context.cookies(origin)).find((c) => c.name === 'aispm_session')!;
      assert.deepEqual([cookie.httpOnly, cookie.sameSite, cookie.secure, cookie.path], [true, 'Lax', false, '/']);
      assert.equal(await page.evaluate(() => document.cookie), '');

      // Settings → API keys: a key made on the page (the console sends the session's CSRF token).
      await page.click('nav a:has-text("API keys")');
      await page.locator('#key-name').waitFor();
      await page.fill('#key-name', 'my script');
      assert.deepEqual(await page.locator('input[name=scope]').evaluateAll((els: any[]) => els.map((e) => e.value)), [
        'read',
        'ingest',
        'storage',
        'webhooks',
        'views',
        'controls',
      ]);
      await page.selectOption('#key-expiry', '30d');
      await page.click('button:has-text("Make key")');
      const tokenText = await page.locator('[data-testid=new-token]').textContent();
      await page.locator('[data-testid=api-keys] td[data-col=name]:has-text("my script")').waitFor();
      await shot('4-api-key-made');
      const user = await page.evaluate(async () => ((await (await fetch('/api/v1/auth/session')).json()) as any).session.user_id as string);
      const listedByAdmin = await fetch(`${origin}/api/v1/api-keys/tenants/t1?name=my%20script`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      const keyRow = ((await listedByAdmin.json()) as any).rows[0] as unknown[];
      const made = { user, body: { id: keyRow[0] as string, token: tokenText!, created_by: keyRow[4] } };
      assert.match(made.body.token, /^aispm_[0-9A-Za-z]{38}$/);
      assert.equal(made.body.created_by, made.user);
      assert.deepEqual([keyRow[2], keyRow[3]], [['read'], ['prod']]);

      // The script: a plain HTTP request with the key.
      const script = await fetch(`${origin}/api/v1/tenants/t1/workspaces`, { headers: { authorization: `Bearer ${made.body.token}` } });
      assert.equal(script.status, 200);
      assert.deepEqual(
        ((await script.json()) as any).rows.map((r: unknown[]) => r[0]),
        ['prod'],
      );

      // The admin finds the sign-in, the key and its use in the audit trail …
      const audit = await fetch(`${origin}/api/v1/audit/tenants/t1?actor=${made.user}&sort=time`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      const rows = ((await audit.json()) as any).rows as unknown[][];
      assert.deepEqual(
        rows.map((r) => [r[3], r[4], r[5]]),
        [
          ['sign_in', `users/${made.user}`, 'success'],
          ['api_key.created', `api_keys/${made.body.id}`, 'success'],
        ],
      );
      const keys = await fetch(`${origin}/api/v1/api-keys/tenants/t1?id=${made.body.id}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      const listed = ((await keys.json()) as any).rows as unknown[][];
      assert.equal(listed.length, 1);
      assert.notEqual(listed[0]![6], null, 'last_used_at is noted');
      // … and revokes the key, which then answers 401.
      const revoke = await fetch(`${origin}/api/v1/api-keys/tenants/t1/${made.body.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin}` },
      });
      assert.equal(revoke.status, 204);
      const again = await fetch(`${origin}/api/v1/tenants/t1/workspaces`, { headers: { authorization: `Bearer ${made.body.token}` } });
      assert.deepEqual([again.status, await again.json()], [401, { code: 401, message: 'token was revoked' }]);

      // The page shows it revoked.
      await page.reload();
      await page.locator('[data-testid=api-keys] td[data-col=revoked_at]').first().waitFor();
      assert.notEqual((await page.locator('[data-testid=api-keys] td[data-col=revoked_at]').first().textContent())?.trim(), '');

      // Signing out ends the session: the sign-in page again, and the cookie no longer admits.
      await page.click('button.signout');
      await page.locator('#oidc-signin').waitFor();
      await shot('5-signed-out');
      assert.equal(
        (await context.cookies(origin)).some((c) => c.name === 'aispm_session'),
        false,
      );
      const after = await fetch(`${origin}/api/v1/tenants/t1/workspaces`, { headers: { cookie: `aispm_session=${cookie.value}` } });
      assert.equal(after.status, 401);
      const out = await fetch(`${origin}/api/v1/audit/tenants/t1?actor=${made.user}&action=sign_out`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      assert.equal(((await out.json()) as any).rows.length, 1);
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
}
