/**
 * With JavaScript off in the browser: the booking page with urgency cards books once, and the
 * portal's and dashboard's lookups answer with what the script would show — the job on its
 * tracking link, the customer's dashboard — or the form again with the value kept and the spec's
 * message beside the field. Nothing the person typed goes into an address.
 */
import { BOOKING_SERVICES, MESSAGES, TIME_SLOTS } from '@pilbara/shared-schema';
import { expect, test } from '../fixtures/server';
import {
  createJob,
  lastFour,
  loginAsAdmin,
  queryRows,
  uniqueCustomer,
  updateJob,
} from '../page-models/test-data';

/** A date two days ahead in Perth, as a date field takes it. */
function dayAfterTomorrow(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(
    new Date(Date.now() + 2 * 24 * 60 * 60 * 1000),
  );
}

const SERVICE = BOOKING_SERVICES[2] ?? 'Jump Start Service';
const SLOT = TIME_SLOTS[3] ?? '10:00 AM';

test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

test('the booking page with urgency cards books once, its urgency chosen by a radio button', async ({
  page,
  server,
}) => {
  const customer = uniqueCustomer('Cards');
  await page.goto('/book-service');
  const form = page.getByRole('form', { name: 'Book a Service' });
  const key = await form.locator('input[name="formKey"]').inputValue();
  expect(key).toMatch(/^form-/);
  await form.getByLabel('Full Name').fill(customer.name);
  await form.getByLabel('Phone Number').fill(customer.phone);
  await form.getByLabel('Email Address').fill(customer.email);
  await form.getByLabel('Service Required').selectOption(SERVICE);
  const urgency = form.getByRole('radiogroup', { name: 'Urgency' });
  await expect(urgency.getByRole('radio', { name: 'Scheduled' })).toBeChecked();
  await urgency.getByRole('radio', { name: 'Same Day' }).check();
  await form.getByLabel('Location').fill('Dampier, 4 The Esplanade');
  await form.getByLabel('Preferred Date').fill(dayAfterTomorrow());
  await form.getByLabel('Preferred Time').selectOption(SLOT);
  await form.getByLabel('Describe what you need').fill('Ute will not start after the rain.');
  await form.getByRole('button', { name: 'Submit Booking' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Booking Submitted' })).toBeVisible();
  const reference = (await page.getByTestId('booking-reference').textContent())?.trim();
  await expect(page.getByText('Same Day', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('book-service-result-390.png') });
  // A reload answers the page again rather than posting a second time; were the post sent again
  // (a second tap on a slow link), the key makes it the same booking.
  const again = await page.request.post('/book-service', {
    form: {
      formKey: key,
      customerName: customer.name,
      phone: customer.phone,
      email: customer.email,
      service: SERVICE,
      urgency: 'same-day',
      location: 'Dampier, 4 The Esplanade',
      preferredDate: dayAfterTomorrow(),
      preferredTime: SLOT,
      description: 'Ute will not start after the rain.',
    },
  });
  expect(await again.text()).toContain(`>${reference}<`);
  expect(
    queryRows(server.dbFile, 'SELECT id, urgency FROM bookings WHERE phone = ?', customer.phone),
  ).toEqual([{ id: reference, urgency: 'same-day' }]);
});

test('the booking page with urgency cards answers a bad post with the form again, the choice kept', async ({
  page,
}) => {
  await page.goto('/book-service');
  const form = page.getByRole('form', { name: 'Book a Service' });
  await form.getByLabel('Full Name').fill('Lee Quinn');
  await form.getByRole('radio', { name: 'Emergency' }).check();
  await form.getByLabel('Location').fill('Km');
  await form.getByRole('button', { name: 'Submit Booking' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
  const again = page.getByRole('form', { name: 'Book a Service' });
  await expect(again.getByLabel('Full Name')).toHaveValue('Lee Quinn');
  await expect(again.getByRole('radio', { name: 'Emergency' })).toBeChecked();
  await expect(again.getByLabel('Location')).toHaveAccessibleDescription(
    MESSAGES.LOCATION_DETAILED,
  );
  await page.screenshot({
    path: test.info().outputPath('book-service-again-390.png'),
    fullPage: true,
  });
});

test('the portal finds a job by its ID and digits and opens it on its tracking link', async ({
  page,
  request,
  baseURL,
}) => {
  const who = uniqueCustomer('Portalns');
  await loginAsAdmin(request);
  const job = await createJob(request, {
    customerName: who.name,
    phone: who.phone,
    service: '4x4 Recovery',
    location: 'Cleaverville Beach track',
  });
  await updateJob(request, job.id, { status: 'En Route', progress: 25 });
  // Until the server's page renderer has warmed up a tracking link gets the plain portal page,
  // which only a script fills in: waited for here, as tracking-first-html.spec.ts does.
  await expect
    .poll(
      async () =>
        (await request.get(`/customer-portal?token=${job.trackingToken}`))
          .text()
          .then((html) => html.includes('id="tracking-data"')),
      { timeout: 60_000 },
    )
    .toBe(true);
  const urls: string[] = [];
  page.on('request', (sent) => urls.push(sent.url()));

  await page.goto('/customer-portal');
  const form = page.getByRole('search', { name: 'Track your job' });
  await form.getByLabel('Job ID or Name').fill(job.number);
  await form.getByRole('button', { name: 'Track Job' }).click();
  // A job ID without the digits: the form again, the ID kept, the message by the digits.
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
  const again = page.getByRole('search', { name: 'Track your job' });
  await expect(again.getByLabel('Job ID or Name')).toHaveValue(job.number);
  await expect(again.getByLabel('Last 4 digits of your phone')).toHaveAccessibleDescription(
    new RegExp(MESSAGES.PHONE_PROOF_REQUIRED),
  );
  await page.screenshot({ path: test.info().outputPath('portal-again-390.png'), fullPage: true });

  // Wrong digits: "No Job Found", as for an ID that does not exist.
  await again.getByLabel('Last 4 digits of your phone').fill('0000');
  await again.getByRole('button', { name: 'Track Job' }).click();
  await expect(page.getByRole('alert')).toContainText(MESSAGES.JOB_NOT_FOUND_TITLE);
  await expect(
    page.getByRole('search', { name: 'Track your job' }).getByLabel('Job ID or Name'),
  ).toHaveAccessibleDescription(MESSAGES.JOB_NOT_FOUND_DESCRIPTION);

  const third = page.getByRole('search', { name: 'Track your job' });
  await third.getByLabel('Last 4 digits of your phone').fill(lastFour(who.phone));
  await third.getByRole('button', { name: 'Track Job' }).click();
  await expect(page).toHaveURL(`${baseURL}/customer-portal?token=${job.trackingToken}`);
  const details = page.getByTestId('job-details');
  await expect(details.getByTestId('job-id')).toHaveText(job.number);
  await expect(details.getByText('On the way', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('portal-found-390.png'), fullPage: true });
  expect(urls.some((url) => url.includes(lastFour(who.phone)) || url.includes(job.number))).toBe(
    false,
  );
});

test('the dashboard opens by phone number with the jobs, and says when nothing is found', async ({
  page,
  request,
}) => {
  const who = uniqueCustomer('Dashns');
  await loginAsAdmin(request);
  const job = await createJob(request, {
    customerName: who.name,
    phone: who.phone,
    service: 'Winch Recovery',
    location: 'Roebourne, 3 Hampton St',
  });
  const urls: string[] = [];
  page.on('request', (sent) => urls.push(sent.url()));

  await page.goto('/dashboard');
  const form = page.getByRole('form', { name: 'Access Your Dashboard' });
  const nobody = uniqueCustomer('Nobody').phone;
  await form.getByLabel('Phone number or Job ID').fill(nobody);
  await form.getByRole('button', { name: 'Access Dashboard' }).click();
  const again = page.getByRole('form', { name: 'Access Your Dashboard' });
  await expect(again.getByLabel('Phone number or Job ID')).toHaveValue(nobody);
  await expect(again.getByLabel('Phone number or Job ID')).toHaveAccessibleDescription(
    `We couldn't find any jobs for \u201c${nobody}\u201d. Check the number or job ID and try again.`,
  );
  await page.screenshot({
    path: test.info().outputPath('dashboard-again-390.png'),
    fullPage: true,
  });

  await again.getByLabel('Phone number or Job ID').fill(who.phone);
  await again.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome back, ${who.name}!` }),
  ).toBeVisible();
  const card = page.getByTestId('active-job');
  await expect(card.getByRole('heading', { name: 'Winch Recovery' })).toBeVisible();
  await expect(card.getByText(job.number)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Track Live' })).toHaveAttribute(
    'href',
    `/customer-portal?token=${job.trackingToken}`,
  );
  await page.screenshot({
    path: test.info().outputPath('dashboard-found-390.png'),
    fullPage: true,
  });
  expect(urls.some((url) => url.includes(who.phone) || url.includes(nobody))).toBe(false);
});
