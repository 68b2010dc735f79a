/**
 * The demo catalogue's product images: one per product, and one per niche for the products a
 * keyword search invents. The demo source's ads point at them as root-relative paths under
 * /demo-media/, which the app serves itself (public/demo-media/), so an ad's creative shows on a
 * fresh `npm start` with no internet. They are drawn here as small SVGs — a niche glyph on the
 * product's colours, its name and a DEMO tag — and written by `node --import tsx
 * scripts/make-demo-media.mjs`; demo-media.test.ts checks the committed files are these drawings.
 * The demo has no video files: a video ad carries its preview image only.
 */
import { DEMO_MEDIA_PREFIX } from '../../domain/text/url.ts';
import { NICHES, type DemoNiche, type DemoProduct } from './demo-catalogue.ts';
import { numericId } from './demo-random.ts';
import { slug } from './demo-shops.ts';

const NICHE_LABELS: Record<string, string> = {
  pet: 'Pet supplies',
  beauty: 'Beauty',
  home: 'Home & living',
  fitness: 'Fitness',
  gadgets: 'Gadgets',
  fashion: 'Fashion',
  kitchen: 'Kitchen',
  baby: 'Baby',
  wellness: 'Wellness',
};

/** The file of a product's image: its own for catalogue products, its niche's for invented ones. */
export function demoMediaFile(product: DemoProduct, niche: DemoNiche): string {
  return niche.products.includes(product) ? `${slug(product.name)}.svg` : `niche-${niche.key}.svg`;
}

/** The root-relative path an ad carries for a product's image. */
export function demoMediaPath(product: DemoProduct, niche: DemoNiche): string {
  return `${DEMO_MEDIA_PREFIX}${demoMediaFile(product, niche)}`;
}

// ---- drawing ----------------------------------------------------------------------------------

/** The glyph of each niche, centred on (0, 0) within ±120, in the `ink` colour on a `paper` disc. */
const GLYPHS: Record<string, (ink: string, paper: string) => string> = {
  pet: (ink) =>
    `<g fill="${ink}"><ellipse cx="0" cy="45" rx="72" ry="58"/><ellipse cx="-82" cy="-28" rx="27" ry="36" transform="rotate(-25 -82 -28)"/><ellipse cx="-30" cy="-80" rx="27" ry="38"/><ellipse cx="30" cy="-80" rx="27" ry="38"/><ellipse cx="82" cy="-28" rx="27" ry="36" transform="rotate(25 82 -28)"/></g>`,
  beauty: (ink, paper) =>
    `<path fill="${ink}" d="M-10-118C45-45 80-5 80 40a90 90 0 0 1-180 0c0-45 35-85 90-158z"/><path fill="${paper}" d="M-50 30a40 40 0 0 0 30 48" stroke="${paper}" stroke-width="12" stroke-linecap="round"/><path fill="${ink}" d="M82-108l9 25 25 9-25 9-9 25-9-25-25-9 25-9z"/>`,
  home: (ink) =>
    `<g fill="${ink}"><path d="M-70-105h140l38 112h-216z"/><rect x="-9" y="7" width="18" height="82"/><rect x="-62" y="88" width="124" height="24" rx="12"/></g>`,
  fitness: (ink) =>
    `<g fill="${ink}"><rect x="-92" y="-11" width="184" height="22" rx="6"/><rect x="-122" y="-62" width="32" height="124" rx="9"/><rect x="-88" y="-46" width="20" height="92" rx="6"/><rect x="90" y="-62" width="32" height="124" rx="9"/><rect x="68" y="-46" width="20" height="92" rx="6"/></g>`,
  gadgets: (ink, paper) =>
    `<rect x="-66" y="-116" width="132" height="232" rx="24" fill="${ink}"/><rect x="-52" y="-96" width="104" height="182" rx="10" fill="${paper}"/><path fill="${ink}" d="M12-62l-42 70h30l-10 54 42-72h-30z"/>`,
  fashion: (ink) =>
    `<g fill="none" stroke="${ink}" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"><path d="M0-60v-16a24 24 0 1 1 24-24"/><path d="M0-60L-118 38h236z"/></g>`,
  kitchen: (ink, paper) =>
    `<circle cx="-28" cy="0" r="86" fill="${ink}"/><circle cx="-28" cy="0" r="64" fill="${paper}" fill-opacity=".35"/><rect x="52" y="-13" width="92" height="26" rx="13" fill="${ink}"/>`,
  baby: (ink, paper) =>
    `<g fill="${ink}"><path d="M-20-112q20-26 40 0l6 28h-52z"/><rect x="-46" y="-86" width="92" height="30" rx="8"/><rect x="-56" y="-58" width="112" height="172" rx="32"/></g><g stroke="${paper}" stroke-width="8" stroke-linecap="round"><path d="M-30-20h26M-30 15h26M-30 50h26"/></g>`,
  wellness: (ink, paper) =>
    `<path fill="${ink}" d="M0 112C-112 42-92-92 62-116c50 96 10 206-62 228z"/><path fill="none" stroke="${paper}" stroke-width="9" stroke-linecap="round" d="M2 104Q10 0 52-98"/>`,
};

