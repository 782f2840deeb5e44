import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { aJob } from '@pilbara/shared-schema/testing';
import { db, resetDevice } from './testing/device';
import { usePendingKeys, useSyncStatus, whenNumbered } from './hooks';
import { META, setMeta } from './local-store';

beforeEach(async () => {
  await resetDevice();
});

describe('whenNumbered', () => {
  it('calls back once with the number the server gave a row made on this device', async () => {
    await db.jobs.put(aJob({ id: 'JOB-2026-P1' }));
    const numbers: string[] = [];
    whenNumbered('jobs', 'JOB-2026-P1', (number) => numbers.push(number));
    // The sync brings the server's copy, numbered.
    await db.jobs.put(aJob({ id: 'JOB-2026-P1', number: 'JOB-2026-31' }));
    await waitFor(() => expect(numbers).toEqual(['JOB-2026-31']));
    await db.jobs.put(aJob({ id: 'JOB-2026-P1', number: 'JOB-2026-31', notes: 'later' }));
    // A later change of the row reads the same number: no second call. The change is written
    // above, and a new job read back proves the query ran after it.
    await db.jobs.put(aJob({ id: 'JOB-2026-P2' }));
    expect(await db.jobs.count()).toBe(2);
    expect(numbers).toEqual(['JOB-2026-31']);
  });

  it('stops listening when asked, and calls back with nothing after', async () => {
    const onNumber = vi.fn();
    const stop = whenNumbered('quotes', 'Q-2026-P1', onNumber);
    stop();
    await db.quotes.put({ id: 'Q-2026-P1', number: 'Q-2026-9' } as never);
    expect(await db.quotes.get('Q-2026-P1')).toBeTruthy();
    expect(onNumber).not.toHaveBeenCalled();
  });
});

describe('usePendingKeys', () => {
  it('names every row a change waiting to be sent wrote', async () => {
    const { result } = renderHook(() => usePendingKeys());
    await db.outbox.bulkAdd([
      {
        seq: 1,
        mutationId: 'm1',
        name: 'job.markEnRoute',
        args: {},
        createdAt: '2026-11-21T01:00:00.000Z',
        writes: ['jobs:JOB-2026-1', 'job_updates:5'],
      },
      {
        seq: 2,
        mutationId: 'm2',
        name: 'booking.approve',
        args: {},
        createdAt: '2026-11-21T01:00:00.000Z',
        writes: ['bookings:BKG-2026-1'],
      },
    ] as never);
    await waitFor(() =>
      expect([...result.current].sort()).toEqual([
        'bookings:BKG-2026-1',
        'job_updates:5',
        'jobs:JOB-2026-1',
      ]),
    );
    await db.outbox.clear();
    await waitFor(() => expect(result.current.size).toBe(0));
  });
});

describe('useSyncStatus', () => {
  it('reads the engine’s state, when it last synced and why it stopped', async () => {
    await setMeta(db, META.status, {
      state: 'update-required',
      lastSyncedAt: '2026-11-24T05:30:00.000Z',
      transport: null,
      message: 'Reload to get the new version',
    });
    const { result } = renderHook(() => useSyncStatus());
    await waitFor(() => expect(result.current.state).toBe('update-required'));
    expect(result.current.lastSyncedAt).toBe('2026-11-24T05:30:00.000Z');
    expect(result.current.message).toBe('Reload to get the new version');
  });
});
