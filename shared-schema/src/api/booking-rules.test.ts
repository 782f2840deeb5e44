import { describe, expect, it } from 'vitest';
import { makeBookingInputSchema } from './public';
import { EMERGENCY_TIME } from '../constants/services';
import { MESSAGES } from '../messages';
import type { Booking } from '../entities/booking';
import { jobSchema } from '../entities/job';
import {
  bookingFromInput,
  bookingToJob,
  jobStatusForUrgency,
  sortBookingsByUrgency,
} from './booking-rules';

const now = '2026-11-21T03:00:00.000Z';
const booking: Booking = bookingFromInput(
  makeBookingInputSchema(() => '2026-11-21').parse({
    customerName: 'Jo Bloggs',
    phone: '0400 123 456',
    email: 'jo@example.com',
    service: 'Winch Recovery',
    location: 'Millstream Road, 20 km south',
    preferredDate: '2026-11-23',
    preferredTime: '09:30 AM',
    urgency: 'scheduled',
    description: 'Bogged Hilux in the creek bed.',
    vehicleDetails: 'Toyota Hilux 2019',
  }),
  'BKG-2026-3',
  'booking-token-0123456789abcdef',
  now,
);

describe('bookingFromInput', () => {
  it('stores a pending booking', () => {
    expect(booking.status).toBe('pending');
    expect(booking.id).toBe('BKG-2026-3');
    expect(booking.createdAt).toBe(now);
    expect(booking.trackingToken).toBe('booking-token-0123456789abcdef');
  });
});

describe('bookingToJob', () => {
  it('makes a valid job with the booking customer and service', () => {
    const job = bookingToJob(booking, 'JOB-2026-9', now);
    expect(jobSchema.parse(job)).toEqual(job);
    expect(job).toMatchObject({
      id: 'JOB-2026-9',
      customerName: 'Jo Bloggs',
      phone: '0400 123 456',
      email: 'jo@example.com',
      service: 'Winch Recovery',
      location: 'Millstream Road, 20 km south',
      status: 'Scheduled',
      progress: 0,
      assignedTo: null,
      estimatedArrival: '23 Nov 2026, 9:30 am',
      // The tracking link sent at booking time keeps working for the job.
      trackingToken: 'booking-token-0123456789abcdef',
    });
    expect(job.notes).toBe(
      'Bogged Hilux in the creek bed.\nVehicle: Toyota Hilux 2019\nFrom booking BKG-2026-3',
    );
  });

  it('opens an emergency booking as an Emergency job whose arrival the shared rule gives', () => {
    const job = bookingToJob({ ...booking, urgency: 'emergency' }, 'JOB-2026-10', now);
    expect(job.status).toBe('Emergency');
    expect(job.estimatedArrival).toBeNull();
  });

  it('assigns a same-day booking straight away', () => {
    expect(jobStatusForUrgency('same-day')).toBe('Assigned');
    expect(
      bookingToJob({ ...booking, urgency: 'same-day' }, 'JOB-2026-11', now).estimatedArrival,
    ).toBe('Within 4-6 hours');
  });
});

describe('sortBookingsByUrgency', () => {
  it('puts emergencies first, then same-day, then scheduled by date and time', () => {
    const list = [
      {
        id: 'a',
        urgency: 'scheduled',
        preferredDate: '2026-11-23',
        preferredTime: '01:00 PM',
        createdAt: '1',
      },
      {
        id: 'b',
        urgency: 'scheduled',
        preferredDate: '2026-11-23',
        preferredTime: '09:00 AM',
        createdAt: '2',
      },
      {
        id: 'c',
        urgency: 'same-day',
        preferredDate: '2026-11-25',
        preferredTime: '08:00 AM',
        createdAt: '3',
      },
      {
        id: 'd',
        urgency: 'emergency',
        preferredDate: '2026-11-30',
        preferredTime: '05:30 PM',
        createdAt: '4',
      },
      {
        id: 'e',
        urgency: 'scheduled',
        preferredDate: '2026-11-22',
        preferredTime: '05:30 PM',
        createdAt: '5',
      },
    ] as const;
    expect(sortBookingsByUrgency(list).map((item) => item.id)).toEqual(['d', 'c', 'e', 'b', 'a']);
    expect(list[0].id).toBe('a');
  });
});

describe('emergency bookings', () => {
  const schema = makeBookingInputSchema(() => '2026-11-21');
  const base = {
    customerName: 'Jo Bloggs',
    phone: '0400 123 456',
    email: 'jo@example.com',
    service: 'Emergency Towing',
    location: 'North West Coastal Hwy, km 1540',
    preferredDate: '',
    preferredTime: '',
    description: 'Rolled the trailer, blocking a lane.',
  };

  it('need no date or time: they mean now', () => {
    const data = schema.parse({ ...base, urgency: 'emergency' });
    expect(data.preferredDate).toBe('2026-11-21');
    expect(data.preferredTime).toBe(EMERGENCY_TIME);
    expect(
      bookingFromInput(data, 'BKG-2026-4', 'token-of-twenty-two-chars', now).preferredTime,
    ).toBe(EMERGENCY_TIME);
  });

  it('keep a date and time the customer did choose', () => {
    const data = schema.parse({
      ...base,
      urgency: 'emergency',
      preferredDate: '2026-11-22',
      preferredTime: '08:00 AM',
    });
    expect([data.preferredDate, data.preferredTime]).toEqual(['2026-11-22', '08:00 AM']);
  });

  it('while other urgencies still require both, with the spec messages', () => {
    for (const urgency of ['scheduled', 'same-day']) {
      const result = schema.safeParse({ ...base, urgency });
      expect(result.success).toBe(false);
      const messages = Object.fromEntries(
        (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
      );
      expect(messages).toEqual({
        preferredDate: MESSAGES.PREFERRED_DATE_REQUIRED,
        preferredTime: MESSAGES.PREFERRED_TIME_REQUIRED,
      });
    }
  });

  it('still refuse a past or malformed date', () => {
    const past = schema.safeParse({ ...base, urgency: 'emergency', preferredDate: '2026-11-20' });
    expect(past.error?.issues[0]?.message).toBe(MESSAGES.PREFERRED_DATE_PAST);
    const bad = schema.safeParse({ ...base, urgency: 'emergency', preferredDate: 'tomorrow' });
    expect(bad.error?.issues[0]?.message).toBe(MESSAGES.PREFERRED_DATE_REQUIRED);
  });
});
