/**
 * Serves the built PWA from WEB_DIST on the same port as the API (docs/architecture.md).
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
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@pilbara/shared-schema';
import { cardPaymentsEnabled } from '../config';
import { createTrackingPage } from '../services/tracking-page';
import { hasFormKey, withFormKey } from '../services/form-page';
import {
  NATIVE_FORMS,
  answerNativePost,
  pageVariantFor,
  parseFormBody,
  type FormFields,
  type FormPages,
} from '../services/native-forms';
import { newFormKey } from './idempotency';

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
  /**
   * The template of a tracking link's page, which the server fills per link
   * (services/tracking-page.ts); absent in builds from before it.
   */
  tracking?: string;
  /** The business profile the pages show (without its public URL and card key). */
  profile?: Record<string, unknown>;
  /**
   * Route → name → file of a page in a state its address alone does not show (web
   * src/prerender.tsx PAGE_VARIANTS): the contact page's `?kind=`, the feedback review template.
   */
  variants?: Record<string, Record<string, string>>;
}

const PAGE_TABLE_FILE = 'prerendered.json';

/**
 * The file a pre-compressed copy stands for: `index.html.br` → `index.html`. @fastify/static
 * hands the compressed file's path to `setHeaders`, and the headers must be those of the page
 * (otherwise pages sent compressed, which is what every browser gets, would lose their CSP).
 */
function servedFile(filePath: string): string {
  return filePath.replace(/\.(br|gz)$/, '');
}

/** The page a tracking link opens; with `?token=` the server renders it with the job. */
const TRACKING_ROUTE = '/customer-portal';

