/**
 * Fixtures of the cross-engine journeys. Per worker (one engine each, the project's `engine`
 * option): a real SMTP server, the real sync server (the same process the Chromium journeys use)
 * and the engine's host — an Xvfb display for WebKit, one headless Firefox. Per test: devices,
 * each with its own network (a proxy the test can cut) and its own browser of that engine,
 * closed when the test ends.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';
import type { Browser as PuppeteerBrowser } from 'puppeteer-core';
import {
  mailboxFixture,
  serverFixture,
  type Mailbox,
  type RunningServer,
} from '../fixtures/server';
import {
  ENGINE_LABEL,
  WEBKIT_DRIVER,
  launchFirefox,
  openFirefoxDevice,
  openWebKitDevice,
  startDisplay,
  type EngineDevice,
  type EngineName,
  type EnginePage,
} from './browsers';
import { startDeviceNetwork, type DeviceNetwork } from './network';

/** A phone of the journey: its browser's current tab and its network. */
export interface Device {
  readonly page: EnginePage;
  readonly network: DeviceNetwork;
  /** Closes the app's tab and opens `path` in a new one (same storage and service worker). */
  reopen(path: string): Promise<EnginePage>;
  /**
   * No signal: the device's network is cut and, where the engine can, the browser is told
   * (Firefox). Answers whether the browser knows it is offline (`navigator.onLine` false).
   */
  goOffline(): Promise<boolean>;
  /** Signal back. */
  goOnline(): Promise<void>;
}

interface EngineHost {
  /** The engine and its version as the report prints them, e.g. "WebKit (WebKitGTK 2.50.6)". */
  label: string;
  open(origin: string): Promise<EngineDevice>;
}

interface WorkerFixtures {
  engine: EngineName;
  mailbox: Mailbox;
  server: RunningServer;
  engineHost: EngineHost;
}

/**
 * Says, by name, what this engine cannot do that a journey would do, and what the journey
 * asserts instead (the app's fallback): an annotation in the report and a line in the output.
 */
export function engineCannot(engine: EngineName, what: string, assertedInstead: string): void {
  const description = `${ENGINE_LABEL[engine]} cannot ${what}; asserting instead: ${assertedInstead}`;
  base.info().annotations.push({ type: 'engine-limit', description });
  console.log(`[${engine}] ${description}`);
}

interface TestFixtures {
  /** Opens a device of this worker's engine on a network of its own. */
  openDevice: () => Promise<Device>;
  /** Where a journey keeps its screenshots (looked at by people, not compared). */
  shotsDir: string;
}

const START_DEADLINE_MS = 210_000;
const HERE = dirname(fileURLToPath(import.meta.url));

function webkitVersion(): string {
  try {
    // WebKitWebDriver prints no version; the package that brings it does.
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', 'webkit2gtk-driver'], {
      encoding: 'utf8',
    }).replace(/-.*$/, '');
  } catch {
    return WEBKIT_DRIVER;
  }
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  engine: ['webkit', { option: true, scope: 'worker' }],
  mailbox: [mailboxFixture, { scope: 'worker' }],
  server: [serverFixture, { scope: 'worker', timeout: START_DEADLINE_MS }],
  engineHost: [
    async ({ engine }, use) => {
      if (engine === 'webkit') {
        const { display, stop } = await startDisplay();
        await use({
          label: `${ENGINE_LABEL.webkit} (WebKitGTK ${webkitVersion()})`,
          open: (origin) => openWebKitDevice(display, origin),
        });
        await stop();
        return;
      }
      const firefox: PuppeteerBrowser = await launchFirefox();
      const version = (await firefox.version()).replace('firefox/', '');
      await use({
        label: `${ENGINE_LABEL.firefox} (Firefox ESR ${version})`,
        open: (origin) => openFirefoxDevice(firefox, origin),
      });
      await firefox.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  openDevice: async ({ engineHost, server }, use, testInfo) => {
    testInfo.annotations.push({ type: 'engine', description: engineHost.label });
    const opened: Array<{ device: EngineDevice; network: DeviceNetwork }> = [];
    await use(async () => {
      const network = await startDeviceNetwork(server.baseURL);
      const device = await engineHost.open(network.url).catch(async (error: unknown) => {
        await network.close();
        throw error;
      });
      opened.push({ device, network });
      return {
        get page() {
          return device.page;
        },
        network,
        reopen: (path: string) => device.reopen(path),
        async goOffline() {
          network.cut();
          return device.emulateOffline(true);
        },
        async goOnline() {
          network.restore();
          await device.emulateOffline(false);
        },
      };
    });
    for (const [index, { device, network }] of opened.entries()) {
      // What each device showed when a journey failed, beside the report.
      if (testInfo.status !== testInfo.expectedStatus)
        await device.page.screenshot(testInfo.outputPath(`device-${index}.png`)).catch(() => {});
      await device.close();
      await network.close();
    }
  },
  // The request fixture (API calls that set up a journey) talks to the server directly.
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  shotsDir: async ({ engine }, use) => {
    const dir = join(HERE, '..', 'test-results', 'engines', engine);
    mkdirSync(dir, { recursive: true });
    await use(dir);
  },
});

export { expect };
