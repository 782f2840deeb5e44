/**
 * The driver's screen (`/driver`, issues 20 and 27): the default after a driver signs in, and
 * where they do the whole job. Today's and active jobs assigned to them, each with one big
 * next-step button (On my way → Arrived / Start → Complete, which asks first), the customer's
 * phone as a call button and the location as a maps link, then the job's field record (condition
 * photos, both signatures, the job sheet), a note and the vehicle it goes out on
 * (driver-job-card.tsx). Everything reads Dexie and writes named mutations, so it works with no
 * signal.
 */
import { type ReactNode, useDeferredValue } from 'react';
import { Alert, Text } from '@mantine/core';
import { IconCurrentLocation, IconCurrentLocationOff } from '@tabler/icons-react';
import { rowKey } from '@pilbara/shared-schema';
import { useFleetState } from '../../components/fleet/prestart-data';
import { usePendingKeys } from '../../sync';
import { DriverJobCard } from './driver-job-card';
import { ShiftPanel } from './shift-panel';
import { DriverNoJobs, DriverScreenFrame } from './driver-first-screen';
import { DRIVER_TEXT } from './driver-text';
import { useDriverJobs } from './use-driver-jobs';
import { usePositionSharing, type SharingState } from './use-position-sharing';

/** Says whether the customer can see the truck (only while a job is En Route). */
function SharingNotice({ state }: { state: SharingState }) {
  if (state === 'idle') return null;
  if (state === 'sharing')
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconCurrentLocation size={20} aria-hidden />}
        data-testid="position-sharing"
      >
        {DRIVER_TEXT.sharing}
      </Alert>
    );
  return (
    <Alert
      color="yellow"
      icon={<IconCurrentLocationOff size={20} aria-hidden />}
      data-testid="position-sharing-off"
    >
      {DRIVER_TEXT.sharingOff}
    </Alert>
  );
}

export interface DriverPageProps {
  /** The signed-in driver's account: their jobs are those assigned to it. */
  driverId: number;
  /** The name their notes are signed with (rules/roles.ts `assignmentName`). */
  driverName: string;
  /** The sync status chip, shown beside the title. */
  syncStatus?: ReactNode;
  /**
   * Below the list (the app layer adds the trucks' pre-start check): the jobs and their next
   * step stay where the thumb reaches them.
   */
  children?: ReactNode;
}

export function DriverPage({ driverId, driverName, syncStatus, children }: DriverPageProps) {
  // Drawn behind what the driver is doing (a transition React can pause): the sync can change
  // many cards at once, the moment their rows arrive.
  const screen = useDeferredValue(useDriverJobs(driverId));
  const jobs = screen?.jobs;
  const pendingKeys = usePendingKeys();
  // Only jobs the device holds: a position report needs the synced row to go through.
  const sharing = usePositionSharing(jobs?.filter((job) => !screen?.waiting.has(job.id)));
  // The trucks, their checks and defects: the vehicle select warns as the admin's does.
  // Deferred too: a snapshot writing trucks or checks changes every card's vehicle select.
  const fleet = useDeferredValue(useFleetState());
  return (
    <DriverScreenFrame syncStatus={syncStatus}>
      <SharingNotice state={sharing} />
      {jobs === undefined ? (
        <Text c="dimmed">{DRIVER_TEXT.loading}</Text>
      ) : jobs.length === 0 ? (
        <DriverNoJobs />
      ) : (
        jobs.map((job) => (
          <DriverJobCard
            key={job.id}
            job={job}
            pending={pendingKeys.has(rowKey('jobs', job.id))}
            waiting={screen?.waiting.has(job.id) ?? false}
            driverName={driverName}
            fleet={fleet}
          />
        ))
      )}
      {/* Shifts and breaks under the jobs: the next step of a job stays in thumb reach. */}
      <ShiftPanel driverName={driverName} />
      {children}
    </DriverScreenFrame>
  );
}
