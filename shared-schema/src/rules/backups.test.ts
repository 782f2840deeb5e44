import { describe, expect, it } from 'vitest';
import {
  BACKUP_POLICY,
  ageInWords,
  backupsToKeep,
  isBackupStale,
  isFirstOfDay,
  sizeInWords,
  type DatedBackup,
} from './backups';

/** One backup an hour for `hours` hours ending at `end`, newest last. */
function hourly(end: string, hours: number): DatedBackup[] {
  const last = new Date(end).getTime();
  return Array.from({ length: hours }, (_, i) => {
    const takenAt = new Date(last - (hours - 1 - i) * 3_600_000).toISOString();
    return { id: takenAt, takenAt };
  });
}

describe('backupsToKeep', () => {
  it('keeps 48 hourly, the newest of 35 days and of 60 months out of six years of hourly copies', () => {
    const backups = hourly('2026-11-21T10:00:00.000Z', 6 * 366 * 24);
    const keep = backupsToKeep(backups, BACKUP_POLICY);
    const kept = backups.filter((b) => keep.has(b.id));
    // The 48 newest, plus days and months whose newest copy is older than those.
    const newest48 = backups.slice(-48);
    for (const backup of newest48) expect(keep.has(backup.id)).toBe(true);
    const days = new Set(kept.map((b) => b.takenAt.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(35);
    // Sixty months back, one copy each (Perth months: the copy just before 16:00 UTC of the last day).
    const oldest = kept[0];
    expect(oldest?.takenAt.slice(0, 7)).toBe('2021-12');
    expect(kept.length).toBeLessThan(48 + 35 + 60);
    expect(kept.length).toBeGreaterThan(60 + 35);
  });

  it('keeps the newest copy of each Perth day, not of each UTC day', () => {
    // 15:30 UTC is 23:30 in Perth; 16:30 UTC is the next Perth day.
    const backups = [
      { id: 'a', takenAt: '2026-11-20T15:30:00.000Z' },
      { id: 'b', takenAt: '2026-11-20T16:30:00.000Z' },
      { id: 'c', takenAt: '2026-11-20T17:30:00.000Z' },
    ];
    const keep = backupsToKeep(backups, { keepHourly: 0, keepDaily: 2, keepMonthly: 0 });
    expect([...keep].sort()).toEqual(['a', 'c']);
  });

  it('deletes nothing it was not told about and keeps nothing with a zero policy', () => {
    expect(backupsToKeep([], BACKUP_POLICY).size).toBe(0);
    const backups = hourly('2026-11-21T10:00:00.000Z', 3);
    expect(backupsToKeep(backups, { keepHourly: 0, keepDaily: 0, keepMonthly: 0 }).size).toBe(0);
  });
});

describe('isFirstOfDay', () => {
  it('is true only for the first backup of a Perth day', () => {
    const earlier = [{ id: 'x', takenAt: '2026-11-20T16:10:00.000Z' }];
    expect(isFirstOfDay('2026-11-20T17:10:00.000Z', earlier)).toBe(false);
    expect(isFirstOfDay('2026-11-20T15:10:00.000Z', earlier)).toBe(true);
    expect(isFirstOfDay('2026-11-21T16:10:00.000Z', earlier)).toBe(true);
  });
});

describe('ages and sizes in words', () => {
  const now = new Date('2026-11-21T10:00:00.000Z');
  it('says how long ago', () => {
    expect(ageInWords(null, now)).toBe('never');
    expect(ageInWords('2026-11-21T09:59:30.000Z', now)).toBe('just now');
    expect(ageInWords('2026-11-21T09:59:00.000Z', now)).toBe('1 minute ago');
    expect(ageInWords('2026-11-21T09:15:00.000Z', now)).toBe('45 minutes ago');
    expect(ageInWords('2026-11-21T07:00:00.000Z', now)).toBe('3 hours ago');
    expect(ageInWords('2026-11-20T07:00:00.000Z', now)).toBe('27 hours ago');
    expect(ageInWords('2026-11-18T09:00:00.000Z', now)).toBe('3 days ago');
  });
  it('calls a copy older than a day, or none, stale', () => {
    expect(isBackupStale(null, now)).toBe(true);
    expect(isBackupStale('2026-11-20T10:30:00.000Z', now)).toBe(false);
    expect(isBackupStale('2026-11-20T09:30:00.000Z', now)).toBe(true);
  });
  it('gives sizes in plain units', () => {
    expect(sizeInWords(512)).toBe('512 bytes');
    expect(sizeInWords(950_000)).toBe('950 KB');
    expect(sizeInWords(4_100_000)).toBe('4.1 MB');
    expect(sizeInWords(322_000_000)).toBe('322 MB');
  });
});
