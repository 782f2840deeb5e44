import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, URGENCY_LABELS } from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { getDatabase } from '../../db/database';
import { fakeApi, json, type ApiCall } from '../../lib/testing/fake-api';
import { choose, fill, selectInput } from '../../lib/testing/user-input';
import {
  OUTBOX_SAVED_OFFLINE,
  OUTBOX_SAVED_RATE_LIMITED,
  OUTBOX_SAVED_SERVER_BUSY,
} from '../../sync/public-outbox';
import { BookingForm } from './booking-form';
import { ContactForm } from './contact-form';
import { SAVED_OFFLINE_TITLE } from './public-form-texts';

const HOTLINES = [
  { name: 'Sam', phone: '0400 111 222' },
  { name: 'Alex', phone: '0400 333 444' },
];

function field(form: HTMLElement, label: string): HTMLElement {
  return within(form).getByRole('textbox', { name: new RegExp(`^${label}`) });
}

const outbox = () => getDatabase().publicOutbox;

beforeEach(async () => {
  await outbox().clear();
  localStorage.clear();
});

afterEach(() => {
  localStorage.clear();
});

describe('sending the contact form', () => {
  async function fillContact(user: ReturnType<typeof renderScreen>['user']) {
    const form = await screen.findByRole('form', { name: 'Send us a Message' });
    await fill(user, field(form, 'First Name'), 'Dana');
    await fill(user, field(form, 'Last Name'), 'Reid');
    await fill(user, field(form, 'Phone'), '0412 345 678');
    await fill(user, field(form, 'Email'), 'dana@example.com');
    await choose(user, selectInput(form, /^Service Needed/), '4x4 Recovery');
    await fill(user, within(form).getByLabelText(/^Message/), 'Bogged at the Millstream crossing');
    return form;
  }

  it('sends it once with its own key, says it was sent, and empties the form', async () => {
    const api = fakeApi({ 'POST /api/contact': json({ ok: true }, 201) });
    const { user } = renderScreen(<ContactForm />);
    const form = await fillContact(user);
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(MESSAGES.CONTACT_SENT_TITLE)).toBeTruthy();
    expect(screen.getByText(MESSAGES.CONTACT_SENT_DESCRIPTION)).toBeTruthy();
    const [call] = api.callsTo('POST /api/contact');
    expect(call?.body).toMatchObject({
      firstName: 'Dana',
      lastName: 'Reid',
      phone: '0412 345 678',
      email: 'dana@example.com',
      serviceNeeded: '4x4 Recovery',
      message: 'Bogged at the Millstream crossing',
    });
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect((field(form, 'First Name') as HTMLInputElement).value).toBe(''));
    expect(await outbox().count()).toBe(0);
  });

  it('keeps it on the phone with no signal, says it goes by itself, and empties the form', async () => {
    fakeApi({ 'POST /api/contact': 'offline' });
    const { user } = renderScreen(<ContactForm />);
    const form = await fillContact(user);
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(SAVED_OFFLINE_TITLE)).toBeTruthy();
    expect(screen.getByText(OUTBOX_SAVED_OFFLINE)).toBeTruthy();
    const [kept] = await outbox().toArray();
    expect(kept).toMatchObject({ kind: 'contact', attempts: 1 });
    expect(kept?.body).toMatchObject({
      firstName: 'Dana',
      message: 'Bogged at the Millstream crossing',
    });
    await waitFor(() => expect((field(form, 'First Name') as HTMLInputElement).value).toBe(''));
  });

  it('keeps it and says the server was busy when the server fails', async () => {
    fakeApi({ 'POST /api/contact': json({ error: 'database locked' }, 503) });
    const { user } = renderScreen(<ContactForm />);
    const form = await fillContact(user);
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(OUTBOX_SAVED_SERVER_BUSY)).toBeTruthy();
    expect(await outbox().count()).toBe(1);
  });

  it('keeps it and says how long to wait when over the hourly limit', async () => {
    fakeApi({
      'POST /api/contact': json(
        { error: 'Too many messages from here. Try again in an hour.' },
        429,
      ),
    });
    const { user } = renderScreen(<ContactForm />);
    const form = await fillContact(user);
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(
      await screen.findByText(
        `Too many messages from here. Try again in an hour. ${OUTBOX_SAVED_RATE_LIMITED}`,
      ),
    ).toBeTruthy();
    expect(await outbox().count()).toBe(1);
  });

  it('shows the server’s message under the field it refused, keeps what was typed and keeps nothing', async () => {
    fakeApi({
      'POST /api/contact': json(
        { error: MESSAGES.EMAIL_INVALID, fields: { email: MESSAGES.EMAIL_INVALID } },
        400,
      ),
    });
    const { user } = renderScreen(<ContactForm />);
    const form = await fillContact(user);
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MESSAGES.CONTACT_FAILED_TITLE)).toBeTruthy();
    const email = field(form, 'Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(MESSAGES.EMAIL_INVALID)).toBeTruthy();
    expect((field(form, 'First Name') as HTMLInputElement).value).toBe('Dana');
    expect(await outbox().count()).toBe(0);
  });

  it('says Sending… and takes no second tap while the first is on its way', async () => {
    let release: () => void = () => {};
    const api = fakeApi({
      'POST /api/contact': () =>
        new Promise((resolve) => {
          release = () => resolve(json({ ok: true }, 201));
        }),
    });
    const { user } = renderScreen(<ContactForm />);
    const form = await fillContact(user);
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    const sending = await within(form).findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    await user.click(sending);
    await waitFor(() => expect(api.callsTo('POST /api/contact')).toHaveLength(1));
    release();
    expect(await screen.findByText(MESSAGES.CONTACT_SENT_TITLE)).toBeTruthy();
    expect(api.callsTo('POST /api/contact')).toHaveLength(1);
  });
});

