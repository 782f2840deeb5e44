/**
 * The job buttons are enabled and disabled exactly as the shared job-flow rule says (a test per
 * status; a cancelled job leaves the list), delete refuses active jobs, guests are sent from
 * /admin to /auth, and a customer sees no admin link and gets 403 from staff calls.
 */
import { JOB_STATUSES, canDeleteJob, isJobActionAllowed } from '@pilbara/shared-schema';
import { ADMIN, expect, test } from '../fixtures/server';
import { AdminPanel, loginThroughUi } from '../page-models/admin';
import { createJob, loginAsAdmin, uniqueCustomer, updateJob } from '../page-models/test-data';

// Each test signs in through the UI and waits for the first sync: allow for a busy machine.
test.describe.configure({ timeout: 120_000 });

/** How to bring a new job to each status through the staff API. */
const ROUTE_TO: Record<string, { open?: string; then: { status: string; progress: number }[] }> = {
  Assigned: { then: [] },
  Scheduled: { open: 'Scheduled', then: [] },
  Emergency: { open: 'Emergency', then: [] },
  'En Route': { then: [{ status: 'En Route', progress: 25 }] },
  'In Progress': { then: [{ status: 'In Progress', progress: 50 }] },
  Completed: { then: [{ status: 'Completed', progress: 100 }] },
  Cancelled: { then: [{ status: 'Cancelled', progress: 0 }] },
};

test.describe('job buttons follow the job-flow rule', () => {
  for (const status of JOB_STATUSES) {
    test(`a job that is ${status}`, async ({ page }) => {
      const route = ROUTE_TO[status];
      expect(route, `a way to reach ${status}`).toBeDefined();
      await loginAsAdmin(page.request);
      const who = uniqueCustomer('Flow');
      const { id } = await createJob(page.request, {
        customerName: who.name,
        phone: who.phone,
        service: 'Roadside Assistance',
        location: 'Dampier Road',
        ...(route!.open ? { status: route!.open } : {}),
      } as Parameters<typeof createJob>[1]);
      for (const step of route!.then) await updateJob(page.request, id, step);

      // A cancelled job leaves the owners' list (it is kept for reports). A job created after it
      // shows the list has rendered what the sync brought, so its absence proves something.
      const later =
        status === 'Cancelled'
          ? await createJob(page.request, {
              customerName: `${who.name} later`,
              phone: who.phone,
              service: 'Roadside Assistance',
              location: 'Dampier Road',
            } as Parameters<typeof createJob>[1])
          : null;

      await loginThroughUi(page, ADMIN);
      const admin = new AdminPanel(page);
      await admin.open();
      await admin.tab('Job Management');
      if (later) {
        await expect(admin.jobCard(later.id)).toBeVisible();
        await expect(admin.jobCard(id)).toHaveCount(0);
        return;
      }
      await expect(admin.jobCard(id)).toHaveAttribute('data-status', status);
      const controls = admin.controls(id);
      const expectEnabled = async (locator: typeof controls.markEnRoute, enabled: boolean) =>
        enabled ? expect(locator).toBeEnabled() : expect(locator).toBeDisabled();
      await expectEnabled(controls.markEnRoute, isJobActionAllowed(status, 'markEnRoute'));
      await expectEnabled(controls.startService, isJobActionAllowed(status, 'startService'));
      await expectEnabled(controls.complete, isJobActionAllowed(status, 'complete'));
      await expectEnabled(controls.driver, isJobActionAllowed(status, 'reassign'));
      await expectEnabled(controls.remove, canDeleteJob(status));
      // History is always there to read.
      await controls.history.click();
      await expect(admin.jobCard(id).getByTestId('job-history')).toContainText('Job created');

      if (canDeleteJob(status)) {
        await controls.remove.click();
        // A confirmation first: the job is archived, its history kept.
        await page.getByRole('dialog').getByRole('button', { name: 'Archive job' }).click();
        await expect(admin.toast('Job Deleted')).toBeVisible();
        await expect(admin.jobCard(id)).toHaveCount(0);
      } else {
        // The server holds the same line for an active job: no delete.
        const refused = await page.request.delete(`/api/jobs/${id}`);
        expect(refused.status()).toBe(409);
        await expect(admin.jobCard(id)).toBeVisible();
      }
    });
  }
});

test('a guest opening /admin is sent to /auth', async ({ page }) => {
  await page.goto('/admin');
  await page.waitForURL((url) => url.pathname === '/auth');
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
});

test('a customer sees no admin link, is sent from /admin to /auth, and gets 403 from staff calls', async ({
  page,
}) => {
  const who = uniqueCustomer('Cust');
  const username = `cust${who.phone.slice(-7)}`;
  const password = 'customer-password-1';
  const registered = await page.request.post('/api/auth/register', {
    data: { username, password, email: who.email, firstName: 'Casey' },
  });
  expect(registered.status()).toBe(201);
  await loginThroughUi(page, { username, password, role: 'customer' });
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);

  await page.goto('/admin');
  await page.waitForURL((url) => url.pathname === '/auth');

  const calls = [
    page.request.get('/api/jobs'),
    page.request.post('/api/jobs', {
      data: { customerName: 'X', phone: '1', service: 'Vehicle Repairs', location: 'Y' },
    }),
    page.request.patch('/api/jobs/JOB-2026-1', { data: { status: 'En Route', progress: 25 } }),
    page.request.delete('/api/jobs/JOB-2026-1'),
    page.request.get('/api/bookings'),
    page.request.post('/api/bookings/BKG-2026-1/approve'),
    page.request.get('/api/emails'),
    page.request.get('/api/quotes'),
    page.request.get('/api/vehicles'),
    page.request.get('/api/sync/pull?clientId=device-x&cursor=0'),
    page.request.post('/api/sync/push', { data: { clientId: 'device-x', mutations: [] } }),
    page.request.post('/api/sync/lease', { data: { clientId: 'device-x', series: 'JOB-2026' } }),
  ];
  const statuses = (await Promise.all(calls)).map((response) => response.status());
  expect(statuses).toEqual(calls.map(() => 403));
});
