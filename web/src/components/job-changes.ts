/**
 * Closing a job other than by completing it, and correcting its details, from the admin panel
 * and the driver's screen alike: named mutations through the sync client (local apply and outbox
 * in one transaction), so they work with no signal and reach the server once. The server tells
 * the customer about a cancellation (by text and email, with the reason) when it arrives.
 */
import { notifications } from '@mantine/notifications';
import { MESSAGES, TOAST_DURATIONS, documentRef, type Job } from '@pilbara/shared-schema';
import { mintId, mutate, type MutateResult } from '../sync';
import type { JobDetails } from './job-details-dialog';

async function attempt(write: () => Promise<MutateResult>): Promise<string | null> {
  try {
    const result = await write();
    return result.ok ? null : result.message;
  } catch (error) {
    return error instanceof Error ? error.message : MESSAGES.JOB_UPDATE_FAILED;
  }
}

/** Cancels the job with the reason the customer is told; null when kept on this device. */
export async function cancelJob(job: Job, reason: string): Promise<string | null> {
  const problem = await attempt(async () =>
    mutate('job.cancel', { id: job.id, updateId: await mintId('job_updates'), reason }),
  );
  if (!problem) {
    notifications.show({
      title: MESSAGES.JOB_CANCELLED_TITLE,
      message: `${documentRef(job)} is cancelled. The customer is told why.`,
      color: 'green',
      autoClose: TOAST_DURATIONS.default,
    });
  }
  return problem;
}

/**
 * Saves changed details of the job, with the job as this device saw it (`base`) so the server
 * merges the edit field by field; null when kept on this device.
 */
export async function editJobDetails(job: Job, patch: Partial<JobDetails>): Promise<string | null> {
  const problem = await attempt(() =>
    mutate('job.update', { id: job.id, patch, base: job as Record<string, unknown> }),
  );
  if (!problem) {
    notifications.show({
      title: MESSAGES.JOB_UPDATED_TITLE,
      message: `${documentRef(job)}: details saved.`,
      color: 'green',
      autoClose: TOAST_DURATIONS.default,
    });
  }
  return problem;
}
