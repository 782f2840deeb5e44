/**
 * The header set of every response (docs/security.md): the content security policy,
 * frame denial, referrer policy and, for a site served over HTTPS, HSTS. Documents and the
 * service worker keep all of it, compressed or not (plugins/static.ts); scripts and images only
 * what means something for them.
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config';

/**
 * The origins the map reads its style, tiles and fonts from (docs/dispatch.md): the configured
 * style's and fonts' origins. A PMTiles file is served from this origin.
 */
function mapOrigins(config: Config): string[] {
  const urls = config.map.pmtilesFile ? [config.map.glyphsUrl] : [config.map.styleUrl];
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // A relative glyphs URL is this origin.
    }
  }
  return [...origins];
}

function cspDirectives(config: Config) {
  return {
    defaultSrc: ["'self'"],
    // Stripe.js and its card frames; hooks.stripe.com hosts the 3-D Secure challenge frame.
    scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
    frameSrc: [
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ],
    connectSrc: ["'self'", 'https://api.stripe.com', ...mapOrigins(config)],
    // Mantine and the card form set inline styles.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    // The map draws in a worker of its own (same origin), which may be started from a blob.
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Nothing of this site is ever shown in a frame, its own pages included (clickjacking).
    frameAncestors: ["'none'"],
    // Upgrading requests only makes sense when the site itself is served over HTTPS.
    upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
  };
}

/** Registers the headers on `app`, before any route. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // No inline script is allowed: the pre-rendered pages have none (web/scripts/prerender.mjs
  // refuses to write one). Referrer: the full URL (a tracking link's
  // token) never leaves this origin; other sites get the origin at most.
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
