/**
 * Applying a changes page from the server: confirmed rows, verdicts, the outbox rows they settle,
 * the cursor, and at the last page the rebase — in one Dexie transaction.
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
} from '@pilbara/shared-schema';
import { META, syncTables } from './local-store';
import { INDEXED_DIRTY_LIMIT, rebase, type DirtyState } from './rebase';
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

/** What the engine tells the page apply about its pushes. */
interface PageOptions {
  /**
   * Pending mutations up to this seq are pushed and their answer is awaited in this session: a
   * rebase that would replay only those waits for the page acknowledging them (rebase.ts).
   */
  settlingThrough?: number;
  /**
   * The cursor and acknowledged seq the pull answered by this page reported, when it was sent
   * before the page ahead of it was applied (engine.ts): the page is applied only if they are
   * what the device holds.
   */
  askedFrom?: { cursor: number; ackedSeq: number };
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
  page: Pick<
    ChangesMessage,
    'changes' | 'cursor' | 'hasMore' | 'reset' | 'lastSeq' | 'results' | 'epoch'
  >,
  now: () => Date = () => new Date(),
  { settlingThrough = 0, askedFrom }: PageOptions = {},
): Promise<PageOutcome> {
  return db.transaction('rw', syncTables(db), async () => {
    // Bookkeeping in one read and one write: IndexedDB round trips dominate small pages.
    const [dirtyRow, ackedRow, cursorRow] = await db.meta.bulkGet([
      META.dirty,
      META.ackedSeq,
      META.cursor,
    ]);
    const storedCursor = (cursorRow?.value as number | undefined) ?? 0;
    const previousAcked = (ackedRow?.value as number | undefined) ?? 0;
    if (askedFrom && (askedFrom.cursor !== storedCursor || askedFrom.ackedSeq !== previousAcked)) {
      // Asked for ahead, from a state this device does not hold (the page before it was not
      // taken in as the engine expected): applying it could skip rows or verdicts. Throwing
      // aborts the transaction and drops the connection; the next one pulls from what is stored.
      throw new Error(
        `Page asked for after cursor ${askedFrom.cursor} and seq ${askedFrom.ackedSeq}, but this device holds ${storedCursor} and ${previousAcked}`,
      );
    }
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
    }
    // The rebase waits while more pages are coming, and what it leaves (rebase.ts: rows read by
    // mutations the server is settling now) waits for a later page; both are kept in `meta`.
    let left: Set<string> = keys;
    if (!page.hasMore) {
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
