/**
 * What the compliance screens read: the yard's vehicles and their events, the complaints and the
 * notifiable occurrences, the crash tows and jobs a vehicle can be booked in from, all from this
 * device's database (so the owners work the yard with no signal), and the clock for countdowns.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { documentRef } from '@pilbara/shared-schema';
import type {
  Complaint,
  CrashTow,
  Job,
  Occurrence,
  YardEvent,
  YardVehicle,
} from '@pilbara/shared-schema';
import { db } from '../../sync';

export function useYard():
  { vehicles: YardVehicle[]; events: YardEvent[]; jobs: ReadonlyMap<string, Job> } | undefined {
  return useLiveQuery(async () => {
    const [vehicles, events, jobs] = await Promise.all([
      db.yard_vehicles.toArray(),
      db.yard_events.toArray(),
      db.jobs.toArray(),
    ]);
    return {
      jobs: new Map((jobs as Job[]).map((job) => [job.id, job])),
      vehicles: (vehicles as YardVehicle[]).sort((a, b) => b.timeIn.localeCompare(a.timeIn)),
      events: (events as YardEvent[]).sort((a, b) => a.at.localeCompare(b.at)),
    };
  }, []);
}

/** Jobs a vehicle can come into the yard from, with their crash tow when they are one. */
export function useBookableJobs(): { job: Job; tow: CrashTow | null }[] | undefined {
  return useLiveQuery(async () => {
    const [jobs, tows, stored] = await Promise.all([
      db.jobs.toArray(),
      db.crash_tows.toArray(),
      db.yard_vehicles.where('status').equals('stored').toArray(),
    ]);
    const towOf = new Map((tows as CrashTow[]).map((tow) => [tow.jobId, tow]));
    const inYard = new Set((stored as YardVehicle[]).map((vehicle) => vehicle.jobId));
    return (jobs as Job[])
      .filter((job) => !job.archivedAt && job.status !== 'Cancelled' && !inYard.has(job.id))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .map((job) => ({ job, tow: towOf.get(job.id) ?? null }));
  }, []);
}

export function useComplaints(): Complaint[] | undefined {
  return useLiveQuery(
    async () =>
      ((await db.complaints.toArray()) as Complaint[]).sort((a, b) =>
        b.receivedAt.localeCompare(a.receivedAt),
      ),
    [],
  );
}

export function useOccurrences(): Occurrence[] | undefined {
  return useLiveQuery(
    async () =>
      ((await db.occurrences.toArray()) as Occurrence[]).sort((a, b) =>
        b.occurredAt.localeCompare(a.occurredAt),
      ),
    [],
  );
}

/** The crash tow jobs, by key, with the reference people know them by. */
export function useCrashTowJobs(): { id: string; label: string }[] | undefined {
  return useLiveQuery(async () => {
    const tows = (await db.crash_tows.toArray()) as CrashTow[];
    const jobs = (await db.jobs.bulkGet(tows.map((tow) => tow.jobId))) as (Job | undefined)[];
    return tows
      .map((tow, index) => {
        const job = jobs[index];
        return {
          id: tow.jobId,
          label: job ? `${documentRef(job)} · ${job.customerName}` : tow.jobId,
        };
      })
      .sort((a, b) => b.label.localeCompare(a.label));
  }, []);
}

/** The time now as ISO text, again every `everyMs`: countdowns follow the clock. */
export function useNow(everyMs = 30_000): string {
  const [now, setNow] = useState(() => new Date().toISOString());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date().toISOString()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
