/**
 * A tracking link opens on the job: on a 360 px phone the first screen, unscrolled, shows the
 * job's status in the customer's words, the next step, the driver and the arrival estimate; the
 * search is below for a person who came without a link.
 */
import { customerStatus } from '@pilbara/shared-schema';
import { expect, test } from '../fixtures/server';
import { PAGE_LOAD_TIMEOUT } from '../page-models/public-forms';
import { createJob, loginAsAdmin, uniqueCustomer, updateJob } from '../page-models/test-data';

test('a tracking link at 360 px shows the status and the next step without scrolling', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  await loginAsAdmin(request);
  const who = uniqueCustomer('Screen');
  const job = await createJob(request, {
    customerName: who.name,
    phone: who.phone,
    service: 'Emergency Towing',
    location: 'North West Coastal Hwy, 30 km east of Karratha',
    assignedTo: 'Sam Taylor',
  });
  await updateJob(request, job.id, { status: 'En Route', progress: 25 });
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  await phone.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
  try {
    const page = await phone.newPage();
    await page.goto(`/customer-portal?token=${job.trackingToken}`);
    const details = page.getByTestId('job-details');
    await expect(details).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    const shown = customerStatus('En Route', 'Sam Taylor');
    const status = details.locator('[data-status="En Route"]');
    await expect(status).toHaveText(shown.label);
    const next = details.getByTestId('next-step');
    await expect(next).toHaveText(shown.next);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Wholly on the first screen, above the docked call bar.
    for (const part of [status, next, details.getByText('Sam Taylor', { exact: true })])
      await expect(part).toBeInViewport({ ratio: 1 });
    const dock = await page.getByRole('link', { name: /^Emergency call/ }).boundingBox();
    const nextBox = await next.boundingBox();
    expect((nextBox?.y ?? 1e6) + (nextBox?.height ?? 0)).toBeLessThanOrEqual(dock?.y ?? 740);
    // The search is still there, below the job.
    const search = page.getByRole('button', { name: 'Track Job' });
    await expect(search).toBeVisible();
    expect((await search.boundingBox())!.y).toBeGreaterThan((await details.boundingBox())!.y);
    await page.screenshot({ path: testInfo.outputPath('tracking-first-screen-360.png') });
  } finally {
    await phone.close();
  }
});
