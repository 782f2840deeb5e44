/**
 * The two engines the Chromium journeys do not reach, behind one small interface the journeys
 * are written against:
 *
 * - **WebKit** (Safari's engine): Debian's WebKitGTK through its W3C WebDriver server
 *   (`WebKitWebDriver`), which starts MiniBrowser on an X display (Xvfb), driven by WebdriverIO.
 *   The driver holds one session, so every device of a journey gets a driver of its own.
 * - **Firefox ESR** over WebDriver BiDi, driven by puppeteer-core, which speaks BiDi to Firefox
 *   itself (no geckodriver, which Debian does not package and which cannot be downloaded here).
 *   One Firefox per worker; each device is a browser context of its own (separate storage,
 *   service workers and cookies, as a separate phone).
 *
 * Elements are found the way the Playwright page models find them — by role and accessible name,
 * label, text or test id — with Testing Library's DOM queries injected into the page, so one
 * journey reads the same in every engine. Clicks and typing go through each engine's own input
 * path (WebDriver element click and send keys; BiDi input actions), never synthetic DOM events.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type {
  Browser as PuppeteerBrowser,
  ElementHandle,
  Page as PuppeteerPage,
} from 'puppeteer-core';
import puppeteer from 'puppeteer-core';
import { remote } from 'webdriverio';
import { freePort } from '../../scripts/free-port.mjs';

export type EngineName = 'webkit' | 'firefox';

/** How a journey's report names each engine. */
export const ENGINE_LABEL: Record<EngineName, string> = { webkit: 'WebKit', firefox: 'Firefox' };

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const XVFB = '/usr/bin/Xvfb';
const FIREFOX = '/usr/bin/firefox-esr';

