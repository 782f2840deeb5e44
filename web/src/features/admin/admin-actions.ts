/**
 * The admin panel's writes: each mints its ids on this device, runs the named mutation through
 * the sync client (local apply + outbox in one transaction) and shows its toast. They
 * work with no connection; the outbox delivers them when it returns.
 */
import { mintTrackingToken } from '../../lib/tracking-token';
import { createElement } from 'react';
import { notifications } from '@mantine/notifications';
import {
  DRIVER_UNASSIGNED,
  assignmentFromChoice,
  JOB_ACTION_MUTATORS,
  JOB_ACTION_TARGETS,
  MESSAGES,
  TOAST_DURATIONS,
  type CreateJobData,
  type NumberedRow,
  documentRef,
} from '@pilbara/shared-schema';
import { mintId, mutate, whenNumbered, type MutateResult } from '../../sync';
import { ADMIN_TOASTS } from './admin-text';
import { ArchivedMessage } from './archived-toast';

function success(title: string, message: string): void {
  notifications.show({ title, message, color: 'green', autoClose: TOAST_DURATIONS.default });
}

/**
 * A success toast naming a job made on this device: by its provisional reference at once, and
 * by its number as soon as the server gives it, while the toast is still up.
 */
function successNaming(title: string, jobId: string, message: (ref: string) => string): void {
  const toast = notifications.show({
    title,
    message: message(documentRef({ id: jobId })),
    color: 'green',
    autoClose: TOAST_DURATIONS.default,
  });
  whenNumbered(
    'jobs',
    jobId,
    (number) => notifications.update({ id: toast, title, message: message(number) }),
    TOAST_DURATIONS.default,
  );
}

/** The failure toast: 'Error - {what failed}', with the reason when there is one. */
function failure(what: string, reason?: string): void {
  notifications.show({
    title: MESSAGES.ERROR_TITLE,
    message: reason ? `${what}: ${reason}` : what,
    color: 'red',
    autoClose: TOAST_DURATIONS.default,
  });
}

async function run(what: string, write: () => Promise<MutateResult>): Promise<MutateResult | null> {
  try {
    const result = await write();
    if (!result.ok) failure(what, result.message);
    return result;
  } catch (error) {
    // No ids left on a device that never synced, or the local database refused the write.
    failure(what, error instanceof Error ? error.message : undefined);
    return null;
  }
}

/** An owner's decision to go ahead while an account is on credit hold: the hold, and why. */
export interface CreditDecision {
  hold: string;
  reason: string | null;
}

/**
 * Approves a booking into a new job (with the owner's credit-hold decision, when the account is
 * on hold); resolves with the job id, or null when it failed.
 */
export async function approveBooking(
  bookingId: string,
  creditDecision?: CreditDecision,
): Promise<string | null> {
  let jobId = '';
  const result = await run(MESSAGES.BOOKING_APPROVE_FAILED, async () => {
    jobId = await mintId('JOB');
    const updateId = await mintId('job_updates');
    return mutate('booking.approve', {
      bookingId,
      jobId,
      updateId,
      ...(creditDecision ? { creditDecision } : {}),
    });
  });
  if (!result?.ok) return null;
  successNaming(MESSAGES.BOOKING_APPROVED_TITLE, jobId, ADMIN_TOASTS.bookingApproved);
  return jobId;
}

/**
 * Creates a job from the validated form, its `assignedTo` being the driver picker's choice;
 * resolves with its id, or null when it failed.
 */
export async function createJob(
  values: CreateJobData,
  drivers: readonly { id: number; name: string }[],
  creditDecision?: CreditDecision,
): Promise<string | null> {
  let id = '';
  const result = await run(MESSAGES.JOB_CREATE_FAILED, async () => {
    id = await mintId('JOB');
    const updateId = await mintId('job_updates');
    const assignment = assignmentFromChoice(values.assignedTo ?? '', drivers);
    // The customer's tracking token travels with the job from this device (docs/security.md).
    const trackingToken = mintTrackingToken();
    return mutate('job.create', {
      ...values,
      assignedTo: assignment.assignedTo ?? undefined,
      assignedDriverId: assignment.assignedDriverId,
      id,
      updateId,
      trackingToken,
      ...(creditDecision ? { creditDecision } : {}),
    });
  });
  if (!result?.ok) return null;
  successNaming(MESSAGES.JOB_CREATED_TITLE, id, ADMIN_TOASTS.jobCreated);
  return id;
}

/** The job a mutation answered with, named as people read it (its number, else provisional). */
function jobNamed(result: MutateResult, jobId: string): string {
  const job = result.ok ? (result.result as { job?: NumberedRow } | null)?.job : undefined;
  return documentRef(job ?? { id: jobId });
}

