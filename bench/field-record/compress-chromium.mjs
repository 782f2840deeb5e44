// Compressing one 12-megapixel photo in Chromium (issue 19): the web app's own `compressPhoto`
// (web/src/lib/field-capture.ts), bundled by the web package's Vite from compress/entry.ts,
// served from a local http origin and run in the system Chromium through Playwright, against a
// baseline measured in the same page (one plain canvas resize and JPEG encode). Also prints the
// bytes a photo keeps on the device before and after its upload. Prints Markdown.
//
// Run from the repository root: `node bench/field-record/compress-chromium.mjs`
// BENCH_COMPRESS_RUNS (7) and BENCH_COMPRESS_WARMUP (1) change the counts; CHROMIUM_PATH the browser.
/* global window -- used inside page.evaluate, which runs in the browser */
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const RUNS = Number(process.env.BENCH_COMPRESS_RUNS ?? 7);
const WARMUP = Number(process.env.BENCH_COMPRESS_WARMUP ?? 1);
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

const outDir = mkdtempSync(join(tmpdir(), 'pilbara-compress-bench-'));
let server;
let browser;
try {
  await build({
    configFile: false,
    envDir: false,
    root: join(here, 'compress'),
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
  await page.waitForFunction(() => typeof window.compressBench === 'function');
  const version = browser.version();
  const load = loadavg()[0];
  const bench = await page.evaluate((options) => window.compressBench(options), {
    runs: RUNS,
    warmup: WARMUP,
  });
  if (errors.length) throw errors[0];

  const app = bench.runs.map((run) => run.appMs);
  const base = bench.runs.map((run) => run.baselineMs);
  const ratios = bench.runs.map((run) => run.appMs / run.baselineMs);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (value) => `${Math.round(value)} ms`;
  console.log(
    `Run ${new Date().toISOString()}, Chromium ${version} (headless, --disable-gpu), ${RUNS} runs after ${WARMUP} warm-up, load average (1 min) ${load.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end.\n`,
  );
  console.log(
    `Source: a ${bench.sourceWidth} × ${bench.sourceHeight} (${((bench.sourceWidth * bench.sourceHeight) / 1e6).toFixed(1)} MP) camera-style JPEG of ${kb(bench.sourceBytes)}.\n`,
  );
  console.log(
    '| Compressing one 12 MP photo in Chromium | median | p95 | × baseline (median of per-run ratios) |',
  );
  console.log('|---|---|---|---|');
  console.log(
    `| App: \`compressPhoto\` (browser-image-compression, ${bench.fullWidth} × ${bench.fullHeight} JPEG + 320 px thumbnail) | ${ms(percentile(app, 50))} | ${ms(percentile(app, 95))} | **${percentile(ratios, 50).toFixed(2)}×** |`,
  );
  console.log(
    `| Baseline: one canvas resize to 1,600 px and JPEG encode | ${ms(percentile(base, 50))} | ${ms(percentile(base, 95))} | 1.00× |`,
  );
  console.log('');
  console.log('| Bytes kept on the device per photo | bytes | × the camera file |');
  console.log('|---|---|---|');
  console.log(`| The camera's file (never stored) | ${kb(bench.sourceBytes)} | 1.00× |`);
  console.log(
    `| Before upload: compressed photo + thumbnail | ${kb(bench.fullBytes + bench.thumbBytes)} | ${((bench.fullBytes + bench.thumbBytes) / bench.sourceBytes).toFixed(3)}× |`,
  );
  console.log(
    `| After the server confirmed the hash: thumbnail only | ${kb(bench.thumbBytes)} | ${(bench.thumbBytes / bench.sourceBytes).toFixed(3)}× |`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  server?.close();
  rmSync(outDir, { recursive: true, force: true });
}
