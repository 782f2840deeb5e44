/**
 * The forms as plain HTML forms: with JavaScript off in the browser, each one posts natively and
 * the server answers with a page — what happened, or the form again with what was typed and each
 * field's message beside it — and sign-in answers with the session cookie. And a form posted
 * natively while its script arrives, then sent again by the script, is one booking on the server.
 */
import type { Route } from '@playwright/test';
import { BOOKING_SERVICES, MESSAGES, TIME_SLOTS, homeScreenFor } from '@pilbara/shared-schema';
import { ADMIN, expect, test } from '../fixtures/server';
import { queryRows, uniqueCustomer } from '../page-models/test-data';

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
    expect(queryRows(server.dbFile, 'SELECT id FROM bookings WHERE phone = ?', customer.phone)).toEqual(
      [],
    );

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

test('a form posted natively as its script arrives, then sent by the script, is one booking', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  const customer = uniqueCustomer('Midway');
  // The page's scripts wait until the test lets them through.
  let releaseScripts: () => void = () => undefined;
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/*.js', async (route: Route) => {
    await scriptsReleased;
    await route.continue();
  });
  // The native post is held on its way, as on a slow link.
  let heldPost: Route | null = null;
  let postHeld: () => void = () => undefined;
  const posted = new Promise<void>((resolve) => (postHeld = resolve));
  await page.route('**/booking', async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    heldPost = route;
    postHeld();
  });

  await page.goto('/booking', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Book a Service' });
  await form.getByLabel('Full Name').fill(customer.name);
  await form.getByLabel('Phone Number').fill(customer.phone);
  await form.getByLabel('Email Address').fill(customer.email);
  await form.getByLabel('Service Required').selectOption(SERVICE);
  await form.getByLabel('Location').fill('Karratha, 12 Welcome Road');
  await form.getByLabel('Preferred Date').fill(dayAfterTomorrow());
  await form.getByLabel('Preferred Time').selectOption(SLOT);
  await form.getByLabel('Describe what you need').fill('Flat battery at the depot gate.');
  const key = await form.locator('input[name="formKey"]').inputValue();
  expect(key).toMatch(/^form-/);
  // The tap's navigation waits on the held post, so the tap is not awaited until it is let go.
  const nativeTap = form.getByRole('button', { name: 'Submit Booking' }).click();
  await posted;

  // The script arrives while the native post is on its way, and the person taps again.
  // (Locators wait for a pending navigation to finish; the page is read and tapped directly.)
  releaseScripts();
  await page.waitForFunction(
    () => document.querySelector('form select[name="service"]') === null,
    undefined,
    { timeout: 60_000 },
  );
  const scripted = page.waitForResponse(
    (response) => response.url().endsWith('/api/bookings') && response.request().method() === 'POST',
  );
  const button = await page.evaluate(() => {
    const submit = document.querySelector('form[aria-label="Book a Service"] button[type="submit"]');
    const box = submit?.getBoundingClientRect();
    return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
  });
  expect(button).not.toBeNull();
  await page.mouse.click(button?.x ?? 0, button?.y ?? 0);
  const answer = await scripted;
  expect(answer.request().headers()['idempotency-key']).toBe(key);
  expect(answer.status()).toBe(201);
  const { id } = (await answer.json()) as { id: string };

  // The native post arrives after: the same booking's page.
  await (heldPost as Route | null)?.continue();
  await nativeTap;
  await expect(page.getByTestId('booking-reference')).toHaveText(id, { timeout: 30_000 });
  expect(
    queryRows(server.dbFile, 'SELECT id FROM bookings WHERE phone = ?', customer.phone),
  ).toEqual([{ id }]);
});
