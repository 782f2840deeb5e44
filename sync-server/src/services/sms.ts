/**
 * Outgoing text messages (docs/decisions/2026-11-27-texts-through-twilio.md) and the
 * provider's signature on inbound ones.
 *
 * The provider is Twilio's Messaging API through its official `twilio` package
 * (docs/decisions/2026-11-27-texts-through-twilio.md says why). With SMS_PROVIDER unset, each text
 * is written as a file to DATA_DIR/outbox beside the emails and counts as sent, so `npm start`
 * shows what would go.
 *
 * `send` never throws. It answers what the notifier needs to keep a text from being lost or
 * sent twice: sent (with the provider's message id), or not sent with the reason and whether
 * trying again is safe — only when the provider certainly did not take it (it answered 429 or
 * 5xx, or could not be reached at all). A request that may have reached it (a timeout, a cut
 * connection) is not retried: the customer could get the text twice.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import twilio from 'twilio';
import { smsSegments } from '@pilbara/shared-schema';
import type { Config } from '../config';

interface SmsMessage {
  /** E.164. */
  to: string;
  body: string;
}

export type SmsResult =
  | { ok: true; id: string }
  | {
      ok: false;
      /** The provider's reason, as staff read it. */
      error: string;
      /** Whether the provider certainly did not take it, so a later try cannot double it. */
      retry: boolean;
    };

export interface SmsSender {
  /** 'twilio', or 'outbox' when no provider is configured. */
  readonly kind: 'twilio' | 'outbox';
  send(message: SmsMessage): Promise<SmsResult>;
  /**
   * When the customer sent the inbound text `messageSid`, by the provider's own record of it
   * (Twilio's Message resource: the webhook itself carries no time); null when the provider
   * cannot say (unknown sid, unreachable) or there is none.
   */
  inboundSentAt(messageSid: string): Promise<Date | null>;
  /**
   * Whether an inbound webhook request carries the provider's signature: `url` is the address
   * the provider was given, `params` the form fields it posted. Always false without a provider.
   */
  verifyInbound(
    signature: string | undefined,
    url: string,
    params: Record<string, string>,
  ): boolean;
}

/** How long one send may take before it counts as "may have been sent". */
const SMS_TIMEOUT_MS = 15_000;

/** Network errors that mean the request never left this machine or reached nobody. */
const NOT_REACHED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

interface ProviderError {
  status?: unknown;
  code?: unknown;
  message?: unknown;
  moreInfo?: unknown;
}

/** The send's outcome for an error the SDK threw. */
export function classifyTwilioError(error: unknown): SmsResult {
  const problem = (error ?? {}) as ProviderError;
  const message = typeof problem.message === 'string' ? problem.message : String(error);
  if (typeof problem.status === 'number') {
    const code = typeof problem.code === 'number' ? ` ${problem.code}` : '';
    const reason = `Twilio error${code} (HTTP ${problem.status}): ${message}`;
    return { ok: false, error: reason, retry: problem.status === 429 || problem.status >= 500 };
  }
  if (typeof problem.code === 'string' && NOT_REACHED.has(problem.code)) {
    return { ok: false, error: `Could not reach Twilio (${problem.code})`, retry: true };
  }
  return {
    ok: false,
    error: `No answer from Twilio (${message}); the text may have been sent. Check before resending.`,
    retry: false,
  };
}

function twilioSender(config: Config['sms']): SmsSender {
  const { accountSid, authToken, from } = config;
  if (!accountSid || !authToken || !from)
    throw new Error('Twilio needs its SID, token and SMS_FROM');
  const client = twilio(accountSid, authToken, { autoRetry: false, timeout: SMS_TIMEOUT_MS });
  // The SDK builds every Messaging API address from its API domain's base URL; pointing that at
  // TWILIO_API_BASE is how tests reach their local stand-in (and how a proxy could be used).
  if (config.apiBase) client.api.baseUrl = config.apiBase;
  return {
    kind: 'twilio',
    async send({ to, body }) {
      try {
        const message = await client.messages.create({ to, from, body });
        return { ok: true, id: message.sid };
      } catch (error) {
        return classifyTwilioError(error);
      }
    },
    async inboundSentAt(messageSid) {
      if (!MESSAGE_SID.test(messageSid)) return null;
      try {
        const message = await client.messages(messageSid).fetch();
        const at = message.dateSent ?? message.dateCreated;
        return at instanceof Date && !Number.isNaN(at.getTime()) ? at : null;
      } catch {
        return null;
      }
    },
    verifyInbound(signature, url, params) {
      if (!signature) return false;
      return twilio.validateRequest(authToken, signature, url, params);
    },
  };
}

/** A Twilio Message SID (SMS or MMS). */
const MESSAGE_SID = /^(SM|MM)[0-9a-fA-F]{32}$/;

/** The file name of a text written to the outbox. */
function outboxFile(dir: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return path.join(dir, `${stamp}-sms-${crypto.randomBytes(4).toString('hex')}.txt`);
}

function outboxSender(config: Config): SmsSender {
  const dir = path.join(config.dataDir, 'outbox');
  return {
    kind: 'outbox',
    async send({ to, body }) {
      try {
        const length = smsSegments(body);
        await fs.mkdir(dir, { recursive: true });
        const file = outboxFile(dir);
        const text =
          `To: ${to}\nFrom: ${config.sms.from ?? '(SMS_FROM not set)'}\n` +
          `Segments: ${length.segments} (${length.encoding}, ${length.units} units)\n` +
          `Date: ${new Date().toISOString()}\n\n${body}\n`;
        await fs.writeFile(file, text);
        return { ok: true, id: file };
      } catch (error) {
        return {
          ok: false,
          error: error instanceof Error ? error.message : String(error),
          retry: true,
        };
      }
    },
    inboundSentAt: async () => null,
    verifyInbound: () => false,
  };
}

/** The sender the configuration asks for. */
export function createSmsSender(config: Config): SmsSender {
  return config.sms.provider === 'twilio' ? twilioSender(config.sms) : outboxSender(config);
}

/**
 * Phone numbers in a text for the log (docs/security.md: the log never holds a customer's
 * number).
 */
export function redactPhones(text: string): string {
  return text.replace(
    /\+?\d[\d\s()-]{6,}\d/g,
    (digits) => `•••${digits.replace(/\D/g, '').slice(-3)}`,
  );
}
