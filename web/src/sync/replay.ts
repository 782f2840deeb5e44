/**
 * Running mutators on the device: one mutator on rows at hand (a local write, a dry run), and the
 * replay of pending outbox mutations over rewound rows that every rebase ends with.
 */
import { cmp, type Table } from 'dexie';
import type { PilbaraDatabase } from '../db/database';
import type { OutboxItem, SyncedRow } from '../db/schema';
import {
  applyPrepared,
  isNumberedTable,
  keptNumber,
  prepareMutation,
  rowKey,
  type MutationOutcome,
  type PreparedMutation,
  type Row,
  type RowId,
  type SyncedTable,
} from '@pilbara/shared-schema';
import {
  matches,
  parseKey,
  sameKeys,
  touchedKeys,
  whereKey,
  wildcardKey,
  type RowWrites,
} from './row-keys';

export interface LocalRun {
  outcome: MutationOutcome;
  reads: string[];
  writes: string[];
}

/** What a prepared mutator is given: the rows of each of its reads, by the read's key. */
export type GivenRows = Record<string, Row[]>;

/**
 * Runs a prepared mutator on rows already at hand, synchronously: the outcome with its changes,
 * and the keys it read and wrote.
 */
export function runOn(prepared: PreparedMutation, now: string, given: GivenRows): LocalRun {
  const reads = prepared.reads.map((read) =>
    'id' in read ? rowKey(read.entity, read.id) : wildcardKey(read.entity),
  );
  // The device clock only stamps the optimistic rows; the server sets the real times.
  const outcome = applyPrepared(prepared, { now, userId: 0 }, given);
  const writes = outcome.ok
    ? outcome.changes.map((change) => rowKey(change.entity, change.id))
    : [];
  return { outcome, reads, writes };
}

/**
 * Writes the rewound rows and replays pending mutations over them in seq order, inside the
 * caller's transaction (rebase.ts), in three steps:
 *
 * 1. every row the mutations read by id, and every set they read by field values, is read from
 *    the visible tables at once (what the tables hold does not change until step 3);
 * 2. the mutations run one after the other in memory, each seeing the rewound rows and what the
 *    ones before it wrote over those tables, exactly as if each had been written in turn;
 * 3. what they wrote is written, one bulk write per table, and an outbox row is updated only
 *    where what it read or wrote changed (it rarely does).
 *
 * A long outbox replayed after a change to a row all of it reads (the truck every fuel fill
 * names) is then a few IndexedDB requests instead of four per mutation.
 */
