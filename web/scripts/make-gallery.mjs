#!/usr/bin/env node
/**
 * Draws the 11 gallery illustrations of the gallery page (docs/features.md) as small SVG files in
 * public/gallery/. The pictures ship with the app so the gallery works offline and never fetches
 * from the internet. Scenes are composed from a few shared parts (sky, Pilbara ranges, red dirt,
 * spinifex, trucks, 4x4s). Run from web/: `node scripts/make-gallery.mjs`; output is committed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = resolve(dirname(fileURLToPath(import.meta.url)), '../public/gallery');
const W = 800;
const H = 600;

const SKIES = {
  day: ['#6fa9d3', '#cfe4ef', '#f6e2c4'],
  dusk: ['#2f3f6e', '#b0607a', '#f29a4e'],
  night: ['#070c22', '#17234a', '#2c3a66'],
  morning: ['#8cc0e0', '#e8eef0', '#f8dcb0'],
};

function sky(kind) {
  const [a, b, c] = SKIES[kind];
  const stars =
    kind === 'night'
      ? Array.from({ length: 40 }, (_, i) => {
          const x = (i * 137) % W;
          const y = (i * 71) % 300;
          return `<circle cx="${x}" cy="${y}" r="${i % 3 === 0 ? 1.8 : 1.1}" fill="#fff" opacity="0.8"/>`;
        }).join('')
      : '';
  const sun =
    kind === 'dusk'
      ? '<circle cx="610" cy="330" r="60" fill="#ffd27a" opacity="0.9"/>'
      : kind === 'night'
        ? '<circle cx="650" cy="90" r="30" fill="#f4f1de"/>'
        : '<circle cx="660" cy="100" r="42" fill="#fff3c4" opacity="0.9"/>';
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="0.6" stop-color="${b}"/><stop offset="1" stop-color="${c}"/></linearGradient>
<linearGradient id="dirt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c8652f"/><stop offset="1" stop-color="#93401d"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>${stars}${sun}`;
}

/** Flat-topped Pilbara ranges on the horizon. */
function ranges(y, colour = '#8d4a3a', opacity = 0.75) {
  return `<path d="M0 ${y} L60 ${y - 40} H170 L210 ${y - 10} L280 ${y - 60} H390 L430 ${y - 20} L520 ${y - 35} H600 L650 ${y - 5} L720 ${y - 50} H800 V${y + 10} H0 Z" fill="${colour}" opacity="${opacity}"/>`;
}

function ground(y, fill = 'url(#dirt)') {
  return `<rect x="0" y="${y}" width="${W}" height="${H - y}" fill="${fill}"/>`;
}

function spinifex(points, colour = '#b9a54c') {
  return points
    .map(
      ([x, y, s = 1]) =>
        `<g transform="translate(${x} ${y}) scale(${s})" stroke="${colour}" stroke-width="3" stroke-linecap="round" fill="none"><path d="M0 0 Q-14 -18 -24 -22 M0 0 Q-6 -24 -10 -32 M0 0 Q2 -26 4 -36 M0 0 Q10 -22 18 -30 M0 0 Q16 -12 26 -16"/><ellipse cx="0" cy="0" rx="22" ry="6" fill="${colour}" stroke="none" opacity="0.7"/></g>`,
    )
    .join('');
}

function road(y, h = 90, night = false) {
  const dashes = Array.from(
    { length: 9 },
    (_, i) =>
      `<rect x="${i * 95 + 10}" y="${y + h / 2 - 3}" width="50" height="6" fill="${night ? '#cfcfa0' : '#f1e9c8'}"/>`,
  ).join('');
  return `<rect x="0" y="${y}" width="${W}" height="${h}" fill="${night ? '#222' : '#4a4542'}"/><rect x="0" y="${y}" width="${W}" height="4" fill="#9e4420"/>${dashes}`;
}

function wheel(cx, cy, r = 24) {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1d1b1a"/><circle cx="${cx}" cy="${cy}" r="${r * 0.45}" fill="#b9b4ae"/><circle cx="${cx}" cy="${cy}" r="${r * 0.15}" fill="#555"/>`;
}

