/**
 * The rebase of DESIGN §5: after the confirmed tables changed, the visible rows they feed are
 * rewound to the confirmed ones and the pending mutations that depend on them are replayed.
 */
import type { PilbaraDatabase } from '../db/database';
import type { OutboxItem } from '../db/schema';
import { SYNCED_TABLES, type RowId, type SyncedTable } from '@pilbara/shared-schema';
import { replay } from './replay';
import { entityOf, parseKey, type RowWrites } from './row-keys';

/** Rows whose visible version awaits a rebase (kept in `meta` while pages are to come). */
export interface DirtyState {
  all: boolean;
  keys: string[];
}

/** Above this many changed rows the rebase scans the outbox instead of seeking its index. */
const INDEXED_DIRTY_LIMIT = 32;

/**
 * Recomputes the visible tables after the confirmed ones changed at `dirtyKeys` (or everywhere
 * when `all`). Must run inside a transaction over `syncTables`. `confirmed` holds rows
 * whose confirmed version is already known (the page just wrote them), so they are not read
 * back.
 */
export async function rebase(
  db: PilbaraDatabase,
  all: boolean,
  dirtyKeys: Set<string>,
  now: string,
  confirmed: RowWrites = new Map(),
): Promise<void> {
  let toReplay: OutboxItem[];
  /** The rewind: rows whose visible version becomes the confirmed one before the replay. */
  let rewound: RowWrites = new Map();
  // Fast path: no pending mutation read or wrote anything the page changed (the usual case, found
  // through the outbox's multi-entry index), so only the changed rows are rewound.
  // A big page is checked against the whole outbox in memory instead: one sequential read beats
  // hundreds of index seeks.
  const entities = [...new Set([...dirtyKeys].map(entityOf))];
  let pending: OutboxItem[];
  if (all || dirtyKeys.size > INDEXED_DIRTY_LIMIT) {
    pending = await db.outbox.orderBy('seq').toArray();
  } else {
    // Whether any pending mutation touches them: the first match is enough (a count would walk
    // every entry of a key all of them share, such as the truck every fuel fill names).
    const touching = await db.outbox
      .where('keys')
      .anyOf([...dirtyKeys, ...entities.map((entity) => `${entity}:*`)])
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
    toReplay = pending;
  } else {
    // Pending mutations that depend on a dirty key, transitively: a mutation that reads or writes
    // a dirty row is replayed, which makes everything it read or wrote dirty for later ones.
    const dep = new Set(dirtyKeys);
    const depEntities = new Set([...dirtyKeys].map(entityOf));
    const depWildcards = new Set<string>();
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
          if (key.endsWith(':*')) depWildcards.add(entityOf(key));
          else dep.add(key);
          depEntities.add(entityOf(key));
        }
      }
    }
    toReplay = pending.filter((item) => affected.has(item));
    const rewind = new Set(dirtyKeys);
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
      const rows = await db.confirmed(entity).bulkGet(ids);
      const table = writes.get(entity);
      ids.forEach((id, i) => table?.set(JSON.stringify(id), { id, row: rows[i] ?? null }));
    }
    rewound = writes;
  }
  await replay(db, toReplay, now, rewound);
}
