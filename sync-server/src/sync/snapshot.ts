/**
 * The snapshot a new device starts with (docs/new-device.md): instead of the whole change log
 * from position 0, the rows its role keeps offline (shared-schema sync/offline-scope.ts), in the
 * order someone needs them, a bounded page at a time.
 *
 * 1. **The first screen**, table by table in `FIRST_SCREEN_TABLES` order: the rows on it as they
 *    are now, whatever their age. Each table is read by its plain columns (the statuses of
 *    `FIRST_SCREEN_STATUSES`, unfinished or recently changed jobs, the jobs' own rows by job),
 *    which selects every row that can be on the first screen and few others; `onFirstScreen`
 *    decides.
 * 2. **History**: every other row as the log had it at `head`, newest change first, down to the
 *    cutoff of the history the device keeps. A row that changed after `head` is left to the log,
 *    which the device pulls from `head` once the snapshot is complete: so nothing it holds ever
 *    goes back to an older version, and nothing that changed meanwhile is missed.
 *
 * Both parts pass through the role's sync scope (scope.ts) as every page does. A page holds at
 * most `limit` rows and examines a bounded number, so no page holds the database (or the
 * device) for long; its position (`next`) says where the following one starts.
 */
import type { Db } from '../db/connection';
import { decodeRow } from '../db/rows';
import { statement } from '../db/statements';
import { fileFacts } from './file-references';
import {
  FINISHED_JOB_STATUSES,
  FIRST_SCREEN_JOB_CHILDREN,
  FIRST_SCREEN_STATUSES,
  FIRST_SCREEN_TABLES,
  FIRST_SCREEN_WHOLE_TABLES,
  SYNCED_TABLES,
  canSyncTable,
  historyCutoff,
  onFirstScreen,
  parseSnapshotPosition,
  writeSnapshotPosition,
  SNAPSHOT_START,
  perthDate,
  scopeChange,
  type Actor,
  type ChangeEntry,
  type FirstScreenContext,
  type FirstScreenTable,
  type HistoryDays,
  type JobAssignment,
  type Row,
  type SyncedTable,
} from '@pilbara/shared-schema';

/** Most rows one page examines (read and filtered), whatever it ends up sending. */
const SCAN_BUDGET = 4000;

/** Rows read from a table in one statement. */
const READ_BATCH = 500;

/**
 * How far back a job's creation or last change may be and still be today's in Perth: a day
 * and a half covers Perth's day from any server time zone, with room to spare.
 */
const TODAY_LOOKBACK_MS = 48 * 3_600_000;

const SYNCED = new Set<string>(SYNCED_TABLES);
const JOB_CHILDREN = new Set<string>(FIRST_SCREEN_JOB_CHILDREN);
const WHOLE = new Set<string>(FIRST_SCREEN_WHOLE_TABLES);

/** What a snapshot page needs to know besides the database. */
export interface SnapshotRequest {
  actor: Actor;
  head: number;
  /** Where this page starts (a position the server wrote earlier). */
  from: string;
  historyDays: HistoryDays;
  now: Date;
  /** Most rows on the page. */
  limit: number;
  /** The user a file's references are read for (the scope of `stored_files`). */
  userId: number;
}

/** One page of a snapshot; `next` null once the whole snapshot is sent. */
export interface SnapshotPage {
  changes: ChangeEntry[];
  next: string | null;
}

/**
 * The first screen's jobs as they are now, by day: what part 1 sent of them and of their rows,
 * and what part 2 therefore leaves out. Read once per snapshot and day, not for every page.
 */
const jobSets = new WeakMap<Db, Map<string, Set<string>>>();

function firstScreenJobs(db: Db, head: number, now: Date): Set<string> {
  const today = perthDate(now);
  const key = `${head}|${today}`;
  let cache = jobSets.get(db);
  if (!cache) jobSets.set(db, (cache = new Map()));
  const known = cache.get(key);
  if (known) return known;
  const since = new Date(now.getTime() - TODAY_LOOKBACK_MS).toISOString();
  const finished = FINISHED_JOB_STATUSES.map(() => '?').join(', ');
  const rows = statement(
    db,
    `SELECT * FROM jobs WHERE status NOT IN (${finished}) OR createdAt >= ? OR updatedAt >= ?`,
  ).all(...FINISHED_JOB_STATUSES, since, since) as Row[];
  const context: FirstScreenContext = { today, jobOnFirstScreen: () => false };
  const ids = new Set(
    rows
      .map((raw) => decodeRow<Row>('jobs', raw))
      .filter((job) => onFirstScreen('jobs', job, context))
      .map((job) => String(job.id)),
  );
  // A few snapshots at a time at most (one per new device signing in): the oldest goes.
  if (cache.size >= 16) cache.delete(cache.keys().next().value as string);
  cache.set(key, ids);
  return ids;
}

