import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, PRESTART_TEXT, todayInPerth, type Vehicle } from '@pilbara/shared-schema';
import { aFleetVehicle, aStaffUser, fuelAddArgs } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { AuthProvider } from '../../lib/auth';
import { fakeApi, json } from '../../lib/testing/fake-api';
import { db, resetDevice } from '../../sync/testing/device';
import { FleetPage } from './fleet-page';
import { FLEET_TEXT } from './fleet-text';

const NOW = new Date().toISOString();
const ADMIN = aStaffUser({ id: 1, username: 'boss', firstName: 'Kim', role: 'admin' });

function stored(overrides: Partial<Vehicle> & Pick<Vehicle, 'id' | 'registration'>): Vehicle {
  return aFleetVehicle({ createdAt: NOW, ...overrides });
}

function renderPage() {
  return renderScreen(
    <AuthProvider>
      <FleetPage />
    </AuthProvider>,
    { route: '/admin/fleet' },
  );
}

async function card(registration: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .getAllByTestId('vehicle-card')
      .find((element) => within(element).queryByText(new RegExp(`^${registration} ·`)));
    if (!found) throw new Error(`no card for ${registration}`);
    return found;
  });
}

async function menu(
  user: ReturnType<typeof renderPage>['user'],
  element: HTMLElement,
  item: string,
) {
  await user.click(within(element).getByRole('button', { name: 'More' }));
  await user.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
}

beforeEach(async () => {
  await resetDevice();
  localStorage.clear();
  localStorage.setItem('auth_user', JSON.stringify(ADMIN));
  fakeApi({ 'GET /api/auth/me': json({ user: ADMIN }) });
});

