import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  WA_TOWING_MESSAGES,
  documentRef,
  formatCents,
  formatStampTime,
  storageCharge,
  type YardVehicle,
} from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fill } from '../../lib/testing/user-input';
import { FIRST_ID, db, resetDevice } from '../../sync/testing/device';
import {
  aCrashTow,
  aYardEvent,
  aYardVehicle,
  hoursAgo,
  labelled,
  outboxNames,
  schemaMessages,
} from './compliance-fixture';
import { YARD_TEXT } from './compliance-text';
import { YardTab } from './yard-tab';

const BY = 'Alex Owner';

function renderYard() {
  return renderScreen(<YardTab byName={BY} />, { route: '/admin/compliance' });
}

async function card(registration: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .getAllByTestId('yard-vehicle')
      .find((element) => within(element).queryByText(new RegExp(`^${registration}`)));
    if (!found) throw new Error(`no card for ${registration}`);
    return found;
  });
}

async function openBookIn(user: ReturnType<typeof renderYard>['user']) {
  await user.click(await screen.findByRole('button', { name: YARD_TEXT.bookIn }));
  return screen.findByRole('dialog', { name: YARD_TEXT.bookIn });
}

function accruedText(vehicle: YardVehicle, until: string): string {
  const storage = storageCharge(vehicle.timeIn, until, vehicle.dailyFeeCents);
  return YARD_TEXT.accrued(storage.days, formatCents(storage.cents));
}

beforeEach(async () => {
  await resetDevice();
});

