/**
 * Applying a changes page from the server: confirmed rows, verdicts, the outbox rows they settle,
 * the cursor, and the rebase. A page is written in parts sized to a time budget
 * ({@link ApplyPacing}), one short transaction each with the main thread given back in between;
 * the last part carries the verdicts, the outbox and the cursor (see {@link applyChangesPage}).
 */
import type { PilbaraDatabase } from '../db/database';
import type { AcknowledgedMutation, MetaRow, OutboxItem, SyncIssue, SyncedRow } from '../db/schema';
import {
  ACKNOWLEDGED_KEEP_DAYS,
  SYNCED_TABLES,
  conflictMessage,
  rowKey,
  type ChangesMessage,
  type RecordConflict,
  type SnapshotPosition,
} from '@pilbara/shared-schema';
import { META, syncTables } from './local-store';
import { INDEXED_DIRTY_LIMIT, rebase, type DirtyState } from './rebase';
import { snapshotPaceNote } from './paced-query';
import { writeRows } from './replay';
import type { RowWrites } from './row-keys';

/**
 * The server listed, for a seq this device is about to drop from its outbox, the verdict on a
 * different mutation: another device uses the same client id. Nothing of the page is applied;
 * the engine takes a new identity, keeping every pending mutation.
 */
export class IdentityClashError extends Error {
  override name = 'IdentityClashError';
  constructor(
    readonly seq: number,
    readonly mutationId: string,
    readonly settledMutationId: string,
  ) {
    super(`Seq ${seq} is ${mutationId} here but the server settled ${settledMutationId} under it`);
  }
}

/**
 * The most rows one part of a page holds, however fast the device writes: each commit wakes
 * every screen reading the tables it touched, and that work grows with the rows committed.
 */
export const APPLY_CHUNK = 100;

/** The rows of a page's first part, before the device has shown how fast it writes. */
const FIRST_PART = 50;

/**
 * The fewest rows a part holds: each transaction has a cost of its own (the bookkeeping read,
 * the rebase, the commit), and a phone on a loaded machine cutting ever smaller parts would take
 * much longer to sync for little gain, since a part's main-thread share is well under its time.
 */
const MIN_PART = 25;

/**
 * How long one part of a page may take. A part's transaction, timed from its start to its
 * commit, includes the waits on IndexedDB and whatever else ran meanwhile, so its main-thread
 * share is well under this: parts timed within it leave the screen free to answer a tap well
 * inside the 200 ms a person notices.
 */
const APPLY_BUDGET_MS = 100;

/**
 * How a page's parts are sized and spaced: a clock (ms), what gives the main thread back, and
 * the rate (rows per ms) the device last wrote at, learnt from part to part and page to page so
 * the next part holds what fits in `budgetMs`. The engine keeps one for its whole session.
 */
export interface ApplyPacing {
  budgetMs: number;
  now: () => number;
  yieldToMain: () => Promise<void>;
  rowsPerMs?: number;
}

/** Lets the browser paint and handle input between two transactions of a page. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A pacing on the real clock, yielding with `scheduler.yield` (else a zero timeout). */
export function applyPacing(budgetMs = APPLY_BUDGET_MS): ApplyPacing {
  return { budgetMs, now: () => performance.now(), yieldToMain };
}

/**
 * The rows the next part may hold: what the last rate fits in the budget, at most twice the last
 * part (a burst of speed is not trusted at once), within {@link MIN_PART}..{@link APPLY_CHUNK}.
 */
function nextPartSize(pacing: ApplyPacing, lastRows?: number): number {
  if (pacing.rowsPerMs === undefined) return FIRST_PART;
  const fits = Math.floor(pacing.rowsPerMs * pacing.budgetMs);
  const bounded = lastRows === undefined ? fits : Math.min(fits, 2 * lastRows);
  return Math.max(MIN_PART, Math.min(APPLY_CHUNK, bounded));
}

/** Runs one part and learns the rate it was written at. */
async function timed<T>(pacing: ApplyPacing, rows: number, part: () => Promise<T>): Promise<T> {
  const began = pacing.now();
  const result = await part();
  if (rows > 0) pacing.rowsPerMs = rows / Math.max(pacing.now() - began, 1);
  return result;
}

