/**
 * The fleet screen on a phone (390 px): a vehicle with a few full fills, a partial fill and a
 * service, seeded through the staff REST calls; an expanded card and the efficiency chart fit the
 * width. Set SAVE_SCREENSHOTS=1 to refresh e2e/screenshots/fleet-390.png for a person to look at;
 * otherwise the shot goes to the test's output folder, so a test run leaves the tree unchanged.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN, expect, test } from '../fixtures/server';
import { loginThroughUi } from '../page-models/admin';
import { FleetScreen } from '../page-models/fleet';

const SCREENSHOT = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'screenshots',
  'fleet-390.png',
);

test.use({ viewport: { width: 390, height: 844 }, actionTimeout: 20_000 });

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString();
}

async function post<T>(
  request: APIRequestContext,
  baseURL: string,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(`${baseURL}${path}`, { data, headers: { Origin: baseURL } });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

test('fleet screen at 390 px with an expanded card and the efficiency chart', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await loginThroughUi(page, ADMIN);
  const registration = `LAY${String(Date.now()).slice(-5)}`;
  const { vehicle } = await post<{ vehicle: { id: number } }>(
    page.request,
    baseURL!,
    '/api/vehicles',
    {
      name: 'Big Red Recovery',
      make: 'Toyota',
      model: 'LandCruiser 79',
      year: 2022,
      registration,
      type: '4x4 Recovery',
      mileage: 40_000,
      status: 'active',
      lastServiceDate: daysAgo(185).slice(0, 10),
      registrationExpiry: daysAgo(-20).slice(0, 10),
      modifications: ['12,000 lb Electric Winch', 'LED Light Bar', 'UHF CB Radio', 'Snorkel'],
      specialFeatures: ['Mine Site Approved', 'Remote Area Recovery'],
    },
  );
  const fills = [
    { days: 120, odo: 40_000, litres: 90_000, fill: 'Full' },
    { days: 95, odo: 40_780, litres: 105_300, fill: 'Full' },
    { days: 70, odo: 41_500, litres: 40_000, fill: 'Partial' },
    { days: 60, odo: 41_900, litres: 62_000, fill: 'Full' },
    { days: 30, odo: 42_700, litres: 99_800, fill: 'Full' },
    { days: 5, odo: 43_450, litres: 96_100, fill: 'Full' },
  ];
  for (const fill of fills) {
    await post(page.request, baseURL!, '/api/fuel-records', {
      vehicleId: vehicle.id,
      dateTime: daysAgo(fill.days),
      location: 'Karratha',
      fuelType: 'Diesel',
      liters: fill.litres,
      pricePerLiter: 215,
      totalCost: Math.round((fill.litres * 215) / 1000),
      odometerReading: fill.odo,
      fillType: fill.fill,
      driver: 'Sam',
    });
  }
  await post(page.request, baseURL!, '/api/service-records', {
    vehicleId: vehicle.id,
    serviceType: 'Routine Service',
    description: 'Major service, new fuel filters',
    mileageAtService: 39_800,
    totalCost: 68_500,
    servicedBy: 'Pilbara Diesel',
    invoiceDate: daysAgo(190).slice(0, 10),
  });

  const fleet = new FleetScreen(page);
  await fleet.open();
  const card = fleet.card(registration);
  await expect(card.getByTestId('vehicle-status')).toHaveText('Service Due');
  await expect(card).toHaveAttribute('data-status-color', 'yellow');
  await expect(card.getByTestId('vehicle-alerts')).toContainText('Registration expires');
  await fleet.expand(registration);
  await expect(card.getByTestId('fuel-record')).toHaveCount(3);
  await expect(card.getByTestId('fuel-record').first()).toContainText('96.1 L Diesel');
  await expect(card.getByTestId('vehicle-modifications')).toContainText('Snorkel');
  const chart = page.getByTestId('efficiency-chart');
  await expect(chart.locator('.recharts-line').first()).toBeVisible();

  // The install card floats over the page; dismiss it so the screenshot shows the screen itself.
  const dismiss = page.getByRole('button', { name: 'Dismiss install card' });
  if (await dismiss.isVisible()) await dismiss.click();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, 'nothing wider than the phone').toBeLessThanOrEqual(0);
  await page.screenshot({
    path: process.env.SAVE_SCREENSHOTS ? SCREENSHOT : test.info().outputPath('fleet-390.png'),
    fullPage: true,
  });

  // The Add Vehicle form fills the phone and shows the spec's messages under its fields.
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const form = page.getByRole('form', { name: 'Add Vehicle' });
  await form.getByRole('button', { name: 'Add Vehicle' }).click();
  for (const message of [
    'Vehicle name is required',
    'Registration is required',
    'Vehicle type is required',
    'Make is required',
    'Model is required',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  const box = await page.getByRole('dialog').boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(380);
  await page.screenshot({ path: test.info().outputPath('add-vehicle-390.png') });
});
