import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PROP_SEED / PROP_PATH replay a failed property run.
    setupFiles: ['test/property-replay.ts'],
    // better-sqlite3 is a native addon; child processes isolate it more reliably than threads.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