describe('the yard', () => {
  it('says the yard is empty when no vehicle is stored', async () => {
    renderYard();
    expect(await screen.findByText(YARD_TEXT.empty)).toBeTruthy();
  });

  it('shows a stored vehicle with its bay, storage so far, holds and property', async () => {
    const vehicle = aYardVehicle({
      timeIn: hoursAgo(50),
      policeHold: true,
      holdNote: 'Major Crash hold, Sgt Reid',
      property: 'Toolbox in the tray',
    });
    await db.yard_vehicles.put(vehicle);
    renderYard();
    const element = await card('1HJK772');
    expect(within(element).getByText('1HJK772 · Toyota Hilux White')).toBeTruthy();
    expect(within(element).getByText('Bay A3')).toBeTruthy();
    expect(within(element).getByTestId('yard-accrued').textContent).toBe(
      accruedText(vehicle, new Date().toISOString()),
    );
    expect(within(element).getByText(YARD_TEXT.policeHold)).toBeTruthy();
    expect(within(element).queryByText(YARD_TEXT.insurerHold)).toBeNull();
    expect(within(element).getByText(vehicle.holdNote!)).toBeTruthy();
    expect(within(element).getByText(`${YARD_TEXT.property}: Toolbox in the tray`)).toBeTruthy();
    expect(within(element).getByRole('button', { name: YARD_TEXT.pay })).toBeTruthy();
    expect(within(element).queryByTestId('release-countdown')).toBeNull();
    expect(screen.queryByText(YARD_TEXT.empty)).toBeNull();
  });

  it('names the job a vehicle came from by the number people know it by', async () => {
    // Not numbered by the server yet: read as such, never as its device key.
    const job = aJob({ id: 'JOB-2026-P12' });
    await db.jobs.put(job);
    await db.yard_vehicles.put(aYardVehicle({ jobId: job.id }));
    renderYard();
    const element = await card('1HJK772');
    await waitFor(() => expect(element.textContent).toContain(` · ${documentRef(job)}`));
  });

  it('stops the storage at the payment and counts down to the release deadline', async () => {
    const vehicle = aYardVehicle({
      timeIn: hoursAgo(80),
      paidAt: hoursAgo(30),
      releaseDueAt: hoursAgo(1),
      invoiceId: 'INV-2026-3',
    });
    await db.yard_vehicles.put(vehicle);
    renderYard();
    const element = await card('1HJK772');
    expect(within(element).getByTestId('yard-accrued').textContent).toBe(
      accruedText(vehicle, vehicle.paidAt!),
    );
    const countdown = within(element).getByTestId('release-countdown');
    expect(
      within(countdown).getByText(YARD_TEXT.dueBy(formatStampTime(vehicle.releaseDueAt!))),
    ).toBeTruthy();
    expect(within(countdown).getByText(YARD_TEXT.overdue)).toBeTruthy();
    // Paid: the payment is not offered again, the release is.
    expect(within(element).queryByRole('button', { name: YARD_TEXT.pay })).toBeNull();
    expect(within(element).getByRole('button', { name: YARD_TEXT.release })).toBeTruthy();
  });

  it('keeps released vehicles folded away, with who collected them and no actions', async () => {
    const releasedAt = hoursAgo(4);
    await db.yard_vehicles.bulkPut([
      aYardVehicle({ id: 1, registration: 'STAY001', bay: 'B1' }),
      aYardVehicle({
        id: 2,
        registration: 'GONE002',
        status: 'released',
        paidAt: hoursAgo(5),
        releasedAt,
        release: {
          collectorName: 'Kim Nguyen',
          documentType: 'drivers_licence',
          documentNumber: 'WA1234567',
          authority: 'owner',
          authorityDetail: null,
          identityPoints: null,
          signedAt: releasedAt,
          contentHash: 'a'.repeat(64),
          size: 1200,
          width: 600,
          height: 200,
          mimeType: 'image/png',
        },
      }),
    ]);
    const { user } = renderYard();
    await card('STAY001');
    expect(screen.getAllByTestId('yard-vehicle')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: YARD_TEXT.released(1) }));
    const gone = await card('GONE002');
    expect(gone.dataset.status).toBe('released');
    expect(
      within(gone).getByText(YARD_TEXT.releasedBy('Kim Nguyen', formatStampTime(releasedAt))),
    ).toBeTruthy();
    for (const action of [YARD_TEXT.move, YARD_TEXT.access, YARD_TEXT.release])
      expect(within(gone).queryByRole('button', { name: action })).toBeNull();
  });

  it('opens a vehicle’s history of moves and visits, oldest first', async () => {
    await db.yard_vehicles.put(aYardVehicle());
    const bookedIn = aYardEvent({ id: 70, toBay: 'A1' });
    await db.yard_events.bulkPut([
      aYardEvent({
        id: 71,
        kind: 'move',
        at: hoursAgo(1),
        detail: null,
        fromBay: 'A1',
        toBay: 'A3',
        reason: 'Loader access',
      }),
      bookedIn,
    ]);
    const { user } = renderYard();
    const element = await card('1HJK772');
    await user.click(within(element).getByRole('button', { name: `${YARD_TEXT.history} (2)` }));
    const lines = await within(element).findAllByText(new RegExp(`· ${BY}`));
    expect(lines).toHaveLength(2);
    expect(lines[0]!.textContent).toContain(formatStampTime(bookedIn.at));
    expect(lines[1]!.textContent).toContain('· A1 → A3 · Loader access');
    expect(within(element).getByText('Booked in by hand')).toBeTruthy();
  });
});