/** The status steps of the job card (rules/job-flow.ts). */
export type StatusStep = keyof typeof JOB_ACTION_TARGETS;

/** Mark En Route (25), Start Service (50) or Complete Job (100, with the automatic quote). */
export async function changeJobStatus(jobId: string, step: StatusStep): Promise<boolean> {
  let quoteId = '';
  const result = await run(MESSAGES.JOB_UPDATE_FAILED, async () => {
    const updateId = await mintId('job_updates');
    // The same action → mutator table as PATCH /api/jobs/:id on the server.
    if (step === 'complete') {
      quoteId = await mintId('Q');
      return mutate(JOB_ACTION_MUTATORS.complete, { id: jobId, updateId, quoteId });
    }
    return mutate(JOB_ACTION_MUTATORS[step], { id: jobId, updateId });
  });
  if (!result?.ok) return false;
  const named = jobNamed(result, jobId);
  success(
    MESSAGES.JOB_UPDATED_TITLE,
    step === 'complete'
      ? ADMIN_TOASTS.jobCompleted(named, documentRef({ id: quoteId }))
      : ADMIN_TOASTS.jobUpdated(named, JOB_ACTION_TARGETS[step].status),
  );
  return true;
}

/**
 * Gives a job to a driver's account (with the name people read), to `Both`, or to nobody
 * (rules/roles.ts `assignmentFromChoice`).
 */
export async function reassignJob(
  jobId: string,
  assignment: { assignedTo: string | null; assignedDriverId: number | null },
): Promise<boolean> {
  const result = await run(MESSAGES.JOB_UPDATE_FAILED, async () => {
    const updateId = await mintId('job_updates');
    return mutate(JOB_ACTION_MUTATORS.reassign, { id: jobId, updateId, ...assignment });
  });
  if (!result?.ok) return false;
  const driver = assignment.assignedTo ?? DRIVER_UNASSIGNED;
  success(MESSAGES.JOB_UPDATED_TITLE, ADMIN_TOASTS.jobReassigned(jobNamed(result, jobId), driver));
  return true;
}

/**
 * Archives a Completed or Cancelled job (`job.delete`): it leaves the list, its
 * history stays. The toast offers Undo (`job.restore`), which works whether the archiving has
 * synced yet or not.
 */
export async function deleteJob(jobId: string): Promise<boolean> {
  const result = await run(MESSAGES.JOB_DELETE_FAILED, async () =>
    mutate('job.delete', { id: jobId, updateId: await mintId('job_updates') }),
  );
  if (!result?.ok) return false;
  const toastId = `job-archived-${jobId}`;
  notifications.show({
    id: toastId,
    title: MESSAGES.JOB_DELETED_TITLE,
    color: 'green',
    autoClose: TOAST_DURATIONS.default * 2,
    message: createElement(ArchivedMessage, {
      jobId: jobNamed(result, jobId),
      onUndo: () => {
        notifications.hide(toastId);
        void restoreJob(jobId);
      },
    }),
  });
  return true;
}

/** Brings an archived job back (the archive toast's Undo). */
async function restoreJob(jobId: string): Promise<boolean> {
  const result = await run(MESSAGES.JOB_UPDATE_FAILED, async () =>
    mutate('job.restore', { id: jobId, updateId: await mintId('job_updates') }),
  );
  if (!result?.ok) return false;
  success(MESSAGES.JOB_UPDATED_TITLE, ADMIN_TOASTS.jobRestored(jobNamed(result, jobId)));
  return true;
}

/**
 * Sets the arrival estimate the customer is given by hand (`job.setArrival`), or hands it back
 * to the rule with null; it holds until the job's next step. Resolves whether it was written.
 */
export async function setArrivalEstimate(jobId: string, estimate: string | null): Promise<boolean> {
  const result = await run(MESSAGES.JOB_UPDATE_FAILED, () =>
    mutate('job.setArrival', { id: jobId, estimate }),
  );
  if (!result?.ok) return false;
  success(
    MESSAGES.JOB_UPDATED_TITLE,
    estimate ? ADMIN_TOASTS.arrivalSet(estimate) : ADMIN_TOASTS.arrivalCleared,
  );
  return true;
}

/** Declines the booking with the reason the customer is told; null when kept on this device. */
export async function declineBooking(bookingId: string, reason: string): Promise<string | null> {
  let result: MutateResult;
  try {
    result = await mutate('booking.decline', { bookingId, reason });
  } catch (error) {
    return error instanceof Error ? error.message : MESSAGES.BOOKING_DECLINE_FAILED;
  }
  if (!result.ok) return result.message;
  success(MESSAGES.BOOKING_DECLINED_TITLE, ADMIN_TOASTS.bookingDeclined(bookingId));
  return null;
}
