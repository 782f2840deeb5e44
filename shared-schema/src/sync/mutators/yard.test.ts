import { describe, expect, it } from 'vitest';
import type { MemoryTables } from '../memory-store';
import { NOW, aJob, ok, rejected, row, tables } from './test-fixtures';

const perth = (local: string) => new Date(`${local}+08:00`).toISOString();

const bookIn = {
  id: 1,
  eventId: 1,
  byName: 'Sam Owner',
  bay: 'A3',
  timeIn: perth('2026-11-19T23:00:00'),
  registration: '1ABC234',
  make: 'Toyota',
  model: 'Corolla',
  ownerName: 'Dana Reid',
  ownerPhone: '0412345678',
  property: 'Child seat, laptop bag',
};

const release = {
  id: 1,
  eventId: 9,
  byName: 'Sam Owner',
  collectorName: 'Dana Reid',
  documentType: 'drivers_licence',
  documentNumber: 'WA1234567',
  authority: 'owner',
  signedAt: NOW,
  contentHash: 'e'.repeat(64),
  size: 8000,
  width: 600,
  height: 200,
  mimeType: 'image/png',
};

function stored(): MemoryTables {
  return ok(tables({}), 'yard.bookIn', bookIn).tables;
}

describe('the storage yard', () => {
  it('books a vehicle in by hand at the daily fee, recording who and when', () => {
    const state = stored();
    expect(row(state, 'yard_vehicles', 1)).toMatchObject({
      bay: 'A3',
      status: 'stored',
      dailyFeeCents: 2500,
      timeIn: perth('2026-11-19T23:00:00'),
      paidAt: null,
    });
    expect(row(state, 'yard_events', 1)).toMatchObject({
      kind: 'in',
      toBay: 'A3',
      byName: 'Sam Owner',
      byUser: 1,
      at: perth('2026-11-19T23:00:00'),
    });
  });

  it('takes a crash tow from a job only once it is past loading, and once at a time', () => {
    const marked = ok(tables({ jobs: [aJob()] }), 'crashTow.mark', { jobId: 'JOB-2026-1' }).tables;
    expect(rejected(marked, 'yard.bookIn', { ...bookIn, jobId: 'JOB-2026-1' }).message).toContain(
      'only once it is recorded loaded',
    );
    const plain = ok(tables({ jobs: [aJob()] }), 'yard.bookIn', {
      ...bookIn,
      jobId: 'JOB-2026-1',
    }).tables;
    expect(
      rejected(plain, 'yard.bookIn', { ...bookIn, id: 2, eventId: 2, jobId: 'JOB-2026-1' }).code,
    ).toBe('conflict');
  });

  it('records every move with its bays and reason, and every property visit', () => {
    let state = ok(stored(), 'yard.move', {
      id: 1,
      eventId: 2,
      byName: 'Alex Morgan',
      toBay: 'C1',
      reason: 'Making room for a truck',
    }).tables;
    expect(row(state, 'yard_vehicles', 1)?.bay).toBe('C1');
    expect(row(state, 'yard_events', 2)).toMatchObject({
      kind: 'move',
      fromBay: 'A3',
      toBay: 'C1',
    });
    state = ok(state, 'yard.access', {
      id: 1,
      eventId: 3,
      byName: 'Alex Morgan',
      visitorName: 'Dana Reid',
      visitorDocument: 'Driver licence WA1234567',
      itemsTaken: 'Laptop bag',
    }).tables;
    expect(row(state, 'yard_events', 3)).toMatchObject({
      kind: 'access',
      visitorName: 'Dana Reid',
      itemsTaken: 'Laptop bag',
      at: NOW,
    });
    expect(
      rejected(state, 'yard.move', { id: 1, eventId: 4, byName: 'A', toBay: 'C1', reason: 'x' })
        .message,
    ).toBe('The vehicle is already in that bay');
  });

  it('charges the accrued storage on a paid invoice and sets the release deadline', () => {
    // In at 11 pm Thursday, paid at 4:30 pm on Friday: two Perth days, and the vehicle is due
    // for collection by 12:30 pm on Monday.
    const paid = ok(stored(), 'yard.recordPayment', {
      id: 1,
      eventId: 5,
      byName: 'Sam Owner',
      invoiceId: 'INV-2026-P7',
      paymentId: 3,
      method: 'card-on-site',
      towingCents: 45000,
      paidAt: perth('2026-11-20T16:30:00'),
    }).tables;
    expect(row(paid, 'invoices', 'INV-2026-P7')).toMatchObject({
      amount: 5000 + 45000,
      status: 'paid',
      amountPaid: 50000,
      customerName: 'Dana Reid',
    });
    expect(row(paid, 'invoices', 'INV-2026-P7')?.lineItems).toMatchObject([
      { quantity: 2, unitPrice: 2500, total: 5000 },
      { description: 'Towing charges', total: 45000 },
    ]);
    expect(row(paid, 'payments', 3)).toMatchObject({ amount: 50000, invoiceId: 'INV-2026-P7' });
    expect(row(paid, 'yard_vehicles', 1)).toMatchObject({
      paidAt: perth('2026-11-20T16:30:00'),
      releaseDueAt: perth('2026-11-23T12:30:00'),
      invoiceId: 'INV-2026-P7',
    });
    expect(
      rejected(paid, 'yard.recordPayment', {
        id: 1,
        eventId: 6,
        byName: 'Sam Owner',
        invoiceId: 'INV-2026-P8',
        paymentId: 4,
        method: 'cash',
      }).message,
    ).toBe('The charges of this vehicle are already paid');
  });

  it('releases only a paid vehicle, recording the collector’s identity and signature', () => {
    expect(rejected(stored(), 'yard.release', release).message).toBe(
      'Record the payment of the charges before releasing the vehicle',
    );
    const paid = ok(stored(), 'yard.recordPayment', {
      id: 1,
      eventId: 5,
      byName: 'Sam Owner',
      invoiceId: 'INV-2026-P7',
      paymentId: 3,
      method: 'cash',
    }).tables;
    const released = ok(paid, 'yard.release', release).tables;
    expect(row(released, 'yard_vehicles', 1)).toMatchObject({
      status: 'released',
      releasedAt: NOW,
      release: { collectorName: 'Dana Reid', documentNumber: 'WA1234567', authority: 'owner' },
    });
    expect(row(released, 'yard_events', 9)).toMatchObject({ kind: 'release', fromBay: 'A3' });
    expect(rejected(released, 'yard.release', { ...release, eventId: 10 }).message).toBe(
      'This vehicle has already been released',
    );
  });

  it('holds a police-held vehicle for the police, or for 100 points of identity', () => {
    let state = ok(stored(), 'yard.setHolds', {
      id: 1,
      eventId: 2,
      byName: 'Sam Owner',
      policeHold: true,
      insurerHold: false,
      holdNote: 'Held for crash investigation, Karratha police',
    }).tables;
    state = ok(state, 'yard.recordPayment', {
      id: 1,
      eventId: 5,
      byName: 'Sam Owner',
      invoiceId: 'INV-2026-P7',
      paymentId: 3,
      method: 'cash',
    }).tables;
    expect(rejected(state, 'yard.release', release).message).toBe(
      'A police-held vehicle needs 100 points of identity documents checked',
    );
    ok(state, 'yard.release', { ...release, identityPoints: 100 });
    ok(state, 'yard.release', { ...release, authority: 'police', documentType: 'police_id' });
  });
});
