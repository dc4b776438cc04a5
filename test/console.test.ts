// The web console (GET /ui) in a real browser: Debian's Chromium driven by playwright-core against
// the service listening on 127.0.0.1 with the demo estate (scale 1), once per engine. A bad token
// shows the API's 401 message; a good one signs in, and every view shows what the API answers for
// the same query; a filter changes the list and the address; an object's graph holds its
// neighbours; axe-core finds no serious or critical accessibility violation on any view; the page
// asks nothing of anywhere but the service, logs no error, and no request fails except those the
// test provokes. Screenshots of every view go to test-output/console/ (their paths are printed),
// and the time to the overview's first meaningful paint is printed as a diagnostic.
// test/console-start.test.ts follows a new user from `npm start`'s banner into the console.
//
// Chromium is required, like PostgreSQL: `apt-get install -y chromium`, or set AISPM_CHROMIUM.

import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { columnLabel } from '../src/catalog/labels.ts';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import { revokeKey } from '../src/platform/auth/tokens.ts';
import { launchBrowser } from './helpers/browser.ts';
import { engineNames, startHarness, type Harness } from './helpers/harness.ts';

const OUTPUT = fileURLToPath(new URL('../test-output/console/', import.meta.url));
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WS = 'default';

// The page's globals, for the callbacks that playwright runs inside the page (this project's
// TypeScript has no DOM library).
declare const document: any;
declare const location: any;
declare const getComputedStyle: any;

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
  mkdirSync(OUTPUT, { recursive: true });
});

after(async () => {
  await browser?.close();
});

type Json = Record<string, any>;

