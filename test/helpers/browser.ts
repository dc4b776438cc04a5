// Debian's Chromium driven by playwright-core, as every browser suite launches it: headless, no
// sandbox (containers), and nothing that would reach beyond the machine.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.AISPM_CHROMIUM ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is required for the browser tests but ${CHROMIUM} does not exist: apt-get install -y chromium, or set AISPM_CHROMIUM`,
    );
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical WCAG 2.1 AA violations on the page as it is (none expected). */
export async function seriousAxeViolations(page: Page): Promise<Array<{ id: string; nodes: string[] }>> {
  // Evaluated through the DevTools protocol, which the page's script-src does not govern.
  await page.evaluate(AXE);
  const found = (await page.evaluate(async () => {
    const r = await (globalThis as any).axe.run((globalThis as any).document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return r.violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')) }));
  })) as Array<{ id: string; impact: string; nodes: string[] }>;
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(({ id, nodes }) => ({ id, nodes }));
}
