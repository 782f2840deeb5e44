/**
 * The office never misses a call: a customer books an emergency tow on a phone; an owner's
 * browser, signed in, rings the alarm on its open screen and its service worker shows the push
 * (a notification that stays until tapped and opens the booking); the person on call is texted;
 * "I've got it" stops the alarm and the escalation, and the customer's tracking link says who
 * has the booking. Then the other loops a customer opens, closed: a declined booking reaches the
 * customer, and a job cancelled offline from /driver syncs once and the customer is told.
 */
import { DECLINE_REASONS, staffBookingUrl, type Urgency } from '@pilbara/shared-schema';
import { WITH_SERVICE_WORKER, expect, test, type Mailbox } from '../fixtures/server';
import { openAdminPanelByApi } from '../page-models/admin';
import { openPhone, waitForOfflineReady } from '../page-models/app-shell';
import { DriverScreen } from '../page-models/driver';
import { BookingPage, PAGE_LOAD_TIMEOUT, chooseOption } from '../page-models/public-forms';
import {
  StaffAlarm,
  deliverUntilShown,
  outboxTexts,
  registerStaffDevice,
  takeWaitingBookings,
} from '../page-models/staff-alerts';
import {
  addDriverWithJob,
  driverAccount,
  queryRows,
  uniqueCustomer,
} from '../page-models/test-data';
import type { Page } from '@playwright/test';

// The owner's device shows the push through the app's service worker, and the driver cancels
// with no signal: both need the worker the journeys otherwise block.
test.use(WITH_SERVICE_WORKER);

/** The first owner's phone in the journeys' business profile (the default roster's first). */
const ON_CALL = '+61400000001';

/** A customer books on /book-service from their phone; answers the booking's reference. */
async function bookOnPhone(
  page: Page,
  who: ReturnType<typeof uniqueCustomer>,
  urgency: Urgency,
  what: { service: string; location: string; description: string },
): Promise<string> {
  const booking = new BookingPage(page);
  await booking.open('/book-service');
  const form = booking.form;
  await form.getByLabel('Full Name').fill(who.name);
  await form.getByLabel('Phone Number').fill(who.phone);
  await form.getByLabel('Email Address').fill(who.email);
  await chooseOption(page, 'Service Required', what.service);
  const label = { emergency: 'Emergency', 'same-day': 'Same Day', scheduled: 'Scheduled' }[urgency];
  await form.getByRole('radio', { name: new RegExp(`^${label}:`) }).check();
  await form.getByLabel('Location').fill(what.location);
  if (urgency !== 'emergency') {
    await booking.pickDate();
    await chooseOption(page, 'Preferred Time', '09:30 AM');
  }
  await form.getByLabel('Describe what you need').fill(what.description);
  await booking.submit();
  const reference = page.getByTestId('booking-confirmation').getByTestId('booking-reference');
  await expect(reference).toHaveText(/^BKG-\d{4}-\d+$/, { timeout: PAGE_LOAD_TIMEOUT });
  return (await reference.textContent()) ?? '';
}

function mailsTo(mailbox: Mailbox, address: string) {
  return mailbox.messages.filter((mail) => mail.to.includes(address));
}