describe('booking a vehicle in', () => {
  it('asks for the bay with the schema’s message and stores nothing', async () => {
    const { user } = renderYard();
    const dialog = await openBookIn(user);
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.bookIn }));
    const expected = schemaMessages('yard.bookIn', { bay: '' }).bay!;
    expect(await within(dialog).findByText(expected)).toBeTruthy();
    expect(await db.yard_vehicles.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('books a vehicle in by hand with its holds, on this device, and shows its card', async () => {
    const { user } = renderYard();
    const dialog = await openBookIn(user);
    expect(within(dialog).queryByLabelText(YARD_TEXT.holdNote)).toBeNull();
    await fill(user, labelled(dialog, YARD_TEXT.bay), 'C2');
    await fill(user, labelled(dialog, YARD_TEXT.registration), '1ABC999');
    await fill(user, labelled(dialog, YARD_TEXT.make), 'Ford');
    await user.click(within(dialog).getByLabelText(YARD_TEXT.insurerHold));
    await fill(user, labelled(dialog, YARD_TEXT.holdNote), 'Assessor to inspect');
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.bookIn }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const element = await card('1ABC999');
    expect(within(element).getByText('Bay C2')).toBeTruthy();
    expect(within(element).getByText(YARD_TEXT.insurerHold)).toBeTruthy();
    expect(await db.yard_vehicles.get(FIRST_ID)).toMatchObject({
      jobId: null,
      bay: 'C2',
      registration: '1ABC999',
      make: 'Ford',
      model: null,
      insurerHold: true,
      policeHold: false,
      holdNote: 'Assessor to inspect',
      status: 'stored',
    });
    expect(await db.yard_events.get(FIRST_ID)).toMatchObject({
      kind: 'in',
      toBay: 'C2',
      byName: BY,
    });
    expect(await outboxNames()).toEqual(['yard.bookIn']);
  });

  it('fills in the vehicle, owner and property from a loaded crash tow', async () => {
    const job = aJob({ id: 'JOB-2026-21', customerName: 'Lee Park', phone: '0413 222 333' });
    await db.jobs.put(job);
    await db.crash_tows.put(aCrashTow(job.id, { loadedAt: hoursAgo(2) }));
    const { user } = renderYard();
    const dialog = await openBookIn(user);
    const option = `${documentRef(job)} · Lee Park · crash tow`;
    await user.selectOptions(await within(dialog).findByLabelText(YARD_TEXT.fromJob), option);
    expect((labelled(dialog, YARD_TEXT.registration) as HTMLInputElement).value).toBe('1CRS404');
    expect((labelled(dialog, YARD_TEXT.colour) as HTMLInputElement).value).toBe('Red');
    expect((labelled(dialog, YARD_TEXT.owner) as HTMLInputElement).value).toBe('Lee Park');
    expect((labelled(dialog, YARD_TEXT.phone) as HTMLInputElement).value).toBe('0413 222 333');
    expect((labelled(dialog, YARD_TEXT.property) as HTMLTextAreaElement).value).toBe(
      '1 x Child seat',
    );
    expect(within(dialog).queryByText(YARD_TEXT.notLoaded)).toBeNull();
    await fill(user, labelled(dialog, YARD_TEXT.bay), 'D1');
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.bookIn }));

    await waitFor(async () =>
      expect(await db.yard_vehicles.get(FIRST_ID)).toMatchObject({
        jobId: job.id,
        bay: 'D1',
        make: 'Mazda',
        ownerName: 'Lee Park',
        property: '1 x Child seat',
      }),
    );
    // In the yard now: the job is no longer offered for booking in.
    const again = await openBookIn(user);
    expect(within(again).queryByRole('option', { name: option })).toBeNull();
  });

  it('warns that a crash tow not recorded loaded cannot go into storage, and refuses it', async () => {
    const job = aJob({ id: 'JOB-2026-22', customerName: 'Sasha Moore' });
    await db.jobs.put(job);
    await db.crash_tows.put(aCrashTow(job.id));
    const { user } = renderYard();
    const dialog = await openBookIn(user);
    await user.selectOptions(
      await within(dialog).findByLabelText(YARD_TEXT.fromJob),
      `${documentRef(job)} · Sasha Moore · crash tow`,
    );
    expect(within(dialog).getByText(YARD_TEXT.notLoaded)).toBeTruthy();
    await fill(user, labelled(dialog, YARD_TEXT.bay), 'D2');
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.bookIn }));
    expect(await within(dialog).findByText(WA_TOWING_MESSAGES.YARD_NOT_LOADED)).toBeTruthy();
    expect(await db.yard_vehicles.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('closes without storing anything on Cancel', async () => {
    const { user } = renderYard();
    const dialog = await openBookIn(user);
    await fill(user, labelled(dialog, YARD_TEXT.bay), 'Z9');
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(YARD_TEXT.empty)).toBeTruthy();
    expect(await db.yard_vehicles.count()).toBe(0);
  });
});
