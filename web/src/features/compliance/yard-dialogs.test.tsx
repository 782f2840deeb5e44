import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  COLLECTOR_AUTHORITY_LABELS,
  WA_TOWING_MESSAGES,
  formatCents,
  paymentMethodLabel,
  storageCharge,
  type YardVehicle,
} from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { fill } from '../../lib/testing/user-input';
import { FIRST_ID, db, resetDevice } from '../../sync/testing/device';
import {
  aYardVehicle,
  hoursAgo,
  labelled,
  outboxNames,
  schemaMessages,
} from './compliance-fixture';
import { YARD_TEXT } from './compliance-text';
import { YardTab } from './yard-tab';

const BY = 'Alex Owner';

async function openDialog(
  vehicle: YardVehicle,
  action: string,
  title: string,
): Promise<{
  dialog: HTMLElement;
  card: HTMLElement;
  user: ReturnType<typeof renderScreen>['user'];
}> {
  await db.yard_vehicles.put(vehicle);
  const { user } = renderScreen(<YardTab byName={BY} />, { route: '/admin/compliance' });
  const card = await screen.findByTestId('yard-vehicle');
  await user.click(within(card).getByRole('button', { name: action }));
  return { dialog: await screen.findByRole('dialog', { name: title }), card, user };
}

async function closed(): Promise<void> {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

beforeEach(async () => {
  await resetDevice();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * jsdom draws nothing: the signing pad gets a 2D context that takes every call and setting, so
 * the step can open (the strokes themselves are the Chromium journey's).
 */
function canvasThatTakesStrokes(): void {
  const context = new Proxy({} as Record<PropertyKey, unknown>, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
}

describe('moving a vehicle to another bay', () => {
  /** Asks to move the test vehicle (in bay A3) to `toBay`, for `reason`. */
  async function move(toBay: string, reason: string) {
    const opened = await openDialog(aYardVehicle(), YARD_TEXT.move, YARD_TEXT.moveTitle('A3'));
    await fill(opened.user, labelled(opened.dialog, YARD_TEXT.toBay), toBay);
    await fill(opened.user, labelled(opened.dialog, YARD_TEXT.reason), reason);
    await opened.user.click(within(opened.dialog).getByRole('button', { name: YARD_TEXT.move }));
    return opened;
  }

  it('asks for the bay and the reason with the schema’s messages', async () => {
    const { dialog, user } = await openDialog(
      aYardVehicle(),
      YARD_TEXT.move,
      YARD_TEXT.moveTitle('A3'),
    );
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.move }));
    const expected = schemaMessages('yard.move', { toBay: '', reason: '' });
    expect(await within(dialog).findByText(expected.toBay!)).toBeTruthy();
    expect(within(dialog).getByText(expected.reason!)).toBeTruthy();
    expect(await db.yard_events.count()).toBe(0);
  });

  it('refuses a move to the bay it is in', async () => {
    const { dialog } = await move('A3', 'Tidy up');
    expect(await within(dialog).findByText(WA_TOWING_MESSAGES.YARD_SAME_BAY)).toBeTruthy();
    expect(await outboxNames()).toEqual([]);
  });

  it('moves it, shows the new bay and records the move in its history', async () => {
    const { card, user } = await move('B7', 'Loader needs the row');
    await closed();
    expect(await within(card).findByText('Bay B7')).toBeTruthy();
    expect(await db.yard_events.get(FIRST_ID)).toMatchObject({
      kind: 'move',
      fromBay: 'A3',
      toBay: 'B7',
      reason: 'Loader needs the row',
      byName: BY,
    });
    expect(await outboxNames()).toEqual(['yard.move']);
    await user.click(within(card).getByRole('button', { name: `${YARD_TEXT.history} (1)` }));
    expect(await within(card).findByText(/· A3 → B7 · Loader needs the row/)).toBeTruthy();
  });
});

describe('a visit to get property back', () => {
  it('starts with the owner as the visitor and needs the document they showed', async () => {
    const { dialog, user } = await openDialog(
      aYardVehicle(),
      YARD_TEXT.access,
      YARD_TEXT.accessTitle,
    );
    expect((labelled(dialog, YARD_TEXT.visitor) as HTMLInputElement).value).toBe('Kim Nguyen');
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.recordVisit }));
    const expected = schemaMessages('yard.access', { visitorName: 'Kim', visitorDocument: '' });
    expect(await within(dialog).findByText(expected.visitorDocument!)).toBeTruthy();
    expect(await db.yard_events.count()).toBe(0);
  });

  it('records who came, what they showed and what they took', async () => {
    const { dialog, user } = await openDialog(
      aYardVehicle(),
      YARD_TEXT.access,
      YARD_TEXT.accessTitle,
    );
    await fill(user, labelled(dialog, YARD_TEXT.visitorDocument), 'WA licence 7654321');
    await fill(user, labelled(dialog, YARD_TEXT.visitReason), 'Work laptop');
    await fill(user, labelled(dialog, YARD_TEXT.itemsTaken), 'Laptop bag');
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.recordVisit }));
    await closed();
    expect(await db.yard_events.get(FIRST_ID)).toMatchObject({
      kind: 'access',
      visitorName: 'Kim Nguyen',
      visitorDocument: 'WA licence 7654321',
      reason: 'Work laptop',
      itemsTaken: 'Laptop bag',
    });
    expect(await outboxNames()).toEqual(['yard.access']);
  });
});

