/**
 * Ids minted on the device from leased number blocks (docs/sync.md): a vehicle id a fuel record
 * refers to, or a job's key its history refers to, is final from the moment it is made. Jobs,
 * quotes, invoices and credit notes are keyed `JOB-2026-P57`: the key stays, and the
 * document number people read comes from the server when the row reaches it; until then screens
 * show the key as a provisional reference.
 * Blocks live in `meta.leases`; taking a number is a Dexie transaction, so two tabs never mint
 * the same id. When a series runs low the sync engine is asked for another block.
 *
 * Blocks are the server's word: the first page answering a hello names the blocks this device
 * holds that the server never granted to it (`refusedLeases`: another device's, or a copy from
 * before a new identity) and the kinds of series its user's role may hold (`leaseKinds`). The
 * device drops the refused blocks — numbers it already used stay in its outbox — and asks only
 * for the kinds it may hold, so a driver's phone is "Synced" without the office's series.
 */
import type { PilbaraDatabase } from '../db/database';
import { META, getMeta, setMeta } from './local-store';
import {
  INTEGER_ID_SERIES,
  PROVISIONAL_MARK,
  leaseKindOf,
  leaseKindsFor,
  type HeldLease,
  type IdSeries,
} from '@pilbara/shared-schema';

/** One leased block; `next` is the next unused number. */
interface LeaseBlock {
  start: number;
  end: number;
  next: number;
}

export type Leases = Partial<Record<string, LeaseBlock[]>>;

/** A series whose remaining numbers fall below this asks for another block. */
const LEASE_LOW_WATER = 20;

/** Text-id prefixes; `mintId('JOB')` means this year's `JOB-<year>` series. */
const TEXT_ID_PREFIXES = ['JOB', 'BKG', 'Q', 'INV', 'CN'] as const;
type TextIdPrefix = (typeof TEXT_ID_PREFIXES)[number];

/** What `mintId` accepts: an integer-id table, a text prefix, or a full series like `JOB-2026`. */
export type MintSeries = IdSeries | TextIdPrefix;

/** Thrown when a series has no leased numbers left (a device that never synced). */
export class NoIdsLeftError extends Error {
  override name = 'NoIdsLeftError';
  constructor(readonly series: string) {
    super(`No ids left on this device for ${series}. Connect once to get more.`);
  }
}

/** The business year in Perth (UTC+8, no daylight saving), where the business is. */
export function businessYear(date: Date = new Date()): number {
  return new Date(date.getTime() + 8 * 3600_000).getUTCFullYear();
}

/** The full series name of `series` (a bare prefix becomes this year's series). */
function resolveSeries(series: MintSeries, date: Date = new Date()): IdSeries {
  return (TEXT_ID_PREFIXES as readonly string[]).includes(series)
    ? `${series}-${businessYear(date)}`
    : series;
}

/**
 * Every series the device keeps a lease for: of the kinds the server said it may hold (until it
 * has said, an admin's, the widest set short of bookings, which only the server numbers).
 */
export function wantedSeries(
  date: Date = new Date(),
  kinds: readonly string[] = leaseKindsFor('admin'),
): IdSeries[] {
  const all: IdSeries[] = [
    ...INTEGER_ID_SERIES,
    ...TEXT_ID_PREFIXES.map((p) => resolveSeries(p, date)),
  ];
  return all.filter((series) => kinds.includes(leaseKindOf(series) ?? ''));
}

/** The series this device keeps, by the kinds the server last said it may hold. */
async function keptSeries(db: PilbaraDatabase, date: Date): Promise<IdSeries[]> {
  const kinds = await getMeta<string[] | null>(db, META.leaseKinds, null);
  return kinds ? wantedSeries(date, kinds) : wantedSeries(date);
}

function remaining(blocks: LeaseBlock[] | undefined): number {
  return (blocks ?? []).reduce((sum, block) => sum + Math.max(0, block.end - block.next + 1), 0);
}

/** Series whose leases are below the low-water mark (the engine asks for more). */
export async function lowSeries(db: PilbaraDatabase, date: Date = new Date()): Promise<IdSeries[]> {
  const leases = await getMeta<Leases>(db, META.leases, {});
  return (await keptSeries(db, date)).filter(
    (series) => remaining(leases[series]) < LEASE_LOW_WATER,
  );
}

/**
 * Whether the device can mint an id of every series it keeps: a device that has never been
 * granted a block of one cannot create that record with no signal (NoIdsLeftError).
 */
export async function holdsEverySeries(
  db: PilbaraDatabase,
  date: Date = new Date(),
): Promise<boolean> {
  const leases = await getMeta<Leases>(db, META.leases, {});
  return (await keptSeries(db, date)).every((series) => remaining(leases[series]) > 0);
}

