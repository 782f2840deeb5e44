/**
 * The money documents (quote, tax invoice, credit note) and the books, written from one rule set:
 * labels, terms, the location multiplier line, GST, invoice settlement, file names, the books
 * export and the owners' reports. Screens, PDFs, emails and demo data use these and word or
 * compute none of it themselves.
 */
export * from './abn';
export * from './books';
export * from './gst-summary';
export * from './credit-note-document';
export * from './file-names';
export * from './invoice';
export * from './pricing-lines';
export * from './quote-document';
export * from './reports';
export * from './tax-invoice';
export * from './job-sheet';
export * from './vehicle-history';
export * from './csv-safety';
export * from './payment-details';
export * from './statement';
export * from './compliance-records';
export * from './authority-to-tow';
