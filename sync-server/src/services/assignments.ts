/**
 * Who a REST caller gives a job to. Jobs belong to a driver's account (`assignedDriverId`); the
 * name is what people read. A caller names the driver by account, or, for convenience, by the
 * name of an active driver when no other active driver shares it; two drivers of one name must
 * be told apart by account (400). `Both`, and a name no account has, are kept as names alone,
 * so the job stays with the admins (shared-schema rules/roles.ts).
 */
import { DRIVER_BOTH, DRIVER_UNASSIGNED, MESSAGES } from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import { activeDrivers } from '../db/repositories/users';
import { badRequest } from '../http-error';

/** A job's assignment as stored. */
export interface Assignment {
  assignedTo: string | null;
  assignedDriverId: number | null;
}

/**
 * The assignment a REST body asks for, or undefined when it asks for none. Refuses (400, naming
 * the field) an account that is not an active driver, and a name two active drivers share.
 */
export function assignmentOf(
  db: Db,
  body: { assignedTo?: string | null | undefined; assignedDriverId?: number | null | undefined },
): Assignment | undefined {
  if (body.assignedDriverId !== undefined && body.assignedDriverId !== null) {
    const driver = activeDrivers(db).find((candidate) => candidate.id === body.assignedDriverId);
    if (!driver) {
      throw badRequest(MESSAGES.DRIVER_NOT_FOUND, { assignedDriverId: MESSAGES.DRIVER_NOT_FOUND });
    }
    return { assignedTo: driver.name, assignedDriverId: driver.id };
  }
  if (body.assignedTo === undefined && body.assignedDriverId === undefined) return undefined;
  const name = body.assignedTo?.trim() ?? '';
  if (name === '' || name === DRIVER_UNASSIGNED)
    return { assignedTo: null, assignedDriverId: null };
  if (name === DRIVER_BOTH) return { assignedTo: DRIVER_BOTH, assignedDriverId: null };
  const named = activeDrivers(db).filter((driver) => driver.name === name);
  if (named.length > 1) {
    throw badRequest(MESSAGES.DRIVER_NAME_SHARED, { assignedTo: MESSAGES.DRIVER_NAME_SHARED });
  }
  const [driver] = named;
  return driver
    ? { assignedTo: driver.name, assignedDriverId: driver.id }
    : { assignedTo: name, assignedDriverId: null };
}