/**
 * Every block this device holds, whole (used numbers included), for the hello: the server says
 * which of them are not this device's own (see the module comment).
 */
export async function heldLeases(db: PilbaraDatabase): Promise<HeldLease[]> {
  const leases = await getMeta<Leases>(db, META.leases, {});
  return Object.entries(leases).flatMap(([series, blocks]) =>
    (blocks ?? []).map((block) => ({ series, start: block.start, end: block.end })),
  );
}

/**
 * Takes in what the first page of a hello says of the blocks: drops the refused ones whole
 * (their unused numbers are not this device's to mint; ids already minted from them stay with
 * their mutations) and keeps the kinds the device may hold. Answers whether anything changed.
 */
export async function takeLeaseAnswer(
  db: PilbaraDatabase,
  answer: { refusedLeases?: readonly HeldLease[]; leaseKinds?: readonly string[] },
): Promise<boolean> {
  const refused = answer.refusedLeases ?? [];
  if (refused.length === 0 && !answer.leaseKinds) return false;
  return db.transaction('rw', db.meta, async () => {
    let changed = false;
    if (refused.length > 0) {
      const leases = await getMeta<Leases>(db, META.leases, {});
      const kept: Leases = {};
      for (const [series, blocks] of Object.entries(leases)) {
        const left = (blocks ?? []).filter(
          (block) =>
            !refused.some(
              (r) => r.series === series && r.start === block.start && r.end === block.end,
            ),
        );
        if (left.length !== (blocks ?? []).length) changed = true;
        kept[series] = left;
      }
      if (changed) await setMeta(db, META.leases, kept);
    }
    if (answer.leaseKinds) {
      const before = await getMeta<string[] | null>(db, META.leaseKinds, null);
      if (JSON.stringify(before) !== JSON.stringify(answer.leaseKinds)) {
        await setMeta(db, META.leaseKinds, [...answer.leaseKinds]);
        changed = true;
      }
    }
    return changed;
  });
}

/** Stores a block granted by the server. */
export async function addLease(
  db: PilbaraDatabase,
  series: string,
  start: number,
  end: number,
): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const leases = await getMeta<Leases>(db, META.leases, {});
    const blocks = (leases[series] ?? []).filter((block) => block.next <= block.end);
    if (!blocks.some((block) => block.start === start)) blocks.push({ start, end, next: start });
    blocks.sort((a, b) => a.start - b.start);
    await setMeta(db, META.leases, { ...leases, [series]: blocks });
  });
}

/** Numbers left in `series` (a bare prefix means this year's series) on this device. */
async function idsLeft(
  db: PilbaraDatabase,
  series: MintSeries,
  date: Date = new Date(),
): Promise<number> {
  const leases = await getMeta<Leases>(db, META.leases, {});
  return remaining(leases[resolveSeries(series, date)]);
}

/**
 * Waits until the device holds a number of `series`, looking every 200 ms (the block may be
 * stored by another tab's engine), for at most `timeoutMs`. Answers whether one arrived.
 */
export async function waitForIds(
  db: PilbaraDatabase,
  series: MintSeries,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await idsLeft(db, series)) > 0) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const lowListeners = new Set<() => void>();

/** Called when a mint left a series low; the sync engine subscribes. */
export function onLeaseLow(listener: () => void): () => void {
  lowListeners.add(listener);
  return () => lowListeners.delete(listener);
}

/**
 * Takes the next number of `series` from this device's leases: `JOB-2026-123` for text series,
 * the integer for integer tables. Throws {@link NoIdsLeftError} when none is left.
 */
export async function mintIdFrom(
  db: PilbaraDatabase,
  series: MintSeries,
  date: Date = new Date(),
): Promise<string | number> {
  const full = resolveSeries(series, date);
  const { value, low } = await db.transaction('rw', db.meta, async () => {
    const leases = await getMeta<Leases>(db, META.leases, {});
    const blocks = leases[full] ?? [];
    const block = blocks.find((b) => b.next <= b.end);
    if (!block) throw new NoIdsLeftError(full);
    const number = block.next;
    block.next += 1;
    await setMeta(db, META.leases, { ...leases, [full]: blocks });
    return { value: number, low: remaining(blocks) < LEASE_LOW_WATER };
  });
  if (low) for (const listener of lowListeners) listener();
  if ((INTEGER_ID_SERIES as readonly string[]).includes(full)) return value;
  return KEYED_DOCUMENT_PREFIXES.some((prefix) => full.startsWith(`${prefix}-`))
    ? `${full}-${PROVISIONAL_MARK}${value}`
    : `${full}-${value}`;
}

/** Series whose rows are documents keyed apart from their numbers. */
const KEYED_DOCUMENT_PREFIXES: readonly TextIdPrefix[] = ['JOB', 'Q', 'INV', 'CN'];
