/**
 * The cross-engine journeys: the journeys that matter most, in WebKit (WebKitGTK,
 * Safari's engine) and Firefox ESR, one project per engine, one worker each so both engines run
 * side by side. Playwright is only the test runner here: the browsers are driven by WebdriverIO
 * (WebKit) and puppeteer-core (Firefox), see browsers.ts.
 */
import { defineConfig } from '@playwright/test';
import type { EngineName } from './browsers';

export default defineConfig<{ engine: EngineName }>({
  testDir: '.',
  testMatch: '*.journey.ts',
  globalSetup: '../fixtures/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A journey opens two browsers, installs a service worker and waits out a reconnect.
  timeout: 240_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  outputDir: '../test-results/engines-output',
  projects: [
    { name: 'webkit', use: { engine: 'webkit' } },
    { name: 'firefox', use: { engine: 'firefox' } },
  ],
});
