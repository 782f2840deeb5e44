/**
 * The accountant's view of a date range: the rows of the books export (sales and payments) and
 * the GST summary for the BAS, computed from the same invoices, credit notes and payments so the
 * export always adds up to the summary.
 *
 * Sales CSV (one row per printed line; credit notes as negative lines, which is how Xero and
 * MYOB import a credit note). Column → Xero "Import invoices" field → MYOB AccountRight
 * "Sales – Service" import field:
 *
 *   ContactName   → *ContactName               → Co./Last Name
 *   EmailAddress  → EmailAddress               → (card) Email
 *   InvoiceNumber → *InvoiceNumber             → Invoice #
 *   Reference     → Reference                  → Customer PO
 *   InvoiceDate   → *InvoiceDate (DD/MM/YYYY)  → Date
 *   DueDate       → *DueDate (DD/MM/YYYY)      → Balance Due Days (from the date)
 *   Description   → *Description               → Description
 *   Quantity      → *Quantity                  → (MYOB service sales have none: use LineAmount)
 *   UnitAmount    → *UnitAmount (tax inclusive) → —
 *   LineAmount    → (Xero computes it)         → Inc-Tax Amount
 *   AccountCode   → *AccountCode               → Account #
 *   TaxType       → *TaxType                   → Tax Code (GST)
 *   TaxAmount     → TaxAmount                  → GST Amount
 *   Currency      → Currency                   → —
 *
 * Import with "Amounts are tax inclusive". TaxAmount carries each line's share of the document's
 * GST (rounded once per document), so the imported GST equals the GST on the tax invoices.
 *
 * Payments CSV (Xero bank statement import; MYOB "Receive Payments" import):
 *   Date → *Date → Date · Amount → *Amount → Amount Applied · Payee → Payee → Co./Last Name ·
 *   Description → Description → Memo · Reference (the invoice number) → Reference → Invoice # ·
 *   PaymentMethod → — → Payment Method.
 */
import { z } from 'zod';
import { BOOKS_EXPORT } from '../constants/books';
import type { CreditNote } from '../entities/credit-note';
import type { Invoice } from '../entities/invoice';
import type { Payment } from '../entities/payment';
import { perthDate } from '../rules/dates';
import { allocateGst } from './gst';
import { paymentMethodLabel } from './invoice';
import { discountLine, multiplierLine } from './pricing-lines';

/** Columns of the sales CSV, in order. */
export const SALES_CSV_COLUMNS = [
  'ContactName',
  'EmailAddress',
  'InvoiceNumber',
  'Reference',
  'InvoiceDate',
  'DueDate',
  'Description',
  'Quantity',
  'UnitAmount',
  'LineAmount',
  'AccountCode',
  'TaxType',
  'TaxAmount',
  'Currency',
] as const;

/** Columns of the payments CSV, in order. */
export const PAYMENTS_CSV_COLUMNS = [
  'Date',
  'Amount',
  'Payee',
  'Description',
  'Reference',
  'PaymentMethod',
] as const;

/** One row of the sales CSV, every value as text. */
export type SalesCsvRow = Record<(typeof SALES_CSV_COLUMNS)[number], string>;
/** One row of the payments CSV. */
export type PaymentsCsvRow = Record<(typeof PAYMENTS_CSV_COLUMNS)[number], string>;

/** An inclusive range of Perth calendar dates, `YYYY-MM-DD`. */
export interface DateRange {
  from: string;
  to: string;
}

/** Whether an instant falls on a Perth date inside the range. */
export function inRange(instant: string, range: DateRange): boolean {
  const date = perthDate(instant);
  return date >= range.from && date <= range.to;
}

/** '2026-11-20' → '20/11/2026' (the Australian order Xero and MYOB read). */
export function booksDate(instant: string): string {
  const [year, month, day] = perthDate(instant).split('-');
  return `${day}/${month}/${year}`;
}

/** Cents as a plain decimal for a spreadsheet: 110000 → '1100.00', -3780 → '-37.80'. */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

