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
  reviewableJobs,
  type Booking,
  type ContactSubmission,
  type Job,
  type Urgency,
} from '@pilbara/shared-schema';
import {
  FORM_KEY_FIELD,
  buttonLink,
  detailList,
  paragraph,
  renderFilledForm,
  renderFormAgain,
  renderResult,
  statusPanel,
  withFormKey,
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

/**
 * What a 2xx answer becomes: a redirect, a result page, a whole page (the next form), or the
 * form again with a message when the answer, though not an error, is not what the person wanted.
 */
type Outcome =
  | { redirect: string }
  | { page: ResultPage }
  | { html: string }
  | { again: string; fields?: FormFields };

/** A form page as the build rendered it, and its variants (web src/prerender.tsx). */
export interface FormPages {
  page: string;
  variants: Record<string, string>;
}

/** What a form's answer is drawn with. */
interface Context {
  app: FastifyInstance;
  request: FastifyRequest;
  fields: FormFields;
  pages: FormPages;
  /** A fresh key for a form the answer serves (the idempotency plugin's). */
  newKey: () => string;
}

export interface NativeForm {
  /** The form's accessible name on its page. */
  label: string;
  /** The JSON call the post stands for; null when there is nothing to send (an empty lookup). */
  call(fields: FormFields): ApiCall | null;
  /** What a 2xx answer becomes. */
  done(answer: unknown, context: Context): Outcome | Promise<Outcome>;
  /** The page the form is drawn again on; default the variant `variant` names, or the page. */
  page?(context: Context): Promise<string>;
  /** The page variant the form is on. */
  variant?: string;
  /** The call's names of fields that the form names otherwise. */
  fieldNames?: Record<string, string>;
  /** Fields never written back into a page. */
  secret?: readonly string[];
  /** The call takes the form's key as its Idempotency-Key. */
  idempotent?: boolean;
}

/** A page's native forms: one, or one chosen by the fields posted (a page with two forms). */
type FormEntry = NativeForm | { formFor(fields: FormFields): NativeForm };

/**
 * The page variant a visit to a form page shows, by its query: the contact page's quote request
 * and repair scheduling (`?kind=`), as the page's script draws them from the same query.
 */
export function pageVariantFor(route: string, query: unknown): string | undefined {
  if (route !== '/contact' || !query || typeof query !== 'object') return undefined;
  const { kind } = query as { kind?: unknown };
  return kind === 'quote' || kind === 'repair' ? kind : undefined;
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
  done(answer, { app }) {
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

function contactDone(
  answer: unknown,
  { app, fields }: Context,
  again: { href: string; text: string },
): Outcome {
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
  // A quote request's vehicle and route are not part of the stored message (they go to staff
  // with its email); what was posted, and accepted, is shown.
  const { vehicle, fromLocation, toLocation } = fields.kind === 'quote' ? fields : {};
  if (vehicle) rows.push(['Vehicle', vehicle]);
  if (fromLocation) rows.push(['From', fromLocation]);
  if (toLocation) rows.push(['To', toLocation]);
  return {
    page: {
      heading: PUBLIC_FORM_MESSAGES.CONTACT_SENT_TITLE,
      body:
        statusPanel(paragraph(PUBLIC_FORM_MESSAGES.CONTACT_SENT_DESCRIPTION)) +
        detailList(rows) +
        callLines(app) +
        `<p style="margin:0"><a href="${again.href}">${again.text}</a></p>`,
    },
  };
}

const contactForm: NativeForm = {
  label: 'Send us a Message',
  idempotent: true,
  call: (fields) => ({
    method: 'POST',
    url: '/api/contact',
    payload: pick(fields, CONTACT_FIELDS),
  }),
  done: (answer, context) =>
    contactDone(answer, context, { href: '/contact', text: 'Send another message' }),
};

/** The quote request: the message form with the vehicle and route (`/contact?kind=quote`). */
const quoteForm: NativeForm = {
  label: 'Request a Quote',
  variant: 'quote',
  idempotent: true,
  call: (fields) => ({
    method: 'POST',
    url: '/api/contact',
    payload: { ...pick(fields, [...CONTACT_FIELDS, ...QUOTE_FIELDS]), kind: 'quote' },
  }),
  done: (answer, context) =>
    contactDone(answer, context, { href: '/contact?kind=quote', text: 'Request another quote' }),
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
  done(answer) {
    const { user } = answer as { user: { role: string } };
    return { redirect: homeScreenFor(user.role) };
  },
};

/** The feedback page's lookup: the person's phone number, or a job ID and its phone digits. */
const LOOKUP_FORM_LABEL = 'Find My Services';
const REVIEW_FORM_LABEL = 'Leave Feedback';
const NOTHING_TO_REVIEW =
  'We could not find a completed service to review yet. Once your job is finished it will show here.';
const ALL_REVIEWED =
  'You have already reviewed every completed service we found. Thank you! A new one will show here once it is finished.';

/** The dashboard's call, which the feedback page's lookup makes too (docs/security.md). */
function lookupCall(fields: FormFields): ApiCall | null {
  const lookup = (fields.lookup ?? '').trim();
  if (!lookup) return null;
  const phone = (fields.phone ?? '').trim();
  const query = phone ? `?phone=${encodeURIComponent(phone)}` : '';
  return { method: 'GET', url: `/api/jobs/customer/${encodeURIComponent(lookup)}${query}` };
}

/**
 * The review form for the person's own jobs: the page's review template (web src/prerender.tsx)
 * with their jobs in its list, a fresh key, and what proves the jobs theirs (the lookup and its
 * phone, as the page's script keeps them) in hidden fields.
 */
function reviewPage({ pages, fields, newKey }: Context, answer: unknown): string | Outcome {
  const { jobs, reviewedJobIds } = answer as { jobs: Job[]; reviewedJobIds: string[] };
  const reviewable = reviewableJobs(jobs, reviewedJobIds);
  if (reviewable.length === 0) {
    return {
      again: jobs.some((job) => job.status === 'Completed') ? ALL_REVIEWED : NOTHING_TO_REVIEW,
    };
  }
  const template = pages.variants.review;
  if (!template) return { again: NOTHING_TO_REVIEW };
  const lookup = (fields.lookup ?? '').trim();
  // The proof the feedback call takes: the digits typed with a job ID, else the phone itself.
  const phone = (fields.phone ?? '').trim() || lookup;
  const chosen = fields.jobId ?? (reviewable.length === 1 ? reviewable[0]!.id : '');
  return renderFilledForm(withFormKey(template, fields[FORM_KEY_FIELD] || newKey()), {
    label: REVIEW_FORM_LABEL,
    options: { jobId: reviewable.map((job) => [job.id, job.label] as const) },
    chosen: { jobId: chosen },
    hidden: { lookup, phone },
  });
}

const feedbackLookupForm: NativeForm = {
  label: LOOKUP_FORM_LABEL,
  call: lookupCall,
  fieldNames: { query: 'lookup' },
  done(answer, context) {
    const page = reviewPage(context, answer);
    return typeof page === 'string' ? { html: page } : page;
  },
};

const SCORES = ['rating', 'serviceQuality', 'responseTime', 'communication', 'value'] as const;

/** The review itself, posted from the form the lookup answered with. */
const feedbackReviewForm: NativeForm = {
  label: REVIEW_FORM_LABEL,
  variant: 'review',
  idempotent: true,
  call(fields) {
    const payload: Record<string, unknown> = pick(fields, [
      'jobId',
      'comments',
      'recommend',
      'improvements',
    ]);
    // A star not chosen is not posted at all; the script's form holds it as 0, and the schema
    // answers both with the same message.
    for (const name of SCORES) payload[name] = fields[name] ? Number(fields[name]) : 0;
    for (const proof of ['phone', 'token'] as const) {
      const value = (fields[proof] ?? '').trim();
      if (value) payload[proof] = value;
    }
    return { method: 'POST', url: '/api/feedback', payload };
  },
  done(_answer, { app }) {
    return {
      page: {
        heading: PUBLIC_FORM_MESSAGES.FEEDBACK_SUBMITTED_TITLE,
        body:
          statusPanel(paragraph(PUBLIC_FORM_MESSAGES.FEEDBACK_SUBMITTED_DESCRIPTION)) +
          paragraph('Every review is read by the owners.') +
          callLines(app) +
          `<p style="margin:0"><a href="/feedback">Review another service</a></p>`,
      },
    };
  },
  /** The review form drawn again: the person's jobs looked up again by what proved them. */
  async page(context) {
    const { app, request, fields, pages } = context;
    const call = lookupCall(fields);
    const response = call ? await internalCall(app, request, call, null) : null;
    if (response && response.statusCode === 200) {
      const page = reviewPage(context, response.json());
      if (typeof page === 'string') return page;
    }
    return pages.page;
  },
};

/** The forms by the page route they post to. */
export const NATIVE_FORMS: Record<string, FormEntry> = {
  '/booking': bookingFormAt('/booking'),
  '/book-service': bookingFormAt('/book-service'),
  '/contact': { formFor: (fields) => (fields.kind === 'quote' ? quoteForm : contactForm) },
  '/feedback': {
    // The review form carries its key; the lookup has none.
    formFor: (fields) => (FORM_KEY_FIELD in fields ? feedbackReviewForm : feedbackLookupForm),
  },
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

/** The JSON call made as the person's browser would make it: same address, same cookies. */
function internalCall(
  app: FastifyInstance,
  request: FastifyRequest,
  call: ApiCall,
  key: string | null,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  for (const name of CARRIED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (key) headers['idempotency-key'] = key;
  return app.inject({
    method: call.method,
    url: call.url,
    headers,
    ...(call.payload ? { payload: call.payload } : {}),
    remoteAddress: request.ip,
  });
}

const html = 'text/html; charset=utf-8';

/**
 * Answers the native post to a page with `entry`'s form (its pages `pages`): through its JSON
 * call, then with a page or (sign-in) a redirect.
 */
export async function answerNativePost(
  app: FastifyInstance,
  entry: FormEntry,
  pages: FormPages,
  request: FastifyRequest,
  reply: FastifyReply,
  fields: FormFields,
  { route, newKey }: { route: string; newKey: () => string },
): Promise<FastifyReply> {
  const form = 'formFor' in entry ? entry.formFor(fields) : entry;
  const context: Context = { app, request, fields, pages, newKey };
  const call = form.call(fields);
  if (!call) return reply.redirect(route, 303);
  const key = form.idempotent ? formKeyOf(fields) : null;
  const response = await internalCall(app, request, call, key);
  reply.header('Cache-Control', 'no-store');
  const pageOf = async () =>
    form.page
      ? form.page(context)
      : ((form.variant ? pages.variants[form.variant] : undefined) ?? pages.page);
  const again = async (status: number, message: string, messages: FormFields) =>
    reply
      .code(status)
      .type(html)
      .send(
        renderFormAgain(await pageOf(), {
          label: form.label,
          values: fields,
          fields: messages,
          message,
          key,
          ...(form.secret ? { secret: form.secret } : {}),
        }),
      );
  if (response.statusCode >= 200 && response.statusCode < 300) {
    const outcome = await form.done(response.json(), context);
    if ('redirect' in outcome) {
      const cookies = response.headers['set-cookie'];
      if (cookies) reply.header('set-cookie', cookies);
      return reply.redirect(outcome.redirect, 303);
    }
    if ('html' in outcome) return reply.code(200).type(html).send(outcome.html);
    if ('again' in outcome) return again(200, outcome.again, outcome.fields ?? {});
    return reply.code(200).type(html).send(renderResult(pages.page, outcome.page));
  }
  const { message, fields: answered } = errorOf(response);
  const messages: FormFields = {};
  for (const [name, text] of Object.entries(answered)) {
    messages[form.fieldNames?.[name] ?? name] = text;
  }
  const retryAfter = response.headers['retry-after'];
  if (retryAfter !== undefined) reply.header('Retry-After', retryAfter);
  return again(response.statusCode >= 500 ? 503 : response.statusCode, message, messages);
}
