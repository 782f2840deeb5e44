/**
 * Outgoing email through nodemailer (docs/operations.md).
 *
 * With SMTP_URL set, messages go to that server. Without it, each message is written as an
 * `.eml` file to DATA_DIR/outbox and counts as delivered, so the product works out of the box
 * and the operator can still read what would have been sent. `send` never throws: it answers
 * `{ok: false, error}` so callers can store a Pending badge instead of failing the request.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { businessProfile } from './business-profile';

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

interface MailMessage {
  to: string;
  subject: string;
  html?: string;
  text?: string;
  replyTo?: string;
  /** A copy to the business, so the owners' inbox keeps the whole conversation. */
  bcc?: string;
  attachments?: MailAttachment[];
  /** The Message-ID to give it (`<…@…>`), so replies can name it. */
  messageId?: string;
  /** The message this one answers, and the thread before it: mail clients thread by them. */
  inReplyTo?: string;
  references?: string[];
}

interface MailResult {
  ok: boolean;
  error?: string;
  /** Where the message went: the SMTP message id, or the .eml file path. */
  id?: string;
}

export interface Mailer {
  /** The From address every message uses. */
  readonly from: string;
  send(message: MailMessage): Promise<MailResult>;
  close(): void;
}

function mailFrom(config: Config): string {
  if (config.mailFrom) return config.mailFrom;
  const profile = businessProfile(config);
  return `"${profile.tradingName.replace(/"/g, '')}" <${profile.email}>`;
}

function outboxDir(config: Config): string {
  return path.join(config.dataDir, 'outbox');
}

export function createMailer(config: Config): Mailer {
  const from = mailFrom(config);
  if (config.smtpUrl) {
    // Short timeouts: a contact form waits for delivery, and an unreachable server must turn
    // into a Pending badge within seconds, not nodemailer's default two minutes.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      from,
      async send(message) {
        try {
          const info = await transport.sendMail({ from, ...message });
          return { ok: true, id: String(info.messageId) };
        } catch (error) {
          return { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const dir = outboxDir(config);
  return {
    from,
    async send(message) {
      try {
        const info = await transport.sendMail({ from, ...message });
        await fs.mkdir(dir, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const file = path.join(dir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
        await fs.writeFile(file, info.message as Buffer);
        return { ok: true, id: file };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
    close: () => transport.close(),
  };
}
