import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PRESTART_TEXT, fleetDueItems, type Vehicle } from '@pilbara/shared-schema';
import { aJob, aVehicle } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { db, resetDevice } from '../../sync/testing/device';
import { DueList } from './due-list';

const NOW = '2026-11-21T02:00:00.000Z';
const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.parse(NOW) + days * DAY).toISOString().slice(0, 10);

function truck(overrides: Partial<Vehicle> & Pick<Vehicle, 'id'>): Vehicle {
  return aVehicle({
    registration: `REG${overrides.id}`,
    name: `Truck ${overrides.id}`,
    lastServiceDate: '2026-11-01',
    mileage: 50000,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  });
}

function renderList() {
  return renderScreen(<DueList now={NOW} />, { route: '/admin' });
}

beforeEach(async () => {
  await resetDevice();
});

describe('what is due across the fleet', () => {
  it('says nothing is due for a fleet in order', async () => {
    await db.vehicles.put(truck({ id: 1 }));
    renderList();
    const due = await screen.findByTestId('fleet-due');
    await waitFor(() => expect(within(due).getByText(PRESTART_TEXT.nothingDue)).toBeTruthy());
    expect(due.textContent).toContain(`${PRESTART_TEXT.dueTitle} (0)`);
  });

  it('lists a registration about to expire, and the same items the owners’ email lists', async () => {
    const vehicles = [
      truck({ id: 1, registrationExpiry: inDays(10) }),
      truck({ id: 2, insuranceExpiry: inDays(-1) }),
    ];
    await db.vehicles.bulkPut(vehicles);
    renderList();
    const expected = fleetDueItems(vehicles, [], [], NOW, []);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    await waitFor(() =>
      expect(screen.getAllByTestId('due-item').map((item) => item.textContent)).toEqual(
        expected.map((item) => item.text),
      ),
    );
    expect(screen.getByTestId('fleet-due').textContent).toContain(
      `${PRESTART_TEXT.dueTitle} (${expected.length})`,
    );
  });

  it('names a truck out on a job today with no pre-start check', async () => {
    const vehicles = [truck({ id: 3 })];
    await db.vehicles.bulkPut(vehicles);
    const job = aJob({ status: 'En Route', vehicleId: 3, createdAt: NOW, updatedAt: NOW });
    await db.jobs.put(job);
    renderList();
    const expected = fleetDueItems(vehicles, [], [job], NOW, []);
    await waitFor(() =>
      expect(screen.getAllByTestId('due-item').map((item) => item.dataset.kind)).toEqual(
        expected.map((item) => item.kind),
      ),
    );
    expect(expected.some((item) => item.text.includes('Truck 3'))).toBe(true);
  });
});
