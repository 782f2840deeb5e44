import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, PRESTART_TEXT, type Vehicle, type VehicleDefect } from '@pilbara/shared-schema';
import { aFleetVehicle } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { AuthProvider } from '../../lib/auth';
import { fakeApi } from '../../lib/testing/fake-api';
import { choose, fill, selectInput } from '../../lib/testing/user-input';
import { FIRST_ID, db, resetDevice } from '../../sync/testing/device';
import { FleetPage } from './fleet-page';
import { FLEET_TEXT } from './fleet-text';

const NOW = new Date().toISOString();

function stored(overrides: Partial<Vehicle> & Pick<Vehicle, 'id' | 'registration'>): Vehicle {
  return aFleetVehicle({ createdAt: NOW, ...overrides });
}

function defect(overrides: Partial<VehicleDefect> = {}): VehicleDefect {
  return {
    id: 31,
    vehicleId: 1,
    checkId: null,
    itemKey: 'tyres',
    title: 'Tyres, wheel nuts and spare',
    severity: 'critical',
    note: 'Front left tyre cut to the cords',
    photos: [],
    status: 'open',
    raisedAt: NOW,
    raisedBy: 2,
    raisedByName: 'Sam Taylor',
    vehicleStatusBefore: 'active',
    resolvedAt: null,
    resolvedBy: null,
    resolution: null,
    serviceRecordId: null,
    resolutionNote: null,
    updatedAt: NOW,
    ...overrides,
  } as VehicleDefect;
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

beforeEach(async () => {
  await resetDevice();
  fakeApi();
});

describe('the fleet screen', () => {
  it('invites the first vehicle when the fleet is empty', async () => {
    renderPage();
    expect((await screen.findByTestId('no-vehicles')).textContent).toBe(FLEET_TEXT.noVehicles);
  });
});

describe('adding a vehicle', () => {
  it('names every missing field with the schema’s message and adds nothing', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: FLEET_TEXT.addVehicle }));
    const form = await screen.findByRole('form', { name: FLEET_TEXT.addVehicle });
    await user.click(within(form).getByRole('button', { name: FLEET_TEXT.addVehicle }));
    expect(await within(form).findByText(MESSAGES.VEHICLE_NAME_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.REGISTRATION_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.MAKE_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.MODEL_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.VEHICLE_TYPE_REQUIRED)).toBeTruthy();
    expect(await db.vehicles.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('adds a vehicle on this device, says so by name, and shows its card', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: FLEET_TEXT.addVehicle }));
    const form = await screen.findByRole('form', { name: FLEET_TEXT.addVehicle });
    await fill(user, within(form).getByLabelText(/^Vehicle Name/), 'Little Blue');
    await fill(user, within(form).getByLabelText(/^Registration\s*\*?$/), '1XYZ789');
    await choose(user, selectInput(form, /^Vehicle Type/), 'Tow Truck');
    await fill(user, within(form).getByLabelText(/^Make/), 'Isuzu');
    await fill(user, within(form).getByLabelText(/^Model/), 'NPS');
    await user.click(within(form).getByRole('button', { name: FLEET_TEXT.addVehicle }));

    expect(await screen.findByText(MESSAGES.vehicleAdded('Little Blue'))).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: FLEET_TEXT.addVehicle })).toBeNull(),
    );
    const element = await card('1XYZ789');
    expect(within(element).getByText('Little Blue')).toBeTruthy();
    expect(await db.vehicles.get(FIRST_ID)).toMatchObject({
      name: 'Little Blue',
      registration: '1XYZ789',
      make: 'Isuzu',
      model: 'NPS',
      type: 'Tow Truck',
    });
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['vehicle.add']);
  });

  it('closes without adding anything on Cancel', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: FLEET_TEXT.addVehicle }));
    const form = await screen.findByRole('form', { name: FLEET_TEXT.addVehicle });
    await fill(user, within(form).getByLabelText(/^Vehicle Name/), 'Half typed');
    await user.click(within(form).getByRole('button', { name: FLEET_TEXT.cancel }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: FLEET_TEXT.addVehicle })).toBeNull(),
    );
    expect(await db.vehicles.count()).toBe(0);
  });
});

describe('the service record dialog', () => {
  it('asks who serviced it and records the service against the truck', async () => {
    await db.vehicles.put(stored({ id: 4, registration: 'SRV444', mileage: 52000 }));
    const { user } = renderPage();
    await user.click(
      within(await card('SRV444')).getByRole('button', { name: FLEET_TEXT.addService }),
    );
    const form = await screen.findByRole('form', { name: 'Service record' });
    await user.click(within(form).getByRole('button', { name: FLEET_TEXT.addService }));
    expect(await within(form).findByText(MESSAGES.SERVICED_BY_REQUIRED)).toBeTruthy();
    expect(await db.service_records.count()).toBe(0);

    await choose(user, selectInput(form, /^Service Type/), 'Oil Change');
    await fill(user, within(form).getByLabelText(/^Description/), '15W-40 and filters');
    await fill(user, within(form).getByLabelText(/^Total Cost/), '450');
    await fill(user, within(form).getByLabelText(/^Serviced By/), 'Pilbara Diesel');
    await user.click(within(form).getByRole('button', { name: FLEET_TEXT.addService }));

    expect(await screen.findByText(MESSAGES.SERVICE_RECORD_ADDED)).toBeTruthy();
    await waitFor(async () => expect(await db.service_records.count()).toBe(1));
    expect((await db.service_records.toArray())[0]).toMatchObject({
      vehicleId: 4,
      serviceType: 'Oil Change',
      totalCost: 45000,
      servicedBy: 'Pilbara Diesel',
      mileageAtService: 52000,
    });
    const element = await card('SRV444');
    await user.click(within(element).getByRole('button', { name: 'Show details' }));
    expect(within(element).getByText(FLEET_TEXT.latestServices)).toBeTruthy();
    expect(
      within(within(element).getByTestId('vehicle-details')).getAllByText(/Oil Change/).length,
    ).toBeGreaterThan(0);
  });
});

