// Applying a 1,000-change page in Dexie in Chromium: the web app's real page-apply code
// (`applyChangesPage`, web/src/sync/local-store.ts) and Dexie database, bundled by the web
// package's Vite from dexie-chromium/entry.ts, served from a local http origin (IndexedDB needs
// one) and run in the system Chromium through Playwright; each run applies the page into a fresh
// database. Prints the figures as Markdown.
//
// Run from the repository root: `node bench/sync/dexie-chromium.mjs`
// BENCH_PAGE_SIZE (1000), BENCH_PAGE_RUNS (20), BENCH_PAGE_WARMUP (5) and BENCH_PAGE_OUTBOX
// (500: the pending mutations of the second scenario) change the sizes; CHROMIUM_PATH the browser.
/* global window -- used inside page.evaluate, which runs in the browser */
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, withBundledPage } from '../lib/bundled-page.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SIZE = Number(process.env.BENCH_PAGE_SIZE ?? 1000);
const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 20);
const WARMUP = Number(process.env.BENCH_PAGE_WARMUP ?? 5);
const OUTBOX = Number(process.env.BENCH_PAGE_OUTBOX ?? 500);

try {
  await withBundledPage(
    { entryDir: join(here, 'dexie-chromium'), readyGlobal: 'pageBench' },
    async ({ evaluate, version }) => {
      const scenario = async (outbox) => {
        const runs = await evaluate((options) => window.pageBench(options), {
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
    },
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
