import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  deviceReference,
  forgetBooking,
  markBookingSent,
  readSavedBookings,
  samePhone,
  saveBooking,
  type SavedBooking,
} from './my-bookings';
import { useSavedBookings } from './use-saved-bookings';

function booking(outboxId: string, overrides: Partial<SavedBooking> = {}): SavedBooking {
  return {
    outboxId,
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

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the bookings kept on this phone', () => {
  it('keeps the newest first, and one copy of each', () => {
    saveBooking(booking('a'));
    saveBooking(booking('b'));
    saveBooking(booking('a', { location: 'Dampier' }));
    expect(readSavedBookings().map((b) => [b.outboxId, b.location])).toEqual([
      ['a', 'Dampier'],
      ['b', 'Karratha'],
    ]);
  });

  it('learns the booking number and tracking link once the server has it', () => {
    saveBooking(booking('a'));
    markBookingSent('a', {
      booking: { id: 'BKG-2026-12', trackingToken: 'tok-aaaaaaaaaaaaaaaaaaaa' },
    });
    expect(readSavedBookings()[0]).toMatchObject({
      status: 'sent',
      reference: 'BKG-2026-12',
      trackingToken: 'tok-aaaaaaaaaaaaaaaaaaaa',
    });
  });

  it('reads the number from an answer of either shape, and keeps what it knew', () => {
    saveBooking(booking('a', { trackingToken: 'tok-kept' }));
    markBookingSent('a', { id: 'BKG-2026-13' });
    expect(readSavedBookings()[0]).toMatchObject({
      status: 'sent',
      reference: 'BKG-2026-13',
      trackingToken: 'tok-kept',
    });
  });

  it('forgets a booking the server refused', () => {
    saveBooking(booking('a'));
    saveBooking(booking('b'));
    forgetBooking('a');
    expect(readSavedBookings().map((b) => b.outboxId)).toEqual(['b']);
  });

  it('discards what it cannot read instead of failing', () => {
    localStorage.setItem('myBookings', '{not json');
    expect(readSavedBookings()).toEqual([]);
    localStorage.setItem('myBookings', JSON.stringify([{ outboxId: 'x' }, booking('ok')]));
    expect(readSavedBookings().map((b) => b.outboxId)).toEqual(['ok']);
  });

  it('is followed by a screen as it changes', () => {
    const { result } = renderHook(() => useSavedBookings());
    expect(result.current).toEqual([]);
    act(() => saveBooking(booking('a')));
    expect(result.current.map((b) => b.outboxId)).toEqual(['a']);
    act(() => markBookingSent('a', { booking: { id: 'BKG-2026-14' } }));
    expect(result.current[0]?.reference).toBe('BKG-2026-14');
  });
});

describe('helpers for a booking still on the phone', () => {
  it('gives a short device reference to quote on the phone', () => {
    expect(deviceReference('4f3a9c2e-0000-4000-8000-000000000000')).toBe('4F3A-9C2E');
  });

  it('matches a phone however it was typed', () => {
    expect(samePhone('0498 765 432', '+61 498 765 432')).toBe(true);
    expect(samePhone('0498765432', '0498-765-432')).toBe(true);
    expect(samePhone('0498765432', '0498765433')).toBe(false);
    // Too few digits to be a phone: never a match.
    expect(samePhone('1234', '1234')).toBe(false);
  });
});
