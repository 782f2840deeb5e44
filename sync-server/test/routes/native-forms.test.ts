import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@pilbara/shared-schema';
import { TEST_ADMIN, buildTestApp, postRaw, tempDir, type TestApp } from '../helper';
import { bookingBody } from '../fixtures';

const FIELDS = ['customerName', 'phone', 'email', 'service', 'urgency', 'location'];

/** A built site whose booking and sign-in pages have forms as the web build renders them. */
function siteWithForms(): string {
  const dir = tempDir('pilbara-forms-');
  const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
  const page = (title: string, form: string) =>
    `<!doctype html><html><head><title>${title} | Pilbara</title><script type="module" src="/assets/app.js"></script></head>` +
    `<body><div id="root"><header>Pilbara</header><main id="main"><h1>${title}</h1>${form}</main></div></body></html>`;
  const input = (name: string) =>
    `<div class="mantine-Input-wrapper"><label for="f-${name}">${name}</label><input id="f-${name}" name="${name}"></div>`;
  write(
    'booking.html',
    page(
      'Book a Service',
      `<form method="post" aria-label="Book a Service"><input type="hidden" name="formKey">` +
        FIELDS.map(input).join('') +
        `<input type="date" name="preferredDate" id="f-date"><select name="preferredTime" id="f-time"><option value="">Pick</option><option value="09:00 AM">09:00 AM</option></select>` +
        `<textarea name="description" id="f-description"></textarea><input name="vehicleDetails" id="f-vehicle"><button type="submit">Submit Booking</button></form>`,
    ),
  );
  write(
    'auth.html',
    page(
      'Login',
      `<form method="post" aria-label="Login">${input('username')}<input type="password" name="password" id="f-password"><button type="submit">Login</button></form>`,
    ),
  );
  write(
    'contact.html',
    page(
      'Contact',
      `<form method="post" aria-label="Send us a Message"><input type="hidden" name="formKey">` +
        ['firstName', 'lastName', 'phone', 'email'].map(input).join('') +
        `<select name="serviceNeeded" id="f-service"><option value="" disabled selected>Select a service</option><option value="4x4 Recovery">4x4 Recovery</option></select>` +
        `<textarea name="message" id="f-message"></textarea><button type="submit">Send Message</button></form>`,
    ),
  );
  write('404.html', page('Not found', ''));
  write('shell.html', '<!doctype html><title>Pilbara</title><div id="root"></div>');
  write(
    'prerendered.json',
    JSON.stringify({
      pages: { '/booking': 'booking.html', '/auth': 'auth.html', '/contact': 'contact.html' },
      notFound: '404.html',
      shell: 'shell.html',
      clientRoutes: ['/admin'],
    }),
  );
  return dir;
}

function formBody(fields: Record<string, unknown>): string {
  return new URLSearchParams(
    Object.entries(fields).map(([name, value]): [string, string] => [name, String(value ?? '')]),
  ).toString();
}

const postForm = (app: TestApp, url: string, fields: Record<string, unknown>) =>
  postRaw(app, url, 'application/x-www-form-urlencoded', formBody(fields));

function keyIn(html: string): string {
  const key = /name="formKey" value="([^"]+)"/.exec(html)?.[1];
  if (!key) throw new Error('no form key in the page');
  return key;
}

function bookingCount(app: TestApp): number {
  return (app.db.prepare('SELECT COUNT(*) AS n FROM bookings').get() as { n: number }).n;
}