/** The SQL condition (and its values) selecting the rows of `table` that can be on the first screen. */
function candidates(table: FirstScreenTable, jobs: Set<string>, today: string) {
  if (table === 'jobs') {
    // Exactly the first screen's jobs, read above; JSON keeps the statement's text constant.
    return { where: 'id IN (SELECT value FROM json_each(?))', values: [JSON.stringify([...jobs])] };
  }
  if (JOB_CHILDREN.has(table)) {
    return {
      where: 'jobId IN (SELECT value FROM json_each(?))',
      values: [JSON.stringify([...jobs])],
    };
  }
  if (WHOLE.has(table)) return { where: '1', values: [] };
  if (table === 'prestart_checks') return { where: 'perthDay = ?', values: [today] };
  if (table === 'quotes') {
    // A quote past its validity is history whatever its status: selected out here, a decade of
    // quotes sent and never answered costs the first screen no page.
    const statuses = FIRST_SCREEN_STATUSES.quotes;
    return {
      where: `status IN (${statuses.map(() => '?').join(', ')}) AND (typeof(validUntil) != 'text' OR validUntil >= ?)`,
      values: [...statuses, today],
    };
  }
  const statuses = (FIRST_SCREEN_STATUSES as Partial<Record<string, readonly string[]>>)[table];
  if (statuses) {
    return { where: `status IN (${statuses.map(() => '?').join(', ')})`, values: [...statuses] };
  }
  return { where: '0', values: [] };
}

/** The job a history, photo or signature row belongs to, for the driver's scope. */
function jobAssignee(db: Db, id: string): JobAssignment | undefined {
  return statement(db, 'SELECT assignedTo, assignedDriverId FROM jobs WHERE id = ?').get(id) as
    JobAssignment | undefined;
}

/** History: the latest entry of each row, at or before `head`, newest change first. */
const HISTORY_SQL = `SELECT seq, entity, rowId, op, data, createdAt FROM changes AS c
   WHERE seq <= ? AND createdAt >= ? AND (createdAt, seq) < (?, ?)
     AND NOT EXISTS (
       SELECT 1 FROM changes AS later
       WHERE later.entity = c.entity AND later.rowId = c.rowId AND later.seq > c.seq
     )
   ORDER BY createdAt DESC, seq DESC LIMIT ?`;

interface HistoryRow {
  seq: number;
  entity: string;
  rowId: string | number;
  op: 'put' | 'delete';
  data: string | null;
  createdAt: string;
}

/**
 * A stored row of `table` as the snapshot's first part sends it: a put at `seq` when the row is
 * on the first screen and the actor's scope lets it through, else undefined.
 */
function firstScreenEntry(
  actor: Actor,
  table: FirstScreenTable,
  raw: Row,
  {
    context,
    jobOf,
    seq,
  }: { context: FirstScreenContext; jobOf: (id: string) => JobAssignment | undefined; seq: number },
): ChangeEntry | undefined {
  const row = decodeRow<Row>(table, raw);
  if (!onFirstScreen(table, row, context)) return undefined;
  const entry: ChangeEntry = {
    seq,
    entity: table,
    rowId: row.id as string | number,
    op: 'put',
    data: row,
  };
  return scopeChange(actor, entry, jobOf, { fromStart: true });
}

/**
 * Every row of the first screen of `tables` as they are now, by the rules a snapshot's first
 * part follows (the same candidates, `onFirstScreen` and the role's scope), for an answer that
 * shows the first screen before the device has synced it (admin-first-screen.ts).
 */
export function firstScreenRows(
  db: Db,
  actor: Actor,
  head: number,
  now: Date,
  tables: readonly FirstScreenTable[],
): Map<FirstScreenTable, Row[]> {
  const today = perthDate(now);
  const jobs = firstScreenJobs(db, head, now);
  const context: FirstScreenContext = { today, jobOnFirstScreen: (id) => jobs.has(id) };
  const jobOf = (id: string) => jobAssignee(db, id);
  const seq = Math.max(head, 1);
  const out = new Map<FirstScreenTable, Row[]>();
  for (const table of tables) {
    const kept: Row[] = [];
    out.set(table, kept);
    if (!canSyncTable(actor, table)) continue;
    const { where, values } = candidates(table, jobs, today);
    const rows = statement(db, `SELECT * FROM "${table}" WHERE ${where} ORDER BY rowid`).all(
      ...values,
    ) as Row[];
    for (const raw of rows) {
      const scoped = firstScreenEntry(actor, table, raw, { context, jobOf, seq });
      if (scoped?.op === 'put' && scoped.data) kept.push(scoped.data as Row);
    }
  }
  return out;
}

