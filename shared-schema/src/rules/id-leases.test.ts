import { describe, expect, it } from 'vitest';
import { LEASE_KINDS, leaseKindOf, leaseKindsFor, mayLeaseSeries, seriesAlarm } from './id-leases';

describe('who may hold blocks of which id series', () => {
  it('names the kind of a series with or without its year', () => {
    expect(leaseKindOf('JOB-2026')).toBe('JOB');
    expect(leaseKindOf('fuel_records')).toBe('fuel_records');
    expect(leaseKindOf('JOB-26')).toBeNull();
    expect(leaseKindOf('users')).toBeNull();
  });

  it('gives a driver the series of their own work only, an admin all but bookings', () => {
    expect(mayLeaseSeries('driver', 'job_updates')).toBe(true);
    expect(mayLeaseSeries('driver', 'Q-2026')).toBe(true);
    expect(mayLeaseSeries('driver', 'prestart_checks')).toBe(true);
    for (const series of ['BKG-2026', 'JOB-2026', 'INV-2026', 'CN-2026', 'payments', 'vehicles']) {
      expect(mayLeaseSeries('driver', series), series).toBe(false);
    }
    expect(leaseKindsFor('admin')).toEqual(LEASE_KINDS.filter((kind) => kind !== 'BKG'));
    expect(mayLeaseSeries('admin', 'BKG-2026')).toBe(false);
    expect(leaseKindsFor('customer')).toEqual([]);
    expect(mayLeaseSeries('customer', 'job_updates')).toBe(false);
  });

  it('says how far a series ran and how much is left', () => {
    expect(seriesAlarm('JOB-2026', 12_000_000)).toContain('12,000,000');
    expect(seriesAlarm('JOB-2026', 12_000_000)).toContain('987,999,999 left');
  });
});
