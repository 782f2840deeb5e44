/**
 * POST /api/contact: stores the submission and its `emails` record, then mails it to the
 * business address. The record starts Pending and becomes Sent only when delivery succeeds;
 * a failed delivery still answers success, since the message is safe in the admin panel.
 * Each address may send PUBLIC_WRITES_PER_HOUR messages an hour, and all of them together cause
 * at most PUBLIC_EMAILS_PER_HOUR emails (past that a message is stored and shown, not mailed).
 * URGENT rule: a message whose service needed is 'Emergency Towing' (URGENT_CONTACT_SERVICE)
 * is urgent; its subject starts with 'URGENT:' and the admin list shows the URGENT badge.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  URGENT_CONTACT_SERVICE,
  contactInputSchema,
  contactMessageId,
  oneLine,
  plainTextBlock,
  contactResponseSchema,
  type ContactInput,
} from '@pilbara/shared-schema';
import { notifyChanges } from '../../db/change-log';
import { writeOnce } from '../../plugins/idempotency';
import { errorAnswers } from '../../plugins/route-schemas';
import {
  insertContactSubmission,
  insertEmailRecord,
  markEmailSent,
} from '../../db/repositories/public-records';
import { escapeHtml } from '../../services/html';

function isUrgentContact(input: Pick<ContactInput, 'serviceNeeded'>): boolean {
  return input.serviceNeeded === URGENT_CONTACT_SERVICE;
}

/**
 * The owners' email of a contact message. The form's one-line fields refuse line breaks already;
 * here every value is put on one line again and the message keeps only its own lines,
 * so no text a visitor sends can add a header-like line ("Bcc: …") to the body or the subject.
 */
export function contactEmail(input: ContactInput, tradingName: string) {
  const name = oneLine(`${input.firstName} ${input.lastName}`);
  const urgent = isUrgentContact(input);
  const quote = input.kind === 'quote';
  const what = quote ? 'quote request' : 'contact message';
  const subject = `${urgent ? 'URGENT: ' : ''}New ${what} from ${name} (${oneLine(input.serviceNeeded)})`;
  const rows: [string, string][] = [
    ['Name', name],
    ['Phone', oneLine(input.phone)],
    ['Email', oneLine(input.email)],
    ['Service needed', oneLine(input.serviceNeeded)],
    ...(quote
      ? ([
          ['Vehicle', oneLine(input.vehicle ?? '')],
          ['From', oneLine(input.fromLocation ?? '')],
          ['To', oneLine(input.toLocation ?? '')],
        ] as [string, string][])
      : []),
  ];
  const html =
    `<h2>${urgent ? 'URGENT: ' : ''}New ${what}</h2>` +
    `<table>${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>` +
    `<h3>Message</h3><p>${escapeHtml(input.message).replace(/\n/g, '<br>')}</p>` +
    `<p><small>Sent through the ${escapeHtml(tradingName)} website.</small></p>`;
  const text =
    rows.map(([label, value]) => `${label}: ${value}`).join('\n') +
    `\n\nMessage:\n${plainTextBlock(input.message)}\n`;
  return { subject, html, text };
}

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    summary: 'Send a message to the business (mailed, and listed for staff)',
    body: contactInputSchema,
    response: { 201: contactResponseSchema, ...errorAnswers(400, 422, 429) },
  };
  app.post(
    '/contact',
    { schema, config: { rateLimit: app.limits.publicWrite, idempotent: true } },
    async (request, reply) => {
      const route = 'POST /api/contact';
      const input = request.body;
      const message = contactEmail(input, app.profile.tradingName);
      const to = app.profile.email;
      let emailId: number | undefined;
      const result = writeOnce(app, request, route, () => {
        const now = app.now();
        const submission = insertContactSubmission(app.db, input, now);
        const email = insertEmailRecord(
          app.db,
          {
            to,
            subject: message.subject,
            htmlContent: message.html,
            customerInfo: {
              name: `${input.firstName} ${input.lastName}`,
              phone: input.phone,
              email: input.email,
              service: input.serviceNeeded,
              message: input.message,
            },
            kind: input.kind,
            details:
              input.kind === 'quote'
                ? {
                    vehicle: input.vehicle,
                    fromLocation: input.fromLocation,
                    toLocation: input.toLocation,
                  }
                : null,
          },
          now,
        );
        emailId = email.id;
        return { status: 201 as const, body: { success: true as const, submission } };
      });
      if (!result.replayed) notifyChanges(app.db);

      // The public forms share one email budget an hour: past it the message stays in
      // the admin panel as Pending, so nothing is lost, and the owners' inbox is not flooded.
      if (!result.replayed && emailId !== undefined && !(await app.emailBudget.take())) {
        request.log.warn({ emailId }, 'public email budget used up; contact email held as Pending');
        emailId = undefined;
      }
      if (!result.replayed && emailId !== undefined) {
        const delivery = await app.mailer.send({
          to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          replyTo: input.email,
          // Named so staff replies from the panel thread under it (routes/staff/messages.ts).
          messageId: contactMessageId(emailId, app.profile.email),
        });
        if (delivery.ok) {
          markEmailSent(app.db, emailId, app.now());
          notifyChanges(app.db);
        } else request.log.warn({ error: delivery.error, emailId }, 'contact email not delivered');
      }
      return reply.code(result.status).send(result.body);
    },
  );
};
