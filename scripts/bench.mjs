// `npm run bench`: the benchmarks, which report numbers (they are not tests). Figures go to
// bench/RESULTS.md (first visit: Lighthouse and bytes; bundle sizes; PDFs) and
// bench/sync/RESULTS.md (sync throughput and latency).
import { join } from 'node:path';
import { ROOT, ensureChromium, installWorkspace, pnpm, run } from './lib.mjs';

installWorkspace();
pnpm(['--filter', '@pilbara/web', 'build']);
run(
  process.execPath,
  [join(ROOT, 'web', 'scripts', 'measure-bundle.mjs'), join(ROOT, 'web', 'dist')],
  {
    allowFail: true,
  },
);
// The first visit: Lighthouse and bytes sent, this build against the baseline commit's.
await ensureChromium();
run(process.execPath, [join(ROOT, 'bench', 'first-visit', 'run.mjs')]);
// The forms at first paint on one bar, with no script at all, against the baseline commit.
run(process.execPath, [join(ROOT, 'bench', 'first-visit', 'first-paint-forms.mjs')]);
// bench/ is a workspace package (@pilbara/bench): its sources resolve @pilbara/shared-schema.
// It ends with the throughput guard (bench/sync/guard.ts): a failed check fails `npm run bench`
// once the other benchmarks have run, so their figures are still measured.
const syncGuard = pnpm(['--filter', '@pilbara/bench', 'exec', 'tsx', 'sync/run.ts'], {
  allowFail: true,
});
// The page apply in a real browser: the web app's Dexie code in the system Chromium.
run(process.execPath, [join(ROOT, 'bench', 'sync', 'dexie-chromium.mjs')]);
// The largest quote's PDF and /api/health while ten render, beside the baseline build.
pnpm(['--filter', '@pilbara/bench', 'exec', 'tsx', 'pdf/run.ts']);
// Years of data: a fresh database against a decade of a busy depot, in one run.
pnpm(['--filter', '@pilbara/bench', 'exec', 'tsx', 'scale/run.ts']);
// A backup of that decade while the server runs: time, size, health's worst wait.
pnpm(['--filter', '@pilbara/bench', 'exec', 'tsx', 'backup/run.ts']);
// Compressing a 12 MP photo in Chromium and the bytes a photo keeps on the device.
run(process.execPath, [join(ROOT, 'bench', 'field-record', 'compress-chromium.mjs')]);
// A new device signing in to that decade, as the owner and as a driver.
pnpm(['--filter', '@pilbara/bench', 'exec', 'tsx', 'new-device/run.ts']);
if (syncGuard !== 0) {
  console.error(
    '\nFailed: the sync benchmarks or their throughput guard (bench/sync/run.ts, see above).',
  );
  process.exit(syncGuard);
}
