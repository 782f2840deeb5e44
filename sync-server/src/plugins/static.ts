/**
 * Serves the built PWA from WEB_DIST on the same port as the API (DESIGN §6, §11).
 *
 * Pages: the build pre-renders every public route to HTML and lists them in prerendered.json
 * (web/scripts/prerender.mjs). Each listed path answers its page; the staff screens (/admin…)
 * answer the shell, which the app draws in the browser; any other page path answers 404 with the
 * pre-rendered 404 page. A path with a trailing slash is redirected to the path without it.
 *
 * Compression: the build stores a brotli and a gzip copy beside every text file, and
 * @fastify/static sends the one the browser accepts (`preCompressed`, with `Vary:
 * Accept-Encoding`), so no request spends CPU compressing a file. API answers are compressed on
 * the fly by @fastify/compress (registered in app.ts).
 *
 * Cache policy: Vite's content-hashed files (everything under assets/, and workbox-<hash>.js)
 * are immutable for a year; everything else — pages, the service worker, the manifest, icons —
 * is `no-cache`, so browsers revalidate and a deploy is picked up at once. Unknown /api paths
 * answer 404 JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { MESSAGES } from '@pilbara/shared-schema';
import { globalPlugin } from './global-plugin';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Workbox's runtime, which vite-plugin-pwa names by content hash outside assets/. */
const WORKBOX_RUNTIME = /^workbox-[0-9a-f]{8}\.js$/;

/** The build's list of pages (web/scripts/prerender.mjs writes it). */
export interface PageTable {
  /** Path → file of a pre-rendered public page. */
  pages: Record<string, string>;
  notFound: string;
  shell: string;
  /** Paths (a trailing '*' matches below) the app draws in the browser from the shell. */
  clientRoutes: string[];
}

export const PAGE_TABLE_FILE = 'prerendered.json';

/** Cache-Control for a file inside WEB_DIST, by its path relative to the root. */
export function cacheControlFor(relativePath: string): string {
  const normalised = relativePath.split(path.sep).join('/');
  const name = path.posix.basename(normalised);
  if (name.endsWith('.html') || name === 'sw.js' || name.endsWith('.webmanifest')) return NO_CACHE;
  // Only Vite's output folder is content-hashed; public/ files (icons, gallery) keep their names
  // across builds, so they must revalidate.
  if (normalised.startsWith('assets/') || WORKBOX_RUNTIME.test(name)) return IMMUTABLE;
  return NO_CACHE;
}

/**
 * Security headers that only mean something on a document (or the service worker, whose CSP
 * governs what it may fetch). On the other files — scripts, styles, images, fetched by the page —
 * they are about 900 bytes a response, 30 KB or more of a first visit on a slow link.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function isDocumentLike(name: string): boolean {
  return name.endsWith('.html') || name === 'sw.js';
}

function readPageTable(root: string): PageTable | null {
  try {
    const table = JSON.parse(
      fs.readFileSync(path.join(root, PAGE_TABLE_FILE), 'utf8'),
    ) as PageTable;
    const files = [...Object.values(table.pages), table.notFound, table.shell];
    return files.every((file) => fs.existsSync(path.join(root, file))) ? table : null;
  } catch {
    return null;
  }
}

export const staticPlugin = globalPlugin(async (app) => {
  const root = app.config.webDist;
  const table = readPageTable(root);

  const sendPage = (reply: FastifyReply, file: string) =>
    reply.header('Cache-Control', NO_CACHE).sendFile(file);

  if (table) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      preCompressed: true,
      // Cache-Control is set per file below; @fastify/static's default would override it.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlFor(path.relative(root, filePath)));
        if (!isDocumentLike(path.basename(filePath))) {
          for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
        }
      },
    });
    for (const [route, file] of Object.entries(table.pages)) {
      app.get(route, (_request, reply) => sendPage(reply, file));
    }
    for (const route of table.clientRoutes) {
      app.get(route, (_request, reply) => sendPage(reply, table.shell));
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(404).send({ error: MESSAGES.NOT_FOUND });
    }
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !path.posix.extname(pathname);
    if (!isPageRequest) return reply.code(404).type('text/plain').send('Not found');
    if (!table) {
      return reply
        .code(503)
        .type('text/plain')
        .send(
          `The web app is not built (no ${PAGE_TABLE_FILE} in ${root}). Run the start command.`,
        );
    }
    const withoutSlash = pathname.replace(/\/+$/, '');
    if (withoutSlash !== pathname && withoutSlash in table.pages) {
      const query = request.url.slice(pathname.length);
      return reply.redirect(withoutSlash + query, 308);
    }
    return sendPage(reply.code(404), table.notFound);
  });
});