/** Cache-Control for a file inside WEB_DIST, by its path relative to the root. */
export function cacheControlFor(relativePath: string): string {
  const normalised = servedFile(relativePath).split(path.sep).join('/');
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
 * they are the largest headers of every response, paid many times over on a first visit on a
 * slow link.
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

/**
 * What a browser needs only to revalidate or resume a file. A content-hashed file is never
 * revalidated (its name changes with its content) and every one of them is small enough to
 * fetch whole, so on them these are bytes for nothing, paid on every file of a first visit and
 * of the service worker's first install, on one bar of signal.
 */
const REVALIDATION_HEADERS = ['etag', 'last-modified', 'accept-ranges'];

/** A page (pre-compressed or not) or the service worker. */
function isDocumentLike(name: string): boolean {
  const file = servedFile(name);
  return file.endsWith('.html') || file === 'sw.js';
}

function readPageTable(root: string): PageTable | null {
  try {
    const table = JSON.parse(
      fs.readFileSync(path.join(root, PAGE_TABLE_FILE), 'utf8'),
    ) as PageTable;
    const files = [
      ...Object.values(table.pages),
      table.notFound,
      table.shell,
      ...(table.tracking ? [table.tracking] : []),
      ...Object.values(table.variants ?? {}).flatMap((named) => Object.values(named)),
    ];
    return files.every((file) => fs.existsSync(path.join(root, file))) ? table : null;
  } catch {
    return null;
  }
}

/** JSON with sorted keys, so two profiles compare by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a.localeCompare(b),
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Where the pages come from. The build renders them with the built-in profile; a deployment that
 * configures its own names and phone numbers gets the pages rendered again with them, once, at
 * start (web/scripts/prerender.mjs, the build's own renderer, in a child process), kept in
 * DATA_DIR/pages/<hash> and reused while neither the build nor the profile changes. So the first
 * HTML always carries the real numbers, which matter most when no JavaScript has run yet.
 */
async function pagesRoot(app: FastifyInstance, root: string, table: PageTable): Promise<string> {
  const { publicUrl: _url, stripePublishableKey: _key, ...shown } = app.profile;
  if (!table.profile || canonical(table.profile) === canonical(shown)) return root;
  const webDir = path.dirname(root);
  const script = path.join(webDir, 'scripts', 'prerender.mjs');
  const ssrDir = path.join(webDir, 'dist-ssr');
  if (!fs.existsSync(script) || !fs.existsSync(path.join(ssrDir, 'prerender.js'))) {
    app.log.warn(
      'pages show the built-in profile: the page renderer is not built next to WEB_DIST',
    );
    return root;
  }
  const build = fs.readFileSync(path.join(root, table.shell));
  const key = crypto.createHash('sha256').update(build).update(canonical(shown)).digest('hex');
  const out = path.join(app.config.dataDir, 'pages', key.slice(0, 16));
  if (fs.existsSync(path.join(out, PAGE_TABLE_FILE))) return out;
  const scratch = `${out}.tmp-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  const siteConfig = JSON.stringify({
    profile: app.profile,
    cardPaymentsEnabled: cardPaymentsEnabled(app.config),
  });
  const args = [script, '--dist', root, '--ssr', ssrDir, '--out', scratch, '--config', siteConfig];
  const ok = await new Promise<boolean>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: webDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) app.log.error({ output }, 'rendering the pages with the profile failed');
      resolve(code === 0);
    });
  });
  if (!ok) return root;
  fs.rmSync(out, { recursive: true, force: true });
  fs.renameSync(scratch, out);
  app.log.info({ dir: out }, 'pages rendered with the configured business profile');
  return out;
}

/**
 * Where the pages are served from (see pagesRoot). Called by buildApp before the static plugin
 * is registered: rendering can take longer than Fastify allows a plugin to start.
 */
export async function resolveSitePages(app: FastifyInstance): Promise<string> {
  const root = app.config.webDist;
  const table = readPageTable(root);
  return table ? pagesRoot(app, root, table) : root;
}

export const staticPlugin = fp<{ pages: string }>(
  async (app, options) => {
    const root = app.config.webDist;
    const table = readPageTable(root);
    const pages = options.pages;

    const sendPage = (reply: FastifyReply, file: string) =>
      reply.header('Cache-Control', NO_CACHE).sendFile(file, pages);

    // A tracking link (/customer-portal?token=…) is answered with its job in the page.
    const tracking = table?.tracking ? createTrackingPage(app, pages, table.tracking) : null;
    if (tracking) app.addHook('onClose', () => tracking.close());
    // The pages whose forms the server answers without script, and their variants, read once.
    const formPages = new Map<string, FormPages>();
    const read = (file: string) => fs.readFileSync(path.join(pages, file), 'utf8');
    for (const [route, file] of Object.entries(table?.pages ?? {})) {
      if (!NATIVE_FORMS[route]) continue;
      const variants = Object.entries(table?.variants?.[route] ?? {}).map(
        ([name, variant]) => [name, read(variant)] as const,
      );
      formPages.set(route, { page: read(file), variants: Object.fromEntries(variants) });
    }
    const tokenOf = (request: FastifyRequest): string | null => {
      const { token } = request.query as { token?: unknown };
      return typeof token === 'string' && token.trim() !== '' ? token.trim() : null;
    };

    if (table) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: false,
        preCompressed: true,
        // Cache-Control is set per file below; @fastify/static's default would override it.
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          const cacheControl = cacheControlFor(path.relative(root, filePath));
          reply.header('Cache-Control', cacheControl);
          if (cacheControl === IMMUTABLE) {
            for (const header of REVALIDATION_HEADERS) reply.removeHeader(header);
          }
          if (!isDocumentLike(path.basename(filePath))) {
            for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
          }
        },
      });
      for (const [route, file] of Object.entries(table.pages)) {
        if (route === TRACKING_ROUTE && tracking) {
          app.get(
            route,
            {
              // The lookups' limit, for links only: the page with a token is a lookup.
              config: {
                rateLimit: { ...app.limits.lookup, allowList: (request) => !tokenOf(request) },
              },
            },
            async (request, reply) => {
              const token = tokenOf(request);
              const page = token ? await tracking.page(token) : null;
              if (!page) return sendPage(reply, file);
              return reply
                .code(page.status)
                .header('Cache-Control', 'no-store')
                .header('X-Robots-Tag', 'noindex')
                .type('text/html; charset=utf-8')
                .send(page.html);
            },
          );
          continue;
        }
        const formPage = formPages.get(route);
        if (formPage !== undefined) {
          // A page whose form works without script carries a fresh idempotency key each time it
          // is served, so it is never kept or revalidated (a kept copy would post an old key).
          // A query may open a variant of it (`/contact?kind=quote`).
          app.get(route, (request, reply) => {
            const variant = pageVariantFor(route, request.query);
            const html = (variant && formPage.variants[variant]) || formPage.page;
            if (!hasFormKey(html)) {
              if (html === formPage.page) return sendPage(reply, file);
              return reply
                .header('Cache-Control', NO_CACHE)
                .type('text/html; charset=utf-8')
                .send(html);
            }
            return reply
              .header('Cache-Control', 'no-store')
              .type('text/html; charset=utf-8')
              .send(withFormKey(html, newFormKey()));
          });
          continue;
        }
        app.get(route, (_request, reply) => sendPage(reply, file));
      }
      // The service worker precaches the pages by file name (/booking.html); those come from the
      // same place, so an installed app shows the configured profile too.
      for (const file of new Set([...Object.values(table.pages), table.notFound, table.shell])) {
        if (file !== 'index.html') app.get(`/${file}`, (_request, reply) => sendPage(reply, file));
      }
      app.get('/index.html', (_request, reply) => sendPage(reply, 'index.html'));
      // A form posted by the browser itself (no script yet, or none at all) is answered by
      // services/native-forms.ts through the same JSON call the script makes. A post to a page
      // without such a form is answered with the page (303, so a reload does not post again) and
      // its body is dropped unread. A post from another site's page never gets here: the request
      // rules (plugins/request-rules.ts) refuse every state-changing request whose Origin or
      // Sec-Fetch-Site is not this site's with 403, before its body is read.
      await app.register(async (forms) => {
        forms.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'buffer', bodyLimit: 64 * 1024 },
          (_request, body, done) => done(null, parseFormBody(body as Buffer)),
        );
        forms.addContentTypeParser(
          ['multipart/form-data', 'text/plain'],
          { parseAs: 'buffer', bodyLimit: 64 * 1024 },
          (_request, _body, done) => done(null, undefined),
        );
        for (const route of Object.keys(table.pages)) {
          const form = NATIVE_FORMS[route];
          const formPage = formPages.get(route);
          if (!form || formPage === undefined) {
            forms.post(route, (_request, reply) => reply.redirect(route, 303));
            continue;
          }
          // No limit of its own: the JSON call it makes has the API's.
          forms.post(route, (request, reply) => {
            const fields = request.body as FormFields | undefined;
            if (!fields) return reply.redirect(route, 303);
            return answerNativePost(app, form, formPage, request, reply, fields, {
              route,
              newKey: newFormKey,
            });
          });
        }
      });
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
  },
  { name: 'static' },
);
