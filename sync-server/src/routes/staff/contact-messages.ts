/**
 * POST /api/contact-messages/:id/reply: a staff member answers a contact message by email. The
 * server sends it (threaded under the owners' copy, services/replies.ts) and records the reply
 * with the message, sent or failed with why, through the shared mutator, so every staff device
 * shows it. A reply is a deliberate act, each one its own email (the screen holds the button
 * while one is sending). Marking a message handled and drafting a quote from a request are
 * mutations devices make offline.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  emailRecordSchema,
  intIdParamsSchema,
  replyInputSchema,
  type EmailRecord,
} from '@pilbara/shared-schema';
import { getRow } from '../../db/rows';
import { notFound } from '../../http-error';
import { errorAnswers } from '../../plugins/route-schemas';
import { sendContactReply } from '../../services/replies';
import { mutate } from './mutate';

export const contactMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact-messages/:id/reply',
    {
      schema: {
        summary: 'Answer a contact message by email; the reply is kept with the message',
        params: intIdParamsSchema,
        body: replyInputSchema,
        response: {
          200: z.object({ message: emailRecordSchema }),
          ...errorAnswers(400, 404, 502),
        },
      },
      config: { paramsNotFound: { message: MESSAGES.MESSAGE_NOT_FOUND } },
    },
    async (request, reply) => {
      const message = getRow<EmailRecord>(app.db, 'emails', request.params.id);
      if (!message?.customerInfo) throw notFound(MESSAGES.MESSAGE_NOT_FOUND);
      const by = request.user
        ? [request.user.firstName, request.user.lastName].filter(Boolean).join(' ') ||
          request.user.username
        : 'Staff';
      const sent = await sendContactReply(
        {
          mailer: app.mailer,
          business: {
            name: app.profile.tradingName,
            email: app.profile.email,
            phone: app.profile.owners[0]?.phone ?? '',
          },
        },
        message,
        { text: request.body.text, by },
      );
      const recorded = mutate<{ message: EmailRecord }>(app, request, () => ({
        name: 'contactMessage.recordReply',
        args: { id: message.id, reply: { ...sent, text: request.body.text } },
      }));
      // The reply is kept either way; a failed send answers 502 with the mailer's reason.
      if (sent.status === 'failed')
        return reply.code(502).send({ error: `${MESSAGES.REPLY_FAILED}: ${sent.error}` });
      return { message: recorded.message };
    },
  );
};
