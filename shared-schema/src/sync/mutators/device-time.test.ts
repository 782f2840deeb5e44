/** Device time where people read a time — a job from a booking, a credit note. */
import { describe, expect, it } from 'vitest';
import { applyInMemory } from '../memory-store';
import { NOW, aBooking, aQuote, ok, row, tables } from './test-fixtures';

const DEVICE_TIME = '2026-11-21T09:58:00.000Z';

describe('device time where people read a time', () => {
  it('makes the job of a booking approved offline at the device’s time', () => {
    const { outcome, tables: next } = applyInMemory(
      tables({ bookings: [aBooking()] }),
      'booking.approve',
      { bookingId: 'BKG-2026-1', jobId: 'JOB-2026-P7', updateId: 3 },
      { now: NOW, occurredAt: DEVICE_TIME, userId: 1 },
    );
    expect(outcome.ok).toBe(true);
    expect(row(next, 'jobs', 'JOB-2026-P7')).toMatchObject({
      createdAt: DEVICE_TIME,
      updatedAt: NOW,
    });
  });

  it('dates a credit note issued offline when it was issued', () => {
    const sent = aQuote({ status: 'sent' });
    const state = ok(tables({ quotes: [sent] }), 'quote.accept', {
      id: sent.id,
      invoiceId: 'INV-2026-P1',
    }).tables;
    const { tables: next } = applyInMemory(
      state,
      'creditNote.issue',
      { id: 'CN-2026-P1', invoiceId: 'INV-2026-P1', amount: 100, reason: 'x' },
      { now: NOW, occurredAt: DEVICE_TIME, userId: 1 },
    );
    expect(row(next, 'credit_notes', 'CN-2026-P1')).toMatchObject({ createdAt: DEVICE_TIME });
  });
});
