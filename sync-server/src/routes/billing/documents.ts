/**
 * GET /api/quotes/:id/pdf and POST /api/quotes/:id/send-email (admins only).
 *
 * Sending writes a Pending `emails` row first, then mails the quote with its PDF and pay link;
 * only when the mailer reports success does the row become Sent and a draft become sent (through
 * `quote.setStatus`, so devices sync the change). A failed send answers 502 'Email sending
 * failed' and leaves the quote as it was.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  MESSAGES,
  QUOTE_STATUS_AFTER_EMAIL,
  type EmailRecord,
  type Quote,
} from '@pilbara/shared-schema';
import { getRow } from '../../db/rows';
import { mintIntegerId } from '../../db/id-series';
import { requireAdmin } from '../../plugins/auth';
import { badRequest, conflict } from '../../plugins/errors';
import { quotePdfFilename, renderQuotePdf } from '../../services/pdf';
import { applyServerMutation } from '../../sync/apply-mutation';
import { notifyChanges, writeChanges } from '../../sync/change-log';
import type { Row } from '@pilbara/shared-schema';
import { quoteFromParams } from './common';
import { quoteEmail, quotePayUrl } from './quote-email';
import { payLinkToken } from '../../db/repositories/pay-links';

/** Message when a quote has no address to send to. */
export const NO_CUSTOMER_EMAIL =
  'This quote has no customer email address. Add one to the quote before emailing it.';

/** Statuses whose quote may be emailed: a draft, or a sent quote sent again. */
const EMAILABLE = new Set<Quote['status']>(['draft', 'sent']);

export const quoteDocumentRoutes: FastifyPluginAsync = async (app) => {
  app.get('/quotes/:id/pdf', { onRequest: requireAdmin }, async (request, reply) => {
    const quote = quoteFromParams(app, request.params);
    const pdf = await renderQuotePdf(quote, {
      profile: app.profile,
      payUrl: quotePayUrl(
        app.config.publicUrl,
        quote.id,
        payLinkToken(app.db, quote.id, app.now()),
      ),
    });
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${quotePdfFilename(quote.id)}"`)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(pdf));
  });

  app.post('/quotes/:id/send-email', { onRequest: requireAdmin }, async (request, reply) => {
    const quote = quoteFromParams(app, request.params);
    if (!EMAILABLE.has(quote.status)) {
      throw conflict('Only draft or sent quotes can be emailed');
    }
    if (!quote.customerEmail)
      throw badRequest(NO_CUSTOMER_EMAIL, { customerEmail: NO_CUSTOMER_EMAIL });

    const payUrl = quotePayUrl(
      app.config.publicUrl,
      quote.id,
      payLinkToken(app.db, quote.id, app.now()),
    );
    const pdf = await renderQuotePdf(quote, { profile: app.profile, payUrl });
    const message = quoteEmail(quote, app.profile, payUrl);
    const to = quote.customerEmail;

    const record = app.db.transaction((): EmailRecord => {
      const row: EmailRecord = {
        id: mintIntegerId(app.db, 'emails'),
        to,
        subject: message.subject,
        htmlContent: message.html,
        customerInfo: {
          name: quote.customerName,
          phone: quote.customerPhone,
          email: to,
          service: quote.service ?? '',
          message: `Quote ${quote.id} emailed with its PDF and pay link`,
        },
        timestamp: app.now().toISOString(),
        sent: false,
      };
      writeChanges(
        app.db,
        [{ entity: 'emails', op: 'put', id: row.id, row: row as unknown as Row }],
        row.timestamp,
      );
      return row;
    })();
    notifyChanges(app.db);

    const delivery = await app.mailer.send({
      to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      replyTo: app.profile.email,
      attachments: [
        {
          filename: quotePdfFilename(quote.id),
          content: Buffer.from(pdf),
          contentType: 'application/pdf',
        },
      ],
    });
    if (!delivery.ok) {
      request.log.warn(
        { error: delivery.error, quoteId: quote.id, emailId: record.id },
        'quote email not delivered',
      );
      return reply.code(502).send({ error: MESSAGES.EMAIL_SENDING_FAILED });
    }

    const updated = app.db.transaction((): Quote => {
      const nowIso = app.now().toISOString();
      writeChanges(
        app.db,
        [
          {
            entity: 'emails',
            op: 'put',
            id: record.id,
            row: { ...record, sent: true } as unknown as Row,
          },
        ],
        nowIso,
      );
      const current = getRow<Quote>(app.db, 'quotes', quote.id);
      if (!current || current.status !== 'draft') return current ?? quote;
      const userId = request.user?.id ?? 'staff';
      const outcome = applyServerMutation(
        app.db,
        'quote.setStatus',
        { id: quote.id, status: QUOTE_STATUS_AFTER_EMAIL },
        userId,
        nowIso,
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
    })();
    notifyChanges(app.db);
    return { quote: updated };
  });
};
