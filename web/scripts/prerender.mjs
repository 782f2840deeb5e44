/**
 * Pre-renders the public pages to HTML (docs/features.md), run by the build (vite.config.ts)
 * once Vite has written the client bundle to dist/ and the Node bundle of src/prerender.tsx to
 * dist-ssr/. For every public route it writes dist/<route>.html (the home page is index.html):
 *
 * - the page's HTML inside #root, which the browser hydrates;
 * - its title, the site config it was rendered with (for hydration), and a <noscript> with both
 *   phone numbers;
 * - <link rel="modulepreload"> for the route's page chunk, so it loads beside the entry;
 * - the CSS the page's HTML uses inlined in <head> (beasties), the full stylesheets loaded
 *   without blocking the first paint or the scripts (no href until main.tsx sets it).
 *
 * It also writes shell.html (no page content: the staff screens and the offline fallback),
 * 404.html, and prerendered.json listing all of them for the server. `prerenderSite` takes the
 * site config so the server can render the same pages with a deployment's business profile.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Beasties from 'beasties';

/** The page module each route shows (keys of Vite's build manifest). */
const PAGE_MODULES = {
  '/': 'src/pages/home-page.tsx',
  '/services': 'src/pages/services-page.tsx',
  '/gallery': 'src/pages/gallery-page.tsx',
  '/about': 'src/pages/about-page.tsx',
  '/contact': 'src/pages/contact-page.tsx',
  '/service-areas': 'src/pages/service-areas-page.tsx',
  '/pricing': 'src/pages/pricing-page.tsx',
  '/customer-portal': 'src/pages/customer-portal-page.tsx',
  '/booking': 'src/pages/booking-page.tsx',
  '/book-service': 'src/pages/booking-page.tsx',
  '/service-history': 'src/pages/service-history-page.tsx',
  '/feedback': 'src/pages/feedback-page.tsx',
  '/complaints': 'src/pages/complaints-page.tsx',
  '/dashboard': 'src/pages/dashboard-page.tsx',
  '/auth': 'src/pages/auth-page.tsx',
  '/login': 'src/pages/auth-page.tsx',
  '/register': 'src/pages/auth-page.tsx',
  '/checkout': 'src/pages/checkout-page.tsx',
  '/checkout/success': 'src/pages/checkout-success-page.tsx',
};
const NOT_FOUND_MODULE = 'src/pages/not-found-page.tsx';
/** A path no route matches, rendered as the 404 page. */
const NOT_FOUND_PATH = '/__not-found__';

export const SHELL_FILE = 'shell.html';
export const NOT_FOUND_FILE = '404.html';
export const PAGES_FILE = 'prerendered.json';
/**
 * The page with its scripts (the entry and every modulepreload) moved from <head> to the end of
 * <body>. For the tracking link the server-rendered job is the page: its scripts only
 * bring live updates, and fetched from the head they shared one bar of signal with the rest of
 * the HTML, so the job drew only after the app's script had started arriving. From the end of
 * the body they start once the HTML is in; module scripts run after parsing either way.
 */
function scriptsLast(page) {
  const tags = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;
  const headEnd = page.indexOf('</head>');
  const moved = page.slice(0, headEnd).match(tags) ?? [];
  const head = page.slice(0, headEnd).replace(tags, '');
  const rest = page.slice(headEnd);
  const bodyEnd = rest.lastIndexOf('</body>');
  if (moved.length === 0 || bodyEnd < 0) throw new Error('no scripts to move or no </body>');
  return `${head}${rest.slice(0, bodyEnd)}${moved.join('')}${rest.slice(bodyEnd)}`;
}

/**
 * The tracking link's page as a template the server fills per request: the portal's
 * page with `TRACKING_ROOT` where the rendered page goes and `TRACKING_DATA` where the answer's
 * data element goes (sync-server services/tracking-page.ts). Its inlined CSS is what every kind
 * of answer needs (the build renders one of each). Not a page of its own: the service worker does
 * not precache it (vite.config.ts).
 */
export const TRACKING_TEMPLATE_FILE = 'customer-portal.tracking.html';
export const TRACKING_ROOT = '<!--tracking-root-->';
export const TRACKING_DATA = '<!--tracking-data-->';

/**
 * The part of the site config that shows in the pages: the business profile without the fields
 * only scripts read (its public URL and card key). The server compares it with the pages' to
 * decide whether a deployment's profile needs its own render (sync-server/src/plugins/static.ts).
 */
export function shownProfile(config) {
  const { publicUrl: _url, stripePublishableKey: _key, ...shown } = config.profile;
  return shown;
}

