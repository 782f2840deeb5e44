/**
 * The forms as plain HTML forms: with JavaScript off in the browser, each one posts natively and
 * the server answers with a page — what happened, or the form again with what was typed and each
 * field's message beside it — and sign-in answers with the session cookie. And a form posted
 * natively while its script arrives, then sent again by the script, is one booking on the server.
 */
import type { Locator, Route } from '@playwright/test';
import { BOOKING_SERVICES, MESSAGES, TIME_SLOTS, homeScreenFor } from '@pilbara/shared-schema';
import { ADMIN, expect, test } from '../fixtures/server';
import { queryRows, uniqueCustomer } from '../page-models/test-data';
import { BookingPage, chooseOption } from '../page-models/public-forms';

/** A date two days ahead in Perth, as a date field takes it. */
function dayAfterTomorrow(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(
    new Date(Date.now() + 2 * 24 * 60 * 60 * 1000),
  );
}

const SERVICE = BOOKING_SERVICES[1] ?? 'Winch Recovery';
const SLOT = TIME_SLOTS[2] ?? '09:00 AM';

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a booking shows its messages with the values kept, then its number', async ({
    page,
    server,
  }) => {
    const customer = uniqueCustomer('Noscript');
    await page.goto('/booking');
    const form = page.getByRole('form', { name: 'Book a Service' });
    await form.getByLabel('Full Name').fill(customer.name);
    await form.getByLabel('Phone Number').fill(customer.phone);
    await form.getByLabel('Location').fill('Km');
    await form.getByRole('button', { name: 'Submit Booking' }).click();

    // The form again: what was typed, and the spec's messages beside their fields.
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
    const again = page.getByRole('form', { name: 'Book a Service' });
    await expect(again.getByLabel('Full Name')).toHaveValue(customer.name);
    await expect(again.getByLabel('Phone Number')).toHaveValue(customer.phone);
    await expect(again.getByLabel('Location')).toHaveValue('Km');
    const location = again.getByLabel('Location');
    await expect(location).toHaveAttribute('aria-invalid', 'true');
    await expect(location).toHaveAccessibleDescription(MESSAGES.LOCATION_DETAILED);
    await expect(again.getByLabel('Email Address')).toHaveAccessibleDescription(
      MESSAGES.EMAIL_INVALID,
    );
    await expect(again.getByLabel('Service Required')).toHaveAccessibleDescription(
      MESSAGES.SERVICE_SELECT,
    );
    expect(
      queryRows(server.dbFile, 'SELECT id FROM bookings WHERE phone = ?', customer.phone),
    ).toEqual([]);

    await again.getByLabel('Email Address').fill(customer.email);
    await again.getByLabel('Service Required').selectOption(SERVICE);
    await again.getByLabel('Location').fill('Karratha, 12 Welcome Road');
    await again.getByLabel('Preferred Date').fill(dayAfterTomorrow());
    await again.getByLabel('Preferred Time').selectOption(SLOT);
    await again.getByLabel('Describe what you need').fill('Flat battery at the depot gate.');
    await again.getByRole('button', { name: 'Submit Booking' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Booking Submitted' })).toBeVisible();
    const reference = (await page.getByTestId('booking-reference').textContent())?.trim();
    const stored = queryRows<{ id: string; service: string }>(
      server.dbFile,
      'SELECT id, service FROM bookings WHERE phone = ?',
      customer.phone,
    );
    expect(stored).toEqual([{ id: reference, service: SERVICE }]);
    // A reload of the answer does not post again: the answer is not kept by the browser.
    await expect(page.getByTestId('tracking-link')).toHaveAttribute(
      'href',
      /^\/customer-portal\?token=/,
    );
  });

  test('a message to the business shows its messages with the values kept, then that it was sent', async ({
    page,
    server,
  }) => {
    const customer = uniqueCustomer('Nomessage');
    const [first, ...rest] = customer.name.split(' ');
    const text = 'Need a quote to recover a rolled Hilux near Pannawonica.';
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a Message' });
    await form.getByLabel('First Name').fill(first ?? 'Robin');
    await form.getByLabel('Last Name').fill(rest.join(' ') || 'Ng');
    await form.getByLabel('Phone').fill(customer.phone);
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Message').fill(text);
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
    const again = page.getByRole('form', { name: 'Send us a Message' });
    await expect(again.getByLabel('First Name')).toHaveValue(first ?? 'Robin');
    await expect(again.getByLabel('Phone')).toHaveValue(customer.phone);
    await expect(again.getByLabel('Message')).toHaveValue(text);
    await expect(again.getByLabel('Email')).toHaveAccessibleDescription(MESSAGES.EMAIL_INVALID);
    await expect(again.getByLabel('Service Needed')).toHaveAccessibleDescription(
      MESSAGES.SERVICE_SELECT,
    );
    const stored = () =>
      queryRows<{ message: string }>(
        server.dbFile,
        'SELECT message FROM contact_submissions WHERE phone = ?',
        customer.phone,
      );
    expect(stored()).toEqual([]);

    await again.getByLabel('Email').fill(customer.email);
    await again.getByLabel('Service Needed').selectOption('4x4 Recovery');
    await again.getByRole('button', { name: 'Send Message' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: MESSAGES.CONTACT_SENT_TITLE }),
    ).toBeVisible();
    await expect(page.getByText(MESSAGES.CONTACT_SENT_DESCRIPTION)).toBeVisible();
    expect(stored()).toEqual([{ message: text }]);
  });

  test('sign-in posts, sets the session and lands signed in; a wrong one keeps the name', async ({
    page,
    baseURL,
  }) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Username').fill(ADMIN.username);
    await form.locator('input[name="password"]').fill('not-the-password');
    await form.getByRole('button', { name: 'Login' }).click();
    const again = page.getByRole('form', { name: 'Login' });
    await expect(page.getByRole('alert')).toContainText(MESSAGES.INVALID_CREDENTIALS);
    await expect(again.getByLabel('Username')).toHaveValue(ADMIN.username);
    // A password is never written back into a page.
    await expect(again.locator('input[name="password"]')).toHaveValue('');

    await again.locator('input[name="password"]').fill(ADMIN.password);
    await again.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(`${baseURL}${homeScreenFor('admin')}`);
    // The cookie works: the next request knows the person.
    const me = await page.request.get('/api/auth/me');
    expect(((await me.json()) as { user: { username: string } | null }).user?.username).toBe(
      ADMIN.username,
    );
    expect(urls.some((url) => url.includes('password') || url.includes(ADMIN.password))).toBe(
      false,
    );
  });
});

