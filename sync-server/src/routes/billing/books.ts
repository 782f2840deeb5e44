/**
 * The books (admins only): GET /api/books/sales.csv and /api/books/payments.csv for a Perth date
 * range (`?from=YYYY-MM-DD&to=YYYY-MM-DD`), in the layout Xero and MYOB import (the column
 * mapping is documented in shared-schema/src/documents/books.ts), and GET /api/books/gst-summary
 * for the BAS. The CSV is written by csv-stringify; the rows and the summary come from the same
 * shared rules, so the export always adds up to the summary.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify/sync';
import {
  PAYMENTS_CSV_COLUMNS,
  SALES_CSV_COLUMNS,
  booksCsvFilename,
  booksRangeQuerySchema,
  csvFileSchema,
  gstSummary,
  gstSummaryResponseSchema,
  neutraliseCsvRow,
  paymentsCsvRows,
  salesCsvRows,
  type BooksRangeQuery,
} from '@pilbara/shared-schema';
import { booksRows } from '../../db/repositories/billing';
import { requireAdmin } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/route-schemas';

function csv(columns: readonly string[], rows: readonly Record<string, string>[]): string {
  // Excel opens a UTF-8 file correctly only with a byte-order mark; the importers accept it too.
  // A cell that would start a formula is neutralised as OWASP advises (issue 25); amounts stay
  // numbers (documents/csv-safety.ts).
  return stringify(rows.map(neutraliseCsvRow), {
    header: true,
    columns: [...columns],
    bom: true,
    record_delimiter: 'windows',
  });
}

/** The two exports: which columns, and which rows of the range. */
const EXPORTS = {
  sales: {
    columns: SALES_CSV_COLUMNS,
    rows: (books: ReturnType<typeof booksRows>, range: BooksRangeQuery) =>
      salesCsvRows(books.invoices, books.creditNotes, range),
  },
  payments: {
    columns: PAYMENTS_CSV_COLUMNS,
    rows: (books: ReturnType<typeof booksRows>, range: BooksRangeQuery) =>
      paymentsCsvRows(books.payments, books.invoices, range),
  },
} as const;

export const booksRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['sales', 'payments'] as const) {
    const schema = {
      summary: `The ${kind} of a date range as CSV, for Xero or MYOB`,
      querystring: booksRangeQuerySchema,
      response: {
        200: { content: { 'text/csv': { schema: csvFileSchema } } },
        ...errorAnswers(400),
      },
    };
    app.get(`/books/${kind}.csv`, { onRequest: requireAdmin, schema }, async (request, reply) => {
      const range = request.query;
      const { columns, rows } = EXPORTS[kind];
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${booksCsvFilename(kind, range.from, range.to)}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(csv(columns, rows(booksRows(app.db, range), range)));
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
