/**
 * The versions of the browser database 'pilbara', in one place. Dexie needs every version that
 * a device may still hold, in order; a new version only ever adds or changes tables, so a device
 * that last ran an old build upgrades in place without losing its outbox.
 *
 * To add the staff sync tables, append a version with a higher number that lists only the new or
 * changed stores (Dexie carries the rest forward), and add the row types below.
 */

import type { Transaction } from 'dexie';
import type { RecordConflict, Row, SyncedTable } from '@pilbara/shared-schema';

/**
 * Public form kinds and the REST call each one is delivered to
 * (docs/decisions/2026-11-21-public-forms-outbox.md).
 */
export const PUBLIC_FORM_ENDPOINTS = {
  contact: '/api/contact',
  booking: '/api/bookings',
  feedback: '/api/feedback',
  // Work an account's own contact books (with the account's session): kept here the same way, so
  // a booking made at a mine gate with no signal goes when the signal comes back.
  accountBooking: '/api/account/bookings',
  complaint: '/api/complaints',
} as const;

export type PublicFormKind = keyof typeof PUBLIC_FORM_ENDPOINTS;

/** A contact message, booking or feedback waiting on this device to be delivered. */
export interface PublicOutboxItem {
  /** A UUID that is also the Idempotency-Key sent with every attempt. */
  id: string;
  kind: PublicFormKind;
  /** The validated form values, exactly as they will be POSTed. */
  body: Record<string, unknown>;
  /** ISO-8601 UTC; delivery goes oldest first. */
  createdAt: string;
  attempts: number;
  lastError: string | null;
}

export const DB_NAME = 'pilbara';

/**
 * The visible staff tables, keyed by id, with the indexes screens sort and filter on. Screens
 * read these (confirmed rows with this device's pending mutations replayed over them).
 */
const SYNCED_TABLE_STORES: Record<SyncedTable, string> = {
  jobs: 'id, status, updatedAt',
  job_updates: 'id, jobId',
  bookings: 'id, status',
  emails: 'id',
  quotes: 'id, status',
  vehicles: 'id',
  service_records: 'id, vehicleId',
  fuel_records: 'id, vehicleId',
  mileage_records: 'id, vehicleId',
  fleet_expenses: 'id, vehicleId',
  invoices: 'id',
  notification_preferences: 'id',
  feedback: 'id',
  payments: 'id, invoiceId',
  credit_notes: 'id, invoiceId',
  job_photos: 'id, jobId',
  job_signatures: 'id, jobId',
  stored_files: 'id',
  job_positions: 'id, jobId',
  prestart_checks: 'id, vehicleId, perthDay',
  vehicle_defects: 'id, vehicleId, status',
  merge_notices: 'id, status',
  accounts: 'id, name',
  price_lists: 'id, accountId',
  crash_tows: 'id, jobId',
  yard_vehicles: 'id, status, jobId',
  yard_events: 'id, yardVehicleId',
  complaints: 'id, receivedAt',
  occurrences: 'id, occurredAt',
  driver_shift_events: 'id, userId, at',
  vehicle_positions: 'id',
};

/** The table holding the server's confirmed rows of a synced table. */
export function confirmedTableName(table: SyncedTable): `confirmed_${SyncedTable}` {
  return `confirmed_${table}`;
}

/** A synced row as stored locally: the server's wire shape (money in cents, ISO dates). */
export type SyncedRow = Row;

/** One pending mutation of this device, in the order it was made (docs/sync.md). */
export interface OutboxItem {
  /** Per-device, increasing by one with each mutation. */
  seq: number;
  mutationId: string;
  clientId: string;
  name: string;
  args: unknown;
  /** Device clock, for display only. */
  createdAt: string;
  /** `entity:id` keys (and `entity:*` for reads by field) the last local run read. */
  reads: string[];
  /** `entity:id` keys the last local run wrote. */
  writes: string[];
  /** `reads` and `writes` together (multi-entry indexed). */
  keys: string[];
}

/** A mutation the server refused, kept until staff retry or discard it. */
export interface SyncIssue {
  /** The mutation's id. */
  id: string;
  seq: number;
  mutationId: string;
  name: string;
  args: unknown;
  code: string;
  message: string;
  /** When the mutation was made (device clock). */
  createdAt: string;
  /** When the server's verdict arrived (device clock). */
  rejectedAt: string;
  /**
   * Set when the server applied the change but another owner had changed the same parts of the
   * record (code `conflict`): each part kept the other side's value, shown beside this
   * device's for the owner to choose (rules/merge.ts).
   */
  conflict?: RecordConflict;
  /**
   * The record standing where the refused one would have (the job another owner's approval of
   * the same booking made): shown with its link in place of the refused id.
   */
  related?: { entity: SyncedTable; id: string | number };
}

