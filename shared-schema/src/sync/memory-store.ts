/**
 * Runs a named mutator against plain in-memory tables: the reads resolved by id or equality, the
 * args validated, the changes applied to a copy. Unit tests and simulations use it to exercise
 * mutators exactly as the server and the client do, without a database.
 */
import type { MutationOutcome, ReadSpec, Row, SyncedTable } from './mutator';
import { getMutator } from './mutators';

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
  ctx: { now: string; userId: number | string },
): MemoryApplyResult {
  const mutator = getMutator(name);
  if (!mutator)
    return {
      outcome: { ok: false, code: 'unknown_mutator', message: `Unknown mutation ${name}` },
      tables,
    };
  const parsed = mutator.argsSchema.safeParse(args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const outcome: MutationOutcome = {
      ok: false,
      code: 'invalid_args',
      message: issue?.message ?? 'Invalid arguments',
    };
    if (issue && issue.path.length > 0) outcome.field = issue.path.map(String).join('.');
    return { outcome, tables };
  }
  const rows: Record<string, Row[]> = {};
  for (const read of mutator.reads(parsed.data)) rows[read.key] = resolve(tables, read);
  const outcome = mutator.apply({ ...ctx, rows }, parsed.data);
  if (!outcome.ok) return { outcome, tables };
  const next: MemoryTables = { ...tables };
  for (const change of outcome.changes) {
    const current = (next[change.entity] ?? []).filter((row) => row.id !== change.id);
    next[change.entity] = change.op === 'put' ? [...current, change.row] : current;
  }
  return { outcome, tables: next };
}
