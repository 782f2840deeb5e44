/**
 * Merging two owners' edits of one record (issue 16, README "Sync: when two people edit the same
 * record"). An editing mutation carries the record as its device last saw it (`base`); the server
 * holds the record as it is now (`theirs`); the edit is `mine`. A three-way merge per field:
 *
 * - a field only I changed takes my value, a field only they changed keeps theirs, a field we
 *   both set to the same value is simply that value;
 * - a field we both changed to different values is a collision: the record keeps theirs and the
 *   collision is raised as a conflict the owner resolves on the device (keep mine, keep theirs,
 *   or pick per field), so no edit disappears unseen.
 *
 * Lists of identified things (quote lines) merge per element by id: lines either side added are
 * kept, a line one side removed and the other left alone is removed, a line both changed
 * differently (or one removed and the other changed) is a collision. Lists of plain values
 * (a vehicle's modifications) merge as sets: additions and removals of both sides are kept.
 *
 * Pure functions: the mutators call them with the rows they read.
 */

/** One collided part of a record: a field, or one quote line (`items.<line id>`). */
export interface ConflictPart {
  /** The field name, or `items.<id>` for a quote line. */
  path: string;
  /** What this device wanted (null: the line removed). */
  mine: unknown;
  /** What the record holds now, from the other side (null: the line removed). */
  theirs: unknown;
}

/** Record kinds whose edits are merged. */
export type MergedEntity = 'quotes' | 'jobs' | 'vehicles';

/**
 * A conflict raised by an edit: the record kept the other side's value for each part listed;
 * everything else of the edit was merged in.
 */
export interface RecordConflict {
  entity: MergedEntity;
  id: string | number;
  parts: ConflictPart[];
}

/** Value equality for stored field values (JSON shapes: scalars, arrays, plain objects). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a ?? null) === null && (b ?? null) === null) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value, index) => sameValue(value, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameValue(left[key], right[key])) return false;
  return true;
}

/** The result of a merge: the record to store and what collided. */
export interface MergeResult<T> {
  merged: T;
  parts: ConflictPart[];
}

/**
 * Three-way merge of `fields` of a record. `mine` holds only the fields this edit sets (a field
 * left out is not part of the edit). Returns the values to write for those fields.
 */
export function mergeFields(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
  fields: readonly string[],
): MergeResult<Record<string, unknown>> {
  const merged: Record<string, unknown> = {};
  const parts: ConflictPart[] = [];
  for (const field of fields) {
    if (!Object.hasOwn(mine, field) || mine[field] === undefined) continue;
    const value = mine[field];
    const iChanged = !sameValue(value, base[field]);
    const theyChanged = !sameValue(theirs[field], base[field]);
    if (!iChanged) continue;
    if (theyChanged && !sameValue(value, theirs[field])) {
      parts.push({ path: field, mine: value, theirs: theirs[field] ?? null });
      continue;
    }
    merged[field] = value;
  }
  return { merged, parts };
}

/** Something in a list that has an id. */
export interface Identified {
  id: string;
}

/**
 * Three-way merge of an identified list (quote lines). Order: theirs, with my additions after,
 * in my order. Collisions keep theirs (a removed line stays removed, a changed one keeps their
 * version).
 */
export function mergeIdentified<T extends Identified>(
  base: readonly T[],
  mine: readonly T[],
  theirs: readonly T[],
  pathPrefix: string,
): MergeResult<T[]> {
  const byId = (list: readonly T[]) => new Map(list.map((item) => [item.id, item]));
  const baseById = byId(base);
  const mineById = byId(mine);
  const theirsById = byId(theirs);
  const parts: ConflictPart[] = [];
  const merged: T[] = [];
  for (const their of theirs) {
    const original = baseById.get(their.id);
    const my = mineById.get(their.id);
    if (!original) {
      // They added it; if I added the same id too, equal or not, theirs stays.
      if (my && !sameValue(my, their))
        parts.push({ path: `${pathPrefix}.${their.id}`, mine: my, theirs: their });
      merged.push(their);
      continue;
    }
    const theyChanged = !sameValue(their, original);
    if (!my) {
      // I removed it: gone, unless they changed it meanwhile.
      if (theyChanged) {
        parts.push({ path: `${pathPrefix}.${their.id}`, mine: null, theirs: their });
        merged.push(their);
      }
      continue;
    }
    const iChanged = !sameValue(my, original);
    if (iChanged && theyChanged && !sameValue(my, their)) {
      parts.push({ path: `${pathPrefix}.${their.id}`, mine: my, theirs: their });
      merged.push(their);
    } else {
      merged.push(iChanged ? my : their);
    }
  }
  for (const my of mine) {
    if (theirsById.has(my.id)) continue;
    const original = baseById.get(my.id);
    if (!original) {
      merged.push(my);
    } else if (!sameValue(my, original)) {
      // They removed a line I changed: it stays removed, and I am told.
      parts.push({ path: `${pathPrefix}.${my.id}`, mine: my, theirs: null });
    }
  }
  return { merged, parts };
}

