/**
 * A local stand-in for Twilio's Messaging API (test code only), strict about what the real API
 * documents, so a request it accepts is one Twilio would:
 *
 * - `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic authentication with the
 *   Account SID and auth token (401, error 20003 otherwise, or for another account's path);
 * - a form-encoded body (`application/x-www-form-urlencoded`) with `To` in E.164 (21211
 *   otherwise), `From` the configured sender (21606 otherwise) and a non-empty `Body` (21602);
 * - 201 with the Message resource as JSON (`sid` SM…, `status: queued`, `num_segments`);
 * - `GET /2010-04-01/Accounts/{AccountSid}/Messages/{MessageSid}.json`, the same authentication:
 *   the Message resource of a text sent or received (`direction: inbound`, `date_created` and
 *   `date_sent` in RFC 2822, when Twilio received it), 404 (error 20404) for an unknown sid.
 *
 * Tests can make it fail the next requests (a 503, a refusal with Twilio's error code), and sign
 * an inbound webhook the way Twilio signs one: HMAC-SHA1 with the auth token over the full URL
 * followed by every posted field's name and value, sorted by name, in base64, sent as
 * X-Twilio-Signature. Written here from the documentation, not with the SDK's helper, so the
 * server's check is tested against an independent signer.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const TWILIO_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const TWILIO_TOKEN = 'twilio-test-auth-token-1234567890';
export const TWILIO_FROM = '+61480000000';

interface ReceivedText {
  sid: string;
  to: string;
  from: string;
  body: string;
}

interface Failure {
  status: number;
  code: number;
  message: string;
}

export interface FakeTwilio {
  /** The base URL to give TWILIO_API_BASE. */
  url: string;
  /** Texts accepted, in order. */
  received: ReceivedText[];
  /** Requests refused for their authentication. */
  unauthorised: number;
  /** Fails the next `times` send requests with this answer. */
  failNext(failure: Failure, times?: number): void;
  /**
   * A text a customer sends to our number at `at`: Twilio keeps it as a Message resource and
   * posts these webhook fields (its own MessageSid).
   */
  receive(from: string, body: string, at?: Date): Record<string, string>;
  /** Resolves once `count` texts have been accepted. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedText[]>;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{7,14}$/;

function twilioError(res: http.ServerResponse, failure: Failure): void {
  res.writeHead(failure.status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      code: failure.code,
      message: failure.message,
      more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
      status: failure.status,
    }),
  );
}

export async function startFakeTwilio(
  options: { accountSid?: string; authToken?: string; from?: string } = {},
): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? TWILIO_SID;
  const authToken = options.authToken ?? TWILIO_TOKEN;
  const from = options.from ?? TWILIO_FROM;
  const received: ReceivedText[] = [];
  const inboundTexts = new Map<string, { from: string; body: string; at: Date }>();
  const failures: Failure[] = [];
  const waiters: (() => void)[] = [];
  const state = { unauthorised: 0 };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      const one = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\/(SM[0-9a-f]{32})\.json$/.exec(
        path ?? '',
      );
      if (req.method === 'GET' && one) {
        if (req.headers.authorization !== expected || one[1] !== accountSid) {
          state.unauthorised += 1;
          twilioError(res, { status: 401, code: 20003, message: 'Authenticate' });
          return;
        }
        const text = inboundTexts.get(one[2] ?? '');
        if (!text) {
          twilioError(res, {
            status: 404,
            code: 20404,
            message: 'The requested resource was not found',
          });
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            sid: one[2],
            account_sid: accountSid,
            to: from,
            from: text.from,
            body: text.body,
            status: 'received',
            direction: 'inbound',
            num_segments: '1',
            date_created: text.at.toUTCString(),
            date_sent: text.at.toUTCString(),
            date_updated: text.at.toUTCString(),
            uri: `/2010-04-01/Accounts/${accountSid}/Messages/${one[2]}.json`,
          }),
        );
        return;
      }
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path ?? '');
      if (req.method !== 'POST' || !match) {
        twilioError(res, {
          status: 404,
          code: 20404,
          message: 'The requested resource was not found',
        });
        return;
      }
      if (req.headers.authorization !== expected || match[1] !== accountSid) {
        state.unauthorised += 1;
        twilioError(res, { status: 401, code: 20003, message: 'Authenticate' });
        return;
      }
      if (!/^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) {
        twilioError(res, { status: 400, code: 20001, message: 'Expected a form-encoded body' });
        return;
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      const body = form.get('Body') ?? '';
      if (!E164.test(to)) {
        twilioError(res, {
          status: 400,
          code: 21211,
          message: `Invalid 'To' Phone Number: ${to}`,
        });
        return;
      }
      if (form.get('From') !== from) {
        twilioError(res, {
          status: 400,
          code: 21606,
          message:
            "The 'From' phone number provided is not a valid message-capable Twilio phone number for this destination.",
        });
        return;
      }
      if (body === '') {
        twilioError(res, { status: 400, code: 21602, message: 'Message body is required.' });
        return;
      }
      const failure = failures.shift();
      if (failure) {
        twilioError(res, failure);
        return;
      }
      const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
      received.push({ sid, to, from, body });
      waiters.splice(0).forEach((wake) => wake());
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          sid,
          account_sid: accountSid,
          to,
          from,
          body,
          status: 'queued',
          direction: 'outbound-api',
          num_segments: '1',
          date_created: new Date().toUTCString(),
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    get unauthorised() {
      return state.unauthorised;
    },
    receive(textFrom, body, at = new Date()) {
      const fields = inboundTextFields(textFrom, body);
      inboundTexts.set(fields.MessageSid as string, { from: textFrom, body, at });
      return fields;
    },
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push(failure);
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} texts, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The X-Twilio-Signature Twilio sends with a webhook request to `url` posting `params`. */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** The form fields of an inbound text, as Twilio posts them (each text its own MessageSid). */
export function inboundTextFields(from: string, body: string): Record<string, string> {
  const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
  return {
    ToCountry: 'AU',
    SmsMessageSid: sid,
    NumMedia: '0',
    SmsSid: sid,
    SmsStatus: 'received',
    Body: body,
    To: TWILIO_FROM,
    NumSegments: '1',
    MessageSid: sid,
    AccountSid: TWILIO_SID,
    From: from,
    ApiVersion: '2010-04-01',
  };
}