/** HSL (degrees, 0–1, 0–1) as #rrggbb: hex colours read the same in every SVG viewer. */
function hex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The name in at most two lines of about 20 characters, broken between words. */
function nameLines(name: string): string[] {
  if (name.length <= 20) return [name];
  const words = name.split(' ');
  let best = [name];
  let bestWidth = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const width = Math.max(...lines.map((line) => line.length));
    if (width < bestWidth) {
      best = lines;
      bestWidth = width;
    }
  }
  return best;
}

/** One product image: 600×600, the niche's glyph on colours drawn from the name, the name below. */
export function drawDemoMedia(title: string, nicheKey: string): string {
  const glyph = GLYPHS[nicheKey];
  if (!glyph) throw new Error(`no glyph for the niche '${nicheKey}'`);
  const seed = Number(numericId(`${nicheKey}|${title}`, 6));
  const hue = seed % 360;
  const light = hex(hue, 0.7, 0.93);
  const deep = hex((hue + 35) % 360, 0.55, 0.8);
  const ink = hex(hue, 0.55, 0.36);
  const band = hex(hue, 0.45, 0.2);
  const lines = nameLines(title);
  const size = lines.length === 1 ? 38 : 33;
  const text = lines
    .map(
      (line, i) =>
        `<text x="300" y="${lines.length === 1 ? 548 : 527 + i * 42}" font-size="${size}">${escapeXml(line)}</text>`,
    )
    .join('');
  // a few dots around the disc, placed by the name, so two products of a niche differ at a glance
  const dots = [0, 1, 2]
    .map((i) => {
      const angle = ((seed >> (i * 3)) % 360) + i * 120;
      const x = Math.round(300 + Math.cos((angle * Math.PI) / 180) * 215);
      const y = Math.round(250 + Math.sin((angle * Math.PI) / 180) * 185);
      return `<circle cx="${x}" cy="${y}" r="${14 + ((seed >> i) % 3) * 8}" fill="${ink}" fill-opacity=".18"/>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">` +
    `<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient></defs>` +
    `<rect width="600" height="600" fill="url(#g)"/>${dots}` +
    `<circle cx="300" cy="250" r="168" fill="#fff" fill-opacity=".6"/>` +
    `<g transform="translate(300 250)">${glyph(ink, '#ffffff')}</g>` +
    `<rect y="478" width="600" height="122" fill="${band}"/>` +
    `<g font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" font-weight="700" fill="#fff" text-anchor="middle">${text}</g>` +
    `<rect x="24" y="24" width="92" height="34" rx="17" fill="#fff" fill-opacity=".85"/>` +
    `<text x="70" y="47" font-family="system-ui,Arial,sans-serif" font-size="16" font-weight="700" letter-spacing="2" fill="${band}" text-anchor="middle">DEMO</text>` +
    `</svg>\n`
  );
}

/** Every image the demo catalogue points at, by file name. */
export function demoMediaFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const niche of NICHES) {
    for (const product of niche.products)
      files.set(demoMediaFile(product, niche), drawDemoMedia(product.name, niche.key));
    files.set(`niche-${niche.key}.svg`, drawDemoMedia(NICHE_LABELS[niche.key] ?? niche.key, niche.key));
  }
  return files;
}
