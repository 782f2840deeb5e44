/**
 * The books (admins only) for a Perth date range (`?from=YYYY-MM-DD&to=YYYY-MM-DD`):
 *
 * - GET /api/books/sales.csv: sales in Xero's "Import invoices" layout;
 * - GET /api/books/myob-sales.csv: the same sales in MYOB AccountRight's "Sales – Service"
 *   import layout, a blank row between sales as MYOB reads them;
 * - GET /api/books/payments.csv: money in and out (refunds negative), each row with the account
 *   it went through, so cash, card and bank lines import apart;
 * - GET /api/books/gst-summary: the BAS figures.
 *
 * The column mappings are documented in shared-schema/src/documents/books.ts. Every CSV is
 * written by `csv` (services/csv.ts), the one place a cell is written; the rows and the
 * summary come from the same shared rules, so the export always adds up to the summary.
 * Documents are named by their numbers (`refOfKey`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MYOB_SALES_COLUMNS,
  PAYMENTS_CSV_COLUMNS,
  SALES_CSV_COLUMNS,
  booksCsvFilename,
  booksRangeQuerySchema,
  csvFileSchema,
  gstSummary,
  gstSummaryResponseSchema,
  myobSalesRecords,
  paymentsCsvRows,
  salesCsvRows,
  type BooksCsvKind,
  type BooksRangeQuery,
} from '@pilbara/shared-schema';
import type { Db } from '../../db/connection';
import { booksRows } from '../../db/repositories/billing';
import { refOfKey } from '../../db/repositories/documents';
import { requireAdmin } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/route-schemas';
import { csv } from '../../services/csv';

/** MYOB's multi-line sales: the header once, then each sale's rows with a blank row between. */
function csvBlocks(
  columns: readonly string[],
  blocks: readonly Record<string, string>[][],
): string {
  if (blocks.length === 0) return csv(columns, []);
  return blocks.map((rows, index) => csv(columns, rows, { header: index === 0 })).join('\r\n');
}

type Books = ReturnType<typeof booksRows>;

/** Each export's file for a range. */
const EXPORTS: Record<BooksCsvKind, (books: Books, range: BooksRangeQuery, db: Db) => string> = {
  sales: (books, range, db) =>
    csv(SALES_CSV_COLUMNS, salesCsvRows(books.invoices, books.creditNotes, range, refOfKey(db))),
  'myob-sales': (books, range, db) =>
    csvBlocks(
      MYOB_SALES_COLUMNS,
      myobSalesRecords(books.invoices, books.creditNotes, range, refOfKey(db)),
    ),
  payments: (books, range, db) =>
    csv(PAYMENTS_CSV_COLUMNS, paymentsCsvRows(books.payments, books.invoices, range, refOfKey(db))),
};

const SUMMARIES: Record<BooksCsvKind, string> = {
  sales: 'The sales of a date range as CSV, in Xero’s invoice import layout',
  'myob-sales': 'The sales of a date range as CSV, in MYOB AccountRight’s Sales – Service layout',
  payments:
    'Money in and out (refunds negative) of a date range as CSV, with the account of each line',
};

export const booksRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of Object.keys(EXPORTS) as BooksCsvKind[]) {
    const schema = {
      summary: SUMMARIES[kind],
      querystring: booksRangeQuerySchema,
      response: {
        200: { content: { 'text/csv': { schema: csvFileSchema } } },
        ...errorAnswers(400),
      },
    };
    app.get(`/books/${kind}.csv`, { onRequest: requireAdmin, schema }, async (request, reply) => {
      const range = request.query;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${booksCsvFilename(kind, range.from, range.to)}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(EXPORTS[kind](booksRows(app.db, range), range, app.db));
    });
  }

  const summarySchema = {
    summary: 'The GST summary of a date range, for the BAS',
    querystring: booksRangeQuerySchema,
    response: { 200: gstSummaryResponseSchema, ...errorAnswers(400) },
  };
  app.get(
    '/books/gst-summary',
    { onRequest: requireAdmin, schema: summarySchema },
    async (request) => {
      const range = request.query;
      const { invoices, creditNotes, payments } = booksRows(app.db, range);
      return { summary: gstSummary(invoices, creditNotes, payments, range) };
    },
  );
};
