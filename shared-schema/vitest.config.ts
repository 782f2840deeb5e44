// Unit tests of the pure package: node environment, tests beside the code.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One worker per core, not Vitest's default of one fewer (see sync-server/vitest.config.ts).
    maxWorkers: availableParallelism(),
    // Pure functions with no state between files: each worker imports the package once rather
    // than again for every test file, which was most of this suite's time (bench/RESULTS.md).
    isolate: false,
    // PROP_SEED / PROP_PATH replay a failed property run.
    setupFiles: ['test/property-replay.ts'],
    // As sync-server's: the limit guards against a hang, not a speed (bench/ measures speed). Six
    // years of hourly backups took 0.2 s here and over 6 s once on a CI machine kept busy.
    testTimeout: 20_000,
  },
});
