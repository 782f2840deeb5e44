/**
 * The admin panel works offline and converges. A booking made on the public
 * site reaches Pending Bookings; with the admin's browser offline, approving it and marking the
 * job En Route show at once; back online, a second admin browser sees En Route within a second,
 * and the customer's En Route email arrives once, its tracking link showing the job En Route.
 */
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { openOfficeAndCustomer } from '../page-models/admin';
import { bookRecovery } from '../page-models/public-forms';
import { notifierCaughtUp, queryRows } from '../page-models/test-data';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

/** Undoes quoted-printable soft breaks and escapes, enough to find a link in a raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

test('approve and mark En Route offline, then every device and the customer catch up', async ({
  browser,
  baseURL,
  mailbox,
  server,
}) => {
  test.setTimeout(240_000);
  const office = await openOfficeAndCustomer(browser, baseURL);
  const { admin: adminContext, visitor: publicContext } = office.contexts;
  const { admin, second } = office;
  try {
    const adminPage = admin.page;

    // A customer books on the public site; it reaches the admin's Pending Bookings live.
    const publicPage = await publicContext.newPage();
    const who = await bookRecovery(publicPage, 'Offline');
    const card = admin.bookingCard(who.name);
    await expect(card).toBeVisible({ timeout: 10_000 });
    await expect(card.getByTestId('urgency')).toHaveText('Scheduled');

    // No signal: approve and mark En Route.
    await adminContext.setOffline(true);
    expect(await adminPage.evaluate(() => navigator.onLine)).toBe(false);
    await card.getByRole('button', { name: 'Approve' }).click();
    const approved = admin.toast('Booking Approved');
    // Offline, the toast names the job's provisional reference (staff can read it out;
    // the number comes when it syncs).
    await expect(approved, 'the toast names the new job').toContainText('(number pending)');
    await expect(approved).not.toContainText(/JOB-\d{4}-P\d+/);
    await expect(card).toHaveCount(0);

    await admin.tab('Job Management');
    const jobCard = adminPage.getByTestId('job-card').filter({ hasText: who.name });
    await expect(jobCard).toHaveCount(1);
    const jobId = await jobCard.getAttribute('data-job-id');
    expect(jobId).toMatch(/^JOB-\d{4}-P\d+$/);
    const job = admin.jobCard(jobId!);
    await expect(job).toHaveAttribute('data-status', 'Scheduled');
    await expect(job.getByTestId('pending-marker')).toBeVisible();
    await admin.controls(jobId!).markEnRoute.click();
    await expect(job).toHaveAttribute('data-status', 'En Route');
    await expect(job.getByTestId('job-status')).toHaveText('En Route');
    await expect(admin.controls(jobId!).markEnRoute).toBeDisabled();
    await expect(adminPage.getByTestId('sync-status-label')).toHaveText('Offline · 2 pending');
    // Nothing reached the server while offline.
    expect(queryRows(server.dbFile, 'SELECT id FROM jobs WHERE id = ?', jobId)).toEqual([]);

    // The other admin has seen none of it.
    await second.tab('Job Management');
    await expect(second.jobCard(jobId!)).toHaveCount(0);

    // Signal returns: the outbox drains and the second admin sees En Route within a second.
    await adminContext.setOffline(false);
    await admin.waitOnline();
    await expect(job.getByTestId('pending-marker')).toHaveCount(0);
    await expect(second.jobCard(jobId!)).toHaveAttribute('data-status', 'En Route', {
      timeout: 1_000,
    });

    // Synced: the job has its number, which the card now shows and the customer is told.
    const jobNumber = queryRows<{ number: string }>(
      server.dbFile,
      'SELECT number FROM jobs WHERE id = ?',
      jobId,
    )[0]?.number;
    expect(jobNumber).toMatch(/^JOB-\d{4}-\d+$/);
    await expect(job.getByTestId('document-ref')).toHaveText(jobNumber!);

    // The En Route email reaches the customer, once, with the job's tracking link (a
    // link carries the job's token; a job id alone opens nothing without the phone).
    const enRouteMails = () =>
      mailbox.messages.filter(
        (mail) =>
          mail.to.includes(who.email) &&
          decodeQuotedPrintable(mail.raw).includes(
            `Your driver is on the way for job ${jobNumber}`,
          ),
      );
    await expect.poll(() => enRouteMails().length, { timeout: 15_000 }).toBe(1);
    const [enRoute] = enRouteMails();
    const link = /\/customer-portal\?token=[\w-]+/.exec(decodeQuotedPrintable(enRoute?.raw ?? ''));
    expect(link, 'the En Route email carries the tracking link').not.toBeNull();

    // The customer opens it: the portal shows the job on its way.
    await publicPage.goto(link?.[0] ?? '/customer-portal');
    await expect(publicPage.getByText(jobNumber!).first()).toBeVisible({ timeout: 10_000 });
    await expect(
      publicPage.getByTestId('job-details').getByText('On the way', { exact: true }),
    ).toBeVisible({ timeout: 10_000 });
    // Once the notifier has read every change and sent what it found, no second one can come.
    await notifierCaughtUp(server.dbFile, jobId!);
    expect(enRouteMails()).toHaveLength(1);
  } finally {
    await office.closeAll();
  }
});