describe('the holds', () => {
  it('shows the holds in force and lifts one', async () => {
    const { dialog, card, user } = await openDialog(
      aYardVehicle({ policeHold: true, holdNote: 'Forensics' }),
      YARD_TEXT.holds,
      YARD_TEXT.holds,
    );
    const police = within(dialog).getByLabelText(YARD_TEXT.policeHold) as HTMLInputElement;
    expect(police.checked).toBe(true);
    expect((within(dialog).getByLabelText(YARD_TEXT.insurerHold) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((labelled(dialog, YARD_TEXT.holdNote) as HTMLInputElement).value).toBe('Forensics');
    await user.click(police);
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.save }));
    await closed();
    await waitFor(() => expect(within(card).queryByText(YARD_TEXT.policeHold)).toBeNull());
    expect(await db.yard_vehicles.get(7)).toMatchObject({ policeHold: false, insurerHold: false });
    expect(await db.yard_events.get(FIRST_ID)).toMatchObject({
      kind: 'hold',
      detail: 'Holds lifted',
    });
  });
});

describe('recording the payment of the charges', () => {
  const vehicle = aYardVehicle({ timeIn: hoursAgo(52) });

  it('adds the towing charges to the storage so far and sets the release deadline', async () => {
    const { dialog, card, user } = await openDialog(vehicle, YARD_TEXT.pay, YARD_TEXT.paymentTitle);
    const storage = storageCharge(vehicle.timeIn, new Date().toISOString(), vehicle.dailyFeeCents);
    expect(within(dialog).getByTestId('storage-accrued').textContent).toBe(
      YARD_TEXT.storageLine(
        storage.days,
        formatCents(vehicle.dailyFeeCents),
        formatCents(storage.cents),
      ),
    );
    expect(within(dialog).getByText(YARD_TEXT.total(formatCents(storage.cents)))).toBeTruthy();
    const towing = labelled(dialog, YARD_TEXT.towingCharges);
    await user.clear(towing);
    await fill(user, towing, '180');
    expect(
      await within(dialog).findByText(YARD_TEXT.total(formatCents(storage.cents + 18_000))),
    ).toBeTruthy();
    await user.selectOptions(
      labelled(dialog, YARD_TEXT.method),
      paymentMethodLabel('bank-transfer'),
    );
    await fill(user, labelled(dialog, YARD_TEXT.reference), 'CBA 99812');
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.recordPayment }));
    await closed();

    expect(await within(card).findByTestId('release-countdown')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: YARD_TEXT.pay })).toBeNull();
    const paid = await db.yard_vehicles.get(7);
    expect(paid?.paidAt).not.toBeNull();
    expect(paid?.releaseDueAt).not.toBeNull();
    const payments = await db.payments.toArray();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      amount: storage.cents + 18_000,
      method: 'bank-transfer',
      reference: 'CBA 99812',
      invoiceId: paid?.invoiceId,
    });
    expect(await outboxNames()).toEqual(['yard.recordPayment']);
  });

  it('says so when another device recorded the payment first, and records nothing', async () => {
    const { dialog, user } = await openDialog(vehicle, YARD_TEXT.pay, YARD_TEXT.paymentTitle);
    // The other owner's payment arrives by sync while this dialog is open.
    await db.yard_vehicles.update(7, { paidAt: hoursAgo(0.1), invoiceId: 'INV-2026-40' });
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.recordPayment }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      WA_TOWING_MESSAGES.YARD_ALREADY_PAID,
    );
    expect(await db.payments.count()).toBe(0);
    expect(await outboxNames()).toEqual([]);
  });
});

