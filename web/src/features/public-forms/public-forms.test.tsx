import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { MemoryRouter } from 'react-router-dom';
import { MESSAGES, URGENCY_LABELS } from '@pilbara/shared-schema';
import { getDatabase } from '../../db/database';
import { BookingForm } from './booking-form';
import { ContactForm } from './contact-form';

// Mantine in jsdom, and the lazily loaded resolvers, are slow on a small machine.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 40_000 });

// Mantine's autosize Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

const HOTLINES = [
  { name: 'Sam', phone: '0400 111 222' },
  { name: 'Alex', phone: '0400 333 444' },
];

function renderForm(form: React.ReactNode) {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <MemoryRouter>{form}</MemoryRouter>
    </MantineProvider>,
  );
}

/** The input labelled `label` (Mantine puts the asterisk inside the label). */
function field(label: string): HTMLElement {
  return screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
}

beforeEach(async () => {
  await getDatabase().publicOutbox.clear();
});

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

describe('the contact form', () => {
  it('names every missing field under it and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderForm(<ContactForm />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(field('First Name').getAttribute('aria-invalid')).toBe('true'));
    const form = screen.getByRole('form', { name: 'Send us a Message' });
    for (const message of [
      MESSAGES.FIRST_NAME_REQUIRED,
      MESSAGES.LAST_NAME_REQUIRED,
      MESSAGES.PHONE_INVALID,
      MESSAGES.EMAIL_INVALID,
      MESSAGES.SERVICE_SELECT,
      MESSAGES.MESSAGE_REQUIRED,
    ]) {
      expect(within(form).getByText(message)).toBeTruthy();
    }
    // Each message is tied to its own input, as a screen reader reads it.
    const phone = field('Phone');
    const described = phone.getAttribute('aria-describedby') ?? '';
    expect(
      described
        .split(' ')
        .some((id) => document.getElementById(id)?.textContent === MESSAGES.PHONE_INVALID),
    ).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await getDatabase().publicOutbox.count()).toBe(0);
  });

  it('takes the browser’s own details: name parts, phone keyboard, email', async () => {
    renderForm(<ContactForm />);
    await screen.findByRole('button', { name: 'Send Message' });
    expect(field('First Name').getAttribute('autocomplete')).toBe('given-name');
    expect(field('Last Name').getAttribute('autocomplete')).toBe('family-name');
    expect(field('Phone').getAttribute('type')).toBe('tel');
    expect(field('Phone').getAttribute('inputmode')).toBe('tel');
    expect(field('Email').getAttribute('type')).toBe('email');
  });
});

describe('the booking form', () => {
  it('offers the hotlines for an emergency, and lets the date and time be left empty', async () => {
    renderForm(<BookingForm variant="integrated" hotlines={HOTLINES} />);
    await screen.findByRole('button', { name: 'Submit Booking' });
    expect(screen.queryByTestId('emergency-hotline')).toBeNull();

    fireEvent.click(
      screen.getByRole('radio', {
        name: `${URGENCY_LABELS.emergency.label}: ${URGENCY_LABELS.emergency.description}`,
      }),
    );
    const panel = await screen.findByTestId('emergency-hotline');
    const calls = within(panel).getAllByRole('link');
    expect(calls.map((link) => link.textContent)).toEqual([
      'Call Sam: 0400 111 222',
      'Call Alex: 0400 333 444',
    ]);
    expect(calls.map((link) => link.getAttribute('href'))).toEqual([
      'tel:0400111222',
      'tel:0400333444',
    ]);
    expect(screen.getAllByText('Optional for an emergency').length).toBeGreaterThan(0);

    // Back to a scheduled booking: no hotline panel, the time is asked for again.
    fireEvent.click(
      screen.getByRole('radio', {
        name: `${URGENCY_LABELS.scheduled.label}: ${URGENCY_LABELS.scheduled.description}`,
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('emergency-hotline')).toBeNull());
    expect(screen.queryAllByText('Optional for an emergency')).toHaveLength(0);
  });

  it('asks for the customer’s name, phone and email with the booking’s own messages', async () => {
    renderForm(<BookingForm variant="standard" hotlines={HOTLINES} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Booking' }));
    await waitFor(() => expect(field('Full Name').getAttribute('aria-invalid')).toBe('true'));
    const form = screen.getByRole('form', { name: 'Book a Service' });
    expect(within(form).getByText(MESSAGES.PHONE_INVALID)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.EMAIL_INVALID)).toBeTruthy();
    expect(field('Full Name').getAttribute('autocomplete')).toBe('name');
    expect(field('Phone Number').getAttribute('type')).toBe('tel');
    expect(field('Email Address').getAttribute('type')).toBe('email');
    expect(await getDatabase().publicOutbox.count()).toBe(0);
  });
});
