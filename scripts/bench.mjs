// `npm run bench`: the benchmarks, which report numbers (they are not tests). Figures go to
// bench/RESULTS.md (bundle sizes) and bench/sync/RESULTS.md (sync throughput and latency).
import { join } from 'node:path';
import { ROOT, installWorkspace, pnpm, run } from './lib.mjs';

installWorkspace();
pnpm(['--filter', '@pilbara/web', 'build']);
run(
  process.execPath,
  [join(ROOT, 'web', 'scripts', 'measure-bundle.mjs'), join(ROOT, 'web', 'dist')],
  {
    allowFail: true,
  },
);
pnpm(['--dir', 'sync-server', 'exec', 'tsx', '../bench/sync/run.ts']);