/** MiniBrowser lives in the architecture's library folder (x86_64-linux-gnu, aarch64-…). */
function miniBrowserPath(): string {
  for (const dir of readdirSync('/usr/lib')) {
    const candidate = join('/usr/lib', dir, 'webkit2gtk-4.1', 'MiniBrowser');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('MiniBrowser not found: is webkit2gtk-driver installed (npm test installs it)?');
}

/**
 * What a journey looks for, by the same means as the Playwright page models: a role and its
 * accessible name, a label, a text (each, as in Playwright, a case-insensitive substring unless
 * `exact: true`), a test id, or CSS; optionally
 * inside another element and narrowed by the text it contains or its attributes.
 */
export type Query = (
  | { role: string; name?: string; level?: number; exact?: boolean }
  | { label: string; exact?: boolean }
  | { text: string; exact?: boolean }
  | { testId: string }
  | { css: string }
) & { within?: Query; hasText?: string; attrs?: Record<string, string> };

/** A tab of a device's browser, opened on the device's own origin. */
export interface EnginePage {
  readonly engine: EngineName;
  /** The origin this device opens the site at (its own network). */
  readonly origin: string;
  goto(path: string): Promise<void>;
  reload(): Promise<void>;
  /** The page's path and query, e.g. `/driver`. */
  path(): Promise<string>;
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** How many elements match now (no waiting). */
  count(query: Query): Promise<number>;
  /** The text of the one match, whitespace collapsed; waits for exactly one. */
  text(query: Query, timeoutMs?: number): Promise<string>;
  attribute(query: Query, name: string, timeoutMs?: number): Promise<string | null>;
  /** The current value of the one matching field. */
  value(query: Query, timeoutMs?: number): Promise<string>;
  click(query: Query, timeoutMs?: number): Promise<void>;
  fill(query: Query, value: string, timeoutMs?: number): Promise<void>;
  screenshot(file: string): Promise<void>;
}

/** A device: its browser (one tab in use at a time) and what closes it. */
export interface EngineDevice {
  readonly page: EnginePage;
  /**
   * Closes the app's tab and opens `path` in a new one on the same browser, as someone who
   * closes the app and opens it again: same storage and service worker, a fresh page.
   */
  reopen(path: string): Promise<EnginePage>;
  /**
   * Tells the browser itself it is offline (navigator.onLine, the offline and online events),
   * where the engine's automation can: answers false where it cannot (WebKitGTK's WebDriver has
   * no such command).
   */
  emulateOffline(offline: boolean): Promise<boolean>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
/** Testing Library's DOM queries as one script, injected into each page on first use. */
const TESTING_LIBRARY = readFileSync(
  join(
    dirname(require.resolve('@testing-library/dom/package.json')),
    'dist',
    '@testing-library',
    'dom.umd.min.js',
  ),
  'utf8',
);

/**
 * Runs in the page: the elements `query` matches, or 'inject' when the queries are not loaded
 * yet (a new page). Self-contained: it is sent to the browser as source.
 */
function findInPage(query: Query): Element[] | 'inject' {
  interface Queries {
    queryAllByRole(c: Element, role: string, o: object): Element[];
    queryAllByLabelText(c: Element, text: string, o: object): Element[];
    queryAllByText(c: Element, text: string, o: object): Element[];
    queryAllByTestId(c: Element, id: string): Element[];
  }
  const tl = (window as unknown as { TestingLibraryDom?: Queries }).TestingLibraryDom;
  if (!tl) return 'inject';
  const find = (q: Query): Element[] => {
    const scopes = q.within ? find(q.within) : [document.body];
    const found: Element[] = [];
    for (const scope of scopes) {
      if ('role' in q) {
        const wanted = q.name;
        const name =
          wanted === undefined
            ? undefined
            : q.exact === true
              ? wanted
              : (accessible: string) => accessible.toLowerCase().includes(wanted.toLowerCase());
        found.push(...tl.queryAllByRole(scope, q.role, { name, level: q.level }));
      } else if ('label' in q)
        found.push(...tl.queryAllByLabelText(scope, q.label, { exact: q.exact === true }));
      else if ('text' in q)
        found.push(...tl.queryAllByText(scope, q.text, { exact: q.exact === true }));
      else if ('testId' in q) found.push(...tl.queryAllByTestId(scope, q.testId));
      else found.push(...Array.from(scope.querySelectorAll(q.css)));
    }
    // Rendered elements only, as Playwright's toBeVisible: a closed dialog's leftovers or a
    // display:none copy never count.
    return [...new Set(found)].filter(
      (el) =>
        el.getClientRects().length > 0 &&
        (q.hasText === undefined || (el.textContent ?? '').includes(q.hasText)) &&
        Object.entries(q.attrs ?? {}).every(([key, value]) => el.getAttribute(key) === value),
    );
  };
  return find(query);
}

function describe(query: Query): string {
  return JSON.stringify(query);
}

const POLL_MS = 100;
export const DEFAULT_WAIT_MS = 15_000;

/**
 * Runs in the page: scrolls `el` to the middle of the screen, as Playwright does (WebDriver's own
 * scrolling stops at the edge, under the floating call button and install card), and answers
 * whether it held still over the next two frames, Playwright's "stable" before a click. A click
 * on something that is still moving (a part loading above it pushes it down) lands on whatever
 * moved under the pointer. Self-contained: it is sent to the browser as source.
 */
function centreAndHoldStill(el: Element): Promise<boolean> {
  el.scrollIntoView({ block: 'center' });
  const box = () => {
    const rect = el.getBoundingClientRect();
    return `${rect.x},${rect.y},${rect.width},${rect.height}`;
  };
  const before = box();
  return new Promise((resolve) => {
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      resolve(el.isConnected && box() === before);
    };
    requestAnimationFrame(() => requestAnimationFrame(answer));
    // A page that paints no frame (in the background) is measured after a moment instead.
    setTimeout(answer, 500);
  });
}

async function pollUntil<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<{ done: true; value: T } | { done: false; why: string }>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let why: string;
    try {
      const result = await probe();
      if (result.done) return result.value;
      why = result.why;
    } catch (error) {
      // A navigation in progress discards the page's context; the next probe sees the new page.
      why = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms (${why})`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/* ------------------------------------------------------------------ WebKit (WebdriverIO) */

type WdioBrowser = Awaited<ReturnType<typeof remote>>;
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

class WebKitPage implements EnginePage {
  readonly engine = 'webkit' as const;
  constructor(
    private readonly browser: WdioBrowser,
    readonly origin: string,
  ) {}

  async goto(path: string): Promise<void> {
    await this.browser.url(new URL(path, this.origin).href);
  }

  async reload(): Promise<void> {
    await this.browser.refresh();
  }

  async path(): Promise<string> {
    const url = new URL(await this.browser.getUrl());
    return `${url.pathname}${url.search}`;
  }

  async evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    return (await this.browser.execute(fn as (...a: unknown[]) => R, ...args)) as Awaited<R>;
  }

  private async matches(query: Query): Promise<Array<Record<string, string>>> {
    let found = (await this.browser.execute(findInPage, query)) as unknown;
    if (found === 'inject') {
      await this.browser.execute(TESTING_LIBRARY);
      found = await this.browser.execute(findInPage, query);
    }
    if (!Array.isArray(found)) throw new Error(`no element list for ${describe(query)}`);
    return found as Array<Record<string, string>>;
  }

  async count(query: Query): Promise<number> {
    return (await this.matches(query)).length;
  }

  private async one(query: Query, timeoutMs: number) {
    const ref = await pollUntil(`exactly one ${describe(query)}`, timeoutMs, async () => {
      const found = await this.matches(query);
      return found.length === 1 && found[0]
        ? { done: true as const, value: found[0] }
        : { done: false as const, why: `${found.length} found` };
    });
    return this.browser.$({ [ELEMENT_KEY]: ref[ELEMENT_KEY] ?? '' });
  }

  async text(query: Query, timeoutMs = DEFAULT_WAIT_MS): Promise<string> {
    const element = await this.one(query, timeoutMs);
    const text = (await this.browser.execute(
      (el: HTMLElement) => el.textContent ?? '',
      element as unknown as HTMLElement,
    )) as string;
    return text.replace(/\s+/g, ' ').trim();
  }

  async attribute(query: Query, name: string, timeoutMs = DEFAULT_WAIT_MS) {
    const element = await this.one(query, timeoutMs);
    return element.getAttribute(name);
  }

  async value(query: Query, timeoutMs = DEFAULT_WAIT_MS): Promise<string> {
    const element = await this.one(query, timeoutMs);
    return element.getValue();
  }

  async click(query: Query, timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    // Found again at each try: the element that moved may have been replaced.
    const element = await pollUntil(`${describe(query)} to hold still`, timeoutMs, async () => {
      const found = await this.one(query, Math.max(0, deadline - Date.now()));
      return (await this.browser.execute(centreAndHoldStill, found as unknown as Element))
        ? { done: true as const, value: found }
        : { done: false as const, why: 'it was still moving' };
    });
    await element.click();
  }

  async fill(query: Query, value: string, timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
    const element = await this.one(query, timeoutMs);
    await element.setValue(value);
  }

  async screenshot(file: string): Promise<void> {
    await this.browser.saveScreenshot(file);
  }
}

/** An X display of our own for WebKit's windows; answers its name (`:N`) and how to stop it. */
export async function startDisplay(): Promise<{ display: string; stop: () => Promise<void> }> {
  // -displayfd: Xvfb picks a free display number and writes it to fd 3, so two suites on one
  // machine never collide.
  const child = spawn(
    XVFB,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (d: Buffer) => (errors += d.toString()));
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    const fd3 = child.stdio[3] as NodeJS.ReadableStream | null;
    fd3?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${errors}`)));
    setTimeout(() => reject(new Error(`Xvfb gave no display in 30 s: ${errors}`)), 30_000);
  });
  return { display, stop: () => stopProcess(child) };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * WebKit presents itself as Safari on an iPhone (the app's iOS paths, such as the install
 * card's Share → Add to Home Screen, key on it); the engine underneath is the same WebKit.
 */
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

/** The phone the journeys are held to: 390 CSS px wide (an iPhone 12–15). */
export const PHONE = { width: 390, height: 844 };

/** How long WebKitWebDriver may take to start MiniBrowser and answer a new session. */
const WEBKIT_SESSION_MS = 60_000;

/**
 * Starts WebKitWebDriver on a free port and a session in it: MiniBrowser on `display`. Now and
 * then (about once in a few hundred launches on a busy machine) MiniBrowser never connects back
 * and the new-session request hangs until the HTTP client gives up; that is the browser failing
 * to start, not the app, so a launch that has not answered within WEBKIT_SESSION_MS is killed
 * with its browser and started once more. Nothing of a test has run at that point.
 */
async function startWebKitSession(
  display: string,
): Promise<{ driver: ChildProcess; browser: WebdriverIO.Browser }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    // Its own process group, so that a hung launch is stopped together with its MiniBrowser.
    const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: display },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let driverLog = '';
    driver.stderr?.on('data', (d: Buffer) => (driverLog += d.toString()));
    let timer: NodeJS.Timeout | undefined;
    try {
      await pollUntil('WebKitWebDriver answers', 30_000, async () => {
        if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited: ${driverLog}`);
        const res = await fetch(`http://127.0.0.1:${port}/status`).catch(() => null);
        return res?.ok ? { done: true, value: null } : { done: false, why: 'not listening' };
      });
      const session = remote({
        hostname: '127.0.0.1',
        port,
        path: '/',
        logLevel: 'error',
        connectionRetryCount: 0,
        capabilities: {
          // WebKitGTK's driver speaks W3C WebDriver only: WebdriverIO must not ask for BiDi.
          'wdio:enforceWebDriverClassic': true,
          'webkitgtk:browserOptions': {
            binary: miniBrowserPath(),
            args: ['--automation', '--full-screen', `--user-agent=${IPHONE_SAFARI}`],
          },
        } as WebdriverIO.Capabilities,
      });
      session.catch(() => undefined); // a late failure after the time limit is already handled
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`MiniBrowser did not start within ${WEBKIT_SESSION_MS} ms`)),
          WEBKIT_SESSION_MS,
        );
      });
      const browser = await Promise.race([session, timedOut]);
      return { driver, browser };
    } catch (error) {
      await stopProcessGroup(driver);
      if (attempt >= 2) throw error;
      console.warn(`[webkit] ${String(error)}; starting WebKitWebDriver and MiniBrowser again`);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Stops a process started `detached` and everything it started (its process group). */
async function stopProcessGroup(child: ChildProcess): Promise<void> {
  const group = child.pid;
  if (child.exitCode !== null || child.signalCode !== null || group === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-group, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Opens a WebKit device: a driver of its own on a free port, MiniBrowser on `display`, the
 * window at phone size (`--full-screen` drops MiniBrowser's toolbar, so the window is all page).
 */
export async function openWebKitDevice(display: string, origin: string): Promise<EngineDevice> {
  const { driver, browser } = await startWebKitSession(display);
  try {
    await browser.setWindowSize(PHONE.width, PHONE.height);
    let page = new WebKitPage(browser, origin);
    const device: EngineDevice = {
      get page() {
        return page;
      },
      async reopen(path: string) {
        const old = await browser.getWindowHandle();
        const opened = await browser.createWindow('tab');
        await browser.switchToWindow(opened.handle);
        await browser.setWindowSize(PHONE.width, PHONE.height);
        const previous = await browser.getWindowHandles();
        if (previous.includes(old)) {
          await browser.switchToWindow(old);
          await browser.closeWindow();
          await browser.switchToWindow(opened.handle);
        }
        page = new WebKitPage(browser, origin);
        await page.goto(path);
        return page;
      },
      emulateOffline: () => Promise.resolve(false),
      async close() {
        await browser.deleteSession().catch(() => undefined);
        await stopProcessGroup(driver);
      },
    };
    return device;
  } catch (error) {
    await stopProcessGroup(driver);
    throw error;
  }
}

/* ------------------------------------------------------------ Firefox (puppeteer-core, BiDi) */

class FirefoxPage implements EnginePage {
  readonly engine = 'firefox' as const;
  constructor(
    readonly tab: PuppeteerPage,
    readonly origin: string,
  ) {}

  async goto(path: string): Promise<void> {
    await this.tab.goto(new URL(path, this.origin).href, { waitUntil: 'load' });
  }

  async reload(): Promise<void> {
    await this.tab.reload({ waitUntil: 'load' });
  }

  async path(): Promise<string> {
    const url = new URL(this.tab.url());
    return `${url.pathname}${url.search}`;
  }

  async evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    return (await this.tab.evaluate(fn as (...a: unknown[]) => R, ...args)) as Awaited<R>;
  }

  private async handle(query: Query): Promise<ElementHandle | number> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      // Sent as an expression (not a function the page would rebuild with eval), so a strict
      // Content-Security-Policy of the app does not stand in the way.
      const handle = await this.tab.evaluateHandle(
        `(() => { const found = (${findInPage.toString()})(${JSON.stringify(query)});` +
          ` return found === 'inject' ? 'inject' : found.length === 1 ? found[0] : found.length; })()`,
      );
      const element = handle.asElement();
      if (element) return element as ElementHandle;
      const value = (await handle.jsonValue()) as unknown;
      await handle.dispose();
      if (value === 'inject') {
        await this.tab.evaluate(TESTING_LIBRARY);
        continue;
      }
      return Number(value);
    }
    throw new Error(`could not load the queries into the page for ${describe(query)}`);
  }

  async count(query: Query): Promise<number> {
    const found = await this.handle(query);
    if (typeof found === 'number') return found;
    await found.dispose();
    return 1;
  }

  private async one(query: Query, timeoutMs: number): Promise<ElementHandle> {
    return pollUntil(`exactly one ${describe(query)}`, timeoutMs, async () => {
      const found = await this.handle(query);
      return typeof found === 'number'
        ? { done: false as const, why: `${found} found` }
        : { done: true as const, value: found };
    });
  }

  async text(query: Query, timeoutMs = DEFAULT_WAIT_MS): Promise<string> {
    const element = await this.one(query, timeoutMs);
    const text = await element.evaluate((el) => el.textContent ?? '');
    await element.dispose();
    return text.replace(/\s+/g, ' ').trim();
  }

  async attribute(query: Query, name: string, timeoutMs = DEFAULT_WAIT_MS) {
    const element = await this.one(query, timeoutMs);
    const value = await element.evaluate((el, n) => el.getAttribute(n), name);
    await element.dispose();
    return value;
  }

  async value(query: Query, timeoutMs = DEFAULT_WAIT_MS): Promise<string> {
    const element = await this.one(query, timeoutMs);
    const value = await element.evaluate((el) => (el as HTMLInputElement).value);
    await element.dispose();
    return value;
  }

  async click(query: Query, timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    // Found again at each try: the element that moved may have been replaced.
    const element = await pollUntil(`${describe(query)} to hold still`, timeoutMs, async () => {
      const found = await this.one(query, Math.max(0, deadline - Date.now()));
      if (await found.evaluate(centreAndHoldStill)) return { done: true as const, value: found };
      await found.dispose();
      return { done: false as const, why: 'it was still moving' };
    });
    await element.click();
    await element.dispose();
  }

  async fill(query: Query, value: string, timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
    const element = await this.one(query, timeoutMs);
    await element.evaluate((el) => {
      (el as HTMLInputElement).focus();
      (el as HTMLInputElement).select?.();
    });
    await this.tab.keyboard.press('Backspace');
    await element.type(value);
    await element.dispose();
  }

  async screenshot(file: string): Promise<void> {
    await this.tab.screenshot({ path: file as `${string}.png` });
  }
}

/** One Firefox per worker, headless, over WebDriver BiDi. */
export async function launchFirefox(): Promise<PuppeteerBrowser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocol: 'webDriverBiDi',
    extraPrefsFirefox: {
      // Nothing of Mozilla's own services on a test machine.
      'app.update.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
    },
  });
}

/** A Firefox device: a browser context of its own (storage, service worker, cookies). */
export async function openFirefoxDevice(
  firefox: PuppeteerBrowser,
  origin: string,
): Promise<EngineDevice> {
  const context = await firefox.createBrowserContext();
  const newTab = async () => {
    const tab = await context.newPage();
    await tab.setViewport(PHONE);
    return new FirefoxPage(tab, origin);
  };
  let page = await newTab();
  let offline = false;
  return {
    get page() {
      return page;
    },
    async reopen(path: string) {
      const next = await newTab();
      await page.tab.close();
      page = next;
      // The device is still offline in its new tab (BiDi emulates per tab).
      if (offline) await page.tab.setOfflineMode(true);
      await page.goto(path);
      return page;
    },
    async emulateOffline(value: boolean) {
      offline = value;
      await page.tab.setOfflineMode(value);
      return true;
    },
    async close() {
      await context.close().catch(() => undefined);
    },
  };
}
