/**
 * The second booking page and the portal's and dashboard's lookups posted by the browser itself,
 * with no script: each goes through the JSON call the script makes and is answered with a page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES, dashboardNotFoundText, documentRef, trackingPath } from '@pilbara/shared-schema';
import { buildTestApp, postRaw, tempDir, type TestApp } from '../helper';
import { bookingBody, insertJob } from '../fixtures';

/** A built site with the booking-with-cards, portal and dashboard forms as the web build has them. */
function siteWithLookups(): string {
  const dir = tempDir('pilbara-lookups-');
  const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
  const page = (title: string, form: string) =>
    `<!doctype html><html><head><title>${title} | Pilbara</title><script type="module" src="/assets/app.js"></script></head>` +
    `<body><div id="root"><header>Pilbara</header><main id="main"><h1>${title}</h1>${form}</main></div></body></html>`;
  const input = (name: string) =>
    `<div class="mantine-Input-wrapper"><label for="f-${name}">${name}</label><input id="f-${name}" name="${name}"></div>`;
  const radio = (value: string, checked = false) =>
    `<input type="radio" id="urgency-${value}" name="urgency" value="${value}"${checked ? ' checked' : ''}>`;
  write(
    'book-service.html',
    page(
      'Book a Service',
      `<form method="post" aria-label="Book a Service"><input type="hidden" name="formKey">` +
        ['customerName', 'phone', 'email', 'service', 'location'].map(input).join('') +
        `<fieldset role="radiogroup"><legend>Urgency</legend>${radio('emergency')}${radio('same-day')}${radio('scheduled', true)}</fieldset>` +
        `<input type="date" name="preferredDate" id="f-date"><select name="preferredTime" id="f-time"><option value="">Pick</option><option value="09:00 AM">09:00 AM</option></select>` +
        `<textarea name="description" id="f-description"></textarea><input name="vehicleDetails" id="f-vehicle"><button type="submit">Submit Booking</button></form>`,
    ),
  );
  write(
    'customer-portal.html',
    page(
      'Track Your Job',
      `<form method="post" role="search" aria-label="Track your job">${input('query')}${input('phone')}<button type="submit">Track Job</button></form>`,
    ),
  );
  write(
    'dashboard.html',
    page(
      'My Dashboard',
      `<form method="post" aria-label="Access Your Dashboard">${input('lookup')}${input('phone')}<button type="submit">Access Dashboard</button></form>`,
    ),
  );
  write('404.html', page('Not found', ''));
  write('shell.html', '<!doctype html><title>Pilbara</title><div id="root"></div>');
  write(
    'prerendered.json',
    JSON.stringify({
      pages: {
        '/book-service': 'book-service.html',
        '/customer-portal': 'customer-portal.html',
        '/dashboard': 'dashboard.html',
      },
      notFound: '404.html',
      shell: 'shell.html',
      clientRoutes: ['/admin'],
    }),
  );
  return dir;
}

const postForm = (app: TestApp, url: string, fields: Record<string, unknown>) =>
  postRaw(
    app,
    url,
    'application/x-www-form-urlencoded',
    new URLSearchParams(
      Object.entries(fields).map(([name, value]): [string, string] => [name, String(value ?? '')]),
    ).toString(),
  );

function keyIn(html: string): string {
  const key = /name="formKey" value="([^"]+)"/.exec(html)?.[1];
  if (!key) throw new Error('no form key in the page');
  return key;
}

const bookings = (app: TestApp) =>
  app.db.prepare('SELECT id, urgency FROM bookings').all() as { id: string; urgency: string }[];

describe('the booking page with urgency cards, posted without script', () => {
  it('serves a fresh key each time and stores a booking once, whatever is posted again', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithLookups() } });
    const served = await app.inject({ url: '/book-service' });
    expect(served.headers['cache-control']).toBe('no-store');
    const key = keyIn(served.body);
    expect(key).not.toBe(keyIn((await app.inject({ url: '/book-service' })).body));

    const bad = await postForm(app, '/book-service', {
      ...bookingBody(),
      urgency: 'tomorrow-ish',
      formKey: key,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('aria-invalid="true"');
    expect(bookings(app)).toEqual([]);

    const body = { ...bookingBody(), urgency: 'same-day', formKey: key };
    const posted = await postForm(app, '/book-service', body);
    expect(posted.statusCode).toBe(200);
    const reference = /data-testid="booking-reference"[^>]*>([^<]+)</.exec(posted.body)?.[1];
    expect(reference).toMatch(/^BKG-/);
    expect(posted.body).toContain('href="/book-service"');
    // A second tap, a reload of the post, then the script's own post under the same key.
    await postForm(app, '/book-service', body);
    const scripted = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { ...bookingBody(), urgency: 'same-day' },
      headers: { 'idempotency-key': key },
    });
    expect(scripted.json().id).toBe(reference);
    expect(bookings(app)).toEqual([{ id: reference, urgency: 'same-day' }]);
  });
});

