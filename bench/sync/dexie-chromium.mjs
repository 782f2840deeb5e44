// Applying a 1,000-change page in Dexie in Chromium (issue 4): the web app's real page-apply code
// (`applyChangesPage`, web/src/sync/local-store.ts) and Dexie database, bundled by the web
// package's Vite from dexie-chromium/entry.ts, served from a local http origin (IndexedDB needs
// one) and run in the system Chromium through Playwright; each run applies the page into a fresh
// database. Prints the figures as Markdown.
//
// Run from the repository root: `node bench/sync/dexie-chromium.mjs`
// BENCH_PAGE_SIZE (1000), BENCH_PAGE_RUNS (20), BENCH_PAGE_WARMUP (5) and BENCH_PAGE_OUTBOX
// (500: the pending mutations of the second scenario) change the sizes; CHROMIUM_PATH the browser.
/* global window -- used inside page.evaluate, which runs in the browser */
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const SIZE = Number(process.env.BENCH_PAGE_SIZE ?? 1000);
const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 20);
const WARMUP = Number(process.env.BENCH_PAGE_WARMUP ?? 5);
const OUTBOX = Number(process.env.BENCH_PAGE_OUTBOX ?? 500);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Vite from the web package (the bundler that builds the app), playwright-core through the e2e
// package's Playwright: nothing is installed for the benchmark.
const requireFromWeb = createRequire(join(root, 'web', 'package.json'));
const { build } = await import(requireFromWeb.resolve('vite'));
const requireFromTest = createRequire(
  createRequire(join(root, 'e2e', 'package.json')).resolve('@playwright/test'),
);
const requireFromPlaywright = createRequire(requireFromTest.resolve('playwright'));
const { chromium } = requireFromPlaywright('playwright-core');

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const outDir = mkdtempSync(join(tmpdir(), 'pilbara-dexie-bench-'));
let server;
let browser;
try {
  await build({
    configFile: false,
    envDir: false,
    root: join(here, 'dexie-chromium'),
    publicDir: false,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, modulePreload: false, reportCompressedSize: false },
  });

  const types = { '.html': 'text/html', '.js': 'text/javascript', '.map': 'application/json' };
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = normalize(join(outDir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(outDir + sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => typeof window.pageBench === 'function');
  const version = browser.version();

  const scenario = async (outbox) => {
    const runs = await page.evaluate((options) => window.pageBench(options), {
      size: SIZE,
      runs: RUNS,
      warmup: WARMUP,
      outbox,
    });
    const times = runs.map((run) => run.ms);
    const transactions = [...new Set(runs.map((run) => run.transactions))];
    return { times, transactions };
  };
  const plain = await scenario(0);
  const withOutbox = OUTBOX > 0 ? await scenario(OUTBOX) : undefined;
  if (errors.length) throw errors[0];

  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  console.log(
    `Run ${new Date().toISOString()}, Chromium ${version} (headless), load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}\n`,
  );
  console.log(
    `| Applying a ${SIZE.toLocaleString('en-AU')}-change page in Dexie in Chromium (${RUNS} runs after ${WARMUP} warm-up, fresh database each) | median | p95 | max | IndexedDB transactions per page |`,
  );
  console.log('|---|---|---|---|---|');
  const row = (label, { times, transactions }) =>
    console.log(
      `| ${label} | ${fmt(percentile(times, 50))} | ${fmt(percentile(times, 95))} | ${fmt(Math.max(...times))} | ${transactions.join(', ')} |`,
    );
  row('Empty outbox', plain);
  if (withOutbox)
    row(`${OUTBOX} pending mutations in the outbox (none touching the page)`, withOutbox);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  server?.close();
  rmSync(outDir, { recursive: true, force: true });
}
