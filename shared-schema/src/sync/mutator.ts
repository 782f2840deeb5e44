/**
 * The shape of a named mutator (docs/sync.md).
 *
 * A mutator is a pure function from the rows it declared it reads and its arguments to a list of
 * whole-row changes, or a rejection with a code and the message people read. The web client runs it
 * against Dexie for an instant UI; the server runs the very same function against SQLite as the
 * truth. Nothing here does I/O or reads a clock: time comes in `ctx.now` and every new row's id
 * comes in the arguments (minted from an id lease by a device, or by the server for REST callers).
 */
import type { z } from 'zod';
import type { SYNCED_TABLES } from '../constants/tables';
import type { Actor } from '../rules/roles';

/** A table name from {@link SYNCED_TABLES}. */
export type SyncedTable = (typeof SYNCED_TABLES)[number];

/** Row ids are text for jobs, bookings, quotes and invoices, integers elsewhere. */
export type RowId = string | number;

/** A whole stored row in its wire shape (the entity schema's fields, money in cents). */
export type Row = { id: RowId } & Record<string, unknown>;

/**
 * The key of one row: `entity:id` with the id JSON-encoded, so integer and text ids stay apart
 * (`vehicles:5`, `jobs:"JOB-2026-1"`). The device's outbox records the rows each mutation read
 * and wrote by it (screens ask it which rows are pending), and the server keys its per-batch row
 * cache with it.
 */
export function rowKey(entity: SyncedTable, id: RowId): string {
  return `${entity}:${JSON.stringify(id)}`;
}

/** Scalar values a {@link ReadSpec} `where` may compare against. */
export type WhereValue = string | number | boolean | null;

/**
 * One read a mutator needs before it can decide: a row by id, or the rows of a table whose
 * fields equal the given values. The loaded rows reach `apply` under `key`.
 */
export type ReadSpec =
  | { key: string; entity: SyncedTable; id: RowId }
  | { key: string; entity: SyncedTable; where: Record<string, WhereValue> };

/** What `apply` gets besides its arguments. */
export interface MutationContext {
  /** The authoritative time of this apply, ISO-8601 UTC (the server's clock on the server). */
  now: string;
  /**
   * When the mutation happened on the device (its business time), already bounded against the
   * server's receipt by the caller (rules/occurred.ts `boundOccurredAt`); absent for a REST
   * call, which happens when it arrives. Read it through {@link occurredAt}.
   */
  occurredAt?: string;
  /** The signed-in staff member applying the mutation. */
  userId: number | string;
  /**
   * Who that is, when the caller knows (the server always does): the runner refuses what the
   * role may not do (rules/roles.ts) before the mutator runs, and a write that would hand a
   * driver's job to someone else after. Mutators themselves never look at it.
   */
  actor?: Actor;
  /** Rows loaded for each read, by the read's key (a read by id yields at most one row). */
  rows: Record<string, Row[]>;
}

/** One row written by a mutation: the whole row for a put, only the id for a delete. */
export type RowChange =
  | { entity: SyncedTable; op: 'put'; id: RowId; row: Row }
  | { entity: SyncedTable; op: 'delete'; id: RowId };

/**
 * Why a mutation was refused. All are permanent: retrying the same arguments against the same
 * state gives the same answer, so the sync queue records them and moves on.
 */
export type RejectionCode =
  | 'invalid_args'
  | 'not_found'
  | 'invalid_state'
  | 'conflict'
  | 'unknown_mutator'
  /** The actor's role may not run this mutator (rules/roles.ts). */
  | 'forbidden';

/** A mutation that was refused, with the message staff see. */
export interface MutationRejection {
  ok: false;
  code: RejectionCode;
  message: string;
  /** The argument field the message is about, when there is one. */
  field?: string;
  /**
   * Every bad argument with its message, by dotted path (`items.0.quantity`): all of them for
   * `invalid_args`, the one of `field` otherwise (added by the runner, sync/runner.ts).
   */
  fields?: Record<string, string>;
  /**
   * The record that stands where the refused one would have: the job another owner's
   * approval of the same booking made, shown with its link instead of the refused id.
   */
  related?: { entity: SyncedTable; id: RowId };
}

/** A mutation that succeeded, with its row changes and an optional result for the caller. */
export interface MutationSuccess {
  ok: true;
  changes: RowChange[];
  result?: unknown;
}

/** The outcome of {@link Mutator.apply}. */
export type MutationOutcome = MutationSuccess | MutationRejection;

/**
 * A named, pure, server-authoritative write. `S` is its argument schema: callers send
 * `z.input<S>` (what `mutate(name, args)` is typed with), `reads` and `apply` get `z.output<S>`.
 */
export interface Mutator<S extends z.ZodType = z.ZodType, N extends string = string> {
  name: N;
  argsSchema: S;
  reads(args: z.output<S>): ReadSpec[];
  apply(ctx: MutationContext, args: z.output<S>): MutationOutcome;
}

/** Declares a mutator, keeping its literal name and argument schema in its type. */
export function defineMutator<const N extends string, S extends z.ZodType>(
  mutator: Mutator<S, N>,
): Mutator<S, N> {
  return mutator;
}

/** A rejection outcome. */
export function reject(code: RejectionCode, message: string, field?: string): MutationRejection {
  return field === undefined ? { ok: false, code, message } : { ok: false, code, message, field };
}

/** A success outcome. */
export function succeed(changes: RowChange[], result?: unknown): MutationSuccess {
  return result === undefined ? { ok: true, changes } : { ok: true, changes, result };
}

/** A put of a whole row. */
export function put(entity: SyncedTable, row: Row): RowChange {
  return { entity, op: 'put', id: row.id, row };
}

/** A delete (a tombstone in the change log). */
export function remove(entity: SyncedTable, id: RowId): RowChange {
  return { entity, op: 'delete', id };
}

/** The single row loaded for a read by id, typed as the caller's entity. */
export function readOne<T>(ctx: MutationContext, key: string): T | undefined {
  return ctx.rows[key]?.[0] as T | undefined;
}

/** The rows loaded for a `where` read, typed as the caller's entity. */
export function readMany<T>(ctx: MutationContext, key: string): T[] {
  return (ctx.rows[key] ?? []) as T[];
}

/** The business time of the mutation: when it happened on the device, else `now`. */
export function occurredAt(ctx: Pick<MutationContext, 'now' | 'occurredAt'>): string {
  return ctx.occurredAt ?? ctx.now;
}
