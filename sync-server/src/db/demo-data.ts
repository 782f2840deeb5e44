/**
 * Demo data for the start command's embedded default: two trucks with service and fuel
 * history, jobs in every status, pending bookings, contact messages, quotes in every status, and
 * five months of tax invoices (paid, part paid, unpaid, one corrected by a credit note) so the
 * billing reports have something to show. Loaded only into an empty database (no jobs, bookings,
 * quotes or vehicles yet), never by tests unless a test asks. Ids come from the id series, so
 * devices' leases start after them. Every price, invoice, payment and credit comes from the
 * shared rules (buildQuote, raiseInvoice, applyPayment, issueCreditNote), in integer cents.
 *
 * The records themselves are data files beside this loader (demo/fleet.json, jobs.json,
 * sales.json): names, places, prices in cents, and times as days or hours before now. Drivers
 * are named by their place in `drivers` (`driver1`, `driver2`, or 0 and 1), so the demo follows
 * the business profile's owners. This module mints the ids, dates the rows from `now` and runs
 * the shared rules.
 */
import {
  DEFAULT_BUSINESS_PROFILE,
  URGENT_CONTACT_SERVICE,
  type JobStatus,
} from '@pilbara/shared-schema';
import crypto from 'node:crypto';
import type { Db } from './connection';
import { createUser, findUserByUsername } from './repositories/users';
import { countRows, putRow } from './rows';
import { mintIntegerId, mintTextId } from './id-series';
import { DAY, HOUR, demoContext } from './demo/context';
import { seedFleet } from './demo/fleet';
import { seedSales } from './demo/sales';
import { seedAccounts, type TimedWrite } from './demo/accounts';
import jobsData from './demo/jobs.json' with { type: 'json' };

/** Whether the database holds no business data yet. */
function isEmptyDatabase(db: Db): boolean {
  return (['jobs', 'bookings', 'quotes', 'vehicles', 'contact_submissions'] as const).every(
    (table) => countRows(db, table) === 0,
  );
}

const PROGRESS: Record<JobStatus, number> = {
  Assigned: 0,
  'En Route': 25,
  'In Progress': 50,
  Completed: 100,
  Cancelled: 0,
  Emergency: 0,
  Scheduled: 0,
};

/** Status path a job took to reach its demo status, for its job_updates history. */
const HISTORY: Record<JobStatus, JobStatus[]> = {
  Assigned: ['Assigned'],
  'En Route': ['Assigned', 'En Route'],
  'In Progress': ['Assigned', 'En Route', 'In Progress'],
  Completed: ['Assigned', 'En Route', 'In Progress', 'Completed'],
  Cancelled: ['Assigned', 'Cancelled'],
  Emergency: ['Emergency'],
  Scheduled: ['Scheduled'],
};

/** A job of today's list. */
interface DemoJob {
  status: JobStatus;
  name: string;
  phone: string;
  service: string;
  location: string;
  /** `driver1`, `driver2`, `Both`, or null for nobody yet. */
  assignedTo: string | null;
  hoursAgo: number;
}

// The data file, read as the type above (its words are checked by demo-data.test.ts).
const TODAYS_JOBS = jobsData.today as DemoJob[];

export interface DemoOptions {
  /** The two drivers (the co-owners) jobs are assigned to; default the placeholder profile's. */
  drivers?: readonly [string, string];
}

