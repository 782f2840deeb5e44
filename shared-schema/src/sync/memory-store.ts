/**
 * Runs a named mutator against plain in-memory tables through the shared runner core
 * (./runner.ts): the reads resolved by id or equality, the changes applied to a copy. Unit tests
 * and simulations use it to exercise mutators exactly as the server and the client do, without
 * a database.
 */
import type { MutationOutcome, ReadSpec, Row, SyncedTable } from './mutator';
import { runMutation, type RunContext } from './runner';

/** Tables of rows, by table name. */
export type MemoryTables = Partial<Record<SyncedTable, Row[]>>;

/** The outcome of {@link applyInMemory}: the mutator's outcome and the tables after it. */
export interface MemoryApplyResult {
  outcome: MutationOutcome;
  tables: MemoryTables;
}

function resolve(tables: MemoryTables, read: ReadSpec): Row[] {
  const rows = tables[read.entity] ?? [];
  if ('id' in read) return rows.filter((row) => row.id === read.id);
  return rows.filter((row) =>
    Object.entries(read.where).every(([field, value]) => (row[field] ?? null) === value),
  );
}

/**
 * Validates `args` with the named mutator's schema, runs it against `tables` and returns the new
 * tables (the input is not modified). An unknown name or invalid args is a rejection.
 */
export function applyInMemory(
  tables: MemoryTables,
  name: string,
  args: unknown,
  ctx: RunContext,
): MemoryApplyResult {
  const outcome = runMutation(name, args, ctx, (read) => resolve(tables, read));
  if (!outcome.ok) return { outcome, tables };
  const next: MemoryTables = { ...tables };
  for (const change of outcome.changes) {
    const current = (next[change.entity] ?? []).filter((row) => row.id !== change.id);
    next[change.entity] = change.op === 'put' ? [...current, change.row] : current;
  }
  return { outcome, tables: next };
}
