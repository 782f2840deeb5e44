/**
 * The device side of DESIGN §5 against Dexie: optimistic writes, pages from the server, and the
 * rebase that keeps confirmed and pending state apart.
 *
 * Model (rewind and replay, as Replicache does it): every synced entity has two tables.
 * `confirmed_<table>` holds rows exactly as the server sent them; `<table>` (what screens read)
 * holds the confirmed rows with this device's pending outbox mutations replayed over them.
 *
 * - `mutate` runs the shared mutator against the visible tables and appends the outbox row in one
 *   Dexie transaction; a local rejection writes nothing.
 * - `applyChangesPage` writes a page to the confirmed tables, moves rejected results to
 *   `syncIssues`, drops acked outbox rows and stores the cursor, all in one transaction, then
 *   rebases: the rows the page or the acked mutations touched are rewound to confirmed, and the
 *   pending mutations that depend on them (transitively, by the keys each one read and wrote)
 *   are replayed in seq order. A pull therefore never clobbers a pending edit, and once a
 *   mutation is acked the replay drops it and the server's version shows.
 * - While a catch-up has more pages to come, the rebase is deferred (the dirty keys are kept in
 *   `meta` in the same transaction) and done once at the last page, so a long catch-up costs one
 *   replay instead of one per page.
 */
import Dexie, { cmp, type Table } from 'dexie';
import type { PilbaraDatabase } from '../db/database';
import type {
  AcknowledgedMutation,
  LocalFieldFile,
  MetaRow,
  OutboxItem,
  SyncIssue,
  SyncedRow,
} from '../db/schema';
import { confirmedTableName } from '../db/schema';
import {
  ACKNOWLEDGED_KEEP_DAYS,
  SYNCED_TABLES,
  applyPrepared,
  conflictMessage,
  conflictResolution,
  isNumberedTable,
  noticeUndo,
  type MergeNotice,
  keptNumber,
  prepareMutation,
  type ConflictChoice,
  type RecordConflict,
  rowKey,
  type ChangesMessage,
  type MutationOutcome,
  type MutationRejection,
  type PreparedMutation,
  type Row,
  type RowId,
  type SyncedTable,
} from '@pilbara/shared-schema';

/** Meta keys of the sync bookkeeping. */
export const META = {
  clientId: 'clientId',
  cursor: 'cursor',
  /** The server run (epoch) that sent the page the cursor came from (sync/timeline.ts). */
  epoch: 'epoch',
  ackedSeq: 'ackedSeq',
  lastIssuedSeq: 'lastIssuedSeq',
  leases: 'leases',
  dirty: 'dirty',
  status: 'status',
  /** Whose changes the outbox holds after a "keep on this device" sign-out (issue 16). */
  keptFor: 'keptFor',
} as const;

/**
 * The outcome of a local write; a refusal is the runner core's (shared-schema sync/runner.ts),
 * the same the server gives: `field` the first bad argument, `fields` every one.
 */
export type MutateResult =
  { ok: true; result: unknown; seq: number; mutationId: string } | MutationRejection;

/** The key meaning "some rows of `entity` chosen by field values" (a `where` read). */
function wildcardKey(entity: SyncedTable): string {
  return `${entity}:*`;
}

function parseKey(key: string): { entity: SyncedTable; id: RowId | null } {
  const at = key.indexOf(':');
  const entity = key.slice(0, at) as SyncedTable;
  const rest = key.slice(at + 1);
  return { entity, id: rest === '*' ? null : (JSON.parse(rest) as RowId) };
}

/** Every table a sync transaction may touch. */
function syncTables(db: PilbaraDatabase): Table[] {
  return [
    ...SYNCED_TABLES.map((t) => db.table(t)),
    ...SYNCED_TABLES.map((t) => db.table(confirmedTableName(t))),
    db.outbox,
    db.acknowledged,
    db.syncIssues,
    db.meta,
  ];
}

export async function getMeta<T>(db: PilbaraDatabase, key: string, fallback: T): Promise<T> {
  const row = await db.meta.get(key);
  return row === undefined ? fallback : (row.value as T);
}

