/**
 * Playwright drives Debian's Chromium (no browser download is possible here) against the real
 * sync server, which each worker starts on a free loopback port (fixtures/server.ts).
 */
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'retain-on-first-failure'] as const;

/** The trace mode E2E_TRACE names; off when unset, and a typo fails the run rather than hiding. */
function traceMode(value: string | undefined): (typeof TRACE_MODES)[number] {
  if (value === undefined || value === '') return 'off';
  const mode = TRACE_MODES.find((m) => m === value);
  if (!mode) throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(', ')}, not "${value}"`);
  return mode;
}

export default defineConfig({
  testDir: './tests',
  globalSetup: './fixtures/global-setup.ts',
  // Any test may run in either worker, so the two stay busy to the end rather than one finishing
  // a long file alone. Tests share only their worker's server and make their own data.
  fullyParallel: true,
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
    launchOptions: chromiumLaunchOptions(),
    // Blocked unless a test asks for it (WITH_SERVICE_WORKER, fixtures/server.ts), in the
    // contexts a test opens itself too.
    serviceWorkers: 'block',
    // Tracing is off unless asked for: recording every test (retain-on-failure records all of
    // them and keeps the failures') cost a third of the journeys' time on this 2-core machine
    // (admin-access: 80 s of test time traced, 54 s not, at load 10–13). A failed test's errors,
    // step and Expected/Received are in the JSON report either way (scripts/test.mjs prints
    // them) and a screenshot of each page is kept; to debug locally, run again with
    // E2E_TRACE=retain-on-failure (or on) and open the trace with `npx playwright show-trace`.
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
    locale: 'en-AU',
    timezoneId: 'Australia/Perth',
  },
});
