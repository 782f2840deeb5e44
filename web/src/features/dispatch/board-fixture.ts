/**
 * What the dispatch board's screen tests share: a fixed morning, two drivers, two trucks (one
 * with a winch, one without) and a winch job waiting at Roebourne.
 */
import {
  driversResponseSchema,
  type DriverShiftEvent,
  type DriverShiftEventKind,
  type Job,
} from '@pilbara/shared-schema';
import { aJob, aVehicle } from '@pilbara/shared-schema/testing';
import { fakeApi, json, type FakeApi } from '../../lib/testing/fake-api';

/** A Wednesday, 10:00 in Perth: hours worked and the week's timesheet are read against it. */
export const NOW = new Date('2026-12-09T02:00:00.000Z');

const HOUR = 3_600_000;

export const SAM = { id: 2, name: 'Sam Taylor' };
export const ALEX = { id: 3, name: 'Alex Moore' };

/** GET /api/drivers answers with these drivers, in the server's shape. */
export function driversAre(...drivers: { id: number; name: string }[]): FakeApi {
  return fakeApi({ 'GET /api/drivers': json(driversResponseSchema.parse({ drivers })) });
}

let nextEvent = 1;

/** A shift record of `driver`, `hoursAgo` before {@link NOW}. */
export function shiftEvent(
  driver: { id: number; name: string },
  kind: DriverShiftEventKind,
  hoursAgo: number,
): DriverShiftEvent {
  const at = new Date(NOW.getTime() - hoursAgo * HOUR).toISOString();
  return { id: nextEvent++, userId: driver.id, userName: driver.name, kind, at, createdAt: at };
}

/** A winch job at Roebourne that nobody has been sent to yet. */
export function waitingJob(overrides: Partial<Job> = {}): Job {
  return aJob({
    id: 'JOB-2026-7',
    number: 'JOB-2026-7',
    service: 'Winch Recovery',
    location: 'Roebourne',
    ...overrides,
  });
}

export const BIG_RED = aVehicle({ id: 1, name: 'Big Red', modifications: ['Hydraulic Winch'] });
export const LITTLE_BLUE = aVehicle({
  id: 2,
  name: 'Little Blue',
  registration: '1XYZ789',
  type: 'Tow Truck',
});
