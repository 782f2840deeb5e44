import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, PRESTART_TEXT, type VehicleDefect } from '@pilbara/shared-schema';
import { aFleetVehicle } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { AuthProvider } from '../../lib/auth';
import { fakeApi } from '../../lib/testing/fake-api';
import { choose, fill, selectInput } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { FleetPage } from './fleet-page';
import { FLEET_TEXT } from './fleet-text';

const NOW = new Date().toISOString();
const DEFECT = {
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
} as VehicleDefect;

function renderPage() {
  return renderScreen(
    <AuthProvider>
      <FleetPage />
    </AuthProvider>,
    { route: '/admin/fleet' },
  );
}

beforeEach(async () => {
  await resetDevice();
  fakeApi();
  await db.vehicles.put(
    aFleetVehicle({
      id: 1,
      registration: 'DEF111',
      name: 'Big Red',
      status: 'out_of_service',
      createdAt: NOW,
    }),
  );
  await db.vehicle_defects.put(DEFECT);
});

describe('a service that fixes a defect', () => {
  it('records the service and resolves the defect in one step, from the defect', async () => {
    const { user } = renderPage();
    const list = await screen.findByTestId('open-defects');
    await user.click(
      await within(list).findByRole('button', { name: PRESTART_TEXT.resolveDefect }),
    );
    const resolve = await screen.findByRole('dialog');
    await user.click(
      within(resolve).getByRole('button', { name: PRESTART_TEXT.newServiceForDefect }),
    );
    const form = await screen.findByRole('form', { name: 'Service record' });
    // The defect it came from is ticked already.
    const tick = within(form).getByRole('checkbox', {
      name: `${DEFECT.title} (critical): ${DEFECT.note}`,
    }) as HTMLInputElement;
    expect(tick.checked).toBe(true);
    await choose(user, selectInput(form, /^Service Type/), 'Tire Replacement');
    await fill(user, within(form).getByLabelText(/^Description/), 'Two new front tyres');
    await fill(user, within(form).getByLabelText(/^Total Cost/), '980');
    await fill(user, within(form).getByLabelText(/^Serviced By/), 'Karratha Tyres');
    await user.click(within(form).getByRole('button', { name: FLEET_TEXT.addService }));

    expect(await screen.findByText(MESSAGES.SERVICE_RECORD_ADDED)).toBeTruthy();
    await waitFor(async () => expect((await db.vehicle_defects.get(31))?.status).toBe('resolved'));
    const [service] = await db.service_records.toArray();
    expect(await db.vehicle_defects.get(31)).toMatchObject({
      resolution: 'service',
      serviceRecordId: service?.id,
    });
    await waitFor(() => expect(within(list).getByText(PRESTART_TEXT.noOpenDefects)).toBeTruthy());
  });

  it('leaves the defect open when the service does not tick it', async () => {
    const { user } = renderPage();
    const card = await waitFor(() => {
      const found = screen
        .getAllByTestId('vehicle-card')
        .find((element) => within(element).queryByText(/^DEF111 ·/));
      if (!found) throw new Error('no card');
      return found;
    });
    await user.click(within(card).getByRole('button', { name: FLEET_TEXT.addService }));
    const form = await screen.findByRole('form', { name: 'Service record' });
    const tick = within(form).getByRole('checkbox', {
      name: `${DEFECT.title} (critical): ${DEFECT.note}`,
    }) as HTMLInputElement;
    expect(tick.checked).toBe(false);
    await choose(user, selectInput(form, /^Service Type/), 'Oil Change');
    await fill(user, within(form).getByLabelText(/^Description/), 'Oil and filters');
    await fill(user, within(form).getByLabelText(/^Total Cost/), '450');
    await fill(user, within(form).getByLabelText(/^Serviced By/), 'Pilbara Diesel');
    await user.click(within(form).getByRole('button', { name: FLEET_TEXT.addService }));
    await waitFor(async () => expect(await db.service_records.count()).toBe(1));
    expect((await db.vehicle_defects.get(31))?.status).toBe('open');
  });
});
