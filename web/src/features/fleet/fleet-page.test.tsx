import '../../sync/testing/node-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { MemoryRouter } from 'react-router-dom';
import { MESSAGES, type Vehicle } from '@pilbara/shared-schema';
import { AuthProvider } from '../../lib/auth';
import { db } from '../../sync';
import { META, setMeta } from '../../sync/local-store';
import { FleetPage } from './fleet-page';
import { aFleetVehicle } from '@pilbara/shared-schema/testing';

// IndexedDB in Node (fake-indexeddb) and Mantine in jsdom are slow on a small machine.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 40_000 });

const NOW = new Date().toISOString();

function stored(overrides: Partial<Vehicle> & Pick<Vehicle, 'id' | 'registration'>): Vehicle {
  return aFleetVehicle({ createdAt: NOW, ...overrides });
}

function renderPage() {
  return render(
    <MantineProvider>
      <Notifications />
      <MemoryRouter initialEntries={['/admin/fleet']}>
        <AuthProvider>
          <FleetPage />
        </AuthProvider>
      </MemoryRouter>
    </MantineProvider>,
  );
}

async function card(registration: string): Promise<HTMLElement> {
  const cards = await screen.findAllByTestId('vehicle-card');
  const found = cards.find((element) =>
    within(element).queryByText(new RegExp(`^${registration} ·`)),
  );
  if (!found) throw new Error(`no card for ${registration}`);
  return found;
}

beforeEach(async () => {
  await Promise.all([
    db.vehicles.clear(),
    db.fuel_records.clear(),
    db.service_records.clear(),
    db.mileage_records.clear(),
    db.fleet_expenses.clear(),
    db.outbox.clear(),
    db.meta.clear(),
  ]);
  await setMeta(db, META.leases, {
    vehicles: [{ start: 100, end: 150, next: 100 }],
    fuel_records: [{ start: 200, end: 250, next: 200 }],
    mileage_records: [{ start: 300, end: 350, next: 300 }],
    fleet_expenses: [{ start: 400, end: 450, next: 400 }],
  });
});

afterEach(() => {
  notifications.clean();
});