describe('the portal lookup, posted without script', () => {
  it('opens the job on its tracking link; nothing personal goes into the address', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithLookups() } });
    const job = insertJob(app, { phone: '0412 345 678' });
    const found = await postForm(app, '/customer-portal', { query: job.id, phone: '5678' });
    expect(found.statusCode).toBe(303);
    expect(found.headers.location).toBe(trackingPath(job.trackingToken ?? ''));
    expect(found.headers['cache-control']).toBe('no-store');
  });

  it('answers the form again with the spec messages, the values kept', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithLookups() } });
    const job = insertJob(app, { phone: '0412 345 678' });
    const empty = await postForm(app, '/customer-portal', { query: '', phone: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toMatch(
      new RegExp(`id="f-query-error"[^>]*>${MESSAGES.PORTAL_SEARCH_EMPTY}<`),
    );

    const noDigits = await postForm(app, '/customer-portal', { query: job.id, phone: '' });
    expect(noDigits.statusCode).toBe(400);
    expect(noDigits.body).toContain(`value="${job.id}"`);
    expect(noDigits.body).toMatch(
      new RegExp(`id="f-phone-error"[^>]*>${MESSAGES.PHONE_PROOF_REQUIRED}<`),
    );

    const wrong = await postForm(app, '/customer-portal', { query: job.id, phone: '1111' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toContain(MESSAGES.JOB_NOT_FOUND_TITLE);
    expect(wrong.body).toMatch(
      new RegExp(`id="f-query-error"[^>]*>${MESSAGES.JOB_NOT_FOUND_DESCRIPTION}<`),
    );
    expect(wrong.body).toContain('<title>There is a problem | Track Your Job | Pilbara</title>');
    // The page's script is not sent with it: it would hydrate a page it did not render.
    expect(wrong.body).not.toContain('/assets/app.js');
  });
});

describe('the dashboard lookup, posted without script', () => {
  it('answers the dashboard: active jobs with their tracking links, history and the details', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithLookups() } });
    const active = insertJob(app, {
      customerName: 'Dana Reid',
      phone: '0498 111 222',
      status: 'En Route',
      service: 'Winch Recovery',
    });
    const done = insertJob(app, {
      customerName: 'Dana Reid',
      phone: '0498 111 222',
      status: 'Completed',
      service: 'Jump Start Service',
    });
    insertJob(app, { customerName: 'Someone Else', phone: '0400 000 001', service: 'Tyre Change' });

    const byPhone = await postForm(app, '/dashboard', { lookup: '0498 111 222', phone: '' });
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.headers['cache-control']).toBe('no-store');
    const html = byPhone.body;
    expect(html).toContain('Welcome back, Dana Reid!');
    expect(html).toContain('Winch Recovery');
    expect(html).toContain(`href="${trackingPath(active.trackingToken ?? '')}"`);
    expect(html).toContain('Jump Start Service');
    expect(html).toContain(`>${documentRef(done)}<`);
    expect(html).not.toContain('Tyre Change');
    expect(html).not.toContain('staff only note');

    // A job id needs the phone's digits, as with the script; with them it opens the same.
    const noDigits = await postForm(app, '/dashboard', { lookup: active.id, phone: '' });
    expect(noDigits.statusCode).toBe(400);
    expect(noDigits.body).toMatch(
      new RegExp(`id="f-phone-error"[^>]*>${MESSAGES.PHONE_PROOF_REQUIRED}<`),
    );
    const byId = await postForm(app, '/dashboard', { lookup: active.id, phone: '1222' });
    expect(byId.body).toContain('Welcome back, Dana Reid!');
  });

  it('says when nothing is found, the value kept; an empty lookup does nothing', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithLookups() } });
    const none = await postForm(app, '/dashboard', { lookup: '0400 999 888', phone: '' });
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('value="0400 999 888"');
    const text = dashboardNotFoundText('0400 999 888');
    expect(none.body).toMatch(new RegExp(`id="f-lookup-error"[^>]*>${text}<`));

    const empty = await postForm(app, '/dashboard', { lookup: '  ', phone: '' });
    expect(empty.statusCode).toBe(303);
    expect(empty.headers.location).toBe('/dashboard');
  });
});
