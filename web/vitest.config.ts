import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // One worker per core, not Vitest's default of one fewer (see sync-server/vitest.config.ts).
    maxWorkers: availableParallelism(),
    // Rendering Mantine under jsdom is slow on a busy two-core machine; the default 5 s is not.
    testTimeout: 60_000,
  },
});
