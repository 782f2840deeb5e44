/**
 * The GST summary of a date range for the BAS, computed from the same invoices, credit notes and
 * payments as the books export (books.ts), so the export always adds up to the summary.
 */
import { z } from 'zod';
import type { CreditNote } from '../entities/credit-note';
import type { Invoice } from '../entities/invoice';
import type { Payment } from '../entities/payment';
import { inRange, type DateRange } from './books';
import { isRefund } from './invoice';

/**
 * The GST summary of a range for the BAS, on the accruals (invoice) basis: sales are the tax
 * invoices issued in the range less the credit notes issued in it (BAS label G1, GST inclusive),
 * and GST on sales is their GST less the credit notes' (label 1A). Payments received in the
 * range are shown beside them for a cash-basis check. Amounts in cents.
 */
export const gstSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  invoiceCount: z.number().int(),
  invoicedCents: z.number().int(),
  invoicedGstCents: z.number().int(),
  creditNoteCount: z.number().int(),
  creditedCents: z.number().int(),
  creditedGstCents: z.number().int(),
  /** G1: total sales, GST inclusive. */
  totalSalesCents: z.number().int(),
  /** 1A: GST on sales. */
  gstOnSalesCents: z.number().int(),
  paymentCount: z.number().int(),
  receivedCents: z.number().int(),
  /** Refunds paid back in the range (money out). */
  refundCount: z.number().int(),
  refundedCents: z.number().int(),
});
/** The GST summary of a range. */
export type GstSummary = z.infer<typeof gstSummarySchema>;

/** Computes the GST summary of a range. */
export function gstSummary(
  invoices: readonly Invoice[],
  creditNotes: readonly CreditNote[],
  payments: readonly Payment[],
  range: DateRange,
): GstSummary {
  const issued = invoices.filter((invoice) => inRange(invoice.createdAt, range));
  const credited = creditNotes.filter((note) => inRange(note.createdAt, range));
  const moved = payments.filter((payment) => inRange(payment.paidAt, range));
  const received = moved.filter((payment) => !isRefund(payment));
  const refunded = moved.filter(isRefund);
  const sum = <T>(rows: readonly T[], pick: (row: T) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  const invoicedCents = sum(issued, (invoice) => invoice.amount);
  const invoicedGstCents = sum(issued, (invoice) => invoice.gst);
  const creditedCents = sum(credited, (note) => note.amount);
  const creditedGstCents = sum(credited, (note) => note.gst);
  return {
    from: range.from,
    to: range.to,
    invoiceCount: issued.length,
    invoicedCents,
    invoicedGstCents,
    creditNoteCount: credited.length,
    creditedCents,
    creditedGstCents,
    totalSalesCents: invoicedCents - creditedCents,
    gstOnSalesCents: invoicedGstCents - creditedGstCents,
    paymentCount: received.length,
    receivedCents: sum(received, (payment) => payment.amount),
    refundCount: refunded.length,
    refundedCents: sum(refunded, (payment) => payment.amount),
  };
}