describe('FleetPage', () => {
  it('shows the status colours: maintenance orange, out of service red, service due yellow, else green', async () => {
    const longAgo = new Date(Date.now() - 190 * 86_400_000).toISOString();
    await db.vehicles.bulkPut([
      stored({ id: 1, registration: 'AAA111' }),
      stored({ id: 2, registration: 'BBB222', status: 'maintenance' }),
      stored({ id: 3, registration: 'CCC333', status: 'out_of_service' }),
      stored({ id: 4, registration: 'DDD444', lastServiceDate: longAgo }),
    ]);
    renderPage();
    const expected: [string, string, string][] = [
      ['AAA111', 'green', 'Active'],
      ['BBB222', 'orange', 'Maintenance'],
      ['CCC333', 'red', 'Out Of Service'],
      ['DDD444', 'yellow', 'Service Due'],
    ];
    for (const [registration, color, label] of expected) {
      const element = await card(registration);
      expect(element.dataset.statusColor).toBe(color);
      expect(within(element).getByTestId('vehicle-status').textContent).toBe(label);
    }
  });

  it('refuses a duplicate registration with the registration message and keeps one vehicle', async () => {
    await db.vehicles.put(stored({ id: 1, registration: 'DUP123' }));
    renderPage();
    await card('DUP123');
    fireEvent.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    const form = await screen.findByRole('form', { name: 'Add Vehicle' });
    fireEvent.change(within(form).getByLabelText(/Vehicle Name/), { target: { value: 'Second' } });
    fireEvent.change(within(form).getByLabelText(/^Registration\s*\*?$/), {
      target: { value: 'DUP123' },
    });
    fireEvent.change(within(form).getByLabelText(/^Make/), { target: { value: 'Isuzu' } });
    fireEvent.change(within(form).getByLabelText(/^Model/), { target: { value: 'NPS' } });
    fireEvent.click(within(form).getByLabelText(/^Vehicle Type/));
    fireEvent.click(await screen.findByRole('option', { name: 'Tow Truck', hidden: true }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add Vehicle' }));
    expect(await screen.findByText(MESSAGES.REGISTRATION_EXISTS)).toBeTruthy();
    expect(await db.vehicles.count()).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('adds a fuel record as a pending mutation in thousandths and cents', async () => {
    await db.vehicles.put(stored({ id: 7, registration: 'FUEL77' }));
    renderPage();
    fireEvent.click(within(await card('FUEL77')).getByRole('button', { name: 'Add Fuel' }));
    const form = await screen.findByRole('form', { name: 'Fuel record' });
    fireEvent.change(within(form).getByLabelText(/^Litres/), { target: { value: '70.25' } });
    fireEvent.change(within(form).getByLabelText(/^Total Cost/), { target: { value: '150.50' } });
    fireEvent.change(within(form).getByLabelText(/^Odometer/), { target: { value: '40500' } });
    fireEvent.change(within(form).getByLabelText(/^Location/), { target: { value: 'Karratha' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Fuel' }));
    expect(await screen.findByText(MESSAGES.FUEL_RECORD_ADDED)).toBeTruthy();
    await waitFor(async () => expect(await db.fuel_records.count()).toBe(1));
    expect(await db.fuel_records.get(200)).toMatchObject({
      vehicleId: 7,
      liters: 70250,
      totalCost: 15050,
      odometerReading: 40500,
      fillType: 'Full',
    });
    const outbox = await db.outbox.toArray();
    expect(outbox.map((item) => item.name)).toEqual(['fuel.add']);
    expect((await db.vehicles.get(7))?.mileage).toBe(40500);
  });

  it('asks before removing a vehicle', async () => {
    await db.vehicles.put(stored({ id: 9, registration: 'REM999' }));
    renderPage();
    fireEvent.click(within(await card('REM999')).getByRole('button', { name: 'More' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove vehicle?' });
    expect(await db.vehicles.count()).toBe(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Vehicle' }));
    expect(await screen.findByText(MESSAGES.VEHICLE_REMOVED)).toBeTruthy();
    // Out of the fleet list, but kept with its records for the reports.
    await waitFor(async () => expect((await db.vehicles.get(9))?.isActive).toBe(false));
    await waitFor(() => expect(screen.queryByText('REM999')).toBeNull());
  });

  it('edits modifications by tick boxes and shows them in the expanded card', async () => {
    await db.vehicles.put(stored({ id: 5, registration: 'MOD555', modifications: ['Snorkel'] }));
    renderPage();
    const element = await card('MOD555');
    fireEvent.click(within(element).getByRole('button', { name: 'More' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit Modifications' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Snorkel') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('LED Light Bar'));
    fireEvent.click(within(dialog).getByLabelText('Snorkel'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.VEHICLE_MODIFICATIONS_UPDATED)).toBeTruthy();
    await waitFor(async () =>
      expect((await db.vehicles.get(5))?.modifications).toEqual(['LED Light Bar']),
    );
    fireEvent.click(within(element).getByRole('button', { name: 'Show details' }));
    expect(
      within(within(element).getByTestId('vehicle-modifications')).getByText('LED Light Bar'),
    ).toBeTruthy();
  });

  it('records a trip and an expense and lists them on the card', async () => {
    await db.vehicles.put(stored({ id: 6, registration: 'TRP666', mileage: 1000 }));
    renderPage();
    const element = await card('TRP666');
    fireEvent.click(within(element).getByRole('button', { name: 'More' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Add Trip' }));
    let form = await screen.findByRole('form', { name: 'Trip' });
    fireEvent.change(within(form).getByLabelText(/^End Odometer/), { target: { value: '900' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Trip' }));
    expect(await within(form).findByText(MESSAGES.ODOMETER_ORDER)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^End Odometer/), { target: { value: '1240' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Trip' }));
    await waitFor(async () =>
      expect(await db.mileage_records.get(300)).toMatchObject({ distance: 240, vehicleId: 6 }),
    );
    expect((await db.vehicles.get(6))?.mileage).toBe(1240);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Trip' })).toBeNull());

    fireEvent.click(within(element).getByRole('button', { name: 'More' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Add Expense', hidden: true }));
    form = await screen.findByRole('form', { name: 'Expense' });
    fireEvent.click(within(form).getByLabelText(/^Expense Type/));
    fireEvent.click(await screen.findByRole('option', { name: 'Tyres', hidden: true }));
    fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: '1,240.50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Expense' }));
    await waitFor(async () =>
      expect(await db.fleet_expenses.get(400)).toMatchObject({
        amount: 124050,
        expenseType: 'Tyres',
      }),
    );
    fireEvent.click(within(element).getByRole('button', { name: 'Show details' }));
    expect(within(within(element).getByTestId('mileage-records')).getByText('240 km')).toBeTruthy();
    expect(
      within(within(element).getByTestId('fleet-expenses')).getByText('$1,240.50'),
    ).toBeTruthy();
  });
});
