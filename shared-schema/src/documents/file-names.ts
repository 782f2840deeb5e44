/** The file names money documents are saved and attached under. */

/** 'Quote-Q-2026-1.pdf' (spec staff §7: the PDF is saved as Quote-{id}.pdf). */
export function quotePdfFilename(quoteId: string): string {
  return `Quote-${quoteId}.pdf`;
}

/** 'Tax-invoice-INV-2026-1.pdf', or 'Invoice-INV-2026-1.pdf' for one that is not a tax invoice. */
export function invoicePdfFilename(invoiceNumber: string, taxInvoice = true): string {
  return `${taxInvoice ? 'Tax-invoice' : 'Invoice'}-${invoiceNumber}.pdf`;
}

/** 'Credit-note-CN-2026-1.pdf'. */
export function creditNotePdfFilename(creditNoteId: string): string {
  return `Credit-note-${creditNoteId}.pdf`;
}

/** The books exports: Xero sales, MYOB sales, payments in and out. */
export const BOOKS_CSV_KINDS = ['sales', 'myob-sales', 'payments'] as const;
/** A books export. */
export type BooksCsvKind = (typeof BOOKS_CSV_KINDS)[number];

/** 'sales-2026-11-01-to-2026-11-30.csv': a books export of a date range. */
export function booksCsvFilename(kind: BooksCsvKind, from: string, to: string): string {
  return `${kind}-${from}-to-${to}.csv`;
}

/** 'Job-sheet-JOB-2026-1.pdf': a job's field record with its photos and signatures. */
export function jobSheetPdfFilename(jobId: string): string {
  return `Job-sheet-${jobId}.pdf`;
}
