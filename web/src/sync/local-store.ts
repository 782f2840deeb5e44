/**
 * The device side of docs/sync.md against Dexie: optimistic writes, pages from the server, and the
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
 *
 * The parts: `local-store.ts` (this file: bookkeeping and the local write), `apply-page.ts`,
 * `rebase.ts`, `replay.ts`, `row-keys.ts`, `resync.ts` and `issue-actions.ts`.
 */
import Dexie, { type Table } from 'dexie';
import type { PilbaraDatabase } from '../db/database';
import type { LocalFieldFile } from '../db/schema';
import { confirmedTableName } from '../db/schema';
import {
  SYNCED_TABLES,
  isNumberedTable,
  keptNumber,
  prepareMutation,
  type MutationRejection,
  type PreparedMutation,
} from '@pilbara/shared-schema';
import { runOn, type GivenRows, type LocalRun } from './replay';
import { matches, touchedKeys } from './row-keys';
import { outboxRow } from './outbox-row';

/** Meta keys of the sync bookkeeping. */
export const META = {
  clientId: 'clientId',
  cursor: 'cursor',
  /** The server run (epoch) that sent the page the cursor came from (sync/timeline.ts). */
  epoch: 'epoch',
  ackedSeq: 'ackedSeq',
  lastIssuedSeq: 'lastIssuedSeq',
  leases: 'leases',
  /** The kinds of series this device's user may hold blocks of, as the server said. */
  leaseKinds: 'leaseKinds',
  dirty: 'dirty',
  status: 'status',
  /** Whose changes the outbox holds after a "keep on this device" sign-out. */
  keptFor: 'keptFor',
  /** A snapshot under way (protocol.ts `SnapshotPosition`): where its next page starts. */
  snapshot: 'snapshot',
  /** The days of history this device keeps, as staff chose (absent: the role's default). */
  historyDays: 'historyDays',
} as const;

/**
 * The outcome of a local write; a refusal is the runner core's (shared-schema sync/runner.ts),
 * the same the server gives: `field` the first bad argument, `fields` every one.
 */
export type MutateResult =
  { ok: true; result: unknown; seq: number; mutationId: string } | MutationRejection;

/** Every table a sync transaction may touch. */
export function syncTables(db: PilbaraDatabase): Table[] {
  return [
    ...SYNCED_TABLES.map((t) => db.table(t)),
    ...SYNCED_TABLES.map((t) => db.table(confirmedTableName(t))),
    db.outbox,
    db.acknowledgedPages,
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
        // server gives it: never a number copied from another row.
        const row = isNumberedTable(change.entity)
          ? { ...change.row, number: keptNumber(await table.get(change.id), change.row) }
          : change.row;
        await table.put(row);
      } else await table.delete(change.id);
    }
  }
  return run;
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
      await db.outbox.add(
        outboxRow(
          { seq, clientId },
          {
            mutationId,
            name,
            args,
            createdAt,
            reads: run.reads,
            writes: run.writes,
            keys: touchedKeys(run),
          },
        ),
      );
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
/** Whether `error` is Dexie's sign that the IndexedDB connection went away (Safari). */
export function isConnectionLost(error: unknown): boolean {
  return (
    error instanceof Dexie.DatabaseClosedError ||
    (error instanceof Error && /connection.*(lost|closed)/i.test(error.message))
  );
}
