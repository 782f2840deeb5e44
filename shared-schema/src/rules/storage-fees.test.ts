import { describe, expect, it } from 'vitest';
import { STORAGE_PRICE_ITEM } from '../constants/wa-towing';
import { storageCharge, storageDays, storageInvoiceLine } from './storage-fees';

const perth = (local: string) => new Date(`${local}+08:00`).toISOString();

describe('daily storage fees', () => {
  it('charges a new day at midnight Perth time', () => {
    // In at 11 pm, paid at 1 am: two Perth days, though only two hours passed.
    expect(storageDays(perth('2026-11-24T23:00:00'), perth('2026-11-25T01:00:00'))).toBe(2);
    expect(storageDays(perth('2026-11-24T00:30:00'), perth('2026-11-24T23:59:00'))).toBe(1);
  });

  it('reads midnight in Perth, not in UTC', () => {
    // 7:30 am and 8:30 am Perth are either side of midnight UTC but the same Perth day.
    expect(storageDays(perth('2026-11-24T07:30:00'), perth('2026-11-24T08:30:00'))).toBe(1);
  });

  it('accrues the daily fee for each day or part of a day', () => {
    const charge = storageCharge(perth('2026-11-24T16:00:00'), perth('2026-11-27T09:15:00'));
    expect(charge).toEqual({ days: 4, cents: 4 * STORAGE_PRICE_ITEM.unitPriceCents });
    expect(storageCharge(perth('2026-11-24T16:00:00'), perth('2026-11-24T15:00:00'))).toEqual({
      days: 0,
      cents: 0,
    });
  });

  it('is an invoice line of days at the daily fee', () => {
    const line = storageInvoiceLine(
      'S-1',
      perth('2026-11-24T23:00:00'),
      perth('2026-11-25T01:00:00'),
      2500,
    );
    expect(line).toEqual({
      id: 'S-1',
      description: 'Storage 2026-11-24 to 2026-11-25: 2 days at $25.00',
      quantity: 2,
      unitPrice: 2500,
      total: 5000,
      category: 'misc',
    });
  });
});
