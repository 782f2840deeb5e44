/**
 * The money documents, job sheets and vehicle history as PDFs, laid out from the shared document
 * models. Routes draw them through `app.pdf` (pool.ts: worker threads with a time budget, issue
 * 25), never by calling a renderer on the event loop; the renderers are exported for the worker
 * (render-task.ts) and for tests of a layout.
 */
export { renderQuotePdf } from './quote-pdf';