describe('a vehicle’s card', () => {
  it('says None recorded under each kind of record a new truck has none of', async () => {
    await db.vehicles.put(stored({ id: 1, registration: 'NEW001' }));
    const { user } = renderPage();
    const element = await card('NEW001');
    await user.click(within(element).getByRole('button', { name: 'Show details' }));
    const details = within(element).getByTestId('vehicle-details');
    for (const heading of [
      FLEET_TEXT.modifications,
      FLEET_TEXT.specialFeatures,
      FLEET_TEXT.latestServices,
      FLEET_TEXT.latestFuel,
      FLEET_TEXT.mileageRecords,
      FLEET_TEXT.expenses,
    ])
      expect(within(details).getByText(heading)).toBeTruthy();
    expect(within(details).getAllByText(FLEET_TEXT.none).length).toBeGreaterThanOrEqual(6);
  });

  it('lists the fuel it took, marking a fill this device has not sent yet', async () => {
    await db.vehicles.put(stored({ id: 1, registration: 'FUE001' }));
    await db.fuel_records.put({
      ...fuelAddArgs({ vehicleId: 1, odometerReading: 40200 }),
      id: 5,
      dateTime: NOW,
      fillType: 'Full',
      efficiency: null,
      driver: null,
      receipt: null,
      notes: null,
      createdAt: NOW,
    });
    const { user } = renderPage();
    const element = await card('FUE001');
    await user.click(within(element).getByRole('button', { name: 'Show details' }));
    const fuel = within(element).getByTestId('latest-fuel');
    expect(fuel.textContent).toContain('$172.00');
    expect(within(fuel).queryByTestId('pending-marker')).toBeNull();
  });

  it('ticks special features and saves them on this device', async () => {
    await db.vehicles.put(stored({ id: 2, registration: 'FEA002' }));
    const { user } = renderPage();
    await menu(user, await card('FEA002'), FLEET_TEXT.editFeatures);
    const dialog = await screen.findByRole('dialog', {
      name: `${FLEET_TEXT.editFeatures} · Big Red`,
    });
    await user.click(within(dialog).getByLabelText('Mine Site Approved'));
    await user.click(within(dialog).getByLabelText('Remote Area Recovery'));
    await user.click(within(dialog).getByRole('button', { name: FLEET_TEXT.save }));
    expect(await screen.findByText(MESSAGES.VEHICLE_FEATURES_UPDATED)).toBeTruthy();
    await waitFor(async () =>
      expect((await db.vehicles.get(2))?.specialFeatures).toEqual([
        'Mine Site Approved',
        'Remote Area Recovery',
      ]),
    );
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual([
      'vehicle.updateSpecialFeatures',
    ]);
  });

  it('keeps a modification the catalogue no longer lists, so it can still be unticked', async () => {
    await db.vehicles.put(
      stored({ id: 3, registration: 'OLD003', modifications: ['Bull bar 1998'] }),
    );
    const { user } = renderPage();
    await menu(user, await card('OLD003'), FLEET_TEXT.editModifications);
    const dialog = await screen.findByRole('dialog');
    const old = within(dialog).getByLabelText('Bull bar 1998') as HTMLInputElement;
    expect(old.checked).toBe(true);
    await user.click(old);
    await user.click(within(dialog).getByRole('button', { name: FLEET_TEXT.save }));
    await waitFor(async () => expect((await db.vehicles.get(3))?.modifications).toEqual([]));
  });

  it('changes nothing when the list editor is cancelled', async () => {
    await db.vehicles.put(stored({ id: 4, registration: 'CAN004' }));
    const { user } = renderPage();
    await menu(user, await card('CAN004'), FLEET_TEXT.editFeatures);
    const dialog = await screen.findByRole('dialog', {
      name: `${FLEET_TEXT.editFeatures} · Big Red`,
    });
    await user.click(within(dialog).getByLabelText('Mine Site Approved'));
    await user.click(within(dialog).getByRole('button', { name: FLEET_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await db.vehicles.get(4))?.specialFeatures).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('a vehicle’s timeline', () => {
  it('puts its checks, defects and services on one timeline, with the audit PDF for admins', async () => {
    await db.vehicles.put(stored({ id: 5, registration: 'TIM005', name: 'Big Red' }));
    await db.prestart_checks.put({
      id: 1,
      vehicleId: 5,
      checklist: '4x4',
      checkedAt: NOW,
      perthDay: todayInPerth(),
      checkedBy: 2,
      checkedByName: 'Sam Taylor',
      odometer: 40000,
      items: [],
      failedCount: 0,
      createdAt: NOW,
    });
    await db.service_records.put({
      id: 9,
      vehicleId: 5,
      serviceType: 'Oil Change',
      description: '15W-40 and filters',
      mileageAtService: 39000,
      totalCost: 45000,
      servicedBy: 'Pilbara Diesel',
      invoiceNumber: null,
      invoiceDate: '2026-10-01T00:00:00.000Z',
      nextServiceDate: null,
      createdAt: '2026-10-01T00:00:00.000Z',
    });
    const { user } = renderPage();
    await menu(user, await card('TIM005'), PRESTART_TEXT.timeline);
    const dialog = await screen.findByRole('dialog', {
      name: `${PRESTART_TEXT.timeline} · Big Red`,
    });
    await waitFor(() => expect(within(dialog).getAllByTestId('timeline-entry')).toHaveLength(2));
    const kinds = within(dialog)
      .getAllByTestId('timeline-entry')
      .map((entry) => entry.dataset.kind);
    expect(kinds).toEqual(['check', 'service']);
    expect(within(dialog).getByTestId('history-pdf').getAttribute('href')).toBe(
      '/api/vehicles/5/history.pdf',
    );
  });

  it('says nothing is recorded yet for a new truck', async () => {
    await db.vehicles.put(stored({ id: 6, registration: 'EMP006', name: 'Spare' }));
    const { user } = renderPage();
    await menu(user, await card('EMP006'), PRESTART_TEXT.timeline);
    const dialog = await screen.findByRole('dialog', { name: `${PRESTART_TEXT.timeline} · Spare` });
    expect(within(dialog).getByText('Nothing recorded yet.')).toBeTruthy();
  });
});