/** A wrecker (tow truck) facing right; (x, y) is the rear end at ground level. */
function towTruck(x, y, s = 1, body = '#b3361b', lights = false) {
  const beams = lights
    ? '<path d="M296 -78 L520 -130 L520 -10 Z" fill="#fff7c2" opacity="0.25"/>'
    : '';
  return `<g transform="translate(${x} ${y}) scale(${s})">${beams}
<rect x="0" y="-72" width="300" height="22" fill="#2e2a28"/>
<rect x="8" y="-128" width="182" height="58" rx="4" fill="${body}"/><rect x="8" y="-106" width="182" height="7" fill="#f4efe9"/>
<text x="26" y="-82" font-family="Arial, sans-serif" font-weight="700" font-size="15" fill="#fff">24/7 TOWING</text>
<path d="M200 -60 V-150 Q204 -172 226 -172 H262 L294 -118 V-60 Z" fill="${body}"/>
<path d="M230 -162 H258 L283 -122 H230 Z" fill="#cfe3ee"/>
<rect x="226" y="-182" width="42" height="9" rx="3" fill="#f3b21a"/>
<rect x="286" y="-84" width="14" height="24" rx="3" fill="#8a8580"/>
<line x1="50" y1="-126" x2="-26" y2="-212" stroke="#d9d4ce" stroke-width="14" stroke-linecap="round"/>
<line x1="-26" y1="-212" x2="-26" y2="-118" stroke="#1d1b1a" stroke-width="3"/>
<path d="M-26 -118 v10 a9 9 0 1 1 -12 8" fill="none" stroke="#1d1b1a" stroke-width="5" stroke-linecap="round"/>
${wheel(58, -24)}${wheel(112, -24)}${wheel(252, -24)}</g>`;
}

/** A tilt-tray (flatbed) truck facing right, optionally carrying a car. */
function flatbed(x, y, s = 1, body = '#f4efe9', cargo = '') {
  return `<g transform="translate(${x} ${y}) scale(${s})">
<rect x="0" y="-72" width="320" height="20" fill="#2e2a28"/>
<rect x="-10" y="-92" width="230" height="18" fill="#6d6661"/>
<g transform="translate(5 -92)">${cargo}</g>
<path d="M222 -60 V-152 Q226 -174 248 -174 H284 L316 -120 V-60 Z" fill="${body}"/>
<rect x="222" y="-118" width="94" height="10" fill="#a8341c"/>
<path d="M252 -164 H280 L305 -124 H252 Z" fill="#cfe3ee"/>
<rect x="248" y="-184" width="40" height="9" rx="3" fill="#f3b21a"/>
${wheel(40, -24)}${wheel(94, -24)}${wheel(276, -24)}</g>`;
}

/** A sedan facing right, (0,0) at rear bottom. */
function car(colour = '#3d6fa3') {
  return `<path d="M0 -22 V-50 Q0 -58 10 -60 L52 -66 L82 -96 H142 L172 -64 L196 -58 Q202 -55 202 -44 V-22 Z" fill="${colour}"/>
<path d="M90 -90 H138 L160 -66 H70 Z" fill="#d8e8f0"/><line x1="112" y1="-90" x2="112" y2="-66" stroke="${colour}" stroke-width="5"/>
${wheel(42, -20, 18)}${wheel(162, -20, 18)}`;
}

/** A 4x4 wagon with bull bar, snorkel and roof rack, facing right. */
function fourByFour(x, y, s = 1, colour = '#e8e2d6', angle = 0, sink = 0) {
  return `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${s})">
<path d="M0 -26 V-74 H34 L52 -118 H162 L172 -74 H212 Q218 -72 218 -64 V-26 Z" fill="${colour}" stroke="#5a534d" stroke-width="2"/>
<path d="M60 -110 H104 V-78 H46 Z M112 -110 H156 L164 -78 H112 Z" fill="#cfe3ee"/>
<rect x="44" y="-128" width="124" height="8" fill="#3a3532"/><rect x="60" y="-142" width="90" height="14" fill="#7a5a3a"/>
<path d="M176 -74 V-128 H186 V-74" fill="#2e2a28"/>
<rect x="212" y="-70" width="16" height="44" rx="3" fill="#3a3532"/>
${wheel(46, -26 + sink, 27)}${wheel(176, -26 + sink, 27)}</g>`;
}

