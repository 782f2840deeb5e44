/**
 * The accountant's view of a date range: the rows of the books export (sales and payments) and
 * the GST summary for the BAS (gst-summary.ts), computed from the same invoices, credit notes and
 * payments so the export always adds up to the summary.
 *
 * Sales CSV (one row per printed line; credit notes as negative lines, which is how Xero and
 * MYOB import a credit note). Column → Xero "Import invoices" field → MYOB AccountRight
 * "Sales – Service" import field:
 *
 *   ContactName   → *ContactName               → Co./Last Name
 *   EmailAddress  → EmailAddress               → (card) Email
 *   InvoiceNumber → *InvoiceNumber             → Invoice #
 *   Reference     → Reference (PO, quote, job) → — (MYOB's Customer PO is the PO alone)
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
 * Payments CSV (Xero bank statement import; MYOB "Receive Payments" import), money in and out:
 *   Date → *Date → Date · Amount → *Amount → Amount Applied · Payee → Payee → Co./Last Name ·
 *   Description → Description → Memo · Reference (the invoice number) → Reference → Invoice # ·
 *   PaymentMethod → — → Payment Method · Account → (the bank account you import into) →
 *   Deposit to Account.
 * A refund is a row with a negative Amount ("money out"). The Account column names where the
 * money went — cash on hand, card clearing, the bank account — so the accountant imports each
 * account's lines on their own (filter the column) instead of one mix of cash and bank lines.
 *
 * MYOB AccountRight sales CSV: the "Sales – Service" import layout, with MYOB's own
 * column names, one row per line and a blank row between sales, as MYOB reads a multi-line
 * sale. Credit notes are sales with a negative amount. Import with "Inc-Tax" amounts. Its
 * "Customer PO" is the customer's purchase order number, which the business does not record:
 * the column stays empty (our own quote number there read as the customer's order).
 *
 * Document numbers: InvoiceNumber and Invoice # are the numbers the server gave the
 * documents (`number`), and the quote and job references are their numbers too (`refOf`).
 */
import { BOOKS_EXPORT, PAYMENT_ACCOUNTS } from '../constants/books';
import type { CreditNote } from '../entities/credit-note';
import type { Invoice } from '../entities/invoice';
import type { Payment } from '../entities/payment';
import { perthDate } from '../rules/dates';
import { documentRef } from '../rules/document-number';
import { allocateGst } from '../rules/gst';
import { isRefund, paymentMethodLabel } from './invoice';
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
  'Account',
] as const;

/** Columns of the MYOB AccountRight sales CSV ("Sales – Service" import), in order. */
export const MYOB_SALES_COLUMNS = [
  'Co./Last Name',
  'Invoice #',
  'Date',
  'Customer PO',
  'Description',
  'Account #',
  'Amount',
  'Inc-Tax Amount',
  'Tax Code',
  'GST Amount',
  'Journal Memo',
  'Terms - Payment is Due',
  'Sale Status',
] as const;

/** One row of the sales CSV, every value as text. */
export type SalesCsvRow = Record<(typeof SALES_CSV_COLUMNS)[number], string>;
/** One row of the payments CSV. */
export type PaymentsCsvRow = Record<(typeof PAYMENTS_CSV_COLUMNS)[number], string>;
/** One row of the MYOB sales CSV. */
export type MyobSalesRow = Record<(typeof MYOB_SALES_COLUMNS)[number], string>;

/** How a row's key (a quote's, a job's, an invoice's) is printed: its document number. */
export type RefOf = (id: string) => string;
const keyAsRef: RefOf = (id) => documentRef({ id });

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

/** A sale (an invoice or a credit note) of a range as the exports lay it out. */
interface SaleDocument {
  date: string;
  due: string;
  number: string;
  contact: string;
  email: string | null;
  reference: string;
  /** The customer's purchase-order number (work on account), else ''. */
  po: string;
  lines: { line: PricedLine; gstCents: number }[];
}

/**
 * The sales of a range: each invoice issued in it (one line per printed line, the multiplier and
 * discount as their own lines) and each credit note issued in it (one negative line), in date
 * order. Each document's lines carry its GST shared out so they add up to it exactly.
 */
