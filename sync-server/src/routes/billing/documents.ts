/**
 * The money documents as files and emails (admins only):
 *
 * - GET /api/quotes/:id/pdf, POST /api/quotes/:id/send-email
 * - GET /api/invoices/:id/pdf, POST /api/invoices/:id/send-email
 * - GET /api/credit-notes/:id/pdf, POST /api/credit-notes/:id/send-email
 *
 * `:id` is the document's number or its key (db/repositories/documents.ts), and every
 * document and file name carries the number.
 *
 * Sending records a pending message in the history of its job, quote and invoice first, then
 * mails the document with its PDF; only when the mailer reports success does the message become
 * sent (and a draft quote become sent, through `quote.setStatus`, so devices sync the change). A failed send answers 502 and changes nothing
 * else. A tax invoice is mailed with the pay link while money is owed, and as Paid once settled.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  QUOTE_STATUS_AFTER_EMAIL,
  balanceDue,
  creditNoteEmailResponseSchema,
  creditNoteIdParamsSchema,
  creditNotePdfFilename,
  documentRef,
  invoiceEmailResponseSchema,
  invoiceIdParamsSchema,
  pdfFileSchema,
  taxInvoiceDocument,
  quoteIdParamsSchema,
  quotePdfFilename,
  quoteResponseSchema,
  renewQuoteInputSchema,
  noBodySchema,
  type CreditNote,
  type Invoice,
  type Quote,
} from '@pilbara/shared-schema';
import { inTransaction } from '../../db/connection';
import { getRow } from '../../db/rows';
import { documentKey, findDocument, refOfKey } from '../../db/repositories/documents';
import {
  markEmailFailed,
  markEmailSent,
  recordDocumentEmail,
  type DocumentEmailSubject,
} from '../../db/repositories/notifications';
import { invoiceWithSettlement } from '../../db/repositories/billing';
import { requireAdmin } from '../../plugins/auth';
import { badRequest, conflict, notFound } from '../../http-error';
import { errorAnswers } from '../../plugins/route-schemas';
import { applyServerMutation } from '../../sync/server-apply';
import { notifyChanges } from '../../db/change-log';
import { mutate } from '../staff/mutate';
import { payLinkToken } from '../../db/repositories/pay-links';
import {
  CREDIT_NOTE_ID_NOT_FOUND,
  CREDIT_NOTE_NOT_FOUND,
  INVOICE_NOT_FOUND,
  QUOTE_NOT_FOUND,
  quoteById,
} from './common';
import {
  creditNoteEmail,
  invoiceEmail,
  quoteEmail,
  quotePayUrl,
  type DocumentEmail,
} from './quote-email';

/** Message when a quote has no address to send to. */
const NO_CUSTOMER_EMAIL =
  'This quote has no customer email address. Add one to the quote before emailing it.';
/** Message when an invoice has no address to send to. */
const NO_INVOICE_EMAIL = 'This invoice has no customer email address.';

/** Statuses whose quote may be emailed: a draft, or a sent quote sent again. */
const EMAILABLE = new Set<Quote['status']>(['draft', 'sent']);

function sendPdf(reply: FastifyReply, pdf: Uint8Array, filename: string) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store')
    .send(Buffer.from(pdf));
}

/**
 * Records the email as pending in the history of its job, quote and invoice (never among the
 * contact messages), sends it with the PDF attached, and marks it sent, or failed with the
 * mailer's reason. Returns whether it was delivered.
 */
async function mailDocument(
  app: FastifyInstance,
  request: FastifyRequest,
  mail: { to: string; message: DocumentEmail; pdf: Uint8Array; filename: string },
  about: DocumentEmailSubject,
): Promise<boolean> {
  const id = inTransaction(app.db, () =>
    recordDocumentEmail(app.db, {
      ...about,
      to: mail.to,
      subject: mail.message.subject,
      text: mail.message.text,
      now: app.now(),
    }),
  );
  const delivery = await app.mailer.send({
    to: mail.to,
    subject: mail.message.subject,
    html: mail.message.html,
    text: mail.message.text,
    replyTo: app.profile.email,
    attachments: [
      { filename: mail.filename, content: Buffer.from(mail.pdf), contentType: 'application/pdf' },
    ],
  });
  if (!delivery.ok) {
    request.log.warn({ error: delivery.error, notificationId: id }, 'document email not delivered');
    markEmailFailed(app.db, id, delivery.error ?? 'Not delivered');
    return false;
  }
  markEmailSent(app.db, id, app.now().toISOString());
  return true;
}

