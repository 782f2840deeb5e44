/**
 * Id series: the server's counters for every kind of id (docs/sync.md).
 *
 * Text ids are `PREFIX-YEAR-n` ('BKG-2026-123'); each prefix and year is its own series
 * ('BKG-2026'). Jobs, quotes, invoices and credit notes are keyed `PREFIX-YEAR-Pn`
 * ('JOB-2026-P123'): the key of a document whose number, which people read, the server
 * gives apart (db/document-numbers.ts); their series counts keys only. Integer-id tables have one
 * series each, named after the table ('vehicles'). The server mints single ids from a series, and
 * hands devices whole blocks (leases) so they can create final ids offline. A series that does not
 * exist yet starts after the highest id already stored, so rows that arrived with their own ids are
 * never collided with.
 *
 * Every number is bounded: a series counts from 1 to MAX_SERIES_NUMBER (nine digits), a stored
 * id it cannot continue from (more digits, not a number, or past SERIES_ALARM_AT, where no real
 * series of this business gets) is ignored instead of poisoning the counter, a text series names
 * a plausible year, and minting gives up with an error after a bounded number of tries instead
 * of looping. A number a row already holds is stepped over one by one, never by jumping to the
 * highest stored one: a row planted near the ceiling cannot drag the counter up to it.
 */
import { MAX_SERIES_NUMBER, SERIES_ALARM_AT, formatProvisionalId } from '@pilbara/shared-schema';
import type { Db } from './connection';
import { TABLES, isTableName, type TableName } from './tables';

/** Years a text series may name: generous on both sides of any clock this server will see. */
const SERIES_YEARS = { min: 2000, max: 2999 } as const;

/** Thrown when a series cannot hand out another number (exhausted, or an invalid name). */
export class IdSeriesError extends Error {
  override name = 'IdSeriesError';
}

/** Tries of {@link mintTextId} and {@link mintIntegerId} before they give up. */
const MINT_ATTEMPTS = 3;

/** Text-id prefixes and the table each belongs to. */
export const ID_PREFIXES = {
  JOB: 'jobs',
  BKG: 'bookings',
  Q: 'quotes',
  INV: 'invoices',
  CN: 'credit_notes',
} as const;
export type IdPrefix = keyof typeof ID_PREFIXES;

/** Business time zone (Australia/Perth, UTC+8 all year, no daylight saving). */
const PERTH_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The business year of an instant, which names the id series it belongs to. */
export function businessYear(now: Date = new Date()): number {
  return new Date(now.getTime() + PERTH_OFFSET_MS).getUTCFullYear();
}

/** The series name for a text-id prefix in a year: ('JOB', 2026) → 'JOB-2026'. */
export function seriesName(prefix: IdPrefix, year: number): string {
  return `${prefix}-${year}`;
}

/**
 * The highest number of the series already stored up to `limit`, counting only ids the series
 * can continue from: integer ids from 1, and text ids whose number is 1 to 9 digits. A row
 * planted with `BKG-2027-99999999999999999999` (or id 1e15) is left alone, not continued; so is,
 * by default, one past SERIES_ALARM_AT.
 */
export function highestStored(db: Db, series: string, limit = SERIES_ALARM_AT - 1): number {
  const upTo = Math.min(limit, MAX_SERIES_NUMBER);
  if (isTableName(series)) {
    if (TABLES[series as TableName].idType !== 'integer') {
      throw new Error(`Table ${series} has text ids; use its prefix series (e.g. JOB-2026)`);
    }
    const row = db
      .prepare(`SELECT max(id) AS n FROM "${series}" WHERE id BETWEEN 1 AND ?`)
      .get(upTo) as { n: number | null };
    return row.n ?? 0;
  }
  const match = /^(JOB|BKG|Q|INV|CN)-(\d{4})$/.exec(series);
  if (!match) throw new Error(`Unknown id series ${series}`);
  const year = Number(match[2]);
  if (year < SERIES_YEARS.min || year > SERIES_YEARS.max) {
    throw new IdSeriesError(`Id series ${series} names an implausible year`);
  }
  const table = ID_PREFIXES[match[1] as IdPrefix];
  // Keys of both forms count: 'JOB-2026-12' (from before document numbers) and 'JOB-2026-P57'.
  let highest = 0;
  for (const stem of [`${series}-`, `${series}-P`]) {
    const row = db
      .prepare(
        `SELECT max(CAST(substr(id, ?) AS INTEGER)) AS n FROM "${table}"
          WHERE substr(id, 1, ?) = ? AND length(id) BETWEEN ? AND ?
            AND substr(id, ?) NOT GLOB '*[^0-9]*' AND CAST(substr(id, ?) AS INTEGER) <= ?`,
      )
      .get(
        stem.length + 1,
        stem.length,
        stem,
        stem.length + 1,
        stem.length + 9,
        stem.length + 1,
        stem.length + 1,
        upTo,
      ) as { n: number | null };
    highest = Math.max(highest, row.n ?? 0);
  }
  return highest;
}

/**
 * `granted` is true when the server itself handed the numbers out (a block, a minted id), false
 * when a counter only moved past them (a restored database catching up with its guard).
 */
type HandedOutListener = (series: string, upTo: number, granted: boolean) => void;
const handedOutListeners = new WeakMap<Db, HandedOutListener>();

/**
 * Calls `listener` inside the transaction whenever a number up to `upTo` of `series` is handed
 * out or a counter moves past it (the restore guard records it beside the database, in the
 * same transaction; a throw rolls the reservation back, so nothing unrecorded is handed out).
 */
export function onSeriesHandedOut(db: Db, listener: HandedOutListener): void {
  handedOutListeners.set(db, listener);
}

