// The workspace root's own tests: checks of the repository's tooling (the lint boundaries).
// Each package runs its own tests with its own config.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['scripts/**/*.test.mjs'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