/** Seeds the demo records when the database is empty; returns whether it did. */
export function seedDemoData(db: Db, now: Date, options: DemoOptions = {}): boolean {
  if (!isEmptyDatabase(db)) return false;
  const [sam, alex] = options.drivers ?? [
    DEFAULT_BUSINESS_PROFILE.owners[0]?.name ?? 'Driver 1',
    DEFAULT_BUSINESS_PROFILE.owners[1]?.name ?? 'Driver 2',
  ];
  const ctx = demoContext(db, now, [sam, alex]);
  const { at, dateOnly, put } = ctx;

  db.transaction(() => {
    // The two drivers as driver accounts: jobs are assigned to the accounts, under
    // their names. They cannot sign in until an admin sets their password (Staff), so a demo
    // never ships a known password.
    const driverIds = new Map<string, number>();
    for (const name of [sam, alex]) {
      const [first = name, ...rest] = name.split(' ');
      const username = first.toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'driver';
      const existing = findUserByUsername(db, username, 'staff');
      const driver =
        existing ??
        createUser(
          db,
          {
            username,
            passwordHash: `unset$${crypto.randomBytes(16).toString('base64url')}`,
            firstName: first,
            lastName: rest.join(' ') || null,
            role: 'driver',
          },
          now,
        );
      if (driver.role === 'driver' && !driverIds.has(name)) driverIds.set(name, driver.id);
    }
    /** The account a demo job's driver name stands for (none for `Both` or nobody). */
    const driverIdOf = (name: string | null) => (name ? (driverIds.get(name) ?? null) : null);

    seedFleet(ctx);
    // The accounts (a mine site, a fleet, a roadside club); their jobs, quotes and invoices are
    // stored below among the others, in time order.
    const accountWrites = seedAccounts(ctx);

    // Eleven weeks of finished work before this one: the reports' jobs per week and
    // response-time trend have a history to draw. Written first, oldest first, so the job
    // numbers follow the order the jobs were taken on; archived, so the job list shows today's.
    const MINUTE = 60 * 1000;
    const WEEK = 7 * DAY;
    const { services: PAST_SERVICES, places: PAST_PLACES, perWeek } = jobsData.pastWeeks;
    const pastJobs: TimedWrite[] = [...accountWrites.jobs];
    for (let week = perWeek.length; week >= 1; week -= 1) {
      const count = perWeek[perWeek.length - week] ?? 2;
      for (let n = 0; n < count; n += 1) {
        const start = -week * WEEK + (n * 37 + 9) * HOUR;
        pastJobs.push({ at: start, write: () => writePastJob(week, n, start) });
      }
    }
    for (const job of pastJobs.sort((a, b) => a.at - b.at)) job.write();

    function writePastJob(week: number, n: number, start: number): void {
      const response = 25 + ((week * 7 + n * 13) % 55);
      const id = mintTextId(db, 'JOB', now);
      const service = PAST_SERVICES[(week + n) % PAST_SERVICES.length] ?? 'Emergency Towing';
      const steps: [JobStatus, number][] = [
        ['Assigned', 0],
        ['En Route', 5 * MINUTE],
        ['In Progress', response * MINUTE],
        ['Completed', (response + 70) * MINUTE],
      ];
      put(db, 'jobs', {
        id,
        customerName: `Past Customer ${week}-${n + 1}`,
        phone: `0433 ${String(100 + week).padStart(3, '0')} ${String(200 + n).padStart(3, '0')}`,
        email: null,
        status: 'Completed',
        service,
        location: PAST_PLACES[(week * 3 + n) % PAST_PLACES.length] ?? 'Karratha',
        estimatedArrival: null,
        progress: 100,
        assignedTo: n % 2 === 0 ? sam : alex,
        assignedDriverId: driverIdOf(n % 2 === 0 ? sam : alex),
        notes: null,
        archivedAt: at(start + 2 * DAY),
        createdAt: at(start),
        updatedAt: at(start + 2 * DAY),
      });
      for (const [status, after] of steps) {
        put(db, 'job_updates', {
          id: mintIntegerId(db, 'job_updates'),
          jobId: id,
          message:
            status === 'Assigned' ? `Job created: ${service}` : `Status changed to ${status}`,
          status,
          createdAt: at(start + after),
        });
      }
    }

    // Jobs in every status, each with its status history.
    const driverNamed = (name: string | null) =>
      name === 'driver1' ? sam : name === 'driver2' ? alex : name;
    const jobs = TODAYS_JOBS.map((job) => ({ ...job, assignedTo: driverNamed(job.assignedTo) }));
    const jobIds: string[] = [];
    // Stored oldest first, so the job numbers the server gives follow the order they were made
    // in, as an accountant expects of every series; `jobIds` keeps the list's order.
    const oldestFirst = jobs
      .map((job, index) => ({ job, index }))
      .sort((a, b) => b.job.hoursAgo - a.job.hoursAgo);
    for (const { job, index } of oldestFirst) {
      const createdAt = at(-job.hoursAgo * HOUR);
      const id = mintTextId(db, 'JOB', now);
      jobIds[index] = id;
      const history = HISTORY[job.status];
      const updatedAt = at(-job.hoursAgo * HOUR + (history.length - 1) * 15 * 60 * 1000);
      put(db, 'jobs', {
        id,
        customerName: job.name,
        phone: job.phone,
        email: `${job.name.split(' ')[0]!.toLowerCase()}@example.com`,
        status: job.status,
        service: job.service,
        location: job.location,
        // Nothing set by hand: the shared rule gives each job its estimate from the distance.
        estimatedArrival: null,
        progress: PROGRESS[job.status],
        assignedTo: job.assignedTo,
        assignedDriverId: driverIdOf(job.assignedTo),
        notes: null,
        createdAt,
        updatedAt,
      });
      history.forEach((status, step) => {
        put(db, 'job_updates', {
          id: mintIntegerId(db, 'job_updates'),
          jobId: id,
          message: step === 0 ? `Job created: ${job.service}` : `Status changed to ${status}`,
          status,
          createdAt: at(-job.hoursAgo * HOUR + step * 15 * 60 * 1000),
        });
      });
    }

    // Pending bookings.
    const bookings = jobsData.bookings;
    for (const booking of bookings) {
      const stamp = at(-2 * HOUR);
      put(db, 'bookings', {
        id: mintTextId(db, 'BKG', now),
        customerName: booking.name,
        phone: booking.phone,
        email: `${booking.name.split(' ')[0]!.toLowerCase()}@example.com`,
        service: booking.service,
        location: booking.location,
        preferredDate: dateOnly(booking.days * DAY),
        preferredTime: booking.time,
        urgency: booking.urgency,
        description: `Please help with ${booking.service.toLowerCase()} at ${booking.location}.`,
        vehicleDetails: 'Toyota Hilux 2019, white',
        status: 'pending',
        createdAt: stamp,
        updatedAt: stamp,
      });
    }

    // Contact messages, one urgent.
    const contacts = jobsData.contacts.map(({ urgent, ...contact }) => ({
      ...contact,
      service: urgent ? URGENT_CONTACT_SERVICE : (contact.service ?? 'General Inquiry'),
    }));
    contacts.forEach((contact, n) => {
      const stamp = at(-(n + 1) * 5 * HOUR);
      const email = `${contact.first.toLowerCase()}@example.com`;
      putRow(db, 'contact_submissions', {
        id: mintIntegerId(db, 'contact_submissions'),
        firstName: contact.first,
        lastName: contact.last,
        phone: contact.phone,
        email,
        serviceNeeded: contact.service,
        message: contact.message,
        createdAt: stamp,
      });
      const urgent = contact.service === URGENT_CONTACT_SERVICE;
      put(db, 'emails', {
        id: mintIntegerId(db, 'emails'),
        to: 'jobs@example.com',
        subject: `${urgent ? 'URGENT: ' : ''}New contact message from ${contact.first} ${contact.last} (${contact.service})`,
        htmlContent: `<p>${contact.message}</p>`,
        customerInfo: {
          name: `${contact.first} ${contact.last}`,
          phone: contact.phone,
          email,
          service: contact.service,
          message: contact.message,
        },
        timestamp: stamp,
        sent: n !== 2,
      });
    });

    seedSales(ctx, jobIds[3] as string, accountWrites);

    // The completed job has been rated.
    const { hoursAgo, ...rating } = jobsData.feedback;
    put(db, 'feedback', {
      id: mintIntegerId(db, 'feedback'),
      jobId: jobIds[3],
      ...rating,
      improvements: null,
      createdAt: at(-hoursAgo * HOUR),
    });
  }).immediate();
  return true;
}
