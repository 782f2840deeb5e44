/**
 * The owners' reports — jobs per week, the response-time trend, who owes what (aged
 * receivables by customer) — on a phone (390 px) and a desktop (1280 px), drawn from the rows on
 * the device (they open with no signal), with readable axes and nothing scrolling sideways; and
 * the books offer the MYOB layout beside Xero's. The server runs with its demo data (months of
 * invoices, jobs in every status with their history). SAVE_SCREENSHOTS=1 writes the shots to
 * e2e/screenshots/report-*.png.
 */
import { rmSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, startServer, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { openAdminPanelByApi } from '../page-models/admin';
import { waitForOfflineReady } from '../page-models/app-shell';
import { BillingPage } from '../page-models/billing';
import { shotAt } from '../page-models/screens';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

/** The tick labels of a chart's axes, as drawn. */
async function tickLabels(chart: Locator): Promise<string[]> {
  return chart.locator('text.recharts-cartesian-axis-tick-value').allTextContents();
}

/** No two tick labels of the x axis overlap (readable at this width). */
async function xTicksApart(chart: Locator): Promise<void> {
  const boxes = await chart
    .locator('.recharts-xAxis-tick-labels text.recharts-cartesian-axis-tick-value')
    .evaluateAll((nodes) =>
      nodes.map((node) => {
        const box = node.getBoundingClientRect();
        return { left: box.left, right: box.right };
      }),
    );
  for (let i = 1; i < boxes.length; i += 1)
    expect(boxes[i]?.left ?? 0, 'x-axis labels do not overlap').toBeGreaterThanOrEqual(
      boxes[i - 1]?.right ?? 0,
    );
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, 'nothing scrolls sideways').toBeLessThanOrEqual(0);
}

test('jobs per week, response time and who owes what read well at 390 and 1280 px, offline too', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const { server, stop } = await startServer({ DEMO_DATA: 'true' });
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const admin = await openAdminPanelByApi(context);
    const page = admin.page;
    await waitForOfflineReady(page);
    await admin.waitOnline();
    // The reports read what the device holds: they open with no signal.
    await context.setOffline(true);
    await admin.tab('Quotes & Billing');
    const billing = new BillingPage(page);
    await billing.view('Reports & books');

    const jobs = page.getByTestId('jobs-per-week-chart');
    const response = page.getByTestId('response-time-chart');
    const owed = page.getByTestId('aged-receivables');
    // Bars for the weeks with jobs (the demo's are this week), a line for the response times.
    await expect(jobs.locator('.recharts-bar-rectangle path').first()).toBeVisible();
    await expect(response.locator('.recharts-line path').first()).toBeVisible();
    await expect(owed.getByTestId('receivables-total')).toHaveText(/^\$[\d,]+\.\d{2} owed$/);
    await expect(owed.getByTestId('receivables-customers').locator('tr').first()).toBeVisible();
    await expect(owed.getByTestId('receivables-buckets')).toContainText('90+ days');
    await expect(page.getByRole('button', { name: 'Sales CSV (MYOB)' })).toBeVisible();

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await noSidewaysScroll(page);
      for (const chart of [jobs, response]) {
        const ticks = await tickLabels(chart);
        expect(
          ticks.some((tick) => /^\d{1,2} [A-Z][a-z]{2}$/.test(tick)),
          `week labels among ${JSON.stringify(ticks)}`,
        ).toBe(true);
        await xTicksApart(chart);
      }
      expect(await tickLabels(response)).toContainEqual(expect.stringMatching(/min|h/));
      await shotAt(page, 'report-jobs-response', width, jobs);
      await shotAt(page, 'report-receivables', width, owed);
      await shotAt(page, 'report-books', width, page.getByTestId('gst-summary'));
    }
  } finally {
    await context.close();
    await stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});
