// Unit tests of the pure package: node environment, tests beside the code.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // PROP_SEED / PROP_PATH replay a failed property run.
    setupFiles: ['test/property-replay.ts'],
  },
});
