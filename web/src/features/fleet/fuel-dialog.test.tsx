import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type Vehicle } from '@pilbara/shared-schema';
import { aFleetVehicle } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi } from '../../lib/testing/fake-api';
import { choose, fill, selectInput } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { FLEET_TEXT } from './fleet-text';
import { FuelDialog } from './fuel-dialog';

const BIG_RED = aFleetVehicle({ id: 1, name: 'Big Red', registration: '1ABC123' });
const LITTLE_BLUE = aFleetVehicle({
  id: 2,
  name: 'Little Blue',
  registration: '1XYZ789',
  fuelType: 'Petrol',
});
const DRIVERS = ['Sam Taylor', 'Alex Moore'];

async function renderDialog(vehicle: Vehicle = BIG_RED) {
  const onClose = vi.fn();
  const view = renderScreen(
    <FuelDialog
      vehicle={vehicle}
      vehicles={[BIG_RED, LITTLE_BLUE]}
      drivers={DRIVERS}
      onClose={onClose}
    />,
  );
  const form = screen.getByRole('form', { name: 'Fuel record' });
  // The dialog moves the focus into itself once open; a paste before that would land elsewhere.
  const dialog = screen.getByRole('dialog');
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { ...view, onClose, form };
}

type View = Awaited<ReturnType<typeof renderDialog>>;

async function fillReceipt({ user, form }: View): Promise<void> {
  await fill(user, within(form).getByLabelText(/^Litres/), '82.5');
  await fill(user, within(form).getByLabelText(/^Total Cost/), '171.60');
  await fill(user, within(form).getByLabelText(/^Odometer/), '50420');
  await fill(user, within(form).getByLabelText(/^Location/), 'Karratha BP');
}

async function submit({ user, form }: View): Promise<void> {
  await user.click(within(form).getByRole('button', { name: FLEET_TEXT.addFuel }));
}

beforeEach(async () => {
  await resetDevice();
  await db.vehicles.bulkPut([BIG_RED, LITTLE_BLUE]);
  fakeApi();
});

describe('the fuel dialog', () => {
  it('is for the truck it was opened on, with its fuel, a full fill and the first driver', async () => {
    const { form } = await renderDialog(LITTLE_BLUE);
    expect(
      screen.getByRole('dialog', { name: `${FLEET_TEXT.addFuel} · Little Blue` }),
    ).toBeTruthy();
    expect(selectInput(form, /^Vehicle/).value).toBe('Little Blue (1XYZ789)');
    expect(selectInput(form, /^Fuel Type/).value).toBe('Petrol');
    expect(within(form).getByRole('radio', { name: 'Full' })).toHaveProperty('checked', true);
    expect(selectInput(form, /^Driver/).value).toBe('Sam Taylor');
  });

  it('names each missing figure with the schema’s message and records nothing', async () => {
    const view = await renderDialog();
    await submit(view);
    expect(await within(view.form).findByText(MESSAGES.LITERS_MIN)).toBeTruthy();
    expect(within(view.form).getByText(MESSAGES.COST_MIN)).toBeTruthy();
    expect(within(view.form).getByText(MESSAGES.LOCATION_REQUIRED)).toBeTruthy();
    expect(view.onClose).not.toHaveBeenCalled();
    expect(await db.fuel_records.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('logs a late receipt against another truck, a part fill by another driver', async () => {
    const view = await renderDialog();
    await choose(view.user, selectInput(view.form, /^Vehicle/), 'Little Blue (1XYZ789)');
    await fillReceipt(view);
    await view.user.click(within(view.form).getByRole('radio', { name: 'Partial' }));
    await choose(view.user, selectInput(view.form, /^Driver/), 'Alex Moore');
    // A datetime-local field takes its value whole, as the phone's picker sets it.
    fireEvent.change(within(view.form).getByLabelText(/^Filled At/), {
      target: { value: '2026-12-01T07:30' },
    });
    await submit(view);

    expect(await screen.findByText(MESSAGES.FUEL_RECORD_ADDED)).toBeTruthy();
    await waitFor(() => expect(view.onClose).toHaveBeenCalledTimes(1));
    const [record] = await db.fuel_records.toArray();
    expect(record).toMatchObject({
      vehicleId: 2,
      liters: 82_500,
      totalCost: 17_160,
      odometerReading: 50_420,
      location: 'Karratha BP',
      fillType: 'Partial',
      driver: 'Alex Moore',
      dateTime: new Date('2026-12-01T07:30').toISOString(),
    });
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['fuel.add']);
  });

  it('says why and stays open when the truck has left this device', async () => {
    await db.vehicles.delete(BIG_RED.id);
    const view = await renderDialog();
    await fillReceipt(view);
    await submit(view);
    expect(await screen.findByText(MESSAGES.FUEL_RECORD_ADD_FAILED)).toBeTruthy();
    expect(view.onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('form', { name: 'Fuel record' })).toBeTruthy();
    expect(await db.fuel_records.count()).toBe(0);
  });

  it('closes without recording on Cancel', async () => {
    const view = await renderDialog();
    await fillReceipt(view);
    await view.user.click(within(view.form).getByRole('button', { name: FLEET_TEXT.cancel }));
    expect(view.onClose).toHaveBeenCalledTimes(1);
    expect(await db.fuel_records.count()).toBe(0);
  });
});