describe('releasing a vehicle to its collector', () => {
  it('wants the collector’s name and document before they sign', async () => {
    canvasThatTakesStrokes();
    const { dialog, user } = await openDialog(
      aYardVehicle({ paidAt: hoursAgo(1) }),
      YARD_TEXT.release,
      YARD_TEXT.releaseTitle,
    );
    expect((labelled(dialog, YARD_TEXT.collector) as HTMLInputElement).value).toBe('Kim Nguyen');
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.collectorSigns }));
    expect(await within(dialog).findByText(YARD_TEXT.identityFirst)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: YARD_TEXT.collectorSigns })).toBeNull();

    await fill(user, labelled(dialog, YARD_TEXT.documentNumber), 'WA1234567');
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.collectorSigns }));
    expect(await screen.findByRole('dialog', { name: YARD_TEXT.collectorSigns })).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('asks for whom an agent collects, and the 100 points only where the police hold it', async () => {
    const { dialog, user } = await openDialog(
      aYardVehicle({ policeHold: true }),
      YARD_TEXT.release,
      YARD_TEXT.releaseTitle,
    );
    const points = () => within(dialog).queryByLabelText(/Identity documents seen/);
    expect(within(dialog).queryByLabelText(YARD_TEXT.authorityDetail)).toBeNull();
    expect(points()).toBeTruthy();
    const authority = labelled(dialog, YARD_TEXT.authority);
    await user.selectOptions(authority, COLLECTOR_AUTHORITY_LABELS.insurer);
    expect(within(dialog).getByLabelText(YARD_TEXT.authorityDetail)).toBeTruthy();
    expect(points()).toBeTruthy();
    // The police collecting their own held vehicle are not asked for identity points.
    await user.selectOptions(authority, COLLECTOR_AUTHORITY_LABELS.police);
    expect(points()).toBeNull();
  });

  it('says the charges are unpaid before the collector signs, and records nothing', async () => {
    canvasThatTakesStrokes();
    const { dialog, user } = await openDialog(
      aYardVehicle(),
      YARD_TEXT.release,
      YARD_TEXT.releaseTitle,
    );
    await fill(user, labelled(dialog, YARD_TEXT.documentNumber), 'WA1234567');
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.collectorSigns }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      WA_TOWING_MESSAGES.YARD_NOT_PAID,
    );
    expect(screen.queryByRole('dialog', { name: YARD_TEXT.collectorSigns })).toBeNull();
    expect(await outboxNames()).toEqual([]);
  });

  it('says under the authority when an insurer’s hold stands against the owner', async () => {
    canvasThatTakesStrokes();
    const { dialog, user } = await openDialog(
      aYardVehicle({ paidAt: hoursAgo(1), insurerHold: true }),
      YARD_TEXT.release,
      YARD_TEXT.releaseTitle,
    );
    await fill(user, labelled(dialog, YARD_TEXT.documentNumber), 'WA1234567');
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.collectorSigns }));
    const authority = labelled(dialog, YARD_TEXT.authority);
    await waitFor(() => expect(authority.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(WA_TOWING_MESSAGES.YARD_ON_HOLD)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: YARD_TEXT.collectorSigns })).toBeNull();

    // The insurer's agent collects: the collector may sign.
    await user.selectOptions(authority, COLLECTOR_AUTHORITY_LABELS.insurer);
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.collectorSigns }));
    expect(await screen.findByRole('dialog', { name: YARD_TEXT.collectorSigns })).toBeTruthy();
    expect(await outboxNames()).toEqual([]);
  });

  it('closes without releasing anything on Cancel', async () => {
    const { dialog, card, user } = await openDialog(
      aYardVehicle(),
      YARD_TEXT.release,
      YARD_TEXT.releaseTitle,
    );
    await user.click(within(dialog).getByRole('button', { name: YARD_TEXT.cancel }));
    await closed();
    expect(card.dataset.status).toBe('stored');
    expect((await db.yard_vehicles.get(7))?.status).toBe('stored');
  });
});
