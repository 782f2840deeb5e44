/** The money documents as PDFs, laid out from the shared document models. */
export { renderQuotePdf, type QuotePdfOptions } from './quote-pdf';
export { renderCreditNotePdf, renderInvoicePdf, type InvoicePdfOptions } from './invoice-pdf';
export { renderJobSheetPdf, type ImageLoader } from './job-sheet-pdf';
export { renderVehicleHistoryPdf } from './vehicle-history-pdf';
