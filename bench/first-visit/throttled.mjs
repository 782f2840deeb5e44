// What a customer or driver on one bar of signal waits for, measured in Chromium with
// CDP throttling: 400 ms round trip, 500 kbps each way, 4x CPU slowdown, a 390 px phone screen.
//
// - trackingVisit: a first visit (empty cache, no service worker) of a real tracking link,
//   /customer-portal?token=…: first contentful paint, and when the job (its id and status) is
//   on screen.
// - formVisit: a first visit of a page with a form: first contentful paint, and when the form is
//   usable — React has hydrated it (its submit handler is attached) and its submit button is
//   enabled and no longer says it is getting ready.
// - driverSignIn: a driver signs in on /auth and lands on /driver; from the tap on Login until
//   the card of one of their jobs is on screen. `installed` first opens the app unthrottled until
//   its service worker has taken control (a driver's phone with the app installed, the usual
//   case), then throttles and signs in; otherwise the sign-in starts on a first visit.
//
// Times come from the page itself: a requestAnimationFrame loop, started before any of the
// page's scripts, notes the first frame in which each condition holds (a frame is what the
// person sees), and the paint timing entries give first contentful paint. Each measurement
// runs in a new browser context.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const requireFromE2e = createRequire(join(root, 'e2e', 'package.json'));
const requireFromTest = createRequire(requireFromE2e.resolve('@playwright/test'));
const { chromium } = createRequire(requireFromTest.resolve('playwright'))('playwright-core');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The profile of the issue: one bar of signal on a cheap phone. */
export const PROFILE = {
  latencyMs: 400,
  kbps: 500,
  cpuSlowdown: 4,
  viewport: { width: 390, height: 844 },
};

/** How long one measurement may take before it counts as failed. */
const TIMEOUT_MS = Number(process.env.BENCH_THROTTLED_TIMEOUT_MS ?? 90_000);

export async function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