/** Writes name.br and name.gz beside `file` where they are smaller than the file. */
export function precompressFile(file) {
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  if (br.length < data.length) writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
}

/** dist-relative file of a route's HTML: '/' → index.html, '/checkout/success' → checkout/success.html. */
export function pageFile(route) {
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`;
}

/** The file of a page variant: '/contact' and 'quote' → contact.quote.variant.html. */
export function variantFile(route, name) {
  return `${route.slice(1)}.${name}.variant.html`;
}

function escapeHtml(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function telHref(phone) {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/[^\d]/g, '')}`;
}

/** The no-JavaScript message: both operators' numbers, tappable (the forms work without it too). */
function noscript(config) {
  const lines = config.profile.owners
    .map((o) => `<a href="${telHref(o.phone)}">${escapeHtml(o.name)}: ${escapeHtml(o.phone)}</a>`)
    .join(' · ');
  return (
    `<noscript><p class="noscript-call">Call us any time, 24/7: ${lines}. ` +
    `Calling is the fastest way to get a truck moving.</p></noscript>`
  );
}

/**
 * Why a page would break the site's Content-Security-Policy (no inline script, none
 * hashed), or null: a <script> with code of its own (data blocks such as the site config's
 * `application/json` are not run and are fine), an inline event handler, a javascript: URL.
 */
