/**
 * Roles and what each may touch (docs/security.md): pure rules the server enforces on
 * every call and sync page, and the device can ask to hide what its user cannot do.
 *
 * - `admin`: everything.
 * - `driver`: reads the jobs assigned to them and the unassigned ones (so they can take one),
 *   moves those through the status steps, reads the vehicles (never changes them), logs the
 *   fleet's service, fuel and mileage records and makes pre-start checks (with photos of what
 *   failed). Never resolves a defect, which puts a truck back on the road: that is an admin's
 *   call. Never quotes, invoices, payments, contact messages, bookings, emails, fleet
 *   expenses, other staff, or a job assigned to someone else.
 * - `customer`: no staff call at all.
 * - `account`: the sign-in of an account's own contact (a mine site's, a fleet's): no staff call
 *   and no sync; its own calls (`/api/account/…`) answer only its account's records, checked by
 *   the server on every call.
 *
 * A driver is matched to jobs by their account id (`jobs.assignedDriverId`); the name stays in
 * `jobs.assignedTo` for people to read ({@link assignmentName}), and two drivers sharing a name
 * never share jobs. A job with no driver account and no name is unassigned, which every driver
 * sees so one can take it; `Both` (the two co-owners together), or a name no account
 * stands behind, names no single driver, so such a job stays with the admins. A driver reads a
 * customer's phone and email only on a job assigned to them that is not cancelled
 * ({@link maySeeJobContact}).
 */
import { DRIVER_BOTH, DRIVER_UNASSIGNED } from '../constants/services';
import { MESSAGES } from '../messages';

/** Every role a sign-in can have; `customer` is the default of registration. */
export const ROLES = ['customer', 'driver', 'admin', 'account'] as const;
/** A role from {@link ROLES}. */
export type Role = (typeof ROLES)[number];

/** The roles of staff accounts, which admins create in the product. */
export const STAFF_ROLES = ['admin', 'driver'] as const;
/** A role from {@link STAFF_ROLES}. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Where a sign-in lands: staff and account contacts on their own screen (an owner signs in to
 * work the panel, a driver to see their jobs), a customer at home.
 */
export function homeScreenFor(role: Role | string): string {
  if (role === 'admin') return '/admin';
  if (role === 'driver') return '/driver';
  if (role === 'account') return '/account';
  return '/';
}

/** Whether a stored role text is a staff role. */
export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/** Who is acting, as the rules need it: the role, the account and the name shown for it. */
export interface Actor {
  role: Role;
  /** The account's id: a driver's jobs are those whose `assignedDriverId` it is. */
  id: number | null;
  /** The name the account's work is shown under (see {@link assignmentName}): display only. */
  name: string;
}

/** A job's assignment, as the rules read it. */
export interface JobAssignment {
  assignedTo?: string | null;
  assignedDriverId?: number | null;
}

/** Whether a job is with nobody: no driver account, and no name (or `Unassigned`). */
export function isUnassigned(job: JobAssignment): boolean {
  if (job.assignedDriverId !== null && job.assignedDriverId !== undefined) return false;
  const name = job.assignedTo?.trim() ?? '';
  return name === '' || name === DRIVER_UNASSIGNED;
}

/** Whether a job is assigned to the actor's own account. */
export function isAssignedTo(actor: Actor, job: JobAssignment): boolean {
  return actor.id !== null && job.assignedDriverId === actor.id;
}

/**
 * The name a staff member's jobs are assigned under: first and last name, or the username when
 * the account has no name. The demo's drivers are the business's two co-owners under their full
 * names, which is what the demo jobs carry.
 */
export function assignmentName(user: {
  username: string;
  firstName: string | null;
  lastName: string | null;
}): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return name || user.username;
}

/** The role of an account's stored role text: anything unknown is an ordinary customer. */
export function roleOf(stored: string): Role {
  return (ROLES as readonly string[]).includes(stored) ? (stored as Role) : 'customer';
}

/** Whether the actor may read (and act on) a job: a driver, theirs and the unassigned ones. */
export function canSeeJob(actor: Actor, job: JobAssignment): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role !== 'driver') return false;
  return isAssignedTo(actor, job) || isUnassigned(job);
}

/**
 * Whether the actor may read the customer's phone and email on a job: an admin always; a driver
 * only on a job assigned to them that is not cancelled (an unassigned job shows its work, not
 * who the customer is, until a driver takes it).
 */
export function maySeeJobContact(actor: Actor, job: JobAssignment & { status?: string }): boolean {
  if (actor.role === 'admin') return true;
  return actor.role === 'driver' && isAssignedTo(actor, job) && job.status !== 'Cancelled';
}

/**
 * A job row as the actor may read it: the customer's phone and email blanked where
 * {@link maySeeJobContact} says no. The server sends rows to drivers through this (sync pages,
 * the job list), so their devices never hold the contacts of jobs that are not theirs.
 */
export function jobForActor<T extends JobAssignment & { status?: string }>(
  actor: Actor,
  job: T,
): T {
  if (maySeeJobContact(actor, job)) return job;
  return { ...job, phone: '', email: null };
}

/**
 * The synced tables a driver's device receives; the rows that belong to a job (its history,
 * photos and signatures: {@link JOB_CHILD_TABLES}) only for a job the driver can see.
 */
export const DRIVER_TABLES = [
  'jobs',
  'job_updates',
  'job_photos',
  'job_signatures',
  // Which uploaded files the server holds (hash, size, type): how a device knows it may drop
  // its local copy of a photo it took.
  'stored_files',
  // The truck's latest position on the driver's En Route job.
  'job_positions',
  'vehicles',
  'service_records',
  'fuel_records',
  'mileage_records',
  // Pre-start checks and defects: drivers make the checks and see what is wrong.
  'prestart_checks',
  'vehicle_defects',
  // A crash tow's Authority to Tow, dashcam reference and property list, for the driver's jobs.
  'crash_tows',
  // Their own shift records (other drivers' rows are not sent, sync/scope.ts) and where
  // the trucks were last seen.
  'driver_shift_events',
  'vehicle_positions',
] as const;

