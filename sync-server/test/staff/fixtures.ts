/**
 * Seed rows for the staff API tests, written straight into the database the way the public
 * routes and demo data would leave them (then logged, as every synced row must be).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { checklistFor, type Job } from '@pilbara/shared-schema';
import {
  aJob,
  aNewVehicleRow,
  expenseAddArgs,
  fuelAddArgs,
  LITTLE_BLUE,
  mileageAddArgs,
  NEW_JOB,
  quoteSaveArgs,
  serviceAddArgs,
} from '@pilbara/shared-schema/testing';
import { TEST_PASSWORD_COST, onTestEnd, seedRow, tempDir, type TestApp } from '../helper';
import { openDatabase, type Db } from '../../src/db/connection';
import { migrate } from '../../src/db/migrate';
import { createUser } from '../../src/db/repositories/users';

export const T0 = '2026-11-20T08:00:00.000Z';

/**
 * A migrated database in a temporary file, closed when the test ends, with admin accounts:
 * user 1 `admin`, then one for each of `moreAdmins` (2, 3, …), all stamped `now`.
 */
export function freshAdminDb(now: string, moreAdmins: string[] = []): Db {
  const db = openDatabase(path.join(tempDir(), 'test.sqlite'));
  onTestEnd(() => db.close());
  migrate(db);
  const insert = db.prepare(
    "INSERT INTO users (id, username, password, role, createdAt, updatedAt) VALUES (?, ?, 'x', 'admin', ?, ?)",
  );
  ['admin', ...moreAdmins].forEach((username, i) => insert.run(i + 1, username, now, now));
  return db;
}

/** A job row as the staff tests seed it: the shared test job, no email or tracking link. */
export function jobRow(now: string, overrides: Partial<Job> = {}): Job {
  return aJob({ email: null, trackingToken: null, createdAt: now, updatedAt: now, ...overrides });
}

/** The fleet's heavy recovery truck, vehicle 1. */
export const BIG_RED = aNewVehicleRow({ vin: 'VIN0001' });

/** A pending booking, a job in each useful status, a contact message, a vehicle and a quote. */
export function seedStaffData(app: TestApp): void {
  const db = app.db;
  seedRow(db, 'bookings', {
    id: 'BKG-2026-1',
    customerName: 'Sam Lee',
    phone: '0498765432',
    email: 'sam@example.com',
    service: '4x4 Recovery',
    location: 'Millstream Rd',
    preferredDate: '2026-11-22',
    preferredTime: '08:30 AM',
    urgency: 'scheduled',
    description: 'Bogged in a creek crossing',
    vehicleDetails: null,
    status: 'pending',
    createdAt: T0,
    updatedAt: T0,
  });
  seedRow(db, 'bookings', {
    id: 'BKG-2026-2',
    customerName: 'Kim Ng',
    phone: '0400111222',
    email: 'kim@example.com',
    service: 'Emergency Towing',
    location: 'North West Coastal Hwy',
    preferredDate: '2026-11-23',
    preferredTime: '09:00 AM',
    urgency: 'emergency',
    description: 'Rolled trailer blocking a lane',
    vehicleDetails: null,
    status: 'pending',
    createdAt: T0,
    updatedAt: T0,
  });
  for (const [id, status, progress] of [
    ['JOB-2026-1', 'Assigned', 0],
    ['JOB-2026-2', 'In Progress', 50],
    ['JOB-2026-3', 'Completed', 100],
  ] as const) {
    seedRow(db, 'jobs', jobRow(T0, { id, status, progress }));
  }
  seedRow(db, 'emails', {
    id: 1,
    to: 'office@example.com',
    subject: 'URGENT: Emergency Towing',
    htmlContent: '<p>Help</p>',
    customerInfo: {
      name: 'Jo',
      phone: '0400',
      email: 'jo@example.com',
      service: 'Emergency Towing',
      message: 'Help',
    },
    timestamp: T0,
    sent: true,
  });
  seedRow(db, 'vehicles', BIG_RED);
  // Two open minor defects of Big Red: one for the resolve call, one for the service
  // record that resolves it.
  for (const [id, itemKey, title, note] of [
    [1, 'first_aid', 'First-aid kit', 'Burn gel used up'],
    [2, 'lights', 'Lights and beacons', 'Left beacon cracked'],
  ] as const) {
    seedRow(db, 'vehicle_defects', {
      id,
      vehicleId: 1,
      checkId: null,
      itemKey,
      title,
      severity: 'minor',
      note,
      photos: [],
      status: 'open',
      raisedAt: T0,
      raisedBy: 1,
      raisedByName: 'Admin',
      vehicleStatusBefore: null,
      resolvedAt: null,
      resolvedBy: null,
      resolution: null,
      serviceRecordId: null,
      resolutionNote: null,
      updatedAt: T0,
    });
  }
  // Two drafts of $75: an invoice is raised from the first below, the second may still be
  // deleted.
  for (const id of ['Q-2026-1', 'Q-2026-2']) {
    seedRow(db, 'quotes', {
      id,
      customerName: 'Dana Reid',
      customerPhone: '0412345678',
      items: [
        {
          id: 'i1',
          description: 'Call-out Fee',
          quantity: 1,
          unitPrice: 7500,
          total: 7500,
          category: 'misc',
        },
      ],
      itemsSubtotal: 7500,
      basePrice: 7500,
      finalPrice: 7500,
      validUntil: '2026-12-04T08:00:00.000Z',
      status: 'draft',
      createdAt: T0,
      updatedAt: T0,
    });
  }
  seedRow(db, 'invoices', {
    id: 'INV-2026-1',
    quoteId: 'Q-2026-1',
    customerName: 'Dana Reid',
    amount: 7500,
    lineItems: [],
    createdAt: T0,
    updatedAt: T0,
  });
  // A driver account (user 2, after the configured admin): Sam Taylor.
  createUser(
    db,
    {
      username: DRIVER.username,
      passwordHash: DRIVER_HASH,
      firstName: 'Sam',
      lastName: 'Taylor',
      role: 'driver',
    },
    new Date(T0),
  );
}

