/** Page models of the public forms: contact, booking (both variants) and feedback. */
import { expect, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '@pilbara/shared-schema';
import { uniqueCustomer } from './test-data';

/** A first visit loads the page's lazy chunk; on a busy CI machine that can take a while. */
export const PAGE_LOAD_TIMEOUT = 30_000;

/**
 * The field of a select by its label: on the public forms, until first used, a look-alike button
 * that loads and opens the real Mantine Select (web/src/components/lazy-select-field.tsx).
 */
export function selectField(scope: Page | Locator, label: string | RegExp): Locator {
  return scope
    .getByRole('combobox', { name: label })
    .or(scope.getByRole('button', { name: label }))
    .first();
}

/** Picks an option of a Mantine Select by its label. */
export async function chooseOption(
  page: Page,
  label: string | RegExp,
  option: string | RegExp,
): Promise<void> {
  const field = selectField(page, label);
  // The look-alike opens the real select itself; the real one opens on click.
  const listbox = page.getByRole('listbox');
  await field.click();
  if (!(await listbox.isVisible())) {
    await expect(page.getByRole('combobox', { name: label })).toBeVisible();
    if (!(await listbox.isVisible())) await page.getByRole('combobox', { name: label }).click();
  }
  await page
    .getByRole(
      'option',
      typeof option === 'string' ? { name: option, exact: true } : { name: option },
    )
    .click();
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The calendar's name of a YYYY-MM-DD day button: '15 December 2026'. */
export function dayLabel(iso: string): string {
  return `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
}

/**
 * The 15th of the month after `now` in Perth: a date every time slot is open on. `now` is the
 * page's clock, which the calendar shows (a test may fix it), not the test runner's.
 */
function nextMonthFifteenth(now: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Perth',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(now));
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return `${next.year}-${String(next.month).padStart(2, '0')}-15`;
}

/**
 * How many submissions the page's outbox (the browser database's `publicOutbox` table) holds:
 * zero once every one was delivered, and then a later load has nothing to send again.
 */
export function publicOutboxSize(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('pilbara');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('publicOutbox')) {
            db.close();
            resolve(0);
            return;
          }
          const counting = db.transaction('publicOutbox').objectStore('publicOutbox').count();
          counting.onerror = () => reject(counting.error);
          counting.onsuccess = () => {
            db.close();
            resolve(counting.result);
          };
        };
      }),
  );
}

export class ContactPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/contact');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Send us a Message' });
  }

  async fill(values: {
    firstName: string;
    lastName: string;
    phone: string;
    email: string;
    service: string;
    message: string;
  }) {
    await this.form.getByLabel('First Name').fill(values.firstName);
    await this.form.getByLabel('Last Name').fill(values.lastName);
    await this.form.getByLabel('Phone').fill(values.phone);
    await this.form.getByLabel('Email').fill(values.email);
    await chooseOption(this.page, 'Service Needed', values.service);
    await this.form.getByLabel('Message').fill(values.message);
  }

  async send(): Promise<void> {
    await this.form.getByRole('button', { name: 'Send Message' }).click();
  }
}

export interface BookingValues {
  name: string;
  phone: string;
  email: string;
  service: string;
  location: string;
  time: string;
  description: string;
  vehicle?: string;
}

/** The booking form's messages when it is sent empty, in the order the fields stand. */
export const BOOKING_EMPTY_MESSAGES = [
  MESSAGES.NAME_MIN,
  MESSAGES.PHONE_INVALID,
  MESSAGES.EMAIL_INVALID,
  MESSAGES.SERVICE_SELECT,
  MESSAGES.LOCATION_DETAILED,
  MESSAGES.PREFERRED_DATE_REQUIRED,
  MESSAGES.PREFERRED_TIME_REQUIRED,
  MESSAGES.DESCRIPTION_DETAILS,
];

/** What to book (the form's job fields): a car that will not start, towed in town. */
export const TOW_TO_WORKSHOP = {
  service: 'Local Towing',
  location: '12 Balmoral Road, Karratha',
  time: '09:30 AM',
  description: 'Car will not start, needs a tow to the workshop.',
};

/** What to book: a 4x4 bogged in a creek crossing out of town, winched out. */
export const WINCH_OUT = {
  service: 'Winch Recovery',
  location: 'Millstream Road, 40 km south of the highway',
  time: '08:30 AM',
  description: 'Bogged in a washed-out creek crossing, need a winch out.',
};

export class BookingPage {
  constructor(readonly page: Page) {}

  async open(path: '/booking' | '/book-service'): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Book a Service' })).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Book a Service' });
  }

  /** Opens the date picker (its code loads on first use; it opens by itself). */
  async openDatePicker(): Promise<Locator> {
    await this.form.getByRole('button', { name: 'Preferred Date' }).click();
    const calendar = this.page.getByRole('dialog', { name: 'Preferred date' });
    await expect(calendar.getByRole('button', { name: 'Next month' })).toBeVisible();
    return calendar;
  }

  /** Picks the 15th of next month (every slot is open on it); answers it as YYYY-MM-DD. */
  async pickDate(): Promise<string> {
    const iso = nextMonthFifteenth(await this.page.evaluate(() => Date.now()));
    const calendar = await this.openDatePicker();
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await calendar.getByRole('button', { name: dayLabel(iso), exact: true }).click();
    await expect(calendar).toBeHidden();
    return iso;
  }

  async fill(values: BookingValues): Promise<string> {
    await this.form.getByLabel('Full Name').fill(values.name);
    await this.form.getByLabel('Phone Number').fill(values.phone);
    await this.form.getByLabel('Email Address').fill(values.email);
    await chooseOption(this.page, 'Service Required', values.service);
    await this.form.getByLabel('Location').fill(values.location);
    const date = await this.pickDate();
    await chooseOption(this.page, 'Preferred Time', values.time);
    if (values.vehicle)
      await this.form.getByLabel('Vehicle Details (optional)').fill(values.vehicle);
    await this.form.getByLabel('Describe what you need').fill(values.description);
    return date;
  }

  async submit(): Promise<void> {
    await this.form.getByRole('button', { name: 'Submit Booking' }).click();
  }
}

export class FeedbackPage {
  constructor(readonly page: Page) {}

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Leave Feedback' });
  }

  /** Sets a 1-5 score by clicking its star (the radio itself is visually hidden behind it). */
  async score(label: string, value: number): Promise<void> {
    const radio = this.form.getByRole('radio', { name: `${label}: ${value} out of 5` });
    const id = await radio.getAttribute('id');
    await this.form.locator(`label[for="${id}"]`).click();
    await expect(radio).toBeChecked();
  }
}

export class AuthPage {
  constructor(readonly page: Page) {}

  async open(path: '/auth' | '/login' | '/register' = '/auth'): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('link', { name: 'Back to Home' })).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
  }

  get loginForm(): Locator {
    return this.page.getByRole('form', { name: 'Login' });
  }

  get registerForm(): Locator {
    return this.page.getByRole('form', { name: 'Register' });
  }

  async login(username: string, password: string): Promise<void> {
    await this.loginForm.getByLabel('Username').fill(username);
    await this.loginForm.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await this.loginForm.getByRole('button', { name: 'Login' }).click();
  }
}

/**
 * A new customer books a scheduled 4x4 recovery on the public site and sees it accepted; answers
 * who booked (for finding the booking on the admin side).
 */
export async function bookRecovery(
  page: Page,
  label: string,
): Promise<ReturnType<typeof uniqueCustomer>> {
  const who = uniqueCustomer(label);
  const booking = new BookingPage(page);
  await booking.open('/booking');
  await booking.fill({
    name: who.name,
    phone: who.phone,
    email: who.email,
    service: '4x4 Recovery',
    location: 'Millstream Road, 40 km south',
    time: '10:00 AM',
    description: 'Bogged to the axles in a creek crossing, need a winch.',
  });
  await booking.submit();
  await expect(page.getByText('Booking Submitted').first()).toBeVisible();
  return who;
}
