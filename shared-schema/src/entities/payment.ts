import { z } from 'zod';
import { PAYMENT_KINDS, PAYMENT_METHODS } from '../constants/statuses';
import { intIdSchema, invoiceIdSchema, isoDateTimeSchema } from './common';

/**
 * Table `payments`: money received against an invoice, one row per payment (a part payment and
 * the rest are two rows), and money paid back (`kind: 'refund'`) when a credit note left a paid
 * invoice in credit. `amount` is always positive; `kind` says which way it went. Ids come from a
 * device's lease, so a payment recorded offline is the same row wherever it syncs; a card payment
 * names its PaymentIntent, which pays at most once.
 */
export const paymentSchema = z.object({
  id: intIdSchema,
  invoiceId: invoiceIdSchema,
  /** Cents, above 0. */
  amount: z.number().int().positive(),
  /** A payment in (absent on rows from before refunds) or a refund out. */
  kind: z.enum(PAYMENT_KINDS).optional(),
  method: z.enum(PAYMENT_METHODS),
  /** Receipt number, transfer reference or card receipt, when there is one. */
  reference: z.string().nullable(),
  /** When the money arrived (a refund: when it was paid out). */
  paidAt: isoDateTimeSchema,
  stripePaymentIntentId: z.string().nullable(),
  /** The staff member who recorded it; null for the card provider's webhook. */
  recordedBy: z.number().int().nullable(),
  /** Why staff should look at it (a card payment above the balance due), else null. */
  flag: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
/** A stored payment. */
export type Payment = z.infer<typeof paymentSchema>;