/**
 * Most rows whose rebase a catch-up of several pages may put off to its last page (below): more
 * are rebased at once, so the list of rows kept waiting in `meta` stays short.
 */
const DEFERRED_KEYS_LIMIT = 2000;

/**
 * Whether the visible rows of a page wait for a later page of the same catch-up: a catch-up of
 * a few pages from the log replays pending mutations once instead of once per page. A snapshot's
 * pages are shown as they come (the first screen's rows come first for that), and so is a long
 * catch-up's, past {@link DEFERRED_KEYS_LIMIT} rows.
 */
function rebaseDeferred(
  page: Pick<ChangesMessage, 'hasMore' | 'snapshot'>,
  all: boolean,
  keys: number,
): boolean {
  if (!page.hasMore) return false;
  if (all) return true;
  return !page.snapshot && keys <= DEFERRED_KEYS_LIMIT;
}

/** What the engine tells the page apply about its pushes, and how it paces the parts. */
interface PageOptions {
  /**
   * Pending mutations up to this seq are pushed and their answer is awaited in this session: a
   * rebase that would replay only those waits for the page acknowledging them (rebase.ts).
   */
  settlingThrough?: number;
  /**
   * The cursor and acknowledged seq the pull answered by this page reported, when it was sent
   * before the page ahead of it was applied (engine.ts): the page is applied only if they are
   * what the device holds; `snapshot` is the snapshot position it reported (null: none).
   */
  askedFrom?: { cursor: number; ackedSeq: number; snapshot: string | null };
  /** How the parts are sized and spaced (default: a fresh {@link applyPacing}). */
  pacing?: ApplyPacing;
}

type ApplicablePage = Pick<
  ChangesMessage,
  'changes' | 'cursor' | 'hasMore' | 'reset' | 'lastSeq' | 'results' | 'epoch' | 'snapshot'
>;

/** Where a snapshot under way stands on this device (meta `snapshot`), as its `next`. */
function storedSnapshotNext(row: MetaRow | undefined): string | null {
  return (row?.value as SnapshotPosition | undefined)?.next ?? null;
}

/**
 * Throws when a page asked for ahead does not follow what this device holds (see
 * {@link PageOptions.askedFrom}): applying it could skip rows or verdicts. Throwing aborts the
 * transaction and drops the connection; the next one pulls from what is stored.
 */
function checkAskedFrom(
  askedFrom: PageOptions['askedFrom'],
  held: { cursor: number; ackedSeq: number; snapshot: string | null },
): void {
  if (!askedFrom) return;
  if (
    askedFrom.cursor === held.cursor &&
    askedFrom.ackedSeq === held.ackedSeq &&
    askedFrom.snapshot === held.snapshot
  ) {
    return;
  }
  throw new Error(
    `Page asked for after cursor ${askedFrom.cursor}, seq ${askedFrom.ackedSeq} and snapshot ${askedFrom.snapshot ?? '-'}, but this device holds ${held.cursor}, ${held.ackedSeq} and ${held.snapshot ?? '-'}`,
  );
}

/**
 * Writes some rows of a page ahead of its last part, in a transaction of their own: the
 * confirmed rows, and the visible ones they feed unless the rebase waits for a later page. The
 * cursor does not move: if the link drops before the last part, the page comes again and its
 * rows are written again, the same rows.
 */
async function applyRowsAhead(
  db: PilbaraDatabase,
  page: ApplicablePage,
  changes: ChangesMessage['changes'],
  now: () => Date,
  { settlingThrough = 0, askedFrom }: PageOptions,
): Promise<boolean> {
  return db.transaction('rw', syncTables(db), async () => {
    const [dirtyRow, ackedRow, cursorRow, snapshotRow] = await db.meta.bulkGet([
      META.dirty,
      META.ackedSeq,
      META.cursor,
      META.snapshot,
    ]);
    const storedCursor = (cursorRow?.value as number | undefined) ?? 0;
    checkAskedFrom(askedFrom, {
      cursor: storedCursor,
      ackedSeq: (ackedRow?.value as number | undefined) ?? 0,
      snapshot: storedSnapshotNext(snapshotRow),
    });
    // A stale page's rows are not written (see applyChangesPage); its last part says so.
    if (page.reset || page.cursor < storedCursor) return false;
    const rows = collect(changes);
    await writeRows(db, 'confirmed', rows);
    const dirty = (dirtyRow?.value as DirtyState | undefined) ?? { all: false, keys: [] };
    if (dirty.all) return true;
    const keys = new Set(dirty.keys);
    for (const change of changes) keys.add(rowKey(change.entity, change.rowId));
    const left = rebaseDeferred(page, false, keys.size)
      ? keys
      : await rebase(db, false, keys, now().toISOString(), { confirmed: rows, settlingThrough });
    if (left.size > 0) {
      await db.meta.put({ key: META.dirty, value: { all: false, keys: [...left] } });
    } else if (dirtyRow) {
      await db.meta.delete(META.dirty);
    }
    return true;
  });
}

