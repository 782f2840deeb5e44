/**
 * The driver's writes: the next status step of a job and a note on it, through the same named
 * mutations as the admin panel (local apply and outbox in one transaction), so a tap with no
 * signal is kept and delivered when the connection returns. Toasts name the job as its card does:
 * its number, or its provisional reference while the server has not numbered it.
 */
import { notifications } from '@mantine/notifications';
import {
  DRIVER_STEP_LABELS,
  JOB_ACTION_MUTATORS,
  JOB_ACTION_TARGETS,
  MESSAGES,
  TOAST_DURATIONS,
  type DriverStep,
  type NumberedRow,
  documentRef,
} from '@pilbara/shared-schema';
import { mintId, mutate, type MutateResult } from '../../sync';
import { DRIVER_TEXT } from './driver-text';

function failure(reason?: string): void {
  notifications.show({
    title: MESSAGES.ERROR_TITLE,
    message: reason ? `${MESSAGES.JOB_UPDATE_FAILED}: ${reason}` : MESSAGES.JOB_UPDATE_FAILED,
    color: 'red',
    autoClose: TOAST_DURATIONS.default,
  });
}

/** Takes `step` for the job; resolves true when it was applied on this device. */
export async function takeStep(job: NumberedRow, step: DriverStep): Promise<boolean> {
  const jobId = String(job.id);
  let result: MutateResult;
  try {
    const updateId = await mintId('job_updates');
    result =
      step === 'complete'
        ? await mutate(JOB_ACTION_MUTATORS.complete, {
            id: jobId,
            updateId,
            quoteId: await mintId('Q'),
          })
        : await mutate(JOB_ACTION_MUTATORS[step], { id: jobId, updateId });
  } catch (error) {
    failure(error instanceof Error ? error.message : undefined);
    return false;
  }
  if (!result.ok) {
    failure(result.message);
    return false;
  }
  notifications.show({
    title: DRIVER_STEP_LABELS[step],
    message: DRIVER_TEXT.stepTaken(documentRef(job), JOB_ACTION_TARGETS[step].status),
    color: 'green',
    autoClose: TOAST_DURATIONS.default,
  });
  return true;
}

/**
 * Adds `note` to the job's notes under `by`'s name (`job.addNote`). Resolves null when it was
 * kept on this device, else the message to show beside the note.
 */
export async function addNote(job: NumberedRow, note: string, by: string): Promise<string | null> {
  let result: MutateResult;
  try {
    result = await mutate('job.addNote', { id: String(job.id), note, by });
  } catch (error) {
    return error instanceof Error ? error.message : MESSAGES.JOB_UPDATE_FAILED;
  }
  if (!result.ok) return result.message;
  notifications.show({
    message: DRIVER_TEXT.noteSaved(documentRef(job)),
    color: 'green',
    autoClose: TOAST_DURATIONS.default,
  });
  return null;
}