/** One page of the snapshot `request` describes (see the module comment). */
export function snapshotPage(db: Db, request: SnapshotRequest): SnapshotPage {
  const { actor, head, now, limit } = request;
  const today = perthDate(now);
  const jobs = firstScreenJobs(db, head, now);
  const context: FirstScreenContext = { today, jobOnFirstScreen: (id) => jobs.has(id) };
  const jobOf = (id: string) => jobAssignee(db, id);
  const changes: ChangeEntry[] = [];
  const seq = Math.max(head, 1);
  let position = parseSnapshotPosition(request.from) ?? parseSnapshotPosition(SNAPSHOT_START);
  let scanned = 0;

  while (position?.part === 'first' && changes.length < limit && scanned < SCAN_BUDGET) {
    const table = FIRST_SCREEN_TABLES[position.table];
    if (!table) {
      position = { part: 'history', after: null };
      break;
    }
    // A table the role never receives is not read at all (a driver's device gets no quotes).
    if (!canSyncTable(actor, table)) {
      position = { part: 'first', table: position.table + 1, rowid: 0 };
      continue;
    }
    const { where, values } = candidates(table, jobs, today);
    const rows = statement(
      db,
      `SELECT rowid AS "__rowid", * FROM "${table}" WHERE (${where}) AND rowid > ? ORDER BY rowid LIMIT ?`,
    ).all(...values, position.rowid, READ_BATCH) as Row[];
    if (rows.length === 0) {
      position = { part: 'first', table: position.table + 1, rowid: 0 };
      continue;
    }
    for (const raw of rows) {
      const rowid = Number(raw.__rowid);
      delete raw.__rowid;
      scanned += 1;
      position = { part: 'first', table: position.table, rowid };
      const kept = firstScreenEntry(actor, table, raw, { context, jobOf, seq });
      if (kept) changes.push(kept);
      if (changes.length >= limit || scanned >= SCAN_BUDGET) break;
    }
  }

  const cutoff = historyCutoff(now, request.historyDays) ?? '';
  while (position?.part === 'history' && changes.length < limit && scanned < SCAN_BUDGET) {
    const after = position.after ?? { seq: Number.MAX_SAFE_INTEGER, at: '\uffff' };
    const rows = statement(db, HISTORY_SQL).all(
      head,
      cutoff,
      after.at,
      after.seq,
      READ_BATCH,
    ) as HistoryRow[];
    const files = fileFacts(
      db,
      rows.filter((row) => row.entity === 'stored_files').map((row) => String(row.rowId)),
      request.userId,
    );
    let read = 0;
    for (const row of rows) {
      read += 1;
      scanned += 1;
      position = { part: 'history', after: { seq: row.seq, at: row.createdAt } };
      // A row deleted by `head` is not on the device to begin with.
      if (row.op !== 'put' || row.data === null || !SYNCED.has(row.entity)) continue;
      const entry: ChangeEntry = {
        seq: row.seq,
        entity: row.entity as SyncedTable,
        rowId: row.rowId,
        op: 'put',
        data: JSON.parse(row.data) as Record<string, unknown>,
      };
      if (sentFirst(entry, context)) continue;
      const kept = scopeChange(actor, entry, jobOf, {
        fromStart: true,
        fileRefs: (hash) => files.get(hash),
      });
      if (kept) changes.push(kept);
      if (changes.length >= limit || scanned >= SCAN_BUDGET) break;
    }
    // The window read to its end: the snapshot is complete.
    if (rows.length < READ_BATCH && read === rows.length) return { changes, next: null };
  }
  return { changes, next: position ? writeSnapshotPosition(position) : null };
}

/** Whether part 1 sent this row already (as it is now), so history leaves it out. */
function sentFirst(entry: ChangeEntry, context: FirstScreenContext): boolean {
  if (!(FIRST_SCREEN_TABLES as readonly string[]).includes(entry.entity)) return false;
  return onFirstScreen(entry.entity, { ...(entry.data ?? {}), id: entry.rowId }, context);
}
