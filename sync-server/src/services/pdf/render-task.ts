/**
 * One PDF to draw, as data a worker thread can be handed (structured-cloneable: rows, the
 * document model, image bytes; no functions, no database), and the function a worker runs on it
 * (worker.mjs, pool.ts). The layouts themselves are the render functions beside this file.
 */
import type {
  AuthorityToTowDocument,
  BusinessProfile,
  CreditNote,
  Invoice,
  JobSheetDocument,
  Payment,
  Quote,
  StatementDocument,
  VehicleHistoryDocument,
} from '@pilbara/shared-schema';
import { renderCreditNotePdf, renderInvoicePdf, type InvoicePdfOptions } from './invoice-pdf';
import { renderJobSheetPdf } from './job-sheet-pdf';
import { renderQuotePdf, type QuotePdfOptions } from './quote-pdf';
import { renderVehicleHistoryPdf } from './vehicle-history-pdf';
import { renderStatementPdf } from './statement-pdf';
import { renderAuthorityToTowPdf } from './authority-to-tow-pdf';
import { mergePdfs, renderRecordsPdf, type RecordsPdfInput } from './records-pdf';

/** An image a job sheet embeds, loaded (and scaled to the pixel cap) before the task is sent. */
export interface TaskImage {
  bytes: Uint8Array;
  type: 'jpeg' | 'png';
}

export type PdfTask =
  | { kind: 'quote'; quote: Quote; options: QuotePdfOptions }
  | { kind: 'invoice'; invoice: Invoice; options: InvoicePdfOptions }
  | {
      kind: 'creditNote';
      note: CreditNote;
      invoice: Invoice;
      profile: BusinessProfile;
      /** The invoice's payments and refunds: the note says whether a refund is on its way. */
      payments: readonly Payment[];
    }
  | {
      kind: 'jobSheet';
      doc: JobSheetDocument;
      /** By `photo:<id>` or `signature:<id>`. */
      images: Record<string, TaskImage>;
      printedAt: string;
    }
  | { kind: 'vehicleHistory'; doc: VehicleHistoryDocument }
  | { kind: 'statement'; doc: StatementDocument }
  | {
      kind: 'authorityToTow';
      doc: AuthorityToTowDocument;
      /** By `photo:<id>` or `signature:<id>`. */
      images: Record<string, TaskImage>;
      printedAt: string;
    }
  | { kind: 'records'; input: RecordsPdfInput }
  | { kind: 'merge'; parts: Uint8Array[] };

/** Draws the task's PDF. */
export function renderTask(task: PdfTask): Promise<Uint8Array> {
  switch (task.kind) {
    case 'quote':
      return renderQuotePdf(task.quote, task.options);
    case 'invoice':
      return renderInvoicePdf(task.invoice, task.options);
    case 'creditNote':
      return renderCreditNotePdf(task.note, task.invoice, task.profile, {
        payments: task.payments,
      });
    case 'jobSheet':
      return renderJobSheetPdf(
        task.doc,
        async (kind, id) => task.images[`${kind}:${id}`],
        task.printedAt,
      );
    case 'vehicleHistory':
      return renderVehicleHistoryPdf(task.doc);
    case 'statement':
      return renderStatementPdf(task.doc);
    case 'authorityToTow':
      return renderAuthorityToTowPdf(
        task.doc,
        async (kind, id) => task.images[`${kind}:${id}`],
        task.printedAt,
      );
    case 'records':
      return renderRecordsPdf(task.input);
    case 'merge':
      return mergePdfs(task.parts);
  }
}
