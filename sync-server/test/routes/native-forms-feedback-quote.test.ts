import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@pilbara/shared-schema';
import { buildTestApp, postRaw, tempDir, type TestApp } from '../helper';
import { contactBody, feedbackBody, insertJob } from '../fixtures';

const SCORES = ['rating', 'serviceQuality', 'responseTime', 'communication', 'value'];

/**
 * A built site whose contact and feedback pages have forms as the web build renders them: the
 * contact page with its quote request variant (`?kind=quote`), the feedback page with its lookup
 * and the review template the server fills with the person's jobs.
 */
function siteWithForms(): string {
  const dir = tempDir('pilbara-forms-');
  const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
  const page = (title: string, form: string) =>
    `<!doctype html><html><head><title>${title} | Pilbara</title><script type="module" src="/assets/app.js"></script></head>` +
    `<body><div id="root"><header>Pilbara</header><main id="main"><h1>${title}</h1>${form}</main></div></body></html>`;
  const input = (name: string) =>
    `<div class="mantine-Input-wrapper"><label for="f-${name}">${name}</label><input id="f-${name}" name="${name}"></div>`;
  const ways = `<nav aria-label="What would you like to do?"><a href="/contact">Message</a><a href="/contact?kind=quote">Quote</a><a href="/contact?kind=repair">Repair</a></nav>`;
  const contactFields =
    ['firstName', 'lastName', 'phone', 'email'].map(input).join('') +
    `<select name="serviceNeeded" id="f-service"><option value="" disabled selected>Select a service</option><option value="4x4 Recovery">4x4 Recovery</option><option value="General Inquiry">General Inquiry</option></select>`;
  write(
    'contact.html',
    page(
      'Contact',
      `${ways}<form method="post" aria-label="Send us a Message"><input type="hidden" name="formKey">${contactFields}` +
        `<textarea name="message" id="f-message"></textarea><button type="submit">Send Message</button></form>`,
    ),
  );
  write(
    'contact.quote.variant.html',
    page(
      'Contact',
      `${ways}<form method="post" aria-label="Request a Quote"><input type="hidden" name="formKey">${contactFields}` +
        `<input type="hidden" name="kind" value="quote">` +
        ['vehicle', 'fromLocation', 'toLocation'].map(input).join('') +
        `<textarea name="message" id="f-message"></textarea><button type="submit">Request Quote</button></form>`,
    ),
  );
  write(
    'contact.repair.variant.html',
    page('Contact', `${ways}<a href="/book-service">Pick a day and time</a>`),
  );
  write(
    'feedback.html',
    page(
      'Customer Feedback',
      `<p>No Completed Services</p><form method="post" aria-label="Find My Services">${input('lookup')}${input('phone')}<button type="submit">Find My Services</button></form>`,
    ),
  );
  const stars = (name: string) =>
    `<fieldset id="feedback-${name}"><legend>${name}</legend><div>` +
    [1, 2, 3, 4, 5]
      .map((n) => `<input type="radio" id="feedback-${name}-${n}" name="${name}" value="${n}">`)
      .join('') +
    `</div></fieldset>`;
  write(
    'feedback.review.variant.html',
    page(
      'Customer Feedback',
      `<form method="post" aria-label="Leave Feedback"><input type="hidden" name="formKey">` +
        `<select name="jobId" id="f-job"><option value disabled selected>Select a completed job</option><option value="JOB-2026-1">Sample</option></select>` +
        SCORES.map(stars).join('') +
        `<textarea name="comments" id="f-comments"></textarea>` +
        `<div role="radiogroup"><input type="radio" name="recommend" value="yes" id="f-yes"><input type="radio" name="recommend" value="no"><input type="radio" name="recommend" value="maybe"></div>` +
        `<textarea name="improvements" id="f-improvements"></textarea><button type="submit">Submit Feedback</button></form>`,
    ),
  );
  write('404.html', page('Not found', ''));
  write('shell.html', '<!doctype html><title>Pilbara</title><div id="root"></div>');
  write(
    'prerendered.json',
    JSON.stringify({
      pages: { '/contact': 'contact.html', '/feedback': 'feedback.html' },
      variants: {
        '/contact': {
          quote: 'contact.quote.variant.html',
          repair: 'contact.repair.variant.html',
        },
        '/feedback': { review: 'feedback.review.variant.html' },
      },
      notFound: '404.html',
      shell: 'shell.html',
      clientRoutes: ['/admin'],
    }),
  );
  return dir;
}

function formBody(fields: Record<string, unknown>): string {
  return new URLSearchParams(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
}

const postForm = (
  app: TestApp,
  url: string,
  fields: Record<string, unknown>,
  headers?: Record<string, string>,
) => postRaw(app, url, 'application/x-www-form-urlencoded', formBody(fields), headers);

function keyIn(html: string): string {
  const key = /name="formKey" value="([^"]+)"/.exec(html)?.[1];
  if (!key) throw new Error('no form key in the page');
  return key;
}