test('an emergency booking rings an owner, who takes it; the customer sees who has it', async ({
  browser,
  baseURL,
  server,
}) => {
  // Two browsers, a service-worker install on each, a push delivered through DevTools.
  test.setTimeout(240_000);
  const owner = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const phone = await openPhone(browser, baseURL);
  try {
    // Bookings left waiting by earlier journeys on this server would keep the alarm ringing
    // after this one is taken.
    const panel = await openAdminPanelByApi(owner);
    await takeWaitingBookings(owner.request);
    await waitForOfflineReady(panel.page);
    await panel.waitOnline();
    await owner.grantPermissions(['notifications'], { origin: baseURL });
    const device = `e2e-owner-${Date.now()}`;
    await registerStaffDevice(owner, device);

    const who = uniqueCustomer('Stranded');
    const customer = await phone.newPage();
    const bookingId = await bookOnPhone(customer, who, 'emergency', {
      service: 'Emergency Towing',
      location: 'North West Coastal Hwy, 30 km east of Karratha',
      description: 'Hit a roo, radiator gone, stuck on the shoulder in the dark.',
    });

    // The owner's open screen rings: the banner, with the booking, and its sound.
    const alarm = new StaffAlarm(panel.page);
    await expect(alarm.row(bookingId)).toBeVisible({ timeout: 30_000 });
    await expect(alarm.row(bookingId)).toContainText('EMERGENCY');
    await expect(alarm.row(bookingId)).toContainText('Emergency Towing at North West Coastal Hwy');
    await expect(alarm.banner).toHaveAttribute('role', 'alert');

    // The push the server composed for the owner's device, shown by the app's service worker.
    let payload = '';
    await expect
      .poll(
        () => {
          payload =
            queryRows<{ payload: string }>(
              server.dbFile,
              'SELECT payload FROM staff_push_sends WHERE bookingId = ?',
              bookingId,
            )[0]?.payload ?? '';
          return payload;
        },
        { timeout: 30_000, message: 'the server claims a push for the owner device' },
      )
      .not.toBe('');
    const shown = await deliverUntilShown(
      owner,
      panel.page,
      baseURL ?? '',
      payload,
      `EMERGENCY booking ${bookingId}`,
    );
    expect(shown).toMatchObject({
      body: 'Emergency Towing at North West Coastal Hwy, 30 km east of Karratha',
      tag: `booking-${bookingId}`,
      requireInteraction: true,
      url: staffBookingUrl(baseURL ?? '', bookingId),
    });

    // The person on call is texted, once, with the reference, the place and the link.
    await expect
      .poll(
        () =>
          outboxTexts(server.dataDir)
            .filter((text) => text.body.includes(bookingId))
            .map((text) => text.to)
            .sort(),
        { timeout: 30_000, message: 'the person on call is texted, and the customer' },
      )
      .toEqual([ON_CALL, `+61${who.phone.slice(1)}`].sort());
    const [toOwner] = outboxTexts(server.dataDir).filter(
      (text) => text.to === ON_CALL && text.body.includes(bookingId),
    );
    expect(toOwner?.body).toContain('NEW EMERGENCY booking');
    expect(toOwner?.body).toContain(`/admin?booking=${bookingId}`);
    // Nobody has taken it yet: its escalation is scheduled.
    expect(
      queryRows<{ nextAt: string | null }>(
        server.dbFile,
        'SELECT nextAt FROM staff_alerts WHERE bookingId = ?',
        bookingId,
      )[0]?.nextAt,
    ).toBeTruthy();

    await panel.page.setViewportSize({ width: 1280, height: 900 });
    await alarm.banner.screenshot({ path: test.info().outputPath('staff-alarm-1280.png') });
    await panel.page.setViewportSize({ width: 360, height: 740 });
    await alarm.banner.screenshot({ path: test.info().outputPath('staff-alarm-360.png') });
    await panel.page.setViewportSize({ width: 1280, height: 900 });

    // "I've got it": the alarm stops, and once it reaches the server the escalation stops.
    await alarm.acknowledge(bookingId);
    await expect
      .poll(
        () =>
          queryRows(
            server.dbFile,
            `SELECT a.nextAt, a.settledAt IS NOT NULL AS settled, b.acknowledgedBy
               FROM staff_alerts a JOIN bookings b ON b.id = a.bookingId WHERE a.bookingId = ?`,
            bookingId,
          )[0],
        {
          timeout: 30_000,
          message: 'the escalation stops once the server has the acknowledgement',
        },
      )
      .toEqual({ nextAt: null, settled: 1, acknowledgedBy: 'Admin' });
    await expect(alarm.banner).toHaveCount(0);
    // The booking's card says who has it.
    await expect(panel.bookingCard(who.name).getByTestId('booking-taken')).toContainText(
      'Admin has it',
    );

    // The customer's tracking link, from the confirmation, says who has the booking.
    await customer.getByTestId('booking-confirmation').getByTestId('tracking-link').click();
    const details = customer.getByTestId('booking-details');
    await expect(details).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await expect(details.getByTestId('confirmed-by')).toContainText(
      'Admin has your booking and is on it',
      { timeout: 20_000 },
    );
    await details.screenshot({ path: test.info().outputPath('tracking-confirmed-390.png') });
  } finally {
    await owner.close();
    await phone.close();
  }
});

