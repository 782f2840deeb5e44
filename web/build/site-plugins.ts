/**
 * Build steps after Vite's own (vite.config.ts):
 *
 * 1. `prerenderPlugin`: bundles src/prerender.tsx for Node (dist-ssr/) and pre-renders the public
 *    pages into dist/ (scripts/prerender.mjs), before vite-plugin-pwa lists dist/ for the service
 *    worker's precache, so the pages are precached too.
 * 2. `precompressPlugin`: once the service worker is written, stores a brotli and a gzip copy of
 *    every text file beside it (name.br, name.gz), which the server sends as they are
 *    (@fastify/static's preCompressed) instead of compressing on every request.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';

const SSR_OUT_DIR = 'dist-ssr';

/**
 * A step run once Vite has written the client bundle; never for an SSR build, such as the one
 * the prerender step starts with this same config.
 */
function afterClientBuild(
  name: string,
  order: 'pre' | 'post',
  step: (config: ResolvedConfig) => Promise<void>,
): Plugin {
  let config: ResolvedConfig;
  return {
    name,
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order,
      async handler() {
        if (config.build.ssr) return;
        await step(config);
      },
    },
  };
}

export function prerenderPlugin(): Plugin {
  return afterClientBuild('pilbara:prerender', 'pre', async (config) => {
    const ssrDir = resolve(config.root, SSR_OUT_DIR);
    await build({
      configFile: config.configFile,
      mode: config.mode,
      logLevel: 'warn',
      build: {
        ssr: 'src/prerender.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        rolldownOptions: {
          preserveEntrySignatures: 'exports-only',
          output: { codeSplitting: true },
        },
      },
    });
    // @ts-expect-error -- a plain ES module without type declarations
    const { prerenderSite } = (await import('../scripts/prerender.mjs')) as {
      prerenderSite: (o: {
        dist: string;
        ssrDir: string;
      }) => Promise<{ pages: Record<string, string> }>;
    };
    const dist = resolve(config.root, config.build.outDir);
    const { pages } = await prerenderSite({ dist, ssrDir });
    config.logger.info(`pre-rendered ${Object.keys(pages).length} pages`);
  });
}

const TEXT_FILE = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml|map)$/;

function* textFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* textFiles(path);
    else if (TEXT_FILE.test(name)) yield path;
  }
}

export function precompressPlugin(): Plugin {
  return afterClientBuild('pilbara:precompress', 'post', async (config) => {
    // @ts-expect-error -- a plain ES module without type declarations
    const { precompressFile } = (await import('../scripts/prerender.mjs')) as {
      precompressFile: (file: string) => void;
    };
    let count = 0;
    for (const file of textFiles(resolve(config.root, config.build.outDir))) {
      precompressFile(file);
      count += 1;
    }
    config.logger.info(`precompressed ${count} files (brotli, gzip)`);
  });
}
