import '../../sync/testing/node-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { MemoryRouter } from 'react-router-dom';
import { MESSAGES, type Vehicle } from '@pilbara/shared-schema';
import { AuthProvider } from '../auth/auth-provider';
import { db } from '../../sync';
import { META, setMeta } from '../../sync/local-store';
import { FleetPage } from './fleet-page';

// IndexedDB in Node (fake-indexeddb) and Mantine in jsdom are slow on a small machine.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 40_000 });

// Mantine's autosize Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

const NOW = new Date().toISOString();

function stored(overrides: Partial<Vehicle> & Pick<Vehicle, 'id' | 'registration'>): Vehicle {
  return {
    name: 'Big Red', make: 'Toyota', model: 'LandCruiser', year: 2022, vin: null, type: '4x4 Recovery', status: 'Excellent', mileage: 40000,
    serviceInterval: 10000, nextService: null, lastServiceDate: null, engineType: null, engineSize: null, fuelType: 'Diesel', transmission: null,
    driveType: '4WD', modifications: [], specialFeatures: [], towingCapacity: null, gvm: null, alerts: [], description: null,
    insuranceExpiry: null, registrationExpiry: null, isActive: true, createdAt: NOW, updatedAt: NOW, ...overrides,
  };
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
  const found = cards.find((element) => within(element).queryByText(new RegExp(`^${registration} ·`)));
  if (!found) throw new Error(`no card for ${registration}`);
  return found;
}

beforeEach(async () => {
  await Promise.all([db.vehicles.clear(), db.fuel_records.clear(), db.service_records.clear(), db.outbox.clear(), db.meta.clear()]);
  await setMeta(db, META.leases, {
    vehicles: [{ start: 100, end: 150, next: 100 }],
    fuel_records: [{ start: 200, end: 250, next: 200 }],
  });
});

afterEach(() => {
  notifications.clean();
});

describe('FleetPage', () => {
  it('shows the spec colours: maintenance orange, out of service red, service due yellow, else green', async () => {
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

  it('refuses a duplicate registration with the spec message and keeps one vehicle', async () => {
    await db.vehicles.put(stored({ id: 1, registration: 'DUP123' }));
    renderPage();
    await card('DUP123');
    fireEvent.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    const form = await screen.findByRole('form', { name: 'Add Vehicle' });
    fireEvent.change(within(form).getByLabelText(/Vehicle Name/), { target: { value: 'Second' } });
    fireEvent.change(within(form).getByLabelText(/^Registration\s*\*?$/), { target: { value: 'DUP123' } });
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
    expect(await db.fuel_records.get(200)).toMatchObject({ vehicleId: 7, liters: 70250, totalCost: 15050, odometerReading: 40500, fillType: 'Full' });
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
    await waitFor(async () => expect(await db.vehicles.count()).toBe(0));
  });
});
