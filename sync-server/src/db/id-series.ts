/**
 * Id series: the server's counters for every kind of id (DESIGN.md §4).
 *
 * Text ids are `PREFIX-YEAR-n` ('JOB-2026-123'); each prefix and year is its own series
 * ('JOB-2026'). Integer-id tables have one series each, named after the table ('vehicles').
 * The server mints single ids from a series, and hands devices whole blocks (leases) so they can
 * create final ids offline. A series that does not exist yet starts after the highest id already
 * stored, so rows that arrived with their own ids are never collided with.
 */
import type { Db } from './connection';
import { TABLES, isTableName, type TableName } from './rows';

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

function highestStored(db: Db, series: string): number {
  if (isTableName(series)) {
    if (TABLES[series as TableName].idType !== 'integer') {
      throw new Error(`Table ${series} has text ids; use its prefix series (e.g. JOB-2026)`);
    }
    const row = db.prepare(`SELECT max(id) AS n FROM "${series}"`).get() as { n: number | null };
    return row.n ?? 0;
  }
  const match = /^(JOB|BKG|Q|INV|CN)-(\d{4})$/.exec(series);
  if (!match) throw new Error(`Unknown id series ${series}`);
  const table = ID_PREFIXES[match[1] as IdPrefix];
  const stem = `${series}-`;
  const row = db
    .prepare(
      `SELECT max(CAST(substr(id, ?) AS INTEGER)) AS n FROM "${table}" WHERE substr(id, 1, ?) = ?`,
    )
    .get(stem.length + 1, stem.length, stem) as { n: number | null };
  return row.n ?? 0;
}

/**
 * Reserves `size` consecutive numbers of a series and returns the first; the caller owns
 * `first … first + size - 1`. Runs in its own transaction (or joins the caller's).
 */
export function reserveSeriesBlock(db: Db, series: string, size: number): number {
  if (!Number.isInteger(size) || size < 1) throw new Error(`Block size must be >= 1, got ${size}`);
  return db.transaction(() => {
    const current = db.prepare('SELECT next FROM id_series WHERE series = ?').get(series) as
      { next: number } | undefined;
    const first = current?.next ?? highestStored(db, series) + 1;
    db.prepare(
      'INSERT INTO id_series (series, next) VALUES (?, ?) ON CONFLICT (series) DO UPDATE SET next = excluded.next',
    ).run(series, first + size);
    return first;
  })();
}

/**
 * Moves a series' counter past `end` (a number some device already holds), if it is not past it
 * already. Returns whether it moved: it only moves on a server that forgot a lease, such as one
 * restored from an older backup.
 */
export function advanceSeriesPast(db: Db, series: string, end: number): boolean {
  return db.transaction(() => {
    const current = db.prepare('SELECT next FROM id_series WHERE series = ?').get(series) as
      { next: number } | undefined;
    const next = current?.next ?? highestStored(db, series) + 1;
    if (next > end) return false;
    db.prepare(
      'INSERT INTO id_series (series, next) VALUES (?, ?) ON CONFLICT (series) DO UPDATE SET next = excluded.next',
    ).run(series, end + 1);
    return true;
  })();
}

/** The next number of a series, consumed. */
export function nextSeriesNumber(db: Db, series: string): number {
  return reserveSeriesBlock(db, series, 1);
}

/** Formats a text id: ('JOB', 2026, 123) → 'JOB-2026-123'. */
export function formatSeriesId(prefix: IdPrefix, year: number, n: number): string {
  return `${prefix}-${year}-${n}`;
}

/**
 * Mints a fresh text id for a table ('JOB-2026-124'), skipping any number a device already used
 * outside its lease.
 */
export function mintTextId(db: Db, prefix: IdPrefix, now: Date = new Date()): string {
  const year = businessYear(now);
  const table = ID_PREFIXES[prefix];
  const exists = db.prepare(`SELECT 1 FROM "${table}" WHERE id = ?`);
  for (;;) {
    const id = formatSeriesId(prefix, year, nextSeriesNumber(db, seriesName(prefix, year)));
    if (!exists.get(id)) return id;
  }
}

/** Mints a fresh integer id for an integer-id table. */
export function mintIntegerId(db: Db, table: TableName): number {
  const exists = db.prepare(`SELECT 1 FROM "${table}" WHERE id = ?`);
  for (;;) {
    const id = nextSeriesNumber(db, table);
    if (!exists.get(id)) return id;
  }
}