export async function setMeta(db: PilbaraDatabase, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

/** This browser's device id, created on first use (shared by every tab of the browser). */
export async function ensureClientId(db: PilbaraDatabase): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await getMeta<string | null>(db, META.clientId, null);
    if (existing) return existing;
    const id = crypto.randomUUID();
    await setMeta(db, META.clientId, id);
    return id;
  });
}

function matches(row: SyncedRow, where: Record<string, unknown>): boolean {
  return Object.entries(where).every(([field, value]) => (row[field] ?? null) === value);
}

/** Every key a run read or wrote, for the outbox's multi-entry index. */
function touchedKeys(run: { reads: string[]; writes: string[] }): string[] {
  return [...new Set([...run.reads, ...run.writes])];
}

interface LocalRun {
  outcome: MutationOutcome;
  reads: string[];
  writes: string[];
}

/** What a prepared mutator is given: the rows of each of its reads, by the read's key. */
type GivenRows = Record<string, Row[]>;

/** Where a read by field values looks: `entity:JSON(where)`. */
const whereKey = (entity: SyncedTable, where: Record<string, unknown>) =>
  `${entity}:${JSON.stringify(where)}`;

/**
 * Runs a prepared mutator on rows already at hand, synchronously: the outcome with its changes,
 * and the keys it read and wrote.
 */
