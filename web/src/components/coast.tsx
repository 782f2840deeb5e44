/**
 * The drawn Pilbara coast behind the coverage map, the tracking page's truck map and the drawn
 * dispatch map. It is a module of its own, apart from the coverage map's prices and response
 * times, so a tracking link's first scripts carry only the drawing (no schemas to check a price
 * answer with).
 */
import classes from './coverage-map.module.css';

/** The drawn map's size (its viewBox); positions are percent of it. */
export const MAP_W = 1000;
export const MAP_H = 700;

/** The drawn Pilbara coast, towns' roads and ranges: the map's background, reused by tracking. */
export function Coast() {
  return (
    <>
      <defs>
        <linearGradient id="land" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e0a06c" />
          <stop offset="1" stopColor="#c4622d" />
        </linearGradient>
        <pattern id="range" width="24" height="24" patternUnits="userSpaceOnUse">
          <path d="M0 18 L8 8 L16 18" fill="none" stroke="#8d4a3a" strokeWidth="3" />
        </pattern>
      </defs>
      <rect width={MAP_W} height={MAP_H} fill="#9cc6d9" />
      {/* Coastline: Burrup Peninsula north of Dampier, Nickol Bay, the Point Samson headland. */}
      <path
        d="M0 262 C60 255 120 250 165 236 C190 226 196 200 204 168 C212 130 226 96 246 86 C262 80 270 100 266 130 C262 168 268 204 292 226
           C320 246 352 256 392 254 C440 250 480 232 520 214 C560 196 600 186 632 168 C660 152 680 130 700 122 C720 118 730 134 736 150
           C748 170 790 178 850 176 C910 174 960 170 1000 168 L1000 700 L0 700 Z"
        fill="url(#land)"
      />
      {/* Dampier Archipelago islands. */}
      <g fill="#d9925c">
        <ellipse cx="120" cy="170" rx="34" ry="16" />
        <ellipse cx="70" cy="120" rx="22" ry="10" />
        <ellipse cx="160" cy="110" rx="16" ry="9" />
        <ellipse cx="330" cy="150" rx="26" ry="12" />
        <ellipse cx="40" cy="205" rx="18" ry="8" />
      </g>
      {/* Chichester Range and the inland ranges. */}
      <rect x="0" y="600" width={MAP_W} height="100" fill="url(#range)" opacity="0.6" />
      <rect x="620" y="440" width="300" height="80" fill="url(#range)" opacity="0.45" />
      {/* Roads: North West Coastal Highway, Dampier Road, Point Samson Road, the mine road south. */}
      <g fill="none" stroke="#5b4a42" strokeLinecap="round">
        <path
          d="M0 330 C150 320 280 300 380 294 C480 290 580 300 660 308 C760 318 880 320 1000 330"
          strokeWidth="7"
        />
        <path d="M380 294 C320 280 250 260 200 238" strokeWidth="5" />
        <path d="M660 308 C650 270 630 240 620 210 C640 180 680 150 700 140" strokeWidth="5" />
        <path d="M380 294 C420 380 470 460 520 546" strokeWidth="5" strokeDasharray="14 10" />
      </g>
      <circle
        cx="380"
        cy="294"
        r="250"
        fill="none"
        stroke="#8a2914"
        strokeWidth="3"
        strokeDasharray="10 12"
        opacity="0.55"
      />
      <text x="60" y="60" className={classes.placeLabel}>
        Indian Ocean
      </text>
      <text x="430" y="200" className={classes.placeLabel}>
        Nickol Bay
      </text>
      <text x="700" y="600" fontSize="22" fill="#6b564b" fontStyle="italic">
        Chichester Range
      </text>
    </>
  );
}