test('a declined booking reaches the customer with the reason, by text, email and link', async ({
  browser,
  baseURL,
  server,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const owner = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const phone = await openPhone(browser, baseURL);
  try {
    const who = uniqueCustomer('Faraway');
    const customer = await phone.newPage();
    const bookingId = await bookOnPhone(customer, who, 'scheduled', {
      service: 'Long Distance Towing',
      location: 'Alice Springs, Northern Territory',
      description: 'Need my ute towed from Alice Springs to Karratha next week.',
    });

    const panel = await openAdminPanelByApi(owner);
    const card = panel.bookingCard(who.name);
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Decline' }).click();
    const dialog = panel.page.getByRole('dialog', { name: `Decline ${bookingId}?` });
    await dialog.getByRole('radio', { name: DECLINE_REASONS[0] }).check();
    await dialog.screenshot({ path: test.info().outputPath('decline-dialog-390.png') });
    await dialog.getByRole('button', { name: 'Decline booking' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card).toHaveCount(0);

    // The customer is told once by text and by email, with the reason and the phone.
    await expect
      .poll(
        () =>
          outboxTexts(server.dataDir).filter(
            (text) => text.body.includes(bookingId) && text.body.includes("can't take"),
          ),
        { timeout: 30_000, message: 'the customer is texted the decline' },
      )
      .toEqual([
        {
          to: `+61${who.phone.slice(1)}`,
          body: expect.stringContaining(`${DECLINE_REASONS[0]}. Please call us on 0400 000 001.`),
        },
      ]);
    await expect
      .poll(() => mailsTo(mailbox, who.email).map((mail) => /Subject: (.*)/.exec(mail.raw)?.[1]), {
        timeout: 30_000,
        message: 'the customer is emailed the confirmation, then the decline',
      })
      .toEqual([`Booking ${bookingId} received`, `Booking ${bookingId}: we can't take it`]);

    // The tracking link shows it declined, with the reason.
    await customer.getByTestId('booking-confirmation').getByTestId('tracking-link').click();
    const declined = customer.getByTestId('booking-declined');
    await expect(declined).toContainText(DECLINE_REASONS[0], { timeout: PAGE_LOAD_TIMEOUT });
    await expect(customer.getByTestId('booking-details')).toContainText('Declined');
    await customer
      .getByTestId('booking-details')
      .screenshot({ path: test.info().outputPath('tracking-declined-390.png') });
  } finally {
    await owner.close();
    await phone.close();
  }
});

test('a job cancelled offline from /driver syncs once and the customer is told', async ({
  browser,
  baseURL,
  request,
  server,
  mailbox,
}) => {
  test.setTimeout(240_000);
  const driver = driverAccount('Kim');
  const who = uniqueCustomer('Calledoff');
  const job = await addDriverWithJob(request, driver, {
    customerName: who.name,
    phone: who.phone,
    email: who.email,
    service: '4x4 Recovery',
    location: 'Millstream Road, 40 km south of the highway',
  });
  const phone = await openPhone(browser, baseURL, { viewport: { width: 360, height: 740 } });
  try {
    const page = await phone.newPage();
    const screen = new DriverScreen(page);
    await screen.signIn(driver);
    await waitForOfflineReady(page);
    await screen.waitSynced();
    await expect(screen.job(job.id)).toBeVisible();

    // No signal at the roadside: the customer calls it off, the driver cancels with the reason.
    await phone.setOffline(true);
    await screen.job(job.id).getByRole('button', { name: 'Cancel job' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel JOB-\d{4}-P?\d+\?$/ });
    await dialog.getByRole('radio', { name: 'Customer cancelled' }).check();
    await dialog.screenshot({ path: test.info().outputPath('cancel-dialog-360.png') });
    await dialog.getByRole('button', { name: 'Cancel job' }).click();
    await expect(dialog).toHaveCount(0);
    // It leaves the driver's list at once, kept on the phone.
    await expect(screen.job(job.id)).toHaveCount(0);
    expect(
      queryRows<{ status: string }>(server.dbFile, 'SELECT status FROM jobs WHERE id = ?', job.id),
    ).toEqual([{ status: 'Assigned' }]);

    // Signal returns: it syncs, once.
    await phone.setOffline(false);
    await screen.waitSynced();
    await expect
      .poll(
        () =>
          queryRows(server.dbFile, 'SELECT status, cancelReason FROM jobs WHERE id = ?', job.id),
        { timeout: 30_000 },
      )
      .toEqual([{ status: 'Cancelled', cancelReason: 'Customer cancelled' }]);
    expect(
      queryRows(
        server.dbFile,
        "SELECT message FROM job_updates WHERE jobId = ? AND status = 'Cancelled'",
        job.id,
      ),
    ).toEqual([{ message: 'Cancelled: Customer cancelled' }]);

    // The customer is told, by text and email, once each (the once-only claim's rows).
    await expect
      .poll(
        () =>
          queryRows(
            server.dbFile,
            "SELECT type, status FROM notifications WHERE jobId = ? AND event = 'job_cancelled' ORDER BY type",
            job.id,
          ),
        { timeout: 30_000, message: 'the cancellation is sent by email and text' },
      )
      .toEqual([
        { type: 'email', status: 'sent' },
        { type: 'sms', status: 'sent' },
      ]);
    expect(
      outboxTexts(server.dataDir).filter((text) =>
        text.body.includes(`job ${job.number} is cancelled`),
      ),
    ).toEqual([
      {
        to: `+61${who.phone.slice(1)}`,
        body: expect.stringContaining('Customer cancelled'),
      },
    ]);
    await expect.poll(() => mailsTo(mailbox, who.email).length, { timeout: 30_000 }).toBe(1);
    expect(mailsTo(mailbox, who.email)[0]?.raw).toContain(`Job ${job.number}: cancelled`);
  } finally {
    await phone.close();
  }
});
