/**
 * A device's stored verdicts (docs/sync.md): its `sync_clients` row (owned by the user who
 * first used the client id), the verdict rows of `mutation_results` found by (clientId, seq) or
 * by mutationId, the compact `settled_mutations` record retention keeps once a verdict row is
 * dropped, and the write of a batch's verdicts. The statements of the exactly-once bookkeeping
 * live here; device-batch.ts decides what to answer.
 */
import type { Db } from '../db/connection';
import { statement } from '../db/statements';
import type { MutationResult } from '@pilbara/shared-schema';

/** Thrown when a client id is already bound to another user. */
export class ClientOwnershipError extends Error {
  override name = 'ClientOwnershipError';
}

interface ResultRow {
  seq: number;
  mutationId: string;
  status: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
  result: string | null;
}

function toMutationResult(row: ResultRow): MutationResult {
  const result: MutationResult = {
    seq: row.seq,
    mutationId: row.mutationId,
    status: row.status,
    code: row.code,
    message: row.message,
  };
  if (row.result !== null) result.result = JSON.parse(row.result) as unknown;
  return result;
}

/**
 * The device's row, created on first contact. A client id belongs to the user who first used
 * it; another user presenting it is refused, so nobody can read or settle someone else's queue.
 */
export function ensureClient(
  db: Db,
  clientId: string,
  userId: number,
  now: string,
): { lastSeq: number } {
  const existing = statement(db, 'SELECT userId, lastSeq FROM sync_clients WHERE clientId = ?').get(
    clientId,
  ) as { userId: number; lastSeq: number } | undefined;
  if (existing) {
    if (existing.userId !== userId)
      throw new ClientOwnershipError('This client id belongs to another user');
    return { lastSeq: existing.lastSeq };
  }
  statement(
    db,
    'INSERT INTO sync_clients (clientId, userId, lastSeq, createdAt, updatedAt) VALUES (?, ?, 0, ?, ?)',
  ).run(clientId, userId, now, now);
  return { lastSeq: 0 };
}

/** Whether the server has met this device (its hello recorded it). */
export function isKnownClient(db: Db, clientId: string): boolean {
  return statement(db, 'SELECT 1 FROM sync_clients WHERE clientId = ?').get(clientId) !== undefined;
}

/** The stored verdict on a device's mutation. */
export function storedResult(db: Db, clientId: string, seq: number): MutationResult | undefined {
  const row = statement(
    db,
    'SELECT seq, mutationId, status, code, message, result FROM mutation_results WHERE clientId = ? AND seq = ?',
  ).get(clientId, seq) as ResultRow | undefined;
  return row ? toMutationResult(row) : undefined;
}

/** A verdict found by its mutationId: a verdict row, or the compact record retention keeps. */
export interface KnownVerdict {
  /** Set when a `mutation_results` row holds it (null: only `settled_mutations` does). */
  at: { clientId: string; seq: number } | null;
  name: string | null;
  status: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
  /** The result as stored (JSON text). */
  result: string | null;
  changeSeq: number;
}

/** The verdict on `mutationId`, wherever and under whichever client id and seq it was settled. */
export function knownVerdict(db: Db, mutationId: string): KnownVerdict | undefined {
  const row = statement(
    db,
    `SELECT clientId, seq, name, status, code, message, result, changeSeq FROM mutation_results
       WHERE mutationId = ?`,
  ).get(mutationId) as
    (ResultRow & { clientId: string; name: string; changeSeq: number }) | undefined;
  if (row) {
    const { clientId, seq, ...verdict } = row;
    return { ...verdict, at: { clientId, seq } };
  }
  const compact = statement(
    db,
    'SELECT status, code FROM settled_mutations WHERE mutationId = ?',
  ).get(mutationId) as { status: 'applied' | 'rejected'; code: string | null } | undefined;
  if (!compact) return undefined;
  return { ...compact, at: null, name: null, message: null, result: null, changeSeq: 0 };
}

