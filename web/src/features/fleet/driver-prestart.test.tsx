import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PRESTART_TEXT, checklistFor, todayInPerth, type Vehicle } from '@pilbara/shared-schema';
import { aVehicle } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fill } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { DriverPrestart } from './driver-prestart';

const NOW = new Date().toISOString();
const CHECKLIST = checklistFor('Heavy Recovery');

function truck(overrides: Partial<Vehicle> = {}): Vehicle {
  return aVehicle({
    createdAt: NOW,
    updatedAt: NOW,
    lastServiceDate: NOW.slice(0, 10),
    ...overrides,
  });
}

function renderCard() {
  return renderScreen(<DriverPrestart checkedByName="Sam Taylor" />, { route: '/driver' });
}

async function openTrucks(user: ReturnType<typeof renderCard>['user']) {
  await user.click(screen.getByRole('button', { name: PRESTART_TEXT.chooseTruck }));
}

async function vehicleRow(registration: string): Promise<HTMLElement> {
  return waitFor(() => {
    const row = screen
      .getAllByTestId('driver-vehicle')
      .find((element) => element.dataset.registration === registration);
    if (!row) throw new Error(`no truck ${registration}`);
    return row;
  });
}

async function startCheck(user: ReturnType<typeof renderCard>['user'], name = 'Big Red') {
  await openTrucks(user);
  await user.click(await screen.findByRole('button', { name: `${PRESTART_TEXT.start}: ${name}` }));
  return screen.findByRole('form', { name: PRESTART_TEXT.title });
}

function item(form: HTMLElement, key: string): HTMLElement {
  const found = within(form)
    .getAllByTestId('prestart-item')
    .find((element) => element.dataset.item === key);
  if (!found) throw new Error(`no item ${key}`);
  return found;
}

beforeEach(async () => {
  await resetDevice();
});

