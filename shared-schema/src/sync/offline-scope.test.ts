import { describe, expect, it } from 'vitest';
import {
  historyChoicesFor,
  historyCutoff,
  historyDaysFor,
  historyDaysLabel,
  jobOnFirstScreen,
  onFirstScreen,
  type FirstScreenContext,
} from './offline-scope';

const TODAY = '2026-12-06';
const context: FirstScreenContext = {
  today: TODAY,
  jobOnFirstScreen: (jobId) => jobId === 'JOB-2026-9',
};

describe('the history a device keeps', () => {
  it('is the role default until someone chooses, and never more than the role allows', () => {
    expect(historyDaysFor('admin', undefined)).toBe(90);
    expect(historyDaysFor('admin', null)).toBeNull();
    expect(historyDaysFor('admin', 365)).toBe(365);
    expect(historyDaysFor('driver', undefined)).toBe(14);
    expect(historyDaysFor('driver', 365)).toBe(90);
    expect(historyDaysFor('driver', null)).toBe(90);
    expect(historyDaysFor('customer', undefined)).toBe(0);
  });

  it('offers a driver only the choices a driver may keep', () => {
    expect(historyChoicesFor('driver')).toEqual([14, 30, 90]);
    expect(historyChoicesFor('admin')).toEqual([14, 30, 90, 365, null]);
  });

  it('cuts off at the chosen number of days, or not at all', () => {
    const now = new Date('2026-12-06T00:00:00.000Z');
    expect(historyCutoff(now, 14)).toBe('2026-11-22T00:00:00.000Z');
    expect(historyCutoff(now, null)).toBeNull();
    expect(historyDaysLabel(null)).toBe('Everything');
    expect(historyDaysLabel(365)).toBe('The last year');
    expect(historyDaysLabel(30)).toBe('The last 30 days');
  });
});

describe('the first screen of a new device', () => {
  it('holds open jobs of any age and jobs touched today, not old finished ones', () => {
    const old = '2019-03-01T02:00:00.000Z';
    expect(
      jobOnFirstScreen(
        { id: 'JOB-2026-1', status: 'In Progress', createdAt: old, updatedAt: old },
        TODAY,
      ),
    ).toBe(true);
    expect(
      jobOnFirstScreen(
        { id: 'JOB-2026-1', status: 'Completed', createdAt: old, updatedAt: old },
        TODAY,
      ),
    ).toBe(false);
    // 01:00 UTC on the 6th is 09:00 in Perth the same day.
    const today = '2026-12-06T01:00:00.000Z';
    expect(
      jobOnFirstScreen(
        { id: 'JOB-2026-1', status: 'Completed', createdAt: old, updatedAt: today },
        TODAY,
      ),
    ).toBe(true);
    // 20:00 UTC on the 5th is already the 6th in Perth.
    expect(
      jobOnFirstScreen(
        {
          id: 'JOB-2026-1',
          status: 'Cancelled',
          createdAt: '2026-12-05T20:00:00.000Z',
          updatedAt: old,
        },
        TODAY,
      ),
    ).toBe(true);
  });

  it('brings a job’s history with the job, and the fleet’s due items', () => {
    expect(onFirstScreen('job_updates', { id: 1, jobId: 'JOB-2026-9' }, context)).toBe(true);
    expect(onFirstScreen('job_photos', { id: 1, jobId: 'JOB-2016-1' }, context)).toBe(false);
    expect(onFirstScreen('vehicles', { id: 1 }, context)).toBe(true);
    expect(onFirstScreen('vehicle_defects', { id: 1, status: 'open' }, context)).toBe(true);
    expect(onFirstScreen('vehicle_defects', { id: 1, status: 'resolved' }, context)).toBe(false);
    expect(onFirstScreen('prestart_checks', { id: 1, perthDay: TODAY }, context)).toBe(true);
    expect(onFirstScreen('prestart_checks', { id: 1, perthDay: '2026-12-05' }, context)).toBe(
      false,
    );
  });

  it('holds the office’s open work and leaves the rest to history', () => {
    expect(onFirstScreen('bookings', { id: 1, status: 'pending' }, context)).toBe(true);
    expect(onFirstScreen('invoices', { id: 1, status: 'paid' }, context)).toBe(false);
    expect(onFirstScreen('quotes', { id: 1, status: 'sent', validUntil: TODAY }, context)).toBe(
      true,
    );
    expect(
      onFirstScreen('quotes', { id: 1, status: 'sent', validUntil: '2026-12-01' }, context),
    ).toBe(false);
    expect(onFirstScreen('quotes', { id: 1, status: 'accepted', validUntil: TODAY }, context)).toBe(
      false,
    );
    expect(onFirstScreen('fuel_records', { id: 1 }, context)).toBe(false);
  });
});
