/**
 * Screenshots of states, not only pages, compared with committed baselines at 390 px
 * (a phone) and 1280 px: the date picker open, every select open, the mobile menu open with a
 * customer signed in, the gallery dialog, the install card over a form, the booking
 * confirmation, the offline banners. A changed picture fails until the baseline is updated on
 * purpose (`npx playwright test tests/visual-states.spec.ts --update-snapshots`) and looked at.
 *
 * Deterministic by construction: the date is fixed (calendars, footer year, open time slots)
 * except on the booking confirmation, which the server must accept (its date is masked),
 * animations and the caret are off, the install card is dismissed except where it is the subject,
 * values that differ per run (booking numbers, device references) are masked, and only the
 * system fonts of this machine are used (the site loads no web font).
 */
import type { Page } from '@playwright/test';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { waitForOfflineReady } from '../page-models/app-shell';
import {
  BookingPage,
  ContactPage,
  PAGE_LOAD_TIMEOUT,
  selectField,
  TOW_TO_WORKSHOP,
} from '../page-models/public-forms';
import { expectLooksAsBefore } from '../page-models/screens';
import { uniqueCustomer } from '../page-models/test-data';
import { PortalPage } from '../page-models/tracking';

/** 10:00 in Perth on Tuesday 24 November 2026. */
const FROZEN_NOW = new Date('2026-11-24T02:00:00.000Z');
const WIDTHS = [390, 1280] as const;

async function settle(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
  // Two frames for layout after the resize.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Fixes Date and Date.now() for pages that show dates; timers keep running. */
async function fixDate(page: Page): Promise<void> {
  await page.clock.setFixedTime(FROZEN_NOW);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('keepInstallCard'))
      localStorage.setItem('installCardDismissed', '1');
  });
});

