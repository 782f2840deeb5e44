/**
 * The public forms posted by the browser itself, with no script (docs/no-script-forms.md).
 *
 * A native post goes through the JSON call the page's script makes (an internal request, from
 * the same address, with the same cookies and the form's idempotency key), so it is validated by
 * the same shared schemas, stored once under the same key, mailed and texted exactly as the
 * script's post; no rule is written here a second time. The answer is a page: what happened
 * (the booking's reference, the job's status), or the form again with what was typed and each
 * field's message beside it. Sign-in answers with the session cookie and a 303 to the person's
 * screen (docs/decisions/2026-12-06-sign-in-without-script.md).
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  LightMyRequestResponse,
} from 'fastify';
import {
  PUBLIC_FORM_MESSAGES,
  URGENCY_LABELS,
  formatDaySlot,
  homeScreenFor,
  type Booking,
  type ContactSubmission,
  type Urgency,
} from '@pilbara/shared-schema';
import {
  FORM_KEY_FIELD,
  buttonLink,
  detailList,
  paragraph,
  renderFormAgain,
  renderResult,
  statusPanel,
  type ResultPage,
} from './form-page';
import { escapeHtml } from './html';
import { dashboardLookupForm, portalLookupForm } from './native-lookups';

export type FormFields = Record<string, string>;

/** The JSON call a form's post stands for. */
interface ApiCall {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
}

/** What a post becomes: a redirect, a result page, or the form again with messages. */
type Outcome =
  { redirect: string } | { page: ResultPage } | { again: { message: string; fields: FormFields } };

export interface NativeForm {
  /** The form's accessible name on its page. */
  label: string;
  /** An answer without the JSON call (a post that asks nothing), or null to make the call. */
  before?(fields: FormFields): Outcome | null;
  call(fields: FormFields): ApiCall;
  /** What a 2xx answer becomes. */
  done(app: FastifyInstance, answer: unknown, fields: FormFields): Outcome;
  /** Fields never written back into a page. */
  secret?: readonly string[];
  /** The call takes the form's key as its Idempotency-Key. */
  idempotent?: boolean;
}

/** The named fields, in the order the JSON call takes them; a missing one is sent empty. */
function pick(fields: FormFields, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, fields[name] ?? '']));
}

function trackHref(token: string): string {
  return `/customer-portal?token=${encodeURIComponent(token)}`;
}

function callLines(app: FastifyInstance): string {
  const lines = app.profile.owners
    .map(
      (owner) =>
        `<li><a href="tel:${escapeHtml(owner.phone.replace(/[^\d+]/g, ''))}">${escapeHtml(owner.name)}: ${escapeHtml(owner.phone)}</a></li>`,
    )
    .join('');
  return `<div><h2 style="margin:0 0 6px;font-size:var(--mantine-h4-font-size)">Need us sooner? Call any time, 24/7</h2><ul style="margin:0;padding-left:1.2em">${lines}</ul></div>`;
}

const BOOKING_FIELDS = [
  'customerName',
  'phone',
  'email',
  'service',
  'urgency',
  'location',
  'preferredDate',
  'preferredTime',
  'vehicleDetails',
  'description',
] as const;

function whenOf(booking: Pick<Booking, 'urgency' | 'preferredDate' | 'preferredTime'>): string {
  return booking.urgency === 'emergency' && !booking.preferredDate
    ? 'Emergency: as soon as possible'
    : formatDaySlot(booking.preferredDate, booking.preferredTime);
}

/** The booking form of the page at `route`; both booking pages post the same fields. */
const bookingFormAt = (route: string): NativeForm => ({
  label: 'Book a Service',
  idempotent: true,
  call: (fields) => ({
    method: 'POST',
    url: '/api/bookings',
    payload: pick(fields, BOOKING_FIELDS),
  }),
  done(app, answer) {
    const { id, trackingToken, booking } = answer as {
      id: string;
      trackingToken: string;
      booking: Booking;
    };
    return {
      page: {
        heading: PUBLIC_FORM_MESSAGES.BOOKING_SUBMITTED_TITLE,
        body:
          statusPanel(
            `<p style="margin:0;font-weight:600">Your booking number</p>` +
              `<p data-testid="booking-reference" style="margin:0;font-size:28px;font-weight:800;font-family:var(--mantine-font-family-monospace)">${escapeHtml(id)}</p>`,
          ) +
          detailList([
            ['Service', booking.service],
            ['Urgency', URGENCY_LABELS[booking.urgency as Urgency]?.label ?? booking.urgency],
            ['When', whenOf(booking)],
            ['Location', booking.location],
          ]) +
          paragraph(PUBLIC_FORM_MESSAGES.BOOKING_SUBMITTED_DESCRIPTION) +
          buttonLink(trackHref(trackingToken), 'Track this booking', 'tracking-link') +
          callLines(app) +
          `<p style="margin:0"><a href="${route}">Book another service</a></p>`,
      },
    };
  },
});

const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'serviceNeeded',
  'message',
] as const;
const QUOTE_FIELDS = ['vehicle', 'fromLocation', 'toLocation'] as const;

