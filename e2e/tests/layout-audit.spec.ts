/**
 * The layout audit: nothing covers a control, nothing is cut, every tap target is 44 × 44 px,
 * on a 360 px and a 390 px phone and on a 1280 px desktop. Walks every route of the app (the public pages, the tracking
 * link, the 404 page) and every staff screen (each admin tab, the fleet, the driver's screen) in
 * their main states: as they open, offline, with the install card shown, with the menu open,
 * with a dialog open and with a toast shown, and audits each (page-models/layout-audit.ts).
 * Screenshots of the states are compared with committed baselines (e2e/visual, `layout-*`).
 *
 * Also: staff screens at 390 px show the first job within the first screen, and the offline
 * banner is one line.
 */
import fs from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { ADMIN, expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { AdminPanel, loginThroughUi, selectTab } from '../page-models/admin';
import { waitForOfflineReady } from '../page-models/app-shell';
import { DriverScreen, StaffTab } from '../page-models/driver';
import { auditLayout } from '../page-models/layout-audit';
import { PAGE_LOAD_TIMEOUT } from '../page-models/public-forms';
import { takeWaitingBookings } from '../page-models/staff-alerts';
import { createJob, loginAsAdmin, uniqueCustomer } from '../page-models/test-data';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

const WIDTHS = [360, 390] as const;

// A step that cannot happen fails in seconds, not at the end of the whole walk.
test.use({ actionTimeout: 20_000, navigationTimeout: 60_000 });
const HEIGHT: Record<(typeof WIDTHS)[number], number> = { 360: 740, 390: 844 };
/** 10:00 in Perth on Tuesday 24 November 2026 (public pages only: staff pages keep time). */
const FROZEN_NOW = new Date('2026-11-24T02:00:00.000Z');

/** Every tab of the admin panel, in order. */
const ADMIN_TABS = [
  'Pending Bookings',
  'Job Management',
  'Quotes & Billing',
  'Accounts',
  'Prices',
  'Contact Messages',
  'Staff',
  'On call',
] as const;
/** The owners' screens that are routes of their own. */
const STAFF_ROUTES = ['/admin/fleet', '/admin/compliance', '/admin/dispatch'] as const;

/** The app's pre-rendered routes, read from the route table so a new page cannot be missed. */
function publicRoutes(): string[] {
  const source = fs.readFileSync(new URL('../../web/src/app/routes.tsx', import.meta.url), 'utf8');
  const block = /PUBLIC_ROUTES = \[([\s\S]*?)\] as const/.exec(source)?.[1] ?? '';
  return [...block.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}

async function phone(context: BrowserContext, width: (typeof WIDTHS)[number]): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: HEIGHT[width] });
  return page;
}

async function newPhoneContext(
  browser: Browser,
  baseURL: string | undefined,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    isMobile: true,
    hasTouch: true,
    viewport: { width: 360, height: 740 },
  });
  // The install card is dismissed except where the test shows it.
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('keepInstallCard'))
      localStorage.setItem('installCardDismissed', '1');
  });
  return context;
}

async function opened(page: Page): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Collects what is wrong, with where it was seen; the test fails listing all of it at the end. */
class Findings {
  readonly all: string[] = [];
  async audit(page: Page, where: string, options?: { scroll?: boolean }): Promise<void> {
    for (const problem of await auditLayout(page, options)) {
      this.all.push(`${where}: ${problem}`);
      if (process.env.LAYOUT_AUDIT_LOG) console.log(`${where}: ${problem}`);
    }
  }
}

async function shot(page: Page, name: string, mask: Locator[] = []): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page).toHaveScreenshot(`layout-${name}.png`, {
    animations: 'disabled',
    caret: 'hide',
    maxDiffPixelRatio: 0.01,
    mask,
    timeout: 20_000,
  });
}

async function openMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  // The drawer slides in; audit it where it rests.
  await expect
    .poll(() => menu.evaluate((el) => Math.round(el.getBoundingClientRect().right)))
    .toBe(page.viewportSize()?.width ?? 0);
  return menu;
}

async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
}

