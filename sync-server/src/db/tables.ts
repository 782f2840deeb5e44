/**
 * The entity tables the server stores (spec/staff-and-data.md §3) and how their columns are
 * coded: the row codec (rows.ts), the id series and the tests read this one table.
 */
import type { EntityName } from '@pilbara/shared-schema';

export interface TableMeta {
  /** 'text' for JOB-2026-1 style ids, 'integer' for the rest. */
  idType: 'text' | 'integer';
  /** Columns stored as JSON text. */
  json: readonly string[];
  /** Columns stored as 0/1 and read as booleans. */
  booleans: readonly string[];
  /** Id series prefix for text ids ('JOB' → JOB-2026-1). */
  idPrefix?: string;
}

/** Every entity table of spec/staff-and-data.md §3: one entry per name of `ENTITY_NAMES`. */
export const TABLES = {
  users: { idType: 'integer', json: [], booleans: ['isActive'] },
  contact_submissions: { idType: 'integer', json: [], booleans: [] },
  jobs: { idType: 'text', json: [], booleans: [], idPrefix: 'JOB' },
  job_updates: { idType: 'integer', json: [], booleans: [] },
  emails: { idType: 'integer', json: ['customerInfo', 'details', 'replies'], booleans: ['sent'] },
  bookings: { idType: 'text', json: [], booleans: [], idPrefix: 'BKG' },
  feedback: { idType: 'integer', json: ['replies'], booleans: [] },
  quotes: { idType: 'text', json: ['items'], booleans: [], idPrefix: 'Q' },
  vehicles: {
    idType: 'integer',
    json: ['modifications', 'specialFeatures', 'alerts'],
    booleans: ['isActive'],
  },
  service_records: { idType: 'integer', json: [], booleans: ['isPaid'] },
  fuel_records: { idType: 'integer', json: [], booleans: [] },
  mileage_records: { idType: 'integer', json: [], booleans: [] },
  fleet_expenses: { idType: 'integer', json: [], booleans: ['isPaid'] },
  notifications: { idType: 'integer', json: [], booleans: [] },
  notification_preferences: {
    idType: 'integer',
    json: [],
    booleans: ['smsEnabled', 'emailEnabled', 'jobUpdates', 'marketingEmails'],
  },
  invoices: { idType: 'text', json: ['lineItems'], booleans: [], idPrefix: 'INV' },
  payments: { idType: 'integer', json: [], booleans: [] },
  credit_notes: { idType: 'text', json: [], booleans: [], idPrefix: 'CN' },
  job_photos: { idType: 'text', json: [], booleans: [] },
  job_signatures: { idType: 'text', json: [], booleans: [] },
  stored_files: { idType: 'text', json: [], booleans: [] },
  prestart_checks: { idType: 'integer', json: ['items'], booleans: [] },
  vehicle_defects: { idType: 'integer', json: ['photos'], booleans: [] },
  job_positions: { idType: 'text', json: [], booleans: [] },
  merge_notices: { idType: 'integer', json: ['parts'], booleans: [] },
  accounts: {
    idType: 'integer',
    json: ['contacts', 'sites', 'terms', 'poRule'],
    booleans: ['isActive'],
  },
  price_lists: { idType: 'integer', json: ['versions'], booleans: [] },
  crash_tows: { idType: 'text', json: ['propertyItems'], booleans: ['noProperty'] },
  yard_vehicles: {
    idType: 'integer',
    json: ['release'],
    booleans: ['policeHold', 'insurerHold'],
  },
  yard_events: { idType: 'integer', json: [], booleans: [] },
  complaints: { idType: 'integer', json: [], booleans: [] },
  occurrences: { idType: 'integer', json: [], booleans: [] },
  driver_shift_events: { idType: 'integer', json: [], booleans: [] },
  vehicle_positions: { idType: 'integer', json: [], booleans: [] },
} as const satisfies Record<EntityName, TableMeta>;

export type TableName = keyof typeof TABLES;
export type RowId = string | number;
export type Row = Record<string, unknown>;

export function isTableName(name: string): name is TableName {
  return Object.hasOwn(TABLES, name);
}