const contactForm: NativeForm = {
  label: 'Send us a Message',
  idempotent: true,
  call: (fields) => ({
    method: 'POST',
    url: '/api/contact',
    // The quote request is drawn by the script only; a post that says it is one keeps its
    // vehicle and route, as the script's would.
    payload:
      fields.kind === 'quote'
        ? { ...pick(fields, [...CONTACT_FIELDS, ...QUOTE_FIELDS]), kind: 'quote' }
        : pick(fields, CONTACT_FIELDS),
  }),
  done(app, answer, fields) {
    // The answer has the message as stored; the fields as posted stand in should it not.
    const submission =
      (answer as { submission?: ContactSubmission }).submission ??
      (pick(fields, CONTACT_FIELDS) as Record<(typeof CONTACT_FIELDS)[number], string>);
    const rows: [string, string][] = [
      ['Name', `${submission.firstName} ${submission.lastName}`],
      ['Phone', submission.phone],
      ['Email', submission.email],
      ['Service', submission.serviceNeeded],
    ];
    return {
      page: {
        heading: PUBLIC_FORM_MESSAGES.CONTACT_SENT_TITLE,
        body:
          statusPanel(paragraph(PUBLIC_FORM_MESSAGES.CONTACT_SENT_DESCRIPTION)) +
          detailList(rows) +
          callLines(app) +
          `<p style="margin:0"><a href="/contact">Send another message</a></p>`,
      },
    };
  },
};

/** Where a person signed in without script goes: their screen, as with the script. */
const signInForm: NativeForm = {
  label: 'Login',
  secret: ['password'],
  call: (fields) => ({
    method: 'POST',
    url: '/api/auth/login',
    payload: pick(fields, ['username', 'password']),
  }),
  done(_app, answer) {
    const { user } = answer as { user: { role: string } };
    return { redirect: homeScreenFor(user.role) };
  },
};

/** The forms by the page route they post to. */
export const NATIVE_FORMS: Record<string, NativeForm> = {
  '/booking': bookingFormAt('/booking'),
  '/book-service': bookingFormAt('/book-service'),
  '/contact': contactForm,
  '/auth': signInForm,
  '/login': signInForm,
  '/customer-portal': portalLookupForm,
  '/dashboard': dashboardLookupForm,
};

/** The message of an error answer `{error, fields}`, and its field messages. */
function errorOf(response: LightMyRequestResponse): { message: string; fields: FormFields } {
  try {
    const body = response.json() as { error?: unknown; fields?: unknown };
    const fields: FormFields = {};
    if (body.fields && typeof body.fields === 'object') {
      for (const [name, message] of Object.entries(body.fields as Record<string, unknown>)) {
        if (typeof message === 'string') fields[name] = message;
      }
    }
    return {
      message:
        typeof body.error === 'string' ? body.error : 'Something went wrong. Please try again.',
      fields,
    };
  } catch {
    return { message: 'Something went wrong. Please try again.', fields: {} };
  }
}

/** A form's fields as the browser posted them (`application/x-www-form-urlencoded`). */
export function parseFormBody(body: Buffer): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of new URLSearchParams(body.toString('utf8'))) {
    // A name posted twice keeps its first value, as a single field would.
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}

/** A key of the form the server filled in (visible ASCII only, as the header allows). */
function formKeyOf(fields: FormFields): string | null {
  const key = fields[FORM_KEY_FIELD] ?? '';
  return key.length > 0 && key.length <= 255 && /^[\x21-\x7e]+$/.test(key) ? key : null;
}

/** Headers the internal call carries over: who is asking, from which device. */
const CARRIED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const;

/**
 * Answers the native post of `form` from the page `pageHtml`: through its JSON call (unless the
 * form answers it `before`), then with a page, the form again, or a redirect.
 */
export async function answerNativePost(
  app: FastifyInstance,
  form: NativeForm,
  pageHtml: string,
  request: FastifyRequest,
  reply: FastifyReply,
  fields: FormFields,
): Promise<FastifyReply> {
  const key = form.idempotent ? formKeyOf(fields) : null;
  const answer = (outcome: Outcome, status: number) => {
    if ('redirect' in outcome) return reply.redirect(outcome.redirect, 303);
    if ('page' in outcome) {
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(renderResult(pageHtml, outcome.page));
    }
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(
        renderFormAgain(pageHtml, {
          label: form.label,
          values: fields,
          fields: outcome.again.fields,
          message: outcome.again.message,
          key,
          ...(form.secret ? { secret: form.secret } : {}),
        }),
      );
  };
  reply.header('Cache-Control', 'no-store');
  const early = form.before?.(fields);
  if (early) return answer(early, 200);
  const call = form.call(fields);
  const headers: Record<string, string> = {};
  for (const name of CARRIED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (key) headers['idempotency-key'] = key;
  const response = await app.inject({
    method: call.method,
    url: call.url,
    headers,
    ...(call.payload ? { payload: call.payload } : {}),
    remoteAddress: request.ip,
  });
  if (response.statusCode >= 200 && response.statusCode < 300) {
    const outcome = form.done(app, response.json(), fields);
    if ('redirect' in outcome) {
      const cookies = response.headers['set-cookie'];
      if (cookies) reply.header('set-cookie', cookies);
    }
    return answer(outcome, 200);
  }
  const { message, fields: messages } = errorOf(response);
  const retryAfter = response.headers['retry-after'];
  if (retryAfter !== undefined) reply.header('Retry-After', retryAfter);
  return answer(
    { again: { message, fields: messages } },
    response.statusCode >= 500 ? 503 : response.statusCode,
  );
}
