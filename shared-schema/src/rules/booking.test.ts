import { describe, expect, it } from 'vitest';
import { makeBookingInputSchema } from '../api/public';
import type { Booking } from '../entities/booking';
import { jobSchema } from '../entities/job';
import {
  bookingFromInput,
  bookingToJob,
  jobStatusForUrgency,
  sortBookingsByUrgency,
} from './booking';

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
      estimatedArrival: 'Nov 23, 2026 09:30 AM',
      // The tracking link sent at booking time keeps working for the job.
      trackingToken: 'booking-token-0123456789abcdef',
    });
    expect(job.notes).toBe(
      'Bogged Hilux in the creek bed.\nVehicle: Toyota Hilux 2019\nFrom booking BKG-2026-3',
    );
  });

  it('opens an emergency booking as an Emergency job arriving in 30-45 minutes', () => {
    const job = bookingToJob({ ...booking, urgency: 'emergency' }, 'JOB-2026-10', now);
    expect(job.status).toBe('Emergency');
    expect(job.estimatedArrival).toBe('30-45 minutes');
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
