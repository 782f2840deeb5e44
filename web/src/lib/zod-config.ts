/**
 * Zod compiles object parsers with `new Function` when it can, and probes for that the first time
 * it parses. The site's Content-Security-Policy forbids eval, so the probe is blocked and reported
 * as a policy violation on every page with a form or a tracking answer. The plain parser is fast
 * enough for the small objects a browser parses; say so before anything parses.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there
 * when it loads (zod/v4/core/core.js), which is what `z.config` writes to. Writing it here keeps
 * zod out of the app shell: importing `z` for `z.config` put about 3 KB (compressed) of zod's
 * helpers into the first download of every page, most of which never parse anything; the pages
 * that do load zod with their own chunks. zod-config.test.ts checks that zod reads the setting,
 * so an upgrade that moves it fails there rather than in the browser's console.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

// A module (main.tsx imports it for this effect), not a script.
export {};
