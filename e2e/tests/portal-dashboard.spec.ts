/**
 * Job tracking and the no-login dashboard, against jobs that staff created through the admin
 * API: portal search by job ID with the phone's last digits (a name finds nothing), the tracking
 * link, the not-found page, and the dashboard by phone and by job ID with its tabs and sign-out.
 */
import { MESSAGES } from '@pilbara/shared-schema';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { DashboardPage, PortalPage } from '../page-models/tracking';
import {
  createJob,
  lastFour,
  loginAsAdmin,
  uniqueCustomer,
  updateJob,
} from '../page-models/test-data';

test.describe('customer portal', () => {
  test('finds a job by its ID, shows status, driver, arrival and timeline, and follows changes', async ({
    page,
    request,
  }) => {
    const who = uniqueCustomer('Portal');
    await loginAsAdmin(request);
    const job = await createJob(request, {
      customerName: who.name,
      phone: who.phone,
      service: '4x4 Recovery',
      location: 'Cleaverville Beach track',
      estimatedArrival: '30-45 minutes',
    });
    await updateJob(request, job.id, { assignedTo: 'Both' });
    await updateJob(request, job.id, { status: 'En Route', progress: 25 });

    const portal = new PortalPage(page);
    await portal.open();
    await portal.search(job.number, lastFour(who.phone));
    await expect(portal.details).toBeVisible();
    await expect(portal.details.getByTestId('job-id')).toHaveText(job.number);
    await expect(portal.details.getByText('On the way', { exact: true })).toBeVisible();
    await expect(portal.details.getByText('25%')).toBeVisible();
    await expect(portal.details.getByText('Both', { exact: true })).toBeVisible();
    // A hand-given estimate holds until the job's next step; en route now, with no place the
    // arrival rule can locate, the customer is told the truth rather than an old figure.
    await expect(portal.details.getByText('To be confirmed')).toBeVisible();
    await expect(portal.details.getByText('30-45 minutes')).toHaveCount(0);
    await expect(portal.details.getByText('Driver en route')).toBeVisible();
    await expect(portal.details.getByText('Driver arrived on site')).toHaveCount(0);
    // The address bar keeps the tracking token, never the id alone.
    await expect(page).toHaveURL(new RegExp(`token=${job.trackingToken}`));

    // Staff move the job on; the open portal shows it within a poll (5 s).
    await updateJob(request, job.id, { status: 'In Progress', progress: 50 });
    await expect(portal.details.locator('[data-status="In Progress"]')).toBeVisible({
      timeout: 12_000,
    });
    await expect(portal.details.getByText('Driver arrived on site')).toBeVisible();
  });

  test('finds nothing by a name, and ?search= asks for the phone digits first', async ({
    page,
    request,
  }) => {
    const who = uniqueCustomer('Named');
    await loginAsAdmin(request);
    const job = await createJob(request, {
      customerName: who.name,
      phone: who.phone,
      service: 'Emergency Towing',
      location: 'Karratha airport',
    });

    const portal = new PortalPage(page);
    await portal.open();
    await portal.search(who.name.toUpperCase());
    await expect(page.getByRole('heading', { name: MESSAGES.JOB_NOT_FOUND_PAGE })).toBeVisible();
    await expect(portal.details).toHaveCount(0);

    await portal.open(job.number);
    await expect(portal.searchBox).toHaveValue(job.number);
    await expect(portal.digitsBox).toBeVisible();
    await expect(portal.details).toHaveCount(0);
    await page.getByRole('button', { name: 'Track Job' }).click();
    await expect(page.getByText(MESSAGES.PHONE_PROOF_REQUIRED)).toBeVisible();
    await portal.digitsBox.fill(lastFour(who.phone));
    await page.getByRole('button', { name: 'Track Job' }).click();
    await expect(portal.details.getByTestId('job-id')).toHaveText(job.number);
  });

  test('an empty search asks for a job ID or name; an unknown one shows Job Not Found', async ({
    page,
  }) => {
    const portal = new PortalPage(page);
    await portal.open();
    await page.getByRole('button', { name: 'Track Job' }).click();
    await expect(page.getByText(MESSAGES.PORTAL_SEARCH_EMPTY, { exact: true })).toBeVisible();

    await portal.search('JOB-1999-424242', '4242');
    await expect(page.getByText(MESSAGES.JOB_NOT_FOUND_TITLE, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.JOB_NOT_FOUND_DESCRIPTION)).toBeVisible();
    await expect(page.getByRole('heading', { name: MESSAGES.JOB_NOT_FOUND_PAGE })).toBeVisible();
    await page.getByRole('button', { name: 'Try Another Search' }).click();
    await expect(page.getByRole('heading', { name: MESSAGES.JOB_NOT_FOUND_PAGE })).toHaveCount(0);
    await expect(portal.searchBox).toBeFocused();
  });

  test('copies the job ID, and says so when the browser refuses to copy', async ({
    page,
    context,
    request,
  }) => {
    const who = uniqueCustomer('Copy');
    await loginAsAdmin(request);
    const job = await createJob(request, {
      customerName: who.name,
      phone: who.phone,
      service: 'Lockout Service',
      location: 'Pegs Creek',
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    const portal = new PortalPage(page);
    await portal.openLink(`/customer-portal?token=${job.trackingToken}`);
    await page.getByRole('button', { name: 'Copy job ID' }).click();
    await expect(page.getByText(`Job ID ${job.number} copied to clipboard`)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(job.number);

    await page.evaluate(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    await page.getByRole('button', { name: 'Copy job ID' }).click();
    await expect(page.getByText(MESSAGES.COPY_FAILED_TITLE, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.COPY_FAILED_DESCRIPTION, { exact: true })).toBeVisible();
  });

  test('a failing search says Search Failed', async ({ page }) => {
    await page.route('**/api/jobs/search**', (route) =>
      route.fulfill({ status: 500, body: 'boom' }),
    );
    const portal = new PortalPage(page);
    await portal.open();
    await portal.search('JOB-2026-5', '1234');
    await expect(page.getByText(MESSAGES.SEARCH_FAILED_TITLE, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.SEARCH_FAILED_DESCRIPTION).first()).toBeVisible();
  });
});

test.describe('customer dashboard', () => {
  test('opens by phone: tiles, active jobs with Track Live, history, profile and sign-out', async ({
    page,
    request,
  }) => {
    const who = uniqueCustomer('Dash');
    await loginAsAdmin(request);
    const active = await createJob(request, {
      customerName: who.name,
      phone: who.phone,
      email: who.email,
      service: 'Automotive Repairs',
      location: 'Nickol Bay Drive, Nickol',
      estimatedArrival: '20 minutes',
    });
    await updateJob(request, active.id, { assignedTo: 'Both' });
    await updateJob(request, active.id, { status: 'En Route', progress: 25 });
    const done = await createJob(request, {
      customerName: who.name,
      phone: who.phone,
      service: 'Local Towing',
      location: 'Bulgarra',
    });
    await updateJob(request, done.id, { status: 'Completed', progress: 100 });

    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await expect(page.getByRole('heading', { name: 'Access Your Dashboard' })).toBeVisible();
    // An empty lookup does nothing.
    await dashboard.lookupBox.press('Enter');
    await expect(page.getByRole('heading', { name: 'Access Your Dashboard' })).toBeVisible();

    await dashboard.accessWith(who.phone);
    await expect(page.getByRole('heading', { name: `Welcome back, ${who.name}!` })).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Leave Review' })).toHaveAttribute(
      'href',
      '/feedback',
    );

    const card = page.getByTestId('active-job');
    await expect(card).toHaveCount(1);
    await expect(card.getByText(active.number)).toBeVisible();
    await expect(card.getByText('Both')).toBeVisible();
    await expect(card.getByRole('progressbar')).toBeVisible();

    await dashboard.tab('History').click();
    const history = page.getByTestId('history-job');
    await expect(history).toHaveCount(1);
    await expect(history.getByText(done.number)).toBeVisible();
    await expect(history.getByText(/\d{1,2} [A-Z][a-z]{2} \d{4}/)).toBeVisible();

    await dashboard.tab('Profile').click();
    await expect(page.getByText(who.phone)).toBeVisible();
    // Public answers mask the email (docs/security.md): first letter and domain only.
    await expect(page.getByText(`${who.email[0]}•••@example.com`)).toBeVisible();

    // Saved info survives a reload; Track Live opens the portal on that job.
    await page.reload();
    await expect(page.getByRole('heading', { name: `Welcome back, ${who.name}!` })).toBeVisible();
    await page.getByTestId('active-job').getByRole('link', { name: 'Track Live' }).click();
    await expect(page).toHaveURL(new RegExp(`/customer-portal\\?token=${active.trackingToken}`));
    await expect(page.getByTestId('job-id')).toHaveText(active.number);

    await dashboard.open();
    await dashboard.tab('Profile').click();
    await page.getByRole('button', { name: 'Sign Out of Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Access Your Dashboard' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('customerInfo'))).toBeNull();
  });

  test('opens by job ID, and shows the empty states of a customer with nothing under way', async ({
    page,
    request,
  }) => {
    const who = uniqueCustomer('Quiet');
    await loginAsAdmin(request);
    const job = await createJob(request, {
      customerName: who.name,
      phone: who.phone,
      service: 'Jump Start Service',
      location: 'Baynton',
    });
    await updateJob(request, job.id, { status: 'Cancelled', progress: 0 });

    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.accessWith(job.number, lastFour(who.phone));
    await expect(page.getByRole('heading', { name: `Welcome back, ${who.name}!` })).toBeVisible();
    await expect(page.getByText('None', { exact: true })).toBeVisible();
    await expect(page.getByText('New', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No Active Jobs' })).toBeVisible();
    await dashboard.tab('History').click();
    await expect(page.getByRole('heading', { name: 'No Service History' })).toBeVisible();
    await dashboard.tab('Profile').click();
    await expect(page.getByText('New Member')).toBeVisible();
  });
});

test.describe('customer portal with no connection', () => {
  // Offline, the page's code comes from the service worker.
  test.use(WITH_SERVICE_WORKER);

  test('a search with no connection says so and offers the call buttons', async ({
    page,
    context,
  }) => {
    const portal = new PortalPage(page);
    await portal.open();
    await context.setOffline(true);
    await portal.search('JOB-2026-5', '0005');
    const offline = page.getByTestId('portal-offline');
    await expect(offline).toContainText("You're offline, so we can't look up your job right now");
    await expect(offline.getByRole('link', { name: /0400 000 001/ })).toHaveAttribute(
      'href',
      'tel:0400000001',
    );
    await expect(offline.getByRole('link', { name: /0400 000 002/ })).toBeVisible();
    await expect(page.getByText(MESSAGES.SEARCH_FAILED_TITLE, { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await context.setOffline(false);
  });
});
