/**
 * Serves the built PWA from WEB_DIST on the same port as the API (DESIGN §6).
 *
 * Cache policy: Vite's content-hashed files (everything under assets/, and workbox-<hash>.js)
 * are immutable for a year; everything else — index.html, the service worker, the manifest,
 * icons — is `no-cache`, so browsers revalidate and a deploy is picked up at once. Unknown GET
 * paths without a file extension fall back to index.html (client-side routes such as
 * /customer-portal); unknown /api paths answer 404 JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { MESSAGES } from '@pilbara/shared-schema';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Workbox's runtime, which vite-plugin-pwa names by content hash outside assets/. */
const WORKBOX_RUNTIME = /^workbox-[0-9a-f]{8}\.js$/;

/** Cache-Control for a file inside WEB_DIST, by its path relative to the root. */
export function cacheControlFor(relativePath: string): string {
  const normalised = relativePath.split(path.sep).join('/');
  const name = path.posix.basename(normalised);
  if (name === 'index.html' || name === 'sw.js' || name.endsWith('.webmanifest')) return NO_CACHE;
  // Only Vite's output folder is content-hashed; public/ files (icons, gallery) keep their names
  // across builds, so they must revalidate.
  if (normalised.startsWith('assets/') || WORKBOX_RUNTIME.test(name)) return IMMUTABLE;
  return NO_CACHE;
}

export const staticPlugin = fp(
  async (app) => {
    const root = app.config.webDist;
    const built = fs.existsSync(path.join(root, 'index.html'));

    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: ['index.html'],
        // Cache-Control is set per file below; @fastify/static's default would override it.
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          reply.header('Cache-Control', cacheControlFor(path.relative(root, filePath)));
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        return reply.code(404).send({ error: MESSAGES.NOT_FOUND });
      }
      const isPageRequest =
        (request.method === 'GET' || request.method === 'HEAD') && !path.posix.extname(pathname);
      if (!isPageRequest) return reply.code(404).type('text/plain').send('Not found');
      if (!built) {
        return reply
          .code(503)
          .type('text/plain')
          .send(`The web app is not built (no index.html in ${root}). Run the start command.`);
      }
      return reply.header('Cache-Control', NO_CACHE).sendFile('index.html');
    });
  },
  { name: 'static' },
);
