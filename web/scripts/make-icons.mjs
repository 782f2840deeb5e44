#!/usr/bin/env node
/**
 * Draws the app icon (a white tow hook on Pilbara red-ochre) as SVG and renders the PNG sizes the
 * manifest and iOS need. Run from web/: `node scripts/make-icons.mjs`. Output is committed, so
 * builds never need a browser. Uses the system Chromium through the e2e package's Playwright.
 */
import { createRequire } from 'node:module';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const publicDir = resolve(here, '../public');
const requireFromE2e = createRequire(resolve(here, '../../e2e/package.json'));
const playwright = await import(requireFromE2e.resolve('@playwright/test'));
const chromium = playwright.chromium ?? playwright.default.chromium;

/** The hook and cable, drawn on a 512 grid and centred; `scale` shrinks it for the maskable safe zone. */
function hook(scale) {
  return `
  <g transform="translate(256 256) scale(${scale}) translate(-226 -250)" fill="none" stroke="#ffffff" stroke-linecap="round" stroke-linejoin="round">
    <line x1="296" y1="56" x2="296" y2="104" stroke-width="22"/>
    <circle cx="296" cy="136" r="32" stroke-width="22"/>
    <path d="M296 170 V322 A84 84 0 0 1 128 322 V292" stroke-width="46"/>
    <path d="M128 292 l-18 22 h36 z" fill="#ffffff" stroke-width="10"/>
  </g>`;
}

function iconSvg({ rounded, scale }) {
  const radius = rounded ? 104 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#c2461f"/>
      <stop offset="1" stop-color="#7d2612"/>
    </linearGradient>
  </defs>
  <rect width="512" height="512" rx="${radius}" fill="url(#bg)"/>
  <path d="M0 430 C110 392 200 418 300 396 C390 378 450 392 512 380 V${512 - radius} Q512 512 ${512 - radius} 512 H${radius} Q0 512 0 ${512 - radius} Z" fill="#5c1b0d" opacity="0.55"/>
  ${hook(scale)}
</svg>
`;
}

const favicon = iconSvg({ rounded: true, scale: 1.08 });
const anyIcon = iconSvg({ rounded: true, scale: 1.08 });
// Maskable icons are cropped to a circle of 40 % radius: full-bleed background, smaller hook.
const maskable = iconSvg({ rounded: false, scale: 0.8 });
// iOS draws its own rounded corners and shows transparency as black: full-bleed, no rounding.
const apple = iconSvg({ rounded: false, scale: 0.95 });

await mkdir(resolve(publicDir, 'icons'), { recursive: true });
await writeFile(resolve(publicDir, 'favicon.svg'), favicon);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const outputs = [
    { file: 'icons/icon-192.png', svg: anyIcon, size: 192 },
    { file: 'icons/icon-512.png', svg: anyIcon, size: 512 },
    { file: 'icons/icon-maskable-512.png', svg: maskable, size: 512 },
    { file: 'icons/apple-touch-icon.png', svg: apple, size: 180 },
  ];
  for (const { file, svg, size } of outputs) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const html = `<!doctype html><html><body style="margin:0;background:transparent">
      <img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${size}" height="${size}" style="display:block"></body></html>`;
    await page.setContent(html);
    await page.screenshot({ path: resolve(publicDir, file), omitBackground: true });
    await page.close();
    console.log(`wrote public/${file}`);
  }
} finally {
  await browser.close();
}