test.describe('visual states', () => {
  // One test per width: each page load and screenshot takes seconds with every core busy, and
  // a test that walked both widths could run out of one 60 s budget on a shared machine.
  for (const width of WIDTHS) {
    test(`booking: the date picker open, past days disabled, ${width} px`, async ({ page }) => {
      await fixDate(page);
      const booking = new BookingPage(page);
      await booking.open('/booking');
      await settle(page, width);
      const calendar = await booking.openDatePicker();
      // Days before today (Tuesday 24 November) cannot be picked; today can.
      await expect(calendar.getByRole('button', { name: '23 November 2026' })).toBeDisabled();
      await expect(calendar.getByRole('button', { name: '24 November 2026' })).toBeEnabled();
      await expectLooksAsBefore(page, `booking-date-picker-${width}`);
    });
  }

  for (const width of WIDTHS) {
    test(`every select open: booking service, urgency and time; contact service, ${width} px`, async ({
      page,
    }) => {
      // Four page loads and four screenshots: more than 60 s with every core busy.
      test.slow();
      const booking = new BookingPage(page);
      await fixDate(page);
      const contact = new ContactPage(page);
      const selects = [
        {
          open: () => booking.open('/booking'),
          label: 'Service Required',
          name: 'booking-service',
        },
        { open: () => booking.open('/booking'), label: 'Urgency', name: 'booking-urgency' },
        { open: () => booking.open('/booking'), label: 'Preferred Time', name: 'booking-time' },
        { open: () => contact.open(), label: 'Service Needed', name: 'contact-service' },
      ];
      for (const select of selects) {
        await select.open();
        await settle(page, width);
        await selectField(page, select.label).scrollIntoViewIfNeeded();
        await selectField(page, select.label).click();
        await expect(page.getByRole('listbox')).toBeVisible();
        await expectLooksAsBefore(page, `select-${select.name}-${width}`);
        await page.keyboard.press('Escape');
      }
    });
  }

  for (const width of WIDTHS) {
    test(`the menu with a customer signed in (open on a phone), ${width} px`, async ({ page }) => {
      await fixDate(page);
      const who = uniqueCustomer('Menu');
      const username = `menu${who.phone.slice(-6)}`;
      const password = 'menu-password-123';
      await page.request.post('/api/auth/register', {
        data: {
          username,
          password,
          email: who.email,
          firstName: 'Morgan',
          lastName: who.lastName,
        },
      });
      const login = await page.request.post('/api/auth/login', { data: { username, password } });
      const { user } = (await login.json()) as { user: unknown };
      await page.addInitScript(
        (stored) => localStorage.setItem('auth_user', stored),
        JSON.stringify(user),
      );
      await page.goto('/');
      await settle(page, width);
      await expect(page.getByTestId('welcome-line').first()).toContainText('Welcome, Morgan', {
        timeout: PAGE_LOAD_TIMEOUT,
      });
      if (width === 390) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
        // The floating call button stays under the menu, never on top of its rows.
        const onTop = await page
          .getByRole('link', { name: /^Emergency call/ })
          .evaluate((button) => {
            const box = button.getBoundingClientRect();
            const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return Boolean(hit && button.contains(hit));
          });
        expect(onTop).toBe(false);
      }
      await expectLooksAsBefore(page, `menu-signed-in-${width}`);
    });

    test(`the gallery dialog, ${width} px`, async ({ page }) => {
      await page.goto('/gallery');
      await settle(page, width);
      await page.getByRole('button', { name: 'Enlarge: Winched out of bulldust' }).click();
      const dialog = page.getByRole('dialog', { name: 'Winched out of bulldust' });
      const picture = dialog.getByRole('img', { name: /^White 4x4 sunk in red bulldust/ });
      await expect(picture).toBeVisible();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await expectLooksAsBefore(page, `gallery-dialog-${width}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  }

  test('the install card over a form steps aside while a field is edited', async ({ page }) => {
    await fixDate(page);
    // Shown on the first load of this test, then left to the app (the dismissal must stick).
    await page.addInitScript(() => {
      if (sessionStorage.getItem('keepInstallCard')) return;
      sessionStorage.setItem('keepInstallCard', '1');
      localStorage.removeItem('installCardDismissed');
    });
    const booking = new BookingPage(page);
    for (const width of WIDTHS) {
      await booking.open('/booking');
      await settle(page, width);
      const card = page.getByRole('region', { name: 'Install the app' });
      await expect(card).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
      await booking.form.getByLabel('Location').scrollIntoViewIfNeeded();
      await expectLooksAsBefore(page, `install-card-over-form-${width}`);
      await booking.form.getByLabel('Location').focus();
      await expect(card).toBeHidden();
      await expect(page.getByRole('link', { name: /^Emergency call/ })).toBeHidden();
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await expect(card).toBeVisible();
    }
    // Dismissed once, it stays dismissed on later visits. The card reads its dismissal once, as
    // it is first drawn, and never shows after reading it: once the page has read it, the card
    // is gone for good.
    await page.getByRole('button', { name: 'Dismiss install card' }).click();
    await page.addInitScript(() => {
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (key: string) {
        const value = getItem.call(this, key);
        if (key === 'installCardDismissed')
          document.documentElement.dataset.dismissalRead = `${value}`;
        return value;
      };
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Service' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-dismissal-read', '1');
    await expect(page.getByRole('region', { name: 'Install the app' })).toHaveCount(0);
  });

  test.describe('with no signal', () => {
    // Offline, the page and its code come from the service worker.
    test.use(WITH_SERVICE_WORKER);

    for (const [index, width] of WIDTHS.entries()) {
      test(`the booking confirmation, sent and waiting for signal, ${width} px`, async ({
        page,
        context,
      }) => {
        // No fixed date here: the server checks the booking's date against its own clock (today
        // up to a year ahead), so a page frozen in the past would send a date the server refuses.
        // The one date on this screen is masked, so the picture does not depend on the clock.
        const booking = new BookingPage(page);
        await booking.open('/booking');
        await waitForOfflineReady(page);
        // A fixed name and email on the picture; a phone of its own so each booking is new.
        const { phone } = uniqueCustomer(`Shot${index}`);
        const jo = {
          name: 'Jo Citizen',
          phone,
          email: 'jo.citizen@example.com',
          ...TOW_TO_WORKSHOP,
        };
        await settle(page, width);
        await booking.fill(jo);
        await booking.submit();
        const confirmation = page.getByTestId('booking-confirmation');
        await expect(confirmation.getByTestId('booking-reference')).toBeVisible();
        // The server's answer carries the booking's tracking token: the link shows.
        await expect(confirmation.getByRole('link', { name: 'Track this booking' })).toBeVisible();
        // The day picked is the 15th of next month, written the Australian way ("15 Jan 2027,
        // 9:30 am"). Seen before the picture, so a change to how dates are written fails here,
        // by name, rather than leaving the date unmasked in a picture that changes each month.
        const when = confirmation.getByText(/ · 15 [A-Z][a-z]{2} 20\d\d, /);
        await expect(when).toBeVisible();
        await expectLooksAsBefore(page, `booking-confirmation-sent-${width}`, [
          confirmation.getByTestId('booking-reference'),
          when,
        ]);

        await confirmation.getByRole('button', { name: 'Book another service' }).click();
        await booking.fill(jo);
        await context.setOffline(true);
        await booking.submit();
        await expect(confirmation.getByTestId('device-reference')).toBeVisible();
        await expect(page.getByTestId('offline-banner')).toBeVisible();
        await expect(when).toBeVisible();
        await expectLooksAsBefore(page, `booking-confirmation-waiting-offline-${width}`, [
          confirmation.getByTestId('device-reference'),
          when,
        ]);
        await context.setOffline(false);
        await expect(confirmation.getByTestId('booking-reference')).toBeVisible({
          timeout: 30_000,
        });
      });
    }

    test('offline banners: a public page and the portal search', async ({ page, context }) => {
      await fixDate(page);
      await page.goto('/customer-portal');
      await expect(page.getByRole('heading', { level: 1, name: 'Track Your Job' })).toBeVisible({
        timeout: PAGE_LOAD_TIMEOUT,
      });
      await waitForOfflineReady(page);
      for (const width of WIDTHS) {
        await page.goto('/customer-portal');
        await settle(page, width);
        await context.setOffline(true);
        await expect(page.getByTestId('offline-banner')).toBeVisible();
        await new PortalPage(page).search('JOB-2026-12', '1234');
        await expect(page.getByTestId('portal-offline')).toBeVisible();
        await expectLooksAsBefore(page, `portal-offline-${width}`);
        await context.setOffline(false);
      }
    });
  });
});
