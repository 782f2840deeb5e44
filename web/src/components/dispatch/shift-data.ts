/**
 * Drivers' shift records and trucks' last positions, read from Dexie: the driver's screen and
 * the dispatch board work out hours and fatigue from the same rows, offline as online.
 */
import { useEffect, useState } from 'react';
import type { DriverShiftEvent, VehiclePosition } from '@pilbara/shared-schema';
import { db, usePacedLiveQuery } from '../../sync';

const EMPTY: never[] = [];

/** Every shift record on this device (a driver's device holds only their own). */
export function useShiftEvents(): DriverShiftEvent[] {
  return (
    usePacedLiveQuery(
      async () => (await db.driver_shift_events.toArray()) as DriverShiftEvent[],
      [],
    ) ?? EMPTY
  );
}

/** Every truck's last known position on this device. */
export function useVehiclePositions(): VehiclePosition[] {
  return (
    usePacedLiveQuery(
      async () => (await db.vehicle_positions.toArray()) as VehiclePosition[],
      [],
    ) ?? EMPTY
  );
}

/** The clock, re-read every `everyMs`: hours worked and fatigue limits move with time. */
export function useClock(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
