import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  accountBookingResponseSchema,
  type PortalAccount,
} from '@pilbara/shared-schema';
import { aBooking } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { getDatabase } from '../../db/database';
import { fakeApi, json, type FakeApi } from '../../lib/testing/fake-api';
import { choose, fill, selectInput } from '../../lib/testing/user-input';
import { OUTBOX_SAVED_OFFLINE } from '../../sync/public-outbox';
import { AccountBookingForm } from './account-booking-form';
import { PRIYA, portalAccount } from './portal-fixture';

const ROUTE = 'POST /api/account/bookings';
const BOOKED = json(
  accountBookingResponseSchema.parse({
    booking: aBooking({ id: 'BKG-2026-4', accountId: 1, siteId: 's1', poNumber: 'PO-7781' }),
  }),
  201,
);

const outbox = () => getDatabase().publicOutbox;
let api: FakeApi;

function renderForm(account: PortalAccount = portalAccount(), signer: object = PRIYA) {
  const onBooked = vi.fn();
  const view = renderScreen(
    <AccountBookingForm account={account} signer={signer} onBooked={onBooked} />,
  );
  const form = screen.getByRole('form', { name: 'Book work' });
  const field = (label: RegExp) => within(form).getByLabelText(label) as HTMLInputElement;
  const submit = () => view.user.click(within(form).getByRole('button', { name: 'Book now' }));
  return { ...view, form, field, submit, onBooked };
}

/** What the contact says of the work: the service, what happened and the PO. */
async function describeWork({ user, form, field }: ReturnType<typeof renderForm>) {
  await choose(user, selectInput(form, /^Service/), 'Heavy Vehicle Recovery');
  await fill(user, field(/^What happened/), 'Haul truck blew a tyre on the access road');
  await fill(user, field(/^PO number/), 'PO-7781');
}

beforeEach(async () => {
  await outbox().clear();
  api = fakeApi({ [ROUTE]: BOOKED });
});

describe('booking work under the account', () => {
  it('starts from the first site, the contact’s own details and an emergency', async () => {
    const { form, field } = renderForm();
    expect(selectInput(form, /^Site/).value).toBe('Cape Lambert gate 2');
    expect(field(/^Where exactly/).value).toBe('Cape Lambert Rd, Wickham');
    expect(field(/^Your name/).value).toBe('Priya Nair');
    expect(field(/^Phone/).value).toBe(PRIYA.phone);
    expect(field(/^Email/).value).toBe(PRIYA.email);
    expect(selectInput(form, /^Urgency/).value).toBe('Emergency');
    // A PO on every job: the field is marked as needed.
    expect(within(form).getByText('PO number').textContent).toBe('PO number *');
  });

  it('fills in the blanket PO’s number and the account’s own contact details', async () => {
    const { form, field } = renderForm(
      portalAccount({
        poRule: { kind: 'blanket', number: 'BPO-2027', expiresOn: '2027-06-30', capCents: 500_000 },
      }),
      { firstName: 'Gate', lastName: null, email: null, phone: null },
    );
    expect(field(/^PO number/).value).toBe('BPO-2027');
    expect(within(form).getByText('PO number').textContent).toBe('PO number');
    expect(field(/^Phone/).value).toBe('0891 000 111');
    expect(field(/^Email/).value).toBe('ap@capelambert.example');
  });

  it('moves “where exactly” to the site chosen', async () => {
    const { user, form, field } = renderForm();
    await choose(user, selectInput(form, /^Site/), 'Dampier wharf');
    expect(field(/^Where exactly/).value).toBe('Mof Rd, Dampier');
  });

  it('names what is missing with the schema’s messages and keeps nothing', async () => {
    const { user, form, field, submit } = renderForm();
    await user.clear(field(/^Your name/));
    await submit();
    expect(await within(form).findByText(MESSAGES.SERVICE_SELECT)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.DESCRIPTION_DETAILS)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.NAME_MIN)).toBeTruthy();
    expect(api.callsTo(ROUTE)).toHaveLength(0);
    expect(await outbox().count()).toBe(0);
  });

  it('asks for a date and time unless it is an emergency', async () => {
    const view = renderForm();
    await describeWork(view);
    await choose(view.user, selectInput(view.form, /^Urgency/), 'Scheduled');
    await view.submit();
    expect(await within(view.form).findByText(MESSAGES.PREFERRED_DATE_REQUIRED)).toBeTruthy();
    expect(within(view.form).getByText(MESSAGES.PREFERRED_TIME_REQUIRED)).toBeTruthy();
    expect(api.callsTo(ROUTE)).toHaveLength(0);
  });

  it('sends the booking once with its own key, says so, and starts a fresh form', async () => {
    const view = renderForm();
    await describeWork(view);
    await view.submit();

    expect(await screen.findByText('Booking Submitted')).toBeTruthy();
    expect(view.onBooked).toHaveBeenCalledTimes(1);
    const [call] = api.callsTo(ROUTE);
    expect(call?.body).toMatchObject({
      siteId: 's1',
      poNumber: 'PO-7781',
      service: 'Heavy Vehicle Recovery',
      location: 'Cape Lambert Rd, Wickham',
      urgency: 'emergency',
      description: 'Haul truck blew a tyre on the access road',
      customerName: 'Priya Nair',
      phone: PRIYA.phone,
    });
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(view.field(/^What happened/).value).toBe(''));
    expect(await outbox().count()).toBe(0);
  });

  it('keeps the booking on the phone with no signal and says it goes by itself', async () => {
    api.on(ROUTE, 'offline');
    const view = renderForm();
    await describeWork(view);
    await view.submit();

    expect((await within(view.form).findByRole('status')).textContent).toBe(OUTBOX_SAVED_OFFLINE);
    const [kept] = await outbox().toArray();
    expect(kept).toMatchObject({
      kind: 'accountBooking',
      body: { siteId: 's1', poNumber: 'PO-7781', service: 'Heavy Vehicle Recovery' },
    });
    expect(view.onBooked).not.toHaveBeenCalled();
    await waitFor(() => expect(view.field(/^What happened/).value).toBe(''));
  });

  it('shows the server’s message under the field it refused, keeping what was typed', async () => {
    api.on(
      ROUTE,
      json({ error: 'Validation failed', fields: { poNumber: ACCOUNT_MESSAGES.PO_REQUIRED } }, 400),
    );
    const view = renderForm();
    await describeWork(view);
    await view.submit();
    expect(await within(view.form).findByText(ACCOUNT_MESSAGES.PO_REQUIRED)).toBeTruthy();
    expect(view.field(/^What happened/).value).toBe('Haul truck blew a tyre on the access road');
    expect(view.onBooked).not.toHaveBeenCalled();
    expect(await outbox().count()).toBe(0);
  });

  it('says why the server refused a booking that no field explains', async () => {
    api.on(ROUTE, json({ error: ACCOUNT_MESSAGES.ACCOUNT_CLOSED }, 403));
    const view = renderForm();
    await describeWork(view);
    await view.submit();
    expect((await within(view.form).findByRole('status')).textContent).toBe(
      ACCOUNT_MESSAGES.ACCOUNT_CLOSED,
    );
    expect(await outbox().count()).toBe(0);
  });
});
