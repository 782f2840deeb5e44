/**
 * Staff accounts and the assignable drivers. Staff accounts live only on the server
 * (they are not synced: a device never holds password hashes or other staff's details), so these
 * calls need a connection and say so plainly. The active drivers' names are kept in the browser
 * after each successful read, so the job card's driver picker works offline too.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  driversResponseSchema,
  type DriversResponse,
  staffAccountResponseSchema,
  staffListResponseSchema,
  type PublicUser,
  type StaffAccountInput,
  type StaffRole,
} from '@pilbara/shared-schema';
import { HttpError, apiRequest, isNetworkError } from '../../lib/http';
import { readStored, writeStored } from '../../lib/storage';

/** Thrown instead of a browser network error, so the screen can say a connection is needed. */
export class StaffOfflineError extends Error {
  override name = 'StaffOfflineError';
}

export async function online<T>(call: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    throw new StaffOfflineError('offline');
  try {
    return await call();
  } catch (error) {
    if (isNetworkError(error)) throw new StaffOfflineError('network failure');
    throw error;
  }
}

/** The per-field messages of a 400 or 409 answer, when the server sent them. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError)) return {};
  const body = error.json() as { fields?: unknown } | undefined;
  const fields = body && typeof body.fields === 'object' && body.fields ? body.fields : {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** Every admin and driver account, active or not. */
export async function listStaff(): Promise<PublicUser[]> {
  const answer = await online(() => apiRequest<unknown>('/api/staff'));
  return staffListResponseSchema.parse(answer).staff;
}

/** Adds an admin or a driver. */
export async function addStaff(input: StaffAccountInput): Promise<PublicUser> {
  const answer = await online(() => apiRequest<unknown>('/api/staff', { body: input }));
  return staffAccountResponseSchema.parse(answer).user;
}

/** Sets a new password; the account's sessions end. */
export async function resetStaffPassword(id: number, password: string): Promise<PublicUser> {
  const answer = await online(() =>
    apiRequest<unknown>(`/api/staff/${id}/password`, { body: { password } }),
  );
  return staffAccountResponseSchema.parse(answer).user;
}

/** Deactivates (or brings back) an account, or changes its role; its sessions end. */
export async function updateStaff(
  id: number,
  change: { isActive?: boolean; role?: StaffRole },
): Promise<PublicUser> {
  const answer = await online(() =>
    apiRequest<unknown>(`/api/staff/${id}`, { method: 'PATCH', body: change }),
  );
  return staffAccountResponseSchema.parse(answer).user;
}

/** Kept apart from the names-only list of older builds (`assignableDrivers`). */
const DRIVERS_KEY = 'assignableDriverAccounts';

/** An active driver: the account jobs are assigned to, and the name people read. */
export type AssignableDriver = DriversResponse['drivers'][number];

function parseDrivers(value: unknown): AssignableDriver[] | null {
  const parsed = driversResponseSchema.shape.drivers.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The active drivers, by account and name: the last list the server gave (kept in the browser,
 * so the picker works offline), refreshed from `GET /api/drivers` on mount, when the connection
 * returns and after `refresh()`. Null until a list was ever read.
 */
export function useAssignableDrivers(): {
  drivers: AssignableDriver[] | null;
  refresh: () => void;
} {
  const [drivers, setDrivers] = useState<AssignableDriver[] | null>(() =>
    readStored(DRIVERS_KEY, parseDrivers),
  );
  const refresh = useCallback(() => {
    online(() => apiRequest<unknown>('/api/drivers'))
      .then((answer) => {
        const fresh = driversResponseSchema.parse(answer).drivers;
        writeStored(DRIVERS_KEY, fresh);
        setDrivers(fresh);
      })
      .catch(() => {
        // Offline or refused: keep the last list.
      });
  }, []);
  useEffect(() => {
    refresh();
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [refresh]);
  return { drivers, refresh };
}