/** The offline banner is one line of text: wrapped, it hides much of a phone's screen. */
async function expectOneLineBanner(page: Page): Promise<void> {
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toBeVisible();
  const lines = await banner.locator('p').evaluate((p) => {
    const style = getComputedStyle(p);
    return Math.round(p.getBoundingClientRect().height / parseFloat(style.lineHeight));
  });
  expect(lines, 'the offline banner takes one line').toBe(1);
}

// Each width of the public walk, and the office's and the driver's part of the staff walk, is a
// test of its own, so the two workers share the walk instead of one walking it all.
for (const width of WIDTHS)
  test(`every public route at ${width} px: as opened, offline, install card, menu, dialog, toast`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(600_000);
    const findings = new Findings();
    await loginAsAdmin(request);
    const customer = uniqueCustomer('Layout');
    const job = await createJob(request, {
      customerName: customer.name,
      phone: customer.phone,
      service: 'Emergency Towing',
      location: 'GPS -20.77810, 117.14560 (in Roebourne)',
      estimatedArrival: 'Within 4-6 hours',
    });
    const routes = [
      ...publicRoutes(),
      `/customer-portal?token=${job.trackingToken}`,
      '/no-such-page',
    ];
    expect(routes).toContain('/booking');

    const context = await newPhoneContext(browser, baseURL);
    try {
      {
        const page = await phone(context, width);
        await page.clock.setFixedTime(FROZEN_NOW);
        await page.goto('/');
        await opened(page);
        await waitForOfflineReady(page);
        for (const route of routes) {
          await page.goto(route);
          await opened(page);
          await findings.audit(page, `${route} ${width}`);
          await context.setOffline(true);
          await expectOneLineBanner(page);
          await findings.audit(page, `${route} ${width} offline`, { scroll: false });
          await context.setOffline(false);
          await expect(page.getByTestId('offline-banner')).toHaveCount(0);
        }

        // The menu open, over the home page; then the home page's states on screen.
        await page.goto('/');
        await opened(page);
        await shot(page, `home-${width}`);
        await openMenu(page);
        await findings.audit(page, `/ ${width} menu open`);
        await shot(page, `menu-open-${width}`);
        await closeMenu(page);

        // A dialog: the gallery's photo viewer.
        await page.goto('/gallery');
        await opened(page);
        await page
          .getByRole('button', { name: /^Enlarge: / })
          .first()
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await findings.audit(page, `/gallery ${width} dialog open`);
        await shot(page, `gallery-dialog-${width}`);
        await page.keyboard.press('Escape');

        // A toast: the tracking page's Copy job ID.
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.goto(`/customer-portal?token=${job.trackingToken}`);
        await opened(page);
        await expect(page.getByTestId('job-details')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
        const copy = page.getByRole('button', { name: 'Copy job ID' });
        const copyBox = await copy.boundingBox();
        expect(copyBox?.height ?? 0).toBeGreaterThanOrEqual(44);
        await copy.click();
        const toast = page.locator('.mantine-Notification-root');
        await expect(toast).toBeVisible();
        await findings.audit(page, `/customer-portal ${width} toast shown`, { scroll: false });
        // The job's number grows with the jobs before it in this run (JOB-2026-9, JOB-2026-10):
        // its box and the toast's line get one size whatever its length, before the masks are
        // measured, so the picture compares.
        await page.addStyleTag({
          content: `[data-testid="job-id"] { display: inline-block; width: 8em; overflow: hidden; white-space: nowrap; vertical-align: bottom; }
          .mantine-Notification-description { white-space: nowrap; overflow: hidden; }`,
        });
        await shot(page, `tracking-toast-${width}`, [page.getByTestId('job-id'), toast]);
        await page.locator('.mantine-Notification-root button').click();
        await expect(toast).toHaveCount(0);
        await page.close();
      }

      // The install card shown, on every route: it sits in the dock and covers nothing.
      {
        const page = await phone(context, width);
        await page.clock.setFixedTime(FROZEN_NOW);
        await page.addInitScript(() => {
          sessionStorage.setItem('keepInstallCard', '1');
          localStorage.removeItem('installCardDismissed');
        });
        for (const route of routes) {
          await page.goto(route);
          await opened(page);
          await expect(page.getByRole('region', { name: 'Install the app' })).toBeVisible();
          await findings.audit(page, `${route} ${width} install card`);
        }
        await page.goto('/booking');
        await opened(page);
        await expect(page.getByRole('region', { name: 'Install the app' })).toBeVisible();
        await shot(page, `booking-install-card-${width}`);
        await page.close();
      }
    } finally {
      await context.close();
    }
    // The findings head the failure's first line, so a run's summary says what was wrong.
    expect(findings.all, findings.all.join(' | ')).toEqual([]);
  });

