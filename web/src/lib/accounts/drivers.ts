/**
 * The active drivers as accounts (id and name), for what is keyed by a driver's account: site
 * inductions, and the warning when a job at a site goes to a driver not inducted there. Read
 * from `GET /api/drivers` and kept in the browser, so both work offline.
 */
import { useEffect, useState } from 'react';
import { driversResponseSchema } from '@pilbara/shared-schema';
import { apiRequest } from '../http';
import { readStored, writeStored } from '../storage';

/** A driver's account and the name jobs are assigned under. */
export interface DriverAccount {
  id: number;
  name: string;
}

const DRIVER_ACCOUNTS_KEY = 'driverAccounts';

function parseDrivers(value: unknown): DriverAccount[] | null {
  const parsed = driversResponseSchema.shape.drivers.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The active drivers, the last list the server gave (empty until one was ever read). */
export function useDriverAccounts(): DriverAccount[] {
  const [drivers, setDrivers] = useState<DriverAccount[]>(
    () => readStored(DRIVER_ACCOUNTS_KEY, parseDrivers) ?? [],
  );
  useEffect(() => {
    let live = true;
    apiRequest<unknown>('/api/drivers')
      .then((answer) => {
        const fresh = driversResponseSchema.parse(answer).drivers;
        writeStored(DRIVER_ACCOUNTS_KEY, fresh);
        if (live) setDrivers(fresh);
      })
      .catch(() => {
        // Offline or refused: keep the last list.
      });
    return () => {
      live = false;
    };
  }, []);
  return drivers;
}
