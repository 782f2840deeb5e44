/**
 * Nothing is sent twice when the script loads mid-submit. On one bar of signal a person fills in
 * the booking form before its script has arrived and taps Submit: the browser posts the form
 * itself, and the server stores the booking. While the answer is on its way back the page's script
 * arrives, and then the answer is lost (the link drops it, or the person gives up waiting and stops
 * the page). The form is still on the screen with what was typed, so the person taps Submit again.
 * Both posts carry the key the server wrote into the form, so the server keeps one booking and the
 * person sees its number.
 *
 * (A browser that is waiting for the page a post leads to runs no more of the page it is leaving:
 * Chromium does not hydrate it once the post has gone, so the second tap posts natively too. A
 * script that did take over would send the same key: no-script-forms.spec.ts.)
 *
 * The link is throttled (CDP: 400 ms latency, 500 kbps). The page's scripts are held until the
 * post is at the server, and its answer is then dropped, so the order is certain rather than a
 * race.
 */
import type { APIResponse, Route } from '@playwright/test';
import { BOOKING_SERVICES, TIME_SLOTS } from '@pilbara/shared-schema';
import { expect, test } from '../fixtures/server';
import { queryRows, uniqueCustomer } from '../page-models/test-data';

/** A date two days ahead in Perth, as a date field takes it. */
function dayAfterTomorrow(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(
    new Date(Date.now() + 2 * 24 * 60 * 60 * 1000),
  );
}

const SERVICE = BOOKING_SERVICES[1] ?? 'Winch Recovery';
const SLOT = TIME_SLOTS[4] ?? '10:30 AM';

test.use({ viewport: { width: 390, height: 844 } });

test('a booking posted as its script arrives, its answer lost, then posted again is one booking', async ({
  page,
  server,
}) => {
  test.setTimeout(180_000);
  const customer = uniqueCustomer('Midsubmit');
  const stored = () =>
    queryRows<{ id: string }>(
      server.dbFile,
      'SELECT id FROM bookings WHERE phone = ?',
      customer.phone,
    );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (500 * 1024) / 8,
    uploadThroughput: (500 * 1024) / 8,
  });

  // The page's scripts wait until the test lets them through.
  let releaseScripts: () => void = () => undefined;
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/*.js', async (route: Route) => {
    await scriptsReleased;
    await route.continue();
  });
  // The browser's first post of the form reaches the server; its answer is held on the way
  // back. Later posts go through.
  let posted: (held: { route: Route; answer: APIResponse }) => void = () => undefined;
  const nativePost = new Promise<{ route: Route; answer: APIResponse }>(
    (resolve) => (posted = resolve),
  );
  let posts = 0;
  await page.route('**/booking', async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    if (posts > 1) return route.continue();
    posted({ route, answer: await route.fetch() });
  });

  await page.goto('/booking', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Book a Service' });
  const submit = form.getByRole('button', { name: 'Submit Booking' });
  await expect(submit).toBeEnabled({ timeout: 60_000 });
  const key = await form.locator('input[name="formKey"]').inputValue();
  expect(key).toMatch(/^form-/);
  await form.getByLabel('Full Name').fill(customer.name);
  await form.getByLabel('Phone Number').fill(customer.phone);
  await form.getByLabel('Email Address').fill(customer.email);
  await form.getByLabel('Service Required').selectOption(SERVICE);
  await form.getByLabel('Location').fill('Karratha, 7 Balmoral Road');
  await form.getByLabel('Preferred Date').fill(dayAfterTomorrow());
  await form.getByLabel('Preferred Time').selectOption(SLOT);
  await form.getByLabel('Describe what you need').fill('Flat tyre and no jack, car at home.');

  // First tap, before any script: the browser posts the form and the server stores the booking.
  // (The click does not wait for the page its post leads to: that answer is being held.)
  await submit.click({ noWaitAfter: true });
  const held = await nativePost;
  expect(held.route.request().postData()).toContain(`formKey=${key}`);
  const nativeAnswer = await held.answer.text();
  const reference = /data-testid="booking-reference"[^>]*>([^<]+)</.exec(nativeAnswer)?.[1];
  expect(reference).toMatch(/^BKG-/);
  expect(stored()).toEqual([{ id: reference }]);

  // The script arrives mid-submit; then the answer is lost and the page stays as it was.
  releaseScripts();
  await held.route.abort('aborted');
  await expect(form.getByLabel('Full Name')).toHaveValue(customer.name);
  await expect(form.getByLabel('Location')).toHaveValue('Karratha, 7 Balmoral Road');

  // Second tap: the same filling-in under the same key, answered with the booking already made.
  await submit.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Submitted' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('booking-reference')).toHaveText(reference ?? '');
  expect(posts).toBe(2);
  expect(stored()).toEqual([{ id: reference }]);
});
