import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderScreen } from '../../app/test-providers';
import type { SavedBooking } from '../../lib/my-bookings';
import { DeviceBookings } from './device-bookings';

function saved(overrides: Partial<SavedBooking> = {}): SavedBooking {
  return {
    outboxId: '4f3a9c2e-0000-4000-8000-000000000000',
    status: 'waiting',
    reference: null,
    trackingToken: null,
    customerName: 'Kim Lee',
    phone: '0498 765 432',
    service: 'Local Towing',
    urgency: 'scheduled',
    location: 'Karratha',
    preferredDate: '2026-11-30',
    preferredTime: '09:00 AM',
    savedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

describe('the bookings made on this phone', () => {
  it('shows nothing when the phone made none', () => {
    renderScreen(<DeviceBookings bookings={[]} />);
    expect(screen.queryByTestId('device-bookings')).toBeNull();
  });

  it('gives a booking still waiting for signal its device reference and no tracking yet', () => {
    renderScreen(<DeviceBookings bookings={[saved()]} />);
    const list = screen.getByTestId('device-bookings');
    expect(within(list).getByRole('heading', { name: 'Bookings made on this phone' })).toBeTruthy();
    expect(within(list).getByText('Device ref 4F3A-9C2E')).toBeTruthy();
    expect(within(list).getByText('Waiting for signal')).toBeTruthy();
    expect(within(list).queryByRole('link', { name: 'Track' })).toBeNull();
  });

  it('gives a sent booking its number and a link to track it', () => {
    renderScreen(
      <DeviceBookings
        title="Booked on this phone"
        bookings={[
          saved({
            status: 'sent',
            reference: 'BKG-2026-12',
            trackingToken: 'booking-token-bbbbbbbbbbb',
            service: '4x4 Recovery',
          }),
        ]}
      />,
    );
    const list = screen.getByTestId('device-bookings');
    expect(within(list).getByRole('heading', { name: 'Booked on this phone' })).toBeTruthy();
    expect(within(list).getByText('BKG-2026-12')).toBeTruthy();
    expect(within(list).getByText('Pending')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Track' }).getAttribute('href')).toBe(
      '/customer-portal?token=booking-token-bbbbbbbbbbb',
    );
  });
});
