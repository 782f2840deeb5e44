/**
 * Settling a merge conflict (rules/merge.ts) the way the owner chose, and the words staff read
 * about it: the conflict's explanation, each part's label and value, and the edit that puts the
 * chosen parts back, carrying the record as the device has it as its base so it merges like any
 * other edit.
 *
 * Pure functions: the conflict screen and the merge notices call them.
 */
import {
  QUOTE_MERGED_FIELDS,
  mergeLine,
  pick,
  type ConflictPart,
  type Identified,
  type MergeLine,
  type MergedEntity,
  type RecordConflict,
} from './merge';

/** Which side a person chose for one collided part. */
export type ConflictChoice = 'mine' | 'theirs';

/**
 * The record as the owner resolved a conflict: `current` (the record now on the device) with
 * each part set to the chosen side. Parts not listed in `choices` keep theirs. For a quote the
 * lines are changed by id (mine null: the line removed; theirs null and mine chosen: put back).
 */
export function applyConflictChoices(
  conflict: RecordConflict,
  current: Record<string, unknown>,
  choices: Record<string, ConflictChoice>,
): { record: Record<string, unknown>; changed: string[] } {
  const record: Record<string, unknown> = { ...current };
  const changed: string[] = [];
  for (const part of conflict.parts) {
    if (choices[part.path] !== 'mine') continue;
    changed.push(part.path);
    if (part.path.startsWith('items.')) {
      const id = part.path.slice('items.'.length);
      const items = Array.isArray(record.items) ? [...(record.items as Identified[])] : [];
      const at = items.findIndex((item) => item.id === id);
      if (part.mine === null) {
        if (at >= 0) items.splice(at, 1);
      } else if (at >= 0) {
        items[at] = part.mine as Identified;
      } else {
        items.push(part.mine as Identified);
      }
      record.items = items;
    } else {
      record[part.path] = part.mine;
    }
  }
  return { record, changed };
}

const KIND_NAMES: Record<MergedEntity, string> = {
  quotes: 'quote',
  jobs: 'job',
  vehicles: 'vehicle',
};

/** The plain-words explanation of a conflict that staff see. */
export function conflictMessage(conflict: RecordConflict): string {
  const kind = KIND_NAMES[conflict.entity];
  const count = conflict.parts.length;
  const what = count === 1 ? 'one part' : `${count} parts`;
  return (
    `Someone else changed ${what} of ${kind} ${String(conflict.id)} that you changed too. ` +
    `Your other changes were saved. Their version is kept below until you choose.`
  );
}

const FIELD_LABELS: Record<string, string> = {
  customerName: 'Customer name',
  customerPhone: 'Customer phone',
  customerEmail: 'Customer email',
  phone: 'Phone',
  email: 'Email',
  vehicleType: 'Vehicle type',
  service: 'Service',
  fromLocation: 'From',
  toLocation: 'To',
  location: 'Location',
  distance: 'Distance (km)',
  discountPercent: 'Discount %',
  notes: 'Notes',
  estimatedArrival: 'Estimated arrival',
};

/** The name a person reads for a conflict part: a field label or "Line: <description>". */
export function conflictPartLabel(part: ConflictPart): string {
  if (part.path.startsWith('items.')) {
    const line = (part.mine ?? part.theirs) as { description?: string } | null;
    return `Line: ${line?.description ?? part.path.slice('items.'.length)}`;
  }
  return FIELD_LABELS[part.path] ?? part.path;
}

/** A conflict part's value in words (a removed line, an empty field, a quote line). */
export function conflictValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'object') {
    const line = value as { description?: string; quantity?: number; unitPrice?: number };
    if (line.description !== undefined && line.unitPrice !== undefined) {
      const dollars = (line.unitPrice / 100).toFixed(2);
      return `${line.description} × ${line.quantity ?? 1} at $${dollars}`;
    }
    return JSON.stringify(value);
  }
  return String(value);
}

/** A mutation by name and arguments, as a device queues it. */
export interface ResolutionMutation {
  name: 'quote.save' | 'job.update' | 'vehicle.update';
  args: Record<string, unknown>;
}

/**
 * The edit that settles a conflict as chosen: the record now on the device (`current`) with the
 * parts chosen as `mine` put back, carrying `current` as its base so it merges like any edit.
 * Null when every part keeps theirs (nothing to write). `now` counts a quote's remaining days.
 * With `noticeId` (a leased `merge_notices` id) the edit says which of the other side's values
 * it replaces, and the other owner is told (rules/merge-notice.ts).
 */
export function conflictResolution(
  conflict: RecordConflict,
  current: Record<string, unknown>,
  choices: Record<string, ConflictChoice>,
  now: string = new Date().toISOString(),
  noticeId?: number,
): ResolutionMutation | null {
  const { record, changed } = applyConflictChoices(conflict, current, choices);
  if (changed.length === 0) return null;
  const mutation = resolutionEdit(conflict, record, changed, current, now);
  if (noticeId !== undefined) {
    const parts = conflict.parts
      .filter((part) => choices[part.path] === 'mine')
      .map((part) => ({ path: part.path, theirs: part.theirs }));
    if (parts.length > 0) mutation.args.overrides = { noticeId, parts };
  }
  return mutation;
}

function resolutionEdit(
  conflict: RecordConflict,
  record: Record<string, unknown>,
  changed: string[],
  current: Record<string, unknown>,
  now: string,
): ResolutionMutation {
  const base = { ...current };
  if (conflict.entity === 'quotes') {
    const items = (record.items as MergeLine[]).map(mergeLine);
    const left = Math.ceil((Date.parse(String(record.validUntil)) - Date.parse(now)) / 86_400_000);
    return {
      name: 'quote.save',
      args: {
        ...pick(record, [...QUOTE_MERGED_FIELDS, 'id']),
        items,
        validDays: Math.min(365, Math.max(1, Number.isFinite(left) ? left : 14)),
        base,
      },
    };
  }
  const patch = pick(record, changed);
  return {
    name: conflict.entity === 'jobs' ? 'job.update' : 'vehicle.update',
    args: { id: conflict.id, patch, base },
  };
}