export async function replay(
  db: PilbaraDatabase,
  items: readonly OutboxItem[],
  now: string,
  rewound: RowWrites = new Map(),
) {
  const runs = items.map((item) => ({ item, start: prepareMutation(item.name, item.args) }));
  // The overlay: the rewound rows, then what each replayed mutation writes.
  const written: RowWrites = new Map(
    [...rewound].map(([entity, rows]) => [entity, new Map(rows)] as const),
  );
  // 1. What the tables hold for the rows and sets the mutations read.
  const byId = new Map<SyncedTable, Map<string, SyncedRow | undefined>>();
  const byWhere = new Map<string, SyncedRow[]>();
  const wanted = new Map<SyncedTable, Map<string, RowId>>();
  const wantedWhere = new Map<string, { entity: SyncedTable; where: Record<string, unknown> }>();
  for (const { start } of runs) {
    if (!start.ok) continue;
    for (const read of start.prepared.reads) {
      if ('id' in read) {
        const key = JSON.stringify(read.id);
        if (written.get(read.entity)?.has(key)) continue;
        let ids = wanted.get(read.entity);
        if (!ids) wanted.set(read.entity, (ids = new Map()));
        ids.set(key, read.id);
      } else {
        wantedWhere.set(whereKey(read.entity, read.where), read);
      }
    }
  }
  // A document row written again keeps the number it holds (local-store.ts runPrepared): the rows the
  // mutations wrote last time are fetched with the reads, so the replay rarely has to wait.
  for (const { item } of runs) {
    for (const key of item.writes) {
      const { entity, id } = parseKey(key);
      if (id === null || !isNumberedTable(entity)) continue;
      const rowKey = JSON.stringify(id);
      if (written.get(entity)?.has(rowKey)) continue;
      let ids = wanted.get(entity);
      if (!ids) wanted.set(entity, (ids = new Map()));
      ids.set(rowKey, id);
    }
  }
  for (const [entity, ids] of wanted) {
    const list = [...ids.values()];
    const rows = await readRows(db.visible(entity), list);
    const found = new Map<string, SyncedRow | undefined>();
    list.forEach((id, i) => found.set(JSON.stringify(id), rows[i]));
    byId.set(entity, found);
  }
  for (const [key, { entity, where }] of wantedWhere) {
    byWhere.set(
      key,
      await db
        .visible(entity)
        .filter((row) => matches(row, where))
        .toArray(),
    );
  }
  // 2. The mutations in order, in memory.
  const getRow = (entity: SyncedTable, id: RowId): SyncedRow | undefined => {
    const key = JSON.stringify(id);
    const mine = written.get(entity)?.get(key);
    return mine ? (mine.row ?? undefined) : byId.get(entity)?.get(key);
  };
  const findRows = (entity: SyncedTable, where: Record<string, unknown>): SyncedRow[] => {
    const stored = byWhere.get(whereKey(entity, where)) ?? [];
    const mine = written.get(entity);
    if (!mine || mine.size === 0) return stored;
    const rows = new Map(stored.map((row) => [JSON.stringify(row.id), row]));
    for (const [key, { row }] of mine) {
      if (row && matches(row, where)) rows.set(key, row);
      else rows.delete(key);
    }
    // In key order, as the table itself answers.
    return [...rows.values()].sort((a, b) => cmp(a.id, b.id));
  };
  const changed: OutboxItem[] = [];
  for (const { item, start } of runs) {
    let run: LocalRun;
    if (start.ok) {
      const given: GivenRows = {};
      for (const read of start.prepared.reads) {
        if ('id' in read) {
          const row = getRow(read.entity, read.id);
          given[read.key] = row ? [row] : [];
        } else {
          given[read.key] = findRows(read.entity, read.where);
        }
      }
      run = runOn(start.prepared, item.createdAt || now, given);
      if (run.outcome.ok) {
        for (const change of run.outcome.changes) {
          let rows = written.get(change.entity);
          if (!rows) written.set(change.entity, (rows = new Map()));
          const key = JSON.stringify(change.id);
          let row: SyncedRow | null = null;
          if (change.op === 'put') {
            row = change.row;
            if (isNumberedTable(change.entity)) {
              // As runPrepared: the number of the row as it stands at this point of the replay.
              const mine = rows.get(key);
              let stored: SyncedRow | undefined;
              if (mine) stored = mine.row ?? undefined;
              else {
                let found = byId.get(change.entity);
                if (!found) byId.set(change.entity, (found = new Map()));
                if (!found.has(key)) found.set(key, await db.visible(change.entity).get(change.id));
                stored = found.get(key);
              }
              row = { ...change.row, number: keptNumber(stored, change.row) };
            }
          }
          rows.set(key, { id: change.id, row });
        }
      }
    } else {
      run = { outcome: start, reads: [], writes: [] };
    }
    if (!sameKeys(run.reads, item.reads) || !sameKeys(run.writes, item.writes)) {
      changed.push({ ...item, reads: run.reads, writes: run.writes, keys: touchedKeys(run) });
    }
  }
  // 3. What they wrote, and the outbox rows whose keys changed.
  await writeRows(db, 'visible', written);
  for (const item of changed) {
    await db.outbox.update(item.seq, { reads: item.reads, writes: item.writes, keys: item.keys });
  }
}

/** Fewer rows than this are read one `get` each: a range read is not worth its bounds. */
const RANGE_READ_MIN = 16;

/**
 * The rows of `ids` (undefined where none), in their order. IndexedDB has no multi-get, so a
 * `bulkGet` is one request per id: a thousand rows re-read by a rebase were a thousand round trips
 * to the browser's storage process. Numeric ids that fill at least half of the span between
 * the lowest and the highest (a page of new rows, a run of fuel fills) are read as that one
 * range instead, with at most as many rows again read and dropped.
 */
export async function readRows(
  table: Table<SyncedRow, RowId>,
  ids: readonly RowId[],
): Promise<(SyncedRow | undefined)[]> {
  if (ids.length >= RANGE_READ_MIN && ids.every((id) => typeof id === 'number')) {
    const numbers = ids as readonly number[];
    let low = Infinity;
    let high = -Infinity;
    for (const id of numbers) {
      if (id < low) low = id;
      if (id > high) high = id;
    }
    if (high - low + 1 <= 2 * ids.length) {
      const rows = await table.where(':id').between(low, high, true, true).toArray();
      const byId = new Map<RowId, SyncedRow>(rows.map((row) => [row.id, row]));
      return numbers.map((id) => byId.get(id));
    }
  }
  return table.bulkGet([...ids]);
}

/** Writes rows in bulk, one put and one delete per table. */
export async function writeRows(
  db: PilbaraDatabase,
  side: 'confirmed' | 'visible',
  writes: RowWrites,
): Promise<void> {
  for (const [entity, rows] of writes) {
    const table = side === 'confirmed' ? db.confirmed(entity) : db.visible(entity);
    const puts: SyncedRow[] = [];
    const deletes: RowId[] = [];
    for (const { id, row } of rows.values()) {
      if (row) puts.push(row);
      else deletes.push(id);
    }
    if (puts.length > 0) await table.bulkPut(puts);
    if (deletes.length > 0) await table.bulkDelete(deletes);
  }
}
