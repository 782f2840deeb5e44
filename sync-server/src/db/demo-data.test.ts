import { describe, expect, it } from 'vitest';
import { memoryDb as db, seedRow } from '../../test/helper';
import {
  ENTITY_NAMES,
  JOB_STATUSES,
  QUOTE_STATUSES,
  URGENT_CONTACT_SERVICE,
  entitySchemas,
  monthOf,
  previousMonth,
} from '@pilbara/shared-schema';
import { countRows, findRows } from './rows';
import { seedDemoData } from './demo-data';
import { mintTextId } from './id-series';
import { activeDrivers, findUserByUsername } from './repositories/users';
import { hasStatement, statementOf } from './repositories/accounts';

const now = new Date('2026-11-21T02:00:00Z');

describe('seedDemoData', () => {
  it('loads two trucks with history, jobs in every status, pending bookings, messages and quotes in every status', () => {
    const database = db();
    expect(seedDemoData(database, now)).toBe(true);
    const vehicles = findRows(database, 'vehicles');
    expect(vehicles).toHaveLength(2);
    for (const vehicle of vehicles) {
      expect(countRows(database, 'service_records', { vehicleId: vehicle.id })).toBeGreaterThan(0);
      expect(countRows(database, 'fuel_records', { vehicleId: vehicle.id })).toBeGreaterThan(0);
    }
    const jobStatuses = new Set(findRows(database, 'jobs').map((job) => job.status));
    expect([...jobStatuses].sort()).toEqual([...JOB_STATUSES].sort());
    expect(countRows(database, 'bookings', { status: 'pending' })).toBeGreaterThanOrEqual(2);
    expect(countRows(database, 'contact_submissions')).toBeGreaterThan(0);
    const emails = findRows<{ customerInfo: { service: string } }>(database, 'emails');
    expect(emails.some((email) => email.customerInfo.service === URGENT_CONTACT_SERVICE)).toBe(
      true,
    );
    const quoteStatuses = new Set(findRows(database, 'quotes').map((quote) => quote.status));
    expect([...quoteStatuses].sort()).toEqual([...QUOTE_STATUSES].sort());
  });

  it('writes only rows that the shared entity schemas accept', () => {
    const database = db();
    seedDemoData(database, now);
    for (const name of ENTITY_NAMES) {
      for (const row of findRows(database, name)) {
        const result = entitySchemas[name].safeParse(row);
        expect(result.success, `${name} ${JSON.stringify(row)} ${result.error?.message}`).toBe(
          true,
        );
      }
    }
  });

  it('prices quotes in cents by the location rule: 270 × 1.4 less 10 % is 34020', () => {
    const database = db();
    seedDemoData(database, now);
    const quote = findRows(database, 'quotes', { status: 'sent' })[0];
    expect(quote).toMatchObject({
      itemsSubtotal: 27000,
      basePrice: 37800,
      discountAmount: 3780,
      finalPrice: 34020,
    });
  });

  it('gives every job a status history in job_updates', () => {
    const database = db();
    seedDemoData(database, now);
    for (const job of findRows<{ id: string; status: string }>(database, 'jobs')) {
      const updates = findRows<{ status: string }>(database, 'job_updates', { jobId: job.id });
      expect(updates.length).toBeGreaterThan(0);
      expect(updates.at(-1)?.status).toBe(job.status);
    }
  });

  it('advances the id series past the demo rows', () => {
    const database = db();
    seedDemoData(database, now);
    const jobs = countRows(database, 'jobs');
    expect(mintTextId(database, 'JOB', now)).toBe(`JOB-2026-P${jobs + 1}`);
  });

  it('numbers every series in the order its documents were made, with no gaps', () => {
    const database = db();
    seedDemoData(database, now);
    for (const table of ['jobs', 'quotes', 'invoices', 'credit_notes'] as const) {
      const rows = findRows<{ number: string; createdAt: string }>(
        database,
        table,
        {},
        {
          orderBy: 'createdAt',
        },
      );
      expect(rows.length, table).toBeGreaterThan(0);
      const numbers = rows.map((row) => Number(row.number.split('-').at(-1)));
      expect(numbers, table).toEqual(rows.map((_, index) => index + 1));
    }
  });

  it('never loads into a database that already has data, nor twice', () => {
    const database = db();
    expect(seedDemoData(database, now)).toBe(true);
    const jobs = countRows(database, 'jobs');
    expect(seedDemoData(database, now)).toBe(false);
    expect(countRows(database, 'jobs')).toBe(jobs);

    const other = db();
    seedRow(other, 'bookings', {
      id: 'BKG-2026-1',
      customerName: 'A B',
      phone: '0400000000',
      email: 'a@example.com',
      service: 'Lockout Service',
      location: 'Karratha',
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    expect(seedDemoData(other, now)).toBe(false);
    expect(countRows(other, 'jobs')).toBe(0);
  });
});

describe('seedDemoData drivers', () => {
  it('assigns jobs to the configured co-owners', () => {
    const database = db();
    seedDemoData(database, now, { drivers: ['Jo Brown', 'Kim Green'] });
    const assigned = new Set(
      findRows<{ assignedTo: string | null }>(database, 'jobs').map((job) => job.assignedTo),
    );
    expect(assigned).toContain('Jo Brown');
    expect(assigned).toContain('Kim Green');
    const drivers = new Set(
      findRows<{ driver: string | null }>(database, 'fuel_records').map((record) => record.driver),
    );
    expect([...drivers].sort()).toEqual(['Jo', 'Kim']);
  });

  it('makes the two drivers accounts whose names are the ones the jobs are assigned to', () => {
    const database = db();
    seedDemoData(database, now, { drivers: ['Sam Taylor', 'Alex Morgan'] });
    const drivers = activeDrivers(database).map((driver) => driver.name);
    expect(drivers).toEqual(['Alex Morgan', 'Sam Taylor']);
    const assigned = new Set(findRows(database, 'jobs').map((job) => job.assignedTo));
    for (const name of drivers) expect(assigned.has(name), name).toBe(true);
    // No known password ships with the demo: an admin sets one before a driver can sign in.
    expect(findUserByUsername(database, 'sam', 'staff')?.password).toMatch(/^unset\$/);
  });

  it('refuses a role outside customer, driver and admin (migration 0010)', () => {
    const database = db();
    const insert = (role: string) =>
      database
        .prepare(
          "INSERT INTO users (username, password, role, createdAt, updatedAt) VALUES (?, 'x', ?, '2026-01-01', '2026-01-01')",
        )
        .run(`u-${role}`, role);
    for (const role of ['customer', 'driver', 'admin']) insert(role);
    expect(() => insert('superuser')).toThrow(/unknown role/);
    expect(() =>
      database.prepare("UPDATE users SET role = 'owner' WHERE username = 'u-driver'").run(),
    ).toThrow(/unknown role/);
  });

  it('has a mine site, a fleet and a roadside club, each with jobs, invoices and a statement', () => {
    const database = db();
    seedDemoData(database, now);
    const accounts = findRows<{ id: number; type: string; name: string }>(database, 'accounts');
    expect(accounts.map((account) => account.type).sort()).toEqual([
      'fleet',
      'mine-site',
      'roadside-club',
    ]);
    for (const account of accounts) {
      expect(countRows(database, 'jobs', { accountId: account.id })).toBeGreaterThan(0);
      expect(countRows(database, 'invoices', { accountId: account.id })).toBeGreaterThan(0);
      const lastMonth = previousMonth(monthOf(now.toISOString()));
      expect(hasStatement(statementOf(database, account.id, lastMonth)), account.name).toBe(true);
    }
    // The mine's newest job waits for its PO; the club has its own price list.
    const mine = accounts.find((account) => account.type === 'mine-site');
    expect(
      findRows<{ poNumber: string | null }>(database, 'jobs', { accountId: mine?.id }).some(
        (job) => job.poNumber === null,
      ),
    ).toBe(true);
    const club = accounts.find((account) => account.type === 'roadside-club');
    expect(countRows(database, 'price_lists', { accountId: club?.id })).toBe(1);
  });
});