describe('sending a booking', () => {
  async function fillEmergency(user: ReturnType<typeof renderScreen>['user']) {
    const form = await screen.findByRole('form', { name: 'Book a Service' });
    await fill(user, field(form, 'Full Name'), 'Kim Lee');
    await fill(user, field(form, 'Phone Number'), '0498 765 432');
    await fill(user, field(form, 'Email Address'), 'kim@example.com');
    await choose(user, selectInput(form, /^Service Required/), '4x4 Recovery');
    await user.click(
      within(form).getByRole('radio', {
        name: `${URGENCY_LABELS.emergency.label}: ${URGENCY_LABELS.emergency.description}`,
      }),
    );
    await fill(user, field(form, 'Location'), 'Millstream Rd, 40 km south of Karratha');
    await fill(
      user,
      within(form).getByLabelText(/^Describe what you need/),
      'Bogged to the axles in a creek crossing',
    );
    return form;
  }

  it('shows the booking number and a tracking link once the server has it', async () => {
    const api = fakeApi({
      'POST /api/bookings': json(
        { booking: { id: 'BKG-2026-12', trackingToken: 'booking-token-bbbbbbbbbbb' } },
        201,
      ),
    });
    const { user } = renderScreen(<BookingForm variant="integrated" hotlines={HOTLINES} />);
    const form = await fillEmergency(user);
    await user.click(within(form).getByRole('button', { name: 'Submit Booking' }));

    const confirmation = await screen.findByTestId('booking-confirmation');
    await waitFor(() =>
      expect(within(confirmation).getByTestId('booking-reference').textContent).toBe('BKG-2026-12'),
    );
    expect(within(confirmation).getByText(MESSAGES.BOOKING_SUBMITTED_TITLE)).toBeTruthy();
    expect(confirmation.textContent).toContain('Emergency: as soon as possible');
    expect(
      within(confirmation)
        .getByRole('link', { name: /Track this booking/ })
        .getAttribute('href'),
    ).toBe('/customer-portal?token=booking-token-bbbbbbbbbbb');
    // An emergency goes without a date or time: the server stamps "now" by its own clock.
    const body = (api.callsTo('POST /api/bookings')[0] as ApiCall).body as Record<string, unknown>;
    expect(body).toMatchObject({
      customerName: 'Kim Lee',
      urgency: 'emergency',
      service: '4x4 Recovery',
      preferredDate: '',
      preferredTime: '',
    });
    expect(await outbox().count()).toBe(0);
  });

  it('keeps a booking made with no signal on the phone and gives a device reference to quote', async () => {
    fakeApi({ 'POST /api/bookings': 'offline' });
    const { user } = renderScreen(<BookingForm variant="integrated" hotlines={HOTLINES} />);
    const form = await fillEmergency(user);
    await user.click(within(form).getByRole('button', { name: 'Submit Booking' }));

    const confirmation = await screen.findByTestId('booking-confirmation');
    expect(within(confirmation).getByText('Booking saved on this phone')).toBeTruthy();
    expect(within(confirmation).getByText('Waiting for signal')).toBeTruthy();
    const [kept] = await outbox().toArray();
    const hex = (kept?.id ?? '').replace(/-/g, '').toUpperCase();
    expect(within(confirmation).getByTestId('device-reference').textContent).toBe(
      `${hex.slice(0, 4)}-${hex.slice(4, 8)}`,
    );
    expect(kept?.body).toMatchObject({ customerName: 'Kim Lee', urgency: 'emergency' });
    expect(within(confirmation).queryByRole('link', { name: /Track this booking/ })).toBeNull();
  });

  it('goes back to an empty form for another booking', async () => {
    fakeApi({ 'POST /api/bookings': json({ booking: { id: 'BKG-2026-13' } }, 201) });
    const { user } = renderScreen(<BookingForm variant="integrated" hotlines={HOTLINES} />);
    const form = await fillEmergency(user);
    await user.click(within(form).getByRole('button', { name: 'Submit Booking' }));
    const confirmation = await screen.findByTestId('booking-confirmation');
    await user.click(within(confirmation).getByRole('button', { name: 'Book another service' }));
    const again = await screen.findByRole('form', { name: 'Book a Service' });
    expect((field(again, 'Full Name') as HTMLInputElement).value).toBe('');
  });

  it('asks for the date and time of a scheduled booking', async () => {
    const api = fakeApi();
    const { user } = renderScreen(<BookingForm variant="standard" hotlines={HOTLINES} />);
    const form = await screen.findByRole('form', { name: 'Book a Service' });
    await fill(user, field(form, 'Full Name'), 'Kim Lee');
    await fill(user, field(form, 'Phone Number'), '0498 765 432');
    await fill(user, field(form, 'Email Address'), 'kim@example.com');
    await choose(user, selectInput(form, /^Service Required/), 'Local Towing');
    await fill(user, field(form, 'Location'), 'Karratha');
    await user.click(within(form).getByRole('button', { name: 'Submit Booking' }));
    await waitFor(() =>
      expect(selectInput(form, /^Preferred Time/).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(api.calls).toHaveLength(0);
    expect(await outbox().count()).toBe(0);
  });
});
