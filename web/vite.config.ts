/**
 * Build of the PWA. The service worker precaches the app shell and every route chunk so that any
 * page a visitor opened loads again offline; gallery pictures are cached at run time as well.
 * The manifest is the real one an installed app uses (icons, theme colour, shortcuts).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin, prerenderPlugin } from './build/site-plugins';
// The config is bundled and run by Node, which cannot load the workspace package's TypeScript
// entry, so the one constant it needs is read straight from its source file.
import { PRODUCT_NAME } from '../shared-schema/src/constants/business-profile';
import { MAP_TILE_CACHE, PILBARA_BOUNDS } from '../shared-schema/src/constants/map';

/**
 * Whether a request is a map tile (`…/{z}/{x}/{y}` with an image or vector tile extension or none)
 * whose square touches the Pilbara. Workbox copies a route's function into the service worker
 * by its source text, so the bounds are written into the text here rather than read from a
 * variable the worker would not have.
 */
const [WEST, SOUTH, EAST, NORTH] = PILBARA_BOUNDS;
const isPilbaraTile = new Function(
  'context',
  `const match = /\\/(\\d{1,2})\\/(\\d+)\\/(\\d+)(\\.(pbf|mvt|png|webp|jpg))?$/.exec(context.url.pathname);
  if (!match) return false;
  const z = Number(match[1]);
  const n = 2 ** z;
  const x = Number(match[2]);
  const y = Number(match[3]);
  const lng = (tx) => (tx / n) * 360 - 180;
  const lat = (ty) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / n))) * 180) / Math.PI;
  return lng(x + 1) >= ${WEST} && lng(x) <= ${EAST} && lat(y) >= ${SOUTH} && lat(y + 1) <= ${NORTH};`,
) as (context: { url: URL }) => boolean;

const THEME_COLOUR = '#a8341c';
const BACKGROUND_COLOUR = '#faf6f2';

export default defineConfig({
  plugins: [
    react(),
    prerenderPlugin(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png', 'robots.txt'],
      manifest: {
        id: '/',
        name: PRODUCT_NAME,
        short_name: 'Pilbara Tow',
        description:
          '24/7 towing, 4x4 recovery and mobile mechanic for Karratha and the Pilbara. Book a service, track your job and call us in one tap.',
        lang: 'en-AU',
        theme_color: THEME_COLOUR,
        background_color: BACKGROUND_COLOUR,
        display: 'standalone',
        start_url: '/',
        scope: '/',
        categories: ['business', 'utilities', 'travel'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        shortcuts: [
          {
            name: 'Book Service',
            short_name: 'Book',
            url: '/book-service',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Track Job',
            short_name: 'Track',
            url: '/customer-portal',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      workbox: {
        // The first install takes control at once (offline works from the first visit). Updates
        // wait for the user's "Reload" in the update prompt instead of skipping the wait, so an
        // open page never asks the new worker for chunks of the old build that it has dropped.
        clientsClaim: true,
        skipWaiting: false,
        cleanupOutdatedCaches: true,
        // Shows the customer's job notifications (Web Push): public/push-sw.js.
        importScripts: ['/push-sw.js'],
        // Public pages are precached as the pre-rendered HTML (booking.html answers /booking);
        // any other navigation (staff screens) gets the shell, drawn by the app.
        navigateFallback: '/shell.html',
        navigateFallbackDenylist: [/^\/api\//],
        // The pages read their query (?token=, ?quote=) in the browser, so one precached page
        // answers every query.
        ignoreURLParametersMatching: [/.*/],
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,ico,txt}'],
        // The tracking link's template is filled by the server per link, never shown
        // as it is: a tracking link opened offline gets the portal page, which looks it up.
        // The pages' variants (`*.variant.html`: the quote request, the review template) are
        // the server's answers; offline, the page itself draws them from its query.
        // The map's code (MapLibre, a large library) is not precached: a customer's
        // phone should not fetch it to install the app. Screens with a map fetch it when shown,
        // and the rule below keeps it for offline use from then on.
        globIgnores: ['**/node_modules/**/*', '*.tracking.html', '*.variant.html', '**/maplibre-*'],
        // Gallery pictures are precached too; this rule keeps any picture added later available
        // offline once seen, without waiting for a new service worker.
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/gallery/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'gallery-images',
              expiration: { maxEntries: 60, maxAgeSeconds: 60 * 60 * 24 * 90 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // The map's code and its worker, fetched on the first screen that shows a map.
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/maplibre-'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'map-code',
              expiration: { maxEntries: 10 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Tiles of the Pilbara the map has shown, within a bound (docs/dispatch.md), so the
            // map still draws offline where it has been seen. Newest first from the network;
            // from the cache when there is none.
            urlPattern: isPilbaraTile,
            handler: 'NetworkFirst',
            options: {
              cacheName: MAP_TILE_CACHE.name,
              networkTimeoutSeconds: 4,
              expiration: {
                maxEntries: MAP_TILE_CACHE.maxEntries,
                maxAgeSeconds: MAP_TILE_CACHE.maxAgeDays * 24 * 60 * 60,
              },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // The map style's own files on the tile server's origin (style, TileJSON, fonts,
            // sprites): small and few; card payment's scripts are the only other origin, and
            // tiles outside the Pilbara are left to the browser.
            urlPattern: ({ url, sameOrigin }) =>
              !sameOrigin &&
              !url.hostname.endsWith('stripe.com') &&
              !/\/\d{1,2}\/\d+\/\d+(\.\w+)?$/.test(url.pathname),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'map-style',
              expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    precompressPlugin(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The chunk graph lets scripts/measure-bundle.mjs add up what a route loads first.
    manifest: true,
    rolldownOptions: {
      // Small chunks shared by a few pages (an icon, a Mantine helper) are copied into the chunks
      // that use them instead of each being a request of its own: on one bar of signal every
      // request costs a round trip and about 300 bytes of headers. Home goes from 36 script
      // requests to 12 for 1.5 KB more code. (The Node build for pre-rendering keeps its exports:
      // build/site-plugins.ts.)
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 4000 },
          // Everything the entry imports statically (React, the router, Mantine's core, the
          // layout) in one chunk: every page loads all of it first anyway, and as one file it
          // costs one request's headers and compresses better than as ten.
          groups: [
            { name: 'app', tags: ['$initial'] },
            // The map's libraries in one chunk named for the service worker's rules above.
            { name: 'maplibre', test: /node_modules[\\/].*(maplibre-gl|pmtiles|@protomaps)/ },
          ],
        },
      },
      treeshake: {
        // shared-schema is pure by design (no I/O, no globals), but its zod schemas are built at
        // module level, which a bundler must assume has side effects. Saying so lets the public
        // shell keep only the constants it uses instead of every entity schema and mutator.
        moduleSideEffects: [{ test: /[\\/]shared-schema[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
