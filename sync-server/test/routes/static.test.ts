import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMMUTABLE, NO_CACHE, cacheControlFor } from '../../src/plugins/static';
import { buildTestApp, tempDir } from '../helper';

function fakeDist(): string {
  const dir = tempDir('pilbara-dist-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Pilbara</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-B2x9kQ7a.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Pilbara"}');
  fs.writeFileSync(path.join(dir, 'icon-192.png'), 'png');
  return dir;
}

describe('static hosting of the PWA', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: fakeDist() } });
    const response = await app.inject({ url: '/assets/index-B2x9kQ7a.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves index.html, the service worker and the manifest with no-cache', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: fakeDist() } });
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/icon-192.png']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await app.inject({ url: '/' })).headers['content-type']).toMatch(/text\/html/);
  });

  it('falls back to index.html for client-side routes', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: fakeDist() } });
    for (const url of ['/customer-portal?search=JOB-2026-1', '/admin', '/checkout/success']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 404 for a missing file and JSON 404 for an unknown API path', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: fakeDist() } });
    expect((await app.inject({ url: '/assets/missing-abcdefgh.js' })).statusCode).toBe(404);
    const api = await app.inject({ url: '/api/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found' });
  });

  it('says the web app is not built when WEB_DIST has no index.html', async () => {
    const app = await buildTestApp({ env: { WEB_DIST: tempDir() } });
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toMatch(/not built/);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('sends security headers with a CSP that allows only the card provider from outside', async () => {
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
      ]),
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('classifies files by name', () => {
    expect(cacheControlFor('assets/vendor-Dx81_aQz.css')).toBe(IMMUTABLE);
    expect(cacheControlFor('workbox-4f3b2c1d.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('registerSW.js')).toBe(NO_CACHE);
    expect(cacheControlFor('icons/apple-touch-icon.png')).toBe(NO_CACHE);
    expect(cacheControlFor('gallery/heavy-recovery-truck.webp')).toBe(NO_CACHE);
    expect(cacheControlFor('sw.js')).toBe(NO_CACHE);
    expect(cacheControlFor('index.html')).toBe(NO_CACHE);
  });
});