function runOn(prepared: PreparedMutation, now: string, given: GivenRows): LocalRun {
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

/** A staff member's own write: reads the visible tables, runs, writes its changes there. */
async function runPrepared(
  db: PilbaraDatabase,
  prepared: PreparedMutation,
  now: string,
): Promise<LocalRun> {
  const given: GivenRows = {};
  for (const read of prepared.reads) {
    const table = db.visible(read.entity);
    if ('id' in read) {
      const row = await table.get(read.id);
      given[read.key] = row ? [row] : [];
    } else {
      const where = read.where;
      given[read.key] = await table.filter((row) => matches(row, where)).toArray();
    }
  }
  const run = runOn(prepared, now, given);
  if (run.outcome.ok) {
    for (const change of run.outcome.changes) {
      const table = db.visible(change.entity);
      if (change.op === 'put') {
        // A document keeps the number the server gave it, and a new one has none until the
        // server gives it (issue 28): never a number copied from another row.
        const row = isNumberedTable(change.entity)
          ? { ...change.row, number: keptNumber(await table.get(change.id), change.row) }
          : change.row;
        await table.put(row);
      } else await table.delete(change.id);
    }
  }
  return run;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

/**
 * Writes the rewound rows and replays pending mutations over them in seq order, inside the
 * caller's transaction (see {@link rebase}), in three steps:
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
async function replay(
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
  // A document row written again keeps the number it holds (see runPrepared): the rows the
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
    const rows = await db.visible(entity).bulkGet(list);
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

/**
 * A staff write: validates, runs the mutator for the instant UI and appends the outbox row, in
 * ONE Dexie transaction. Resolves after the commit; a local rejection writes nothing.
 */
export async function mutateLocal(
  db: PilbaraDatabase,
  name: string,
  args: unknown,
  now: () => Date = () => new Date(),
  files: readonly LocalFieldFile[] = [],
): Promise<MutateResult> {
  // Checked before any transaction, the way the server will check them.
  const start = prepareMutation(name, args);
  if (!start.ok) return start;
  const clientId = await ensureClientId(db);
  // A photo's or signature's bytes are kept in the same transaction as the mutation that records
  // them: both are on the device, or neither.
  const tables = files.length > 0 ? [...syncTables(db), db.fieldFiles] : syncTables(db);
  return db
    .transaction('rw', tables, async (): Promise<MutateResult> => {
      const createdAt = now().toISOString();
      const run = await runPrepared(db, start.prepared, createdAt);
      // Throwing aborts the transaction, so nothing the mutator may have half-written stays.
      if (!run.outcome.ok) throw new LocalRejection(run.outcome);
      // Every seq ever issued on this device is at or below lastIssuedSeq (a resync renumbers it).
      const seq = (await getMeta<number>(db, META.lastIssuedSeq, 0)) + 1;
      const mutationId = crypto.randomUUID();
      // Stored as the caller gave them: the server validates the same arguments again.
      await db.outbox.add({
        seq,
        mutationId,
        clientId,
        name,
        args,
        createdAt,
        reads: run.reads,
        writes: run.writes,
        keys: touchedKeys(run),
      });
      await setMeta(db, META.lastIssuedSeq, seq);
      if (files.length > 0) await db.fieldFiles.bulkAdd([...files]);
      return { ok: true, result: run.outcome.result, seq, mutationId };
    })
    .catch((error: unknown) => {
      if (error instanceof LocalRejection) return error.rejection;
      throw error;
    });
}

class LocalRejection extends Error {
  constructor(readonly rejection: Extract<MutateResult, { ok: false }>) {
    super(rejection.message);
  }
}

interface DirtyState {
  all: boolean;
  keys: string[];
}

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

/** What applying a page did, for the engine's status and follow-up pulls. */
export interface PageOutcome {
  cursor: number;
  ackedSeq: number;
  /** The server settled more of our mutations than this page's results listed: pull again. */
  moreResults: boolean;
  rejected: SyncIssue[];
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
): Promise<PageOutcome> {
  return db.transaction('rw', syncTables(db), async () => {
    // Bookkeeping in one read and one write: IndexedDB round trips dominate small pages.
    const [dirtyRow, ackedRow, cursorRow] = await db.meta.bulkGet([
      META.dirty,
      META.ackedSeq,
      META.cursor,
    ]);
    const storedCursor = (cursorRow?.value as number | undefined) ?? 0;
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

    // The results list is capped; only what it lists (in seq order) is taken in now.
    const previousAcked = (ackedRow?.value as number | undefined) ?? 0;
    let ackedSeq = page.lastSeq;
    const listed = page.results.filter((r) => r.seq > previousAcked && r.seq <= page.lastSeq);
    const lastListed = listed[listed.length - 1]?.seq ?? previousAcked;
    const moreResults = listed.length > 0 && lastListed < page.lastSeq && listed.length >= 1000;
    if (moreResults) ackedSeq = lastListed;
    ackedSeq = Math.max(ackedSeq, previousAcked);

    const rejected: SyncIssue[] = [];
    const acked: OutboxItem[] = [];
    if (ackedSeq > previousAcked)
      acked.push(...(await db.outbox.where('seq').belowOrEqual(ackedSeq).toArray()));
    const rejectedAt = now().toISOString();
    const bySeq = new Map(acked.map((item) => [item.seq, item]));
    for (const result of listed) {
      const item = bySeq.get(result.seq);
      if (result.seq > ackedSeq || !item) continue;
      // Throwing aborts the transaction: nothing of this page is applied, nothing dropped.
      if (item.mutationId !== result.mutationId)
        throw new IdentityClashError(item.seq, item.mutationId, result.mutationId);
      const conflict = conflictOf(result.status === 'applied' ? result.result : undefined);
      if (conflict) {
        rejected.push({
          id: item.mutationId,
          seq: item.seq,
          mutationId: item.mutationId,
          name: item.name,
          args: item.args,
          code: 'conflict',
          message: conflictMessage(conflict),
          createdAt: item.createdAt,
          rejectedAt,
          conflict,
        });
        continue;
      }
      if (result.status !== 'rejected') continue;
      rejected.push({
        id: item.mutationId,
        seq: item.seq,
        mutationId: item.mutationId,
        name: item.name,
        args: item.args,
        code: result.code ?? 'rejected',
        message: result.message ?? 'The server refused this change',
        createdAt: item.createdAt,
        rejectedAt,
        ...relatedOf(result.result),
      });
    }
    if (rejected.length > 0) await db.syncIssues.bulkPut(rejected);
    for (const item of acked) for (const key of item.writes) keys.add(key);
    if (acked.length > 0) {
      await db.outbox.bulkDelete(acked.map((item) => item.seq));
      await keepAcknowledged(db, acked, refusedSeqs(listed), now());
    }

    const metaRows: MetaRow[] = [{ key: META.ackedSeq, value: ackedSeq }];
    if (!stale) {
      metaRows.push(
        { key: META.cursor, value: page.cursor },
        { key: META.epoch, value: page.epoch ?? null },
      );
    }
    if (page.hasMore) {
      metaRows.push({ key: META.dirty, value: { all, keys: [...keys] } satisfies DirtyState });
      await db.meta.bulkPut(metaRows);
    } else {
      await db.meta.bulkPut(metaRows);
      if (dirtyRow) await db.meta.delete(META.dirty);
      if (keys.size > 0 || all) await rebase(db, all, keys, now().toISOString(), pageRows);
    }
    return { cursor: stale ? storedCursor : page.cursor, ackedSeq, moreResults, rejected };
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
  if (kept.length > 0) await db.acknowledged.bulkPut(kept);
  const before = new Date(now.getTime() - ACKNOWLEDGED_KEEP_DAYS * 86_400_000).toISOString();
  await db.acknowledged.where('ackedAt').below(before).delete();
}

type RowWrites = Map<SyncedTable, Map<string, { id: RowId; row: SyncedRow | null }>>;

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

/** Writes rows in bulk, one put and one delete per table. */
async function writeRows(
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

/** Above this many changed rows the rebase scans the outbox instead of seeking its index. */
const INDEXED_DIRTY_LIMIT = 32;

function entityOf(key: string): string {
  return key.slice(0, key.indexOf(':'));
}

/**
 * Recomputes the visible tables after the confirmed ones changed at `dirtyKeys` (or everywhere
 * when `all`). Must run inside a transaction over {@link syncTables}. `confirmed` holds rows
 * whose confirmed version is already known (the page just wrote them), so they are not read
 * back.
 */
async function rebase(
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

/**
 * A server restored from an older backup forgot some of this device's mutations and numbering
 * (or another device uses the same client id): the device takes a new client id, renumbers its
 * pending outbox from 1 and resyncs from cursor 0, keeping every pending mutation with its
 * mutationId. The server settles a mutationId at most once, so a mutation it had already
 * applied under the old identity is answered with that verdict, not applied again.
 *
 * With `resend` (the server said it lost history: a `reset` page), the mutations it acknowledged
 * in the last ACKNOWLEDGED_KEEP_DAYS go first, in the order they were acknowledged, under their
 * own mutationIds: those the restored copy lacks are applied again, the others are answered.
 */
export async function resetForResync(
  db: PilbaraDatabase,
  { resend = false }: { resend?: boolean } = {},
): Promise<string> {
  return db.transaction('rw', syncTables(db), async () => {
    const clientId = crypto.randomUUID();
    const pending = await db.outbox.orderBy('seq').toArray();
    const again: OutboxItem[] = [];
    if (resend) {
      const kept = await db.acknowledged.toArray();
      kept.sort((a, b) => a.ackedAt.localeCompare(b.ackedAt) || a.seq - b.seq);
      const queued = new Set(pending.map((item) => item.mutationId));
      for (const item of kept) {
        if (queued.has(item.mutationId)) continue;
        // Reads and writes are found again by the rebase the resync ends with.
        again.push({ ...item, seq: 0, clientId, reads: [], writes: [], keys: [] });
      }
      await db.acknowledged.clear();
    }
    await db.outbox.clear();
    let seq = 0;
    for (const item of [...again, ...pending]) {
      seq += 1;
      const { mutationId, name, args, createdAt, reads, writes, keys } = item;
      await db.outbox.add({
        seq,
        mutationId,
        clientId,
        name,
        args,
        createdAt,
        reads,
        writes,
        keys,
      });
    }
    // The server's state is the truth again from scratch; the visible rows stay on screen until
    // the catch-up's last page rebuilds them.
    for (const table of SYNCED_TABLES) await db.confirmed(table).clear();
    await setMeta(db, META.clientId, clientId);
    await setMeta(db, META.cursor, 0);
    await setMeta(db, META.epoch, null);
    await setMeta(db, META.ackedSeq, 0);
    await setMeta(db, META.lastIssuedSeq, seq);
    await setMeta(db, META.dirty, { all: true, keys: [] } satisfies DirtyState);
    return clientId;
  });
}

/** Re-queues a rejected mutation (after staff fixed what it refers to) and drops the issue. */
export async function retryIssue(db: PilbaraDatabase, issueId: string): Promise<MutateResult> {
  const issue = await db.syncIssues.get(issueId);
  if (!issue) return { ok: false, code: 'not_found', message: 'This change is no longer waiting' };
  const result = await mutateLocal(db, issue.name, issue.args);
  if (result.ok) await db.syncIssues.delete(issueId);
  return result;
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

/**
 * Settles a conflict as the owner chose per part (`mine` puts this device's value back over the
 * other side's): one new edit of the record as it is now on the device, carrying it as its base,
 * then the conflict is dropped. Choosing theirs everywhere writes nothing.
 */
export async function resolveConflict(
  db: PilbaraDatabase,
  issueId: string,
  choices: Record<string, ConflictChoice>,
  /** A leased `merge_notices` id: the other owner is told of each value of theirs replaced. */
  noticeId?: number,
): Promise<MutateResult | { ok: true; result: null }> {
  const issue = await db.syncIssues.get(issueId);
  if (!issue?.conflict)
    return { ok: false, code: 'not_found', message: 'This change is no longer waiting' };
  const { conflict } = issue;
  const current = (await db.visible(conflict.entity).get(conflict.id)) as Row | undefined;
  if (!current) {
    return {
      ok: false,
      code: 'not_found',
      message: 'This record no longer exists on the server, so there is nothing to merge into.',
    };
  }
  const mutation = conflictResolution(
    conflict,
    current,
    choices,
    new Date().toISOString(),
    noticeId,
  );
  if (!mutation) {
    await db.syncIssues.delete(issueId);
    return { ok: true, result: null };
  }
  const result = await mutateLocal(db, mutation.name, mutation.args);
  if (result.ok) await db.syncIssues.delete(issueId);
  return result;
}

/**
 * Whether the change would apply now against what this device holds (a dry run of the shared
 * mutator, nothing written): the needs-attention list offers Retry only then (issue 28).
 */
export async function wouldApply(
  db: PilbaraDatabase,
  name: string,
  args: unknown,
): Promise<boolean> {
  const start = prepareMutation(name, args);
  if (!start.ok) return false;
  return db.transaction('r', syncTables(db), async () => {
    const rows: Record<string, Row[]> = {};
    for (const read of start.prepared.reads) {
      const table = db.visible(read.entity);
      if ('id' in read) {
        const row = await table.get(read.id);
        rows[read.key] = row ? [row] : [];
      } else {
        const where = read.where;
        rows[read.key] = await table.filter((row) => matches(row, where)).toArray();
      }
    }
    return applyPrepared(start.prepared, { now: new Date().toISOString(), userId: 0 }, rows).ok;
  });
}

/**
 * Undoes a notice (issue 28): an edit putting this owner's values back over the record as this
 * device holds it (telling the other owner in turn, with `noticeId`), and the notice settled.
 */
export async function undoNotice(
  db: PilbaraDatabase,
  notice: MergeNotice,
  noticeId: number | undefined,
): Promise<MutateResult | { ok: true; result: null }> {
  const key = notice.entity === 'vehicles' ? Number(notice.recordId) : notice.recordId;
  const current = (await db.visible(notice.entity).get(key)) as Row | undefined;
  if (!current) {
    return {
      ok: false,
      code: 'not_found',
      message: 'This record no longer exists, so there is nothing to put back.',
    };
  }
  const mutation =
    noticeId === undefined ? null : noticeUndo(notice, current, noticeId, new Date().toISOString());
  if (mutation) {
    const result = await mutateLocal(db, mutation.name, mutation.args);
    if (!result.ok) return result;
  }
  return mutateLocal(db, 'mergeNotice.settle', { id: notice.id, status: 'undone' });
}

/** Forgets a rejected mutation; its optimistic state was already rolled back. */
export async function discardIssue(db: PilbaraDatabase, issueId: string): Promise<void> {
  await db.syncIssues.delete(issueId);
}

/** Whether `error` is Dexie's sign that the IndexedDB connection went away (Safari). */
export function isConnectionLost(error: unknown): boolean {
  return (
    error instanceof Dexie.DatabaseClosedError ||
    (error instanceof Error && /connection.*(lost|closed)/i.test(error.message))
  );
}
