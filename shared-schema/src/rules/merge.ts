/**
 * Merging two owners' edits of one record (docs/sync.md). An editing mutation carries the
 * record as its device last saw it (`base`); the server holds the record as it is now (`theirs`);
 * the edit is `mine`. A three-way merge per field:
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

/** The listed fields of a record. */
export function pick(
  record: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, record[field]]));
}
