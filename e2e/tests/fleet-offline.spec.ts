/**
 * The fleet offline: with the browser offline a driver adds two fuel records and a service
 * record; the cards update at once; back online the server has exactly those three records and a
 * second device sees them. A duplicate registration shows the registration message; removing a
 * vehicle asks first.
 */
import { MESSAGES } from '@pilbara/shared-schema';
import { ADMIN, expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { loginThroughUi } from '../page-models/admin';
import { openDevices } from '../page-models/app-shell';
import { FleetScreen } from '../page-models/fleet';
import { queryRows } from '../page-models/test-data';
import { expectToastShown, watchToasts } from '../page-models/toasts';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

// A control that never appears fails in seconds rather than at the end of the test's budget.
test.use({ actionTimeout: 20_000 });

function uniqueRegistration(): string {
  return `E2E${String(Date.now()).slice(-6)}`;
}

test('fuel and service logged offline reach the server once and a second device', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(240_000);
  const devices = await openDevices(browser, baseURL, ['driver', 'second']);
  const { driver: driverContext, second: secondContext } = devices.contexts;
  try {
    const page = await driverContext.newPage();
    await loginThroughUi(page, ADMIN);
    const fleet = new FleetScreen(page);
    await fleet.open();

    // Online: a new vehicle.
    const registration = uniqueRegistration();
    const name = `Recovery ${registration}`;
    await fleet.addVehicle({
      name,
      registration,
      make: 'Toyota',
      model: 'LandCruiser 79',
      type: '4x4 Recovery',
      mileage: 12000,
    });
    await expect(fleet.toast(`Vehicle "${name}" added successfully to the fleet`)).toBeVisible();
    await fleet.dismissToasts();
    const card = fleet.card(registration);
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('vehicle-status')).toHaveText('Active');
    const vehicleId = Number(await card.getAttribute('data-vehicle-id'));
    await fleet.waitSynced();
    expect(
      queryRows(server.dbFile, 'SELECT registration FROM vehicles WHERE id = ?', vehicleId),
    ).toEqual([{ registration }]);

    // A second vehicle with the same registration is refused with the registration message.
    await fleet.addVehicle({
      name: 'Duplicate',
      registration,
      make: 'Isuzu',
      model: 'NPS',
      type: 'Tow Truck',
    });
    await expect(
      fleet.toast('Registration number already exists. Please use a different registration.'),
    ).toBeVisible();
    await expect(
      page.getByRole('form', { name: 'Add Vehicle' }),
      'the dialog stays open to fix the registration',
    ).toBeVisible();
    await page
      .getByRole('form', { name: 'Add Vehicle' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await fleet.dismissToasts();
    await expect(fleet.card(registration)).toHaveCount(1);

    // No signal: two fuel receipts and a service.
    await driverContext.setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await fleet.addFuel(registration, {
      litres: '80.5',
      cost: '161.00',
      odometer: 12400,
      location: 'Karratha Caltex',
    });
    await fleet.addFuel(registration, {
      litres: '62.25',
      cost: '124.50',
      odometer: 12900,
      location: 'Roebourne Roadhouse',
    });
    await fleet.addService(registration, {
      type: 'Oil Change',
      description: 'Engine oil and filter',
      odometer: 12950,
      cost: '289.90',
      servicedBy: 'Pilbara Diesel',
    });
    await fleet.expand(registration);
    await expect(card.getByTestId('fuel-record')).toHaveCount(2);
    await expect(card.getByTestId('service-record')).toHaveCount(1);
    await expect(card.getByTestId('fuel-record').first()).toContainText('62.25 L');
    await expect(card.getByTestId('service-record')).toContainText('$289.90');
    await expect(card.getByTestId('latest-fuel').getByTestId('pending-marker')).toHaveCount(2);
    await expect(card.getByText('12,950').first()).toBeVisible();
    await expect(page.getByTestId('sync-status-label')).toHaveText('Offline · 3 pending');
    expect(
      queryRows(server.dbFile, 'SELECT id FROM fuel_records WHERE vehicleId = ?', vehicleId),
    ).toEqual([]);

    // Signal returns: exactly those three records arrive, in units of cents and thousandths.
    await driverContext.setOffline(false);
    await fleet.waitSynced(30_000);
    await expect(card.getByTestId('pending-marker')).toHaveCount(0);
    const fuelRows = queryRows<{
      liters: number;
      totalCost: number;
      odometerReading: number;
      fillType: string;
      pricePerLiter: number;
    }>(
      server.dbFile,
      'SELECT liters, totalCost, odometerReading, fillType, pricePerLiter FROM fuel_records WHERE vehicleId = ? ORDER BY odometerReading',
      vehicleId,
    );
    expect(fuelRows).toEqual([
      {
        liters: 80500,
        totalCost: 16100,
        odometerReading: 12400,
        fillType: 'Full',
        pricePerLiter: 200,
      },
      {
        liters: 62250,
        totalCost: 12450,
        odometerReading: 12900,
        fillType: 'Full',
        pricePerLiter: 200,
      },
    ]);
    const serviceRows = queryRows<{
      serviceType: string;
      totalCost: number;
      laborCost: number;
      mileageAtService: number;
    }>(
      server.dbFile,
      'SELECT serviceType, totalCost, laborCost, mileageAtService FROM service_records WHERE vehicleId = ?',
      vehicleId,
    );
    expect(serviceRows).toEqual([
      { serviceType: 'Oil Change', totalCost: 28990, laborCost: 28990, mileageAtService: 12950 },
    ]);
    expect(
      queryRows(server.dbFile, 'SELECT mileage FROM vehicles WHERE id = ?', vehicleId),
    ).toEqual([{ mileage: 12950 }]);

    // A second device sees them.
    const secondPage = await secondContext.newPage();
    await loginThroughUi(secondPage, ADMIN);
    const second = new FleetScreen(secondPage);
    await second.open();
    await second.expand(registration);
    await expect(second.card(registration).getByTestId('fuel-record')).toHaveCount(2);
    await expect(second.card(registration).getByTestId('service-record')).toHaveCount(1);

    // Removing asks first; Cancel keeps the vehicle.
    await fleet.dismissToasts();
    await fleet.menu(registration, 'Remove');
    const confirm = page.getByRole('dialog', { name: 'Remove vehicle?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(fleet.card(registration)).toHaveCount(1);
    await fleet.menu(registration, 'Remove');
    await watchToasts(page);
    await page
      .getByRole('dialog', { name: 'Remove vehicle?' })
      .getByRole('button', { name: 'Remove Vehicle' })
      .click();
    await expectToastShown(page, MESSAGES.VEHICLE_REMOVED);
    await expect(fleet.card(registration)).toHaveCount(0);
    await fleet.waitSynced();
    // Removed is retired, not erased: the vehicle leaves the fleet and its fuel and
    // service records stay on the server for the reports and the books.
    expect(
      queryRows(server.dbFile, 'SELECT isActive FROM vehicles WHERE id = ?', vehicleId),
    ).toEqual([{ isActive: 0 }]);
    expect(
      queryRows(server.dbFile, 'SELECT id FROM fuel_records WHERE vehicleId = ?', vehicleId),
    ).not.toEqual([]);
    await expect(second.card(registration)).toHaveCount(0, { timeout: 15_000 });
  } finally {
    await devices.closeAll();
  }
});
