/** Page models of the public forms: contact, booking (both variants) and feedback. */
import { expect, type Locator, type Page } from '@playwright/test';
import { uniqueCustomer } from './test-data';

/** A first visit loads the page's lazy chunk; on a busy CI machine that can take a while. */
export const PAGE_LOAD_TIMEOUT = 30_000;

/** Picks an option of a Mantine Select by its label. */
export async function chooseOption(
  page: Page,
  label: string | RegExp,
  option: string | RegExp,
): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page
    .getByRole(
      'option',
      typeof option === 'string' ? { name: option, exact: true } : { name: option },
    )
    .click();
}

/** Today's day of month in Perth (the tests run with timezoneId Australia/Perth). */
function perthToday(): { iso: string; day: number } {
  const iso = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Perth',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return { iso, day: Number(iso.slice(8, 10)) };
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

  /** Picks today's date in the date picker (the earliest day it allows). */
  async pickToday(): Promise<string> {
    const { iso, day } = perthToday();
    await this.form.getByRole('button', { name: 'Preferred Date' }).click();
    const dayButton = this.page
      .locator(
        '.mantine-DatePickerInput-dropdown button[data-day], .mantine-Popover-dropdown table button',
      )
      .filter({ hasText: new RegExp(`^${day}$`) })
      .and(this.page.locator(':not([data-outside])'))
      .first();
    await dayButton.click();
    return iso;
  }

  async fill(values: BookingValues): Promise<string> {
    await this.form.getByLabel('Full Name').fill(values.name);
    await this.form.getByLabel('Phone Number').fill(values.phone);
    await this.form.getByLabel('Email Address').fill(values.email);
    await chooseOption(this.page, 'Service Required', values.service);
    await this.form.getByLabel('Location').fill(values.location);
    const date = await this.pickToday();
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
