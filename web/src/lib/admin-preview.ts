/**
 * An admin's first screen as their sign-in answered it: the panel's figures, the fleet's due list
 * and the open jobs, shown on `/admin` while the panel's code, the device database and the first
 * pages of the device's snapshot are still on their way (features/admin/admin-first-screen.tsx).
 * Held in memory only (lib/first-screen.ts); the panel takes over once the device holds its own
 * first screen, and every action runs on the synced rows.
 */
import type { AdminFirstScreen, Booking, DueItem } from '@pilbara/shared-schema';
import { hasTextFields, heldScreen, isJob } from './first-screen';

const held = heldScreen<AdminFirstScreen>();

/** Keeps the first screen of the sign-in that just happened (null: none, or forget it). */
export const holdAdminPreview = held.hold;

/** The held first screen, or null. */
export const useAdminPreview = held.use;

function isBooking(value: unknown): value is Booking {
  return hasTextFields(value, ['id', 'status', 'customerName', 'service', 'urgency']);
}

function isDueItem(value: unknown): value is DueItem {
  if (!hasTextFields(value, ['vehicleName', 'kind', 'text'])) return false;
  const item = value as Record<string, unknown>;
  return typeof item.vehicleId === 'number' && typeof item.urgent === 'boolean';
}

/** The `adminFirstScreen` of a sign-in answer, or null when there is none or it is malformed. */
export function adminPreviewFrom(answer: unknown): AdminFirstScreen | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const screen = (answer as { adminFirstScreen?: unknown }).adminFirstScreen;
  if (typeof screen !== 'object' || screen === null) return null;
  const { jobs, bookings, dueItems } = screen as Record<string, unknown>;
  if (!Array.isArray(jobs) || !jobs.every(isJob)) return null;
  if (!Array.isArray(bookings) || !bookings.every(isBooking)) return null;
  if (!Array.isArray(dueItems) || !dueItems.every(isDueItem)) return null;
  return { jobs, bookings, dueItems };
}
