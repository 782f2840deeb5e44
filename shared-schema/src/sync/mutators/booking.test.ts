import { describe, expect, it } from 'vitest';
import { NOW, aBooking, aJob, ok, rejected, row, tables } from './test-fixtures';

const args = { bookingId: 'BKG-2026-1', jobId: 'JOB-2026-40', updateId: 9 };

describe('booking.approve', () => {
  it('turns a pending booking into a job and marks the booking approved', () => {
    const result = ok(tables({ bookings: [aBooking()] }), 'booking.approve', args);
    expect(row(result.tables, 'bookings', 'BKG-2026-1')).toMatchObject({
      status: 'approved',
      updatedAt: NOW,
    });
    expect(row(result.tables, 'jobs', 'JOB-2026-40')).toMatchObject({
      customerName: 'Sam Lee',
      phone: '0498765432',
      service: '4x4 Recovery',
      progress: 0,
      createdAt: NOW,
    });
    expect(row(result.tables, 'job_updates', 9)).toMatchObject({ jobId: 'JOB-2026-40' });
    expect(result.result).toMatchObject({ job: { id: 'JOB-2026-40' } });
  });

  it("gives the job the booking's tracking token, so the link sent at booking keeps working", () => {
    const result = ok(tables({ bookings: [aBooking()] }), 'booking.approve', args);
    expect(row(result.tables, 'jobs', 'JOB-2026-40')).toMatchObject({
      trackingToken: aBooking().trackingToken,
    });
  });

  it('opens an emergency booking as an Emergency job', () => {
    const result = ok(
      tables({ bookings: [aBooking({ urgency: 'emergency' })] }),
      'booking.approve',
      args,
    );
    expect(row(result.tables, 'jobs', 'JOB-2026-40')).toMatchObject({ status: 'Emergency' });
  });

  it('rejects a booking that was already approved', () => {
    expect(
      rejected(tables({ bookings: [aBooking({ status: 'approved' })] }), 'booking.approve', args)
        .message,
    ).toBe('Booking has already been approved');
  });

  it('rejects an unknown booking and a job id already in use', () => {
    expect(rejected(tables({}), 'booking.approve', args).message).toBe('Booking not found');
    expect(
      rejected(
        tables({ bookings: [aBooking()], jobs: [aJob({ id: 'JOB-2026-40' })] }),
        'booking.approve',
        args,
      ).code,
    ).toBe('conflict');
  });

  it('rejects ids of the wrong series', () => {
    expect(
      rejected(tables({ bookings: [aBooking()] }), 'booking.approve', {
        ...args,
        jobId: 'Q-2026-1',
      }).code,
    ).toBe('invalid_args');
  });
});

describe('taking a booking: booking.acknowledge, booking.decline', () => {
  it('records who said "I\'ve got it" and when, once: a second one changes nothing', () => {
    const first = ok(tables({ bookings: [aBooking()] }), 'booking.acknowledge', {
      bookingId: 'BKG-2026-1',
    });
    expect(row(first.tables, 'bookings', 'BKG-2026-1')).toMatchObject({
      status: 'pending',
      acknowledgedAt: NOW,
      acknowledgedBy: 'Staff',
    });
    expect(first.result).toMatchObject({ already: false });
    const second = ok(first.tables, 'booking.acknowledge', { bookingId: 'BKG-2026-1' });
    expect(second.changes).toEqual([]);
    expect(second.result).toMatchObject({ already: true, booking: { acknowledgedAt: NOW } });
  });

  it('declines a pending booking with its reason, taking it', () => {
    const result = ok(tables({ bookings: [aBooking()] }), 'booking.decline', {
      bookingId: 'BKG-2026-1',
      reason: '  Outside our service area ',
    });
    expect(row(result.tables, 'bookings', 'BKG-2026-1')).toMatchObject({
      status: 'declined',
      declineReason: 'Outside our service area',
      acknowledgedAt: NOW,
    });
  });

  it('keeps the first taker when the booking is approved or declined later', () => {
    const taken = aBooking({ acknowledgedAt: '2026-11-21T09:58:00.000Z', acknowledgedBy: 'Dana' });
    const approved = ok(tables({ bookings: [taken] }), 'booking.approve', args);
    expect(row(approved.tables, 'bookings', 'BKG-2026-1')).toMatchObject({
      acknowledgedBy: 'Dana',
      acknowledgedAt: '2026-11-21T09:58:00.000Z',
    });
  });

  it('refuses a decline without a reason, of a declined or approved booking, and approving a declined one', () => {
    const state = tables({ bookings: [aBooking()] });
    expect(
      rejected(state, 'booking.decline', { bookingId: 'BKG-2026-1', reason: ' ' }).fields,
    ).toMatchObject({ reason: 'Give a reason (at least 3 characters)' });
    expect(
      rejected(state, 'booking.decline', { bookingId: 'BKG-2026-1', reason: 'two\nlines' }).fields,
    ).toMatchObject({ reason: 'Write the reason on one line' });
    const declined = tables({ bookings: [aBooking({ status: 'declined' })] });
    expect(
      rejected(declined, 'booking.decline', { bookingId: 'BKG-2026-1', reason: 'Duplicate' })
        .message,
    ).toBe('Booking has already been declined');
    expect(rejected(declined, 'booking.approve', args).message).toBe(
      'Booking has already been declined',
    );
    expect(
      rejected(tables({ bookings: [aBooking({ status: 'approved' })] }), 'booking.decline', {
        bookingId: 'BKG-2026-1',
        reason: 'Duplicate',
      }).message,
    ).toBe('Booking has already been approved');
  });
});