test('a form posted natively, whose key then also goes through the script, is one booking', async ({
  browser,
  page,
  server,
}) => {
  test.setTimeout(120_000);
  const customer = uniqueCustomer('Midway');
  const fill = async (form: Locator) => {
    await form.getByLabel('Full Name').fill(customer.name);
    await form.getByLabel('Phone Number').fill(customer.phone);
    await form.getByLabel('Email Address').fill(customer.email);
    await form.getByLabel('Location').fill('Karratha, 12 Welcome Road');
    await form.getByLabel('Describe what you need').fill('Flat battery at the depot gate.');
  };

  // Before the script: the browser posts the form itself, under the key the server served.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const before = await noScript.newPage();
  await before.goto('/booking');
  const nativeForm = before.getByRole('form', { name: 'Book a Service' });
  await fill(nativeForm);
  await nativeForm.getByLabel('Service Required').selectOption(SERVICE);
  await nativeForm.getByLabel('Preferred Date').fill(dayAfterTomorrow());
  await nativeForm.getByLabel('Preferred Time').selectOption(SLOT);
  const key = await nativeForm.locator('input[name="formKey"]').inputValue();
  expect(key).toMatch(/^form-/);
  await nativeForm.getByRole('button', { name: 'Submit Booking' }).click();
  const reference = (await before.getByTestId('booking-reference').textContent())?.trim();
  await noScript.close();

  // The same served form once its script has run (its page carries that same key): the script
  // sends the filling-in through the outbox under the key, and the server answers the booking
  // it already has.
  await page.route('**/booking', async (route: Route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /name="formKey" value="[^"]*"/,
      `name="formKey" value="${key}"`,
    );
    await route.fulfill({ response, body: html });
  });
  const booking = new BookingPage(page);
  await booking.open('/booking');
  const form = page.getByRole('form', { name: 'Book a Service' });
  // Hydrated: the browser's own selects have given way to the script's.
  await expect(form.locator('select')).toHaveCount(0, { timeout: 60_000 });
  await fill(form);
  await chooseOption(page, 'Service Required', SERVICE);
  await booking.pickDate();
  await chooseOption(page, 'Preferred Time', SLOT);
  const scripted = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/bookings') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Submit Booking' }).click();
  const answer = await scripted;
  expect(answer.request().headers()['idempotency-key']).toBe(key);
  expect(answer.status()).toBe(201);
  expect(((await answer.json()) as { id: string }).id).toBe(reference);
  await expect(page.getByTestId('booking-reference')).toHaveText(reference ?? '');
  expect(
    queryRows(server.dbFile, 'SELECT id FROM bookings WHERE phone = ?', customer.phone),
  ).toEqual([{ id: reference }]);
});