/**
 * The invoice (by number or key) with its payments and credit notes and the numbers of the quote
 * and job it refers to, or a 404.
 */
function invoiceById(app: FastifyInstance, id: string) {
  const found = invoiceWithSettlement(app.db, documentKey(app.db, 'invoices', id) ?? id);
  if (!found) throw notFound(MESSAGES.INVOICE_NOT_FOUND);
  const refOf = refOfKey(app.db);
  return {
    ...found,
    quoteRef: found.invoice.quoteId ? refOf(found.invoice.quoteId) : null,
    jobRef: found.invoice.jobId ? refOf(found.invoice.jobId) : null,
  };
}

/**
 * An invoice's PDF by number or key, with the document's file name; 404 when there is no such
 * invoice or `visible` refuses it (an account's portal sees only its own account's).
 */
export async function renderInvoicePdfFor(
  app: FastifyInstance,
  id: string,
  visible: (invoice: Invoice) => boolean = () => true,
): Promise<{ pdf: Uint8Array; fileName: string; invoice: Invoice }> {
  const { invoice, payments, creditNotes, quoteRef, jobRef } = invoiceById(app, id);
  if (!visible(invoice)) throw notFound(MESSAGES.INVOICE_NOT_FOUND);
  const options = {
    profile: app.profile,
    payments,
    creditNotes,
    payUrl: invoicePayUrl(app, invoice),
    quoteRef,
    jobRef,
  };
  const doc = taxInvoiceDocument(invoice, app.profile, options);
  if (!doc.taxInvoice)
    app.log.warn(
      { invoice: doc.number, problems: doc.problems },
      'invoice is not a tax invoice: it fails points of one',
    );
  const pdf = await app.pdf.render({ kind: 'invoice', invoice, options });
  return { pdf, fileName: doc.fileName, invoice };
}

/** The credit note (by number or key) and the invoice it corrects, with its payments, or a 404. */
function creditNoteById(app: FastifyInstance, id: string) {
  const note = findDocument<CreditNote>(app.db, 'credit_notes', id);
  const found = note ? invoiceWithSettlement(app.db, note.invoiceId) : undefined;
  if (!note || !found) throw notFound(CREDIT_NOTE_NOT_FOUND);
  return { note, invoice: found.invoice, payments: found.payments };
}

/** Where the customer pays an invoice online: its quote's checkout, while money is owed. */
function invoicePayUrl(app: FastifyInstance, invoice: Invoice): string | null {
  return invoice.quoteId && balanceDue(invoice) > 0
    ? quotePayUrl(
        app.config.publicUrl,
        refOfKey(app.db)(invoice.quoteId),
        payLinkToken(app.db, app.payLinkKey, invoice.quoteId),
      )
    : null;
}

/** A PDF answer, for the description. */
const PDF_ANSWER = { content: { 'application/pdf': { schema: pdfFileSchema } } };

/**
 * Emails a draft or sent quote with its PDF and pay link; a draft becomes sent. Answers the quote
 * as it now stands, or null when the email did not go (the caller answers 502).
 */