/** The number the customer was told, which is what their lookup lists. */
const numberOf = (app: TestApp, id: string) =>
  (app.db.prepare('SELECT number FROM jobs WHERE id = ?').get(id) as { number: string }).number;

const count = (app: TestApp, table: string) =>
  (app.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

const QUOTE = {
  ...contactBody({ serviceNeeded: '4x4 Recovery', message: 'Rolled Hilux near Pannawonica.' }),
  kind: 'quote',
  vehicle: 'Toyota Hilux 4x4',
  fromLocation: 'Pannawonica',
  toLocation: 'Karratha',
};

describe('the quote request without script', () => {
  it('opens each way in by its address, the quote form with a fresh key', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithForms() } });
    const first = await app.inject({ url: '/contact?kind=quote' });
    const second = await app.inject({ url: '/contact?kind=quote' });
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toContain('aria-label="Request a Quote"');
    expect(keyIn(first.body)).toMatch(/^form-[0-9a-f-]{36}$/);
    expect(keyIn(first.body)).not.toBe(keyIn(second.body));
    const message = await app.inject({ url: '/contact' });
    expect(message.body).toContain('aria-label="Send us a Message"');
    const repair = await app.inject({ url: '/contact?kind=repair' });
    expect(repair.body).toContain('Pick a day and time');
    // An unknown kind is the page itself.
    const other = await app.inject({ url: '/contact?kind=nonsense' });
    expect(other.body).toContain('aria-label="Send us a Message"');
  });

  it('answers a bad quote with the quote form again, then stores one quote request', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithForms() } });
    const key = keyIn((await app.inject({ url: '/contact?kind=quote' })).body);
    const bad = await postForm(app, '/contact', { ...QUOTE, email: 'nope@', formKey: key });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('aria-label="Request a Quote"');
    expect(bad.body).toContain('value="Toyota Hilux 4x4"');
    expect(bad.body).toContain('value="Pannawonica"');
    expect(bad.body).toContain(`value="${key}"`);
    expect(bad.body).toMatch(new RegExp(`id="f-email-error"[^>]*>${MESSAGES.EMAIL_INVALID}<`));
    expect(count(app, 'contact_submissions')).toBe(0);

    const good = await postForm(app, '/contact', { ...QUOTE, formKey: key });
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain(`<title>${MESSAGES.CONTACT_SENT_TITLE} | Pilbara</title>`);
    expect(good.body).toContain('Request another quote');
    expect(good.body).toMatch(/<dt[^>]*>Vehicle<\/dt><dd[^>]*>Toyota Hilux 4x4<\/dd>/);
    // The script's post of the same filling-in, under the key the page carried.
    const scripted = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: QUOTE,
      headers: { 'idempotency-key': key },
    });
    expect(scripted.statusCode).toBeLessThan(300);
    expect(count(app, 'contact_submissions')).toBe(1);
    // A quote request: its vehicle and route go to staff with it.
    const stored = app.db.prepare('SELECT kind, details FROM emails').get();
    expect(stored).toEqual({
      kind: 'quote',
      details: JSON.stringify({
        vehicle: 'Toyota Hilux 4x4',
        fromLocation: 'Pannawonica',
        toLocation: 'Karratha',
      }),
    });
  });

  it('refuses a quote posted from another site, and stores nothing', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithForms() } });
    const key = keyIn((await app.inject({ url: '/contact?kind=quote' })).body);
    const refused = await postForm(
      app,
      '/contact',
      { ...QUOTE, formKey: key },
      { origin: 'https://tow-deals.example' },
    );
    expect(refused.statusCode).toBe(403);
    expect(count(app, 'contact_submissions')).toBe(0);
  });
});

