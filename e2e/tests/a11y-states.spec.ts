/**
 * axe-core at phone width on the states a visitor actually reaches, not only the first paint:
 * forms showing their validation messages, a tracked job at each stage (the coloured status
 * badges), the not-found page, and the dashboard's tabs with jobs in them.
 */
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/server';
import { AuthPage, BookingPage, ContactPage } from '../page-models/public-forms';
import { createJob, loginAsAdmin, uniqueCustomer, updateJob } from '../page-models/test-data';
import { DashboardPage, PortalPage } from '../page-models/tracking';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('booking and contact forms showing their validation messages', async ({ page }) => {
  const booking = new BookingPage(page);
  await booking.open('/book-service');
  await booking.submit();
  await expect(booking.form.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const contact = new ContactPage(page);
  await contact.open();
  await contact.send();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the register form showing its validation messages', async ({ page }) => {
  const auth = new AuthPage(page);
  await auth.open('/register');
  await auth.registerForm.getByRole('button', { name: 'Create Account' }).click();
  await expect(auth.registerForm.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a tracked job at each stage, and Job Not Found', async ({ page, request }) => {
  // Six page loads and six axe runs: at load 25 the sign-in alone (scrypt) took 13 s and the
  // whole test passed 60 s.
  test.slow();
  const who = uniqueCustomer('Axe');
  await loginAsAdmin(request);
  const job = await createJob(request, {
    customerName: who.name,
    phone: who.phone,
    service: 'Emergency Towing',
    location: 'North West Coastal Highway, 12 km south of Karratha',
  });
  const portal = new PortalPage(page);
  const stages = [
    null, // a job staff create starts as Assigned
    { status: 'En Route', progress: 25 },
    { status: 'In Progress', progress: 50 },
    { status: 'Completed', progress: 100 },
  ] as const;
  for (const stage of stages) {
    if (stage) await updateJob(request, job.id, stage);
    await portal.openLink(`/customer-portal?token=${job.trackingToken}`);
    await expect(
      portal.details.locator(`[data-status="${stage?.status ?? 'Assigned'}"]`),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }

  // A job ID asks for the phone digits (checked for accessibility too), then a miss shows Job Not Found.
  await portal.open(job.number);
  await expect(portal.digitsBox).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await portal.search('JOB-1999-424242', '4242');
  await expect(page.getByRole('heading', { name: 'Job Not Found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the dashboard with an active job, its history and profile', async ({ page, request }) => {
  const who = uniqueCustomer('AxeDash');
  await loginAsAdmin(request);
  const common = { customerName: who.name, phone: who.phone, email: who.email };
  const active = await createJob(request, {
    ...common,
    service: '4x4 Recovery',
    location: 'Burrup Peninsula',
  });
  await updateJob(request, active.id, { status: 'En Route', progress: 25 });
  const done = await createJob(request, {
    ...common,
    service: 'Vehicle Repairs',
    location: 'Dampier',
  });
  await updateJob(request, done.id, { status: 'Completed', progress: 100 });

  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.accessWith(who.phone);
  await expect(page.getByTestId('active-job')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await dashboard.tab('History').click();
  await expect(page.getByTestId('history-job')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await dashboard.tab('Profile').click();
  await expect(page.getByText(who.phone)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