for (const engine of engineNames) {
  describe(`console [${engine}]`, () => {
    let h: Harness;
    let origin: string;
    let token: string;
    let context: BrowserContext;
    let page: Page;
    const foreign: string[] = [];
    const problems: string[] = [];
    /** Answers of 400 and above, and requests that failed; the test removes those it provokes. */
    const failures: string[] = [];

    const api = async (path: string, accept = 'application/json'): Promise<any> => {
      const res = await fetch(`${origin}/api/v1${path}`, { headers: { authorization: `Bearer ${token}`, accept } });
      assert.equal(res.status, 200, `${path}: ${res.status}`);
      return accept === 'text/csv' ? res.text() : res.json();
    };
    const rows = (r: { header: string[]; rows: unknown[][] }): Json[] =>
      r.rows.map((row) => Object.fromEntries(r.header.map((k, i) => [k, row[i]])));
    const W = (prefix: string) => `/${prefix}/tenants/${DEMO_TENANT}/workspaces/${WS}`;
    const ui = (view: string) => `${origin}/ui#/${DEMO_TENANT}/${WS}/${view}`;

    /** axe-core over the page as it is: no serious or critical violation. */
    async function axe(name: string): Promise<void> {
      // Evaluated through the DevTools protocol, which the page's script-src does not govern.
      await page.evaluate(AXE);
      const violations = (await page.evaluate(async () => {
        const r = await (globalThis as any).axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        });
        return r.violations.map((v: any) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')),
        }));
      })) as Array<{ id: string; impact: string; nodes: string[] }>;
      const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.deepEqual(bad, [], `${name}: axe-core violations`);
    }

    async function shot(name: string, t: { diagnostic: (m: string) => void }): Promise<void> {
      const path = `${OUTPUT}${engine}-${name}.png`;
      await page.screenshot({ path, fullPage: true });
      t.diagnostic(`screenshot: ${path}`);
    }

    /** Waits until the view shows the address and has nothing loading. */
    async function settled(): Promise<void> {
      await page.waitForFunction(() => {
        const main = document.querySelector('main');
        return main?.dataset.route === location.hash && !main.querySelector('.loading');
      });
    }

    /** Visits a view and waits until nothing shows as loading. */
    async function visit(view: string): Promise<void> {
      await page.goto(ui(view));
      await settled();
    }

    /**
     * Waits until the texts of `selector` (or the values of its attribute `attr`) are `expected`
     * (a view redraws after its address changes).
     */
    async function until(selector: string, expected: string[], attr?: string): Promise<void> {
      const deadline = Date.now() + 10_000;
      let shown: Array<string | null> = [];
      while (Date.now() < deadline) {
        shown = attr
          ? await page.locator(selector).evaluateAll((els, a) => els.map((e) => e.getAttribute(a)), attr)
          : await page.locator(selector).allInnerTexts();
        if (JSON.stringify(shown) === JSON.stringify(expected)) return;
        await page.waitForTimeout(50);
      }
      assert.deepEqual(shown, expected, selector);
    }
    /** The ids of the objects a table names (each name carries its id). */
    const idsIn = (table: string, col = 'name') => `[data-testid=${table}] td[data-col=${col}] .named`;

    /** The headers of a table: each column's catalogue label, as the API names the column. */
    async function labelled(table: string, apiHeader: string[]): Promise<void> {
      const ths = await page
        .locator(`[data-testid=${table}] thead th`)
        .evaluateAll((els) => els.map((e) => [e.getAttribute('data-col'), (e.textContent ?? '').replace(/[▲▼]/g, '').trim()]));
      assert.ok(ths.length > 0, table);
      for (const [col, shown] of ths) {
        assert.ok(apiHeader.includes(col!), `${table}: ${col} is not a column of the API's answer`);
        assert.equal(shown, columnLabel(col!), `${table}: ${col}`);
        assert.doesNotMatch(shown!, /_/, `${table}: ${col}`);
      }
    }

    /** Numbers, money and times never wrap: the text of each such cell of a table lies on one line. */
    async function noneWrap(table: string): Promise<void> {
      const cells = await page.locator(`[data-testid=${table}] td.num, [data-testid=${table}] td.time`).evaluateAll((tds) =>
        tds.map((td) => {
          const range = document.createRange();
          range.selectNodeContents(td);
          const lines = new Set([...range.getClientRects()].map((r: any) => Math.round(r.top)));
          return [td.textContent, lines.size];
        }),
      );
      assert.ok(cells.length > 0, table);
      assert.deepEqual(
        cells.filter(([, lines]) => lines !== 1),
        [],
        `${table}: cells wrapped`,
      );
    }

    /** Money as the console shows it: US dollars to the micro-dollar (src/catalog/money.ts). */
    const dollars = (v: number) => `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;
    const count = (v: number) => v.toLocaleString('en-US');

    /**
     * A graph's labels and legend: no two labels overlap (their boxes as cytoscape draws them), and
     * every kind has a colour of its own, the legend's swatch being its nodes' colour.
     */
    async function graphReads(testid: string): Promise<void> {
      const drawn = await page.evaluate((id) => {
        const cy = (document.querySelector(`[data-testid=${id}] .graph`) as any)._cyreg.cy;
        const labels = cy.nodes().map((n: any) => n.boundingBox({ includeNodes: false, includeEdges: false, includeLabels: true }));
        const colours: Record<string, string[]> = {};
        // Both as rgb(r,g,b): cytoscape writes no spaces, the browser does.
        const rgb = (c: string) => c.replace(/\s/g, '');
        for (const n of cy.nodes()) (colours[n.data('kind')] ??= []).push(rgb(n.style('background-color')));
        const legend = [...document.querySelectorAll(`[data-testid=${id}] .legend li`)].map((li: any) => [
          li.dataset.kind,
          rgb(getComputedStyle(li.querySelector('.swatch')).backgroundColor),
        ]);
        return { labels, colours, legend };
      }, testid);
      const boxes = drawn.labels as Array<{ x1: number; y1: number; x2: number; y2: number }>;
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i]!, boxes[j]!];
          const overlap = a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
          assert.ok(!overlap, `${testid}: labels ${i} and ${j} overlap: ${JSON.stringify([a, b])}`);
        }
      const colours = drawn.colours as Record<string, string[]>;
      const legend = new Map(drawn.legend as Array<[string, string]>);
      assert.deepEqual([...legend.keys()].sort(), Object.keys(colours).sort(), `${testid}: the legend names every kind drawn`);
      for (const [kind, cs] of Object.entries(colours)) {
        assert.equal(new Set(cs).size, 1, `${testid}: ${kind} has one colour`);
        assert.equal(cs[0], legend.get(kind), `${testid}: ${kind}'s swatch is its colour`);
      }
      assert.equal(new Set(legend.values()).size, legend.size, `${testid}: a distinct colour per kind: ${JSON.stringify([...legend])}`);
    }

    const text = async (selector: string) => (await page.locator(selector).first().innerText()).trim();
    const total = async () => Number((await text('[data-testid=list-total] strong')).replace(/\D/g, ''));

    before(async () => {
      h = await startHarness(engine);
      await loadDemo(h.db, { scale: 1, seed: 1, now: Date.now(), storePrompts: false });
      token = await h.token({ tenant: DEMO_TENANT });
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      const address = h.app.server.address();
      assert.ok(address && typeof address === 'object');
      origin = `http://127.0.0.1:${address.port}`;
      context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(`${origin}/`) || url.startsWith('blob:')) return route.continue();
        foreign.push(url);
        return route.abort();
      });
      page = await context.newPage();
      page.setDefaultTimeout(20_000);
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      page.on('console', (m) => {
        // Chromium logs each answer of 400 and above as an error too: those are counted (and
        // expected or not) in `failures` below.
        if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text()))
          problems.push(`console: ${m.text()}`);
      });
      page.on('requestfailed', (r) => failures.push(`failed ${r.url()}: ${r.failure()?.errorText}`));
      page.on('response', (r) => {
        if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
      });
    });
    after(async () => {
      await context?.close();
      await h?.close();
    });

    it('serves the console from the service under a strict policy, and / leads to it', async () => {
      const root = await fetch(`${origin}/`, { redirect: 'manual' });
      assert.deepEqual([root.status, root.headers.get('location')], [302, '/ui']);
      const res = await fetch(`${origin}/ui`);
      assert.equal(res.status, 200);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /^default-src 'none'; script-src 'self' 'sha256-[A-Za-z0-9+/=]+'; style-src 'self';/);
      assert.match(csp, /connect-src 'self'/);
      const html = await res.text();
      const assets = [...html.matchAll(/(?:src|href)="(\/ui\/assets\/[^"]+)"/g)].map((m) => m[1]!);
      assert.equal(assets.length, 4);
      for (const path of assets) {
        const a = await fetch(origin + path, { headers: { 'accept-encoding': 'gzip' } });
        assert.equal(a.status, 200, path);
        assert.equal(a.headers.get('cache-control'), 'public, max-age=31536000, immutable');
        await a.arrayBuffer();
      }
      const traversal = await fetch(`${origin}${assets[0]!.replace(/[^/]+$/, '..%2F..%2Fpackage.json')}`);
      assert.equal(traversal.status, 404);
      const missing = await fetch(`${origin}${assets[0]!.replace(/\/assets\/[^/]+\//, '/assets/0000/')}`);
      assert.deepEqual([missing.status, await missing.json()], [404, { code: 404, message: 'no such file of the console' }]);
    });

    it("a bad token shows the API's 401 message and signs nobody in", async (t) => {
      const bad = 'aispm_thisTokenDoesNotExistAnywhere000000000';
      const expected = (await (await fetch(`${origin}/api/v1/token`, { headers: { authorization: `Bearer ${bad}` } })).json()) as Json;
      await page.goto(`${origin}/ui`);
      await page.locator('#token').fill(bad);
      await page.locator('form button[type=submit]').click();
      const alert = page.locator('[role=alert]');
      await alert.waitFor();
      assert.equal((await alert.innerText()).trim(), `Error 401: ${expected.message}`);
      assert.equal(await page.evaluate(() => sessionStorage.length), 0);
      await axe('sign-in');
      await shot('sign-in-401', t);
      // That answer was the one failure asked for.
      const i = failures.indexOf(`401 ${origin}/api/v1/token`);
      assert.ok(i >= 0, failures.join('\n'));
      failures.splice(i, 1);
    });

    it('signs in with a token and shows the overview the dashboard answers; logs the time to its first meaningful paint', async (t) => {
      await page.locator('#token').fill(token);
      await page.locator('form button[type=submit]').click();
      await page.locator('nav[aria-label=Views]').waitFor();
      // The token's tenant and its first workspace.
      await page.waitForFunction((h) => location.hash === h, `#/${DEMO_TENANT}/${WS}/overview`);
      // The token is in this tab's session storage, not in the address.
      assert.ok(!page.url().includes(token));

      // A fresh load of the overview (a new document, the token kept by the tab), timed from the
      // navigation's start to the frame that first shows the counts, then to the frame with both
      // charts drawn and nothing left loading: polled at every animation frame.
      await settled();
      await page.goto('about:blank');
      await page.goto(ui('overview'), { waitUntil: 'commit' });
      const at = async (fn: () => unknown): Promise<number> =>
        (await page.waitForFunction(fn, undefined, { polling: 'raf' })).jsonValue() as Promise<number>;
      const firstPaint = await at(() => document.querySelector('[data-testid=kind-cards] [data-testid=count]') && performance.now());
      const complete = await at(
        () =>
          document.querySelector('[data-testid=severity-histogram] canvas') &&
          document.querySelector('[data-testid=guardrail-outcomes] canvas') &&
          !document.querySelector('main .loading') &&
          performance.now(),
      );
      const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
      t.diagnostic(
        `overview at demo scale 1 [${engine}]: first contentful paint ${fcp.toFixed(0)} ms, counts shown (first meaningful paint) ${firstPaint.toFixed(0)} ms, charts drawn and nothing loading ${complete.toFixed(0)} ms after navigation`,
      );
      await settled();

      const dash = await api(`/aispm-dashboard?workspace_id=${WS}`);
      // This service's dashboard shape, or the family document's (another issue renames it).
      const inventoryOf = (kind: string): number =>
        dash.objects_counts
          ? dash.objects_counts[kind].inventory
          : dash.aispm_objects_counts.find(
              (c: Json) =>
                String(c.object_type)
                  .toLowerCase()
                  .replace(/^aispm[_-]?/, '')
                  .replace(/-/g, '_')
                  .replace(/s$/, '') === kind,
            ).total_inventory_count;
      for (const kind of ['agent', 'model', 'tool', 'mcp_server', 'asset', 'location']) {
        assert.equal(await text(`[data-kind=${kind}] [data-testid=count]`), count(inventoryOf(kind)), kind);
      }
      const scans = dash.scans_counts;
      assert.equal(await text('[data-testid=current-scans]'), String(scans.current_scans ?? scans.total_current_aispm_scans));
      const topIssues: Json[] = dash.top_issues ?? dash.aispm_objects_top_issues;
      await until(
        '[data-testid=top-issues] td[data-col=rule_name]',
        topIssues.map((i) => i.rule_name),
      );
      const atRisk: Json[] = dash.top_at_risk?.agents ?? dash.aispm_top_at_risk_agents;
      // Names, each with its id under it.
      await until(
        '[data-testid=at-risk-agent] td[data-col=name] a',
        atRisk.map((a) => a.name ?? a.aispm_friendly_name),
      );
      await until(
        idsIn('at-risk-agent'),
        atRisk.map((a) => a.id ?? a.aispm_object_id),
        'data-id',
      );
      await until(
        '[data-testid=at-risk-agent] td[data-col=name] .id',
        atRisk.map((a) => a.id ?? a.aispm_object_id),
      );
      await labelled('top-issues', ['rule_name', 'severity', 'category', 'open_instances', 'objects', 'last_detected']);
      // The histogram's numbers, as its table beside the chart shows them.
      const hist = (await api(`/histograms/aispm?workspace_id=${WS}`)).issues_histogram.counts as Json[];
      const shown = await page
        .locator('[data-testid=severity-histogram] tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
      assert.deepEqual(
        shown,
        hist.map((c) => [c.month, String(c.critical), String(c.high), String(c.other)]),
      );
      // Guardrail outcomes per day: the hourly counts of the same 14 UTC days, summed per day.
      const day0 = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 13 * 86_400_000);
      const g = await api(
        `${W('aispm-llm-interactions-dash')}/counts?start_time=${day0.toISOString()}&end_time=${new Date().toISOString()}`,
      );
      const perDay = new Map<string, number[]>();
      for (const [hour, c] of Object.entries(g.results as Record<string, Json>)) {
        const d = perDay.get(hour.slice(0, 10)) ?? [0, 0, 0, 0];
        for (const [i, k] of ['ok', 'alerted', 'blocked', 'redacted'].entries()) d[i]! += c[k].count;
        perDay.set(hour.slice(0, 10), d);
      }
      const guardRows = await page
        .locator('[data-testid=guardrail-outcomes] tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
      assert.equal(perDay.size, 14);
      assert.deepEqual(
        guardRows,
        [...perDay].map(([d, v]) => [d, ...v.map(String)]),
      );
      assert.equal(
        await text('[data-testid=guardrail-totals]'),
        `${g.total} interactions: ${g.ok} ok, ${g.alerted} alerted, ${g.blocked} blocked, ${g.redacted} redacted`,
      );

      const sensors = (await api(W('sensors-used'))) as string[];
      const perSensor = await Promise.all(
        sensors.map(async (s) => [s, String((await api(`${W('scans')}/current?sensorType=${s}`)).total)]),
      );
      assert.ok(perSensor.length > 0);
      const scanRows = await page
        .locator('[data-testid=current-scans-by-sensor] tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
      assert.deepEqual(scanRows, perSensor);
      await axe('overview');
      await shot('overview', t);
    });

    it('lists an inventory kind as the API does; a filter changes the list and the address; sort and CSV follow', async (t) => {
      // Every kind's list, as the API answers it.
      // Each object by its name, its id under it; each column under its catalogue label.
      for (const prefix of ['aispm-models', 'aispm-tools', 'aispm-mcp-servers', 'assets', 'locations']) {
        await visit(`inventory/${prefix}`);
        const list = await api(W(prefix));
        assert.equal(await total(), list.total, prefix);
        await until(
          idsIn('inventory-table'),
          rows(list).map((r) => r.id),
          'data-id',
        );
        await until(
          '[data-testid=inventory-table] td[data-col=name] a',
          rows(list).map((r) => r.name ?? r.id),
        );
        await labelled('inventory-table', list.header);
        if (prefix === 'locations') {
          // A location's address in its code host is a link to it.
          const hrefs = await page
            .locator('[data-testid=inventory-table] td[data-col=url]')
            .evaluateAll((tds) => tds.map((td) => td.querySelector('a')?.getAttribute('href') ?? null));
          assert.deepEqual(
            hrefs,
            rows(list).map((r) => r.url ?? null),
          );
          assert.ok(hrefs.some((h) => h?.startsWith('https://')));
        }
      }
      await visit('inventory/aispm-agents');
      const all = await api(W('aispm-agents'));
      assert.equal(await total(), all.total);
      await until(
        idsIn('inventory-table'),
        rows(all).map((r) => r.id),
        'data-id',
      );
      await noneWrap('inventory-table');

      // Rows per page is the API's page_size, in the address; the next page follows the cursor.
      await page.locator('.page-size select').selectOption('25');
      await page.waitForFunction(() => location.hash.endsWith('?page_size=25'));
      const first = await api(`${W('aispm-agents')}?page_size=25`);
      await until(
        idsIn('inventory-table'),
        rows(first).map((r) => r.id),
        'data-id',
      );
      await page.locator('[data-testid=next-page]').click();
      const second = await api(`${W('aispm-agents')}?page_size=25&cursor=${encodeURIComponent(first.cursor)}`);
      await until(
        idsIn('inventory-table'),
        rows(second).map((r) => r.id),
        'data-id',
      );
      assert.equal(first.rows.length + second.rows.length, all.total);
      await visit('inventory/aispm-agents');

      await page.locator('[data-testid=filter-column]').selectOption('environment');
      await page.locator('[data-testid=filter-op]').selectOption('');
      await page.locator('[data-testid=filter-value]').fill('production');
      await page.locator('.filter-form button[type=submit]').click();
      await page.waitForFunction(() => location.hash.includes('environment=production'));
      await settled();
      const prod = await api(`${W('aispm-agents')}?environment=production`);
      assert.ok(prod.total > 0 && prod.total < all.total);
      await until(
        idsIn('inventory-table'),
        rows(prod).map((r) => r.id),
        'data-id',
      );
      assert.equal(await total(), prod.total);

      await page.locator('th button.sort', { hasText: columnLabel('risk_score') }).click();
      await page.waitForFunction(() => location.hash.includes('sort=risk_score'));
      await settled();
      const sorted = await api(`${W('aispm-agents')}?environment=production&sort=risk_score&sort_dir=desc`);
      await until(
        idsIn('inventory-table'),
        rows(sorted).map((r) => r.id),
        'data-id',
      );
      assert.match(
        await page.evaluate(() => location.hash),
        /^#\/demo\/default\/inventory\/aispm-agents\?environment=production&sort=risk_score&sort_dir=desc$/,
      );

      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=csv]').click()]);
      const csv = readFileSync((await download.path())!, 'utf8');
      assert.equal(csv, await api(`${W('aispm-agents')}?environment=production&sort=risk_score&sort_dir=desc&page_size=10000`, 'text/csv'));
      assert.equal(download.suggestedFilename(), 'default-aispm-agents.csv');
      await axe('inventory');
      await shot('inventory', t);
    });

    it("shows an object's row, a graph holding its neighbours, its findings with evidence and its sessions", async (t) => {
      const id = 'agent-00020';
      await visit(`object/aispm-agents/${id}`);
      const detail = await api(`${W('aispm-agents')}/${id}`);
      const neighbours: string[] = ['models', 'tools', 'mcp_servers', 'input_guardrails', 'output_guardrails', 'sub_agents'].flatMap((s) =>
        detail[s].items.map((i: Json) => i.id),
      );
      assert.ok(neighbours.length >= 3);
      await page.locator('[data-testid=neighbourhood] .graph canvas').first().waitFor();
      const nodes = await page.evaluate(() =>
        (document.querySelector('[data-testid=neighbourhood] .graph') as any)._cyreg.cy.nodes().map((n: any) => n.id()),
      );
      for (const n of [id, ...neighbours]) assert.ok(nodes.includes(n), `${n} is not in the graph (${nodes.join(', ')})`);
      const listed = await page.locator('[data-testid=neighbours] li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-id')));
      assert.deepEqual(listed.sort(), nodes.filter((n: string) => n !== id).sort());
      await graphReads('neighbourhood');
      // The attributes under their labels; the locations it is defined at as code locations, linked
      // to the location's page and to the code host.
      const dts = await page.locator('#row-h ~ .fields dt').allInnerTexts();
      assert.deepEqual(
        dts,
        detail.header.map((c: string) => columnLabel(c)),
      );
      const loc = detail.locations.items[0];
      assert.ok(loc?.codeLocation.url, 'the agent has a location with a URL');
      const links = await page
        .locator('[data-section=locations] [data-testid=code-location]')
        .first()
        .locator('a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      assert.deepEqual(links, [`#/${DEMO_TENANT}/${WS}/object/locations/${loc.id}`, loc.codeLocation.url]);
      assert.match(
        await text('[data-section=locations] [data-testid=code-location] code.path'),
        new RegExp(`${literal(loc.codeLocation.path)}`),
      );
      // Each node of a listed kind links to its own page.
      await page.locator('[data-testid=neighbours] a', { hasText: detail.models.items[0].name }).first().click();
      await page.waitForFunction((m) => location.hash.includes(`/object/aispm-models/${m}`), detail.models.items[0].id);
      await page.goBack();
      await page.locator('[data-testid=neighbourhood]').waitFor();
      await settled();

      const issues = await api(`${W('aispm-agents')}/${id}/issues?page_size=50`);
      assert.equal(await text('[data-testid=findings-total]'), `${issues.total} issues`);
      await page.locator('[data-testid=object-findings] summary').first().click();
      const first = rows(issues)[0]!;
      const details = await api(`${W('issues')}/${first.id}/objects/${id}/details?page_size=5&status=open`);
      assert.match(
        await page.locator('[data-testid=object-findings] .evidence').first().innerText(),
        new RegExp(literal(details.details[0].description)),
      );
      const sessions = await api(`${W('aispm-agents')}/${id}/sessions?page_size=20`);
      await until(
        '[data-testid=object-sessions] td[data-col=session_id]',
        rows(sessions).map((s) => s.session_id),
      );
      await axe('object');
      await shot('object', t);

      await visit(`object/aispm-agents/${id}?hops=2`);
      await page.locator('[data-testid=neighbourhood] .graph canvas').first().waitFor();
      const two = await page.locator('[data-testid=neighbours] li[data-hops="2"]').count();
      assert.ok(two > 0, 'two hops show objects two relations away');
      await graphReads('neighbourhood');
      const kinds = await page.locator('[data-testid=neighbourhood] .legend li').count();
      assert.ok(kinds >= 8, `two hops reach many kinds (${kinds})`);
      await shot('object-two-hops', t);
    });

    it("lists the issues index as the API does, filters it by severity in the address, and opens an issue's instances", async (t) => {
      await visit('findings');
      const all = await api(W('issues'));
      assert.equal(await total(), all.total);
      await page.locator('[data-testid=severity-filter]').selectOption('high');
      await page.waitForFunction(() => location.hash.includes('severity=high'));
      await settled();
      const high = await api(`${W('issues')}?severity=high`);
      await until(
        '[data-testid=issues-table] td[data-col=rule_name]',
        rows(high).map((r) => r.rule_name),
      );
      assert.equal(await total(), high.total);
      await labelled('issues-table', high.header);
      await noneWrap('issues-table');
      await axe('findings');
      await shot('findings', t);

      const issue = rows(high)[0]!;
      await visit(`issue/${issue.id}`);
      const objs = await api(`${W('issues')}/${issue.id}/objects`);
      assert.equal(await total(), objs.total);
      const obj = rows(objs)[0]!;
      await page.locator('[data-testid=issue-objects] td[data-col=occurrences] a').first().click();
      await page.locator('[data-testid=instance-details]').waitFor();
      const inst = await api(`${W('issues')}/${issue.id}/objects/${obj.object_id}/details?page_size=20`);
      assert.equal(await page.locator('[data-testid=instance-details] > li').count(), inst.details.length);
      await axe('issue');
      await shot('issue', t);
    });

    it("shows runtime: sessions as the API lists them, cost per agent, and a session's interactions as a timeline", async (t) => {
      await visit('runtime');
      const sessions = await api(W('aispm-llm-sessions'));
      assert.equal(await total(), sessions.total);
      await until(
        '[data-testid=sessions-table] td[data-col=session_id]',
        rows(sessions).map((s) => s.session_id),
      );
      await page.locator('[data-testid=cost-per-agent] canvas').waitFor();
      // The chart's cells add up to the cost of the sessions that started in its 30 days.
      // (textContent: the table is inside a closed disclosure)
      const days = await page
        .locator('[data-testid=cost-per-agent] tbody tr td:first-child')
        .evaluateAll((tds) => tds.map((td) => td.textContent as string));
      assert.equal(days.length, 30);
      const recent = rows(
        await api(`${W('aispm-llm-sessions')}?start_time=${new Date(Date.now() - 31 * 86_400_000).toISOString()}&page_size=10000`),
      );
      const spent = recent.filter((r) => r.start_time.slice(0, 10) >= days[0]!).reduce((sum, r) => sum + r.cost, 0);
      const cells = await page
        .locator('[data-testid=cost-per-agent] tbody td:not(:first-child)')
        .evaluateAll((tds) => tds.map((td) => td.textContent as string));
      for (const c of cells) assert.match(c, /^\$\d[\d,]*\.\d{2,6}$/);
      const charted = cells.reduce((sum, c) => sum + Number(c.replace(/[$,]/g, '')), 0);
      assert.ok(spent > 0 && Math.abs(charted - spent) < 1e-3, `charted ${charted}, sessions ${spent}`);
      // The chart names the agents that spent most by their names, not their ids.
      const agents = rows(await api(`${W('aispm-agents')}?page_size=1000`));
      const nameOf = new Map(agents.map((a) => [a.id, a.name]));
      const byAgent = new Map<string, number>();
      for (const r of recent.filter((r) => r.start_time.slice(0, 10) >= days[0]!))
        byAgent.set(r.agent_id, (byAgent.get(r.agent_id) ?? 0) + r.cost);
      const top = [...byAgent].sort((a, b) => b[1] - a[1]).slice(0, 6);
      const series = await page
        .locator('[data-testid=cost-per-agent] thead th')
        .evaluateAll((ths) => ths.slice(1).map((th) => th.textContent as string));
      assert.deepEqual(series, [...top.map(([a]) => nameOf.get(a)), ...(byAgent.size > 6 ? [`${byAgent.size - 6} other agents`] : [])]);
      await page.locator('th button.sort', { hasText: columnLabel('cost') }).click();
      await page.waitForFunction(() => location.hash.includes('sort=cost'));
      await settled();
      const byCost = await api(`${W('aispm-llm-sessions')}?sort=cost&sort_dir=desc`);
      await until(
        '[data-testid=sessions-table] td[data-col=session_id]',
        rows(byCost).map((s) => s.session_id),
      );
      // Money in dollars to the micro-dollar, never wrapped; each agent by its name, its id under it.
      await until(
        '[data-testid=sessions-table] td[data-col=cost]',
        rows(byCost).map((s) => dollars(s.cost)),
      );
      await until(
        '[data-testid=sessions-table] td[data-col=agent_id] a',
        rows(byCost).map((s) => nameOf.get(s.agent_id)),
      );
      await until(
        idsIn('sessions-table', 'agent_id'),
        rows(byCost).map((s) => s.agent_id),
        'data-id',
      );
      await labelled('sessions-table', byCost.header);
      await noneWrap('sessions-table');

      // OpenTelemetry intake: each counter today and in total, as the stats endpoint answers them.
      const stats = await api(`${W('otlp')}/stats`);
      const counters = await page
        .locator('[data-testid=otlp-stats] tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [tr.getAttribute('data-field'), ...[...tr.querySelectorAll('td')].map((td) => td.textContent)]),
        );
      const field = (p: Json, f: string): number => f.split('.').reduce((o: any, k) => o[k], p);
      const fields = [
        'spans_received',
        ...Object.keys(stats.total.mapped).map((t) => `mapped.${t}`),
        ...Object.keys(stats.total.ignored).map((r) => `ignored.${r}`),
        'rejected',
        'attributes_wrong_type',
        'objects_created',
        'objects_refused',
        'cost_reported_zero',
      ];
      assert.deepEqual(
        counters,
        fields.map((f) => [f, count(field(stats.today, f)), count(field(stats.total, f))]),
      );
      assert.ok(stats.total.spans_received > 0, 'the demo sends OpenTelemetry traces');
      assert.match(await text('[data-testid=otlp-stats] caption'), new RegExp(`at most ${literal(count(stats.object_cap))} objects`));
      assert.match(await text('[data-testid=otlp-stats] thead'), new RegExp(literal(stats.today.day)));
      if (stats.total.unmapped_attributes.length)
        await until(
          '[data-testid=otlp-unmapped] tbody tr',
          stats.total.unmapped_attributes.map((a: Json) => `${a.key}\t${count(a.count)}`),
        );
      else assert.equal(await page.locator('[data-testid=otlp-unmapped]').count(), 0);
      await axe('runtime');
      await shot('runtime', t);

      const s = rows(byCost)[0]!;
      await page.locator('[data-testid=sessions-table] td[data-col=session_id] a').first().click();
      await page.locator('[data-testid=session-timeline] canvas').waitFor();
      await settled();
      const inter = await api(`${W('aispm-llm-interactions')}?session_id=${s.session_id}&page_size=1000`);
      assert.equal(inter.total, s.turns);
      assert.equal(await text('[data-testid=session-summary] .named a'), nameOf.get(s.agent_id));
      await noneWrap('interactions-table');
      assert.deepEqual(
        (await page.locator('[data-testid=interactions-table] td[data-col=id]').allInnerTexts()).sort(),
        rows(inter)
          .map((i) => i.id)
          .sort(),
      );
      await axe('session');
      await shot('session', t);
    });

    it('draws the paths the paths endpoint answers for the pickers', async (t) => {
      await visit('paths');
      await page.locator('[data-testid=path-from]').selectOption('aispm-agents');
      await page.locator('[data-testid=path-via]').selectOption('aispm-mcp-servers');
      await page.locator('[data-testid=path-to]').selectOption('secrets');
      await page.locator('select[name=max_hops]').selectOption('5');
      await page.locator('[data-testid=path-go]').click();
      await page.waitForFunction(() => location.hash.includes('to=secrets'));
      await page.locator('[data-testid=paths-graph] canvas').first().waitFor();
      const answer = await api(
        `${W('graph/paths')}?from=aispm-agents&to=secrets&via=aispm-mcp-servers&max_hops=5&direction=out&page_size=50`,
      );
      assert.ok(answer.total > 0);
      assert.equal(await text('[data-testid=paths-total] strong'), String(answer.total));
      assert.equal(await page.locator('[data-testid=paths-list] > li').count(), answer.rows.length);
      const nodes = await page.evaluate(() =>
        (document.querySelector('[data-testid=paths-graph] .graph') as any)._cyreg.cy.nodes().map((n: any) => n.id()),
      );
      const expected = new Set(rows(answer).flatMap((r) => r.path.map((o: Json) => o.id)));
      assert.deepEqual(new Set(nodes), expected);
      await graphReads('paths-graph');
      await axe('paths');
      await shot('paths', t);
    });

    it('shows compliance as a framework overview, a page per framework and a page per control with its findings', async (t) => {
      const C = W('compliance');
      await visit('compliance');
      const posture = (await api(C)).frameworks as Json[];
      // One row per framework: its posture as the API answers it.
      const shown = await page
        .locator('[data-testid=frameworks] tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => Object.fromEntries([...tr.querySelectorAll('td')].map((td) => [td.getAttribute('data-col'), td.textContent]))),
        );
      assert.deepEqual(
        shown.map((r) => r.framework),
        posture.map((f) => `${f.name} ${f.version}${f.framework}`),
      );
      for (const [i, f] of posture.entries()) {
        const r = shown[i]!;
        assert.deepEqual(
          [
            r.posture_score,
            r.controls_with_open_findings,
            r.controls_passing,
            r.controls_not_assessed,
            r.critical,
            r.high,
            r.open_findings,
            r.objects_failing,
            r.objects_in_scope,
          ],
          [
            f.posture_score === null ? '—' : `${(f.posture_score * 100).toFixed(2)} %`,
            ...[
              f.controls_with_open_findings,
              f.controls_assessed - f.controls_with_open_findings,
              f.controls_not_assessed,
              f.open_findings.critical,
              f.open_findings.high,
              f.open_findings.total,
              f.objects_failing,
              f.objects_in_scope,
            ].map(count),
          ],
          f.framework,
        );
      }
      await axe('compliance');
      await shot('compliance', t);

      // A framework: its controls as the list answers them, each with its status.
      const llm = posture.find((f) => f.framework === 'owasp-llm-2025')!;
      assert.equal(llm.controls_not_assessed, 4);
      await page.locator('[data-testid=frameworks] td[data-col=framework] a', { hasText: llm.name }).click();
      await page.waitForFunction(() => location.hash.endsWith('/compliance/owasp-llm-2025'));
      await settled();
      const controls = await api(`${C}/owasp-llm-2025`);
      await until(
        '[data-testid=controls-table] td[data-col=control_id]',
        rows(controls).map((c) => c.control_id),
      );
      await until(
        '[data-testid=controls-table] td[data-col=status] [data-status]',
        rows(controls).map((c) => c.status),
        'data-status',
      );
      await until(
        '[data-testid=controls-table] td[data-col=open_findings]',
        rows(controls).map((c) => count(c.open_findings)),
      );
      await labelled('controls-table', controls.header);
      // The framework's 12-month trend as a chart by severity, its numbers the API's.
      const trend = await page
        .locator('[data-testid=framework-trend] tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
      assert.deepEqual(
        trend,
        llm.trend.map((m: Json) => [m.month, ...[m.critical, m.high, m.medium, m.low].map(count)]),
      );
      assert.equal(
        await text('[data-testid=framework-summary]'),
        `${llm.controls_assessed} of ${llm.controls} controls assessed: ${llm.controls_with_open_findings} failing, ${llm.controls_assessed - llm.controls_with_open_findings} passing; ${llm.controls_not_assessed} not assessed (no rule maps to them).`,
      );
      await shot('compliance-framework', t);
      // Not assessed, in the address, as the API's filter.
      await page.locator('[data-testid=status-filter]').selectOption('not_assessed');
      await page.waitForFunction(() => location.hash.includes('status=not_assessed'));
      await settled();
      const none = await api(`${C}/owasp-llm-2025?status=not_assessed`);
      assert.deepEqual(
        rows(none).map((c) => c.control_id),
        ['LLM04', 'LLM07', 'LLM08', 'LLM10'],
      );
      await until(
        '[data-testid=controls-table] td[data-col=control_id]',
        rows(none).map((c) => c.control_id),
      );
      assert.equal(await total(), none.total);

      // A control nothing checks says so, and lists no findings.
      await page.locator('[data-testid=controls-table] td[data-col=control_id] a', { hasText: 'LLM07' }).click();
      await page.waitForFunction(() => location.hash.endsWith('/compliance/owasp-llm-2025/LLM07'));
      await settled();
      assert.match(await text('[data-testid=control-status]'), /^not assessed No rule this workspace sees maps to this control/);
      assert.equal(await page.locator('[data-testid=control-findings]').count(), 0);
      assert.equal(await page.locator('[data-testid=control-rules]').count(), 0);
      await axe('control-not-assessed');
      await shot('compliance-control-not-assessed', t);

      // A failing control: the rules mapped to it and the findings behind it, with their code locations.
      const failing = rows(controls).find((c) => c.status === 'failing')!;
      await visit(`compliance/owasp-llm-2025/${failing.control_id}`);
      assert.match(
        await text('[data-testid=control-status]'),
        new RegExp(`^failing ${literal(count(failing.open_findings))} open findings \\(${failing.critical} critical`),
      );
      const mapped = await api(`${W('rules')}?frameworks=${failing.control_id}&page_size=1000`);
      assert.equal(mapped.total, failing.rules);
      await until(
        '[data-testid=control-rules] td[data-col=rule_name] [data-id]',
        rows(mapped).map((r) => r.rule_id),
        'data-id',
      );
      const findings = await api(`${C}/owasp-llm-2025/${failing.control_id}`);
      assert.equal(await total(), findings.total);
      await until(
        '[data-testid=control-findings] td[data-col=title] a',
        rows(findings).map((f) => f.title),
      );
      const located = rows(findings).map((f) =>
        f.code_location?.location_id ? `#/${DEMO_TENANT}/${WS}/object/locations/${f.code_location.location_id}` : null,
      );
      assert.ok(located.some(Boolean), 'the findings carry code locations');
      const hrefs = await page
        .locator('[data-testid=control-findings] td[data-col=code_location]')
        .evaluateAll((tds) => tds.map((td) => td.querySelector('a')?.getAttribute('href') ?? null));
      assert.deepEqual(hrefs, located);
      const where = rows(findings).find((f) => f.code_location)!.code_location;
      assert.match(
        await text('[data-testid=control-findings] [data-testid=code-location] code.path'),
        new RegExp(`${literal(where.path)}:${where.start_line}`),
      );
      await noneWrap('control-findings');
      await axe('control');
      await shot('compliance-control', t);
    });

    it("says plainly when a workspace holds no data or a tenant is not the token's, in the API's words", async (t) => {
      await page.goto(ui('overview').replace(`/${WS}/`, '/prod/'));
      await page.locator('[data-testid=unknown-workspace]').waitFor();
      await settled();
      const res = await fetch(`${origin}/api/v1/aispm-dashboard?workspace_id=prod&top=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const expected = (await res.json()) as Json;
      assert.equal(res.status, 404);
      assert.equal(await text('[data-testid=unknown-workspace]'), 'No data in workspace “prod”');
      assert.equal(await text('[role=alert]'), `Error 404: ${expected.message}`);
      // No view of zeros beside it: no counts, no "no open issues".
      assert.equal(await page.locator('[data-testid=kind-cards]').count(), 0);
      assert.doesNotMatch(await page.locator('main').innerText(), /Overview of|No open issues/);
      const workspaces = rows(await api(`/tenants/${DEMO_TENANT}/workspaces`));
      await until(
        '[data-testid=workspace-links] a',
        workspaces.map((w) => w.workspace_id),
      );
      assert.equal(await page.locator('[data-testid=workspace-picker] option:checked').innerText(), 'prod (no data)');
      await axe('unknown-workspace');
      await shot('unknown-workspace', t);
      // It opens a workspace the token has.
      await page.locator('[data-testid=workspace-links] a', { hasText: WS }).click();
      await page.locator('[data-testid=kind-cards]').waitFor();
      await settled();

      await page.goto(`${origin}/ui#/elsewhere/${WS}/overview`);
      await page.locator('[data-testid=unknown-tenant]').waitFor();
      const other = await fetch(`${origin}/api/v1/tenants/elsewhere/workspaces?page_size=1000`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(other.status, 403);
      assert.equal(await text('[role=alert]'), `Error 403: ${((await other.json()) as Json).message}`);
      assert.equal(await text('[data-testid=unknown-tenant]'), 'Tenant “elsewhere” is not open to this token');
      await axe('unknown-tenant');
      await shot('unknown-tenant', t);
      await page.locator('main a', { hasText: `Open tenant ${DEMO_TENANT}` }).click();
      await page.waitForFunction((h) => location.hash === h, `#/${DEMO_TENANT}/${WS}/overview`);
      await settled();
      // Those answers were asked for.
      for (const provoked of [
        `404 ${origin}/api/v1/aispm-dashboard?workspace_id=prod&top=1`,
        `403 ${origin}/api/v1/tenants/elsewhere/workspaces?page_size=1000`,
      ]) {
        const i = failures.indexOf(provoked);
        assert.ok(i >= 0, `${provoked} in ${failures.join('\n')}`);
        failures.splice(i, 1);
      }
    });

    it('offers the downloads the service has and says which it has not', async (t) => {
      await visit('downloads');
      const doc = (await (await fetch(`${origin}/api/v1/openapi.json`)).json()) as Json;
      for (const [id, path] of [
        ['aibom', '/api/v1/aibom/tenants/{tenant_id}/workspaces/{workspace_id}'],
        ['sarif', '/api/v1/issues/tenants/{tenant_id}/workspaces/{workspace_id}/sarif'],
      ] as const) {
        const has = path in doc.paths;
        assert.equal(await page.locator(`[data-export=${id}] [data-testid=not-available]`).count(), has ? 0 : 1, id);
        assert.equal(await page.locator(`[data-testid=download-${id}]`).count(), has ? 1 : 0, id);
        if (has) {
          // Where the service has it, the button saves the API's JSON answer.
          const [file] = await Promise.all([page.waitForEvent('download'), page.locator(`[data-testid=download-${id}]`).click()]);
          const saved = JSON.parse(readFileSync((await file.path())!, 'utf8')) as Json;
          assert.equal(typeof saved, 'object', id);
        }
      }
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=csv-issues]').click()]);
      assert.equal(readFileSync((await download.path())!, 'utf8'), await api(`${W('issues')}?page_size=10000`, 'text/csv'));
      await axe('downloads');
      await shot('downloads', t);
    });

    it('is usable at 800 px and by keyboard: no sideways scrolling, a skip link, views in the navigation', async (t) => {
      await page.setViewportSize({ width: 800, height: 900 });
      for (const view of [
        'overview',
        'inventory/aispm-agents',
        'object/aispm-agents/agent-00020',
        'findings',
        'compliance',
        'compliance/owasp-llm-2025',
        'compliance/owasp-llm-2025/LLM01',
        'runtime',
        'paths?from=aispm-agents&to=secrets&via=aispm-mcp-servers&max_hops=5',
        'downloads',
      ]) {
        await visit(view);
        await page.waitForTimeout(100);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 800, `${view} is ${width} px wide at 800`);
      }
      await visit('overview');
      await shot('overview-800', t);
      await page.reload();
      await page.locator('[data-testid=kind-cards]').waitFor();
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
      // The next stop is the view's first link; Enter follows it, and the new view's heading takes the focus.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.closest('[data-kind]')?.getAttribute('data-kind')), 'agent');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => location.hash.endsWith('/inventory/aispm-agents'));
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    it("a token revoked while signed in brings back the sign-in form with the API's message", async (t) => {
      const me = await api('/token');
      await visit('overview');
      assert.equal(await revokeKey(h.db, me.id), true);
      const expected = (await (await fetch(`${origin}/api/v1/token`, { headers: { authorization: `Bearer ${token}` } })).json()) as Json;
      await page.goto(ui('findings'));
      await page.locator('#token').waitFor();
      assert.equal((await page.locator('[role=alert]').innerText()).trim(), `Error 401: ${expected.message}`);
      assert.equal(await page.evaluate(() => sessionStorage.length), 0);
      await shot('signed-out', t);
      // Those 401s were asked for.
      for (let i = failures.length - 1; i >= 0; i--) if (failures[i]!.startsWith(`401 ${origin}/api/v1/`)) failures.splice(i, 1);
    });

    it('asked nothing of anywhere else, logged no error, and no request failed', () => {
      assert.deepEqual(foreign, []);
      assert.deepEqual(problems, []);
      assert.deepEqual(failures, []);
    });
  });
}

/** A string as a regular expression matching it literally. */
function literal(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
