/**
 * The regulated records of WA's towing law as the exports read them (services/compliance-records.ts):
 * the crash tows, the yard's vehicles and events, complaints and occurrences, and the facts of
 * the jobs and signatures they name.
 */
import type {
  Complaint,
  CrashTow,
  Job,
  JobSignature,
  Occurrence,
  RecordSources,
  YardEvent,
  YardVehicle,
} from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { findRows } from '../rows';
import { statement } from '../statements';

/** Every regulated record the database holds (a towing business's are a few thousand a year). */
export function recordSources(db: Db): RecordSources {
  const crashTows = findRows<CrashTow>(db, 'crash_tows', {});
  const yardVehicles = findRows<YardVehicle>(db, 'yard_vehicles', {});
  const occurrences = findRows<Occurrence>(db, 'occurrences', {});
  const jobIds = new Set(
    [
      ...crashTows.map((tow) => tow.jobId),
      ...yardVehicles.map((vehicle) => vehicle.jobId),
      ...occurrences.map((occurrence) => occurrence.jobId),
    ].filter((id): id is string => id !== null),
  );
  const jobFacts = statement(
    db,
    'SELECT id, number, customerName, location FROM jobs WHERE id = ?',
  );
  const jobs = [...jobIds].map((id) => jobFacts.get(id)).filter(Boolean) as Pick<
    Job,
    'id' | 'number' | 'customerName' | 'location'
  >[];
  const signatures = statement(
    db,
    `SELECT jobId, document, signerName, signedAt FROM job_signatures
      WHERE jobId IN (SELECT jobId FROM crash_tows)`,
  ).all() as Pick<JobSignature, 'jobId' | 'document' | 'signerName' | 'signedAt'>[];
  return {
    jobs,
    crashTows,
    signatures,
    yardVehicles,
    yardEvents: findRows<YardEvent>(db, 'yard_events', {}),
    complaints: findRows<Complaint>(db, 'complaints', {}),
    occurrences,
  };
}

/** Every complaint of the register. */
export function allComplaints(db: Db): Complaint[] {
  return findRows<Complaint>(db, 'complaints', {});
}