describe('open defects', () => {
  it('lists the fleet’s open defects with the truck’s name and who raised them', async () => {
    await db.vehicles.put(
      stored({ id: 1, registration: 'DEF111', name: 'Big Red', status: 'out_of_service' }),
    );
    await db.vehicle_defects.put(defect());
    renderPage();
    const list = await screen.findByTestId('open-defects');
    await waitFor(() =>
      expect(within(list).getByText(`${PRESTART_TEXT.openDefects} (1)`)).toBeTruthy(),
    );
    const row = within(list).getByTestId('defect');
    expect(row.dataset.severity).toBe('critical');
    expect(row.textContent).toContain('Big Red: Tyres, wheel nuts and spare');
    expect(row.textContent).toContain('Sam Taylor');
  });

  it('says there are none when every defect is resolved', async () => {
    await db.vehicles.put(stored({ id: 1, registration: 'DEF111' }));
    await db.vehicle_defects.put(defect({ status: 'resolved', resolvedAt: NOW }));
    renderPage();
    const list = await screen.findByTestId('open-defects');
    await waitFor(() => expect(within(list).getByText(PRESTART_TEXT.noOpenDefects)).toBeTruthy());
  });

  it('marks a defect fixed only with a note of what was done, and puts the truck back', async () => {
    await db.vehicles.put(
      stored({ id: 1, registration: 'DEF111', name: 'Big Red', status: 'out_of_service' }),
    );
    await db.vehicle_defects.put(defect());
    const { user } = renderPage();
    const list = await screen.findByTestId('open-defects');
    await user.click(
      await within(list).findByRole('button', { name: PRESTART_TEXT.resolveDefect }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: `${PRESTART_TEXT.resolveDefect}: Tyres, wheel nuts and spare`,
    });
    // No service record of this truck yet: marking it fixed is the way offered.
    expect((selectInput(dialog, 'How was it resolved') as HTMLInputElement).value).toBe(
      PRESTART_TEXT.markFixed,
    );
    await user.click(within(dialog).getByRole('button', { name: PRESTART_TEXT.resolveDefect }));
    expect(await within(dialog).findByText(PRESTART_TEXT.fixedNoteRequired)).toBeTruthy();
    await fill(
      user,
      within(dialog).getByLabelText('What was done'),
      'Tyre replaced at Karratha Tyres',
    );
    await user.click(within(dialog).getByRole('button', { name: PRESTART_TEXT.resolveDefect }));

    expect(await screen.findByText(PRESTART_TEXT.defectResolved)).toBeTruthy();
    await waitFor(async () => expect((await db.vehicle_defects.get(31))?.status).toBe('resolved'));
    expect(await db.vehicle_defects.get(31)).toMatchObject({
      resolution: 'fixed',
      resolutionNote: 'Tyre replaced at Karratha Tyres',
    });
    await waitFor(() => expect(within(list).getByText(PRESTART_TEXT.noOpenDefects)).toBeTruthy());
    await waitFor(async () => expect((await db.vehicles.get(1))?.status).toBe('active'));
  });

  it('resolves a defect by the service record that fixed it', async () => {
    await db.vehicles.put(stored({ id: 1, registration: 'DEF111', status: 'out_of_service' }));
    await db.vehicle_defects.put(defect());
    await db.service_records.put({
      id: 9,
      vehicleId: 1,
      serviceType: 'Tyre Replacement',
      description: 'Two new front tyres',
      mileageAtService: 40100,
      totalCost: 98000,
      servicedBy: 'Karratha Tyres',
      invoiceNumber: null,
      invoiceDate: NOW,
      nextServiceDate: null,
      createdAt: NOW,
    });
    const { user } = renderPage();
    const list = await screen.findByTestId('open-defects');
    await user.click(
      await within(list).findByRole('button', { name: PRESTART_TEXT.resolveDefect }),
    );
    const dialog = await screen.findByRole('dialog');
    expect((selectInput(dialog, 'How was it resolved') as HTMLInputElement).value).toBe(
      PRESTART_TEXT.resolveByService,
    );
    expect((selectInput(dialog, 'Service record') as HTMLInputElement).value).toContain(
      'Tyre Replacement · Karratha Tyres',
    );
    await user.click(within(dialog).getByRole('button', { name: PRESTART_TEXT.resolveDefect }));
    await waitFor(async () =>
      expect(await db.vehicle_defects.get(31)).toMatchObject({
        status: 'resolved',
        resolution: 'service',
        serviceRecordId: 9,
      }),
    );
  });

  it('leaves the defect open when the dialog is cancelled', async () => {
    await db.vehicles.put(stored({ id: 1, registration: 'DEF111' }));
    await db.vehicle_defects.put(defect({ severity: 'minor', vehicleStatusBefore: null }));
    const { user } = renderPage();
    const list = await screen.findByTestId('open-defects');
    await user.click(
      await within(list).findByRole('button', { name: PRESTART_TEXT.resolveDefect }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await db.vehicle_defects.get(31))?.status).toBe('open');
    expect(await db.outbox.count()).toBe(0);
  });
});
