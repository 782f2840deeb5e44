import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PROP_SEED / PROP_PATH replay a failed property run.
    setupFiles: ['test/property-replay.ts'],
    // better-sqlite3 is a native addon; child processes isolate it more reliably than threads.
    pool: 'forks',
    // One worker per core. Vitest's default leaves a core to its main process, which only waits:
    // on a 2-core machine that ran every file one after another (bench/RESULTS.md, "Test
    // suite"). The timing-sensitive tests are checked with every core kept busy
    // (scripts/under-load.mjs).
    maxWorkers: availableParallelism(),
    // A worker imports the server once for all its files rather than again for each, and its PDF
    // threads serve every file. Each test builds its own app on its own database, and what the
    // modules keep is keyed by that database.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
