/**
 * Builds the database of a decade of a busy depot, in seconds: by default 100,000
 * jobs, 300,000 job updates, 100,000 fuel records and 100,000 quotes over ten years, with 12
 * trucks.
 *
 * Every row is written the way the server writes it, through the change log (`putLogged`: the
 * row codec and its log entry), so the file is what a server that ran for ten years leaves
 * behind with its log compacted (one entry per row; superseded versions gone). The start-up
 * safety net's marks are moved to the top, as the first start after the upgrade leaves them
 * (`logUnloggedRows`, which finds nothing here). Durability is off while seeding only.
 *
 * The decade ends at the hour the seed runs, and only its last few days' jobs are still open, as
 * at a real depot: a new device signing in to it (bench/new-device) finds today's work at the end
 * of ten years of finished jobs, and a window of "the last 90 days" holds what a real one would.
 *
 * `pnpm --dir sync-server exec tsx ../bench/scale/seed.ts <file>` builds one on its own.
 */
import { openDatabase } from '../../sync-server/src/db/connection';
import { migrate } from '../../sync-server/src/db/migrate';
import { logUnloggedRows, putLogged } from '../../sync-server/src/db/change-log';
import { createUser } from '../../sync-server/src/db/repositories/users';
import type { Row, SyncedTable } from '@pilbara/shared-schema';

export interface DepotSizes {
  jobs: number;
  jobUpdates: number;
  fuelRecords: number;
  quotes: number;
  vehicles: number;
}

export const DECADE: DepotSizes = {
  jobs: 100_000,
  jobUpdates: 300_000,
  fuelRecords: 100_000,
  quotes: 100_000,
  vehicles: 12,
};