describe('the driver’s pre-start card', () => {
  it('keeps the trucks folded away until asked, so the jobs stay on top', async () => {
    await db.vehicles.put(truck());
    const { user } = renderCard();
    const toggle = screen.getByRole('button', { name: PRESTART_TEXT.chooseTruck });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('driver-vehicle')).toBeNull();
    await openTrucks(user);
    expect(await vehicleRow('1ABC123')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: PRESTART_TEXT.hideTrucks }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('says when no truck has reached the phone yet', async () => {
    const { user } = renderCard();
    await openTrucks(user);
    expect(await screen.findByText(PRESTART_TEXT.noTrucks)).toBeTruthy();
  });

  it('lists the active trucks by name with status and whether checked today', async () => {
    await db.vehicles.bulkPut([
      truck({ id: 1, name: 'Big Red', registration: '1ABC123' }),
      truck({ id: 2, name: 'Little Blue', registration: '1XYZ789', status: 'out_of_service' }),
      truck({ id: 3, name: 'Old Grey', registration: '1OLD000', isActive: false }),
    ]);
    await db.prestart_checks.put({
      id: 1,
      vehicleId: 1,
      checklist: 'heavy_recovery',
      checkedAt: NOW,
      perthDay: todayInPerth(),
      checkedBy: 2,
      checkedByName: 'Sam Taylor',
      odometer: 50000,
      items: [],
      failedCount: 0,
      createdAt: NOW,
    });
    const { user } = renderCard();
    await openTrucks(user);
    await waitFor(() => expect(screen.getAllByTestId('driver-vehicle')).toHaveLength(2));
    const names = screen.getAllByTestId('driver-vehicle').map((row) => row.dataset.registration);
    expect(names).toEqual(['1ABC123', '1XYZ789']);
    const red = await vehicleRow('1ABC123');
    expect(within(red).getByTestId('vehicle-status').textContent).toBe('Active');
    await waitFor(() =>
      expect(within(red).getByTestId('prestart-today').textContent).toBe(
        PRESTART_TEXT.checkedToday,
      ),
    );
    const blue = await vehicleRow('1XYZ789');
    expect(within(blue).getByTestId('vehicle-status').textContent).toBe('Out Of Service');
    expect(within(blue).getByTestId('prestart-today').textContent).toBe(PRESTART_TEXT.noCheckToday);
  });
});

describe('the pre-start form', () => {
  it('asks for every item and names a failed item’s missing note, saving nothing', async () => {
    await db.vehicles.put(truck());
    const { user } = renderCard();
    const form = await startCheck(user);
    expect(within(form).getByTestId('prestart-progress').textContent).toBe(
      `${CHECKLIST.length} to answer`,
    );
    await user.click(within(form).getByRole('button', { name: PRESTART_TEXT.submit }));
    expect((await within(form).findByTestId('prestart-error')).textContent).toBe(
      PRESTART_TEXT.answerEveryItem,
    );

    const tyres = item(form, 'tyres');
    await user.click(within(tyres).getByRole('radio', { name: PRESTART_TEXT.fail }));
    await user.click(within(form).getByRole('button', { name: PRESTART_TEXT.allPass }));
    expect(within(form).getByTestId('prestart-progress').textContent).toBe(
      'All answered · 1 failed',
    );
    // All pass leaves the failed item failed.
    expect(item(form, 'tyres').dataset.result).toBe('fail');
    await user.click(within(form).getByRole('button', { name: PRESTART_TEXT.submit }));
    expect(await within(form).findByText(PRESTART_TEXT.failNoteRequired)).toBeTruthy();
    expect(await db.prestart_checks.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('saves a check where all passed, on this phone, with the odometer and the driver', async () => {
    await db.vehicles.put(truck());
    const { user } = renderCard();
    const form = await startCheck(user);
    await user.click(within(form).getByRole('button', { name: PRESTART_TEXT.allPass }));
    const odometer = within(form).getByLabelText(PRESTART_TEXT.odometer);
    expect((odometer as HTMLInputElement).value).toBe('50,000');
    await user.clear(odometer);
    await fill(user, odometer, '50420');
    await user.click(within(form).getByRole('button', { name: PRESTART_TEXT.submit }));

    expect(await screen.findByText(PRESTART_TEXT.submitted)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: PRESTART_TEXT.title })).toBeNull(),
    );
    const [check] = await db.prestart_checks.toArray();
    expect(check).toMatchObject({ vehicleId: 1, odometer: 50420, checkedByName: 'Sam Taylor' });
    expect(check?.failedCount).toBe(0);
    expect((check?.items as { result: string }[]).map((entry) => entry.result)).toEqual(
      CHECKLIST.map(() => 'pass'),
    );
    expect(await db.vehicle_defects.count()).toBe(0);
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['prestart.submit']);
    await waitFor(async () =>
      expect(within(await vehicleRow('1ABC123')).getByTestId('prestart-today').textContent).toBe(
        PRESTART_TEXT.checkedToday,
      ),
    );
  });

  it('raises a critical defect from a failed item and takes the truck out of service', async () => {
    await db.vehicles.put(truck());
    const { user } = renderCard();
    const form = await startCheck(user);
    const tyres = item(form, 'tyres');
    await user.click(within(tyres).getByRole('radio', { name: PRESTART_TEXT.fail }));
    await fill(
      user,
      within(tyres).getByLabelText('What is wrong'),
      'Front left tyre cut to the cords',
    );
    expect(within(tyres).getByRole('radio', { name: 'Critical' })).toHaveProperty('checked', true);
    await user.click(within(form).getByRole('button', { name: PRESTART_TEXT.allPass }));
    await user.click(within(form).getByRole('button', { name: PRESTART_TEXT.submit }));

    expect(await screen.findByText(PRESTART_TEXT.submitted)).toBeTruthy();
    await waitFor(async () => expect(await db.vehicle_defects.count()).toBe(1));
    expect((await db.vehicle_defects.toArray())[0]).toMatchObject({
      vehicleId: 1,
      severity: 'critical',
      note: 'Front left tyre cut to the cords',
    });
    const row = await vehicleRow('1ABC123');
    await waitFor(() =>
      expect(within(row).getByTestId('vehicle-status').textContent).toBe('Out Of Service'),
    );
    expect(within(row).getByTestId('vehicle-defects').textContent).toContain(
      'Front left tyre cut to the cords',
    );
  });

  it('lets the driver lower a failed item’s severity', async () => {
    await db.vehicles.put(truck());
    const { user } = renderCard();
    const form = await startCheck(user);
    const tyres = item(form, 'tyres');
    await user.click(within(tyres).getByRole('radio', { name: PRESTART_TEXT.fail }));
    await fill(user, within(tyres).getByLabelText('What is wrong'), 'Spare is flat');
    await user.click(within(tyres).getByRole('radio', { name: 'Minor' }));
    await user.click(within(form).getByRole('button', { name: PRESTART_TEXT.allPass }));
    await user.click(within(form).getByRole('button', { name: PRESTART_TEXT.submit }));
    await waitFor(async () => expect(await db.vehicle_defects.count()).toBe(1));
    expect((await db.vehicle_defects.toArray())[0]?.severity).toBe('minor');
    const row = await vehicleRow('1ABC123');
    await waitFor(() =>
      expect(within(row).getByTestId('vehicle-status').textContent).toBe('Active'),
    );
  });

  it('refuses an empty odometer', async () => {
    await db.vehicles.put(truck());
    const { user } = renderCard();
    const form = await startCheck(user);
    await user.click(within(form).getByRole('button', { name: PRESTART_TEXT.allPass }));
    await user.clear(within(form).getByLabelText(PRESTART_TEXT.odometer));
    await user.click(within(form).getByRole('button', { name: PRESTART_TEXT.submit }));
    expect(await within(form).findByText('Enter the odometer reading')).toBeTruthy();
    expect(await db.prestart_checks.count()).toBe(0);
  });
});