test('a signed-in customer at 390 px: every public route, their dashboard, the menu', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000);
  const findings = new Findings();
  const who = uniqueCustomer('Signed');
  const username = `cust${who.phone.slice(-7)}`;
  const password = 'customer-password-1';
  const registered = await request.post('/api/auth/register', {
    data: { username, password, email: who.email, firstName: 'Casey' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const context = await newPhoneContext(browser, baseURL);
  try {
    const page = await phone(context, 390);
    await loginThroughUi(page, { username, password, role: 'customer' });
    await expect(page.getByTestId('welcome-line').first()).toContainText('Casey');
    for (const route of publicRoutes()) {
      await page.goto(route);
      await opened(page);
      await findings.audit(page, `${route} 390 signed in`);
    }
    await page.goto('/');
    await opened(page);
    const menu = await openMenu(page);
    await expect(menu.getByRole('button', { name: /Logout/ })).toBeVisible();
    await findings.audit(page, '/ 390 signed in, menu open');
    await closeMenu(page);
  } finally {
    await context.close();
  }
  expect(findings.all, findings.all.join(' | ')).toEqual([]);
});

test('every public route, admin tab and staff screen at 1280 px: as opened, dialog, toast, offline', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(600_000);
  const findings = new Findings();
  await staffScreensData(request);
  await loginAsAdmin(request);
  await takeWaitingBookings(request);
  const customer = uniqueCustomer('Desk');
  const job = await createJob(request, {
    customerName: customer.name,
    phone: customer.phone,
    service: 'Emergency Towing',
    location: 'GPS -20.77810, 117.14560 (in Roebourne)',
  });
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
  try {
    const page = await context.newPage();
    await page.goto('/');
    await opened(page);
    await waitForOfflineReady(page);
    for (const route of [
      ...publicRoutes(),
      `/customer-portal?token=${job.trackingToken}`,
      '/no-such-page',
    ]) {
      await page.goto(route);
      await opened(page);
      await findings.audit(page, `${route} 1280`);
    }
    // A dialog: the gallery's photo viewer.
    await page.goto('/gallery');
    await opened(page);
    await page
      .getByRole('button', { name: /^Enlarge: / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await findings.audit(page, '/gallery 1280 dialog open');
    await page.keyboard.press('Escape');

    // The owners' screens.
    await loginThroughUi(page, ADMIN);
    const admin = new AdminPanel(page);
    await admin.open();
    await admin.waitOnline();
    for (const tab of ADMIN_TABS) {
      await selectTab(page, tab);
      await findings.audit(page, `/admin ${tab} 1280`);
    }
    await selectTab(page, 'Job Management');
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await findings.audit(page, '/admin Job Management 1280 offline');
    const firstCard = page.getByTestId('job-card').first();
    await firstCard.getByRole('button', { name: 'Complete Job' }).click();
    const confirm = page.getByRole('dialog', { name: /^Complete JOB-/ });
    await expect(confirm).toBeVisible();
    await findings.audit(page, '/admin complete dialog 1280');
    await confirm.getByRole('button', { name: 'Not yet' }).click();
    await context.setOffline(false);
    await admin.waitOnline();
    await firstCard
      .locator('button:enabled', { hasText: /^(Mark En Route|Start Service)$/ })
      .first()
      .click();
    await expect(page.locator('.mantine-Notification-root')).toBeVisible();
    await findings.audit(page, '/admin toast 1280', { scroll: false });
    for (const route of STAFF_ROUTES) {
      await page.goto(route);
      await opened(page);
      await findings.audit(page, `${route} 1280`);
    }
  } finally {
    await context.close();
  }
  expect(findings.all, findings.all.join(' | ')).toEqual([]);
});

/**
 * What the staff screens show: a driver with two jobs of their own, a job no driver has (the
 * newest, which the office's steps are taken on) and a booking waiting. Answers the driver.
 */
async function staffScreensData(request: APIRequestContext) {
  await loginAsAdmin(request);
  const stamp = uniqueCustomer('Staff');
  const driver = {
    firstName: 'Lee',
    lastName: stamp.lastName.replace(/^./, (c) => c.toUpperCase()),
    username: `lee${stamp.phone.slice(-5)}`,
    password: 'lee-driver-pass-1',
  };
  const added = await request.post('/api/staff', { data: { ...driver, role: 'driver' } });
  expect(added.status(), await added.text()).toBe(201);
  for (const n of [1, 2]) {
    const customer = uniqueCustomer(`Second${n}`);
    await createJob(request, {
      customerName: customer.name,
      phone: '0417 382 911',
      service: n === 1 ? 'Emergency Towing' : '4x4 Recovery',
      location: 'Karratha Industrial Estate, Lot 12 Coolawanyah Road',
      assignedTo: `${driver.firstName} ${driver.lastName}`,
    });
  }
  // The office's own steps (a toast, Complete asked) are taken on a job no driver has, the
  // newest, so the driver's two jobs stay at their first step for the driver's part.
  // A short name: the random letters of a long one wrap "name · service" to two lines on some
  // runs and not others, which moved the card under the masks of the compared screenshot.
  await createJob(request, {
    customerName: uniqueCustomer('Jo').name,
    phone: '0400 765 432',
    service: 'Jump Start Service',
    location: 'Karratha',
  });
  const booked = await request.post('/api/bookings', {
    data: {
      customerName: 'Robin Layout',
      phone: '0400 123 456',
      email: 'robin@example.com',
      service: 'Local Towing',
      location: 'Dampier Road, Karratha',
      preferredDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      preferredTime: '09:30 AM',
      urgency: 'scheduled',
      description: 'Car will not start, needs a tow to the workshop.',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return driver;
}

test('every admin screen at 360 and 390 px: each tab, the fleet; offline, menu, dialogs, toast, conflict', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(600_000);
  const findings = new Findings();
  await staffScreensData(request);
  // A new booking rings the staff alarm, whose banner puts that booking and its "I've got it" on
  // the first screen above everything else. This audit is of the panel's own layout, so the
  // owners have taken the waiting bookings first and nothing rings.
  await loginAsAdmin(request);
  await takeWaitingBookings(request);
  const office = await newPhoneContext(browser, baseURL);
  try {
    // ---- The admin panel, every tab, and the fleet ------------------------------------------
    const adminPage = await office.newPage();
    await loginThroughUi(adminPage, ADMIN);
    const admin = new AdminPanel(adminPage);
    await admin.open();
    await waitForOfflineReady(adminPage);
    await admin.waitOnline();
    const tabs = ADMIN_TABS;
    for (const width of WIDTHS) {
      await adminPage.setViewportSize({ width, height: HEIGHT[width] });
      await adminPage.goto('/admin');
      await opened(adminPage);
      await admin.waitOnline();
      // The first booking is on the first screen (nothing above it may push it out of sight).
      const firstBooking = adminPage.getByTestId('booking-card').first();
      await expect(firstBooking).toBeVisible();
      expect((await firstBooking.boundingBox())?.y ?? 1e6).toBeLessThan(HEIGHT[width] - 60);
      for (const tab of tabs) {
        await selectTab(adminPage, tab);
        if (tab === 'Job Management') {
          const firstJob = adminPage.getByTestId('job-card').first();
          await expect(firstJob).toBeVisible();
          await adminPage.evaluate(() => window.scrollTo(0, 0));
          expect(
            (await firstJob.boundingBox())?.y ?? 1e6,
            `the first job at ${width} px is on the first screen`,
          ).toBeLessThan(HEIGHT[width] - 60);
          await shot(adminPage, `admin-jobs-${width}`, [
            adminPage.getByTestId('job-card').locator('h3, p'),
            adminPage.getByTestId('figures-toggle'),
          ]);
        }
        if (tab === 'Staff')
          await expect(adminPage.getByRole('heading', { name: 'Staff accounts' })).toBeVisible();
        await findings.audit(adminPage, `/admin ${tab} ${width}`);
      }
      // Offline: one line of banner, the jobs still first.
      await selectTab(adminPage, 'Job Management');
      await office.setOffline(true);
      await expectOneLineBanner(adminPage);
      await findings.audit(adminPage, `/admin Job Management ${width} offline`);
      // A dialog: Complete asks first.
      await adminPage.evaluate(() => window.scrollTo(0, 0));
      const firstCard = adminPage.getByTestId('job-card').first();
      await firstCard.getByRole('button', { name: 'Complete Job' }).click();
      const confirm = adminPage.getByRole('dialog', { name: /^Complete JOB-/ });
      await expect(confirm).toBeVisible();
      await findings.audit(adminPage, `/admin complete dialog ${width}`);
      await shot(adminPage, `complete-dialog-${width}`, [
        confirm.locator('.mantine-Modal-title'),
        adminPage.getByTestId('job-card').locator('h3, p'),
      ]);
      await confirm.getByRole('button', { name: 'Not yet' }).click();
      await office.setOffline(false);
      await admin.waitOnline();

      // A toast: a step taken.
      // (At the second width the job is already on its way: its next step.)
      await firstCard
        .locator('button:enabled', { hasText: /^(Mark En Route|Start Service)$/ })
        .first()
        .click();
      await expect(adminPage.locator('.mantine-Notification-root')).toBeVisible();
      await findings.audit(adminPage, `/admin toast ${width}`, { scroll: false });

      // The menu open on a staff screen.
      await openMenu(adminPage);
      await findings.audit(adminPage, `/admin ${width} menu open`);
      await closeMenu(adminPage);

      // The conflict panel: Mine / Theirs whole, on a phone.
      await adminPage.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open('pilbara');
            open.onsuccess = () => {
              const db = open.result;
              const tx = db.transaction('syncIssues', 'readwrite');
              tx.objectStore('syncIssues').put({
                id: 'layout-conflict',
                seq: 999_999,
                mutationId: 'layout-conflict',
                name: 'quote.save',
                args: {},
                code: 'conflict',
                message: 'Someone else changed this quote while you were offline.',
                createdAt: new Date().toISOString(),
                rejectedAt: new Date().toISOString(),
                conflict: {
                  entity: 'quotes',
                  id: 'Q-2026-77',
                  parts: [
                    {
                      path: 'notes',
                      mine: 'Gate code 4411, ring the site office on arrival',
                      theirs: 'Call before arriving',
                    },
                    { path: 'discountPercent', mine: 5, theirs: 10 },
                  ],
                },
              });
              tx.oncomplete = () => {
                db.close();
                resolve();
              };
              tx.onerror = () => reject(tx.error);
            };
            open.onerror = () => reject(open.error);
          }),
      );
      // Written past the local database's library, so the page reads it again.
      await adminPage.reload();
      await opened(adminPage);
      const conflict = adminPage.getByTestId('sync-conflict');
      await expect(conflict).toBeVisible({ timeout: 15_000 });
      await conflict.scrollIntoViewIfNeeded();
      for (const choice of ['Mine', 'Theirs'])
        await expect(conflict.getByText(choice, { exact: true }).first()).toBeVisible();
      await findings.audit(adminPage, `/admin conflict ${width}`);
      await shot(adminPage, `conflict-${width}`);
      // The conflict was made up for the picture: take it away again (its quote does not exist).
      await adminPage.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open('pilbara');
            open.onsuccess = () => {
              const db = open.result;
              const tx = db.transaction('syncIssues', 'readwrite');
              tx.objectStore('syncIssues').delete('layout-conflict');
              tx.oncomplete = () => {
                db.close();
                resolve();
              };
              tx.onerror = () => reject(tx.error);
            };
            open.onerror = () => reject(open.error);
          }),
      );

      // The staff screens beside the panel: the fleet, WA's towing records, dispatch.
      for (const route of STAFF_ROUTES) {
        await adminPage.goto(route);
        await opened(adminPage);
        await findings.audit(adminPage, `${route} ${width}`);
      }
    }
    // Staff tab's own dialog: Add staff.
    await adminPage.goto('/admin');
    await opened(adminPage);
    await new StaffTab(adminPage).open();
    await adminPage.getByRole('button', { name: 'Add staff' }).click();
    await expect(adminPage.getByRole('form', { name: 'Add staff' })).toBeVisible();
    await findings.audit(adminPage, '/admin add staff dialog 390');
    await adminPage.keyboard.press('Escape');
  } finally {
    await office.close();
  }
  // The findings head the failure's first line, so a run's summary says what was wrong.
  expect(findings.all, findings.all.join(' | ')).toEqual([]);
});

