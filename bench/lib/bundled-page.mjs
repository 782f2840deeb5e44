// The harness the in-browser benchmarks share: bundle an entry folder with the web package's own
// Vite, serve the bundle from a local http origin (IndexedDB and workers need one) and open it in
// the system Chromium through the e2e package's playwright-core. Nothing is installed for a
// benchmark: both tools come from the packages that already depend on them.
/* global window -- used inside page.waitForFunction, which runs in the browser */
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
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

/** CPU ms (user + system) so far of process `pid` and every process below it (Linux /proc). */
function treeCpuMs(pid) {
  const ticks = new Map();
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // it ended while the list was read
    }
    // Fields after the command's closing parenthesis: state ppid … utime (14th) stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parent = Number(fields[1]);
    ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const next = stack.pop();
    total += ticks.get(next) ?? 0;
    stack.push(...(children.get(next) ?? []));
  }
  // USER_HZ is 100 on every Linux this runs on.
  return total * 10;
}

/**
 * Bundles `entryDir` (an index.html and its entry script) and starts the system Chromium, then
 * runs `use({ outDir, version, open, cpuMs })` and cleans everything up after. The caller serves
 * `outDir` (the bundle) from an origin of its choice; `open(url, { readyGlobal, cookies })` loads
 * it in a fresh browser context (its own storage, `cookies` set first) once `window[readyGlobal]`
 * is a function and answers `{ evaluate, profile, close }`. `evaluate` is the page's, but throws the first
 * uncaught page error after it, so a broken bundle never prints figures. `profile(during)` answers
 * `during()`'s value and the page's CPU profile while it ran. `cpuMs()` is the CPU
 * time so far of the whole browser (every process of it).
 */
export async function withBundle({ entryDir }, use) {
  const requireFromWeb = createRequire(join(root, 'web', 'package.json'));
  const { build } = await import(requireFromWeb.resolve('vite'));
  const requireFromTest = createRequire(
    createRequire(join(root, 'e2e', 'package.json')).resolve('@playwright/test'),
  );
  const { chromium } = createRequire(requireFromTest.resolve('playwright'))('playwright-core');

  const outDir = mkdtempSync(join(tmpdir(), 'pilbara-bench-'));
  let launched;
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
    // Launched as a server, whose process (and so its CPU time) is known, then connected to.
    launched = await chromium.launchServer(chromiumLaunchOptions());
    browser = await chromium.connect(launched.wsEndpoint());
    const open = async (url, { readyGlobal, cookies = [] }) => {
      const context = await browser.newContext();
      await context.addCookies(cookies);
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error));
      await page.goto(url);
      await page.waitForFunction((name) => typeof window[name] === 'function', readyGlobal);
      const evaluate = async (fn, arg) => {
        const value = await page.evaluate(fn, arg);
        if (errors.length) throw errors[0];
        return value;
      };
      // The page's CPU profile (Chrome DevTools Protocol) while `during()` runs.
      const profile = async (during) => {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        const value = await during();
        const { profile: taken } = await cdp.send('Profiler.stop');
        await cdp.detach();
        return { value, profile: taken };
      };
      return { evaluate, profile, close: () => context.close() };
    };
    const pid = launched.process().pid;
    const cpuMs = () => (pid ? treeCpuMs(pid) : NaN);
    return await use({ outDir, version: browser.version(), open, cpuMs });
  } finally {
    await browser?.close();
    await launched?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * Runs `use({ evaluate, version })` on a page that loaded the bundle of `entryDir` (an index.html
 * and its entry script) from a local http origin once `window[readyGlobal]` is a function (see
 * withBundle), and cleans everything up after.
 */
export async function withBundledPage({ entryDir, readyGlobal }, use) {
  return withBundle({ entryDir }, async ({ outDir, version, open }) => {
    const server = serve(outDir);
    try {
      await new Promise((done) => server.listen(0, '127.0.0.1', done));
      const { port } = server.address();
      const { evaluate } = await open(`http://127.0.0.1:${port}/`, { readyGlobal });
      return await use({ evaluate, version });
    } finally {
      server.close();
    }
  });
}
