import { z } from 'zod';
import { intIdSchema, isoDateTimeSchema } from './common';

/** What became of a notice: still to be seen, undone by its reader, or accepted. */
export const MERGE_NOTICE_STATUSES = ['open', 'undone', 'accepted'] as const;

/** One value of a record one owner kept over the other's. */
export const mergeNoticePartSchema = z.object({
  /** The field, or `items.<line id>` for a quote line. */
  path: z.string().min(1).max(100),
  /** The value now in the record (null: a line removed). */
  kept: z.unknown(),
  /** The value it replaced, which the reader of the notice had set (null: a line removed). */
  lost: z.unknown(),
});
/** A part of a notice. */
export type MergeNoticePart = z.infer<typeof mergeNoticePartSchema>;

/**
 * Table `merge_notices` ("both owners told"): one owner settled a conflict by keeping
 * their value over the other owner's; the other owner's devices show it with both values and can
 * undo it. Written in the same mutation as the edit that replaced the value.
 */
export const mergeNoticeSchema = z.object({
  id: intIdSchema,
  entity: z.enum(['quotes', 'jobs', 'vehicles']),
  /** The record's key as text (a vehicle's integer id as digits). */
  recordId: z.string(),
  /** What people call the record: a document number, a registration. */
  recordRef: z.string(),
  parts: z.array(mergeNoticePartSchema),
  /** Who kept their value (a user id), and their name. */
  keptBy: z.number().int().nullable(),
  keptByName: z.string(),
  status: z.enum(MERGE_NOTICE_STATUSES),
  settledBy: z.number().int().nullable(),
  settledAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
/** A stored merge notice. */
export type MergeNotice = z.infer<typeof mergeNoticeSchema>;
