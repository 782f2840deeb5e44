import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  DECLINE_REASONS,
  MESSAGES,
  OTHER_REASON,
  STAFF_ALARM_TEXT,
  bookingAlertsResponseSchema,
  creditReasonText,
  documentRef,
  formatDateTime,
  type Booking,
} from '@pilbara/shared-schema';
import { aBooking, anAccount, anInvoice } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, json, type FakeApi } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { ADMIN_TEXT, ADMIN_TOASTS } from './admin-text';
import { PendingBookings } from './pending-bookings';
import { useBookings } from './use-admin-data';

const NONE = new Set<string>();

/** The Pending Bookings tab as the admin panel shows it: the bookings on this device. */
function Bookings() {
  return <PendingBookings bookings={useBookings()} pendingKeys={NONE} />;
}

async function renderBookings(...bookings: Booking[]) {
  await db.bookings.bulkPut(bookings.length > 0 ? bookings : [aBooking()]);
  const view = renderScreen(<Bookings />, { route: '/admin' });
  return { ...view, card: await screen.findByTestId('booking-card') };
}

function bookingStatus(): Promise<string | undefined> {
  return db.bookings.get('BKG-2026-1').then((row) => (row as Booking | undefined)?.status);
}

let api: FakeApi;

beforeEach(async () => {
  await resetDevice();
  api = fakeApi();
});

describe('a booking’s alert log', () => {
  const ALERTS = 'GET /api/bookings/BKG-2026-1/alerts';

  it('says who was alerted, how each went, and when the next escalation is due', async () => {
    api.on(
      ALERTS,
      json(
        bookingAlertsResponseSchema.parse({
          alerts: [
            {
              channel: 'push',
              recipient: 'Kim Owner',
              step: 0,
              status: 'sent',
              error: null,
              createdAt: '2026-11-20T08:00:00.000Z',
              sentAt: '2026-11-20T08:00:01.000Z',
            },
            {
              channel: 'sms',
              recipient: '0411222333',
              step: 1,
              status: 'failed',
              error: 'Number unreachable',
              createdAt: '2026-11-20T08:05:00.000Z',
              sentAt: null,
            },
          ],
          nextEscalationAt: '2026-11-20T08:10:00.000Z',
        }),
      ),
    );
    const { card, user } = await renderBookings();
    const toggle = within(card).getByRole('button', { name: ADMIN_TEXT.alerts });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const log = await within(card).findByTestId('alert-log');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const items = within(log)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Push to Kim Owner: sent',
      'Text to 0411222333 (escalation 1): failed – Number unreachable',
    ]);
    expect(
      within(log).getByText(ADMIN_TEXT.nextEscalation(formatDateTime('2026-11-20T08:10:00.000Z'))),
    ).toBeTruthy();
  });

  it('says when no alert went out for the booking', async () => {
    api.on(ALERTS, json(bookingAlertsResponseSchema.parse({ alerts: [], nextEscalationAt: null })));
    const { card, user } = await renderBookings();
    await user.click(within(card).getByRole('button', { name: ADMIN_TEXT.alerts }));
    expect(await within(card).findByText(ADMIN_TEXT.alertsNone)).toBeTruthy();
  });

  it('says the log needs a connection when the server cannot be reached', async () => {
    const { card, user } = await renderBookings();
    await user.click(within(card).getByRole('button', { name: ADMIN_TEXT.alerts }));
    expect(await within(card).findByText(ADMIN_TEXT.alertsNeedConnection)).toBeTruthy();
    expect(api.callsTo(ALERTS)).toHaveLength(1);
  });
});

describe('taking a booking', () => {
  it('says the others are told, shows who has it and offers it no more', async () => {
    const { card, user } = await renderBookings();
    await user.click(within(card).getByRole('button', { name: STAFF_ALARM_TEXT.acknowledge }));
    expect(await screen.findByText(STAFF_ALARM_TEXT.takenToast('BKG-2026-1'))).toBeTruthy();
    const booking = (await db.bookings.get('BKG-2026-1')) as Booking;
    expect(booking.acknowledgedAt).toBeTruthy();
    expect((await within(card).findByTestId('booking-taken')).textContent).toBe(
      STAFF_ALARM_TEXT.taken(booking.acknowledgedBy!, booking.acknowledgedAt!),
    );
    expect(within(card).queryByRole('button', { name: STAFF_ALARM_TEXT.acknowledge })).toBeNull();
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['booking.acknowledge']);
  });
});

