/**
 * The driver's screen reads Dexie only (docs/architecture.md), so it works with no signal: the
 * driver's device holds just their jobs and the unassigned ones (the server's sync scope), and the
 * list rule (rules/driver-jobs.ts) keeps today's and active jobs assigned to them.
 *
 * Right after an online sign-in the answer's jobs show first (lib/driver-preview.ts),
 * read by the server with the same scope and list rule, until the device's own copy has synced
 * through the log position they were read at. A job from the answer that the device does not hold
 * yet is shown *waiting*: its actions stay off until its synced row is here, so nothing is ever
 * done to a copy the sync has not brought (docs/decisions/2026-11-28-driver-first-screen.md).
 */
import { useEffect, useMemo, useRef } from 'react';
import { dequal } from 'dequal';
import { driverJobs, type DriverFirstScreen, type Job } from '@pilbara/shared-schema';
import { holdDriverPreview, useDriverPreview } from '../../lib/driver-preview';
import { syncedJobs, usePacedLiveQuery } from '../../sync';

/** The jobs on the driver's screen, and the ids of those not on the device yet. */
export interface DriverScreenJobs {
  jobs: Job[];
  waiting: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * What the screen shows: the synced rows (`local`, undefined while the device database opens)
 * once they are synced through the preview's position, else the synced rows plus the preview's
 * jobs the device does not hold yet. Undefined while there is neither.
 */
function driverScreenJobs(
  local: { rows: Job[]; cursor: number } | undefined,
  preview: DriverFirstScreen | null,
  driverId: number,
  now: Date,
): DriverScreenJobs | undefined {
  if (!preview || (local && local.cursor >= preview.cursor)) {
    return local && { jobs: driverJobs(local.rows, driverId, now), waiting: NONE };
  }
  const held = new Set(local?.rows.map((row) => row.id));
  const early = preview.jobs.filter((job) => !held.has(job.id));
  return {
    jobs: driverJobs([...(local?.rows ?? []), ...early], driverId, now),
    waiting: new Set(early.map((job) => job.id)),
  };
}

/**
 * The screen as `next`, keeping from `held` each job whose row is unchanged and the whole
 * screen when nothing on it changed: a card is drawn again only for its own job (the cards are
 * memoised), while the sync rewrites the list around it.
 */
function keepUnchanged(
  held: DriverScreenJobs | undefined,
  next: DriverScreenJobs | undefined,
): DriverScreenJobs | undefined {
  if (!held || !next) return next;
  const before = new Map(held.jobs.map((job) => [job.id, job]));
  const jobs = next.jobs.map((job) => {
    const kept = before.get(job.id);
    return kept && dequal(kept, job) ? kept : job;
  });
  const same =
    jobs.length === held.jobs.length &&
    jobs.every((job, i) => job === held.jobs[i]) &&
    dequal(held.waiting, next.waiting);
  return same ? held : { jobs, waiting: next.waiting };
}

/** Today's and active jobs assigned to the driver's account; undefined while loading. */
export function useDriverJobs(driverId: number): DriverScreenJobs | undefined {
  // Paced: a new device's snapshot writes the jobs in many small parts, and reading and drawing
  // the list again after each kept the phone busy; the sign-in's preview holds the screen, and
  // the list follows the parts once a second and every page's end.
  const local = usePacedLiveQuery(syncedJobs, []);
  const preview = useDriverPreview();
  const caughtUp = local !== undefined && preview !== null && local.cursor >= preview.cursor;
  useEffect(() => {
    // Done with: a later resync from 0 (a restored server) must not bring the old answer back.
    if (caughtUp) holdDriverPreview(null);
  }, [caughtUp]);
  const held = useRef<DriverScreenJobs | undefined>(undefined);
  return useMemo(() => {
    held.current = keepUnchanged(
      held.current,
      driverScreenJobs(local, preview, driverId, new Date()),
    );
    return held.current;
  }, [local, preview, driverId]);
}