/** Set merge of a list of plain values: both sides' additions and removals are kept. */
export function mergeSet<T>(base: readonly T[], mine: readonly T[], theirs: readonly T[]): T[] {
  const removedByMe = new Set(base.filter((value) => !mine.includes(value)));
  const out = theirs.filter((value) => !removedByMe.has(value));
  for (const value of mine) if (!base.includes(value) && !out.includes(value)) out.push(value);
  return out;
}

/** The quote fields an edit sets and that merge field by field (lines merge by id). */
export const QUOTE_MERGED_FIELDS = [
  'customerName',
  'customerPhone',
  'customerEmail',
  'vehicleType',
  'service',
  'fromLocation',
  'toLocation',
  'distance',
  'discountPercent',
  'notes',
] as const;

/** The job fields `job.update` sets and that merge field by field. */
export const JOB_MERGED_FIELDS = [
  'customerName',
  'phone',
  'email',
  'service',
  'location',
  'estimatedArrival',
  'notes',
] as const;

/** Vehicle fields merged field by field; `modifications` and `specialFeatures` merge as sets. */
export const VEHICLE_SET_FIELDS = ['modifications', 'specialFeatures'] as const;

/** A quote line as the merge compares it (no computed total). */
export interface MergeLine {
  id: string;
  description: string;
  quantity: number;
  unitPrice: number;
  category: string;
}

/** The line as the merge compares it: what a person edits, without the computed total. */
export function mergeLine(item: MergeLine): MergeLine {
  return {
    id: item.id,
    description: item.description,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    category: item.category,
  };
}

/** What a quote edit is made of, as the merge sees it. */
export interface QuoteEdit extends Record<string, unknown> {
  items: MergeLine[];
}

/**
 * Merges a quote edit: fields three-way, lines by id. `mine` is the edit's fields and lines
 * (each with an id), `base` and `theirs` are stored quotes. The validity is not merged here: a
 * save always extends it (see quote.save).
 */
export function mergeQuoteEdit(
  base: QuoteEdit,
  mine: QuoteEdit,
  theirs: QuoteEdit,
): MergeResult<QuoteEdit> {
  const fields = mergeFields(base, mine, theirs, QUOTE_MERGED_FIELDS);
  const items = mergeIdentified(
    base.items.map(mergeLine),
    mine.items.map(mergeLine),
    theirs.items.map(mergeLine),
    'items',
  );
  const merged: QuoteEdit = {
    ...pick(theirs, QUOTE_MERGED_FIELDS),
    ...fields.merged,
    items: items.merged,
  };
  return { merged, parts: [...fields.parts, ...items.parts] };
}

/**
 * Merges a job edit (`job.update`'s patch): fields three-way. Returns the fields to write; a
 * field the patch leaves out keeps its stored value.
 */
export function mergeJobEdit(
  base: Record<string, unknown>,
  patch: Record<string, unknown>,
  theirs: Record<string, unknown>,
): MergeResult<Record<string, unknown>> {
  return mergeFields(base, patch, theirs, JOB_MERGED_FIELDS);
}

/**
 * Merges a vehicle edit (`vehicle.update`'s patch): plain fields three-way, the two tick-box
 * lists as sets (never a collision).
 */
export function mergeVehicleEdit(
  base: Record<string, unknown>,
  patch: Record<string, unknown>,
  theirs: Record<string, unknown>,
): MergeResult<Record<string, unknown>> {
  const plain = Object.keys(patch).filter(
    (field) => !(VEHICLE_SET_FIELDS as readonly string[]).includes(field),
  );
  const result = mergeFields(base, patch, theirs, plain);
  for (const field of VEHICLE_SET_FIELDS) {
    const mine = patch[field];
    if (!Array.isArray(mine)) continue;
    result.merged[field] = mergeSet(asList(base[field]), mine as unknown[], asList(theirs[field]));
  }
  return result;
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

function pick(record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, record[field]]));
}

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