describe('feedback without script', () => {
  it('serves the lookup without a key, and kept as any page is', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithForms() } });
    const page = await app.inject({ url: '/feedback' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('aria-label="Find My Services"');
  });

  it('answers a lookup with the review form of the person’s own jobs, with a fresh key', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithForms() } });
    const done = insertJob(app, { status: 'Completed', progress: 100, service: 'Winch Recovery' });
    const reviewed = insertJob(app, { status: 'Completed', progress: 100 });
    insertJob(app, { status: 'En Route' });
    insertJob(app, { status: 'Completed', phone: '0499 999 999' });
    await app.inject({ method: 'POST', url: '/api/feedback', payload: feedbackBody(reviewed.id) });

    const first = await postForm(app, '/feedback', { lookup: '0412 345 678', phone: '' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toContain('aria-label="Leave Feedback"');
    // Only the completed job still without its review, in the page's own words; the sample gone.
    const options = [...first.body.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
    expect(options).toEqual([numberOf(app, done.id)]);
    expect(first.body).toContain(`Winch Recovery – ${numberOf(app, done.id)}`);
    expect(first.body).toMatch(/name="phone" value="0412 345 678"/);
    expect(first.body).not.toContain('/assets/app.js');
    const second = await postForm(app, '/feedback', { lookup: '0412 345 678', phone: '' });
    expect(keyIn(first.body)).toMatch(/^form-/);
    expect(keyIn(first.body)).not.toBe(keyIn(second.body));
  });

  it('answers a lookup that needs more, or finds nothing, with the lookup again', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithForms() } });
    const job = insertJob(app, { status: 'Completed', progress: 100 });
    const noDigits = await postForm(app, '/feedback', { lookup: job.id, phone: '' });
    expect(noDigits.statusCode).toBe(400);
    expect(noDigits.body).toContain(`value="${job.id}"`);
    expect(noDigits.body).toMatch(
      new RegExp(`id="f-phone-error"[^>]*>${MESSAGES.PHONE_PROOF_REQUIRED}<`),
    );
    const wrong = await postForm(app, '/feedback', { lookup: job.id, phone: '1111' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toMatch(
      new RegExp(`id="f-lookup-error"[^>]*>${MESSAGES.JOB_NOT_FOUND_DESCRIPTION}<`),
    );
    const nobody = await postForm(app, '/feedback', { lookup: '0400 000 000', phone: '' });
    expect(nobody.statusCode).toBe(200);
    expect(nobody.body).toContain('aria-label="Find My Services"');
    expect(nobody.body).toContain('We could not find a completed service to review yet.');
    // A job ID with the phone's last digits finds the review form.
    const proved = await postForm(app, '/feedback', { lookup: job.id, phone: '5678' });
    expect(proved.body).toContain('aria-label="Leave Feedback"');
    expect(proved.body).toMatch(/name="phone" value="5678"/);
    // Nothing typed: nothing to look up, the page again.
    const empty = await postForm(app, '/feedback', { lookup: ' ', phone: '' });
    expect(empty.statusCode).toBe(303);
  });

  it('answers a bad review with the form again, then stores one review, native and script', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithForms() } });
    const job = insertJob(app, { status: 'Completed', progress: 100 });
    const review = await postForm(app, '/feedback', { lookup: '0412 345 678', phone: '' });
    const key = keyIn(review.body);
    const proof = { lookup: '0412 345 678', phone: '0412 345 678', formKey: key };

    const jobId = numberOf(app, job.id);
    const bad = await postForm(app, '/feedback', {
      ...proof,
      jobId,
      rating: 4,
      comments: 'ok',
      recommend: 'maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('<title>There is a problem | Customer Feedback | Pilbara</title>');
    // The job list is the person's again, their choices kept, each message by its field.
    expect(bad.body).toMatch(new RegExp(`<option value="${numberOf(app, job.id)}" selected`));
    expect(bad.body).toMatch(/id="feedback-rating-4" name="rating" value="4" checked/);
    expect(bad.body).toMatch(/name="recommend" value="maybe" checked/);
    expect(bad.body).toContain('>ok</textarea>');
    expect(bad.body).toMatch(
      new RegExp(`id="f-comments-error"[^>]*>${MESSAGES.COMMENTS_DETAILED}<`),
    );
    expect(bad.body).toMatch(
      new RegExp(`id="feedback-serviceQuality-1-error"[^>]*>${MESSAGES.RATING_RANGE}<`),
    );
    expect(bad.body).toContain(`value="${key}"`);
    expect(count(app, 'feedback')).toBe(0);

    const scores = { rating: 5, serviceQuality: 5, responseTime: 4, communication: 5, value: 4 };
    const filled = {
      ...proof,
      jobId,
      ...scores,
      comments: 'Out of the creek in an hour, thank you.',
      recommend: 'yes',
      improvements: '',
    };
    const good = await postForm(app, '/feedback', filled);
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain(`<title>${MESSAGES.FEEDBACK_SUBMITTED_TITLE} | Pilbara</title>`);
    expect(good.body).toContain(MESSAGES.FEEDBACK_SUBMITTED_DESCRIPTION);
    // The script's post of the same filling-in under the same key, and a reload of the post.
    const scripted = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: feedbackBody(jobId, { ...scores, comments: filled.comments }),
      headers: { 'idempotency-key': key },
    });
    expect(scripted.statusCode).toBe(201);
    const again = await postForm(app, '/feedback', filled);
    expect(again.statusCode).toBe(200);
    expect(count(app, 'feedback')).toBe(1);
  });

  it('refuses a lookup or a review posted from another site, and stores nothing', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithForms() } });
    const job = insertJob(app, { status: 'Completed', progress: 100 });
    const elsewhere = { origin: 'https://tow-deals.example' };
    const lookup = await postForm(app, '/feedback', { lookup: '0412 345 678' }, elsewhere);
    expect(lookup.statusCode).toBe(403);
    const review = await postForm(
      app,
      '/feedback',
      { ...feedbackBody(job.id), formKey: 'form-00000000-0000-4000-8000-000000000000' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(review.statusCode).toBe(403);
    expect(count(app, 'feedback')).toBe(0);
  });
});