/**
 * The bytes of a photo or signature taken on this device, kept beside the outbox and
 * written in the same transaction as the `photo.add` / `signature.add` that records it. `full`
 * is dropped once the server's `stored_files` holds the same hash; `thumb` stays for the gallery.
 * A failed pre-start item's photo is kept the same way with its `prestart.submit`,
 * under its defect (no new index: Dexie leaves a row without `jobId` out of that index).
 */
export type LocalFieldFile = LocalFileBytes &
  (
    | { kind: 'photo' | 'signature'; jobId: string }
    | {
        kind: 'defect-photo';
        /** The defect the failed item raised, whose `photos` list this file's hash. */
        defectId: number;
      }
    | {
        kind: 'yard-signature';
        /** The yard vehicle whose release this collector's signature belongs to. */
        yardVehicleId: number;
      }
  );

/** What every file kept on this device has, whatever record it belongs to. */
interface LocalFileBytes {
  /** The record's id (the photo's or signature's UUID; `defect:<id>:<hash>` for a defect's). */
  id: string;
  contentHash: string;
  mimeType: 'image/jpeg' | 'image/png';
  /** Bytes of the full-size file, until the server confirmed it holds them. */
  full: ArrayBuffer | null;
  /** A small JPEG (photos) or the PNG itself (signatures, a few KB) for the gallery. */
  thumb: ArrayBuffer;
  size: number;
  /** ISO time this device made it. */
  createdAt: string;
  /** ISO time the server confirmed it holds the bytes (the full copy was dropped then). */
  uploadedAt: string | null;
  /** `uploading` while bytes are being sent; the last error seen, for the job card. */
  lastError: string | null;
}

/**
 * A mutation the server acknowledged as applied, kept after it left the outbox for
 * ACKNOWLEDGED_KEEP_DAYS: a server restored from an older backup asks for it again (a `reset`
 * page), and the device queues it once more under the same mutationId, so the server applies
 * it if its copy lacks it and answers its stored verdict if not.
 */
export interface AcknowledgedMutation {
  mutationId: string;
  name: string;
  args: unknown;
  /** When it was made (device clock): the business time the server gives it again. */
  createdAt: string;
  /** When its verdict arrived (device clock): pruning and the order of a resend. */
  ackedAt: string;
  /** Its seq when acknowledged, to keep the device's order among those of one page. */
  seq: number;
}

/**
 * The mutations one changes page acknowledged, kept as one row (version 15): a page settling a
 * thousand mutations wrote a thousand rows here, a third of the device's IndexedDB writes for
 * them; now it writes one.
 */
export interface AcknowledgedPage {
  /** Assigned by IndexedDB, in the order the pages were applied. */
  id?: number;
  /** When the page was applied (device clock), as each of its mutations says: pruning. */
  ackedAt: string;
  mutations: AcknowledgedMutation[];
}

/** A key/value row of sync bookkeeping (cursor, clientId, leases, ackedSeq, status). */
export interface MetaRow {
  key: string;
  value: unknown;
}

