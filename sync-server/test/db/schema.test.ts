import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ENTITY_NAMES, entitySchemas } from '@pilbara/shared-schema';
import { openDatabase } from '../../src/db/connection';
import { readMigrations } from '../../src/db/migrate';
import { TABLES } from '../../src/db/tables';
import { memoryDb, onTestEnd } from '../helper';

describe('0001_init schema against shared-schema entities', () => {
  it('has a table for every entity and row-codec metadata for every table', () => {
    expect(Object.keys(TABLES).sort()).toEqual([...ENTITY_NAMES].sort());
  });

  it.each(ENTITY_NAMES)(
    '%s has a column for every entity field, and only nullable extras',
    (name) => {
      const db = memoryDb();
      const info = db.prepare(`PRAGMA table_info("${name}")`).all() as {
        name: string;
        notnull: number;
        pk: number;
      }[];
      const fields = Object.keys(entitySchemas[name].shape);
      expect(fields.filter((field) => !info.some((column) => column.name === field))).toEqual([]);
      // Later migrations may add server-only columns; a row written from an entity must still fit.
      const extras = info.filter((column) => !fields.includes(column.name));
      expect(extras.filter((column) => column.notnull === 1 || column.pk === 1)).toEqual([]);
    },
  );

  /** Entity fields later migrations added to the data definitions' tables. */
  const ADDED_AFTER_INIT: Partial<Record<(typeof ENTITY_NAMES)[number], readonly string[]>> = {
    // 0005: tracking tokens; 0012: archived jobs, who approved a booking;
    // 0013: the vehicle a job goes out on; 0019: document numbers.
    // 0027: the driver's account it is assigned to; 0030: why a job was cancelled; 0035: work
    // on account (account, site, PO) and a credit-hold decision.
    jobs: [
      'trackingToken',
      'archivedAt',
      'vehicleId',
      'number',
      'assignedDriverId',
      'accountId',
      'siteId',
      'poNumber',
      'creditHoldNote',
      'cancelReason',
    ],
    // 0019: document numbers, 0020: the job an automatic quote was made for; 0035:
    // work on account and the multiplier a quote was priced with.
    quotes: [
      'number',
      'jobId',
      'accountId',
      'siteId',
      'poNumber',
      'multiplierBasisPoints',
      'multiplierLocation',
    ],
    // 0035: work on account and the credit hold read on arrival; 0030: who took a booking and
    // when, why it was declined.
    bookings: [
      'trackingToken',
      'approvedJobId',
      'approvedBy',
      'accountId',
      'siteId',
      'poNumber',
      'creditHold',
      'acknowledgedAt',
      'acknowledgedBy',
      'declineReason',
    ],
    // 0035: an account's own sign-in names its account.
    users: ['accountId'],
    // 0031: contact messages handled, answered, turned into quotes.
    emails: ['status', 'handledBy', 'handledAt', 'kind', 'details', 'replies', 'quoteId'],
    // 0032: the owners' answers to a review.
    feedback: ['replies'],
    // 0006: what a tax invoice prints and how it stands.
    invoices: [
      'service',
      'buyerAbn',
      'itemsSubtotal',
      'multiplierBasisPoints',
      'multiplierLocation',
      'discountPercent',
      'discountAmount',
      'gst',
      'amountPaid',
      'amountCredited',
      'updatedAt',
      // 0019, 0020: document numbers and refunds.
      'number',
      'amountRefunded',
      // 0035: what an invoice on account prints.
      'accountId',
      'siteName',
      'poNumber',
    ],
  };
  /** Tables that came after the data definitions. */
  const TABLES_AFTER_INIT = new Set([
    'payments',
    'credit_notes',
    // 0009: the field record.
    'job_photos',
    'job_signatures',
    'stored_files',
    // 0011: the truck's live position.
    'job_positions',
    // 0013: pre-start checks and defects.
    'prestart_checks',
    'vehicle_defects',
    // 0021: what one owner kept over the other's.
    'merge_notices',
    // 0035: accounts and the owners' price lists.
    'accounts',
    'price_lists',
    // 0033: WA's crash towing law.
    'crash_tows',
    'yard_vehicles',
    'yard_events',
    'complaints',
    'occurrences',
    // 0034: shift records and trucks' last positions (dispatch).
    'driver_shift_events',
    'vehicle_positions',
  ]);

  it.each(ENTITY_NAMES.filter((name) => !TABLES_AFTER_INIT.has(name)))(
    '%s in 0001_init has exactly the entity fields of the data definitions as columns',
    (name) => {
      const db = openDatabase(':memory:');
      onTestEnd(() => db.close());
      const init = readMigrations().find((migration) => migration.id === '0001_init');
      db.exec(init?.sql ?? '');
      const columns = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map(
        (column) => column.name,
      );
      const later = ADDED_AFTER_INIT[name] ?? [];
      expect(columns.sort()).toEqual(
        Object.keys(entitySchemas[name].shape)
          .filter((field) => !later.includes(field))
          .sort(),
      );
    },
  );

  it.each(ENTITY_NAMES)('%s has no NOT NULL column for a nullable entity field', (name) => {
    const db = memoryDb();
    const info = db.prepare(`PRAGMA table_info("${name}")`).all() as {
      name: string;
      notnull: number;
    }[];
    const shape = entitySchemas[name].shape as Record<string, z.ZodType>;
    const wrong = info
      .filter((column) => column.notnull === 1)
      .filter((column) => shape[column.name]?.safeParse(null).success)
      .map((column) => column.name);
    expect(wrong).toEqual([]);
  });

  it.each(ENTITY_NAMES)('%s json and boolean metadata match the entity field types', (name) => {
    const shape = entitySchemas[name].shape as Record<string, z.ZodType>;
    const meta = TABLES[name];
    const booleans = Object.keys(shape).filter(
      (field) => shape[field]?.safeParse(true).success && shape[field]?.safeParse(false).success,
    );
    expect([...meta.booleans].sort()).toEqual(booleans.sort());
    for (const field of meta.json) expect(shape[field]?.safeParse('text').success).toBe(false);
  });
});
