import { z } from 'zod';
import { INVOICE_STATUSES } from '../constants/statuses';
import {
  centsSchema,
  invoiceIdSchema,
  isoDateOrDateTimeSchema,
  isoDateTimeSchema,
  jobIdSchema,
  quoteIdSchema,
} from './common';
import { quoteItemSchema } from './quote';

/** Table `invoices`. `amount` in cents; `lineItems` are quote lines. */
export const invoiceSchema = z.object({
  id: invoiceIdSchema,
  jobId: jobIdSchema.nullable(),
  quoteId: quoteIdSchema.nullable(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  amount: centsSchema,
  /** Default 'pending'. */
  status: z.enum(INVOICE_STATUSES),
  stripePaymentIntentId: z.string().nullable(),
  stripePaymentLink: z.string().nullable(),
  lineItems: z.array(quoteItemSchema),
  dueDate: isoDateOrDateTimeSchema.nullable(),
  paidAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
/** A stored invoice. */
export type Invoice = z.infer<typeof invoiceSchema>;
