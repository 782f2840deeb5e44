/**
 * The crash tow's writes, each a named mutation applied on the device first (so it works with no
 * signal) and queued for the server: marking a job a crash tow, saving the Authority to Tow's
 * fields, the dashcam reference and the property list, recording the vehicle loaded, and an
 * owner's override. A refusal comes back as its message for the screen to show.
 */
import { mintId, mutate, type MutateResult } from '../../sync';
import type { MutatorArgs } from '@pilbara/shared-schema';

/** What a write came to: null when kept on the device, else the message and the fields it names. */
export type WriteProblem = { message: string; fields: Record<string, string> } | null;

function problem(result: MutateResult): WriteProblem {
  if (result.ok) return null;
  return { message: result.message, fields: result.fields ?? {} };
}

async function run(write: () => Promise<MutateResult>): Promise<WriteProblem> {
  try {
    return problem(await write());
  } catch (error) {
    return { message: error instanceof Error ? error.message : String(error), fields: {} };
  }
}

export function markCrashTow(jobId: string): Promise<WriteProblem> {
  return run(() => mutate('crashTow.mark', { jobId }));
}

export type CrashTowPatch = MutatorArgs<'crashTow.save'>['patch'];

export function saveCrashTow(jobId: string, patch: CrashTowPatch): Promise<WriteProblem> {
  return run(() => mutate('crashTow.save', { jobId, patch }));
}

export function markLoaded(jobId: string): Promise<WriteProblem> {
  return run(async () =>
    mutate('crashTow.markLoaded', { jobId, updateId: await mintId('job_updates') }),
  );
}

export function overrideChecks(
  jobId: string,
  reason: string,
  byName: string,
): Promise<WriteProblem> {
  return run(async () =>
    mutate('crashTow.override', {
      jobId,
      updateId: await mintId('job_updates'),
      reason,
      byName,
    }),
  );
}
