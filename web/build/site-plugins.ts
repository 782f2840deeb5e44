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
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin, type ResolvedConfig } from 'vite';

export const SSR_OUT_DIR = 'dist-ssr';

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'pilbara:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        if (config.build.ssr) return;
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
          prerenderSite: (o: { dist: string; ssrDir: string }) => Promise<Record<string, string>>;
        };
        const dist = resolve(config.root, config.build.outDir);
        const pages = await prerenderSite({ dist, ssrDir });
        config.logger.info(`pre-rendered ${Object.keys(pages).length} pages`);
      },
    },
  };
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

/** Writes name.br and name.gz beside `file` where they are smaller than the file. */
export function precompressFile(file: string): void {
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

export function precompressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'pilbara:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        if (config.build.ssr) return;
        let count = 0;
        for (const file of textFiles(resolve(config.root, config.build.outDir))) {
          precompressFile(file);
          count += 1;
        }
        config.logger.info(`precompressed ${count} files (brotli, gzip)`);
      },
    },
  };
}