async function newContext(browser) {
  return browser.newContext({
    viewport: PROFILE.viewport,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
}

async function throttle(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (PROFILE.kbps * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  return cdp;
}

/**
 * The in-page probe (runs before the page's own scripts, on every document of the context).
 * `window.__probe` holds the first time (performance.now(), and Date.now() for times across
 * documents) at which each condition held in a frame.
 */
function probe({ jobId, status, formLabel, driverJobId }) {
  /* global window, document, getComputedStyle, requestAnimationFrame, Element */
  const marks = {};
  window.__probe = marks;
  const note = (name) => {
    if (marks[name] !== undefined) return;
    marks[name] = performance.now();
    marks[`${name}Epoch`] = Date.now();
    try {
      sessionStorage.setItem(`probe:${name}`, String(Date.now()));
    } catch {
      // storage may be refused; the in-page mark is enough then
    }
  };
  const visible = (element) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.display !== 'none' && style.opacity !== '0';
  };
  const reactProps = (element) => {
    const key = Object.keys(element).find((k) => k.startsWith('__reactProps$'));
    return key ? element[key] : undefined;
  };
  const checks = {
    job: () => {
      if (!jobId) return false;
      const idElement = [...document.querySelectorAll('[data-testid="job-id"]')].find(
        (el) => el.textContent?.trim() === jobId,
      );
      if (!visible(idElement)) return false;
      const card = idElement.closest('[data-testid="job-details"]') ?? document.body;
      // The status by its badge's value: the words shown are the customer's ("On the way").
      return visible(card.querySelector(`[data-status="${status}"]`));
    },
    usable: () => {
      if (!formLabel) return false;
      const form =
        formLabel === '*'
          ? document.querySelector('main form, #root form')
          : document.querySelector(`form[aria-label="${formLabel}"]`);
      if (!form || !visible(form)) return false;
      const submit = form.querySelector('button[type="submit"]');
      if (!submit || submit.disabled || !visible(submit)) return false;
      if (/getting ready/i.test(submit.textContent ?? '')) return false;
      return typeof reactProps(form)?.onSubmit === 'function';
    },
    driverCard: () => {
      if (!driverJobId) return false;
      return visible(
        document.querySelector(`[data-testid="driver-job"][data-job-id="${driverJobId}"]`),
      );
    },
  };
  // The tap on a form's submit button (the driver's Login), kept across the navigation it causes.
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('button[type="submit"]')) note('submitTap');
    },
    true,
  );
  const frame = () => {
    for (const [name, check] of Object.entries(checks)) {
      if (marks[name] === undefined && check()) note(name);
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function firstContentfulPaint(page) {
  return page.evaluate(
    () =>
      new Promise((resolvePaint) => {
        const found = performance
          .getEntriesByType('paint')
          .find((entry) => entry.name === 'first-contentful-paint');
        if (found) return resolvePaint(found.startTime);
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint');
          if (entry) resolvePaint(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

async function waitForMark(page, name) {
  await page.waitForFunction((mark) => window.__probe?.[mark] !== undefined, name, {
    timeout: TIMEOUT_MS,
    polling: 100,
  });
  return page.evaluate((mark) => window.__probe[mark], name);
}

/** A first visit of a tracking link: { fcp, jobVisible } in ms from navigation start. */
export async function trackingVisit(browser, url, { jobId, status }) {
  const context = await newContext(browser);
  try {
    await context.addInitScript(probe, { jobId, status });
    const page = await context.newPage();
    await throttle(context, page);
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const jobVisible = await waitForMark(page, 'job');
    const fcp = await firstContentfulPaint(page);
    return { fcp, jobVisible };
  } finally {
    await context.close();
  }
}

/** A first visit of a page with a form: { fcp, usable, fcpToUsable } in ms. */
export async function formVisit(browser, url, { formLabel }) {
  const context = await newContext(browser);
  try {
    await context.addInitScript(probe, { formLabel });
    const page = await context.newPage();
    await throttle(context, page);
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const usable = await waitForMark(page, 'usable');
    const fcp = await firstContentfulPaint(page);
    return { fcp, usable, fcpToUsable: usable - fcp };
  } finally {
    await context.close();
  }
}

/**
 * A driver's sign-in: { signInToCards } in ms from the tap on Login to their job's card on
 * /driver, `formUsable` (ms from navigation start to a usable sign-in form), and the trace:
 * `tapToAnswer` (the sign-in's answer fully arrived) and `answerToCards` (from then to the card).
 */
export async function driverSignIn(browser, baseURL, { username, password, jobId, installed }) {
  const context = await newContext(browser);
  try {
    await context.addInitScript(probe, { formLabel: 'Login', driverJobId: jobId });
    const page = await context.newPage();
    if (installed) {
      // The app as a driver's phone holds it: its worker installed and in control of the page.
      await page.goto(`${baseURL}/auth`, { waitUntil: 'load', timeout: TIMEOUT_MS });
      await page.waitForFunction(
        async () => {
          const registration = await navigator.serviceWorker?.ready;
          return Boolean(registration?.active && navigator.serviceWorker.controller);
        },
        undefined,
        { timeout: TIMEOUT_MS },
      );
      // Precaching has finished once the worker is active (it activates after installing).
    }
    await throttle(context, page);
    await page.goto(`${baseURL}/auth`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const formUsable = await waitForMark(page, 'usable');
    const form = page.locator('form[aria-label="Login"]');
    await form.locator('input[name="username"]').fill(username);
    await form.locator('input[name="password"]').fill(password);
    await form.locator('button[type="submit"]').click();
    await page.waitForFunction(
      () => sessionStorage.getItem('probe:driverCard') !== null,
      undefined,
      { timeout: TIMEOUT_MS, polling: 100 },
    );
    const [tap, cards] = await page.evaluate(() => [
      Number(sessionStorage.getItem('probe:submitTap')),
      Number(sessionStorage.getItem('probe:driverCard')),
    ]);
    // The trace (one document: the sign-in moves to /driver without loading a page): when the
    // sign-in's answer had arrived, so the wait splits into the server's part and the device's.
    const answerEnd = await page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .find((entry) => new URL(entry.name).pathname === '/api/auth/login')?.responseEnd ?? null,
    );
    const trace = await page.evaluate(() => window.__probe);
    const answered =
      answerEnd === null || trace.submitTap === undefined || trace.driverCard === undefined
        ? {}
        : {
            tapToAnswer: answerEnd - trace.submitTap,
            answerToCards: trace.driverCard - answerEnd,
          };
    return { formUsable, signInToCards: cards - tap, ...answered };
  } finally {
    await context.close();
  }
}
