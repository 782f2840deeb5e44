/**
 * Both owners told. A conflict (rules/merge.ts) is shown to the owner whose edit
 * arrived second: the record kept the other owner's value. When that owner then keeps their own
 * value ("Keep mine", or "Mine" on a part), the first owner's value is the one replaced — so the
 * edit that settles the conflict carries `overrides` (what it replaces), and the mutator writes a
 * notice for the other owner with both values, in the same step. The other owner undoes it with
 * one tap (an edit putting their value back, which tells the first owner in turn) or accepts it.
 *
 * Pure functions: the editing mutators call {@link noticeFor} with the rows they read.
 */
import { z } from 'zod';
import type { MergeNotice, MergeNoticePart } from '../entities/merge-notice';
import type { MergedEntity } from './merge';
import type { ResolutionMutation } from './conflict-resolution';
import { sameValue } from './merge';
import { conflictPartLabel, conflictResolution, conflictValueText } from './conflict-resolution';

/**
 * What a conflict-settling edit replaces: each part chosen as `mine`, with the other side's value
 * it overwrites (`theirs`), and the id of the notice to write (from the device's lease).
 */
export const overridesSchema = z.object({
  noticeId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  parts: z
    .array(z.object({ path: z.string().min(1).max(100), theirs: z.unknown() }))
    .min(1)
    .max(200),
});
/** The `overrides` argument of an edit. */
export type Overrides = z.infer<typeof overridesSchema>;

/** The value of a part in a record: a field, or a quote line by id (`items.<id>`). */
export function partValue(record: Record<string, unknown>, path: string): unknown {
  if (!path.startsWith('items.')) return record[path] ?? null;
  const id = path.slice('items.'.length);
  const items = Array.isArray(record.items) ? (record.items as { id?: unknown }[]) : [];
  return items.find((item) => item.id === id) ?? null;
}

/** A line as compared: what a person edits, not the computed total. */
function comparable(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('description' in value)) return value;
  const line = value as Record<string, unknown>;
  return {
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    category: line.category,
  };
}

/**
 * The notice an edit with `overrides` writes: the parts where the record held the other side's
 * value before the edit (`before`) and holds a different one after it (`after`). Null when the
 * edit replaced nothing of theirs (someone changed it again meanwhile, or it was put back).
 */
export function noticeFor(input: {
  overrides: Overrides | undefined;
  entity: MergedEntity;
  recordId: string | number;
  recordRef: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  keptBy: number | string;
  keptByName: string | undefined;
  now: string;
}): MergeNotice | null {
  const { overrides } = input;
  if (!overrides) return null;
  const parts: MergeNoticePart[] = [];
  for (const part of overrides.parts) {
    const was = partValue(input.before, part.path);
    const now = partValue(input.after, part.path);
    if (!sameValue(comparable(was), comparable(part.theirs))) continue;
    if (sameValue(comparable(now), comparable(was))) continue;
    parts.push({ path: part.path, kept: now, lost: was });
  }
  if (parts.length === 0) return null;
  return {
    id: overrides.noticeId,
    entity: input.entity,
    recordId: String(input.recordId),
    recordRef: input.recordRef,
    parts,
    keptBy: typeof input.keptBy === 'number' ? input.keptBy : null,
    keptByName: input.keptByName?.trim() || 'The other owner',
    status: 'open',
    settledBy: null,
    settledAt: null,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

const KIND_WORDS: Record<MergedEntity, string> = {
  quotes: 'quote',
  jobs: 'job',
  vehicles: 'vehicle',
};

/** The notice in plain words: 'Sam kept their notes on quote Q-2026-12 over yours.' */
export function noticeMessage(
  notice: Pick<MergeNotice, 'entity' | 'recordRef' | 'parts' | 'keptByName'>,
): string {
  const what =
    notice.parts.length === 1
      ? conflictPartLabel({
          path: notice.parts[0]?.path ?? '',
          mine: notice.parts[0]?.lost,
          theirs: notice.parts[0]?.kept,
        }).toLowerCase()
      : `${notice.parts.length} changes`;
  return `${notice.keptByName} kept their ${what} on ${KIND_WORDS[notice.entity]} ${notice.recordRef} over yours.`;
}

/** A notice part's values in words, for the side-by-side table. */
export function noticePartText(part: MergeNoticePart): {
  label: string;
  kept: string;
  lost: string;
} {
  return {
    label: conflictPartLabel({ path: part.path, mine: part.lost, theirs: part.kept }),
    kept: conflictValueText(part.kept),
    lost: conflictValueText(part.lost),
  };
}

/** Whether the signed-in user should see this notice: open, and not their own doing. */
export function isNoticeFor(
  notice: Pick<MergeNotice, 'status' | 'keptBy'>,
  userId: number | null,
): boolean {
  return notice.status === 'open' && (userId === null || notice.keptBy !== userId);
}

/**
 * The edit that undoes a notice: the reader's values put back over the record as it is now on
 * their device (`current`, carried as the base), telling the other owner in turn (`noticeId`).
 * Null when there is nothing to put back.
 */
export function noticeUndo(
  notice: Pick<MergeNotice, 'entity' | 'recordId' | 'parts'>,
  current: Record<string, unknown>,
  noticeId: number,
  now: string = new Date().toISOString(),
): ResolutionMutation | null {
  const id = notice.entity === 'vehicles' ? Number(notice.recordId) : notice.recordId;
  const parts = notice.parts.map((part) => ({
    path: part.path,
    mine: part.lost,
    theirs: partValue(current, part.path),
  }));
  const choices = Object.fromEntries(parts.map((part) => [part.path, 'mine' as const]));
  return conflictResolution({ entity: notice.entity, id, parts }, current, choices, now, noticeId);
}
