/**
 * A staff member's emailed answer to a contact message: sent to the customer from the business,
 * threaded under the owners' copy of the message (In-Reply-To and References name it and the
 * replies before), with a copy to the business address so the owners' inbox holds the whole
 * conversation. The caller records the outcome with the message.
 */
import {
  contactMessageId,
  contactReplyMessageId,
  contactReplySubject,
  oneLine,
  plainTextBlock,
  type EmailRecord,
} from '@pilbara/shared-schema';
import { escapeHtml } from './html';
import type { Mailer } from './mailer';

export interface SentReply {
  id: string;
  status: 'sent' | 'failed';
  error: string | null;
}

export async function sendContactReply(
  deps: { mailer: Pick<Mailer, 'send'>; business: { name: string; email: string; phone: string } },
  message: EmailRecord,
  reply: { text: string; by: string },
): Promise<SentReply> {
  const info = message.customerInfo;
  const previous = message.replies ?? [];
  const id = String(previous.length + 1);
  if (!info?.email) return { id, status: 'failed', error: 'The message has no email address' };
  const { business } = deps;
  const original = contactMessageId(message.id, business.email);
  const greeting = `Hi ${oneLine(info.name)},`;
  const signature = `${oneLine(reply.by)}, ${business.name}\n${business.phone}`;
  const quoted = plainTextBlock(info.message)
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const text = `${greeting}\n\n${reply.text}\n\n${signature}\n\nYou wrote:\n${quoted}\n`;
  const html =
    `<p>${escapeHtml(greeting)}</p>` +
    `<p>${escapeHtml(reply.text).replace(/\n/g, '<br>')}</p>` +
    `<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>` +
    `<blockquote>${escapeHtml(info.message).replace(/\n/g, '<br>')}</blockquote>`;
  const result = await deps.mailer.send({
    to: info.email,
    subject: contactReplySubject(oneLine(info.service), business.name),
    text,
    html,
    replyTo: business.email,
    bcc: business.email,
    messageId: contactReplyMessageId(message.id, id, business.email),
    inReplyTo: original,
    references: [
      original,
      ...previous.map((before) => contactReplyMessageId(message.id, before.id, business.email)),
    ],
  });
  return result.ok
    ? { id, status: 'sent', error: null }
    : { id, status: 'failed', error: result.error ?? 'Email sending failed' };
}
