/**
 * An admin's first screen, answered with their sign-in: a new phone on one bar of signal needs
 * the panel's code, its device database and the first pages of a snapshot before the panel can
 * count a single job, and that takes many seconds after the answer. So the answer carries what
 * the panel shows first (the figures, the fleet's due list, the open and today's jobs), chosen by
 * the rules the snapshot's first part follows (snapshot.ts `firstScreenRows`) and worked out by
 * the rules the panel itself uses (shared-schema `fleetDueItems`). Nothing here decides who sees
 * what.
 */
import {
  bookingSchema,
  fleetDueItems,
  jobSchema,
  prestartCheckSchema,
  serviceRecordSchema,
  vehicleSchema,
  type AdminFirstScreen,
  type Row,
} from '@pilbara/shared-schema';
import type { z } from 'zod';
import type { Db } from '../db/connection';
import { currentCursor } from '../db/change-log';
import { consistently } from '../db/statements';
import { actorForUser } from '../db/repositories/users';
import { firstScreenRows } from './snapshot';

/** The rows the schema accepts; a row it refuses comes with the sync instead of failing sign-in. */
function parsed<T>(schema: z.ZodType<T>, rows: readonly Row[] | undefined): T[] {
  return (rows ?? []).flatMap((row) => {
    const result = schema.safeParse(row);
    return result.success ? [result.data] : [];
  });
}

/** The first screen of the admin `userId`; undefined for anyone who is not an active admin. */
export function adminFirstScreen(db: Db, userId: number, now: Date): AdminFirstScreen | undefined {
  const actor = actorForUser(db, userId);
  if (actor?.role !== 'admin') return undefined;
  return consistently(db, () => {
    const rows = firstScreenRows(db, actor, currentCursor(db), now, [
      'jobs',
      'bookings',
      'vehicles',
      'service_records',
      'prestart_checks',
    ]);
    const jobs = parsed(jobSchema, rows.get('jobs'));
    const dueItems = fleetDueItems(
      parsed(vehicleSchema, rows.get('vehicles')),
      parsed(prestartCheckSchema, rows.get('prestart_checks')),
      jobs,
      now.toISOString(),
      parsed(serviceRecordSchema, rows.get('service_records')),
    );
    return { jobs, bookings: parsed(bookingSchema, rows.get('bookings')), dueItems };
  });
}
