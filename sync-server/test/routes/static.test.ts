import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMMUTABLE, NO_CACHE, cacheControlFor } from '../../src/plugins/static';
import { buildTestApp, login, tempDir } from '../helper';

/** A built PWA as web's build lays it out: pre-rendered pages, their .br/.gz copies, the shell. */
function fakeDist(): string {
  const dir = tempDir('pilbara-dist-');
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const page = (heading: string) =>
    `<!doctype html><title>${heading}</title><div id="root"><h1>${heading}</h1>${'<p>Call us on 0400 000 001 or 0400 000 002.</p>'.repeat(40)}</div>`;
  write('index.html', page('Professional Towing'));
  write('booking.html', page('Book a Service'));
  write('checkout/success.html', page('Payment'));
  write('404.html', page('404 Page Not Found'));
  write('shell.html', '<!doctype html><title>Pilbara</title><div id="root"></div>');
  write(
    'prerendered.json',
    JSON.stringify({
      pages: {
        '/': 'index.html',
        '/booking': 'booking.html',
        '/checkout/success': 'checkout/success.html',
      },
      notFound: '404.html',
      shell: 'shell.html',
      clientRoutes: ['/admin', '/admin/*'],
    }),
  );
  for (const file of ['index.html', 'booking.html', '404.html']) {
    const data = fs.readFileSync(path.join(dir, file));
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(data));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(data));
  }
  write('assets/index-B2x9kQ7a.js', 'console.log("app")');
  write('sw.js', 'self.addEventListener("fetch", () => {})');
  write('manifest.webmanifest', '{"name":"Pilbara"}');
  write('icon-192.png', 'png');
  return dir;
}

describe('static hosting of the PWA', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: fakeDist() } });
    const response = await app.inject({ url: '/assets/index-B2x9kQ7a.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Nothing to revalidate or resume: a hashed file's headers are bytes on a slow link.
    for (const header of ['etag', 'last-modified', 'accept-ranges', 'x-request-id']) {
      expect(response.headers[header], header).toBeUndefined();
    }
  });

  it('keeps what revalidates a page, and the request id, on everything not hashed', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: fakeDist() } });
    for (const url of ['/', '/sw.js', '/icon-192.png']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.headers['etag'], url).toBeTruthy();
      expect(response.headers['last-modified'], url).toBeTruthy();
      expect(response.headers['x-request-id'], url).toBeTruthy();
    }
    const page = await app.inject({ url: '/' });
    const again = await app.inject({
      url: '/',
      headers: { 'if-none-match': String(page.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('keeps document-only security headers off scripts and images, not off pages', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: fakeDist() } });
    const script = await app.inject({ url: '/assets/index-B2x9kQ7a.js' });
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    for (const url of ['/', '/booking', '/sw.js', '/nowhere']) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
  });

  it('serves pages, the service worker and the manifest with no-cache', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: fakeDist() } });
    for (const url of ['/', '/booking', '/sw.js', '/manifest.webmanifest', '/icon-192.png']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await app.inject({ url: '/' })).headers['content-type']).toMatch(/text\/html/);
  });

  it('answers each public path with its own pre-rendered page, whatever the query', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: fakeDist() } });
    const home = await app.inject({ url: '/' });
    expect(home.body).toContain('<h1>Professional Towing</h1>');
    const booking = await app.inject({ url: '/booking?service=winch' });
    expect(booking.statusCode).toBe(200);
    expect(booking.body).toContain('<h1>Book a Service</h1>');
    const success = await app.inject({ url: '/checkout/success?quote_id=Q-2026-1' });
    expect(success.body).toContain('<h1>Payment</h1>');
  });

  it('sends the brotli or gzip copy the browser accepts, varying on Accept-Encoding', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: fakeDist() } });
    const plain = await app.inject({ url: '/booking' });
    const br = await app.inject({ url: '/booking', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/text\/html/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gz = await app.inject({ url: '/booking', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('compresses API answers on the fly', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: fakeDist() }, demoData: true });
    const cookie = await login(app);
    const plain = await app.inject({ url: '/api/jobs', headers: { cookie } });
    const response = await app.inject({
      url: '/api/jobs',
      headers: { cookie, 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(plain.body);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('answers the staff screens with the shell and unknown paths with 404 and the 404 page', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: fakeDist() } });
    for (const url of ['/admin', '/admin/fleet']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
    for (const url of ['/nowhere', '/booking/extra', '/customer-portal']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain(
        '404 Page Not Found',
      );
    }
    const slash = await app.inject({ url: '/booking/?service=winch' });
    expect(slash.statusCode).toBe(308);
    expect(slash.headers.location).toBe('/booking?service=winch');
  });

  it('answers 404 for a missing file and JSON 404 for an unknown API path', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: fakeDist() } });
    expect((await app.inject({ url: '/assets/missing-abcdefgh.js' })).statusCode).toBe(404);
    const api = await app.inject({ url: '/api/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found' });
  });

  it('says the web app is not built when WEB_DIST has no page list', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: tempDir() } });
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toMatch(/not built/);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('sends security headers with a CSP that allows only the card provider and the map from outside', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: fakeDist() } });
    const response = await app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).toContain("object-src 'none'");
    const foreign = csp.match(/https?:\/\/[^\s;]+/g) ?? [];
    expect(new Set(foreign)).toEqual(
      new Set([
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
        'https://api.stripe.com',
        // The map's default style and tiles (docs/dispatch.md).
        'https://tiles.openfreemap.org',
      ]),
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets the page reach the configured map style’s origin, and none with a PMTiles file', async () => {
    const styled = await buildTestApp({
      env: { WEB_DIST: fakeDist(), MAP_STYLE_URL: 'https://maps.example.net/styles/pilbara.json' },
    });
    const styledCsp = String(
      (await styled.inject({ url: '/' })).headers['content-security-policy'],
    );
    expect(styledCsp).toContain(
      "connect-src 'self' https://api.stripe.com https://maps.example.net;",
    );
    const own = await buildTestApp({
      env: { WEB_DIST: fakeDist(), MAP_PMTILES_FILE: '/srv/pilbara.pmtiles' },
    });
    const ownCsp = String((await own.inject({ url: '/' })).headers['content-security-policy']);
    expect(ownCsp).toContain("connect-src 'self' https://api.stripe.com;");
  });

  it('classifies files by name', () => {
    expect(cacheControlFor('assets/vendor-Dx81_aQz.css')).toBe(IMMUTABLE);
    expect(cacheControlFor('workbox-4f3b2c1d.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('registerSW.js')).toBe(NO_CACHE);
    expect(cacheControlFor('icons/apple-touch-icon.png')).toBe(NO_CACHE);
    expect(cacheControlFor('gallery/heavy-recovery-truck.webp')).toBe(NO_CACHE);
    expect(cacheControlFor('sw.js')).toBe(NO_CACHE);
    expect(cacheControlFor('index.html')).toBe(NO_CACHE);
    expect(cacheControlFor('checkout/success.html')).toBe(NO_CACHE);
  });
});
