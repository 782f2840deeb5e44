/**
 * The money documents, job sheets and vehicle history as PDFs, laid out from the shared document
 * models. Routes draw them through `app.pdf` (pool.ts: worker threads with a time budget, issue
 * 25), never by calling a renderer on the event loop; the renderers are exported for the worker
 * (render-task.ts) and for tests of a layout.
 */
export { renderQuotePdf, type QuotePdfOptions } from './quote-pdf';
export { renderCreditNotePdf, renderInvoicePdf, type InvoicePdfOptions } from './invoice-pdf';
export { renderJobSheetPdf, type ImageLoader } from './job-sheet-pdf';
export { renderVehicleHistoryPdf } from './vehicle-history-pdf';
export { createPdfRenderer, PDF_MAX_QUEUE, PDF_TIME_BUDGET_MS, type PdfRenderer } from './pool';
export type { PdfTask } from './render-task';
