// Compressing one 12-megapixel photo in Chromium: the web app's own `compressPhoto`
// (web/src/lib/field-capture.ts), bundled by the web package's Vite from compress/entry.ts,
// served from a local http origin and run in the system Chromium through Playwright, against a
// baseline measured in the same page (one plain canvas resize and JPEG encode). Also prints the
// bytes a photo keeps on the device before and after its upload. Prints Markdown.
//
// Run from the repository root: `node bench/field-record/compress-chromium.mjs`
// BENCH_COMPRESS_RUNS (7) and BENCH_COMPRESS_WARMUP (1) change the counts; CHROMIUM_PATH the browser.
/* global window -- used inside page.evaluate, which runs in the browser */
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, withBundledPage } from '../lib/bundled-page.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_COMPRESS_RUNS ?? 7);
const WARMUP = Number(process.env.BENCH_COMPRESS_WARMUP ?? 1);

try {
  await withBundledPage(
    { entryDir: join(here, 'compress'), readyGlobal: 'compressBench' },
    async ({ evaluate, version }) => {
      const load = loadavg()[0];
      const bench = await evaluate((options) => window.compressBench(options), {
        runs: RUNS,
        warmup: WARMUP,
      });

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
    },
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
