#!/usr/bin/env node
/**
 * Full-page screenshots of pages at phone (390 px) and desktop (1280 px) widths, for looking at
 * the layout. Usage (from web/, with the server running):
 *   node scripts/screenshots.mjs http://127.0.0.1:3101 /tmp/shots / /services /gallery /about
 * Uses the system Chromium through the e2e package's Playwright.
 */
/* global document, window -- used inside page.evaluate, which runs in the browser */
import { createRequire } from 'node:module';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const requireFromE2e = createRequire(resolve(here, '../../e2e/package.json'));
const playwright = await import(requireFromE2e.resolve('@playwright/test'));
const chromium = playwright.chromium ?? playwright.default.chromium;

const [baseUrl = 'http://127.0.0.1:3000', outDir = 'screenshots', ...paths] = process.argv.slice(2);
const routes = paths.length ? paths : ['/', '/services', '/gallery', '/about'];
const widths = [390, 1280];

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 800 },
      deviceScaleFactor: 1,
      serviceWorkers: 'block',
      locale: 'en-AU',
    });
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' });
      await page.locator('main h1').first().waitFor();
      // Lazy images below the fold load only when scrolled to; full-page shots should show them.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      const name = `${route === '/' ? 'home' : route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-')}-${width}.png`;
      await page.screenshot({ path: resolve(outDir, name), fullPage: true });
      console.log(`wrote ${resolve(outDir, name)}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
