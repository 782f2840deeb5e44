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
