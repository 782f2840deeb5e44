/**
 * Ids minted on the device from leased number blocks (docs/sync.md): a vehicle id a fuel record
 * refers to, or a job's key its history refers to, is final from the moment it is made. Jobs,
 * quotes, invoices and credit notes are keyed `JOB-2026-P57` (issue 28): the key stays, and the
 * document number people read comes from the server when the row reaches it; until then screens
 * show the key as a provisional reference.
 * Blocks live in `meta.leases`; taking a number is a Dexie transaction, so two tabs never mint
 * the same id. When a series runs low the sync engine is asked for another block.
 */
import type { PilbaraDatabase } from '../db/database';
import { META, getMeta, setMeta } from './local-store';
import {
  INTEGER_ID_SERIES,
  PROVISIONAL_MARK,
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

/** Every series the device keeps a lease for. */
export function wantedSeries(date: Date = new Date()): IdSeries[] {
  return [...INTEGER_ID_SERIES, ...TEXT_ID_PREFIXES.map((p) => resolveSeries(p, date))];
}

function remaining(blocks: LeaseBlock[] | undefined): number {
  return (blocks ?? []).reduce((sum, block) => sum + Math.max(0, block.end - block.next + 1), 0);
}

/** Series whose leases are below the low-water mark (the engine asks for more). */
export async function lowSeries(db: PilbaraDatabase, date: Date = new Date()): Promise<IdSeries[]> {
  const leases = await getMeta<Leases>(db, META.leases, {});
  return wantedSeries(date).filter((series) => remaining(leases[series]) < LEASE_LOW_WATER);
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
  return wantedSeries(date).every((series) => remaining(leases[series]) > 0);
}

/**
 * Every block this device holds, whole (used numbers included), for the hello: a server restored
 * from an older backup then moves its counters past them. Blocks are granted in increasing order,
 * so the highest one also covers numbers of used-up blocks still waiting in the outbox.
 */
export async function heldLeases(db: PilbaraDatabase): Promise<HeldLease[]> {
  const leases = await getMeta<Leases>(db, META.leases, {});
  return Object.entries(leases).flatMap(([series, blocks]) =>
    (blocks ?? []).map((block) => ({ series, start: block.start, end: block.end })),
  );
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

/** Series whose rows are documents keyed apart from their numbers (issue 28). */
const KEYED_DOCUMENT_PREFIXES: readonly TextIdPrefix[] = ['JOB', 'Q', 'INV', 'CN'];
