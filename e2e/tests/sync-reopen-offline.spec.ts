/**
 * An admin's browser goes offline, approves a booking and marks the job En
 * Route, is closed and reopened offline (both changes still there and pending), goes online, and a
 * second admin's browser shows both changes; the chip goes from "2 pending" to synced.
 */
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { AdminPanel, openOfficeAndCustomer } from '../page-models/admin';
import { bookRecovery } from '../page-models/public-forms';
import { queryRows } from '../page-models/test-data';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

test('offline approvals survive closing and reopening the app offline, then reach a second admin', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(240_000);
  const office = await openOfficeAndCustomer(browser, baseURL);
  const { admin: adminContext, visitor: publicContext } = office.contexts;
  const { admin, second } = office;
  try {
    const firstPage = admin.page;

    const who = await bookRecovery(await publicContext.newPage(), 'Reopen');
    const card = admin.bookingCard(who.name);
    await expect(card).toBeVisible({ timeout: 15_000 });

    // No signal: approve the booking and mark the new job En Route.
    await adminContext.setOffline(true);
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toHaveCount(0);
    await admin.tab('Job Management');
    const jobCard = firstPage.getByTestId('job-card').filter({ hasText: who.name });
    await expect(jobCard).toHaveCount(1);
    const jobId = (await jobCard.getAttribute('data-job-id')) ?? '';
    expect(jobId).toMatch(/^JOB-\d{4}-P\d+$/);
    await admin.controls(jobId).markEnRoute.click();
    await expect(admin.jobCard(jobId)).toHaveAttribute('data-status', 'En Route');
    await expect(firstPage.getByTestId('sync-status-label')).toHaveText('Offline · 2 pending');

    // The tab is closed and the app opened again, still without signal.
    await firstPage.close();
    const reopened = await adminContext.newPage();
    const again = new AdminPanel(reopened);
    await reopened.goto('/admin');
    await expect(reopened.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(reopened.getByTestId('sync-status-label')).toHaveText('Offline · 2 pending');
    await again.tab('Job Management');
    await expect(again.jobCard(jobId)).toHaveAttribute('data-status', 'En Route');
    await expect(again.jobCard(jobId).getByTestId('pending-marker')).toBeVisible();
    expect(queryRows(server.dbFile, 'SELECT id FROM jobs WHERE id = ?', jobId)).toEqual([]);

    // Signal returns: the chip goes to synced and the second admin sees both changes.
    await adminContext.setOffline(false);
    await again.waitOnline();
    await expect(reopened.getByTestId('sync-status-label')).toHaveText('Synced');
    expect(queryRows(server.dbFile, 'SELECT status FROM jobs WHERE id = ?', jobId)).toEqual([
      { status: 'En Route' },
    ]);
    await second.tab('Job Management');
    await expect(second.jobCard(jobId)).toHaveAttribute('data-status', 'En Route', {
      timeout: 5_000,
    });
    await second.tab('Pending Bookings');
    await expect(second.bookingCard(who.name)).toHaveCount(0);
  } finally {
    await office.closeAll();
  }
});
