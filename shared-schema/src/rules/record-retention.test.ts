import { describe, expect, it } from 'vitest';
import { RECORD_RETENTION_MONTHS } from '../constants/wa-towing';
import { mayDispose, retainUntil } from './record-retention';

const perth = (local: string) => new Date(`${local}+08:00`).toISOString();

describe('how long regulated records are kept', () => {
  it('keeps an Authority to Tow and a complaint two years, dashcam footage three months', () => {
    expect(RECORD_RETENTION_MONTHS.authority_to_tow).toBe(24);
    expect(RECORD_RETENTION_MONTHS.complaint).toBe(24);
    expect(RECORD_RETENTION_MONTHS.dashcam_recording).toBe(3);
    expect(retainUntil('authority_to_tow', perth('2026-11-24T10:00:00'))).toBe('2028-11-24');
    expect(retainUntil('complaint', perth('2026-03-01T09:00:00'))).toBe('2028-03-01');
    expect(retainUntil('dashcam_recording', perth('2026-11-24T10:00:00'))).toBe('2027-02-24');
  });

  it('counts from the Perth day the record was made', () => {
    // 1 am on 1 December in Perth is still 30 November in UTC.
    expect(retainUntil('storage_record', perth('2026-12-01T01:00:00'))).toBe('2028-12-01');
    expect(retainUntil('dashcam_recording', perth('2026-11-30T12:00:00'))).toBe('2027-02-28');
  });

  it('lets nothing go on or before its last day', () => {
    const made = perth('2026-11-24T10:00:00');
    expect(mayDispose('complaint', made, perth('2028-11-24T23:59:00'))).toBe(false);
    expect(mayDispose('complaint', made, perth('2028-11-25T00:01:00'))).toBe(true);
    expect(mayDispose('crash_tow_record', made, perth('2027-11-24T10:00:00'))).toBe(false);
  });

  it('keeps every kind of regulated record at least as long as the dashcam footage', () => {
    for (const [kind, months] of Object.entries(RECORD_RETENTION_MONTHS)) {
      expect(months, kind).toBeGreaterThanOrEqual(RECORD_RETENTION_MONTHS.dashcam_recording);
    }
  });
});
