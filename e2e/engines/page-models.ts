/**
 * The page models of e2e/page-models, for the engines driven through browsers.ts: the same
 * screens, labels, roles and test ids, and the same steps (open, fill, submit, sign in, approve,
 * move a job), so a journey reads alike in Chromium, WebKit and Firefox. Where the Playwright
 * models take a Locator these take a Query; the waits are Playwright's `expect.poll`.
 */
import { expect } from '@playwright/test';
import { MESSAGES } from '@pilbara/shared-schema';
import { dayLabel, type BookingValues } from '../page-models/public-forms';
import { DEFAULT_WAIT_MS, type EnginePage, type Query } from './browsers';

/** A first visit loads the page's lazy chunk; on a busy CI machine that can take a while. */
export const PAGE_LOAD_TIMEOUT = 30_000;

/** Each public route and its page heading (as in first-html.spec.ts). */
export const PUBLIC_PAGES: ReadonlyArray<readonly [path: string, heading: string]> = [
  ['/', 'Professional Towing & 4x4 Recovery'],
  ['/services', 'Professional Automotive Services'],
  ['/gallery', 'Our Work Gallery'],
  ['/about', 'Meet Sam Taylor & Alex Morgan'],
  ['/contact', 'Contact Us'],
  ['/service-areas', 'Service Areas'],
  ['/pricing', 'Pricing Guide'],
  ['/customer-portal', 'Track Your Job'],
  ['/booking', 'Book a Service'],
  ['/book-service', 'Book a Service'],
  ['/service-history', 'Service History'],
  ['/feedback', 'Customer Feedback'],
  ['/dashboard', 'Access Your Dashboard'],
  ['/auth', 'Login'],
  ['/login', 'Login'],
  ['/register', 'Create an Account'],
  ['/checkout', 'Complete Payment'],
  // Opened without a payment's parameters, the page says the link is not valid.
  ['/checkout/success', MESSAGES.INVALID_PAYMENT_LINK_TITLE],
];

export function heading(name: string, level = 1): Query {
  return { role: 'heading', name, level };
}

/** Waits until at least one element matches (rendered). */
export async function waitVisible(
  page: EnginePage,
  query: Query,
  timeout = DEFAULT_WAIT_MS,
  message?: string,
): Promise<void> {
  await expect
    .poll(() => page.count(query), { timeout, message: message ?? JSON.stringify(query) })
    .toBeGreaterThan(0);
}

/** Waits until nothing matches. */
export async function waitGone(page: EnginePage, query: Query, timeout = DEFAULT_WAIT_MS) {
  await expect
    .poll(() => page.count(query), { timeout, message: `gone: ${JSON.stringify(query)}` })
    .toBe(0);
}

/** Whether the page is wider than the screen (a sideways scroll on a phone). */
export function sidewaysOverflow(page: EnginePage): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * Waits until the service worker has precached the app and controls the page (as
 * app-shell.ts's waitForOfflineReady): a page whose load began before the worker activated is
 * reloaded, as a visitor's next visit would be.
 *
 * Asked in short polls, never one long script: on a busy machine the worker may be registered and
 * precache for longer than WebDriver's script timeout (30 s).
 *
 * The worker counts as ready once it fills the registration's active slot, whatever its `state`
 * says: WebKitGTK left `registration.active.state` at "installing" for minutes after the worker
 * had precached everything and taken the active slot (its statechange event never came either,
 * so waiting for "activated" hung the journey). Control of the page is what offline use needs,
 * and that is checked next.
 */
export async function waitForOfflineReady(page: EnginePage): Promise<void> {
  const workerState = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        active: Boolean(registration?.active),
        controlled: navigator.serviceWorker.controller !== null,
      };
    });
  try {
    await expect
      .poll(async () => (await workerState()).active, {
        message: 'the service worker has precached the app and taken the active slot',
        timeout: 90_000,
      })
      .toBe(true);
  } catch (error) {
    // Say where the worker stood: still installing (slow), or gone (its install failed).
    const slots = await page
      .evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        if (!registration) return 'no registration';
        return (['installing', 'waiting', 'active'] as const)
          .map((slot) => `${slot}: ${registration[slot]?.state ?? 'empty'}`)
          .join(', ');
      })
      .catch((reason: unknown) => `unknown (${String(reason)})`);
    throw new Error(`${(error as Error).message}\nWorker slots: ${slots}`, { cause: error });
  }
  if (!(await workerState()).controlled) await page.reload();
  await expect
    .poll(async () => (await workerState()).controlled, {
      message: 'the service worker controls the page',
      timeout: 30_000,
    })
    .toBe(true);
}

