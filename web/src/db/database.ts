/**
 * The Dexie database of the web app. Only db/, sync/ and feature data hooks touch it
 * (docs/contributing.md).
 */
import Dexie, { type Table } from 'dexie';
import type { RowId, SyncedTable } from '@pilbara/shared-schema';
import {
  DB_NAME,
  DB_VERSIONS,
  confirmedTableName,
  type AcknowledgedPage,
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
  // WA's crash towing law (version 20).
  crash_tows!: Table<SyncedRow, RowId>;
  yard_vehicles!: Table<SyncedRow, RowId>;
  yard_events!: Table<SyncedRow, RowId>;
  complaints!: Table<SyncedRow, RowId>;
  occurrences!: Table<SyncedRow, RowId>;
  // Drivers' shift records and trucks' last positions (version 21).
  driver_shift_events!: Table<SyncedRow, RowId>;
  vehicle_positions!: Table<SyncedRow, RowId>;
  // Accounts and price lists (version 22).
  accounts!: Table<SyncedRow, RowId>;
  price_lists!: Table<SyncedRow, RowId>;
  /** Photo and signature bytes taken on this device (version 6). */
  fieldFiles!: Table<LocalFieldFile, string>;
  outbox!: Table<OutboxItem, number>;
  /** Mutations the server applied, kept for a restored server, a row per page (version 15). */
  acknowledgedPages!: Table<AcknowledgedPage, number>;
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
  if (!shared) {
    shared = new PilbaraDatabase();
    letGoInPageCache(shared);
  }
  return shared;
}

/**
 * A page leaving for the browser's back/forward cache ends its IndexedDB work and holds no
 * connection while it is away; it opens the connection again if it comes back.
 *
 * WebKit freezes a cached page with its transactions still open, and every transaction another
 * page of the app starts on the same tables then waits behind them for good. Signed in on the
 * home page and sent on to /admin, the panel stayed "Not syncing": the home page had been
 * frozen 6 ms into a write of `meta`, and the panel's first read of `meta` never started.
 *
 * So on `pagehide` every transaction of this connection still running is aborted (all or
 * nothing, as when a browser kills a tab: the sync engine fetches or sends it again, and a tap
 * not yet saved was never shown as saved), and the connection is closed so that what the page
 * still tries fails at once. Dexie closes its connections on `pagehide` too, but lets the next
 * read open them again; this listener runs after Dexie's (it is registered later), so the close
 * holds. The `pageshow` listener captures, to open the connection before Dexie's own listener
 * refreshes every live query.
 */
function letGoInPageCache(db: PilbaraDatabase): void {
  // Typed here rather than from the DOM library: the sync server's tests load this module too.
  const page = globalThis as {
    addEventListener?: (
      type: 'pagehide' | 'pageshow',
      listener: (event: { persisted?: boolean }) => void,
      options?: { capture: boolean },
    ) => void;
  };
  if (typeof page.addEventListener !== 'function') return;
  const running = new Set<IdbTransaction>();
  db.use({
    stack: 'dbcore',
    name: 'page-cache',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        const transaction = down.transaction(stores, mode, options);
        const idb = transaction as unknown as IdbTransaction;
        running.add(idb);
        const finished = () => running.delete(idb);
        idb.addEventListener('complete', finished);
        idb.addEventListener('abort', finished);
        return transaction;
      },
    }),
  });
  page.addEventListener('pagehide', () => {
    for (const transaction of running) {
      try {
        transaction.abort();
      } catch {
        // Already committing: it ends by itself.
      }
    }
    running.clear();
    db.close({ disableAutoOpen: true });
  });
  page.addEventListener(
    'pageshow',
    (event) => {
      if (event.persisted && !db.isOpen()) void db.open().catch(() => undefined);
    },
    { capture: true },
  );
}

/** What of an IndexedDB transaction the page-cache guard uses. */
interface IdbTransaction {
  abort(): void;
  addEventListener(type: 'complete' | 'abort', listener: () => void): void;
}
