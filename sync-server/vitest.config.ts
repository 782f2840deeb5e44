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
    // on a 2-core machine that ran every file one after another. Measured there, one worker then
    // two: sync-server 360 s and 245 s, web 130 s and 81 s, shared-schema 47 s and 27 s. The
    // timing-sensitive tests are checked with every core kept busy (shared/tools/under-load).
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