/** Tables whose rows belong to one job through their `jobId`. */
export const JOB_CHILD_TABLES = [
  'job_updates',
  'job_photos',
  'job_signatures',
  'job_positions',
  'crash_tows',
] as const;

/** Whether the actor's device receives rows of this table at all. */
export function canSyncTable(actor: Actor, table: string): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role !== 'driver') return false;
  return (DRIVER_TABLES as readonly string[]).includes(table);
}

/**
 * The mutators a driver may run: the status steps of a job they can see (cancelling it
 * included), taking an unassigned job, correcting its details, its field record, notes, the
 * arrival estimate and the vehicle it goes out on (the driver does the
 * whole job from their own screen), and logging fleet records. Every other mutator is for
 * admins.
 */
export const DRIVER_MUTATORS = [
  'job.markEnRoute',
  'job.startService',
  'job.complete',
  'job.cancel',
  'job.update',
  'job.reassign',
  'job.addNote',
  'job.setArrival',
  'job.assignVehicle',
  // The PO number the mine's gate hands the driver.
  'job.setPo',
  'photo.add',
  'signature.add',
  'position.report',
  'service.add',
  'fuel.add',
  'mileage.add',
  'prestart.submit',
  // A crash tow's record at the scene; the owners' override stays theirs.
  'crashTow.mark',
  'crashTow.save',
  'crashTow.markLoaded',
  'shift.record',
] as const;

/** Whether the actor may run the mutator named `name` at all (rows are checked apart). */
export function canRunMutator(actor: Actor, name: string): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role !== 'driver') return false;
  return (DRIVER_MUTATORS as readonly string[]).includes(name);
}

/**
 * Whether the actor may write this row (a put of `entity`), beyond the mutator's name: a driver
 * may not close a defect, whichever step would do it (a service record listing it included),
 * nor write a job they cannot see.
 */
export function mayWriteRow(actor: Actor, entity: string, row: Record<string, unknown>): boolean {
  if (actor.role === 'admin') return true;
  if (entity === 'jobs') return canSeeJob(actor, row as JobAssignment);
  if (entity === 'vehicle_defects') return row.status === 'open';
  return true;
}

/** Why a call was refused by role: the message staff see (an admin-only step). */
export const ROLE_REFUSAL = MESSAGES.ADMIN_REQUIRED;

/**
 * The refusal of mutator `name` for `actor`, naming the role it needs: a step drivers
 * may run needs a staff account, anything else an admin account.
 */
export function roleRefusal(name: string): string {
  return (DRIVER_MUTATORS as readonly string[]).includes(name)
    ? MESSAGES.STAFF_REQUIRED
    : MESSAGES.ADMIN_REQUIRED;
}

/** One choice of the driver picker: the value the picker keeps, the name people read. */
export interface AssignmentChoice {
  value: string;
  label: string;
}

/** The picker value of a driver's account. */
export function driverChoiceValue(driverId: number): string {
  return `driver:${driverId}`;
}

/** The picker value of a job's current assignment (by account, else by name). */
export function assignmentChoiceOf(job: JobAssignment): string {
  if (job.assignedDriverId !== null && job.assignedDriverId !== undefined) {
    return driverChoiceValue(job.assignedDriverId);
  }
  if (isUnassigned(job)) return DRIVER_UNASSIGNED;
  return job.assignedTo?.trim() ?? DRIVER_UNASSIGNED;
}

/**
 * The choices of the job card's driver picker: the active drivers by account (from
 * `GET /api/drivers`), then `Both` and `Unassigned`, each once, and the job's current
 * assignment when it is none of those (a driver since deactivated, a name from before drivers
 * were accounts), so the picker never hides it.
 */
export function assignmentChoices(
  drivers: readonly { id: number; name: string }[],
  current?: JobAssignment,
): AssignmentChoice[] {
  const byId = new Map<number, string>();
  for (const driver of drivers) {
    const name = driver.name.trim();
    if (name !== '' && !byId.has(driver.id)) byId.set(driver.id, name);
  }
  const choices: AssignmentChoice[] = [...byId]
    .sort((a, b) => a[1].localeCompare(b[1]) || a[0] - b[0])
    .map(([id, name]) => ({ value: driverChoiceValue(id), label: name }));
  choices.push(
    { value: DRIVER_BOTH, label: DRIVER_BOTH },
    { value: DRIVER_UNASSIGNED, label: DRIVER_UNASSIGNED },
  );
  if (current) {
    const value = assignmentChoiceOf(current);
    if (!choices.some((choice) => choice.value === value)) {
      choices.push({ value, label: current.assignedTo?.trim() || value });
    }
  }
  return choices;
}

/**
 * The assignment a picker value stands for: a driver's account with their name, `Both`, or
 * nobody. A value naming no listed driver keeps the name as it was, with no account.
 */
export function assignmentFromChoice(
  value: string,
  drivers: readonly { id: number; name: string }[],
): { assignedTo: string | null; assignedDriverId: number | null } {
  const id = /^driver:(\d+)$/.exec(value)?.[1];
  if (id !== undefined) {
    const driver = drivers.find((candidate) => candidate.id === Number(id));
    return { assignedTo: driver?.name ?? null, assignedDriverId: Number(id) };
  }
  if (value === '' || value === DRIVER_UNASSIGNED)
    return { assignedTo: null, assignedDriverId: null };
  return { assignedTo: value, assignedDriverId: null };
}
