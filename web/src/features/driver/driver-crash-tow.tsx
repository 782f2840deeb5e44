/**
 * A crash tow on the driver's card: its checklist before loading (the Authority to Tow, the
 * photos, the dashcam reference and the property list), or, on an active job not marked one,
 * the button that marks it. The owners' override is on the admin's job card, not here.
 */
import { isFinishedStatus, type Job } from '@pilbara/shared-schema';
import { CrashTowPanel, MarkCrashTowButton } from '../../components/crash-tow/crash-tow-panel';
import { useCrashTow } from '../../components/crash-tow/use-crash-tow';

export function DriverCrashTow({ job, driverName }: { job: Job; driverName: string }) {
  const tow = useCrashTow(job.id);
  if (tow === undefined) return null;
  if (tow === null)
    return isFinishedStatus(job.status) ? null : <MarkCrashTowButton jobId={job.id} />;
  return <CrashTowPanel job={job} actorName={driverName} canOverride={false} />;
}