/**
 * The verdicts a page settles on a device that has taken in those up to `previousAcked`: the
 * ones it lists (in seq order), whether the server settled more than it listed (the list is
 * capped: pull again), and the acknowledged seq the device holds after it.
 */
export function verdictsTaken(
  page: Pick<ChangesMessage, 'lastSeq' | 'results'>,
  previousAcked: number,
): { listed: ChangesMessage['results']; moreResults: boolean; ackedSeq: number } {
  // Only what the capped list names is taken in now.
  const listed = page.results.filter((r) => r.seq > previousAcked && r.seq <= page.lastSeq);
  const lastListed = listed[listed.length - 1]?.seq ?? previousAcked;
  const moreResults = listed.length > 0 && lastListed < page.lastSeq && listed.length >= 1000;
  return {
    listed,
    moreResults,
    ackedSeq: Math.max(moreResults ? lastListed : page.lastSeq, previousAcked),
  };
}

/** What applying a page did, for the engine's status and follow-up pulls. */
export interface PageOutcome {
  cursor: number;
  ackedSeq: number;
  /** The server settled more of our mutations than this page's results listed: pull again. */
  moreResults: boolean;
  rejected: SyncIssue[];
  /** The rebase waits for the answers to pushes in flight: a page must follow them. */
  rebaseWaits: boolean;
}

/**
 * Applies one changes page: confirmed rows, rejected results into `syncIssues`, acked outbox rows
 * deleted, cursor, epoch and ackedSeq stored, and (at the last page) the rebase — one
 * transaction.
 *
 * A page whose cursor is behind the stored one (a late answer overtaken by a newer one, as
 * concurrent HTTP requests can be) is stale: its rows are older than what the device has, so only
 * its verdicts are taken in — their effects are in the rows already applied. An outbox row is
 * dropped only when the verdict listed for its seq is for its own mutationId.
 */
export async function applyChangesPage(
  db: PilbaraDatabase,
  whole: ApplicablePage,
  now: () => Date = () => new Date(),
  options: PageOptions = {},
): Promise<PageOutcome> {
  // A page is written in parts that each fit the time budget, the main thread given back before
  // each one (the page's parse and the part before are a task of their own); the last part is
  // applied below with everything else the page carries. Every row is written: only where the
  // page is cut changes.
  const pacing = options.pacing ?? applyPacing();
  // The screens reading whole tables read again at a pace while a snapshot page is written
  // (paced-query.ts), and always once it ends.
  const paced = Boolean(whole.snapshot) && whole.changes.length > 0;
  if (paced) snapshotPaceNote('start', pacing.now());
  try {
    let start = 0;
    let size = nextPartSize(pacing);
    await pacing.yieldToMain();
    while (whole.changes.length - start > size) {
      const part = whole.changes.slice(start, start + size);
      const applied = await timed(pacing, part.length, () =>
        applyRowsAhead(db, whole, part, now, options),
      );
      // A stale page: its rows are not written (its last part says so and takes its verdicts).
      if (!applied) break;
      start += part.length;
      if (paced) snapshotPaceNote('part', pacing.now());
      size = nextPartSize(pacing, part.length);
      await pacing.yieldToMain();
    }
    const page = start === 0 ? whole : { ...whole, changes: whole.changes.slice(start) };
    return await timed(pacing, page.changes.length, () => applyLastPart(db, page, now, options));
  } finally {
    if (paced) snapshotPaceNote('end', pacing.now());
  }
}