/** The driver seedStaffData adds, and the name their jobs are assigned under. */
export const DRIVER = { id: 2, username: 'sam', password: 'driver-password-1', name: 'Sam Taylor' };
/** Another driver's name, whose jobs Sam must never see. */
export const OTHER_DRIVER = 'Alex Morgan';

/** The driver's password hash in the server's format, made once at the test cost. */
const DRIVER_HASH = (() => {
  const { N, r, p } = TEST_PASSWORD_COST;
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(DRIVER.password, salt, 64, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
})();

/**
 * Two more jobs for the driver tests, each with a history row: JOB-2026-4 assigned to Sam's
 * account (the seeded driver) and JOB-2026-5 to another driver's name, which no account of
 * this database has (so it stays with the admins). JOB-2026-1 stays unassigned.
 */
export function seedDriverJobs(app: TestApp): void {
  const db = app.db;
  for (const [id, assignedTo, assignedDriverId, updateId] of [
    ['JOB-2026-4', DRIVER.name, DRIVER.id, 401],
    ['JOB-2026-5', OTHER_DRIVER, null, 501],
  ] as const) {
    seedRow(
      db,
      'jobs',
      {
        id,
        customerName: 'Robin Hale',
        phone: '0411222333',
        email: null,
        status: 'Assigned',
        service: 'Emergency Towing',
        location: 'Roebourne',
        estimatedArrival: null,
        progress: 0,
        assignedTo,
        assignedDriverId,
        notes: null,
        createdAt: T0,
        updatedAt: T0,
      },
      T0,
    );
    seedRow(
      db,
      'job_updates',
      {
        id: updateId,
        jobId: id,
        message: `Assigned to ${assignedTo}`,
        status: 'Assigned',
        createdAt: T0,
      },
      T0,
    );
  }
}

/** A valid body for each staff write, to vary in the bad-input and authorization tests. */
export const VALID_BODIES = {
  /** A pre-start check of Big Red with every item passed. */
  prestartCheck: {
    vehicleId: 1,
    checkedAt: '2026-11-21T09:00:00.000Z',
    checkedByName: 'Sam Taylor',
    odometer: 50100,
    items: checklistFor('Heavy Recovery').map((item) => ({ key: item.key, result: 'pass' })),
  },
  defectFixed: { resolution: 'fixed', note: 'New burn gel packed' },
  jobVehicle: { vehicleId: 1 },
  job: NEW_JOB,
  quote: quoteSaveArgs(),
  vehicle: {
    ...LITTLE_BLUE,
    mileage: 1000,
    serviceInterval: 10000,
    fuelType: 'Diesel',
    modifications: [],
    specialFeatures: [],
    status: 'Excellent',
    isActive: true,
  },
  serviceRecord: serviceAddArgs(),
  fuelRecord: {
    ...fuelAddArgs({ odometerReading: 50500 }),
    dateTime: '2026-11-21T09:00:00.000Z',
    fillType: 'Full',
    driver: 'Jack',
    notes: null,
  },
  mileageRecord: mileageAddArgs(),
  fleetExpense: expenseAddArgs(),
  preference: { customerEmail: 'sam@example.com', smsEnabled: false },
  /** A device's push of one status step on the first seeded job. */
  syncPush: {
    clientId: 'device-x',
    mutations: [
      {
        seq: 1,
        mutationId: 'm1',
        name: 'job.markEnRoute',
        args: { id: 'JOB-2026-1', updateId: 900 },
        createdAt: '2026-11-21T10:00:00Z',
      },
    ],
  },
  syncLease: { clientId: 'device-x', series: 'JOB-2026', size: 50 },
  staff: {
    username: 'jo.driver',
    password: 'driver-password-2',
    firstName: 'Jo',
    lastName: 'Kerr',
    email: 'jo@example.com',
    role: 'driver',
  },
} as const;
