/**
 * A crash tow on the driver's card: its checklist before loading (the Authority to Tow, the
 * photos, the dashcam reference and the property list), always shown once the job is one; or,
 * on an active job not marked one, the button that marks it, with the job's photos and
 * signatures (so a card that is not a crash tow looks as it did). The owners' override is on
 * the admin's job card, not here.
 */
import { isFinishedStatus, type Job } from '@pilbara/shared-schema';
import { CrashTowPanel, MarkCrashTowButton } from '../../components/crash-tow/crash-tow-panel';
import { useCrashTow } from '../../components/crash-tow/use-crash-tow';

export function DriverCrashTow({
  job,
  driverName,
  recordOpen,
}: {
  job: Job;
  driverName: string;
  /** Whether the job's photos and signatures are open: the mark button shows with them. */
  recordOpen: boolean;
}) {
  const tow = useCrashTow(job.id);
  if (tow === undefined) return null;
  if (tow === null)
    return recordOpen && !isFinishedStatus(job.status) ? (
      <MarkCrashTowButton jobId={job.id} />
    ) : null;
  return <CrashTowPanel job={job} actorName={driverName} canOverride={false} />;
}