/** The last part of a page: its rows, verdicts, outbox, cursor and rebase, in one transaction. */
async function applyLastPart(
  db: PilbaraDatabase,
  page: ApplicablePage,
  now: () => Date,
  { settlingThrough = 0, askedFrom }: PageOptions,
): Promise<PageOutcome> {
  return db.transaction('rw', syncTables(db), async () => {
    // Bookkeeping in one read and one write: IndexedDB round trips dominate small pages.
    const [dirtyRow, ackedRow, cursorRow, snapshotRow] = await db.meta.bulkGet([
      META.dirty,
      META.ackedSeq,
      META.cursor,
      META.snapshot,
    ]);
    const storedCursor = (cursorRow?.value as number | undefined) ?? 0;
    const previousAcked = (ackedRow?.value as number | undefined) ?? 0;
    checkAskedFrom(askedFrom, {
      cursor: storedCursor,
      ackedSeq: previousAcked,
      snapshot: storedSnapshotNext(snapshotRow),
    });
    const stale = !page.reset && page.cursor < storedCursor;
    const dirty = (dirtyRow?.value as DirtyState | undefined) ?? { all: false, keys: [] };
    const keys = new Set(dirty.keys);
    let all = dirty.all;
    if (page.reset) {
      for (const table of SYNCED_TABLES) await db.confirmed(table).clear();
      all = true;
    }
    const pageRows = collect(stale ? [] : page.changes);
    await writeRows(db, 'confirmed', pageRows);
    if (!stale) for (const change of page.changes) keys.add(rowKey(change.entity, change.rowId));

    const { listed, moreResults, ackedSeq } = verdictsTaken(page, previousAcked);

    const rejected: SyncIssue[] = [];
    let acked: OutboxItem[] = [];
    /** The outbox left after this page, in seq order, when it was read whole here. */
    let pending: OutboxItem[] | undefined;
    if (ackedSeq > previousAcked) {
      // A rebase that will read the whole outbox anyway (see rebase.ts) gets it from this one
      // read instead of a second: the acknowledged rows are its head.
      const wholeOutbox =
        !page.hasMore && (all || keys.size + ackedSeq - previousAcked > INDEXED_DIRTY_LIMIT);
      if (wholeOutbox) {
        const outbox = await db.outbox.orderBy('seq').toArray();
        const split = outbox.findIndex((item) => item.seq > ackedSeq);
        acked = split < 0 ? outbox : outbox.slice(0, split);
        pending = split < 0 ? [] : outbox.slice(split);
      } else {
        acked = await db.outbox.where('seq').belowOrEqual(ackedSeq).toArray();
      }
    }
    const rejectedAt = now().toISOString();
    /** The issue staff see for an outbox row the server did not take as it was. */
    const issueOf = (item: OutboxItem, code: string, message: string) => ({
      id: item.mutationId,
      seq: item.seq,
      mutationId: item.mutationId,
      name: item.name,
      args: item.args,
      code,
      message,
      createdAt: item.createdAt,
      rejectedAt,
    });
    const bySeq = new Map(acked.map((item) => [item.seq, item]));
    for (const result of listed) {
      const item = bySeq.get(result.seq);
      if (result.seq > ackedSeq || !item) continue;
      // Throwing aborts the transaction: nothing of this page is applied, nothing dropped.
      if (item.mutationId !== result.mutationId)
        throw new IdentityClashError(item.seq, item.mutationId, result.mutationId);
      const conflict = conflictOf(result.status === 'applied' ? result.result : undefined);
      if (conflict) {
        rejected.push({ ...issueOf(item, 'conflict', conflictMessage(conflict)), conflict });
        continue;
      }
      if (result.status !== 'rejected') continue;
      rejected.push({
        ...issueOf(
          item,
          result.code ?? 'rejected',
          result.message ?? 'The server refused this change',
        ),
        ...relatedOf(result.result),
      });
    }
    if (rejected.length > 0) await db.syncIssues.bulkPut(rejected);
    for (const item of acked) for (const key of item.writes) keys.add(key);
    if (acked.length > 0) {
      // One range delete rather than a request per row (a long outbox acknowledged a thousand at
      // a time spent a thousand IndexedDB requests here): `acked` is every outbox row up to
      // ackedSeq, read above in this transaction, so the range removes exactly those.
      await db.outbox.where('seq').belowOrEqual(ackedSeq).delete();
      await keepAcknowledged(db, acked, refusedSeqs(listed), now());
    }

    const metaRows: MetaRow[] = [{ key: META.ackedSeq, value: ackedSeq }];
    if (!stale) {
      metaRows.push(
        { key: META.cursor, value: page.cursor },
        { key: META.epoch, value: page.epoch ?? null },
      );
      // Where the snapshot under way stands, with the rows that brought it there: a lost link
      // resumes from the next page (none once it is complete).
      if (page.snapshot?.next) metaRows.push({ key: META.snapshot, value: page.snapshot });
      else if (snapshotRow) await db.meta.delete(META.snapshot);
    }
    // The rebase may wait while more pages are coming ({@link rebaseDeferred}), and what it leaves
    // (rebase.ts: rows read by mutations the server is settling now) waits for a later page;
    // both are kept in `meta`.
    let left: Set<string> = keys;
    if (!rebaseDeferred(page, all, keys.size)) {
      left =
        keys.size === 0 && !all
          ? keys
          : await rebase(db, all, keys, now().toISOString(), {
              confirmed: pageRows,
              pending,
              settlingThrough,
            });
      if (left.size === 0) all = false;
    }
    if (left.size > 0 || all) {
      metaRows.push({ key: META.dirty, value: { all, keys: [...left] } satisfies DirtyState });
    }
    await db.meta.bulkPut(metaRows);
    if (left.size === 0 && !all && dirtyRow) await db.meta.delete(META.dirty);
    return {
      cursor: stale ? storedCursor : page.cursor,
      ackedSeq,
      moreResults,
      rejected,
      rebaseWaits: !page.hasMore && left.size > 0,
    };
  });
}