/** The 15th of next month in Perth, by the page's clock: every slot is open on it. */
async function nextMonthFifteenth(page: EnginePage): Promise<string> {
  // formatToParts, as the app's own Perth clock does: the pattern format() gives differs per
  // engine's locale data (WebKitGTK has no en-CA pattern and answers 11/27/2026).
  const today = await page.evaluate(() => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Australia/Perth',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      })
        .formatToParts(new Date())
        .map((part) => [part.type, part.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day}`;
  });
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return `${next.year}-${String(next.month).padStart(2, '0')}-15`;
}

/** Picks an option of a Mantine Select (a look-alike button until first used) by its label. */
async function chooseOption(page: EnginePage, label: string, option: string) {
  const real: Query = { role: 'combobox', name: label };
  await page.click((await page.count(real)) > 0 ? real : { role: 'button', name: label });
  const listbox: Query = { role: 'listbox' };
  try {
    await waitVisible(page, listbox, 5_000);
  } catch {
    // The look-alike swapped itself for the real select without opening it: open that.
    await page.click(real);
    await waitVisible(page, listbox);
  }
  await page.click({ role: 'option', name: option, exact: true });
  await waitGone(page, listbox);
}

export class BookingForm {
  constructor(readonly page: EnginePage) {}

  static readonly form: Query = { role: 'form', name: 'Book a Service' };

  field(label: string): Query {
    return { label, within: BookingForm.form };
  }

  async open(path: '/booking' | '/book-service'): Promise<void> {
    await this.page.goto(path);
    await waitVisible(this.page, heading('Book a Service'), PAGE_LOAD_TIMEOUT);
  }

  async fill(values: BookingValues): Promise<string> {
    const { page } = this;
    await page.fill(this.field('Full Name'), values.name);
    await page.fill(this.field('Phone Number'), values.phone);
    await page.fill(this.field('Email Address'), values.email);
    await chooseOption(page, 'Service Required', values.service);
    await page.fill(this.field('Location'), values.location);
    const iso = await nextMonthFifteenth(page);
    await page.click({ role: 'button', name: 'Preferred Date', within: BookingForm.form });
    const calendar: Query = { role: 'dialog', name: 'Preferred date' };
    await page.click({ role: 'button', name: 'Next month', within: calendar });
    await page.click({ role: 'button', name: dayLabel(iso), exact: true, within: calendar });
    await waitGone(page, calendar);
    await chooseOption(page, 'Preferred Time', values.time);
    await page.fill(this.field('Describe what you need'), values.description);
    return iso;
  }

  async submit(): Promise<void> {
    await this.page.click({ role: 'button', name: 'Submit Booking', within: BookingForm.form });
  }
}

/** Signs in through the Login form of /auth and waits for where a sign-in lands. */
export async function signIn(
  page: EnginePage,
  credentials: { username: string; password: string },
  landsOn: '/' | '/admin' | '/driver',
): Promise<void> {
  await page.goto('/auth');
  const form: Query = { role: 'form', name: 'Login' };
  await waitVisible(page, form, PAGE_LOAD_TIMEOUT);
  await page.fill({ label: 'Username', within: form }, credentials.username);
  // A password field has no ARIA role (Playwright calls it a textbox; Testing Library does not).
  await page.fill({ css: 'input[type="password"]', within: form }, credentials.password);
  await page.click({ role: 'button', name: 'Login', within: form });
  await expect
    .poll(() => page.path(), { timeout: PAGE_LOAD_TIMEOUT, message: `lands on ${landsOn}` })
    .toBe(landsOn);
}

/** The sync chip of the staff screens. */
export const syncChip = {
  state: { testId: 'sync-status' } as Query,
  label: { testId: 'sync-status-label' } as Query,
};

/** Waits until the staff app is online with nothing waiting ("Synced"). */
export async function waitSynced(page: EnginePage, timeout = 30_000): Promise<void> {
  await expect
    .poll(() => page.text(syncChip.label, 1_000).catch(() => ''), {
      timeout,
      message: 'the sync chip says Synced',
    })
    .toBe('Synced');
}

export type AdminTab =
  'Pending Bookings' | 'Job Management' | 'Quotes & Billing' | 'Contact Messages';

export class AdminPanel {
  constructor(public page: EnginePage) {}

  async open(): Promise<void> {
    await this.page.goto('/admin');
    await this.waitShown();
  }

  async waitShown(): Promise<void> {
    await waitVisible(this.page, heading('Admin Panel'), PAGE_LOAD_TIMEOUT);
  }

  async tab(name: AdminTab): Promise<void> {
    await this.page.click({ role: 'tab', name });
    await expect
      .poll(() => this.page.attribute({ role: 'tab', name }, 'aria-selected'))
      .toBe('true');
  }

  bookingCard(customerName: string): Query {
    return { testId: 'booking-card', hasText: customerName };
  }

  jobCard(jobId: string): Query {
    return { testId: 'job-card', attrs: { 'data-job-id': jobId } };
  }

  markEnRoute(jobId: string): Query {
    return { role: 'button', name: 'Mark En Route', within: this.jobCard(jobId) };
  }
}

export class DriverScreen {
  constructor(public page: EnginePage) {}

  job(jobId: string): Query {
    return { testId: 'driver-job', attrs: { 'data-job-id': jobId } };
  }

  step(jobId: string, label: 'On my way' | 'Arrived / Start' | 'Complete'): Query {
    return { role: 'button', name: label, exact: true, within: this.job(jobId) };
  }
}