describe('forms posted without script', () => {
  it('serves each form page with a fresh key, never kept by the browser', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithForms() } });
    const first = await app.inject({ url: '/booking' });
    const second = await app.inject({ url: '/booking' });
    expect(first.headers['cache-control']).toBe('no-store');
    expect(keyIn(first.body)).toMatch(/^form-[0-9a-f-]{36}$/);
    expect(keyIn(first.body)).not.toBe(keyIn(second.body));
    // The copy the service worker keeps has no key: one key is never shared by two fillings-in.
    const file = await app.inject({ url: '/booking.html' });
    expect(file.body).toContain('<input type="hidden" name="formKey">');
  });

  it('answers a bad booking with the form again: values kept, the spec messages by the fields', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithForms() } });
    const key = keyIn((await app.inject({ url: '/booking' })).body);
    const posted = await postForm(app, '/booking', {
      ...bookingBody(),
      customerName: 'Jo "Smith"><script>',
      location: 'Km',
      formKey: key,
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.headers['content-type']).toMatch(/text\/html/);
    // What was typed stays inside its attribute.
    expect(posted.body).toContain('value="Jo &quot;Smith&quot;><script>"');
    expect(posted.body).toContain(`value="${key}"`);
    expect(posted.body).toContain('aria-describedby="f-location-error"');
    expect(posted.body).toMatch(
      new RegExp(`id="f-location-error"[^>]*>${MESSAGES.LOCATION_DETAILED}</p>`),
    );
    expect(posted.body).toContain('aria-invalid="true"');
    expect(posted.body).toContain('<title>There is a problem | Book a Service | Pilbara</title>');
    // The page's script is not sent with it: it would hydrate a page it did not render.
    expect(posted.body).not.toContain('/assets/app.js');
    expect(bookingCount(app)).toBe(0);
  });

  it('stores a good booking once, whether it comes natively, by script, or both', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithForms() } });
    const key = keyIn((await app.inject({ url: '/booking' })).body);
    const posted = await postForm(app, '/booking', { ...bookingBody(), formKey: key });
    expect(posted.statusCode).toBe(200);
    const reference = /data-testid="booking-reference"[^>]*>([^<]+)</.exec(posted.body)?.[1];
    expect(reference).toMatch(/^BKG-/);
    expect(posted.body).toContain('<title>Booking Submitted | Pilbara</title>');
    // The script's post of the same form (its values parsed, so another body) under the key.
    const scripted = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { ...bookingBody(), vehicleDetails: undefined },
      headers: { 'idempotency-key': key },
    });
    expect(scripted.statusCode).toBe(201);
    expect(scripted.json().id).toBe(reference);
    const again = await postForm(app, '/booking', { ...bookingBody(), formKey: key });
    expect(again.body).toContain(`>${reference}<`);
    expect(bookingCount(app)).toBe(1);
    // A key of the API's own still refuses a different body.
    const own = { 'idempotency-key': 'outbox-1' };
    await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody(),
      headers: own,
    });
    const other = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({ location: 'Somewhere else entirely' }),
      headers: own,
    });
    expect(other.statusCode).toBe(422);
  });

  it('signs in with the session cookie and a 303 to the screen of the role', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithForms() } });
    const posted = await postForm(app, '/auth', TEST_ADMIN);
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/admin');
    const cookies = [posted.headers['set-cookie']].flat().filter((c): c is string => !!c);
    const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    const me = await app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json().user.username).toBe(TEST_ADMIN.username);
  });
  it('refuses a form posted from another site, and changes nothing', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithForms() } });
    const key = keyIn((await app.inject({ url: '/booking' })).body);
    const fromElsewhere = await postRaw(
      app,
      '/booking',
      'application/x-www-form-urlencoded',
      formBody({ ...bookingBody(), formKey: key }),
      { origin: 'https://tow-deals.example' },
    );
    expect(fromElsewhere.statusCode).toBe(403);
    expect(bookingCount(app)).toBe(0);
    // A browser that names no origin but says the page was another site's.
    const crossSite = await postRaw(
      app,
      '/auth',
      'application/x-www-form-urlencoded',
      formBody(TEST_ADMIN),
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.headers['set-cookie']).toBeUndefined();
    // A sandboxed or privacy-stripped page says `null`: not this site either.
    const opaque = await postRaw(
      app,
      '/auth',
      'application/x-www-form-urlencoded',
      formBody(TEST_ADMIN),
      { origin: 'null' },
    );
    expect(opaque.statusCode).toBe(403);
    expect(opaque.headers['set-cookie']).toBeUndefined();
    // A page with no form of the server's: refused the same, not redirected.
    const other = await postRaw(app, '/admin', 'application/x-www-form-urlencoded', 'a=1', {
      origin: 'https://tow-deals.example',
    });
    expect(other.statusCode).toBe(403);
    // The same posts from this site's own pages go through.
    const own = await postRaw(
      app,
      '/booking',
      'application/x-www-form-urlencoded',
      formBody({ ...bookingBody(), formKey: key }),
      { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
    );
    expect(own.statusCode).toBe(200);
    expect(bookingCount(app)).toBe(1);
    const signedIn = await postRaw(
      app,
      '/auth',
      'application/x-www-form-urlencoded',
      formBody(TEST_ADMIN),
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(signedIn.statusCode).toBe(303);
  });
  it('answers the contact form natively: its messages with the values kept, then sent once', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: siteWithForms() } });
    const count = () =>
      (app.db.prepare('SELECT COUNT(*) AS n FROM contact_submissions').get() as { n: number }).n;
    const key = keyIn((await app.inject({ url: '/contact' })).body);
    const message = {
      firstName: 'Robin',
      lastName: 'Ng',
      phone: '0412 345 678',
      email: 'robin@example.com',
      serviceNeeded: '4x4 Recovery',
      message: 'Ute bogged past the Fortescue crossing, can you quote a recovery?',
    };
    const bad = await postForm(app, '/contact', {
      ...message,
      serviceNeeded: '',
      email: 'robin@',
      formKey: key,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('value="Robin"');
    expect(bad.body).toContain('Ute bogged past the Fortescue crossing');
    expect(bad.body).toMatch(new RegExp(`id="f-service-error"[^>]*>${MESSAGES.SERVICE_SELECT}<`));
    expect(bad.body).toMatch(new RegExp(`id="f-email-error"[^>]*>${MESSAGES.EMAIL_INVALID}<`));
    expect(count()).toBe(0);

    const good = await postForm(app, '/contact', { ...message, formKey: key });
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain(`<title>${MESSAGES.CONTACT_SENT_TITLE} | Pilbara</title>`);
    expect(good.body).toContain(MESSAGES.CONTACT_SENT_DESCRIPTION);
    expect(good.body).toContain('robin@example.com');
    // Posted again (a reload, a second tap) under the same key: still one message.
    const again = await postForm(app, '/contact', { ...message, formKey: key });
    expect(again.statusCode).toBe(200);
    expect(count()).toBe(1);
  });
});