/** The seqs a page's verdicts refused (they are not kept: staff see them as needing attention). */
function refusedSeqs(listed: readonly { seq: number; status: string }[]): Set<number> {
  return new Set(listed.filter((r) => r.status === 'rejected').map((r) => r.seq));
}

/**
 * Keeps the mutations the server just applied for ACKNOWLEDGED_KEEP_DAYS, and forgets those kept
 * longer. In the caller's transaction, with the outbox delete: a mutation is always in one of the
 * two until it is old enough.
 */
async function keepAcknowledged(
  db: PilbaraDatabase,
  acked: readonly OutboxItem[],
  refused: ReadonlySet<number>,
  now: Date,
): Promise<void> {
  const ackedAt = now.toISOString();
  const kept: AcknowledgedMutation[] = acked
    .filter((item) => !refused.has(item.seq))
    .map((item) => ({
      mutationId: item.mutationId,
      name: item.name,
      args: item.args,
      createdAt: item.createdAt,
      ackedAt,
      seq: item.seq,
    }));
  // One row for the page (schema.ts AcknowledgedPage): one write, not one per mutation.
  if (kept.length > 0) await db.acknowledgedPages.add({ ackedAt, mutations: kept });
  const before = new Date(now.getTime() - ACKNOWLEDGED_KEEP_DAYS * 86_400_000).toISOString();
  await db.acknowledgedPages.where('ackedAt').below(before).delete();
}

/** The last write of each row in a page, grouped by table. */
function collect(changes: ChangesMessage['changes']): RowWrites {
  const writes: RowWrites = new Map();
  for (const change of changes) {
    let table = writes.get(change.entity);
    if (!table) writes.set(change.entity, (table = new Map()));
    const row =
      change.op === 'put' && change.data
        ? ({ ...change.data, id: change.rowId } as SyncedRow)
        : null;
    table.set(JSON.stringify(change.rowId), { id: change.rowId, row });
  }
  return writes;
}

/** The record a refusal names in place of the refused one (`{ related }` of its result). */
function relatedOf(result: unknown): Pick<SyncIssue, 'related'> {
  if (typeof result !== 'object' || result === null || !('related' in result)) return {};
  const related = (result as { related?: SyncIssue['related'] }).related;
  return related && typeof related.entity === 'string' ? { related } : {};
}

/** The conflict an applied result carries (rules/merge.ts), if any. */
function conflictOf(result: unknown): RecordConflict | undefined {
  if (typeof result !== 'object' || result === null || !('conflict' in result)) return undefined;
  const conflict = (result as { conflict?: RecordConflict }).conflict;
  return conflict && Array.isArray(conflict.parts) && conflict.parts.length > 0
    ? conflict
    : undefined;
}