interface PricedLine {
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/** The printed lines of an invoice with their GST-inclusive amounts, adjustments included. */
function invoiceLines(invoice: Invoice): PricedLine[] {
  const lines: PricedLine[] = invoice.lineItems.map((item) => ({
    description: item.description,
    quantity: item.quantity,
    unitCents: item.unitPrice,
    amountCents: item.total,
  }));
  const multiplier = multiplierLine(
    invoice.itemsSubtotal,
    invoice.amount + invoice.discountAmount,
    {
      basisPoints: invoice.multiplierBasisPoints,
      location: invoice.multiplierLocation,
    },
  );
  if (multiplier.cents !== 0)
    lines.push({
      description: multiplier.label,
      quantity: 1,
      unitCents: multiplier.cents,
      amountCents: multiplier.cents,
    });
  const discount = discountLine(invoice.discountPercent, invoice.discountAmount);
  if (discount.cents !== 0)
    lines.push({
      description: discount.label,
      quantity: 1,
      unitCents: discount.cents,
      amountCents: discount.cents,
    });
  return lines;
}

function salesRow(
  document: { contact: string; email: string | null; number: string; reference: string },
  dates: { issued: string; due: string },
  line: PricedLine,
  gstCents: number,
): SalesCsvRow {
  return {
    ContactName: document.contact,
    EmailAddress: document.email ?? '',
    InvoiceNumber: document.number,
    Reference: document.reference,
    InvoiceDate: booksDate(dates.issued),
    DueDate: booksDate(dates.due),
    Description: line.description,
    Quantity: String(line.quantity),
    UnitAmount: csvAmount(line.unitCents),
    LineAmount: csvAmount(line.amountCents),
    AccountCode: BOOKS_EXPORT.salesAccountCode,
    TaxType: BOOKS_EXPORT.taxType,
    TaxAmount: csvAmount(gstCents),
    Currency: BOOKS_EXPORT.currency,
  };
}

/**
 * The sales CSV rows of a range: each invoice issued in it (one row per line, the multiplier and
 * discount as their own lines) and each credit note issued in it (one negative row), in date
 * order. Each document's rows carry its GST shared out so they add up to it exactly.
 */
export function salesCsvRows(
  invoices: readonly Invoice[],
  creditNotes: readonly CreditNote[],
  range: DateRange,
): SalesCsvRow[] {
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const documents: { date: string; number: string; rows: SalesCsvRow[] }[] = [];
  for (const invoice of invoices) {
    if (!inRange(invoice.createdAt, range)) continue;
    const lines = invoiceLines(invoice);
    const shares = allocateGst(
      lines.map((line) => line.amountCents),
      invoice.gst,
    );
    const reference = [invoice.quoteId, invoice.jobId].filter(Boolean).join(' ');
    documents.push({
      date: invoice.createdAt,
      number: invoice.id,
      rows: lines.map((line, index) =>
        salesRow(
          {
            contact: invoice.customerName,
            email: invoice.customerEmail,
            number: invoice.id,
            reference,
          },
          { issued: invoice.createdAt, due: invoice.dueDate ?? invoice.createdAt },
          line,
          shares[index] ?? 0,
        ),
      ),
    });
  }
  for (const note of creditNotes) {
    if (!inRange(note.createdAt, range)) continue;
    const invoice = byId.get(note.invoiceId);
    documents.push({
      date: note.createdAt,
      number: note.id,
      rows: [
        salesRow(
          {
            contact: note.customerName,
            email: note.customerEmail,
            number: note.id,
            reference: `Credit for ${note.invoiceId}`,
          },
          { issued: note.createdAt, due: note.createdAt },
          {
            description: `Credit for ${invoice ? `tax invoice ${invoice.id}` : note.invoiceId}: ${note.reason}`,
            quantity: 1,
            unitCents: -note.amount,
            amountCents: -note.amount,
          },
          0 - note.gst,
        ),
      ],
    });
  }
  documents.sort(
    (a, b) =>
      a.date.localeCompare(b.date) || a.number.localeCompare(b.number, 'en', { numeric: true }),
  );
  return documents.flatMap((document) => document.rows);
}

/** The payments CSV rows of a range, by the date the money arrived. */
export function paymentsCsvRows(
  payments: readonly Payment[],
  invoices: readonly Invoice[],
  range: DateRange,
): PaymentsCsvRow[] {
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  return payments
    .filter((payment) => inRange(payment.paidAt, range))
    .sort((a, b) => a.paidAt.localeCompare(b.paidAt) || a.id - b.id)
    .map((payment) => ({
      Date: booksDate(payment.paidAt),
      Amount: csvAmount(payment.amount),
      Payee: byId.get(payment.invoiceId)?.customerName ?? '',
      Description: `Payment for tax invoice ${payment.invoiceId}${payment.reference ? ` (${payment.reference})` : ''}`,
      Reference: payment.invoiceId,
      PaymentMethod: paymentMethodLabel(payment.method),
    }));
}

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
  const received = payments.filter((payment) => inRange(payment.paidAt, range));
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
  };
}
