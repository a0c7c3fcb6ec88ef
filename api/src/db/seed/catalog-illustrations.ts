// Small inline SVG illustrations for the catalog copy: no image hosting to set up, and each is
// under 2 kB so the content document stays light.

const svg = (body: string, viewBox: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${body}</svg>`, 'utf8').toString('base64')}`;

const INK = '#12343b';
const BRAND = '#3cbab5';
const SOFT = '#e6f7f6';
const DROP = '#d9485f';

export const HERO_ILLUSTRATION = svg(
  `<rect width="480" height="360" rx="28" fill="${SOFT}"/>` +
    `<circle cx="380" cy="70" r="46" fill="#fff" opacity=".7"/>` +
    `<rect x="70" y="120" width="220" height="170" rx="16" fill="#fff" stroke="${INK}" stroke-width="4"/>` +
    `<path d="M70 160h220" stroke="${INK}" stroke-width="4"/>` +
    `<rect x="96" y="186" width="110" height="14" rx="7" fill="${BRAND}"/>` +
    `<rect x="96" y="214" width="160" height="10" rx="5" fill="#b9dcdb"/>` +
    `<rect x="96" y="236" width="130" height="10" rx="5" fill="#b9dcdb"/>` +
    `<path d="M180 98c0 0-26 30-26 46a26 26 0 0 0 52 0c0-16-26-46-26-46z" fill="${DROP}"/>` +
    `<rect x="250" y="70" width="170" height="200" rx="18" fill="#fff" stroke="${INK}" stroke-width="4"/>` +
    `<path d="M276 220l30-36 28 20 34-54 26 30" fill="none" stroke="${BRAND}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<rect x="276" y="96" width="80" height="12" rx="6" fill="${INK}"/>` +
    `<rect x="276" y="118" width="118" height="8" rx="4" fill="#b9dcdb"/>` +
    `<circle cx="396" cy="246" r="14" fill="${BRAND}"/><path d="M389 246l5 5 9-10" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`,
  '0 0 480 360',
);

export const STEP_ORDER_ILLUSTRATION = svg(
  `<rect width="160" height="120" rx="16" fill="${SOFT}"/>` +
    `<path d="M40 48l40-18 40 18v42l-40 18-40-18z" fill="#fff" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M40 48l40 18 40-18M80 66v42" fill="none" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M60 39l40 18" stroke="${BRAND}" stroke-width="6"/>`,
  '0 0 160 120',
);

export const STEP_COLLECT_ILLUSTRATION = svg(
  `<rect width="160" height="120" rx="16" fill="${SOFT}"/>` +
    `<path d="M58 110V58a12 12 0 0 1 24 0v30" fill="#fff" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M82 70a10 10 0 0 1 20 0v40" fill="#fff" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M70 20c0 0-12 14-12 22a12 12 0 0 0 24 0c0-8-12-22-12-22z" fill="${DROP}"/>` +
    `<circle cx="118" cy="40" r="14" fill="#fff" stroke="${BRAND}" stroke-width="4"/>`,
  '0 0 160 120',
);

export const STEP_RESULTS_ILLUSTRATION = svg(
  `<rect width="160" height="120" rx="16" fill="${SOFT}"/>` +
    `<rect x="52" y="14" width="56" height="96" rx="10" fill="#fff" stroke="${INK}" stroke-width="4"/>` +
    `<path d="M62 80l12-14 10 8 14-20" fill="none" stroke="${BRAND}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<rect x="62" y="28" width="28" height="6" rx="3" fill="${INK}"/>` +
    `<rect x="62" y="40" width="36" height="5" rx="2.5" fill="#b9dcdb"/>`,
  '0 0 160 120',
);

export const ABOUT_ILLUSTRATION = svg(
  `<rect width="400" height="300" rx="28" fill="${SOFT}"/>` +
    `<path d="M200 48l84 30v62c0 56-38 96-84 112-46-16-84-56-84-112V78z" fill="#fff" stroke="${INK}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M164 150l26 26 48-54" fill="none" stroke="${BRAND}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="330" cy="230" r="22" fill="${BRAND}" opacity=".35"/><circle cx="72" cy="76" r="16" fill="${DROP}" opacity=".3"/>`,
  '0 0 400 300',
);
