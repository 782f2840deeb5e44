import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { DriverFirstScreen } from '@pilbara/shared-schema';
import { aJobOfToday } from '@pilbara/shared-schema/testing';
import { driverPreviewFrom, holdDriverPreview, useDriverPreview } from './driver-preview';

const NOW = new Date().toISOString();
const JOB = aJobOfToday({ id: 'JOB-2026-70', customerName: 'Kim Lee' }, NOW);

afterEach(() => {
  holdDriverPreview(null);
});

describe('the driver’s first screen from a sign-in answer', () => {
  it('takes the jobs and the log position they were read at', () => {
    expect(driverPreviewFrom({ user: { id: 2 }, driverJobs: { cursor: 41, jobs: [JOB] } })).toEqual(
      { cursor: 41, jobs: [JOB] },
    );
  });

  it('takes an empty screen as one: the driver has nothing today', () => {
    expect(driverPreviewFrom({ driverJobs: { cursor: 0, jobs: [] } })).toEqual({
      cursor: 0,
      jobs: [],
    });
  });

  it.each([
    ['an admin’s answer, which has none', { user: { id: 1 } }],
    ['no answer', null],
    ['a position that is not a whole number', { driverJobs: { cursor: 4.5, jobs: [] } }],
    ['a position before the log', { driverJobs: { cursor: -1, jobs: [] } }],
    ['jobs that are not a list', { driverJobs: { cursor: 3, jobs: {} } }],
    [
      'a job without its status',
      { driverJobs: { cursor: 3, jobs: [{ ...JOB, status: undefined }] } },
    ],
  ])('shows nothing early for %s', (_, answer) => {
    expect(driverPreviewFrom(answer)).toBeNull();
  });
});

describe('holding the first screen until the device has synced', () => {
  const screen: DriverFirstScreen = { cursor: 12, jobs: [JOB] };

  it('gives every screen that asks the held answer, and drops it when told', () => {
    const { result } = renderHook(() => useDriverPreview());
    expect(result.current).toBeNull();
    act(() => holdDriverPreview(screen));
    expect(result.current).toBe(screen);
    expect(renderHook(() => useDriverPreview()).result.current).toBe(screen);
    act(() => holdDriverPreview(null));
    expect(result.current).toBeNull();
  });
});
