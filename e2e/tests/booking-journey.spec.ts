/**
 * A stranded motorist's booking they can follow: booked with no signal, they see a
 * confirmation at once; when signal returns the booking number appears on the same screen; the
 * dashboard, opened with their phone, shows the booking pending; once staff approve it, it is a
 * job on the dashboard and the portal tracks it.
 */
import { MESSAGES } from '@pilbara/shared-schema';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { waitForOfflineReady } from '../page-models/app-shell';
import { BookingPage, PAGE_LOAD_TIMEOUT, WINCH_OUT } from '../page-models/public-forms';
import { loginAsAdmin, queryRows, uniqueCustomer } from '../page-models/test-data';
import { DashboardPage, PortalPage } from '../page-models/tracking';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

test('books offline, sees the reference, finds it pending, then tracks the approved job', async ({
  page,
  context,
  server,
  request,
}) => {
  // A service-worker install, an offline booking, a reconnect and three pages.
  test.slow();
  const booking = new BookingPage(page);
  await booking.open('/book-service');
  await waitForOfflineReady(page);

  const who = uniqueCustomer('Stranded');
  await booking.fill({ ...who, ...WINCH_OUT });

  // No signal: the booking is kept on the phone and the confirmation says so.
  await context.setOffline(true);
  await booking.submit();
  const confirmation = page.getByTestId('booking-confirmation');
  await expect(
    confirmation.getByRole('heading', { name: 'Booking saved on this phone' }),
  ).toBeVisible();
  await expect(confirmation.getByTestId('device-reference')).toHaveText(
    /^[0-9A-F]{4}-[0-9A-F]{4}$/,
  );
  await expect(confirmation.getByRole('link', { name: /0400 000 001/ })).toHaveAttribute(
    'href',
    'tel:0400000001',
  );
  await expect(confirmation.getByRole('link', { name: /0400 000 002/ })).toBeVisible();
  expect(
    queryRows(server.dbFile, 'SELECT id FROM bookings WHERE customerName = ?', who.name),
  ).toHaveLength(0);

  // Signal returns: the same screen shows the booking number the server gave it.
  await context.setOffline(false);
  await expect(
    confirmation.getByRole('heading', { name: MESSAGES.BOOKING_SUBMITTED_TITLE }),
  ).toBeVisible({ timeout: 30_000 });
  const [row] = queryRows<{ id: string; status: string }>(
    server.dbFile,
    'SELECT id, status FROM bookings WHERE customerName = ?',
    who.name,
  );
  expect(row?.status).toBe('pending');
  await expect(confirmation.getByTestId('booking-reference')).toHaveText(row!.id);
  // Its tracking link carries the token the server gave it; it opens the pending booking.
  const trackingLink = confirmation.getByTestId('tracking-link');
  await expect(trackingLink).toHaveAttribute('href', /^\/customer-portal\?token=[\w-]{22,}$/);
  await trackingLink.click();
  await expect(page.getByTestId('booking-details')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await expect(page.getByTestId('booking-details')).toContainText(row!.id);

  // The dashboard, opened with the phone they booked with, shows the booking pending.
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.accessWith(who.phone);
  await expect(page.getByRole('heading', { name: `Welcome back, ${who.name}!` })).toBeVisible({
    timeout: PAGE_LOAD_TIMEOUT,
  });
  const pending = page.getByText(row!.id);
  await expect(pending).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Active Jobs' })).toHaveCount(0);

  // Staff approve it: it becomes a job, which the open dashboard shows within a poll.
  await loginAsAdmin(request);
  const approved = await request.post(`/api/bookings/${encodeURIComponent(row!.id)}/approve`, {
    data: {},
  });
  expect(approved.ok()).toBe(true);
  const { job } = (await approved.json()) as { job: { id: string; number: string | null } };
  // What the customer reads and types is the job's number; the server gives it at once.
  expect(job.number).toMatch(/^JOB-\d{4}-\d+$/);
  const ref = job.number!;
  const card = page.getByTestId('active-job').filter({ hasText: ref });
  await expect(card).toBeVisible({ timeout: 15_000 });

  // The portal tracks it: Track Live opens the job by its tracking token.
  await card.getByRole('link', { name: 'Track Live' }).click();
  const portal = new PortalPage(page);
  await expect(portal.details.getByTestId('job-id')).toHaveText(ref, {
    timeout: PAGE_LOAD_TIMEOUT,
  });
  await expect(portal.details.getByText('Winch Recovery')).toBeVisible();

  // The job id typed by hand shows nothing until the phone digits match.
  await portal.open();
  await portal.search(ref, '0000');
  await expect(page.getByTestId('job-not-found')).toBeVisible();
  await expect(portal.details).toHaveCount(0);
  await page.getByRole('button', { name: 'Try Another Search' }).click();
  await portal.search(ref, who.phone.slice(-4));
  await expect(portal.details.getByTestId('job-id')).toHaveText(ref);
});