const SERVICES = [
  'Emergency Towing',
  '4x4 Recovery',
  'Mobile Mechanic',
  'Tyre Change',
  'Jump Start',
];
const PLACES = ['Karratha', 'Dampier', 'Roebourne', 'Wickham', 'Port Hedland', 'Tom Price'];
/** Statuses of the jobs of the last {@link OPEN_DAYS} days, in turn; older jobs are finished. */
const OPEN_STATUSES = [
  'Assigned',
  'En Route',
  'In Progress',
  'Scheduled',
  'Emergency',
  'Completed',
];
const FINISHED_STATUSES = [
  'Completed',
  'Completed',
  'Completed',
  'Completed',
  'Completed',
  'Cancelled',
];
/** How many days back jobs may still be open. */
const OPEN_DAYS = 2;
/** The depot's drivers, each a driver account whose jobs carry its id, as the server assigns. */
export const DRIVERS = [
  { name: 'Sam Taylor', username: 'sam' },
  { name: 'Alex Morgan', username: 'alex' },
  { name: 'Kim Ng', username: 'kim' },
] as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Seeds `file` (a fresh path) and returns the seconds it took and the rows per table. */
export function seedDecade(file: string, sizes: DepotSizes = DECADE) {
  const started = performance.now();
  const END = Math.floor(Date.now() / HOUR) * HOUR;
  const START = END - 3652 * DAY;
  const SPAN = END - START;
  const db = openDatabase(file);
  migrate(db);
  db.pragma('synchronous = OFF');
  const at = (i: number, of: number) => new Date(START + Math.floor((SPAN * i) / of)).toISOString();
  /** `count` rows of `table`, the i-th written at its share of the decade. */
  const seedSpread = (table: SyncedTable, count: number, row: (i: number, when: string) => Row) => {
    for (let i = 0; i < count; i++) {
      const when = at(i, count);
      putLogged(db, table, row(i, when), when);
    }
  };
  db.transaction(() => {
    // The drivers' accounts, made as the Staff screen makes them but with no password (an admin
    // sets one before they can sign in, as for the demo's drivers): a driver's device is sent the
    // jobs whose `assignedDriverId` is their account, and the name is only what people read.
    const driverIds = DRIVERS.map((driver) => {
      const [firstName = driver.name, ...rest] = driver.name.split(' ');
      return createUser(
        db,
        {
          username: driver.username,
          passwordHash: `unset$${driver.username}`,
          firstName,
          lastName: rest.join(' ') || null,
          role: 'driver',
        },
        new Date(START),
      ).id;
    });
    for (let v = 1; v <= sizes.vehicles; v++) {
      putLogged(
        db,
        'vehicles',
        {
          id: v,
          name: `Truck ${v}`,
          make: 'Isuzu',
          model: 'FVZ',
          year: 2014 + (v % 10),
          registration: `1PIL-${String(v).padStart(3, '0')}`,
          type: v % 3 === 0 ? '4x4 Recovery' : 'Heavy Recovery',
          status: 'active',
          mileage: 100_000 + v * 1000,
          serviceInterval: 10_000,
          createdAt: at(0, 1),
          updatedAt: at(0, 1),
        },
        at(0, 1),
      );
    }
    /** The next number of each id series (`JOB-2026`), numbered in order as the server does. */
    const numbers = new Map<string, number>();
    const nextId = (prefix: string, when: string) => {
      const series = `${prefix}-${when.slice(0, 4)}`;
      const n = (numbers.get(series) ?? 0) + 1;
      numbers.set(series, n);
      return `${series}-${n}`;
    };
    const jobIds: string[] = [];
    seedSpread('jobs', sizes.jobs, (i, when) => {
      const id = nextId('JOB', when);
      jobIds.push(id);
      const open = START + (SPAN * i) / sizes.jobs >= END - OPEN_DAYS * DAY;
      const statuses = open ? OPEN_STATUSES : FINISHED_STATUSES;
      const status = statuses[i % statuses.length] ?? 'Completed';
      return {
        id,
        customerName: `Customer ${i}`,
        phone: `04${String(10_000_000 + (i % 89_999_999)).padStart(8, '0')}`,
        email: i % 4 === 0 ? `customer${i}@example.com` : null,
        status,
        service: SERVICES[i % SERVICES.length],
        location: PLACES[i % PLACES.length],
        estimatedArrival: '45 minutes',
        progress: status === 'Completed' ? 100 : status === 'In Progress' ? 50 : 0,
        assignedTo: DRIVERS[i % DRIVERS.length]?.name ?? null,
        assignedDriverId: driverIds[i % DRIVERS.length] ?? null,
        notes: i % 7 === 0 ? 'Gate code 4471; ring the site office first.' : null,
        trackingToken: `seed-${i.toString(36).padStart(8, '0')}-${'t'.repeat(16)}`,
        createdAt: when,
        updatedAt: when,
      };
    });
    seedSpread('job_updates', sizes.jobUpdates, (i, when) => ({
      id: i + 1,
      jobId: jobIds[Math.floor((i * jobIds.length) / sizes.jobUpdates)],
      message: i % 3 === 0 ? 'Driver on the way' : i % 3 === 1 ? 'On site' : 'Job completed',
      status: i % 3 === 0 ? 'En Route' : i % 3 === 1 ? 'In Progress' : 'Completed',
      createdAt: when,
    }));
    seedSpread('fuel_records', sizes.fuelRecords, (i, when) => ({
      id: i + 1,
      vehicleId: (i % sizes.vehicles) + 1,
      dateTime: when,
      location: PLACES[i % PLACES.length],
      fuelType: 'Diesel',
      liters: 60_000 + (i % 40) * 1000,
      pricePerLiter: 190 + (i % 40),
      totalCost: 12_000 + (i % 400) * 10,
      odometerReading: 100_000 + i * 50,
      fillType: 'Full',
      createdAt: when,
    }));
    seedSpread('quotes', sizes.quotes, (i, when) => ({
      id: nextId('Q', when),
      customerName: `Quote customer ${i}`,
      customerPhone: '0412345678',
      service: SERVICES[i % SERVICES.length],
      fromLocation: 'Karratha',
      toLocation: PLACES[i % PLACES.length],
      distance: 40 + (i % 300),
      items: [{ name: 'Tow truck callout', category: 'Towing', price: 25_000, quantity: 1 }],
      itemsSubtotal: 25_000,
      basePrice: 25_000,
      finalPrice: 25_000,
      validUntil: new Date(Date.parse(when) + 30 * DAY).toISOString().slice(0, 10),
      status: i % 2 ? 'accepted' : 'sent',
      createdAt: when,
      updatedAt: when,
    }));
  })();
  // What the first start after the upgrade does once; it finds every row logged.
  const unlogged = logUnloggedRows(db, new Date().toISOString());
  if (unlogged !== 0) throw new Error(`seeding left ${unlogged} rows out of the log`);
  db.pragma('synchronous = FULL');
  const tables = ['jobs', 'job_updates', 'fuel_records', 'quotes', 'changes'] as const;
  const counts = Object.fromEntries(
    tables.map((table) => [
      table,
      (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n,
    ]),
  ) as Record<(typeof tables)[number], number>;
  db.close();
  return { seconds: (performance.now() - started) / 1000, counts };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: seed.ts <database file>');
  console.log(seedDecade(file));
}