/**
 * The series' stored counter, or undefined when the series is new. A counter that can no longer
 * count (past MAX_SERIES_NUMBER, not an integer) is refused loudly, never continued.
 */
function storedNext(db: Db, series: string): number | undefined {
  const row = db.prepare('SELECT next FROM id_series WHERE series = ?').get(series) as
    { next: number } | undefined;
  if (!row) return undefined;
  if (!Number.isSafeInteger(row.next) || row.next < 1 || row.next > MAX_SERIES_NUMBER + 1) {
    throw new IdSeriesError(`Id series ${series} holds a counter it cannot continue from`);
  }
  return row.next;
}

/**
 * Reserves `size` consecutive numbers of a series and returns the first; the caller owns
 * `first … first + size - 1`. Runs in its own transaction (or joins the caller's).
 */
export function reserveSeriesBlock(db: Db, series: string, size: number): number {
  if (!Number.isInteger(size) || size < 1) throw new Error(`Block size must be >= 1, got ${size}`);
  return db
    .transaction(() => {
      const first = storedNext(db, series) ?? highestStored(db, series) + 1;
      if (first + size - 1 > MAX_SERIES_NUMBER) {
        throw new IdSeriesError(`Id series ${series} has no ${size} numbers left`);
      }
      db.prepare(
        `INSERT INTO id_series (series, next, grantedThrough) VALUES (?, ?, ?)
           ON CONFLICT (series) DO UPDATE SET next = excluded.next,
             grantedThrough = max(coalesce(grantedThrough, 0), excluded.grantedThrough)`,
      ).run(series, first + size, first + size - 1);
      handedOutListeners.get(db)?.(series, first + size - 1, true);
      return first;
    })
    .immediate();
}

/**
 * Moves a series' counter past `end`, if it is not past it already: a restored database
 * catching up with what its guard says was handed out, or minting stepping over a number a row
 * holds. Returns whether it moved. Nothing a device says moves a counter.
 */
export function advanceSeriesPast(db: Db, series: string, end: number): boolean {
  return db
    .transaction(() => {
      // A number past the bound is not one any lease handed out: nothing to move past.
      if (!Number.isSafeInteger(end) || end > MAX_SERIES_NUMBER) return false;
      const next = storedNext(db, series) ?? highestStored(db, series) + 1;
      if (next > end) return false;
      db.prepare(
        'INSERT INTO id_series (series, next) VALUES (?, ?) ON CONFLICT (series) DO UPDATE SET next = excluded.next',
      ).run(series, end + 1);
      handedOutListeners.get(db)?.(series, end, false);
      return true;
    })
    .immediate();
}

/** The next number of a series, consumed. */
export function nextSeriesNumber(db: Db, series: string): number {
  return reserveSeriesBlock(db, series, 1);
}

/** The prefixes whose rows are documents, keyed apart from their numbers. */
const KEYED_DOCUMENTS = new Set<IdPrefix>(['JOB', 'Q', 'INV', 'CN']);

/**
 * Formats a text id: ('BKG', 2026, 123) → 'BKG-2026-123'; a document's key carries the
 * provisional mark: ('JOB', 2026, 123) → 'JOB-2026-P123'.
 */
function formatSeriesId(prefix: IdPrefix, year: number, n: number): string {
  return KEYED_DOCUMENTS.has(prefix)
    ? formatProvisionalId(prefix, year, n)
    : `${prefix}-${year}-${n}`;
}

/** Numbers one mint steps over before it gives up (rows stored one after another). */
const MINT_STEPS = 100_000;

/**
 * The next free number of a series: the counter's number, unless a row already has it (a device
 * used it outside its lease, or the counter lagged behind a restore); then the counter steps to
 * the first number after it that no row holds, and tries again. Stepping, not jumping past the
 * highest stored number, keeps a row planted at 999,999,999 from using the series up. Gives up
 * with an error after a bounded search, so a database in a state nobody expected fails one
 * request instead of hanging the server.
 */
function mintNumber(db: Db, series: string, taken: (n: number) => boolean): number {
  return db
    .transaction(() => {
      for (let attempt = 0; attempt < MINT_ATTEMPTS; attempt++) {
        const n = nextSeriesNumber(db, series);
        if (!taken(n)) return n;
        let free = n + 1;
        while (taken(free) && free - n < MINT_STEPS && free < MAX_SERIES_NUMBER) free += 1;
        advanceSeriesPast(db, series, free - 1);
      }
      throw new IdSeriesError(`Id series ${series} found no free number`);
    })
    .immediate();
}

/**
 * Mints a fresh text id for a table ('JOB-2026-124'), skipping any number a device already used
 * outside its lease.
 */
export function mintTextId(db: Db, prefix: IdPrefix, now: Date = new Date()): string {
  const year = businessYear(now);
  const exists = db.prepare(`SELECT 1 FROM "${ID_PREFIXES[prefix]}" WHERE id = ?`);
  const n = mintNumber(db, seriesName(prefix, year), (candidate) =>
    Boolean(exists.get(formatSeriesId(prefix, year, candidate))),
  );
  return formatSeriesId(prefix, year, n);
}

/** Mints a fresh integer id for an integer-id table. */
export function mintIntegerId(db: Db, table: TableName): number {
  const exists = db.prepare(`SELECT 1 FROM "${table}" WHERE id = ?`);
  return mintNumber(db, table, (candidate) => Boolean(exists.get(candidate)));
}

/** The series whose counters passed SERIES_ALARM_AT, with the last number handed out. */
export function seriesPastAlarm(db: Db): { series: string; handedOut: number }[] {
  return db
    .prepare(
      'SELECT series, next - 1 AS handedOut FROM id_series WHERE next - 1 >= ? ORDER BY series',
    )
    .all(SERIES_ALARM_AT) as { series: string; handedOut: number }[];
}