export function inlineScriptProblem(html) {
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const type = /\btype=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    const data = type !== undefined && type !== 'module' && !type.includes('javascript');
    if (!data && !/\bsrc=/i.test(attributes)) return 'an inline <script>';
    if (!data && (match[2] ?? '').trim() !== '') return 'a <script src> with code inside';
  }
  const handler = /<[a-z][^>]*\son[a-z]+\s*=/i.exec(html);
  if (handler) return `an inline event handler (${handler[0].slice(0, 60)})`;
  if (/(href|src|action)\s*=\s*["']?\s*javascript:/i.test(html)) return 'a javascript: URL';
  return null;
}

function chunkClosure(manifest, key, seen = new Set()) {
  if (!manifest[key] || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) chunkClosure(manifest, dep, seen);
  return seen;
}

/**
 * Renders every public page into `outDir` (default: `dist` itself) with `config` (default: the
 * built-in profile). `dist` holds the client build; `ssrDir` the Node bundle of src/prerender.tsx,
 * where the first run also keeps Vite's untouched index.html as the template of later runs.
 */
export async function prerenderSite({ dist, ssrDir, outDir = dist, config }) {
  const ssr = await import(pathToFileURL(join(ssrDir, 'prerender.js')).href);
  const siteConfig = config ?? ssr.DEFAULT_CONFIG;
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entryChunks = chunkClosure(manifest, entryKey);

  const templateFile = join(ssrDir, 'template.html');
  if (!existsSync(templateFile)) copyFileSync(join(dist, 'index.html'), templateFile);
  // The shell's own <noscript> (however index.html is formatted) gives way to the page's.
  const template = readFileSync(templateFile, 'utf8').replace(
    /<noscript\s*>[\s\S]*?<\/noscript\s*>/,
    '',
  );
  const configScript = ssr.embeddedConfigScript(siteConfig);

  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    preload: 'media',
    noscriptFallback: true,
    inlineFonts: false,
    pruneSource: false,
    reduceInlineStyles: false,
    compress: true,
    logLevel: 'warn',
  });

  async function writePage(file, { html, title }, pageModule, finish = (page) => page) {
    const pageChunks = pageModule ? chunkClosure(manifest, pageModule) : new Set();
    const preloads = [];
    const styles = [];
    for (const key of pageChunks) {
      if (entryChunks.has(key)) continue;
      preloads.push(`<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`);
      for (const css of manifest[key].css ?? [])
        styles.push(`<link rel="stylesheet" crossorigin href="/${css}">`);
    }
    let page = template
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', `${preloads.join('')}${styles.join('')}</head>`)
      .replace(
        '<div id="root"></div>',
        `${noscript(siteConfig)}<div id="root">${html}</div>${configScript}`,
      );
    if (html) {
      page = await beasties.process(page);
      // beasties switches deferred sheets on with an inline onload handler, which the site's
      // Content-Security-Policy forbids; main.tsx switches them on instead. And they carry no
      // href until then: a stylesheet only deferred still downloads at once, beside
      // the page's scripts, and on one bar of signal its bytes made the form usable noticeably
      // later. main.tsx sets the href once the scripts are in, before hydrating; the
      // inlined CSS draws the page until then, the <noscript> copy serves a browser without JS.
      page = page.replace(/<link\b[^>]*\bonload="this\.media='all'"[^>]*>/g, (tag) =>
        tag
          .replace(/ onload="this\.media='all'"/, '')
          .replace(/ href="([^"]*)"/, ' data-deferred-css="$1"'),
      );
    }
    page = finish(page);
    const inline = inlineScriptProblem(page);
    if (inline) throw new Error(`${file}: ${inline} (the CSP allows no inline script)`);
    mkdirSync(dirname(join(outDir, file)), { recursive: true });
    writeFileSync(join(outDir, file), page);
  }

  mkdirSync(outDir, { recursive: true });
  await writePage(SHELL_FILE, { html: '', title: ssr.PRODUCT_NAME }, null);

  const pages = {};
  for (const route of ssr.PUBLIC_ROUTES) {
    const file = pageFile(route);
    await writePage(file, await ssr.renderPage(route, siteConfig), PAGE_MODULES[route]);
    pages[route] = file;
  }
  // A page in another state than its address alone shows (src/prerender.tsx PAGE_VARIANTS), in a
  // file of its own that the server answers with; not precached (vite.config.ts).
  const variants = {};
  for (const variant of ssr.PAGE_VARIANTS) {
    const file = variantFile(variant.route, variant.name);
    await writePage(
      file,
      await ssr.renderVariant(variant, siteConfig),
      PAGE_MODULES[variant.route],
    );
    (variants[variant.route] ??= {})[variant.name] = file;
  }
  await writePage(
    NOT_FOUND_FILE,
    await ssr.renderPage(NOT_FOUND_PATH, siteConfig),
    NOT_FOUND_MODULE,
  );

  // The tracking template: every kind of answer rendered between two markers (so their CSS is
  // inlined), then the markers and what is between them replaced by the template's slots.
  const samples = [];
  let trackingTitle = '';
  for (const sample of ssr.trackingSamples()) {
    const rendered = await ssr.renderPage(ssr.trackingUrl(sample.token), siteConfig, sample);
    samples.push(rendered.html);
    trackingTitle = rendered.title;
  }
  const start = '<!--tracking-samples-->';
  const end = '<!--/tracking-samples-->';
  await writePage(
    TRACKING_TEMPLATE_FILE,
    { html: `${start}${samples.join('')}${end}`, title: trackingTitle },
    PAGE_MODULES[ssr.TRACKING_PAGE],
    (page) => {
      const from = page.indexOf(start);
      const to = page.indexOf(end);
      const root = '<div id="root">';
      if (from < 0 || to < from || page.slice(from - root.length, from) !== root)
        throw new Error(`${TRACKING_TEMPLATE_FILE}: the samples' markers did not survive`);
      const afterRoot = page.indexOf('</div>', to) + '</div>'.length;
      return scriptsLast(
        page.slice(0, from) +
          TRACKING_ROOT +
          page.slice(to + end.length, afterRoot) +
          TRACKING_DATA +
          page.slice(afterRoot),
      );
    },
  );

  writeFileSync(
    join(outDir, PAGES_FILE),
    JSON.stringify(
      {
        pages,
        notFound: NOT_FOUND_FILE,
        shell: SHELL_FILE,
        tracking: TRACKING_TEMPLATE_FILE,
        variants,
        clientRoutes: [...ssr.CLIENT_ONLY_ROUTES],
        profile: shownProfile(siteConfig),
      },
      null,
      2,
    ),
  );
  return { pages, variants };
}

/**
 * Command line, used by the server when a deployment's business profile differs from the one the
 * build rendered with: renders the pages with it into --out and compresses them.
 *   node web/scripts/prerender.mjs --dist web/dist --ssr web/dist-ssr --out DIR --config JSON
 */
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name) => process.argv[process.argv.indexOf(`--${name}`) + 1];
  const outDir = resolve(arg('out'));
  const { pages, variants } = await prerenderSite({
    dist: resolve(arg('dist')),
    ssrDir: resolve(arg('ssr')),
    outDir,
    config: JSON.parse(arg('config')),
  });
  const files = [
    ...new Set([
      ...Object.values(pages),
      ...Object.values(variants).flatMap((named) => Object.values(named)),
      NOT_FOUND_FILE,
      SHELL_FILE,
      TRACKING_TEMPLATE_FILE,
    ]),
  ];
  for (const file of files) precompressFile(join(outDir, file));
  console.log(`pre-rendered ${files.length} pages into ${outDir}`);
}
