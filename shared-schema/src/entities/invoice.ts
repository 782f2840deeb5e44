import { z } from 'zod';
import { INVOICE_STATUSES } from '../constants/statuses';
import {
  centsSchema,
  intIdSchema,
  documentNumberSchema,
  invoiceIdSchema,
  isoDateOrDateTimeSchema,
  isoDateTimeSchema,
  jobIdSchema,
  quoteIdSchema,
} from './common';
import { quoteItemSchema } from './quote';

/**
 * Table `invoices`: a tax invoice. `amount` is the GST-inclusive total in cents; `lineItems` are
 * the quote lines it was raised from.
 *
 * Everything the document prints (lines, subtotal, location multiplier, discount, total, GST) is
 * fixed when the invoice is issued and never edited afterwards: a correction is a credit note.
 * Only the settlement fields move: `amountPaid`, `amountCredited`, `amountRefunded`, `status`
 * and `paidAt`
 * (`pending` while a balance is due, `paid` once payments cover it, `cancelled` when credit
 * notes cover it with nothing paid).
 */
export const invoiceSchema = z.object({
  id: invoiceIdSchema,
  /** The invoice number (`INV-2026-12`), given by the server in issue order, never changed. */
  number: documentNumberSchema('invoice'),
  jobId: jobIdSchema.nullable(),
  quoteId: quoteIdSchema.nullable(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  /** GST-inclusive total in cents. */
  amount: centsSchema,
  /** Default 'pending'. */
  status: z.enum(INVOICE_STATUSES),
  /** Kept for invoices paid before payments had their own table; card payments now name their intent. */
  stripePaymentIntentId: z.string().nullable(),
  stripePaymentLink: z.string().nullable(),
  lineItems: z.array(quoteItemSchema),
  /** When payment is due (the quote terms: on completion, so the issue date). */
  dueDate: isoDateOrDateTimeSchema.nullable(),
  /** When the payment that settled it arrived; null while a balance is due. */
  paidAt: isoDateTimeSchema.nullable(),
  /** The issue date. */
  createdAt: isoDateTimeSchema,
  /** The service sold (the quote's), for revenue by service. */
  service: z.string().nullable(),
  /** The buyer's ABN when they gave one (a mine site, a fleet). */
  buyerAbn: z.string().nullable(),
  /** Σ line totals, cents. */
  itemsSubtotal: centsSchema,
  /** The location multiplier applied, in basis points (1.4 → 14000). */
  multiplierBasisPoints: z.number().int().min(10000),
  /** The location the multiplier comes from, or null when it is 1. */
  multiplierLocation: z.string().nullable(),
  discountPercent: z.number().int().min(0).max(100),
  discountAmount: centsSchema,
  /** GST included in `amount`: one-eleventh, rounded once for the whole invoice. */
  gst: centsSchema,
  /** Σ payments, cents. */
  amountPaid: centsSchema,
  /** Σ credit notes, cents. */
  amountCredited: centsSchema,
  /**
   * Σ refunds paid out, cents (money back to a customer left in credit); absent on a device's
   * copy of a row synced before refunds existed, which means 0.
   */
  amountRefunded: centsSchema.optional(),
  /** The account billed, when the work was on account. */
  accountId: intIdSchema.nullable().optional(),
  /** The account's site the work was at, as printed ('Cape Lambert gate 2, Wickham'). */
  siteName: z.string().nullable().optional(),
  /** The customer's purchase-order number, as printed. */
  poNumber: z.string().max(50).nullable().optional(),
  updatedAt: isoDateTimeSchema,
});
/** A stored invoice. */
export type Invoice = z.infer<typeof invoiceSchema>;
