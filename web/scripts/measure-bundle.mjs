#!/usr/bin/env node
/**
 * Measures the JavaScript a first visit to a route downloads, gzip-compressed: the entry chunk
 * index.html loads, everything it imports statically, and the route's lazy page chunk with its
 * static imports. Reads the build's .vite/manifest.json (build.manifest is on).
 *
 * Usage (from web/): node scripts/measure-bundle.mjs [distDir] [--budget=160]
 * Prints one line per route and exits 1 when the home page exceeds the budget (KB, gzip).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const dist = resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');
const budgetKb = Number(args.find((a) => a.startsWith('--budget='))?.split('=')[1] ?? 160);

const manifest = JSON.parse(readFileSync(resolve(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('No entry chunk in the build manifest');

/** Files of a chunk and of everything it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(resolve(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

function measure(keys) {
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  return { files, bytes: files.reduce((sum, f) => sum + gzipSize(f), 0) };
}

const shell = closure(entryKey);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const routes = [
  ['home', 'src/pages/home-page.tsx'],
  ['services', 'src/pages/services-page.tsx'],
  ['gallery', 'src/pages/gallery-page.tsx'],
  ['booking', 'src/pages/booking-page.tsx'],
  ['admin', 'src/features/admin/index.ts'],
];

const shellSize = measure(shell);
console.log(
  `app shell (index.html entry + static imports): ${kb(shellSize.bytes)} KB gzip in ${shellSize.files.length} files`,
);
let homeBytes = 0;
for (const [name, key] of routes) {
  if (!manifest[key]) continue;
  const all = closure(key, new Set(shell));
  const { bytes, files } = measure(all);
  if (name === 'home') homeBytes = bytes;
  console.log(`${name.padEnd(9)} first-load JS: ${kb(bytes)} KB gzip (${files.length} files)`);
}
const ok = homeBytes <= budgetKb * 1024;
console.log(`home budget ${budgetKb} KB gzip: ${ok ? 'within' : 'OVER'} (${kb(homeBytes)} KB)`);
process.exitCode = ok ? 0 : 1;
