/**
 * The rebase of docs/sync.md: after the confirmed tables changed, the visible rows they feed are
 * rewound to the confirmed ones and the pending mutations that depend on them are replayed.
 */
import type { PilbaraDatabase } from '../db/database';
import type { OutboxItem } from '../db/schema';
import { SYNCED_TABLES, type RowId, type SyncedTable } from '@pilbara/shared-schema';
import { readRows, replay } from './replay';
import { entityOf, parseKey, type RowWrites } from './row-keys';

/** Rows whose visible version awaits a rebase (kept in `meta` while pages are to come). */
export interface DirtyState {
  all: boolean;
  keys: string[];
}

/** Above this many changed rows the rebase scans the outbox instead of seeking its index. */
export const INDEXED_DIRTY_LIMIT = 32;

/**
 * The fewest mutations whose replay may wait for the server's answer (see {@link rebase}): a
 * replay of this many takes a cheap phone a noticeable moment.
 */
const WAIT_TO_REPLAY = 100;

interface RebaseOptions {
  /** Rows whose confirmed version is already known (the page just wrote them): not read back. */
  confirmed?: RowWrites;
  /** The whole outbox in seq order, when the caller has just read it. */
  pending?: OutboxItem[];
  /** Pending mutations up to this seq are with the server now (see {@link rebase}). */
  settlingThrough?: number;
}

/** Whether a mutation reads or writes one of `keys` (a wildcard read: any row of its table). */
function touchesAny(item: OutboxItem, keys: ReadonlySet<string>, entities: ReadonlySet<string>) {
  const check = (key: string) => (key.endsWith(':*') ? entities.has(entityOf(key)) : keys.has(key));
  return item.reads.some(check) || item.writes.some(check);
}

/**
 * Recomputes the visible tables after the confirmed ones changed at `dirtyKeys` (or everywhere
 * when `all`). Must run inside a transaction over `syncTables`. Answers the keys it left dirty
 * (empty when done), which the caller keeps for the rebase of a later page.
 *
 * What it leaves: while every pending mutation that reads or writes a dirty row directly is at
 * or below `settlingThrough` — pushed, with the server's answer on its way — those rows and the
 * replay of what depends on them wait. The page acknowledging those mutations rewinds their
 * rows to the server's versions and drops them from the outbox, so replaying them now would be
 * thrown away a moment later: a device back online with a long queue that reads the truck a
 * first page changed replayed the whole queue once for nothing. Dirty rows no pending mutation
 * touches are rewound at once. A short replay is done at once all the same: it costs little, and
 * a change someone else made then shows without waiting for this device's pushes.
 */
export async function rebase(
  db: PilbaraDatabase,
  all: boolean,
  dirtyKeys: Set<string>,
  now: string,
  { confirmed = new Map(), pending: read, settlingThrough = 0 }: RebaseOptions = {},
): Promise<Set<string>> {
  const dirtyEntities = new Set([...dirtyKeys].map(entityOf));
  const waits = (items: readonly OutboxItem[]) =>
    !all &&
    settlingThrough > 0 &&
    !items.some((item) => item.seq > settlingThrough && touchesAny(item, dirtyKeys, dirtyEntities));
  // Fast path: no pending mutation read or wrote anything the page changed (the usual case, found
  // through the outbox's multi-entry index), so only the changed rows are rewound.
  // A big page is checked against the whole outbox in memory instead: one sequential read beats
  // hundreds of index seeks.
  let pending: OutboxItem[];
  if (read) {
    pending = read;
  } else if (all || dirtyKeys.size > INDEXED_DIRTY_LIMIT) {
    pending = await db.outbox.orderBy('seq').toArray();
  } else {
    // Whether any pending mutation touches them: the first match is enough (a count would walk
    // every entry of a key all of them share, such as the truck every fuel fill names).
    const touching = await db.outbox
      .where('keys')
      .anyOf([...dirtyKeys, ...[...dirtyEntities].map((entity) => `${entity}:*`)])
      .limit(1)
      .primaryKeys();
    pending = touching.length > 0 ? await db.outbox.orderBy('seq').toArray() : [];
  }
  if (all) {
    for (const table of SYNCED_TABLES) {
      const visible = db.visible(table);
      await visible.clear();
      await visible.bulkPut(await db.confirmed(table).toArray());
    }
    await replay(db, pending, now);
    return new Set();
  }
  // Pending mutations that depend on a dirty key, transitively: a mutation that reads or writes
  // a dirty row is replayed, which makes everything it read or wrote dirty for later ones.
  const dep = new Set(dirtyKeys);
  const depEntities = new Set(dirtyEntities);
  const depWildcards = new Set<string>();
  /** What the affected mutations read and wrote (a wildcard: the whole table). */
  const used = new Set<string>();
  const usedEntities = new Set<string>();
  const affected = new Set<OutboxItem>();
  const touches = (item: OutboxItem): boolean =>
    [...item.reads, ...item.writes].some((key) =>
      key.endsWith(':*')
        ? depEntities.has(entityOf(key))
        : dep.has(key) || depWildcards.has(entityOf(key)),
    );
  let grew = true;
  while (grew) {
    grew = false;
    for (const item of pending) {
      if (affected.has(item) || !touches(item)) continue;
      affected.add(item);
      grew = true;
      for (const key of [...item.reads, ...item.writes]) {
        if (key.endsWith(':*')) {
          depWildcards.add(entityOf(key));
          usedEntities.add(entityOf(key));
        } else {
          dep.add(key);
          used.add(key);
        }
        depEntities.add(entityOf(key));
      }
    }
  }
  let toReplay = pending.filter((item) => affected.has(item));
  const rewind = new Set(dirtyKeys);
  const left = new Set<string>();
  if (toReplay.length >= WAIT_TO_REPLAY && waits(pending)) {
    // Rewind only the dirty rows no pending mutation touches; the others wait.
    for (const key of dirtyKeys) {
      if (used.has(key) || usedEntities.has(entityOf(key))) {
        rewind.delete(key);
        left.add(key);
      }
    }
    toReplay = [];
  }
  for (const item of toReplay) for (const key of item.writes) rewind.add(key);
  // Rewind: the visible rows become the confirmed ones. Rows the page just wrote are taken from
  // it (a big page would otherwise read back every row it wrote); only the others are fetched
  // from the confirmed tables. They are written together with what the replay writes over
  // them, once per row.
  const writes: RowWrites = new Map();
  const unread = new Map<SyncedTable, RowId[]>();
  for (const key of rewind) {
    const { entity, id } = parseKey(key);
    if (id === null) continue;
    let rows = writes.get(entity);
    if (!rows) writes.set(entity, (rows = new Map()));
    const known = confirmed.get(entity)?.get(JSON.stringify(id));
    if (known) {
      rows.set(JSON.stringify(id), known);
    } else {
      const ids = unread.get(entity) ?? [];
      ids.push(id);
      unread.set(entity, ids);
    }
  }
  for (const [entity, ids] of unread) {
    const rows = await readRows(db.confirmed(entity), ids);
    const table = writes.get(entity);
    ids.forEach((id, i) => table?.set(JSON.stringify(id), { id, row: rows[i] ?? null }));
  }
  await replay(db, toReplay, now, writes);
  return left;
}