async function emailQuote(
  app: FastifyInstance,
  request: FastifyRequest,
  quote: Quote,
): Promise<Quote | null> {
  if (!EMAILABLE.has(quote.status)) {
    throw conflict('Only draft or sent quotes can be emailed');
  }
  if (!quote.customerEmail)
    throw badRequest(NO_CUSTOMER_EMAIL, { customerEmail: NO_CUSTOMER_EMAIL });

  const payUrl = quotePayUrl(
    app.config.publicUrl,
    documentRef(quote),
    payLinkToken(app.db, app.payLinkKey, quote.id),
  );
  const delivered = await mailDocument(
    app,
    request,
    {
      to: quote.customerEmail,
      message: quoteEmail(quote, app.profile, payUrl),
      pdf: await app.pdf.render({
        kind: 'quote',
        quote,
        options: { profile: app.profile, payUrl },
      }),
      filename: quotePdfFilename(documentRef(quote)),
    },
    {
      jobId: quote.jobId ?? null,
      quoteId: quote.id,
      invoiceId: null,
      creditNoteId: null,
    },
  );
  if (!delivered) return null;

  const updated = inTransaction(app.db, (): Quote => {
    const current = getRow<Quote>(app.db, 'quotes', quote.id);
    if (!current || current.status !== 'draft') return current ?? quote;
    const outcome = applyServerMutation(
      app.db,
      'quote.setStatus',
      { id: quote.id, status: QUOTE_STATUS_AFTER_EMAIL },
      request.user?.id ?? 'staff',
      app.now().toISOString(),
    );
    if (!outcome.ok) {
      // The email went out; a refused status change (a concurrent edit) must not hide that.
      request.log.warn(
        { quoteId: quote.id, rejection: outcome.message },
        'quote emailed but not marked sent',
      );
      return current;
    }
    return (outcome.result as { quote: Quote }).quote;
  });
  notifyChanges(app.db);
  return updated;
}

