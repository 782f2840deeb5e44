// The harness the in-browser benchmarks share: bundle an entry folder with the web package's own
// Vite, serve the bundle from a local http origin (IndexedDB and workers need one) and open it in
// the system Chromium through the e2e package's playwright-core. Nothing is installed for a
// benchmark: both tools come from the packages that already depend on them.
/* global window -- used inside page.waitForFunction, which runs in the browser */
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.map': 'application/json' };

/** The p-th percentile (nearest rank) of `values`; NaN for none. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function serve(dir) {
  return createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir + sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
}

/**
 * Runs `use({ evaluate, version })` on a page that loaded the bundle of `entryDir` (an index.html
 * and its entry script) once `window[readyGlobal]` is a function, and cleans everything up after.
 * `evaluate` is the page's, but throws the first uncaught page error after it, so a broken bundle
 * never prints figures.
 */
export async function withBundledPage({ entryDir, readyGlobal }, use) {
  const requireFromWeb = createRequire(join(root, 'web', 'package.json'));
  const { build } = await import(requireFromWeb.resolve('vite'));
  const requireFromTest = createRequire(
    createRequire(join(root, 'e2e', 'package.json')).resolve('@playwright/test'),
  );
  const { chromium } = createRequire(requireFromTest.resolve('playwright'))('playwright-core');

  const outDir = mkdtempSync(join(tmpdir(), 'pilbara-bench-'));
  let server;
  let browser;
  try {
    await build({
      configFile: false,
      envDir: false,
      root: entryDir,
      publicDir: false,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, modulePreload: false, reportCompressedSize: false },
    });
    server = serve(outDir);
    await new Promise((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address();

    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction((name) => typeof window[name] === 'function', readyGlobal);
    const evaluate = async (fn, arg) => {
      const value = await page.evaluate(fn, arg);
      if (errors.length) throw errors[0];
      return value;
    };
    return await use({ evaluate, version: browser.version() });
  } finally {
    await browser?.close();
    server?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
