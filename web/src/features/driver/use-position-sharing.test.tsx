import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { SHARE_EVERY, type Job, type JobStatus } from '@pilbara/shared-schema';
import { aJobOfToday } from '@pilbara/shared-schema/testing';
import { db, resetDevice } from '../../sync/testing/device';
import { usePositionSharing } from './use-position-sharing';

const NOW = new Date().toISOString();
const START = Date.parse('2026-11-20T08:00:00.000Z');
/** About 111 m of latitude per 0.001 degree. */
const KARRATHA = { latitude: -20.7381, longitude: 116.8463 };

/**
 * The phone's GPS as the browser hands it to a page (jsdom has none): the test says when a fix
 * arrives, or that the GPS failed, through the callbacks the hook gave `watchPosition`.
 */
function phoneGps() {
  let onFix: PositionCallback = () => {};
  let onError: PositionErrorCallback | null | undefined;
  const gps = {
    watchPosition: vi.fn((fix: PositionCallback, error?: PositionErrorCallback | null) => {
      onFix = fix;
      onError = error;
      return 7;
    }),
    getCurrentPosition: vi.fn(),
    clearWatch: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: gps });
  return {
    gps,
    fix(secondsIn: number, northMetres = 0, accuracy = 12) {
      act(() =>
        onFix({
          coords: {
            latitude: KARRATHA.latitude + northMetres / 111_000,
            longitude: KARRATHA.longitude,
            accuracy,
            altitude: null,
            altitudeAccuracy: null,
            heading: null,
            speed: null,
          },
          timestamp: START + secondsIn * 1000,
        } as GeolocationPosition),
      );
    },
    fail(code: 1 | 2 | 3) {
      act(() =>
        onError?.({
          code,
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
          message: 'No fix',
        } as GeolocationPositionError),
      );
    },
  };
}

async function jobs(...statuses: JobStatus[]): Promise<Job[]> {
  const rows = statuses.map((status, index) =>
    aJobOfToday({ id: `JOB-2026-${80 + index}`, status }, NOW),
  );
  await db.jobs.bulkPut(rows);
  return rows;
}

/** The reports kept to send: which job, and how far north of the first fix (in whole metres). */
async function reports(): Promise<Array<[string, number]>> {
  return (await db.outbox.toArray()).map(({ args }) => {
    const { jobId, latitude } = args as { jobId: string; latitude: number };
    return [jobId, Math.round((latitude - KARRATHA.latitude) * 111_000)];
  });
}

beforeEach(async () => {
  await resetDevice();
});

afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
});

describe('sharing the truck’s position from the driver’s phone', () => {
  it('shares the first fix, then only a fix far enough on or late enough', async () => {
    const phone = phoneGps();
    const list = await jobs('En Route');
    const { result } = renderHook(() => usePositionSharing(list));
    expect(phone.gps.watchPosition).toHaveBeenCalledTimes(1);

    phone.fix(0);
    expect(result.current).toBe('sharing');
    await waitFor(async () => expect(await reports()).toHaveLength(1));
    // A truck crawling along: too soon and too near, so not shared ...
    phone.fix(5, SHARE_EVERY.metres / 2);
    // ... until it has gone far enough, or time enough has passed.
    phone.fix(10, SHARE_EVERY.metres + 20);
    phone.fix(10 + SHARE_EVERY.ms / 1000, SHARE_EVERY.metres + 20);
    await waitFor(async () => expect(await reports()).toHaveLength(3));
    expect(await reports()).toEqual([
      ['JOB-2026-80', 0],
      ['JOB-2026-80', SHARE_EVERY.metres + 20],
      ['JOB-2026-80', SHARE_EVERY.metres + 20],
    ]);
  });

  it('reports each fix for every job En Route, and none for the others', async () => {
    const phone = phoneGps();
    const list = await jobs('En Route', 'Assigned', 'En Route');
    renderHook(() => usePositionSharing(list));
    phone.fix(0);
    await waitFor(async () => expect(await reports()).toHaveLength(2));
    expect((await reports()).map(([jobId]) => jobId).sort()).toEqual([
      'JOB-2026-80',
      'JOB-2026-82',
    ]);
  });

  it('stops watching once no job is En Route any more, and says nothing', async () => {
    const phone = phoneGps();
    const [enRoute] = await jobs('En Route');
    const { result, rerender } = renderHook((list: Job[]) => usePositionSharing(list), {
      initialProps: [enRoute!],
    });
    phone.fix(0);
    rerender([{ ...enRoute!, status: 'In Progress' }]);
    expect(phone.gps.clearWatch).toHaveBeenCalledWith(7);
    expect(result.current).toBe('idle');
  });

  it.each([
    [1, 'denied'],
    [2, 'unavailable'],
    [3, 'unavailable'],
  ] as const)('tells the driver when the GPS answers error %s', async (code, state) => {
    const phone = phoneGps();
    const list = await jobs('En Route');
    const { result } = renderHook(() => usePositionSharing(list));
    phone.fail(code);
    expect(result.current).toBe(state);
  });

  it('sends no accuracy the phone could not give', async () => {
    const phone = phoneGps();
    const list = await jobs('En Route');
    renderHook(() => usePositionSharing(list));
    phone.fix(0, 0, Number.NaN);
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await db.outbox.toArray())[0]?.args).toMatchObject({ accuracy: null });
  });
});
