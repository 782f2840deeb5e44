// Measures a first visit to the public routes of one running server: Lighthouse (mobile, its
// default simulated throttling: 150 ms RTT, 1.6 Mbps, 4x CPU) for the scores and FCP, LCP, TBT,
// CLS, and a real Chromium load with service workers blocked for the bytes each route sends,
// compressed as actually sent, by kind. Used by run.mjs for the baseline and the current build.
//
// measureServer(baseURL, { routes, runs }) → { lighthouse: {route: [run...]}, bytes: {route: {...}} }
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-background-networking ' +
  '--disable-component-update --disable-sync --no-first-run';

// Lighthouse and playwright-core come from the e2e package (nothing is installed for the bench).
const requireFromE2e = createRequire(join(root, 'e2e', 'package.json'));
const LIGHTHOUSE_CLI = join(
  dirname(requireFromE2e.resolve('lighthouse/package.json')),
  'cli',
  'index.js',
);
const requireFromTest = createRequire(requireFromE2e.resolve('@playwright/test'));
const { chromium } = createRequire(requireFromTest.resolve('playwright'))('playwright-core');

/**
 * One Lighthouse run; a run Lighthouse itself gives up on (NO_NAVSTART and the like, which a
 * loaded machine provokes now and then) is tried again, up to three times.
 */
async function runLighthouse(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(
        `lighthouse ${url} attempt ${attempt} failed, retrying: ${error.message.slice(0, 200)}`,
      );
    }
  }
}

function runLighthouseOnce(url) {
  const dir = mkdtempSync(join(tmpdir(), 'pilbara-lh-'));
  const out = join(dir, 'report.json');
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      [
        LIGHTHOUSE_CLI,
        url,
        '--form-factor=mobile',
        '--only-categories=performance,accessibility,best-practices,seo',
        `--chrome-flags=${CHROME_FLAGS}`,
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      try {
        if (code !== 0) throw new Error(`lighthouse exited ${code}: ${err.slice(-2000)}`);
        const report = JSON.parse(readFileSync(out, 'utf8'));
        const score = (c) => Math.round((report.categories[c]?.score ?? 0) * 100);
        const num = (a) => report.audits[a]?.numericValue ?? NaN;
        resolvePromise({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcp: num('first-contentful-paint'),
          lcp: num('largest-contentful-paint'),
          tbt: num('total-blocking-time'),
          cls: num('cumulative-layout-shift'),
          si: num('speed-index'),
          // Lighthouse's own reading of the host CPU (a mid-tier phone is ~1000; below 1000 it
          // warns that its 4x slowdown makes the page slower than the device it stands for).
          benchmarkIndex: report.environment?.benchmarkIndex ?? NaN,
          failedAudits: Object.values(report.audits)
            .filter(
              (a) =>
                a.score !== null &&
                a.score < 1 &&
                ['binary', 'numeric'].includes(a.scoreDisplayMode) &&
                report.categories['accessibility'].auditRefs
                  .concat(report.categories['best-practices'].auditRefs)
                  .some((r) => r.id === a.id && r.weight > 0),
            )
            .map((a) => a.id),
        });
      } catch (error) {
        reject(error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

const KINDS = { script: 'js', stylesheet: 'css', document: 'html', font: 'font', image: 'image' };

/** Bytes of a first visit (no service worker, empty cache), compressed as sent, by kind. */
async function measureBytes(browser, url) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  const page = await context.newPage();
  const responses = [];
  page.on('requestfinished', (request) => responses.push(request));
  await page.goto(url, { waitUntil: 'networkidle' });
  const totals = {
    html: 0,
    js: 0,
    css: 0,
    font: 0,
    image: 0,
    other: 0,
    requests: 0,
    jsBody: 0,
    jsRequests: 0,
  };
  let htmlEncoding = '';
  for (const request of responses) {
    const sizes = await request.sizes();
    const response = await request.response();
    const kind = KINDS[request.resourceType()] ?? 'other';
    const wire = sizes.responseBodySize + sizes.responseHeadersSize;
    totals[kind] += wire;
    totals.requests += 1;
    if (kind === 'js') {
      totals.jsBody += sizes.responseBodySize;
      totals.jsRequests += 1;
    }
    if (kind === 'html' && !htmlEncoding)
      htmlEncoding = (await response?.headerValue('content-encoding')) ?? 'identity';
  }
  totals.jsWire = totals.js;
  totals.total = totals.html + totals.js + totals.css + totals.font + totals.image + totals.other;
  totals.htmlEncoding = htmlEncoding;
  await context.close();
  return totals;
}

export async function measureServer(baseURL, { routes, runs, bytes: withBytes = true }) {
  const lighthouse = {};
  for (const route of routes) {
    lighthouse[route] = [];
    for (let i = 0; i < runs; i++) lighthouse[route].push(await runLighthouse(baseURL + route));
  }
  if (!withBytes) return { lighthouse, bytes: {} };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const bytes = {};
  try {
    for (const route of routes) bytes[route] = await measureBytes(browser, baseURL + route);
  } finally {
    await browser.close();
  }
  return { lighthouse, bytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [baseURL, routesArg = '/,/booking,/customer-portal,/contact', runsArg = '3'] =
    process.argv.slice(2);
  const result = await measureServer(baseURL, {
    routes: routesArg.split(','),
    runs: Number(runsArg),
  });
  console.log(JSON.stringify(result, null, 2));
}
