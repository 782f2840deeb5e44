/**
 * A crash tow in the admin's job card: the same checklist the driver sees, with the owners'
 * override of the loading checks (with its reason), or the button that marks an active job a
 * crash tow.
 */
import { assignmentName, isFinishedStatus, type Job } from '@pilbara/shared-schema';
import { CrashTowPanel, MarkCrashTowButton } from '../../components/crash-tow/crash-tow-panel';
import { useCrashTow } from '../../components/crash-tow/use-crash-tow';
import { useAuth } from '../../lib/auth';

export function AdminCrashTow({ job }: { job: Job }) {
  const tow = useCrashTow(job.id);
  const { user } = useAuth();
  if (tow === undefined) return null;
  if (tow === null)
    return isFinishedStatus(job.status) ? null : <MarkCrashTowButton jobId={job.id} />;
  const name = user
    ? assignmentName({
        username: user.username,
        firstName: user.firstName ?? null,
        lastName: user.lastName ?? null,
      })
    : 'Owner';
  return <CrashTowPanel job={job} actorName={name} canOverride />;
}