export const quoteDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: requireAdmin };

  const quotePdfSchema = {
    summary: 'The quote as a PDF, with its pay link',
    params: quoteIdParamsSchema,
    response: { 200: PDF_ANSWER, ...errorAnswers(404) },
  };
  app.get(
    '/quotes/:id/pdf',
    { ...admin, schema: quotePdfSchema, config: QUOTE_NOT_FOUND },
    async (request, reply) => {
      const quote = quoteById(app, request.params.id);
      const pdf = await app.pdf.render({
        kind: 'quote',
        quote,
        options: {
          profile: app.profile,
          payUrl: quotePayUrl(
            app.config.publicUrl,
            documentRef(quote),
            payLinkToken(app.db, app.payLinkKey, quote.id),
          ),
        },
      });
      return sendPdf(reply, pdf, quotePdfFilename(documentRef(quote)));
    },
  );

  const quoteEmailSchema = {
    summary: 'Email the quote with its PDF and pay link; a draft becomes sent',
    params: quoteIdParamsSchema,
    body: noBodySchema,
    response: { 200: quoteResponseSchema, ...errorAnswers(400, 404, 409, 502) },
  };
  app.post(
    '/quotes/:id/send-email',
    { ...admin, schema: quoteEmailSchema, config: QUOTE_NOT_FOUND },
    async (request, reply) => {
      const updated = await emailQuote(app, request, quoteById(app, request.params.id));
      if (!updated) return reply.code(502).send({ error: MESSAGES.EMAIL_SENDING_FAILED });
      return { quote: updated };
    },
  );

  const renewSchema = {
    summary: 'Renew a quote past its date (good for 14 more days unless said) and email it again',
    params: quoteIdParamsSchema,
    body: renewQuoteInputSchema,
    response: { 200: quoteResponseSchema, ...errorAnswers(400, 404, 409, 502) },
  };
  app.post(
    '/quotes/:id/renew',
    { ...admin, schema: renewSchema, config: QUOTE_NOT_FOUND },
    async (request, reply) => {
      const quote = quoteById(app, request.params.id);
      const { quote: renewed } = mutate<{ quote: Quote }>(app, request, () => ({
        name: 'quote.renew',
        args: { id: quote.id, ...request.body },
      }));
      const sent = await emailQuote(app, request, renewed);
      if (!sent) return reply.code(502).send({ error: MESSAGES.EMAIL_SENDING_FAILED });
      return { quote: sent };
    },
  );

  const invoicePdfSchema = {
    summary: 'The tax invoice as a PDF (with the pay link while money is owed)',
    params: invoiceIdParamsSchema,
    response: { 200: PDF_ANSWER, ...errorAnswers(404) },
  };
  app.get(
    '/invoices/:id/pdf',
    { ...admin, schema: invoicePdfSchema, config: INVOICE_NOT_FOUND },
    async (request, reply) => {
      const rendered = await renderInvoicePdfFor(app, request.params.id);
      return sendPdf(reply, rendered.pdf, rendered.fileName);
    },
  );

  const invoiceEmailSchema = {
    summary: 'Email the tax invoice with its PDF',
    params: invoiceIdParamsSchema,
    body: noBodySchema,
    response: { 200: invoiceEmailResponseSchema, ...errorAnswers(400, 404, 502) },
  };
  app.post(
    '/invoices/:id/send-email',
    { ...admin, schema: invoiceEmailSchema, config: INVOICE_NOT_FOUND },
    async (request, reply) => {
      const { invoice, payments, creditNotes, quoteRef, jobRef } = invoiceById(
        app,
        request.params.id,
      );
      if (!invoice.customerEmail)
        throw badRequest(NO_INVOICE_EMAIL, { customerEmail: NO_INVOICE_EMAIL });
      const payUrl = invoicePayUrl(app, invoice);
      const options = { profile: app.profile, payments, creditNotes, payUrl, quoteRef, jobRef };
      const doc = taxInvoiceDocument(invoice, app.profile, options);
      const delivered = await mailDocument(
        app,
        request,
        {
          to: invoice.customerEmail,
          message: invoiceEmail(invoice, app.profile, options),
          pdf: await app.pdf.render({ kind: 'invoice', invoice, options }),
          filename: doc.fileName,
        },
        {
          jobId: invoice.jobId ?? null,
          quoteId: invoice.quoteId ?? null,
          invoiceId: invoice.id,
          creditNoteId: null,
        },
      );
      if (!delivered) return reply.code(502).send({ error: MESSAGES.EMAIL_SENDING_FAILED });
      return { invoice, sent: true as const };
    },
  );

  const creditNotePdfSchema = {
    summary: 'A credit note as a PDF',
    params: creditNoteIdParamsSchema,
    response: { 200: PDF_ANSWER, ...errorAnswers(404) },
  };
  app.get(
    '/credit-notes/:id/pdf',
    { ...admin, schema: creditNotePdfSchema, config: CREDIT_NOTE_ID_NOT_FOUND },
    async (request, reply) => {
      const { note, invoice, payments } = creditNoteById(app, request.params.id);
      const pdf = await app.pdf.render({
        kind: 'creditNote',
        note,
        invoice,
        profile: app.profile,
        payments,
      });
      return sendPdf(reply, pdf, creditNotePdfFilename(documentRef(note)));
    },
  );

  const creditNoteEmailSchema = {
    summary:
      'Email the credit note (adjustment note) with its PDF; says a refund is on its way when one is owed',
    params: creditNoteIdParamsSchema,
    body: noBodySchema,
    response: { 200: creditNoteEmailResponseSchema, ...errorAnswers(400, 404, 502) },
  };
  app.post(
    '/credit-notes/:id/send-email',
    { ...admin, schema: creditNoteEmailSchema, config: CREDIT_NOTE_ID_NOT_FOUND },
    async (request, reply) => {
      const { note, invoice, payments } = creditNoteById(app, request.params.id);
      const to = note.customerEmail ?? invoice.customerEmail;
      if (!to) throw badRequest(NO_INVOICE_EMAIL, { customerEmail: NO_INVOICE_EMAIL });
      const delivered = await mailDocument(
        app,
        request,
        {
          to,
          message: creditNoteEmail(note, invoice, app.profile, { payments }),
          pdf: await app.pdf.render({
            kind: 'creditNote',
            note,
            invoice,
            profile: app.profile,
            payments,
          }),
          filename: creditNotePdfFilename(documentRef(note)),
        },
        {
          jobId: invoice.jobId ?? null,
          quoteId: invoice.quoteId ?? null,
          invoiceId: invoice.id,
          creditNoteId: note.id,
        },
      );
      if (!delivered) return reply.code(502).send({ error: MESSAGES.EMAIL_SENDING_FAILED });
      return { creditNote: note, sent: true as const };
    },
  );
};