test("the driver's screen at 360 and 390 px: the jobs, the field record; offline, toast, menu, sign-out", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(600_000);
  const findings = new Findings();
  const driver = await staffScreensData(request);
  const cab = await newPhoneContext(browser, baseURL);
  try {
    // ---- The driver's screen -----------------------------------------------------------------
    const driverPage = await cab.newPage();
    await driverPage.setViewportSize({ width: 360, height: 740 });
    const screen = new DriverScreen(driverPage);
    await screen.signIn(driver);
    await waitForOfflineReady(driverPage);
    await screen.waitSynced();
    for (const width of WIDTHS) {
      await driverPage.setViewportSize({ width, height: HEIGHT[width] });
      await driverPage.goto('/driver');
      await opened(driverPage);
      await screen.waitSynced();
      const cards = driverPage.getByTestId('driver-job');
      await expect(cards).toHaveCount(2);
      expect((await cards.first().boundingBox())?.y ?? 1e6).toBeLessThan(HEIGHT[width] - 60);
      // The second job's Map button is not under the emergency call: a tap on it reaches the map.
      await cards
        .nth(1)
        .getByRole('link', { name: /^Open in maps/ })
        .scrollIntoViewIfNeeded();
      await findings.audit(driverPage, `/driver ${width}`);
      await shot(driverPage, `driver-${width}`, [
        cards.locator('p'),
        driverPage.getByTestId('sync-status-label'),
      ]);
      // The field record open.
      await cards
        .first()
        .getByRole('button', { name: /^Photos & signatures/ })
        .click();
      await expect(cards.first().getByTestId('field-record')).toBeVisible();
      await findings.audit(driverPage, `/driver ${width} field record open`);
      await cards
        .first()
        .getByRole('button', { name: /^Photos & signatures/ })
        .click();

      // Offline, a step taken (a toast), then Logout asks about the change waiting.
      await cab.setOffline(true);
      await expectOneLineBanner(driverPage);
      await driverPage.evaluate(() => window.scrollTo(0, 0));
      await cards
        .first()
        .getByRole('button', { name: /^(On my way|Arrived \/ Start)$/ })
        .click();
      await expect(driverPage.locator('.mantine-Notification-root')).toBeVisible();
      await findings.audit(driverPage, `/driver ${width} offline toast`, { scroll: false });
      await shot(driverPage, `driver-offline-toast-${width}`, [
        cards.locator('p'),
        driverPage.locator('.mantine-Notification-root'),
        driverPage.getByTestId('sync-status-label'),
      ]);
      await driverPage.locator('.mantine-Notification-root button').click();
      await findings.audit(driverPage, `/driver ${width} offline`);
      const menu = await openMenu(driverPage);
      await findings.audit(driverPage, `/driver ${width} menu open`);
      await menu.getByRole('button', { name: 'Logout' }).click();
      const signOut = driverPage.getByRole('dialog', { name: 'Changes still waiting' });
      await expect(signOut).toBeVisible();
      await findings.audit(driverPage, `/driver ${width} sign-out dialog`);
      await shot(driverPage, `sign-out-dialog-${width}`);
      await signOut.getByRole('button', { name: 'Stay signed in' }).click();
      await cab.setOffline(false);
      await screen.waitSynced();
    }
  } finally {
    await cab.close();
  }
  // The findings head the failure's first line, so a run's summary says what was wrong.
  expect(findings.all, findings.all.join(' | ')).toEqual([]);
});