/** Every schema version, oldest first. Never edit a released entry; append a new one. */
export const DB_VERSIONS: ReadonlyArray<{
  version: number;
  stores: Record<string, string | null>;
  /** Rewrites rows a new version reads differently; Dexie runs it once per device. */
  upgrade?: (tx: Transaction) => Promise<void>;
}> = [
  {
    version: 1,
    stores: {
      publicOutbox: 'id, createdAt',
    },
  },
  {
    // Staff sync (docs/sync.md): the visible tables screens read, the confirmed rows as the server
    // sent them, the outbox of pending mutations, rejected mutations, and sync bookkeeping.
    version: 2,
    stores: {
      ...SYNCED_TABLE_STORES,
      ...Object.fromEntries(
        Object.keys(SYNCED_TABLE_STORES).map((table) => [
          confirmedTableName(table as SyncedTable),
          'id',
        ]),
      ),
      outbox: 'seq, &mutationId',
      syncIssues: 'id, seq, createdAt',
      meta: 'key',
    },
  },
  {
    // The rebase finds the pending mutations a pulled page affects through this index instead of
    // reading the whole outbox for every page.
    version: 3,
    stores: {
      outbox: 'seq, &mutationId, *keys',
    },
    upgrade: async (tx) => {
      await tx
        .table('outbox')
        .toCollection()
        .modify((item: OutboxItem) => {
          item.keys = [...new Set([...(item.reads ?? []), ...(item.writes ?? [])])];
        });
    },
  },
  {
    // Tax invoices: payments and credit notes are synced tables, kept like the others
    // as the visible rows and the server's confirmed rows.
    version: 4,
    stores: {
      payments: SYNCED_TABLE_STORES.payments,
      credit_notes: SYNCED_TABLE_STORES.credit_notes,
      [confirmedTableName('payments')]: 'id',
      [confirmedTableName('credit_notes')]: 'id',
    },
  },
  {
    // The field record: photo and signature records are synced tables, with the
    // server's stored_files; the bytes taken on this device wait in fieldFiles until uploaded.
    // (There is no version 5; Dexie allows the gap.)
    version: 6,
    stores: {
      job_photos: SYNCED_TABLE_STORES.job_photos,
      job_signatures: SYNCED_TABLE_STORES.job_signatures,
      stored_files: SYNCED_TABLE_STORES.stored_files,
      [confirmedTableName('job_photos')]: 'id',
      [confirmedTableName('job_signatures')]: 'id',
      [confirmedTableName('stored_files')]: 'id',
      fieldFiles: 'id, jobId, contentHash',
    },
  },
  {
    // The truck's live position on an En Route job, kept like the other synced
    // tables: the driver's phone applies its own reports at once and the admins see them.
    version: 7,
    stores: {
      job_positions: SYNCED_TABLE_STORES.job_positions,
      [confirmedTableName('job_positions')]: 'id',
    },
  },
  {
    // Pre-start checks and vehicle defects, synced like the other fleet tables.
    version: 8,
    stores: {
      prestart_checks: SYNCED_TABLE_STORES.prestart_checks,
      vehicle_defects: SYNCED_TABLE_STORES.vehicle_defects,
      [confirmedTableName('prestart_checks')]: 'id',
      [confirmedTableName('vehicle_defects')]: 'id',
    },
  },
  {
    // The notices of a value one owner kept over the other's, synced like the rest.
    // (There are no versions 9 and 10; Dexie allows the gap.)
    version: 11,
    stores: {
      merge_notices: SYNCED_TABLE_STORES.merge_notices,
      [confirmedTableName('merge_notices')]: 'id',
    },
  },
  {
    // Acknowledged mutations kept for a restored server to ask for again. (There
    // are no versions 12 and 13; Dexie allows the gap.)
    version: 14,
    stores: {
      acknowledged: 'mutationId, ackedAt',
    },
  },
  {
    // The acknowledged mutations one page settles are one row (AcknowledgedPage), not one row
    // each, so keeping them costs one write per page. What version 14 kept moves over, a row
    // per acknowledgement time.
    version: 15,
    stores: {
      acknowledged: null,
      acknowledgedPages: '++id, ackedAt',
    },
    upgrade: async (tx) => {
      const kept: AcknowledgedMutation[] = await tx.table('acknowledged').toArray();
      const pages = new Map<string, AcknowledgedMutation[]>();
      for (const mutation of kept.sort(
        (a, b) => a.ackedAt.localeCompare(b.ackedAt) || a.seq - b.seq,
      )) {
        const page = pages.get(mutation.ackedAt) ?? [];
        page.push(mutation);
        pages.set(mutation.ackedAt, page);
      }
      await tx
        .table('acknowledgedPages')
        .bulkAdd([...pages].map(([ackedAt, mutations]) => ({ ackedAt, mutations })));
    },
  },
  {
    // WA's crash towing law: crash tows (the Authority to Tow, dashcam reference, property
    // list), the storage yard and its events, the complaints register and notifiable
    // occurrences, synced like the other tables. (There are no versions 16 to
    // 19; Dexie allows the gap.)
    version: 20,
    stores: {
      crash_tows: SYNCED_TABLE_STORES.crash_tows,
      yard_vehicles: SYNCED_TABLE_STORES.yard_vehicles,
      yard_events: SYNCED_TABLE_STORES.yard_events,
      complaints: SYNCED_TABLE_STORES.complaints,
      occurrences: SYNCED_TABLE_STORES.occurrences,
      [confirmedTableName('crash_tows')]: 'id',
      [confirmedTableName('yard_vehicles')]: 'id',
      [confirmedTableName('yard_events')]: 'id',
      [confirmedTableName('complaints')]: 'id',
      [confirmedTableName('occurrences')]: 'id',
    },
  },
  {
    // Dispatch: drivers' shift records and trucks' last positions, synced like the rest.
    version: 21,
    stores: {
      driver_shift_events: SYNCED_TABLE_STORES.driver_shift_events,
      vehicle_positions: SYNCED_TABLE_STORES.vehicle_positions,
      [confirmedTableName('driver_shift_events')]: 'id',
      [confirmedTableName('vehicle_positions')]: 'id',
    },
  },
  {
    // Accounts and the owners' price lists, synced like the other staff tables.
    version: 22,
    stores: {
      accounts: SYNCED_TABLE_STORES.accounts,
      price_lists: SYNCED_TABLE_STORES.price_lists,
      [confirmedTableName('accounts')]: 'id',
      [confirmedTableName('price_lists')]: 'id',
    },
  },
];
