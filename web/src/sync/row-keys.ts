/**
 * The keys a device's rebase works with: `entity:JSON(id)` for one row (shared-schema
 * `rowKey`), `entity:*` for "some rows chosen by field values"; and the row sets it writes.
 */
import type { SyncedRow } from '../db/schema';
import type { RowId, SyncedTable } from '@pilbara/shared-schema';

/** Rows to write per table, by JSON of the id: a row to put, or `null` for a delete. */
export type RowWrites = Map<SyncedTable, Map<string, { id: RowId; row: SyncedRow | null }>>;

/** The key meaning "some rows of `entity` chosen by field values" (a `where` read). */
export function wildcardKey(entity: SyncedTable): string {
  return `${entity}:*`;
}

export function parseKey(key: string): { entity: SyncedTable; id: RowId | null } {
  const at = key.indexOf(':');
  const entity = key.slice(0, at) as SyncedTable;
  const rest = key.slice(at + 1);
  return { entity, id: rest === '*' ? null : (JSON.parse(rest) as RowId) };
}

export function matches(row: SyncedRow, where: Record<string, unknown>): boolean {
  return Object.entries(where).every(([field, value]) => (row[field] ?? null) === value);
}

/** Every key a run read or wrote, for the outbox's multi-entry index. */
export function touchedKeys(run: { reads: string[]; writes: string[] }): string[] {
  return [...new Set([...run.reads, ...run.writes])];
}

/** Where a read by field values looks: `entity:JSON(where)`. */
export const whereKey = (entity: SyncedTable, where: Record<string, unknown>) =>
  `${entity}:${JSON.stringify(where)}`;
export function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

export function entityOf(key: string): string {
  return key.slice(0, key.indexOf(':'));
}
