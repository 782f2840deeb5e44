/**
 * The Dexie database of the web app. Only db/, sync/ and feature data hooks touch it (STYLE.md).
 */
import Dexie, { type Table } from 'dexie';
import type { RowId, SyncedTable } from '@pilbara/shared-schema';
import {
  DB_NAME,
  DB_VERSIONS,
  confirmedTableName,
  type AcknowledgedMutation,
  type MetaRow,
  type OutboxItem,
  type LocalFieldFile,
  type PublicOutboxItem,
  type SyncIssue,
  type SyncedRow,
} from './schema';

export class PilbaraDatabase extends Dexie {
  publicOutbox!: Table<PublicOutboxItem, string>;

  // Staff sync (version 2): visible tables, read by screens.
  jobs!: Table<SyncedRow, RowId>;
  job_updates!: Table<SyncedRow, RowId>;
  bookings!: Table<SyncedRow, RowId>;
  emails!: Table<SyncedRow, RowId>;
  quotes!: Table<SyncedRow, RowId>;
  vehicles!: Table<SyncedRow, RowId>;
  service_records!: Table<SyncedRow, RowId>;
  fuel_records!: Table<SyncedRow, RowId>;
  mileage_records!: Table<SyncedRow, RowId>;
  fleet_expenses!: Table<SyncedRow, RowId>;
  invoices!: Table<SyncedRow, RowId>;
  notification_preferences!: Table<SyncedRow, RowId>;
  feedback!: Table<SyncedRow, RowId>;
  payments!: Table<SyncedRow, RowId>;
  credit_notes!: Table<SyncedRow, RowId>;
  job_photos!: Table<SyncedRow, RowId>;
  job_signatures!: Table<SyncedRow, RowId>;
  stored_files!: Table<SyncedRow, RowId>;
  // Pre-start checks and defects (version 8).
  prestart_checks!: Table<SyncedRow, RowId>;
  vehicle_defects!: Table<SyncedRow, RowId>;
  job_positions!: Table<SyncedRow, RowId>;
  // Notices of a value one owner kept over the other's (version 11).
  merge_notices!: Table<SyncedRow, RowId>;
  /** Photo and signature bytes taken on this device (version 6). */
  fieldFiles!: Table<LocalFieldFile, string>;
  outbox!: Table<OutboxItem, number>;
  /** Mutations the server applied, kept for a restored server (version 14). */
  acknowledged!: Table<AcknowledgedMutation, string>;
  syncIssues!: Table<SyncIssue, string>;
  meta!: Table<MetaRow, string>;

  constructor(name: string = DB_NAME) {
    super(name);
    for (const { version, stores, upgrade } of DB_VERSIONS) {
      const declared = this.version(version).stores(stores);
      if (upgrade) declared.upgrade(upgrade);
    }
  }

  /** The visible table of a synced entity. */
  visible(table: SyncedTable): Table<SyncedRow, RowId> {
    return this.table(table);
  }

  /** The table of the server's confirmed rows of a synced entity. */
  confirmed(table: SyncedTable): Table<SyncedRow, RowId> {
    return this.table(confirmedTableName(table));
  }
}

let shared: PilbaraDatabase | undefined;

/** The app's one database connection (opened lazily by Dexie on first use). */
export function getDatabase(): PilbaraDatabase {
  shared ??= new PilbaraDatabase();
  return shared;
}
