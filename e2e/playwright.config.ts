/**
 * Playwright drives Debian's Chromium (no browser download is possible here) against the real
 * sync server, which each worker starts on a free loopback port (fixtures/server.ts).
 */
import { defineConfig } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: './test-results',
  // Baselines of the visual-states screenshots, committed beside the tests.
  snapshotPathTemplate: '{testDir}/../visual/{arg}{ext}',
  // Named so each result in the report says its engine (WebKit and Firefox: engines/).
  projects: [{ name: 'chromium' }],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    locale: 'en-AU',
    timezoneId: 'Australia/Perth',
  },
});