function figure(x, y, vest = '#f39b1a') {
  return `<g transform="translate(${x} ${y})"><circle cx="0" cy="-78" r="9" fill="#8a5a40"/><rect x="-6" y="-90" width="12" height="5" fill="#f2c21a"/><path d="M-11 -68 H11 L13 -30 H-13 Z" fill="${vest}"/><rect x="-11" y="-56" width="22" height="4" fill="#e9f0f3"/><path d="M-10 -30 L-8 0 H-2 L0 -22 L2 0 H8 L10 -30 Z" fill="#2f3b57"/></g>`;
}

function svg(title, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img"><title>${title}</title>${body}</svg>\n`;
}

const scenes = {
  'tow-truck-highway.svg': svg(
    'Tow truck on the North West Coastal Highway',
    sky('day') +
      ranges(360) +
      ground(370) +
      road(430) +
      spinifex([
        [80, 410],
        [300, 400, 0.8],
        [700, 412],
        [560, 560, 1.2],
        [140, 575, 1.1],
      ]) +
      towTruck(310, 505, 1) +
      `<g transform="translate(60 505)">${car('#f2f2f2')}</g>`,
  ),
  'flatbed-karratha.svg': svg(
    'Tilt-tray truck carrying a sedan into Karratha',
    sky('morning') +
      ranges(350, '#9a5a48', 0.6) +
      '<g fill="#d8cbbb"><rect x="520" y="300" width="60" height="60"/><rect x="590" y="280" width="40" height="80"/><rect x="640" y="310" width="90" height="50"/></g>' +
      ground(360) +
      road(420, 100) +
      spinifex([
        [40, 400],
        [420, 398, 0.7],
        [760, 560],
      ]) +
      flatbed(170, 510, 1.05, '#f4efe9', car('#c23b2b')),
  ),
  'night-callout.svg': svg(
    'Night call-out to a breakdown on Dampier Road',
    sky('night') +
      ranges(370, '#141a33', 1) +
      ground(380, '#3b1f14') +
      road(440, 100, true) +
      towTruck(380, 520, 0.95, '#b3361b', true) +
      `<g transform="translate(80 520)">${car('#565f6b')}</g>` +
      '<circle cx="620" cy="352" r="10" fill="#ffb000" opacity="0.9"/><circle cx="620" cy="352" r="26" fill="#ffb000" opacity="0.25"/>' +
      figure(330, 525),
  ),
  'mine-site-heavy-tow.svg': svg(
    'Heavy tow of a work ute from a mine site access road',
    sky('day') +
      ranges(330, '#7a4a3c', 0.8) +
      '<path d="M420 340 L520 250 L640 250 L760 340 Z" fill="#a1502c"/><path d="M470 300 H700" stroke="#7d3c20" stroke-width="6"/>' +
      ground(340) +
      '<path d="M0 470 Q400 420 800 470 V540 Q400 500 0 540 Z" fill="#b66a3c"/>' +
      spinifex([
        [60, 380],
        [240, 372, 0.8],
        [720, 560],
      ]) +
      towTruck(360, 520, 1, '#f0b21a') +
      `<g transform="translate(80 520) scale(0.95)">${fourByFour(0, 0, 1, '#f4f1ea')}</g>` +
      '<rect x="170" y="420" width="60" height="10" fill="#f39b1a"/>',
  ),
  'winch-red-dirt.svg': svg(
    'Land Cruiser winched out of red bulldust',
    sky('day') +
      ranges(340) +
      ground(350) +
      '<ellipse cx="220" cy="505" rx="190" ry="40" fill="#7d3518"/><ellipse cx="220" cy="498" rx="150" ry="22" fill="#e09a62" opacity="0.45"/>' +
      fourByFour(90, 520, 1, '#e8e2d6', -6, 10) +
      towTruck(520, 470, 0.8) +
      '<line x1="318" y1="470" x2="506" y2="438" stroke="#1d1b1a" stroke-width="4"/><rect x="400" y="446" width="26" height="10" fill="#2aa1d0" transform="rotate(-10 413 451)"/>' +
      spinifex([
        [640, 560, 1.2],
        [40, 380],
        [420, 372, 0.7],
      ]) +
      figure(440, 540),
  ),
  'creek-crossing.svg': svg(
    'Creek crossing recovery near Millstream',
    sky('morning') +
      ranges(330, '#6d4b50', 0.7) +
      ground(340) +
      '<path d="M0 430 Q200 400 400 440 T800 430 V520 Q600 500 400 530 T0 520 Z" fill="#4f8fa6"/><path d="M60 470 q30 -8 60 0 M300 490 q30 -8 60 0 M560 470 q30 -8 60 0" stroke="#cfe8ee" stroke-width="3" fill="none"/>' +
      '<g transform="translate(60 300)"><rect x="0" y="0" width="10" height="90" fill="#6b4a2f"/><circle cx="5" cy="-10" r="40" fill="#5d7d3a"/></g>' +
      fourByFour(260, 500, 0.95, '#5f6f4a', 3, 16) +
      fourByFour(560, 410, 0.7, '#e8e2d6', -3) +
      '<line x1="470" y1="440" x2="562" y2="392" stroke="#1d1b1a" stroke-width="4"/>' +
      spinifex([
        [720, 380],
        [690, 570, 1.2],
      ]),
  ),
  'beach-recovery.svg': svg(
    'Snatch strap recovery on the beach at Point Samson',
    sky('day') +
      '<rect x="0" y="300" width="800" height="90" fill="#3d8db3"/><path d="M0 330 H800 M0 360 H800" stroke="#8fd0e6" stroke-width="3" stroke-dasharray="40 30"/>' +
      '<rect x="0" y="380" width="800" height="220" fill="#ecd5a8"/><path d="M0 388 Q200 376 400 390 T800 386" stroke="#fff" stroke-width="5" fill="none" opacity="0.7"/>' +
      fourByFour(80, 520, 0.95, '#c0392b', -4, 14) +
      fourByFour(520, 500, 0.9, '#f4f1ea') +
      '<path d="M290 470 Q400 500 522 462" stroke="#f08a1c" stroke-width="6" fill="none"/>' +
      figure(420, 560, '#2aa1d0'),
  ),
  'bogged-station-track.svg': svg(
    'Bogged 4x4 on a station track after rain',
    sky('dusk') +
      ranges(350, '#4a2d3a', 0.9) +
      ground(360) +
      '<ellipse cx="320" cy="520" rx="240" ry="44" fill="#5a2a16"/><ellipse cx="300" cy="515" rx="170" ry="20" fill="#c7875e" opacity="0.5"/>' +
      fourByFour(200, 528, 1, '#d9d2c4', 7, 20) +
      figure(560, 540) +
      '<rect x="600" y="500" width="80" height="20" rx="4" fill="#f39b1a" transform="rotate(-25 640 510)"/>' +
      spinifex([
        [60, 400],
        [700, 420, 0.9],
        [740, 570, 1.2],
      ]),
  ),
  'our-tow-truck.svg': svg(
    'Our heavy-duty tow truck at the Karratha depot',
    sky('day') +
      '<rect x="0" y="170" width="520" height="230" fill="#d9d2ca"/><rect x="40" y="230" width="200" height="170" fill="#6d6661"/><rect x="280" y="230" width="200" height="170" fill="#6d6661"/><path d="M0 170 L260 110 L520 170 Z" fill="#a8341c"/>' +
      ground(400, '#b9a897') +
      towTruck(250, 540, 1.25, '#b3361b'),
  ),
  'recovery-gear.svg': svg(
    'Recovery kit: snatch straps, shackles, recovery boards and winch',
    '<rect width="800" height="600" fill="#6b564b"/><rect x="0" y="420" width="800" height="180" fill="#4c3d35"/>' +
      '<g transform="translate(80 140)"><rect width="90" height="320" rx="18" fill="#f08a1c"/><g fill="#c0650c">' +
      Array.from(
        { length: 8 },
        (_, i) => `<rect x="20" y="${20 + i * 36}" width="50" height="14" rx="7"/>`,
      ).join('') +
      '</g></g><g transform="translate(190 160)"><rect width="90" height="320" rx="18" fill="#2aa1d0"/><g fill="#1b7aa0">' +
      Array.from(
        { length: 8 },
        (_, i) => `<rect x="20" y="${20 + i * 36}" width="50" height="14" rx="7"/>`,
      ).join('') +
      '</g></g>' +
      '<g fill="none" stroke="#f3b21a" stroke-width="18"><circle cx="430" cy="260" r="70"/><circle cx="430" cy="260" r="44"/></g>' +
      '<g fill="none" stroke="#d9d4ce" stroke-width="16" stroke-linecap="round"><path d="M380 420 v-40 a28 28 0 0 1 56 0 v40"/><path d="M470 430 v-40 a28 28 0 0 1 56 0 v40"/></g>' +
      '<g transform="translate(580 300)"><rect width="160" height="90" rx="10" fill="#2e2a28"/><rect x="20" y="20" width="120" height="50" rx="25" fill="#9a948e"/><line x1="40" y1="45" x2="120" y2="45" stroke="#2e2a28" stroke-width="6"/><path d="M160 45 H210 v30" stroke="#1d1b1a" stroke-width="5" fill="none"/></g>' +
      '<g transform="translate(580 440)"><rect width="160" height="60" rx="8" fill="#a8341c"/><rect x="60" y="-12" width="40" height="14" rx="4" fill="#2e2a28"/></g>',
  ),
  'mobile-workshop.svg': svg(
    'Mobile workshop and diagnostic tools',
    sky('morning') +
      ranges(350, '#9a5a48', 0.6) +
      ground(360) +
      `<g transform="translate(80 520)"><path d="M0 -26 V-96 H150 V-26 Z" fill="#f4efe9"/><rect x="10" y="-90" width="130" height="56" fill="#d9d4ce"/><g fill="#a8341c">${Array.from({ length: 4 }, (_, i) => `<rect x="16" y="${-86 + i * 13}" width="118" height="9" rx="2"/>`).join('')}</g><path d="M150 -26 V-120 Q154 -136 172 -136 H206 L236 -92 V-26 Z" fill="#f4efe9"/><path d="M176 -128 H202 L224 -96 H176 Z" fill="#cfe3ee"/>${wheel(40, -26, 24)}${wheel(196, -26, 24)}</g>` +
      '<g transform="translate(400 380)"><rect width="220" height="140" rx="12" fill="#2e2a28"/><rect x="12" y="12" width="196" height="116" rx="6" fill="#10303d"/><polyline points="24,100 60,70 90,84 120,40 150,60 196,30" fill="none" stroke="#57d18a" stroke-width="5"/><text x="24" y="36" font-family="Arial, sans-serif" font-size="16" fill="#cfe3ee">OBD SCAN OK</text></g>' +
      '<path d="M630 500 l80 -80 l16 16 l-80 80 z" fill="#9a948e"/><circle cx="718" cy="410" r="20" fill="none" stroke="#9a948e" stroke-width="10"/>' +
      figure(360, 560) +
      spinifex([
        [60, 400],
        [700, 390, 0.8],
      ]),
  ),
};

await mkdir(outDir, { recursive: true });
for (const [file, content] of Object.entries(scenes)) {
  await writeFile(resolve(outDir, file), content);
  console.log(`wrote public/gallery/${file} (${content.length} bytes)`);
}
