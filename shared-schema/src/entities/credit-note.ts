import { z } from 'zod';
import {
  centsSchema,
  creditNoteIdSchema,
  documentNumberSchema,
  invoiceIdSchema,
  isoDateTimeSchema,
} from './common';

/**
 * Table `credit_notes`: a correction of an issued tax invoice (an adjustment note), which is
 * never edited itself. `amount` is the GST-inclusive credit in cents and `gst` its one-eleventh,
 * rounded once for the note.
 */
export const creditNoteSchema = z.object({
  id: creditNoteIdSchema,
  /** The credit note number (`CN-2026-3`), given by the server in issue order, never changed. */
  number: documentNumberSchema('creditNote'),
  invoiceId: invoiceIdSchema,
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  /** Cents, above 0. */
  amount: z.number().int().positive(),
  gst: centsSchema,
  reason: z.string(),
  createdAt: isoDateTimeSchema,
});
/** A stored credit note. */
export type CreditNote = z.infer<typeof creditNoteSchema>;