describe('declining a booking', () => {
  async function openDecline() {
    const view = await renderBookings();
    await view.user.click(within(view.card).getByRole('button', { name: ADMIN_TEXT.decline }));
    const dialog = await screen.findByRole('dialog', {
      name: ADMIN_TEXT.declineTitle('BKG-2026-1'),
    });
    return { ...view, dialog };
  }

  it('asks for the customer’s reason in words of its own when Other is picked', async () => {
    const { dialog, user } = await openDecline();
    expect(within(dialog).getByText(ADMIN_TEXT.declineBody)).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: OTHER_REASON }));
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.declineConfirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.REASON_REQUIRED);
    expect(await bookingStatus()).toBe('pending');
    expect(await db.outbox.count()).toBe(0);
  });

  it('declines with the picked reason, says the customer is told, and takes it off the list', async () => {
    const { dialog, user } = await openDecline();
    await user.click(within(dialog).getByRole('radio', { name: DECLINE_REASONS[1] }));
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.declineConfirm }));
    expect(await screen.findByText(ADMIN_TOASTS.bookingDeclined('BKG-2026-1'))).toBeTruthy();
    expect(await db.bookings.get('BKG-2026-1')).toMatchObject({
      status: 'declined',
      declineReason: DECLINE_REASONS[1],
    });
    expect(await screen.findByText(ADMIN_TEXT.noBookings)).toBeTruthy();
  });

  it('keeps the booking when the owner goes back', async () => {
    const { dialog, user } = await openDecline();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await bookingStatus()).toBe('pending');
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('approving an account booking on a device that does not hold the account yet', () => {
  const HOLD = creditReasonText({ kind: 'over-limit', owedCents: 50_000, limitCents: 10_000 });

  it('asks about the hold the server noted on the booking before approving', async () => {
    // A new device still syncing: the booking is here, its account and invoices are not.
    const view = await renderBookings(aBooking({ accountId: 1, creditHold: HOLD }));
    expect((await within(view.card).findByTestId('credit-hold')).textContent).toContain(HOLD);
    await view.user.click(within(view.card).getByRole('button', { name: ADMIN_TEXT.approve }));
    const dialog = await screen.findByRole('dialog', { name: 'Account on credit hold' });
    expect(within(dialog).getByText(HOLD)).toBeTruthy();
    await view.user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.jobs.count()).toBe(0);
    expect(await bookingStatus()).toBe('pending');
  });

  it('goes by the account once it arrives, not by the old note', async () => {
    // The account came and owes nothing now: the note from when the booking came in is stale.
    await db.accounts.put(anAccount({ creditLimitCents: 10_000 }));
    const view = await renderBookings(aBooking({ accountId: 1, creditHold: HOLD }));
    await within(view.card).findByTestId('account-work');
    expect(within(view.card).queryByTestId('credit-hold')).toBeNull();
    await view.user.click(within(view.card).getByRole('button', { name: ADMIN_TEXT.approve }));
    await waitFor(async () => expect(await bookingStatus()).toBe('approved'));
    expect(screen.queryByRole('dialog', { name: 'Account on credit hold' })).toBeNull();
  });
});

describe('approving a booking of an account on credit hold', () => {
  const HOLD = creditReasonText({ kind: 'over-limit', owedCents: 50_000, limitCents: 10_000 });

  beforeEach(async () => {
    await db.accounts.put(anAccount({ creditLimitCents: 10_000 }));
    // $500 owing against a $100 limit.
    await db.invoices.put(anInvoice({ accountId: 1, amount: 50_000, dueDate: null }));
  });

  async function askApproval() {
    const view = await renderBookings(aBooking({ accountId: 1, poNumber: 'PO-77' }));
    // The card shows the hold before the owner reaches for Approve.
    expect((await within(view.card).findByTestId('credit-hold')).textContent).toContain(HOLD);
    await view.user.click(within(view.card).getByRole('button', { name: ADMIN_TEXT.approve }));
    const dialog = await screen.findByRole('dialog', { name: 'Account on credit hold' });
    return { ...view, dialog };
  }

  it('names the hold and approves nothing until the owner decides', async () => {
    const { dialog, user } = await askApproval();
    expect(within(dialog).getByText(HOLD)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.jobs.count()).toBe(0);
    expect(await bookingStatus()).toBe('pending');
  });

  it('approves anyway and records the owner’s reason on the job', async () => {
    const { dialog, user } = await askApproval();
    await fill(user, within(dialog).getByLabelText('Why go ahead (optional)'), 'Their PO is paid');
    await user.click(within(dialog).getByRole('button', { name: 'Approve anyway' }));
    const [job] = await waitFor(async () => {
      const jobs = await db.jobs.toArray();
      expect(jobs).toHaveLength(1);
      return jobs;
    });
    expect(
      await screen.findByText(ADMIN_TOASTS.bookingApproved(documentRef({ id: String(job?.id) }))),
    ).toBeTruthy();
    expect(job?.creditHoldNote).toContain(HOLD);
    expect(job?.creditHoldNote).toContain('Their PO is paid');
    expect(await bookingStatus()).toBe('approved');
  });
});
