/**
 * The on-call roster and a staff member's own alert channels live on the server only (like
 * staff accounts: they are about people's phones, and the server texts by them), so these calls
 * need a connection and the screen says so when there is none.
 */
import {
  rosterResponseSchema,
  staffAlertPreferencesResponseSchema,
  type RosterInput,
  type RosterResponse,
  type StaffAlertPreferences,
} from '@pilbara/shared-schema';
import { HttpError, apiRequest, isNetworkError } from '../../lib/http';

/** Thrown instead of a browser network error, so the screen can say a connection is needed. */
export class NeedsConnectionError extends Error {
  override name = 'NeedsConnectionError';
}

async function online<T>(call: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    throw new NeedsConnectionError('offline');
  try {
    return await call();
  } catch (error) {
    if (isNetworkError(error)) throw new NeedsConnectionError('network failure');
    throw error;
  }
}

/** The per-field messages of a 400 answer (`entries.0.phone` → its message). */
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

export async function readRoster(): Promise<RosterResponse> {
  return rosterResponseSchema.parse(await online(() => apiRequest<unknown>('/api/on-call')));
}

export async function saveRoster(input: RosterInput): Promise<RosterResponse> {
  const answer = await online(() =>
    apiRequest<unknown>('/api/on-call', { method: 'PUT', body: input }),
  );
  return rosterResponseSchema.parse(answer);
}

export type MyAlertChannels = StaffAlertPreferences & { pushDevices: number };

export async function readMyChannels(): Promise<MyAlertChannels> {
  const answer = await online(() => apiRequest<unknown>('/api/staff-alerts/preferences'));
  return staffAlertPreferencesResponseSchema.parse(answer);
}

export async function saveMyChannels(channels: StaffAlertPreferences): Promise<MyAlertChannels> {
  const answer = await online(() =>
    apiRequest<unknown>('/api/staff-alerts/preferences', { method: 'PUT', body: channels }),
  );
  return staffAlertPreferencesResponseSchema.parse(answer);
}

/** This device starts getting a push for every new booking. */
export async function registerDevice(subscription: PushSubscriptionJSON): Promise<void> {
  await online(() => apiRequest('/api/staff-alerts/push', { method: 'POST', body: subscription }));
}

/** This device stops getting pushes. */
export async function forgetDevice(endpoint: string): Promise<void> {
  await online(() =>
    apiRequest('/api/staff-alerts/push', { method: 'DELETE', body: { endpoint } }),
  );
}