/** {@link knownVerdict} for several mutationIds in two queries; ids without a verdict are absent. */
export function knownVerdicts(db: Db, mutationIds: readonly string[]): Map<string, KnownVerdict> {
  const found = new Map<string, KnownVerdict>();
  if (mutationIds.length === 0) return found;
  // One statement whatever the count: the ids go in as one JSON array.
  const ids = JSON.stringify(mutationIds);
  const rows = statement(
    db,
    `SELECT clientId, seq, mutationId, name, status, code, message, result, changeSeq
       FROM mutation_results WHERE mutationId IN (SELECT value FROM json_each(?))`,
  ).all(ids) as (ResultRow & { clientId: string; name: string; changeSeq: number })[];
  for (const { clientId, seq, mutationId, ...verdict } of rows) {
    found.set(mutationId, { ...verdict, at: { clientId, seq } });
  }
  if (found.size === mutationIds.length) return found;
  const compact = statement(
    db,
    'SELECT mutationId, status, code FROM settled_mutations WHERE mutationId IN (SELECT value FROM json_each(?))',
  ).all(ids) as {
    mutationId: string;
    status: 'applied' | 'rejected';
    code: string | null;
  }[];
  for (const { mutationId, status, code } of compact) {
    if (found.has(mutationId)) continue;
    found.set(mutationId, {
      status,
      code,
      at: null,
      name: null,
      message: null,
      result: null,
      changeSeq: 0,
    });
  }
  return found;
}

/** `verdict` as the answer to `mutation` (its seq). */
export function answerWith(
  verdict: Pick<KnownVerdict, 'status' | 'code' | 'message' | 'result'>,
  mutation: { seq: number; mutationId: string },
): MutationResult {
  return toMutationResult({ ...verdict, seq: mutation.seq, mutationId: mutation.mutationId });
}

/** A settled mutation's `mutation_results` row, written when its batch finishes. */
export interface PendingResult {
  seq: number;
  mutationId: string;
  name: string;
  status: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
  /** The result as stored (JSON text). */
  result: string | null;
  changeSeq: number;
}

const RESULT_COLUMNS =
  '(clientId, seq, mutationId, name, status, code, message, result, changeSeq, createdAt)';
/** Rows per multi-row insert of results: a full batch of 500 is five statement runs. */
const RESULT_CHUNK = 100;
const insertResultsSql = (rows: number) =>
  `INSERT INTO mutation_results ${RESULT_COLUMNS} VALUES ${Array.from(
    { length: rows },
    () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).join(', ')}`;

/** Forgets the verdict row of `mutationId` (it moves to another client id or seq). */
export function dropVerdict(db: Db, mutationId: string): void {
  statement(db, 'DELETE FROM mutation_results WHERE mutationId = ?').run(mutationId);
}

/** Writes a batch's verdicts, in the order they were settled, and the device's new lastSeq. */
export function writeVerdicts(
  db: Db,
  clientId: string,
  pending: readonly PendingResult[],
  lastSeq: number,
  now: string,
): void {
  // One array of parameters per chunk size, filled in place: a long push writes thousands of
  // verdicts, and an array per row (then one per chunk) was garbage for the collector.
  const fill = (params: unknown[], from: number, count: number) => {
    let p = 0;
    for (let i = from; i < from + count; i++) {
      const row = pending[i] as PendingResult;
      params[p++] = clientId;
      params[p++] = row.seq;
      params[p++] = row.mutationId;
      params[p++] = row.name;
      params[p++] = row.status;
      params[p++] = row.code;
      params[p++] = row.message;
      params[p++] = row.result;
      params[p++] = row.changeSeq;
      params[p++] = now;
    }
    return params;
  };
  let at = 0;
  if (pending.length >= RESULT_CHUNK) {
    const chunk = statement(db, insertResultsSql(RESULT_CHUNK));
    const params = new Array<unknown>(RESULT_CHUNK * 10);
    for (; at + RESULT_CHUNK <= pending.length; at += RESULT_CHUNK)
      chunk.run(fill(params, at, RESULT_CHUNK));
  }
  const one = statement(db, insertResultsSql(1));
  const params = new Array<unknown>(10);
  for (; at < pending.length; at++) one.run(fill(params, at, 1));
  statement(db, 'UPDATE sync_clients SET lastSeq = ?, updatedAt = ? WHERE clientId = ?').run(
    lastSeq,
    now,
    clientId,
  );
}

/**
 * The client's settled seq as far as the changes up to `cursor` cover it, and the results after
 * `ackedSeq` up to there.
 */
export function settledThrough(
  db: Db,
  clientId: string,
  cursor: number,
  ackedSeq: number,
): { lastSeq: number; results: MutationResult[] } {
  const row = statement(
    db,
    'SELECT max(seq) AS seq FROM mutation_results WHERE clientId = ? AND changeSeq <= ?',
  ).get(clientId, cursor) as { seq: number | null };
  const lastSeq = row.seq ?? 0;
  const results = (
    statement(
      db,
      `SELECT seq, mutationId, status, code, message, result FROM mutation_results
         WHERE clientId = ? AND seq > ? AND seq <= ? ORDER BY seq LIMIT 1000`,
    ).all(clientId, ackedSeq, lastSeq) as ResultRow[]
  ).map(toMutationResult);
  return { lastSeq, results };
}