function saleDocuments(
  invoices: readonly Invoice[],
  creditNotes: readonly CreditNote[],
  range: DateRange,
  refOf: RefOf,
): SaleDocument[] {
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const documents: SaleDocument[] = [];
  for (const invoice of invoices) {
    if (!inRange(invoice.createdAt, range)) continue;
    const lines = invoiceLines(invoice);
    const shares = allocateGst(
      lines.map((line) => line.amountCents),
      invoice.gst,
    );
    documents.push({
      date: invoice.createdAt,
      due: invoice.dueDate ?? invoice.createdAt,
      number: documentRef(invoice),
      contact: invoice.customerName,
      email: invoice.customerEmail,
      // Xero's Reference leads with the customer's PO, which is what their accounts payable
      // match the invoice to; the quote and job numbers follow.
      reference: [
        ...(invoice.poNumber ? [invoice.poNumber] : []),
        ...[invoice.quoteId, invoice.jobId].filter((id): id is string => Boolean(id)).map(refOf),
      ].join(' '),
      po: invoice.poNumber ?? '',
      lines: lines.map((line, index) => ({ line, gstCents: shares[index] ?? 0 })),
    });
  }
  for (const note of creditNotes) {
    if (!inRange(note.createdAt, range)) continue;
    const invoice = byId.get(note.invoiceId);
    const invoiceRef = invoice ? documentRef(invoice) : refOf(note.invoiceId);
    documents.push({
      date: note.createdAt,
      due: note.createdAt,
      number: documentRef(note),
      contact: note.customerName,
      email: note.customerEmail,
      reference: `Credit for ${invoiceRef}`,
      po: invoice?.poNumber ?? '',
      lines: [
        {
          line: {
            description: `Credit for ${invoice ? `tax invoice ${invoiceRef}` : invoiceRef}: ${note.reason}`,
            quantity: 1,
            unitCents: -note.amount,
            amountCents: -note.amount,
          },
          gstCents: 0 - note.gst,
        },
      ],
    });
  }
  return documents.sort(
    (a, b) =>
      a.date.localeCompare(b.date) || a.number.localeCompare(b.number, 'en', { numeric: true }),
  );
}

/** The sales CSV rows of a range (Xero's "Import invoices" layout). */
export function salesCsvRows(
  invoices: readonly Invoice[],
  creditNotes: readonly CreditNote[],
  range: DateRange,
  refOf: RefOf = keyAsRef,
): SalesCsvRow[] {
  return saleDocuments(invoices, creditNotes, range, refOf).flatMap((sale) =>
    sale.lines.map(({ line, gstCents }) =>
      salesRow(
        {
          contact: sale.contact,
          email: sale.email,
          number: sale.number,
          reference: sale.reference,
        },
        { issued: sale.date, due: sale.due },
        line,
        gstCents,
      ),
    ),
  );
}

/**
 * The MYOB AccountRight sales of a range, one list of rows per sale (the export puts a blank row
 * between sales). Amount is the line without GST, Inc-Tax Amount with it.
 */
export function myobSalesRecords(
  invoices: readonly Invoice[],
  creditNotes: readonly CreditNote[],
  range: DateRange,
  refOf: RefOf = keyAsRef,
): MyobSalesRow[][] {
  return saleDocuments(invoices, creditNotes, range, refOf).map((sale) =>
    sale.lines.map(({ line, gstCents }) => ({
      'Co./Last Name': sale.contact,
      'Invoice #': sale.number,
      Date: booksDate(sale.date),
      'Customer PO': sale.po,
      Description: line.quantity > 1 ? `${line.description} × ${line.quantity}` : line.description,
      'Account #': BOOKS_EXPORT.myobIncomeAccount,
      Amount: csvAmount(line.amountCents - gstCents),
      'Inc-Tax Amount': csvAmount(line.amountCents),
      'Tax Code': BOOKS_EXPORT.myobTaxCode,
      'GST Amount': csvAmount(gstCents),
      'Journal Memo': `Sale; ${sale.contact}`,
      'Terms - Payment is Due': BOOKS_EXPORT.myobTermsCod,
      'Sale Status': 'I',
    })),
  );
}

/**
 * The payments CSV rows of a range, by the date the money moved: payments in, refunds out (a
 * negative Amount), each with the account it went through.
 */
export function paymentsCsvRows(
  payments: readonly Payment[],
  invoices: readonly Invoice[],
  range: DateRange,
  refOf: RefOf = keyAsRef,
): PaymentsCsvRow[] {
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  return payments
    .filter((payment) => inRange(payment.paidAt, range))
    .sort((a, b) => a.paidAt.localeCompare(b.paidAt) || a.id - b.id)
    .map((payment) => {
      const invoice = byId.get(payment.invoiceId);
      const number = invoice ? documentRef(invoice) : refOf(payment.invoiceId);
      const refund = isRefund(payment);
      const note = payment.reference ? ` (${payment.reference})` : '';
      return {
        Date: booksDate(payment.paidAt),
        Amount: csvAmount(refund ? -payment.amount : payment.amount),
        Payee: invoice?.customerName ?? '',
        Description: refund
          ? `Refund for tax invoice ${number}${note}`
          : `Payment for tax invoice ${number}${note}`,
        Reference: number,
        PaymentMethod: paymentMethodLabel(payment.method),
        Account: PAYMENT_ACCOUNTS[payment.method],
      };
    });
}
